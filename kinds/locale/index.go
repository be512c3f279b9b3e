package locale

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"

	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// nameRow is one tag of the generated table.
type nameRow struct{ tag, english, self string }

// nameIndex is built on first use, never at init: importing the package
// builds nothing.
type nameIndex struct {
	names   map[string][]string // key of a name → canonical tags
	english map[string]string   // canonical tag → English name
	scripts map[string]string   // key of a script name → script code
	short   map[string][]string // key of a name of at most three letters → tags
	lower   map[string]string   // a name as the data spells it, lowercased → its key
	selfKey map[string]string   // a name the data spells in lower case ("čeština") → its key

	// The longest key of names, of lower and of regionAdjectives, in
	// bytes: a longer string is none of them, and the regional lookup
	// does not build it (regional.go).
	maxName, maxLower, maxAdjective int
}

var index = sync.OnceValue(buildIndex)

func buildIndex() *nameIndex {
	ix := &nameIndex{
		names:   make(map[string][]string, 2*len(languageNames)),
		english: make(map[string]string, len(languageNames)),
		scripts: make(map[string]string, len(scriptNames)+len(scriptAliases)),
		short:   map[string][]string{},
		lower:   map[string]string{},
		selfKey: map[string]string{},
	}
	add := func(m map[string][]string, name, tag string) {
		k := key(name)
		l := strings.ToLower(name)
		ix.lower[l] = k
		if l == name {
			ix.selfKey[name] = k
		}
		if k != "" && !contains(m[k], tag) {
			m[k] = append(m[k], tag)
		}
	}
	for _, row := range languageNames {
		t, err := language.Parse(row.tag)
		if err != nil {
			continue
		}
		tag := t.String()
		if _, ok := ix.english[tag]; !ok {
			ix.english[tag] = row.english
		}
		add(ix.names, row.english, tag)
		if row.self != "" {
			add(ix.names, row.self, tag)
		}
	}
	// The aliases own their keys: each replaces what the table says.
	owned := map[string][]string{}
	for _, a := range aliases {
		for _, s := range a.tags {
			t, err := language.Parse(s)
			if err != nil {
				panic("locale: alias " + a.name + " names the bad tag " + s)
			}
			add(owned, a.name, t.String())
			if _, ok := ix.english[t.String()]; !ok && len(a.tags) == 1 {
				ix.english[t.String()] = a.name
			}
		}
	}
	for _, e := range englishNames {
		ix.english[e[0]] = e[1]
	}
	for k, tags := range owned {
		ix.names[k] = tags
	}
	for k, tags := range ix.names {
		if len([]rune(k)) <= 3 {
			ix.short[k] = tags
		}
	}
	for k := range ix.names {
		ix.maxName = max(ix.maxName, len(k))
	}
	for l := range ix.lower {
		ix.maxLower = max(ix.maxLower, len(l))
	}
	for _, a := range regionAdjectives {
		ix.maxAdjective = max(ix.maxAdjective, len(a[0]))
	}
	for _, s := range scriptNames {
		ix.scripts[key(s[1])] = s[0]
	}
	for _, s := range scriptAliases {
		ix.scripts[key(s[0])] = s[1]
	}
	return ix
}

// lookupName returns the canonical tags a name names: the main index's,
// or on its miss moreAliases'.
func lookupName(name string) []string {
	if tags := lookupMainName(name); len(tags) > 0 {
		return tags
	}
	return lookupMoreAlias(name)
}

// lookupMoreAlias returns the canonical tags a name of moreAliases names.
func lookupMoreAlias(name string) []string {
	if name == "" || len(name) > maxMoreAlias {
		return nil // longer than any of them: never folded here
	}
	if c := name[0]; c < utf8.RuneSelf && !moreAliasStarts()[lowerByte(c)] {
		return nil // no name of moreAliases starts so ("Elvish")
	}
	if strings.IndexByte(name, '(') >= 0 || strings.IndexByte(name, ',') >= 0 {
		return nil // a composite, read as one by lookupComposite
	}
	more := moreAliasIndex()
	var buf [maxWordName]byte
	if l, ok := lowerInto(buf[:0], name); ok && asciiAlnum(name) {
		return more[string(l)] // a word of ASCII is its own key in lower case
	}
	return more[key(name)]
}

// moreAliasStarts are the ASCII bytes, in lower case, that a spelling of
// a name of moreAliases may start with: the first letter of a name, and
// the whitespace and quotes a name may be sent within.
var moreAliasStarts = sync.OnceValue(func() (set [utf8.RuneSelf]bool) {
	for _, a := range moreAliases {
		if c := a.name[0]; c < utf8.RuneSelf {
			set[lowerByte(c)] = true
		}
	}
	for _, c := range " \t\n\r\"'`" {
		set[c] = true
	}
	return set
})

