package country

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"agentinput.dev/internal/spelling"
)

// countryRow is one country of the generated table.
// exonym is a country's names in the library's other languages
// (tables.go).
type exonym struct {
	code  string
	names []string
}

type countryRow struct {
	alpha2, alpha3 string
	numeric        uint16
	english        string // CLDR's English name
	native         string // CLDR's name in the country's main language, or ""
	lang           string // that language's code
}

// The code tables are small and built on first use, not at init:
// importing the package builds nothing.
type codeTables struct {
	alpha2  map[string]*countryRow // by the uppercase code
	alpha3  map[string]*countryRow // by the uppercase code
	numeric [1000]*countryRow
	// reasons are the notes' reasons of a read from each form, by row
	// index: built once, so that reading a code allocates nothing.
	reasons [][3]string
}

var codes = sync.OnceValue(buildCodes)

func buildCodes() *codeTables {
	t := &codeTables{
		alpha2:  make(map[string]*countryRow, len(countries)),
		alpha3:  make(map[string]*countryRow, len(countries)),
		reasons: make([][3]string, len(countries)),
	}
	for i := range countries {
		c := &countries[i]
		t.alpha2[c.alpha2] = c
		t.alpha3[c.alpha3] = c
		if c.numeric != 0 {
			t.numeric[c.numeric] = c
		}
		for f := formAlpha2; f <= formNumeric; f++ {
			t.reasons[i][f] = formReason[f] + " code of " + c.english
		}
	}
	return t
}

// reason is the note's reason of a read of c from the code form f.
func reason(c *countryRow, f form) string {
	return codes().reasons[c.index()][f]
}

// index is c's position in countries.
func (c *countryRow) index() int {
	return int((uintptr(unsafe.Pointer(c)) - uintptr(unsafe.Pointer(&countries[0]))) / unsafe.Sizeof(countries[0]))
}

// lookupAlpha2 finds a country by its alpha-2 code in any case, without
// allocating.
func lookupAlpha2(s string) (*countryRow, bool) {
	if len(s) != 2 {
		return nil, false
	}
	buf := [2]byte{upper(s[0]), upper(s[1])}
	c, ok := codes().alpha2[string(buf[:])]
	return c, ok
}

