package locale

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/language"
	"pgregory.net/rapid"

	"agentinput.dev/kinds/country"
)

// TestParseTagAgrees: parseTag, which composes a language code alone or
// with a region of two capital letters instead of parsing it, is
// language.Parse: for every code of two or three letters alone and with
// a few regions, every tag of the name data, and every code canonical
// takes with every region of two capital letters (with every assigned
// one, in -short).
func TestParseTagAgrees(t *testing.T) {
	var codes, taken []string
	for a := 'a'; a <= 'z'; a++ {
		for b := 'a'; b <= 'z'; b++ {
			codes = append(codes, string([]rune{a, b}))
			for c := 'a'; c <= 'z'; c++ {
				codes = append(codes, string([]rune{a, b, c}))
			}
		}
	}
	for _, c := range codes {
		if _, ok := canonical(c, true); ok {
			taken = append(taken, c)
		}
	}
	if len(taken) < 400 {
		t.Fatalf("canonical takes %d codes alone, want hundreds", len(taken))
	}
	var regions []string
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			r := string([]rune{a, b})
			if _, ok := country.Code(r); ok || !testing.Short() {
				regions = append(regions, r)
			}
		}
	}
	agree := func(s string) {
		t.Helper()
		want, wantErr := language.Parse(s)
		got, err := parseTag(s)
		if got != want || (err == nil) != (wantErr == nil) {
			t.Fatalf("parseTag(%q) = %v, %v; language.Parse = %v, %v", s, got, err, want, wantErr)
		}
	}
	for _, c := range codes {
		agree(c)
		for _, r := range []string{"CZ", "UK", "ZZ", "AA", "DD", "US", "BU", "CS", "EU", "QO", "XK", "TW", "419"} {
			agree(c + "-" + r)
		}
	}
	for _, row := range languageNames {
		agree(row.tag)
	}
	for _, tags := range index().names {
		for _, tag := range tags {
			agree(tag)
		}
	}
	for _, c := range taken {
		for _, r := range regions {
			agree(c + "-" + r)
			agree(c + "-" + strings.ToLower(r))
		}
	}
}

