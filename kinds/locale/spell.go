package locale

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

var _ agentinput.Speller[language.Tag] = (*Reader)(nil)

// outerSpaces are the whitespace a spelling may be wrapped in, none first;
// quotePairs the quotes, one pair (spelling.Trim drops both); posixSuffixes
// the POSIX suffixes a tag may end in, none first. The property tests draw
// from these same lists.
var (
	outerSpaces   = spelling.WrapSpaces
	quotePairs    = spelling.WrapQuotes
	posixSuffixes = []string{"", ".UTF-8", ".utf8", ".ISO-8859-1", "@euro", ".UTF-8@euro"}
)

// stripMarks drops diacritics, as a model typing without them does.
func stripMarks(s string) string {
	out, _, _ := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
	return out
}

// latin reports whether every letter of s is Latin: the script whose
// diacritics a model drops.
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// nameReadsAs reports whether the name n, sent as it is, is read as the
// canonical tag s alone: it takes the way of names (no code shape but one
// long word, more than three letters, one pair of parentheses at most,
// no negation) and names s and nothing else, without doubt.
func nameReadsAs(n, s string) bool {
	if len(n) <= 3 || codeShaped(n) && !oneLongWord(n) || spelling.Hidden(n) != "" ||
		strings.Count(n, "(") > 1 || strings.Count(n, ")") > 1 {
		return false
	}
	if t, _ := spelling.Trim(n); t != n {
		return false
	}
	if _, neg := spelling.Negation(n); neg {
		return false
	}
	tags, doubt := lookupNames(n)
	return doubt == "" && len(tags) == 1 && tags[0] == s
}

// spellName is a name of a tag with its class.
type spellName struct{ name, class string }

// spellNames maps a canonical tag to its names that read as it alone: the
// English name (englishName: CLDR's, or the language's with the script's
// and region's in parentheses), the native name, the names of aliases.go,
// and the names in the languages of foreignNames. Built on first use.
var spellNames = sync.OnceValue(func() map[string][]spellName {
	out := map[string][]spellName{}
	add := func(tag, name, class string) {
		t, err := language.Parse(tag)
		if err != nil {
			return
		}
		s := t.String()
		if nameReadsAs(name, s) && !slices.Contains(out[s], spellName{name, class}) {
			out[s] = append(out[s], spellName{name, class})
		}
	}
	for _, row := range languageNames {
		add(row.tag, row.english, "English name")
		if row.self != "" {
			add(row.tag, row.self, "native name")
		}
	}
	for _, a := range aliases {
		if len(a.tags) == 1 {
			add(a.tags[0], a.name, "alias name")
		}
	}
	for _, a := range moreAliases {
		if len(a.tags) == 1 {
			add(a.tags[0], a.name, "alias name")
		}
	}
	for _, f := range foreignNames {
		add(f[1], f[2], "name in "+f[0])
	}
	return out
})

// formable reports whether the canonical s is a tag of a language, an
// optional script and an optional region that reads as itself, whose
// subtags may be recased and separated by '_' (TestPropertyForms' rules):
// not a lone code that is also a name, and not a language code doubled
// as a region where it is not at home.
func formable(t language.Tag, s string) ([]string, bool) {
	if t.Variants() != nil || t.Extensions() != nil {
		return nil, false
	}
	subs := strings.Split(s, "-")
	if len(subs) == 1 && index().short[key(s)] != nil {
		return nil, false
	}
	if r := subs[len(subs)-1]; len(subs) > 1 && len(r) == 2 && (strings.EqualFold(r, subs[0]) || r == "LA") && !atHome(subs[0], r) {
		return nil, false
	}
	return subs, true
}

