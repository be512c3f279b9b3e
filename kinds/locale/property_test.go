package locale

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/language"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/country"
)

func wrap(t *rapid.T, s string) (string, bool) {
	out := s
	if rapid.IntRange(0, 3).Draw(t, "quote") == 0 {
		q := rapid.SampledFrom(quotePairs).Draw(t, "quotes")
		out = q[0] + out + q[1]
	}
	out = rapid.SampledFrom(outerSpaces).Draw(t, "before") + out + rapid.SampledFrom(outerSpaces).Draw(t, "after")
	return out, out != s
}

func recase(t *rapid.T, s string) string {
	var b strings.Builder
	for _, r := range s {
		switch rapid.IntRange(0, 2).Draw(t, "case") {
		case 0:
			r = unicode.ToUpper(r)
		case 1:
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// plainLanguages are the two- and three-letter languages of the table
// whose code reads as itself with no note: the languages a tag is drawn
// from.
var plainLanguages = func() []string {
	var out []string
	for _, row := range languageNames {
		if strings.Contains(row.tag, "-") {
			continue
		}
		o := Read(row.tag, Options{})
		if t, ok := o.Value(); ok && o.NoteCount() == 0 && t.String() == row.tag {
			out = append(out, row.tag)
		}
	}
	return out
}()

// drawTag draws a canonical tag: a language, and maybe a script and a
// region that x/text accepts.
func drawTag(t *rapid.T) string {
	parts := []string{rapid.SampledFrom(plainLanguages).Draw(t, "language")}
	if rapid.IntRange(0, 4).Draw(t, "script") == 0 {
		parts = append(parts, rapid.SampledFrom([]string{"Latn", "Cyrl", "Hant", "Hans", "Arab", "Deva"}).Draw(t, "script code"))
	}
	if rapid.Bool().Draw(t, "region") {
		parts = append(parts, rapid.SampledFrom(country.Codes()).Draw(t, "region code"))
	}
	s := strings.Join(parts, "-")
	tag, err := language.Parse(s)
	if err != nil || tag.String() != s {
		t.Skip("x/text does not keep " + s + " as it is")
	}
	if r := parts[len(parts)-1]; len(parts) > 1 && len(r) == 2 && (strings.EqualFold(r, parts[0]) || r == "LA") && !atHome(parts[0], r) {
		t.Skip("a language code doubled as a region where it is not at home: asked about (TestPropertyDoubledRegion)")
	}
	return s
}

// TestPropertyForms: a canonical tag with random case per subtag, '_' or
// '-' between subtags, a POSIX suffix, whitespace and quotes, reads as the
// tag, with a note for each kind of repair.
func TestPropertyForms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tag := drawTag(t)
		subs := strings.Split(tag, "-")
		if len(subs) == 1 && index().short[key(tag)] != nil {
			t.Skip("a code that is also a name (\"Ga\"): asked about when not in lower case, in the table")
		}
		var b strings.Builder
		for i, s := range subs {
			if i > 0 {
				b.WriteString(rapid.SampledFrom([]string{"-", "_"}).Draw(t, "separator"))
			}
			b.WriteString(recase(t, s))
		}
		if code := b.String(); len(subs) == 1 && len(code) == 2 && strings.ToUpper(code) == code {
			if _, lang := capitalsCountry(code); lang != "" && baseOf(lang) != baseOf(tag) {
				t.Skip("a code in capitals that is a country's with another language: asked about (TestPropertyCapitals)")
			}
		}
		if first := strings.FieldsFunc(b.String(), func(r rune) bool { return r == '-' || r == '_' })[0]; strings.ToUpper(first) == first {
			if _, reason := codeReadings(strings.ToLower(first)); reason != "" {
				t.Skip("a language code in capitals that is also a country's: written as the country's, asked about")
			}
		}
		b.WriteString(rapid.SampledFrom(append([]string{""}, posixSuffixes...)).Draw(t, "suffix"))
		in, wrapped := wrap(t, b.String())
		o := Read(in, Options{})
		got, ok := o.Value()
		if !ok || got.String() != tag {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", in, j, tag)
		}
		notes := o.Notes()
		switch {
		case in == tag && len(notes) != 0:
			t.Fatalf("the canonical %q has notes %v", in, notes)
		case in != tag && len(notes) == 0:
			t.Fatalf("Read(%q) = %s with no note", in, tag)
		case wrapped && notes[0].Code != agentinput.NoteTrimmed:
			t.Fatalf("Read(%q): notes %v, want trimmed first", in, notes)
		}
		for _, n := range notes {
			if n.Code != agentinput.NoteTrimmed && n.Code != agentinput.NoteForm {
				t.Fatalf("Read(%q): note %v", in, n)
			}
		}
	})
}

