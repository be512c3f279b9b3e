package locale

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
	"pgregory.net/rapid"

	"agentinput.dev/kinds/country"
)

// TestPropertyRegionIsACountry: any two letters as a tag's region, in
// any case and after an optional script, read as the country kind reads
// them alone: when it asks, the tag is an ask (ambiguous with the tag of
// each of its readings, or invalid); when it reads another code, the tag
// has that region; when it reads the code itself, so does the tag.
func TestPropertyRegionIsACountry(t *testing.T) {
	letters := []rune("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	rapid.Check(t, func(t *rapid.T) {
		lang := rapid.SampledFrom([]string{"en", "de", "sr", "cs", "fr", "nl"}).Draw(t, "language")
		region := string([]rune{rapid.SampledFrom(letters).Draw(t, "r1"), rapid.SampledFrom(letters).Draw(t, "r2")})
		script := rapid.SampledFrom([]string{"", "Latn-"}).Draw(t, "script")
		in := lang + rapid.SampledFrom([]string{"-", "_"}).Draw(t, "sep") + script + recase(t, region)
		alone := country.Read(region, country.Options{})
		o := Read(in, Options{})
		code, countryReads := alone.Value()
		got, ok := o.Value()
		switch {
		case !countryReads && ok:
			a, _ := alone.Ask()
			t.Fatalf("Read(%q) = %s, but the country kind asks about %s alone (%s)", in, got, region, a.Reason)
		case !countryReads:
			a, _ := o.Ask()
			ca, _ := alone.Ask()
			if len(ca.Readings) > 0 && len(a.Readings) != len(ca.Readings) {
				t.Fatalf("Read(%q): %d readings, the country kind %d", in, len(a.Readings), len(ca.Readings))
			}
		case ok:
			if r, _ := got.Region(); r.String() != code {
				t.Fatalf("Read(%q) = %s, want the region %s", in, got, code)
			}
		default:
			// The country is one x/text cannot compose with the language
			// and script ("en-Latn-AQ" is fine; x/text refuses none of
			// these, so an ask here is a defect).
			if _, err := language.Parse(lang + "-" + strings.TrimSuffix(script, "-") + "-" + code); err == nil && script == "" {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, but the country kind reads %s as %s", in, b, region, code)
			}
		}
	})
}