// Spell writes v in a spelling the Reader reads back as v, drawn by c from
// the classes the kind reads: the canonical tag (choice 0; or, when the
// canonical tag is asked about, the spelling an ask offers for v, "sme"
// for se); its subtags
// with '_' for '-', the language in title case, the script and the region
// in another case, and a POSIX suffix (".UTF-8", "@euro": "form"); a
// lone language's three-letter code in any case, where it is no
// country's code and no name ("three-letter code"); a name that names v
// alone (English, native, an alias, a name in Czech, Slovak, German,
// Polish, French, Spanish, Italian, Portuguese or Dutch), as written, in
// upper or lower case and without its diacritics; each wrapped in outer
// whitespace and one pair of quotes. A spelling is drawn only where the
// package doc's rules give it one meaning: never a language code in
// capitals, which is written as a country's.
func (r *Reader) Spell(c agentinput.Chooser, v language.Tag) agentinput.Spelled {
	s := v.String()
	plain, plainClass := s, "canonical"
	if p := spell(v); p != s {
		// The canonical tag is asked about ("se": Northern Sami or
		// Sweden's Swedish); the plainest spelling is the one an ask
		// offers ("sme").
		plain, plainClass = p, "reading's spelling (the canonical tag asks)"
	}
	switch c.Choose("locale form", 4) {
	case 1:
		if subs, ok := formable(v, s); ok && plain == s {
			var b strings.Builder
			underscore := false
			for i, sub := range subs {
				if i > 0 {
					sep := "-"
					if c.Choose("separator", 2) == 1 {
						sep, underscore = "_", true
					}
					b.WriteString(sep)
				}
				b.WriteString(recaseSubtag(c, sub, i == 0))
			}
			var classes []string
			if underscore {
				classes = append(classes, "underscore")
			}
			if strings.ReplaceAll(b.String(), "_", "-") != s {
				classes = append(classes, "letter case")
			}
			if i := c.Choose("posix suffix", len(posixSuffixes)); i > 0 {
				b.WriteString(posixSuffixes[i])
				classes = append(classes, "POSIX suffix")
			}
			if w := b.String(); w != s {
				return spelling.Wrap(c, w, strings.Join(classes, " + "))
			}
		}
	case 2:
		if base, conf := v.Base(); conf == language.Exact && base.String() == s {
			if iso := base.ISO3(); iso != "" && iso != s {
				if _, isCountry := country.Code(strings.ToUpper(iso)); !isCountry && index().short[key(iso)] == nil {
					switch c.Choose("code case", 3) {
					case 1:
						iso = strings.ToUpper(iso)
					case 2:
						iso = strings.ToUpper(iso[:1]) + iso[1:]
					}
					return spelling.Wrap(c, iso, "three-letter code")
				}
			}
		}
	case 3:
		if ns := spellNames()[s]; len(ns) > 0 {
			n := ns[c.Choose("name", len(ns))]
			w, class := n.name, n.class
			switch c.Choose("name case", 3) {
			case 1:
				w, class = strings.ToLower(w), class+" + lower case"
			case 2:
				w, class = strings.ToUpper(w), class+" + upper case"
			}
			if d := stripMarks(w); d != w && latin(w) && c.Choose("diacritics", 2) == 1 {
				w, class = d, class+" + diacritics dropped"
			}
			if !nameReadsAs(w, s) {
				w, class = n.name, n.class
			}
			return spelling.Wrap(c, w, class)
		}
	}
	return spelling.Wrap(c, plain, plainClass)
}

// recaseSubtag draws the case of one subtag: as canonical (choice 0), or
// another case; the language subtag (first) is never all capitals.
func recaseSubtag(c agentinput.Chooser, sub string, first bool) string {
	if first {
		if c.Choose("language case", 2) == 1 {
			return strings.ToUpper(sub[:1]) + sub[1:]
		}
		return sub
	}
	switch c.Choose("subtag case", 3) {
	case 1:
		return strings.ToLower(sub)
	case 2:
		return strings.ToUpper(sub)
	}
	return sub
}

// Ambiguous writes v in a spelling the Reader asks about with v among the
// readings, drawn by c from the classes that have one for v: a country's
// code (alpha-2 or alpha-3, lower case) written as a language code, for
// the country's main language ("cz" for cs: "country code as language
// code"); a lone two-letter language doubled as its region where it is
// not at home, or followed by "LA" ("sv-SV", "es-LA": "doubled region");
// a name of several languages ("Swiss German" for gsw and de-CH: "name of
// several languages"); each wrapped in outer whitespace and quotes. ok is
// false when v has none.
func (r *Reader) Ambiguous(c agentinput.Chooser, v language.Tag) (agentinput.Spelled, bool) {
	s := v.String()
	type option struct{ s, class string }
	var opts []option
	for _, code := range ambiguousCodes()[s] {
		opts = append(opts, option{code, "country code as language code"})
	}
	if base, conf := v.Base(); conf == language.Exact && base.String() == s && len(s) == 2 && s != "se" {
		for _, region := range []string{strings.ToUpper(s), areaInitials[0].initials} {
			if !atHome(s, region) {
				opts = append(opts, option{s + "-" + region, "doubled region"})
			}
		}
	}
	for _, n := range ambiguousNames()[s] {
		opts = append(opts, option{n, "name of several languages"})
	}
	if len(opts) == 0 {
		return agentinput.Spelled{}, false
	}
	o := opts[c.Choose("ambiguous class", len(opts))]
	return spelling.Wrap(c, o.s, o.class), true
}

// ambiguousCodes maps a canonical tag to the country codes, in lower case,
// that codeReadings reads as a country's only, whose language it is.
var ambiguousCodes = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for _, a2 := range country.Codes() {
		a3, _ := country.Alpha3Of(a2)
		for _, code := range []string{strings.ToLower(a2), strings.ToLower(a3)} {
			rs, reason := codeReadings(code)
			if reason == "" || len(rs) != 1 || rs[0].country == "" || slices.ContainsFunc(splitCodes[:], func(sc struct {
				code, name string
				tags       []string
			}) bool {
				return sc.code == code
			}) {
				continue
			}
			out[rs[0].tag] = append(out[rs[0].tag], code)
		}
	}
	return out
})

// ambiguousNames maps a canonical tag to the names of aliases.go that name
// it among several, as lookupNames finds them.
var ambiguousNames = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for _, a := range aliases {
		if len(a.tags) < 2 {
			continue
		}
		tags, _ := lookupNames(a.name)
		for _, tag := range tags {
			if len(tags) > 1 && !slices.Contains(out[tag], a.name) {
				out[tag] = append(out[tag], a.name)
			}
		}
	}
	return out
})