// TestPropertyThreeLetter: a language's three-letter code reads as the
// language with a note, or, when it is also a country's code, is an ask
// one of whose readings is the language.
func TestPropertyThreeLetter(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code := rapid.SampledFrom(plainLanguages).Draw(t, "language")
		base, _ := language.ParseBase(code)
		iso := base.ISO3()
		if iso == code || iso == "" {
			t.Skip("no other code")
		}
		in := recase(t, iso)
		o := Read(in, Options{})
		if got, ok := o.Value(); ok {
			if got.String() != code || o.NoteCount() == 0 {
				t.Fatalf("Read(%q) = %s (%d notes), want %s with a note", in, got, o.NoteCount(), code)
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q): ask %s", in, a.Code)
		}
		if _, ok := country.Code(iso); !ok && index().short[key(iso)] == nil {
			t.Fatalf("Read(%q) asks, but %s is no country's code and no language's name", in, iso)
		}
	})
}

// refNames is the slow, obviously-correct name lookup: the canonical tags
// of every row and alias whose name has the key of s, the aliases owning
// their keys.
func refNames(s string) []string {
	k := key(s)
	var out []string
	for _, a := range aliases {
		if key(a.name) == k {
			for _, tag := range a.tags {
				c := language.MustParse(tag).String()
				if !slices.Contains(out, c) {
					out = append(out, c)
				}
			}
		}
	}
	if out != nil {
		return out
	}
	for _, row := range languageNames {
		if key(row.english) == k || (row.self != "" && key(row.self) == k) {
			c := language.MustParse(row.tag).String()
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// TestPropertyNames: every English and native name, in random case, with
// or without its diacritics, reads as its tag when the reference says it
// has one meaning, and as an ask naming each meaning otherwise.
func TestPropertyNames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		row := languageNames[rapid.IntRange(0, len(languageNames)-1).Draw(t, "row")]
		name := row.english
		if row.self != "" && rapid.Bool().Draw(t, "native") {
			name = row.self
		}
		name = recase(t, name)
		if rapid.Bool().Draw(t, "strip") {
			name = stripMarks(name)
		}
		if codeShaped(strings.TrimSpace(name)) && len(strings.TrimSpace(name)) <= 3 {
			t.Skip("a code: TestPropertyCountryCodes and the table")
		}
		want := refNames(name)
		in, _ := wrap(t, name)
		o := Read(in, Options{})
		if len(want) == 1 {
			got, ok := o.Value()
			if !ok || got.String() != want[0] {
				j, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want %s", in, j, want[0])
			}
			return
		}
		if len(want) == 0 {
			t.Skip("no name after folding")
		}
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != len(want) {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want an ask naming %v", in, j, want)
		}
	})
}