// maxMoreAlias is the longest spelling of a name of moreAliases that
// lookupName folds: room for every name (TestMoreAliasesApart) with
// whitespace and quotes around it.
const maxMoreAlias = 48

// moreAliasIndex maps the key of every name of moreAliases to its tags,
// built on first use.
var moreAliasIndex = sync.OnceValue(func() map[string][]string {
	m := make(map[string][]string, len(moreAliases))
	for _, a := range moreAliases {
		k := key(a.name)
		for _, s := range a.tags {
			t, err := language.Parse(s)
			if err != nil {
				panic("locale: alias " + a.name + " names the bad tag " + s)
			}
			if !contains(m[k], t.String()) {
				m[k] = append(m[k], t.String())
			}
		}
	}
	return m
})

// lookupMainName returns the canonical tags a name names in the main
// index.
func lookupMainName(name string) []string {
	ix := index()
	var buf [maxWordName]byte
	if l, ok := lowerInto(buf[:0], name); ok {
		// Looked up from a buffer on the stack, with no string built; a
		// word of ASCII letters and digits is its own key in lower case
		// ("Elvish", "elvish").
		if k, ok := ix.lower[string(l)]; ok {
			return ix.names[k]
		}
		if asciiAlnum(name) {
			return ix.names[string(l)]
		}
		return ix.names[key(name)]
	}
	k, ok := ix.lower[strings.ToLower(name)]
	if !ok {
		k = key(name)
	}
	return ix.names[k]
}

// lowerInto appends strings.ToLower(s) to dst, when s is valid UTF-8 and
// its lower case fits dst's capacity.
func lowerInto(dst []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if len(dst) == cap(dst) {
				return dst, false
			}
			dst = append(dst, lowerByte(c))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return dst, false
		}
		r = unicode.ToLower(r)
		if len(dst)+utf8.RuneLen(r) > cap(dst) {
			return dst, false
		}
		dst = utf8.AppendRune(dst, r)
		i += size
	}
	return dst, true
}

// sameKey reports whether key(a) == key(b), without building the key of
// an ASCII string.
func sameKey(a, b string) bool {
	var bufA, bufB [maxWordName]byte
	ka, okA := asciiKey(bufA[:0], a)
	kb, okB := asciiKey(bufB[:0], b)
	switch {
	case okA && okB:
		return string(ka) == string(kb)
	case okA:
		return string(ka) == keyOf(b)
	case okB:
		return keyOf(a) == string(kb)
	}
	return keyOf(a) == keyOf(b)
}

// keyOf is key(s), looked up when s is a name the data spells in lower
// case: the key of a name sent as the data spells it is not folded again.
func keyOf(s string) string {
	if k, ok := index().selfKey[s]; ok {
		return k
	}
	return key(s)
}

// asciiKey appends key(s) to dst, when s is ASCII and its key fits dst's
// capacity: its letters in lower case and its digits, apostrophes dropped
// and every run of anything else one space between them, as spelling.Fold
// and key make of an ASCII string.
func asciiKey(dst []byte, s string) ([]byte, bool) {
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return dst, false
		case isLetter(c) || '0' <= c && c <= '9':
			if space && len(dst) > 0 {
				if len(dst) == cap(dst) {
					return dst, false
				}
				dst = append(dst, ' ')
			}
			space = false
			if len(dst) == cap(dst) {
				return dst, false
			}
			dst = append(dst, lowerByte(c))
		case c == '\'' || c == '`':
		default:
			space = true
		}
	}
	return dst, true
}

// maxWordName is the longest word lookupName looks up without building
// its lower case.
const maxWordName = 32

// asciiAlnum reports whether s is ASCII letters and digits only.
func asciiAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// lookupScript returns the script code a script name names, or "".
func lookupScript(name string) string {
	return index().scripts[key(name)]
}

// englishName names a canonical tag in English: CLDR's name, or the
// language's name with the script's and the region's in parentheses.
func englishName(tag string) string {
	ix := index()
	if n, ok := ix.english[tag]; ok {
		return n
	}
	t, err := parseTag(tag)
	if err != nil {
		return tag
	}
	base, script, region := t.Raw()
	name, ok := ix.english[base.String()]
	if !ok {
		name = "the language " + base.String()
	}
	var extra []string
	if s := script.String(); s != "Zzzz" {
		sn := s
		for _, row := range scriptNames {
			if row[0] == s {
				sn = row[1]
			}
		}
		extra = append(extra, sn)
	}
	if r := region.String(); r != "ZZ" {
		if n := country.Name(r); n != "" {
			extra = append(extra, n)
		} else {
			extra = append(extra, r)
		}
	}
	if len(extra) > 0 {
		name += " (" + strings.Join(extra, ", ") + ")"
	}
	return name
}