// TestKnownTagAgrees: knownTag(t) is known(t.String()), and a tag's
// spelling begins with its raw language's code, for the tags of the name
// data, of every code of two or three letters, and of every two-letter
// code with a region, a script, a variant or an extension.
func TestKnownTagAgrees(t *testing.T) {
	var spellings []string
	for _, row := range languageNames {
		spellings = append(spellings, row.tag)
	}
	for a := 'a'; a <= 'z'; a++ {
		for b := 'a'; b <= 'z'; b++ {
			c := string([]rune{a, b})
			spellings = append(spellings, c, c+"-CZ", c+"-Latn-RS", c+"-419", c+"-x-foo", c+"-US-u-ca-gregory", c+"-CH-1996")
			for d := 'a'; d <= 'z'; d++ {
				spellings = append(spellings, c+string(d))
			}
		}
	}
	spellings = append(spellings, "i-klingon", "art-lojban", "zh-min-nan", "en-GB-oed", "sgn-BE-FR", "und-CZ", "no-bok")
	n := 0
	for _, s := range spellings {
		tag, err := language.Parse(s)
		if err != nil {
			continue
		}
		n++
		if got, want := knownTag(tag), known(tag.String()); got != want {
			t.Fatalf("knownTag(%s) = %v, known = %v", tag, got, want)
		}
		if base, _, _ := tag.Raw(); baseOf(tag.String()) != base.String() {
			t.Fatalf("%s begins with %s, not its language %s", tag, baseOf(tag.String()), base)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d tags parsed", n)
	}
}

// TestQuoteTagPlain: the reading's JSON text is json.Marshal's of its
// spelling, for plain tags and for spellings json.Marshal escapes.
func TestQuoteTagPlain(t *testing.T) {
	for _, s := range []string{"cs-CZ", "sme", "Belarusian", "a<b", "N’Ko", "x\"y", "e&f", "a b"} {
		want, _ := json.Marshal(s)
		if plainJSON(s) && string(want) != `"`+s+`"` {
			t.Errorf("plainJSON(%q), but json.Marshal writes %s", s, want)
		}
		if plainJSON(s) != (s == "cs-CZ" || s == "sme" || s == "Belarusian") {
			t.Errorf("plainJSON(%q) = %v", s, plainJSON(s))
		}
	}
	for _, s := range []string{"cs-CZ", "se", "sr-Latn-RS", "be"} {
		tag := language.MustParse(s)
		want, _ := json.Marshal(spell(tag))
		if got := quoteTag(tag); string(got) != string(want) {
			t.Errorf("quoteTag(%s) = %s, want %s", tag, got, want)
		}
	}
}

// TestSpellsAgrees: spells(tag, s) is tag.String() == s, for tags of a
// language, a script and a region and for tags with variants and
// extensions, each against its own spelling and others'.
func TestSpellsAgrees(t *testing.T) {
	spellings := []string{
		"cs", "cs-CZ", "zh-Hant-TW", "zh-Hant", "sr-Latn", "es-419", "de-CH-1996",
		"en-US-u-ca-gregory", "ca-ES-valencia", "fil", "he", "iw", "cs-CS", "en-UK",
		"yue-Hant-HK", "und", "x-foo", "en-x-foo", "ast", "cs-C", "cs-", "", "cs-CZ-", "zh-TW",
		"en-Latn", "sr-Cyrl-RS", "en-001", "sgn-BR", "art-lojban", "cs-CZX",
	}
	var tags []language.Tag
	for _, s := range spellings {
		if tag, err := language.Parse(s); err == nil {
			tags = append(tags, tag)
		}
	}
	for _, tag := range tags {
		for _, s := range spellings {
			if got, want := spells(tag, s), tag.String() == s; got != want {
				t.Errorf("spells(%s, %q) = %v, want %v", tag, s, got, want)
			}
		}
	}
}

// TestPropertyKeyFastPaths: the stack-buffer fast paths of the name
// lookup build what the general ones build: asciiKey is key, lowerInto is
// strings.ToLower, sameKey compares the keys, on strings of ASCII letters,
// digits, marks and apostrophes mixed with letters whose case or folding
// is irregular; and every key of selfKey is the key of its name.
func TestPropertyKeyFastPaths(t *testing.T) {
	alphabet := []string{"a", "Z", "e", "É", "č", "Č", "ß", "İ", "ı", "K", "ſ", "Ⱥ", "ǅ", "0", "7", " ", "  ", "-", "_", ".",
		"'", "`", "’", "(", ")", ",", "\t", "\xff", "ﬁ", "Ω", "x"}
	ascii := []string{"a", "Z", "e", "0", "7", " ", "  ", "-", "_", ".", "'", "`", "(", ")", ",", "\t", "x", "Q"}
	draw := func(t *rapid.T, label string) string {
		from := alphabet
		if rapid.Bool().Draw(t, label+"_ascii") {
			from = ascii // the fast paths' own inputs
		}
		parts := rapid.SliceOfN(rapid.SampledFrom(from), 0, 24).Draw(t, label)
		return strings.Join(parts, "")
	}
	rapid.Check(t, func(t *rapid.T) {
		a := draw(t, "a")
		b := draw(t, "b")
		if rapid.Bool().Draw(t, "recased") {
			b = strings.ToUpper(a)
		}
		var buf [maxWordName]byte
		if k, ok := asciiKey(buf[:0], a); ok && string(k) != key(a) {
			t.Fatalf("asciiKey(%q) = %q, key = %q", a, k, key(a))
		}
		if l, ok := lowerInto(buf[:0], a); ok && string(l) != strings.ToLower(a) {
			t.Fatalf("lowerInto(%q) = %q, strings.ToLower = %q", a, l, strings.ToLower(a))
		}
		if got, want := sameKey(a, b), key(a) == key(b); got != want {
			t.Fatalf("sameKey(%q, %q) = %v, want %v", a, b, got, want)
		}
		if got, want := lookupName(a), lookupNameSlow(a); !slices.Equal(got, want) {
			t.Fatalf("lookupName(%q) = %q, want %q", a, got, want)
		}
	})
	for l, k := range index().selfKey {
		if key(l) != k {
			t.Errorf("selfKey[%q] = %q, key = %q", l, k, key(l))
		}
	}
	if k := index().selfKey["čeština"]; k != "cestina" {
		t.Errorf(`selfKey["čeština"] = %q, want "cestina"`, k)
	}
	for _, s := range []string{"Czech", "čeština", "ČEŠTINA", "Elvish", "Portuguese", "norsk bokmål", "Ελληνικά", "N'Ko", "Ga"} {
		if got, want := lookupName(s), lookupNameSlow(s); !slices.Equal(got, want) {
			t.Errorf("lookupName(%q) = %q, want %q", s, got, want)
		}
	}
}

// lookupNameSlow is lookupName as it was written before its fast path.
func lookupNameSlow(name string) []string {
	ix := index()
	k, ok := ix.lower[strings.ToLower(name)]
	if !ok {
		k = key(name)
	}
	return ix.names[k]
}