// TestPropertyCountryCodes: every country's code, written as a language
// code, is asked about with the country's main language among the
// readings, unless it is the code of a widely used language (or the
// country's own language).
func TestPropertyCountryCodes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(country.Codes()).Draw(t, "country")
		if c == "XK" {
			t.Skip("x/text knows no language for Kosovo's code")
		}
		code := strings.ToLower(c)
		if rapid.Bool().Draw(t, "alpha-3") {
			code, _ = country.Alpha3Of(c)
			code = strings.ToLower(code)
		}
		in := recase(t, code)
		if rapid.Bool().Draw(t, "with region") {
			in += rapid.SampledFrom([]string{"-", "_"}).Draw(t, "sep") + c
		}
		region := language.MustParseRegion(c)
		likely, _ := language.Compose(region)
		main, conf := likely.Base()
		if conf == language.No || main.String() == "und" {
			t.Skip("no language is the country's")
		}
		if slices.ContainsFunc(splitCodes[:], func(sc struct {
			code, name string
			tags       []string
		}) bool {
			return sc.code == code
		}) && in != strings.ToUpper(in) {
			t.Skip("a withdrawn code of a split language (\"sh\"): its name's readings, the country's only in capitals")
		}
		if in != strings.ToLower(in) && index().short[key(in)] != nil {
			t.Skip("a code that is also a name (\"GA\": Irish or Ga): asked about when not in lower case, in the table")
		}
		o := Read(in, Options{})
		_, isLang := language.ParseBase(code)
		if v, ok := o.Value(); ok {
			b, _ := v.Base()
			switch {
			case isLang != nil:
				t.Fatalf("Read(%q) = %s, but %s is no language code", in, v, code)
			case b == main:
			case strings.Contains(widelyUsed, " "+b.String()+" ") || strings.Contains(acceptedCodes, " "+code+" "):
			case !strings.HasPrefix(strings.TrimLeft(in, " \"'“«\t"), strings.ToUpper(code)) && b.String() == code:
				// Not in capitals, a language's own code is its language:
				// its canonical tag is a fixed point (TestFixedPoint).
			default:
				t.Fatalf("Read(%q) = %s, a language of narrow use, over %s, the language of %s", in, v, main, c)
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want an ask naming %s", in, j, main)
		}
		found := false
		for _, r := range a.Readings {
			var s string
			json.Unmarshal(r.Value, &s)
			// A reading is written so that it reads back: "sna" for sn.
			if back, ok := Read(s, Options{}).Value(); ok {
				b, _ := back.Base()
				found = found || b == main
			}
		}
		if !found {
			t.Fatalf("Read(%q): readings %v do not name %s, the language of %s", in, a.Readings, main, c)
		}
	})
}

// TestPropertyCapitals: a lone two-letter code in capitals is written as
// a country's code, so when it is also a language's code and the country's
// main language is another ("UK", "CA", "SV"), it is never read as a
// value: it is an ask naming the country's language and, when the code in
// lower case reads as a language, that language. Lower case reads as it
// did, mixed case never as a language the lower case does not read as.
func TestPropertyCapitals(t *testing.T) {
	letter := rapid.ByteRange('a', 'z')
	rapid.Check(t, func(t *rapid.T) {
		lower := string([]byte{letter.Draw(t, "first"), letter.Draw(t, "second")})
		upper := strings.ToUpper(lower)
		c, ok := country.Read(upper, country.Options{}).Value()
		if !ok {
			t.Skip("no country's code")
		}
		likely, _ := language.Compose(language.MustParseRegion(c))
		main, conf := likely.Base()
		if conf == language.No || main.String() == "und" {
			t.Skip("no language is the country's")
		}
		lang, err := language.Parse(lower)
		if err != nil {
			t.Skip("no language's code")
		}
		if b, _ := lang.Base(); b == main {
			t.Skip("the country's language is the code's")
		}
		o := Read(upper, Options{})
		if v, ok := o.Value(); ok {
			t.Fatalf("Read(%q) = %s, but %s is %s's code, whose language is %s", upper, v, upper, c, main)
		}
		a, _ := o.Ask()
		lowerValue, lowerOK := Read(lower, Options{}).Value()
		if lowerOK && a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q) = ask %s, want ambiguous", upper, a.Code)
		}
		if a.Code != agentinput.AskAmbiguous {
			return
		}
		foundMain, foundLower := false, !lowerOK
		for _, r := range a.Readings {
			var s string
			json.Unmarshal(r.Value, &s)
			back, ok := Read(s, Options{}).Value()
			if !ok {
				t.Fatalf("Read(%q): reading %s does not read back", upper, r.Value)
			}
			b, _ := back.Base()
			foundMain = foundMain || b == main
			foundLower = foundLower || back == lowerValue
		}
		if !foundMain || !foundLower {
			t.Fatalf("Read(%q): readings %v, want %s (the language of %s) and %s", upper, a.Readings, main, c, lowerValue)
		}
		mixed := strings.ToUpper(lower[:1]) + lower[1:]
		if v, ok := Read(mixed, Options{}).Value(); ok && (!lowerOK || v != lowerValue) {
			t.Fatalf("Read(%q) = %s, but Read(%q) = %s", mixed, v, lower, lowerValue)
		}
	})
}