// firstReading is one meaning of a tag's first subtag.
type firstReading struct {
	tag     string // the canonical language (and script) it reads as
	country string // the country whose code it is, when read as that country's language
	code    string // the code a tag is composed from, when not tag: the code as sent
}

// composeFrom is the first subtag of the tag this reading composes.
func (r firstReading) composeFrom() string {
	if r.code != "" {
		return r.code
	}
	return r.tag
}

// meaning words the reading of the whole tag t.
func (r firstReading) meaning(t language.Tag) string {
	name := englishName(t.String())
	if r.country != "" {
		return name + ", the language of " + country.Name(r.country)
	}
	return name
}

// known reports whether this package knows the language of the canonical
// tag: whether its base language has an English name in the name data. A
// code of a language it does not know ("tbd", "all": registered ISO 639-3
// codes that a model sends as words) is no reading of a language.
func known(tag string) bool {
	return index().english[baseOf(tag)] != ""
}

// knownTag is known(t.String()), without building the string: a tag's
// spelling begins with its language's code (TestKnownTagAgrees).
func knownTag(t language.Tag) bool {
	base, _, _ := t.Raw()
	return index().english[base.String()] != ""
}

// codeReadings reads a two- or three-letter first subtag. A language code
// reads as its language, when the language is known (after aliasing:
// "yid" is Yiddish). A country code that is no language code reads as
// that country's main language, and is asked about (a model writes "cz"
// for Czech). A code that is both, for languages of different countries,
// reads as the language when the code is the current code of a widely
// used language (widelyUsed, acceptedCodes); otherwise (Northern Sami
// "se" or Sweden, the deprecated "in" or India) it is asked about with
// both readings. reason is "" when there is one reading and no ask.
func codeReadings(code string) (readings []firstReading, reason string) {
	if c, ok := readingsCache.Load(code); ok {
		r := c.(cachedReadings)
		return r.readings, r.reason
	}
	readings, reason = codeReadingsUncached(code)
	readingsCache.Store(code, cachedReadings{readings, reason})
	return readings, reason
}

// readingsCache remembers codeReadings by lowercase code. Codes are two or
// three ASCII letters, so it holds at most 18,252 entries, however many
// distinct codes agents send.
var readingsCache sync.Map

type cachedReadings struct {
	readings []firstReading
	reason   string
}

func codeReadingsUncached(code string) (readings []firstReading, reason string) {
	for _, sc := range splitCodes {
		if sc.code == code {
			// Its own name's readings, never a country's: "sh" was the code
			// of Serbo-Croatian for decades, St Helena's English no
			// plausible meaning of it.
			for _, tag := range sc.tags {
				readings = append(readings, firstReading{tag: tag})
			}
			return readings, code + " is the withdrawn code of " + sc.name + ", written today as one of several languages"
		}
	}
	var lang string // the language reading, canonical
	if _, err := language.ParseBase(code); err == nil {
		if t, err := parseTag(code); err == nil {
			lang = t.String()
		}
	}
	unknown := lang != "" && !known(lang)
	if unknown {
		// A registered code of a language the name data does not name
		// ("tbd", "all", "ury"): read as no language.
		lang = ""
	}
	regionCode, regionLang := countryLanguage(code)
	if regionLang == "" || (lang != "" && baseOf(lang) == baseOf(regionLang)) {
		if lang == "" {
			return nil, ""
		}
		return []firstReading{{tag: lang, code: code}}, ""
	}
	if lang != "" && (lang == code && strings.Contains(widelyUsed, " "+code+" ") || strings.Contains(acceptedCodes, " "+code+" ")) {
		return []firstReading{{tag: lang, code: code}}, ""
	}
	readings = append(readings, firstReading{tag: regionLang, country: regionCode})
	if unknown {
		// The code of a language this package does not name ("usa",
		// "ury", "and") is read only as the country's.
		return readings, strings.ToUpper(code) + " is the code of a country and of no language this reader knows"
	}
	if lang == "" {
		return readings, strings.ToUpper(code) + " is the code of a country, not of a language"
	}
	return append(readings, firstReading{tag: lang, code: code}),
		code + " is a language code and the code of a country whose language is another"
}

// spell returns the spelling of t to offer as a reading: its canonical
// tag, or, when this package asks about the tag's language code (Northern
// Sami's "se", which is also Sweden's), the tag with the language's
// ISO 639-2 code ("sme"), which reads back as t with a note.
func spell(t language.Tag) string {
	s := t.String()
	base, _ := t.Base()
	code := base.String()
	if rs, reason := codeReadings(code); reason == "" && len(rs) == 1 {
		return s
	}
	if _, ok := canonical(s, true); ok {
		return s // a canonical tag is a fixed point, though its code is a country's too
	}
	iso := base.ISO3()
	if rs, reason := codeReadings(iso); iso != code && reason == "" && len(rs) == 1 && baseOf(rs[0].tag) == code {
		return iso + s[len(code):]
	}
	// The three-letter code is a country's too ("bel"): the language's
	// one-word English name ("Belarusian", "Belarusian-BY").
	if name := index().english[code]; !strings.ContainsAny(name, " -") {
		if tags := lookupName(name); len(tags) == 1 && tags[0] == code {
			return name + s[len(code):]
		}
	}
	return s
}

