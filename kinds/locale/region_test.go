package locale

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/country"
)

// TestPropertyRegionIsACountry: any two letters as a tag's region, in
// any case and after an optional script, read as the country kind reads
// them alone: when it asks, the tag is an ask (ambiguous with the tag of
// each of its readings, or invalid); when it reads another code, the tag
// has that region; when it reads the code itself, so does the tag. The
// one exception is the class of doubled.go, the language's code written
// or an area's initials as its region where the language is not at home
// ("sr-SR", "cs-CS", "en-LA"): an ask whose readings are the language
// alone and, when the country kind asks, each of its readings too.
func TestPropertyRegionIsACountry(t *testing.T) {
	letters := []rune("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	rapid.Check(t, func(t *rapid.T) {
		lang := rapid.SampledFrom([]string{"en", "de", "sr", "cs", "fr", "nl"}).Draw(t, "language")
		region := string([]rune{rapid.SampledFrom(letters).Draw(t, "r1"), rapid.SampledFrom(letters).Draw(t, "r2")})
		if rapid.Bool().Draw(t, "doubled") {
			region = strings.ToUpper(lang)
		}
		script := rapid.SampledFrom([]string{"", "Latn-"}).Draw(t, "script")
		in := lang + rapid.SampledFrom([]string{"-", "_"}).Draw(t, "sep") + script + recase(t, region)
		alone := country.Read(region, country.Options{})
		o := Read(in, Options{})
		code, countryReads := alone.Value()
		got, ok := o.Value()
		a, _ := o.Ask()
		readings := make([]string, len(a.Readings))
		for i, r := range a.Readings {
			readings[i] = string(r.Value)
		}
		initials := slices.ContainsFunc(areaInitials[:], func(a struct{ initials, m49, area string }) bool { return a.initials == region })
		doubled := !ok && a.Code == agentinput.AskAmbiguous && (strings.EqualFold(lang, region) || initials) &&
			slices.Contains(readings, `"`+lang+"-"+strings.TrimSuffix(script, "-")+`"`) != (script == "") &&
			slices.Contains(readings, `"`+lang+`"`) == (script == "")
		switch {
		case !countryReads && ok:
			ca, _ := alone.Ask()
			t.Fatalf("Read(%q) = %s, but the country kind asks about %s alone (%s)", in, got, region, ca.Reason)
		case !countryReads:
			ca, _ := alone.Ask()
			for _, r := range ca.Readings {
				c, _ := strconv.Unquote(string(r.Value))
				want := `"` + lang + "-" + script + c + `"`
				if !slices.Contains(readings, want) {
					t.Fatalf("Read(%q): readings %v, want %s among them as the country kind reads %s", in, readings, want, region)
				}
			}
			if !doubled && len(readings) != len(ca.Readings) {
				t.Fatalf("Read(%q): readings %v, the country kind's %d", in, readings, len(ca.Readings))
			}
		case ok:
			if r, _ := got.Region(); r.String() != code {
				t.Fatalf("Read(%q) = %s, want the region %s", in, got, code)
			}
		case !doubled:
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, but the country kind reads %s as %s", in, b, region, code)
		}
	})
}