// refKnown is the slow, obviously-correct reference of a language this
// package knows: a base language that a row of the table, an English name
// override or an alias of one language names.
func refKnown(base string) bool {
	for _, row := range languageNames {
		if language.MustParse(row.tag).String() == base {
			return true
		}
	}
	for _, e := range englishNames {
		if e[0] == base {
			return true
		}
	}
	for _, a := range aliases {
		if len(a.tags) == 1 && language.MustParse(a.tags[0]).String() == base {
			return true
		}
	}
	return false
}

// TestPropertyKnownLanguages: three lowercase letters read as a value only
// when the base language of the tag they read as has an English name in
// the kind's data: a registered code of a language it cannot name ("tbd",
// "all") is never read as that language. Conversely, the code of a
// language it names (after aliasing: "yid", "ger") that is no country's
// code reads as that language, and the code of one it does not name that
// is no country's code and no language's name is an ask invalid saying
// so.
func TestPropertyKnownLanguages(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code := rapid.StringMatching(`[a-z]{3}`).Draw(t, "code")
		o := Read(code, Options{})
		j, _ := o.MarshalJSON()
		if v, ok := o.Value(); ok {
			if b, _, _ := v.Raw(); !refKnown(b.String()) {
				t.Fatalf("Read(%q) = %s, a language with no English name in the data", code, v)
			}
		}
		if _, err := language.ParseBase(code); err != nil || code == "und" {
			return
		}
		if _, isCountry := country.Code(code); isCountry {
			return // TestPropertyCountryCodes
		}
		base, _, _ := language.MustParse(code).Raw()
		if refKnown(base.String()) {
			if v, ok := o.Value(); !ok || v.String() == "" {
				t.Fatalf("Read(%q) = %s, want a value of %s", code, j, base)
			} else if b, _, _ := v.Raw(); b != base {
				t.Fatalf("Read(%q) = %s, want a value of %s", code, v, base)
			}
			return
		}
		if refNames(code) != nil {
			return // a language's name: "asu" is Asu (asa)
		}
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskInvalid || !strings.Contains(a.Reason, "not the code of a language this reader knows") {
			t.Fatalf("Read(%q) = %s, want an ask invalid: no language this reader knows", code, j)
		}
	})
}

// TestKnownLanguagesEvery: every string of three lowercase letters, read
// as a value, is a language the data names (TestPropertyKnownLanguages,
// exhaustively).
func TestKnownLanguagesEvery(t *testing.T) {
	b := []byte("aaa")
	n := 0
	for b[0] = 'a'; b[0] <= 'z'; b[0]++ {
		for b[1] = 'a'; b[1] <= 'z'; b[1]++ {
			for b[2] = 'a'; b[2] <= 'z'; b[2]++ {
				v, ok := Read(string(b), Options{}).Value()
				if !ok {
					continue
				}
				n++
				if base, _, _ := v.Raw(); index().english[base.String()] == "" {
					t.Errorf("Read(%q) = %s, a language with no English name in the data", b, v)
				}
			}
		}
	}
	if n < 300 {
		t.Errorf("only %d three-letter values", n)
	}
}