// countryLanguage returns, when code is a country's ISO 3166-1 alpha-2 or
// alpha-3 code, the country's alpha-2 code and its main language (with a
// script when the country writes it in another script than the language
// usually is, "zh-Hant" for Taiwan).
func countryLanguage(code string) (alpha2, lang string) {
	c, ok := country.Code(code)
	if !ok {
		return "", ""
	}
	if lang := regionLanguage(c); lang != "" {
		return c, lang
	}
	return "", ""
}

// regionLanguage returns the main language of the region with the
// alpha-2 code c, or "".
func regionLanguage(c string) string {
	region, err := language.ParseRegion(c)
	if err != nil {
		return ""
	}
	t, err := language.Compose(region)
	if err != nil {
		return ""
	}
	base, conf := t.Base()
	if conf == language.No || base.String() == "und" {
		return ""
	}
	script, _ := t.Script()
	plain, _ := language.Compose(base)
	usual, _ := plain.Script()
	if script != usual {
		return base.String() + "-" + script.String()
	}
	return base.String()
}

func baseOf(tag string) string {
	b, _, _ := strings.Cut(tag, "-")
	return b
}

// addCapitalsCountry adds, to the one reading of a lone two-letter
// language code written in capitals ("UK", "CA", "SV"), the reading of the
// country whose code that is when the country's main language is another
// (English, the language of the United Kingdom): a country's code is
// written in capitals, a language's in lower case. It adds it even to a
// code of a widely used language (widelyUsed, acceptedCodes), which reads
// as the language in lower case or mixed case ("uk", "Uk"). The country
// goes first, as in codeReadings.
func addCapitalsCountry(t string, readings []firstReading, reason string) ([]firstReading, string) {
	if len(t) != 2 || !allLetters(t) || strings.ToUpper(t) != t || len(readings) == 0 {
		return readings, reason
	}
	for _, r := range readings {
		if r.country != "" {
			return readings, reason
		}
	}
	if reason != "" && len(readings) == 1 {
		return readings, reason
	}
	alpha2, lang := capitalsCountry(t)
	if lang == "" || len(readings) == 1 && baseOf(lang) == baseOf(readings[0].tag) {
		return readings, reason
	}
	capitals := strings.ToLower(t) + " is a language code, and " + t + " in capitals the code of a country whose language is another"
	if reason != "" {
		// A split code's readings ("SH": Serbo-Croatian's, and St Helena's).
		capitals = reason + "; " + t + " in capitals is also the code of a country whose language is another"
	}
	return append([]firstReading{{tag: lang, country: alpha2}}, readings...), capitals
}

// capitalsCountry returns the country a two-letter code in capitals names
// and its main language, or "", "": a country's ISO 3166-1 code, or a code
// kinds/country reads as a country's ("UK" is the United Kingdom, GB).
func capitalsCountry(t string) (alpha2, lang string) {
	if alpha2, lang = countryLanguage(t); lang != "" {
		return alpha2, lang
	}
	if c, ok := country.Read(t, country.Options{}).Value(); ok {
		if lang := regionLanguage(c); lang != "" {
			return c, lang
		}
	}
	return "", ""
}

// addShortName adds the reading of a code-shaped word that is also the
// name of another language ("Ga" is the language gaa; "ga" is Irish).
func addShortName(t string, readings []firstReading, reason string) ([]firstReading, string) {
	tags := index().short[key(t)]
	added := false
	for _, tag := range tags {
		dup := false
		for _, r := range readings {
			dup = dup || r.tag == tag
		}
		if !dup {
			readings = append(readings, firstReading{tag: tag})
			added = true
		}
	}
	switch {
	case !added:
	case reason == "":
		reason = "it is a code and also the name of another language"
	default:
		reason += "; it is also the name of another language"
	}
	return readings, reason
}

// key is the form names are indexed by: folded (case, diacritics), with
// apostrophes dropped and every other mark a space.
func key(s string) string {
	f := spelling.Fold(s)
	var b strings.Builder
	b.Grow(len(f))
	space := false
	for _, r := range f {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		case r == '\'' || r == '’' || r == 'ʼ' || r == '‘' || r == '`':
		default:
			space = true
		}
	}
	return b.String()
}