// lookupAlpha3 finds a country by its alpha-3 code in any case.
func lookupAlpha3(s string) (*countryRow, bool) {
	if len(s) != 3 {
		return nil, false
	}
	buf := [3]byte{upper(s[0]), upper(s[1]), upper(s[2])}
	c, ok := codes().alpha3[string(buf[:])]
	return c, ok
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// lookupNumeric finds a country by its numeric code.
func lookupNumeric(n int) (*countryRow, bool) {
	if n <= 0 || n >= 1000 {
		return nil, false
	}
	c := codes().numeric[n]
	return c, c != nil
}

type successor struct {
	code, name string
	now        []string
}

func successorOf(code string) *successor {
	table := successors[:]
	if len(code) == 3 {
		table = successors3[:]
	}
	for i := range table {
		if table[i].code == code {
			return &table[i]
		}
	}
	return nil
}

// nameIndex maps the key of every name to the countries it names.
type nameIndex struct {
	names map[string][]string
	// lower maps a name as the data spells it, lowercased, to its key: the
	// cheap first try, which spares folding a name spelled as in the data.
	lower map[string]string
	// englishKey is the key of each country's English name, by alpha-2.
	englishKey map[string]string
	// all holds every indexed name as words, for partial matching.
	all []indexedName
}

type indexedName struct {
	words []string
	code  string
}

// names builds the name index on first use, not at init.
var names = sync.OnceValue(buildNames)

// apostrophes replaces every apostrophe a name may hold by a space.
var apostrophes = strings.NewReplacer("'", " ", "’", " ", "ʼ", " ", "‘", " ")

func buildNames() *nameIndex {
	ix := &nameIndex{names: map[string][]string{}, lower: map[string]string{}, englishKey: map[string]string{}}
	addKey := func(name, code string) {
		k := key(name)
		if k == "" {
			return
		}
		ix.lower[strings.ToLower(name)] = k
		if !slices.Contains(ix.names[k], code) {
			ix.names[k] = append(ix.names[k], code)
			slices.Sort(ix.names[k])
			ix.all = append(ix.all, indexedName{strings.Fields(k), code})
		}
	}
	// An exonym is a whole name only: no lower-case shortcut and no
	// partial-name entry (its words are the other names' words in another
	// language), which keeps the index's first build cheap.
	addExonym := func(name, code string) {
		k := key(name)
		if k == "" {
			return
		}
		if !slices.Contains(ix.names[k], code) {
			ix.names[k] = append(ix.names[k], code)
			slices.Sort(ix.names[k])
		}
	}
	add := func(name, code string) {
		addKey(name, code)
		// A punctuation variant: a space for an apostrophe ("Cote d
		// Ivoire", "Lao People s Democratic Republic"); key already reads
		// the apostrophe dropped.
		if spaced := apostrophes.Replace(name); spaced != name {
			addKey(spaced, code)
		}
	}
	for i := range countries {
		c := &countries[i]
		ix.englishKey[c.alpha2] = key(c.english)
		for _, name := range []string{c.english, c.native} {
			if name == "" {
				continue
			}
			add(name, c.alpha2)
			// "Congo - Kinshasa" is also "Congo"; "Myanmar (Burma)" is also
			// "Myanmar" and "Burma".
			if before, _, ok := strings.Cut(name, " - "); ok {
				add(before, c.alpha2)
			}
			if before, rest, ok := strings.Cut(name, " ("); ok {
				add(before, c.alpha2)
				add(strings.TrimSuffix(rest, ")"), c.alpha2)
			}
		}
	}
	for _, a := range aliases {
		for _, name := range a.names {
			add(name, a.code)
		}
	}
	for _, e := range exonyms {
		for _, name := range e.names {
			addExonym(name, e.code)
			if spaced := apostrophes.Replace(name); spaced != name {
				addExonym(spaced, e.code)
			}
		}
	}
	for _, f := range formerNames {
		for _, code := range f.now {
			add(f.name, code)
		}
	}
	return ix
}

// lookupName returns the countries a name names exactly, or, when none,
// those whose name holds it as a run of whole words (partial true). A
// partial name must hold a word that names something on its own (not
// "Islands" or "Republic"), and match at most maxPartial countries.
func lookupName(s string) (found []string, partial bool) {
	ix := names()
	k := nameKey(s)
	if k == "" {
		return nil, false
	}
	if codes, ok := exactName(ix, k); ok {
		return codes, false
	}
	// A name turned around or abbreviated: "Korea, South", "Korea (South)",
	// "S. Korea". What every reading names is asked about when it is more
	// than one country.
	inverted := invertedKey(s)
	for _, v := range [...]string{inverted, expandAbbrev(k), expandAbbrev(inverted)} {
		if v == "" || v == k {
			continue
		}
		if codes, ok := exactName(ix, v); ok {
			for _, c := range codes {
				if !slices.Contains(found, c) {
					found = append(found, c)
				}
			}
		}
	}
	if len(found) > 0 {
		slices.Sort(found)
		return found, false
	}
	if found, partial = partialName(ix, k); len(found) == 0 && inverted != "" {
		return partialName(ix, inverted)
	}
	return found, partial
}

// exactName returns the countries the key k names exactly, through an
// official form around it.
func exactName(ix *nameIndex, k string) ([]string, bool) {
	if codes, ok := ix.names[k]; ok {
		return codes, true
	}
	// An official form around a name: "Republic of Guinea", "Guinea,
	// Republic of". The aliases hold the official names whose short form
	// names another country ("Republic of China" is Taiwan), and an exact
	// name is looked up before this.
	if short := stripOfficial(k); short != k {
		if codes, ok := ix.names[short]; ok {
			return codes, true
		}
	}
	return nil, false
}

// partialName returns the countries whose name holds the key k as a run
// of whole words.
func partialName(ix *nameIndex, k string) (found []string, partial bool) {
	words := strings.Fields(k)
	significant := false
	for _, w := range words {
		if len([]rune(w)) >= 3 && !stopWord(w) {
			significant = true
		}
	}
	if !significant {
		return nil, false
	}
	for _, n := range ix.all {
		if containsRun(n.words, words) && !slices.Contains(found, n.code) {
			found = append(found, n.code)
		}
	}
	if len(found) > maxPartial {
		return nil, false
	}
	slices.Sort(found)
	return found, true
}

// invertedKey returns the key of s read with its qualifier first:
// "NAME, QUALIFIER" and "NAME (QUALIFIER)" are "QUALIFIER NAME" ("Korea,
// South", "Virgin Islands (U.S.)"). It is "" when s has no such form.
func invertedKey(s string) string {
	name, qual, ok := strings.Cut(s, ",")
	if !ok {
		name, qual, ok = strings.Cut(s, "(")
		if !ok {
			return ""
		}
		var closed bool
		if qual, closed = strings.CutSuffix(strings.TrimSpace(qual), ")"); !closed {
			return ""
		}
	}
	if strings.ContainsAny(qual, ",()") {
		return ""
	}
	name, qual = key(name), key(qual)
	if name == "" || qual == "" {
		return ""
	}
	return key(qual + " " + name)
}

// abbreviations are the words of a key that stand for a longer one: "S."
// is "South", "N." "North", "Ste." "Sainte" ("St." is read as "Saint" by
// key itself).
var abbreviations = [...]struct{ short, long string }{
	{"s", "south"},
	{"n", "north"},
	{"ste", "sainte"},
}

// expandAbbrev returns the key k with each abbreviated word written out,
// or k itself.
func expandAbbrev(k string) string {
	words := strings.Fields(k)
	for i, w := range words {
		for _, a := range abbreviations {
			if w == a.short {
				words[i] = a.long
			}
		}
	}
	return strings.Join(words, " ")
}

// officialForms are the words an official name puts before (or, after a
// comma, behind) a country's short name, as keys.
var officialForms = [...]string{
	"republic of", "kingdom of", "state of", "commonwealth of", "federal republic of",
	"democratic republic of", "islamic republic of", "peoples republic of", "principality of",
	"grand duchy of", "sultanate of", "federation of", "union of", "independent state of",
	"socialist republic of", "bolivarian republic of", "plurinational state of",
	"united republic of", "oriental republic of", "federative republic of", "arab republic of",
	"hashemite kingdom of", "state of the", "republic of the", "kingdom of the",
}

// stripOfficial returns the key k without an official form around it, or
// k itself.
func stripOfficial(k string) string {
	for _, f := range officialForms {
		if rest, ok := strings.CutPrefix(k, f+" "); ok && rest != "" {
			return strings.TrimPrefix(rest, "the ")
		}
		if rest, ok := strings.CutSuffix(k, " "+f); ok && rest != "" {
			return rest
		}
	}
	return k
}

// nameKey is key(s), looked up first among the names as the data spells
// them.
func nameKey(s string) string {
	if k, ok := names().lower[strings.ToLower(s)]; ok {
		return k
	}
	return key(s)
}

// maxPartial is the most countries a partial name is asked about; a word
// shared by more names no country.
const maxPartial = 8

// containsRun reports whether words holds run as consecutive words.
func containsRun(words, run []string) bool {
	for i := 0; i+len(run) <= len(words); i++ {
		if slices.Equal(words[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// key is the form names are indexed by: folded (case, diacritics), with
// apostrophes dropped, "&" read as "and", every other mark a space, a
// leading "the" dropped, "st" read as "saint", and single letters run
// together ("U.S.A." is "usa").
func key(s string) string {
	f := spelling.Fold(s)
	var b strings.Builder
	b.Grow(len(f))
	for _, r := range f {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			b.WriteRune(r)
		case r == '\'' || r == '’' || r == 'ʼ' || r == '‘' || r == '`':
		case r == '&':
			b.WriteString(" and ")
		default:
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	// Each run of single letters is joined once: appending each letter
	// to the run before it copied the run once per letter ("a a a …" is
	// a spelling too, and cost the square of its length that way).
	out := words[:0] // written behind what is read: each word out takes at least one in
	for i := 0; i < len(words); {
		w := words[i]
		if w == "st" {
			w = "saint"
		}
		if utf8.RuneCountInString(w) != 1 {
			out = append(out, w)
			i++
			continue
		}
		// Run single letters together: "u s a" → "usa".
		j := i + 1
		for j < len(words) && utf8.RuneCountInString(words[j]) == 1 {
			j++
		}
		out = append(out, strings.Join(words[i:j], ""))
		i = j
	}
	return strings.Join(out, " ")
}