// TestPropertyNoAmbiguousValue: a spelling with several meanings never
// reads as a value: names the reference finds several tags for, and
// country codes that are no language code, in any case and wrapping.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	var ambiguous []string
	for _, row := range languageNames {
		for _, n := range []string{row.english, row.self} {
			if n != "" && len(refNames(n)) > 1 && len(strings.TrimSpace(n)) > 3 {
				ambiguous = append(ambiguous, n)
			}
		}
	}
	for _, a := range aliases {
		if len(a.tags) > 1 {
			ambiguous = append(ambiguous, a.name)
		}
	}
	for _, c := range country.Codes() {
		code := strings.ToLower(c)
		likely, _ := language.Compose(language.MustParseRegion(c))
		if b, conf := likely.Base(); conf == language.No || b.String() == "und" {
			continue // no language is the country's (Antarctica, Bouvet Island)
		}
		if _, err := language.ParseBase(code); err != nil && c != "XK" {
			ambiguous = append(ambiguous, code, code+"_"+c)
		}
	}
	if len(ambiguous) < 50 {
		t.Fatalf("only %d ambiguous spellings", len(ambiguous))
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SampledFrom(ambiguous).Draw(t, "spelling")
		in, _ := wrap(t, recase(t, s))
		o := Read(in, Options{})
		if _, ok := o.Value(); ok {
			t.Fatalf("the ambiguous %q (as %q) read as a value", s, in)
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous || len(a.Readings) == 0 {
			t.Fatalf("Read(%q): %s with %d readings", in, a.Code, len(a.Readings))
		}
		for _, r := range a.Readings {
			var v string
			json.Unmarshal(r.Value, &v)
			if _, ok := Read(v, Options{}).Value(); !ok {
				t.Fatalf("Read(%q): the reading %s does not read back", in, v)
			}
		}
	})
}

// pinnedAsks are the canonical tags that are asked about when sent back,
// by value: "se" is Northern Sami's code and Sweden's, and the spec asks
// about it (docs/decisions.md, issue 18). Each is asked with exactly these
// readings, every one of which reads as a value.
var pinnedAsks = map[string][]string{"se": {"sv", "sme"}}

// TestFixedPoint: every tag of the table reads back as itself with no
// note, but the pinned ones; every reading of an ask about any of them
// reads as a value; Parse and Format are inverse on them.
func TestFixedPoint(t *testing.T) {
	n := 0
	for _, row := range languageNames {
		tag, err := language.Parse(row.tag)
		if err != nil {
			continue
		}
		o := Read(tag.String(), Options{})
		if want, pinned := pinnedAsks[tag.String()]; pinned {
			a, _ := o.Ask()
			var got []string
			for _, r := range a.Readings {
				var s string
				json.Unmarshal(r.Value, &s)
				got = append(got, s)
				if _, ok := Read(s, Options{}).Value(); !ok {
					t.Errorf("Read(%q): the reading %s does not read as a value", tag, s)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Read(%q): readings %v, want the pinned %v", tag, got, want)
			}
			continue
		}
		v, ok := o.Value()
		if !ok || v != tag || o.NoteCount() != 0 {
			j, _ := o.MarshalJSON()
			t.Errorf("Read(%q) = %s, want itself with no note", tag, j)
			continue
		}
		if p, err := Parse(Format(tag)); err != nil || p != tag {
			t.Errorf("Parse(Format(%s)) = %s, %v", tag, p, err)
		}
		n++
	}
	if n < 500 {
		t.Errorf("only %d fixed points", n)
	}
}

// TestPropertyReadingsAreValues: every reading of every ask about a name,
// a code or a tag of the table, in any case, is canonical and reads back
// as itself with no note (the pinned asks aside, which read as a value).
func TestPropertyReadingsAreValues(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		row := languageNames[rapid.IntRange(0, len(languageNames)-1).Draw(t, "row")]
		s := rapid.SampledFrom([]string{row.tag, row.english, row.self}).Draw(t, "which")
		if s == "" {
			t.Skip("no such spelling")
		}
		in := recase(t, s)
		a, ok := Read(in, Options{}).Ask()
		if !ok {
			return
		}
		_, pinned := pinnedAsks[strings.ToLower(in)]
		for _, r := range a.Readings {
			var v string
			if err := json.Unmarshal(r.Value, &v); err != nil {
				t.Fatalf("Read(%q): reading %s is not a JSON string", in, r.Value)
			}
			o := Read(v, Options{})
			got, ok := o.Value()
			switch {
			case !ok:
				t.Fatalf("Read(%q): the reading %q does not read as a value", in, v)
			case !pinned && (got.String() != v || o.NoteCount() != 0):
				t.Fatalf("Read(%q): the reading %q reads as %s with %d notes, not as itself", in, v, got, o.NoteCount())
			}
		}
	})
}

// TestPropertyPure: the same input twice gives the same outcome.
func TestPropertyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var v any
		switch rapid.IntRange(0, 3).Draw(t, "kind") {
		case 0:
			v = drawTag(t)
		case 1:
			v = rapid.String().Draw(t, "string")
		case 2:
			v = rapid.StringOf(rapid.RuneFrom([]rune("aceinrsuzCZ_-.@ ()"))).Draw(t, "alphabet")
		default:
			v = rapid.SampledFrom([]any{nil, true, json.Number("1"), []any{"cs"}, map[string]any{}}).Draw(t, "other")
		}
		first, _ := Read(v, Options{}).MarshalJSON()
		second, _ := Read(v, Options{}).MarshalJSON()
		if !bytes.Equal(first, second) {
			t.Fatalf("%#v read twice:\n%s\n%s", v, first, second)
		}
	})
}

// TestPropertyDoubledRegion: a language code doubled as its region
// ("sv-SV"), or followed by an area's initials ("es-LA"), in any case,
// with '-' or '_', a script or a POSIX suffix, is never read as a value
// when the region is not a country of the language (CLDR's locales, the
// language's likely region, the region's main language): it is an ask
// whose readings hold the language alone, none of them the tag as
// written, each reading back as itself.
func TestPropertyDoubledRegion(t *testing.T) {
	var twoLetter []string
	for _, l := range plainLanguages {
		if len(l) == 2 {
			twoLetter = append(twoLetter, l)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		lang := rapid.SampledFrom(twoLetter).Draw(t, "language")
		region := strings.ToUpper(lang)
		if rapid.IntRange(0, 4).Draw(t, "area") == 0 {
			region = rapid.SampledFrom(areaInitials[:]).Draw(t, "initials").initials
		}
		if lang == "se" {
			t.Skip(`"se" alone is asked about (Northern Sami or Sweden's Swedish)`)
		}
		parts := []string{lang}
		if rapid.IntRange(0, 5).Draw(t, "script") == 0 {
			parts = append(parts, "Latn")
		}
		parts = append(parts, region)
		var b strings.Builder
		for i, p := range parts {
			if i > 0 {
				b.WriteString(rapid.SampledFrom([]string{"-", "_"}).Draw(t, "separator"))
			}
			b.WriteString(recase(t, p))
		}
		b.WriteString(rapid.SampledFrom([]string{"", "", ".UTF-8", "@euro"}).Draw(t, "suffix"))
		in := b.String()
		if strings.ToUpper(in[:2]) == in[:2] {
			if _, reason := codeReadings(lang); reason != "" {
				t.Skip("a language code in capitals that is also a country's: asked about as the country's")
			}
		}
		o := Read(in, Options{})
		if atHome(lang, region) {
			if a, ok := o.Ask(); ok && a.Code != agentinput.AskAmbiguous {
				t.Fatalf("Read(%q): %s, at home", in, a.Code)
			}
			return
		}
		if v, ok := o.Value(); ok {
			t.Fatalf("Read(%q) = %s: %s is not a country of %s", in, v, region, lang)
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q): ask %s, want ambiguous", in, a.Code)
		}
		written := strings.Join(parts, "-")
		alone := false
		for _, r := range a.Readings {
			var v string
			json.Unmarshal(r.Value, &v)
			if strings.EqualFold(v, written) {
				t.Fatalf("Read(%q) offers the tag as written, %q", in, v)
			}
			got, ok := Read(v, Options{}).Value()
			if !ok || got.String() != v {
				t.Fatalf("Read(%q): the reading %q does not read back as itself", in, v)
			}
			base, _, region := got.Raw()
			alone = alone || base.String() == lang && region.String() == "ZZ"
		}
		if !alone {
			t.Fatalf("Read(%q): readings %v without the language alone", in, a.Readings)
		}
	})
}

// TestPropertyReadingsReadBack: every reading of every ask about a code
// with a region, any two or three letters and any region code (withdrawn,
// unassigned and doubled ones included), in any case, reads back as a
// value (fuzz: "AAA-YU" offered "aaa-RS", a language this reader does not
// know).
func TestPropertyReadingsReadBack(t *testing.T) {
	regions := append(country.Codes(), "YU", "CS", "SU", "AN", "UK", "EL", "DD", "ZZ", "EU", "LA", "XX")
	rapid.Check(t, func(t *rapid.T) {
		code := rapid.StringOfN(rapid.RuneFrom([]rune("abcdefghijklmnopqrstuvwxyz")), 2, 3, -1).Draw(t, "code")
		if rapid.Bool().Draw(t, "a known language") {
			code = rapid.SampledFrom(plainLanguages).Draw(t, "language")
		}
		region := rapid.SampledFrom(regions).Draw(t, "region")
		if rapid.Bool().Draw(t, "a withdrawn region") {
			region = rapid.SampledFrom([]string{"YU", "CS", "SU", "AN"}).Draw(t, "withdrawn")
		}
		in := recase(t, code) + rapid.SampledFrom([]string{"-", "_"}).Draw(t, "separator") + recase(t, region)
		a, ok := Read(in, Options{}).Ask()
		if !ok {
			return
		}
		for _, r := range a.Readings {
			var v string
			if err := json.Unmarshal(r.Value, &v); err != nil {
				t.Fatalf("Read(%q): reading %s is not a JSON string", in, r.Value)
			}
			if _, ok := Read(v, Options{}).Value(); !ok {
				t.Fatalf("Read(%q): the reading %q does not read as a value", in, v)
			}
		}
	})
}

// TestPropertyLanguageWords: a language's name with its own word for
// "language" before or after it (languageWords) reads as the name alone.
func TestPropertyLanguageWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		row := languageNames[rapid.IntRange(0, len(languageNames)-1).Draw(t, "row")]
		name := rapid.SampledFrom([]string{row.english, row.self}).Draw(t, "name")
		if name == "" {
			t.Skip("no such name")
		}
		alone := Read(name, Options{})
		want, ok := alone.Value()
		if !ok {
			t.Skip("the name alone does not read as a value")
		}
		w := rapid.SampledFrom(languageWords[:]).Draw(t, "word")
		var in string
		switch {
		case w.joined:
			in = w.word + name
		case w.before:
			in = recase(t, w.word) + " " + name
		default:
			in = name + " " + recase(t, w.word)
		}
		got, ok := Read(in, Options{}).Value()
		if ok && got != want {
			t.Fatalf("Read(%q) = %s, but %q alone is %s", in, got, name, want)
		}
		if !ok && !strings.Contains(name, " ") && !w.joined {
			a, _ := Read(in, Options{}).Ask()
			t.Fatalf("Read(%q): ask %s, but %q alone is %s", in, a.Code, name, want)
		}
	})
}

// TestMoreAliasesApart: no name of moreAliases is a key of the main index,
// so reading them on its miss never changes what a main name means; and
// each reads as its tags.
func TestMoreAliasesApart(t *testing.T) {
	ix := buildIndex()
	for _, a := range moreAliases {
		if len(a.name)+8 > maxMoreAlias || strings.ContainsAny(a.name, "(,") {
			t.Errorf("%q is longer than maxMoreAlias allows, or holds ( ) or ,: lookupName never folds it", a.name)
		}
		if tags, ok := ix.names[key(a.name)]; ok {
			t.Errorf("%q is in the main index (%v): make it an alias there", a.name, tags)
		}
		got := lookupName(a.name)
		if len(got) != len(a.tags) {
			t.Errorf("lookupName(%q) = %v, want %v", a.name, got, a.tags)
		}
	}
}
