package country

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"agentinput.dev/agentinput"
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
// importing the package builds nothing. Each code is an index into an
// array by its letters (a–z, either case), not a key of a map: a read of a
// code costs no hash (issue 18).
type codeTables struct {
	alpha2  [26 * 26]uint8      // by the code's letters: the row's index + 1, 0 for none
	alpha3  [26 * 26 * 26]uint8 // likewise
	numeric [1000]*countryRow
	// reasons are the notes' reasons of a read from each form, by row
	// index: built once, so that reading a code allocates nothing.
	reasons [][3]string
	// numericNotes are, by row index, the notes of a read of the JSON
	// number of the row's numeric code ("203"), made on its first read:
	// notes are never changed once made, so outcomes share them, and the
	// read allocates nothing.
	numericNotes [len(countries)]atomic.Pointer[agentinput.Notes]
}

// A row's index + 1 fits in the code tables' uint8.
const _ = uint8(len(countries) + 1)

var codes = sync.OnceValue(buildCodes)

func buildCodes() *codeTables {
	t := &codeTables{reasons: make([][3]string, len(countries))}
	// The reasons are cut from one string, written once: one allocation,
	// not one a reason.
	n := 0
	for i := range countries {
		for f := formAlpha2; f <= formNumeric; f++ {
			n += len(formReason[f]) + len(" code of ") + len(countries[i].english)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for i := range countries {
		c := &countries[i]
		t.alpha2[letterIndex(c.alpha2)] = uint8(i + 1)
		t.alpha3[letterIndex(c.alpha3)] = uint8(i + 1)
		if c.numeric != 0 {
			t.numeric[c.numeric] = c
		}
		for f := formAlpha2; f <= formNumeric; f++ {
			b.WriteString(formReason[f])
			b.WriteString(" code of ")
			b.WriteString(c.english)
		}
	}
	all, at := b.String(), 0
	for i := range countries {
		for f := formAlpha2; f <= formNumeric; f++ {
			end := at + len(formReason[f]) + len(" code of ") + len(countries[i].english)
			t.reasons[i][f] = all[at:end]
			at = end
		}
	}
	return t
}

// letterIndex is the index of a code of two or three letters a–z (either
// case) in the code tables, or -1 when s holds another byte.
func letterIndex(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20 // ASCII letters to lower case; no other byte becomes one
		if c < 'a' || c > 'z' {
			return -1
		}
		n = n*26 + int(c-'a')
	}
	return n
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
	return rowAt(codes().alpha2[:], letterIndex(s))
}

// lookupAlpha3 finds a country by its alpha-3 code in any case.
func lookupAlpha3(s string) (*countryRow, bool) {
	if len(s) != 3 {
		return nil, false
	}
	return rowAt(codes().alpha3[:], letterIndex(s))
}

// rowAt is the row a code table holds at i (-1: none).
func rowAt(table []uint8, i int) (*countryRow, bool) {
	if i < 0 || table[i] == 0 {
		return nil, false
	}
	return &countries[table[i]-1], true
}

// numericNotes returns the notes of a read of c from the JSON number of
// its numeric code: the note finish adds, from the same spelling.
func numericNotes(c *countryRow) agentinput.Notes {
	slot := &codes().numericNotes[c.index()]
	if ns := slot.Load(); ns != nil {
		return *ns
	}
	ns := new(agentinput.Notes)
	ns.Add(agentinput.NoteAliasCode, agentinput.JSONValue(json.Number(strconv.Itoa(int(c.numeric)))), reason(c, formNumeric))
	slot.Store(ns) // a read at the same time may store its own: they are equal
	return *ns
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
	// englishKey is the key of each country's English name, by row.
	englishKey []string
	// all holds every indexed name's key, for partial matching.
	all []indexedName
	// allText is every key of all, each ended by a newline, which no key
	// holds, and allEnd the end of each in it: a partial name is searched
	// for once in allText, not once in every key.
	allText string
	allEnd  []int32
}

type indexedName struct {
	key  string // words joined by single spaces, as key makes them
	code string
}

// names builds the name index on first use, not at init.
var names = sync.OnceValue(buildNames)

// apostrophes replaces every apostrophe a name may hold by a space.
var apostrophes = strings.NewReplacer("'", " ", "’", " ", "ʼ", " ", "‘", " ")

// hasApostrophe reports whether apostrophes would change s (a test of the
// build that spares the Replacer's work on nearly every name).
func hasApostrophe(s string) bool {
	return strings.IndexByte(s, '\'') >= 0 || strings.Contains(s, "’") || strings.Contains(s, "ʼ") || strings.Contains(s, "‘")
}

// The sizes of the name index, for its maps' and list's first allocation
// (TestNameIndexSizes keeps them near what the build makes: a size off
// costs time, never an outcome).
const (
	indexNames = 1854
	indexLower = 711
	indexAll   = 718
)

func buildNames() *nameIndex { return buildNamesFrom(exonymKeys[:]) }

// buildNamesFrom builds the name index with the exonym keys given.
func buildNamesFrom(exonymKeys []exonymKey) *nameIndex {
	ix := &nameIndex{
		names:      make(map[string][]string, indexNames),
		lower:      make(map[string]string, indexLower),
		englishKey: make([]string, len(countries)),
		all:        make([]indexedName, 0, indexAll),
	}
	// The list of a key that names one country is a slice of one backing
	// array, cut to its length so that adding a second country copies it.
	one := make([]string, len(countries))
	for i := range countries {
		one[i] = countries[i].alpha2
	}
	// insert adds code to the countries k names; it reports whether code
	// is new there.
	insert := func(k, code string) bool {
		list, ok := ix.names[k]
		if !ok {
			c, _ := lookupAlpha2(code)
			i := c.index()
			ix.names[k] = one[i : i+1 : i+1]
			return true
		}
		if slices.Contains(list, code) {
			return false
		}
		list = append(list, code)
		slices.Sort(list)
		ix.names[k] = list
		return true
	}
	addKey := func(name, code string) {
		k := key(name)
		if k == "" {
			return
		}
		ix.lower[strings.ToLower(name)] = k
		if insert(k, code) {
			ix.all = append(ix.all, indexedName{k, code})
		}
	}
	add := func(name, code string) {
		addKey(name, code)
		// A punctuation variant: a space for an apostrophe ("Cote d
		// Ivoire", "Lao People s Democratic Republic"); key already reads
		// the apostrophe dropped.
		if hasApostrophe(name) {
			if spaced := apostrophes.Replace(name); spaced != name {
				addKey(spaced, code)
			}
		}
	}
	for i := range countries {
		c := &countries[i]
		ix.englishKey[i] = key(c.english)
		for _, name := range [...]string{c.english, c.native} {
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
	for _, a := range statisticalNames {
		for _, name := range a.names {
			add(name, a.code)
		}
	}
	// An exonym is a whole name only: no lower-case shortcut and no
	// partial-name entry (its words are the other names' words in another
	// language). Its keys are computed once, when tables.go is generated
	// (exonymKeys), not on every first use.
	for _, e := range exonymKeys {
		insert(e.key, e.code)
	}
	for _, f := range formerNames {
		for _, code := range f.now {
			add(f.name, code)
		}
	}
	n := 0
	for _, e := range ix.all {
		n += len(e.key) + 1
	}
	var b strings.Builder
	b.Grow(n)
	ix.allEnd = make([]int32, len(ix.all))
	for i, e := range ix.all {
		b.WriteString(e.key)
		b.WriteByte('\n')
		ix.allEnd[i] = int32(b.Len())
	}
	ix.allText = b.String()
	return ix
}

// exonymKey is the key of one exonym (or of its punctuation variant) and
// the country it names.
type exonymKey struct {
	key, code string
}

// lookupName returns the countries a name names exactly, or, when none,
// those whose name holds it as a run of whole words (partial true). A
// partial name must hold a word that names something on its own (not
// "Islands" or "Republic"), and match at most maxPartial countries.
func lookupName(s string) (found []string, partial bool) {
	found, partial, _ = lookupNameKey(s)
	return found, partial
}

// lookupNameKey is lookupName, which also returns nameKey(s). A name
// spelled as separated single letters ("A.O.", "a o") is also the code
// those letters spell: its country is among the found ones (letterCodes).
func lookupNameKey(s string) (found []string, partial bool, k string) {
	found, partial, k = lookupNameOnly(s)
	if len(found) == 0 || partial {
		return found, partial, k
	}
	extra := letterCodes(s)
	for _, c := range extra {
		if !slices.Contains(found, c) {
			found = append(slices.Clip(found), c)
		}
	}
	if len(extra) > 0 {
		slices.Sort(found)
	}
	return found, partial, k
}

// letterCodes returns the countries whose code a spelling of two or three
// separated single letters spells, in the order written and, for a name
// turned around ("o, A" as "A o"), turned around: "A.O." is Angola's code
// written with dots as much as it is the key of Vietnamese "Áo" (Austria),
// and key runs single letters together, so both are readings.
func letterCodes(s string) []string {
	// The words as key cuts them, before it runs single letters together.
	letters := func(s string) []string {
		s = strings.NewReplacer("'", "", "’", "", "ʼ", "", "‘", "", "`", "").Replace(spelling.Fold(s))
		return strings.FieldsFunc(s, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r)
		})
	}
	var out []string
	try := func(words []string) {
		if len(words) < 2 || len(words) > 3 {
			return
		}
		var b strings.Builder
		for _, w := range words {
			if utf8.RuneCountInString(w) != 1 {
				return
			}
			b.WriteString(strings.ToUpper(w))
		}
		if c, ok := Code(b.String()); ok && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	try(letters(s))
	if name, qual, ok := strings.Cut(s, ","); ok {
		try(append(letters(qual), letters(name)...))
	} else if name, qual, ok := strings.Cut(s, "("); ok {
		try(append(letters(qual), letters(name)...))
	}
	return out
}

// lookupNameOnly is lookupNameKey without the letters' codes.
func lookupNameOnly(s string) (found []string, partial bool, k string) {
	ix := names()
	k = nameKey(s)
	if k == "" {
		return nil, false, k
	}
	if codes, ok := ix.names[k]; ok {
		return codes, false, k
	}
	// A name turned around: "Korea, South", "China (Republic of)". The
	// name turned around is read before the name as sent is read through
	// an official form around it: "China (Republic of)" is the Republic of
	// China, not China with a form dropped.
	inverted := invertedKey(s)
	for _, v := range [...]string{inverted, expandAbbrev(inverted)} {
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
		return found, false, k
	}
	if codes, ok := exactName(ix, k); ok {
		return codes, false, k
	}
	// A name abbreviated: "S. Korea". What every reading names is asked
	// about when it is more than one country.
	for _, v := range [...]string{expandAbbrev(k)} {
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
		return found, false, k
	}
	if found, partial = partialName(ix, k); len(found) == 0 && inverted != "" {
		found, partial = partialName(ix, inverted)
	}
	return found, partial, k
}

// exactName returns the countries the key k names exactly: as a name of
// the index; with the, of and and left out between its words and theirs
// (looseNames: "Democratic Republic of Congo", "St. Vincent and the
// Grenadines"); through an official form around it; or by a name in a
// further language (moreNames).
func exactName(ix *nameIndex, k string) ([]string, bool) {
	if codes, ok := ix.names[k]; ok {
		return codes, true
	}
	if codes, ok := looseName(k); ok {
		return codes, true
	}
	// An official form around a name: "Republic of Guinea", "Guinea,
	// Republic of". The aliases hold the official names whose short form
	// names another country ("Republic of China" is Taiwan), and an exact
	// name is looked up before this.
	short := stripOfficial(k)
	if short != k {
		if codes, ok := ix.names[short]; ok {
			return codes, true
		}
		if codes, ok := looseName(short); ok {
			return codes, true
		}
	}
	// A name in a further language ("Norge", "Österrike", "Германия"). A
	// key of these that the main index holds too is in the main index with
	// every country it names (TestExonymKeys), so a hit above never hides
	// one here.
	if codes, ok := moreNames()[k]; ok {
		return codes, true
	}
	if short != k {
		if codes, ok := moreNames()[short]; ok {
			return codes, true
		}
	}
	// An official form that lost its of ("Yemen, Rep." turned around is
	// "Republic Yemen").
	for _, f := range officialFormsWithoutOf() {
		if len(k) > len(f)+1 && k[len(f)] == ' ' && k[:len(f)] == f {
			if codes, ok := ix.names[k[len(f)+1:]]; ok {
				return codes, true
			}
		}
	}
	return nil, false
}

// moreNames maps the keys of the names in further languages
// (moreExonymKeys) to the countries they name. It is built on the first
// exact miss of the main index, not with it: most names sent are English
// or native, and the main index's first use stays what it was.
var moreNames = sync.OnceValue(func() map[string][]string {
	m := make(map[string][]string, len(moreExonymKeys))
	for _, e := range moreExonymKeys {
		if !slices.Contains(m[e.key], e.code) {
			m[e.key] = append(m[e.key], e.code)
			slices.Sort(m[e.key])
		}
	}
	return m
})

// looseWords are the words a loose key leaves out: statistical tables and
// official names differ in them ("St. Vincent and the Grenadines", "St.
// Vincent & Grenadines"; "Congo, Dem. Rep." turned around is "Democratic
// Republic Congo", the Democratic Republic of the Congo).
var looseWords = [...]string{"the", "of", "and"}

// looseKey returns the key k without the looseWords that stand between
// two other words, or "" when that is k. A loose word at either end stays:
// "Trinidad and" is part of a name, not a name without its and.
func looseKey(k string) string {
	// Whether an inner word is loose, before anything is allocated: a key
	// is words joined by single spaces.
	first, last := strings.IndexByte(k, ' '), strings.LastIndexByte(k, ' ')
	if first < 0 || first == last {
		return ""
	}
	found := false
	for inner := k[first+1 : last]; inner != "" && !found; {
		w, rest, _ := strings.Cut(inner, " ")
		found = slices.Contains(looseWords[:], w)
		inner = rest
	}
	if !found {
		return ""
	}
	words := strings.Fields(k)
	out := []string{words[0]}
	for i := 1; i+1 < len(words); i++ {
		if !slices.Contains(looseWords[:], words[i]) {
			out = append(out, words[i])
		}
	}
	return strings.Join(append(out, words[len(words)-1]), " ")
}

// looseNames maps the loose key of every name of the main index but the
// exonyms (English, native, official, aliases, former names), with or
// without looseWords, to the countries it names: a name that differs from
// one of them only in the, of and and. Built on its first use.
var looseNames = sync.OnceValue(func() map[string][]string {
	ix := names()
	m := make(map[string][]string, len(ix.all))
	for _, e := range ix.all {
		lk := looseKey(e.key)
		if lk == "" {
			lk = e.key
		}
		if !slices.Contains(m[lk], e.code) {
			m[lk] = append(m[lk], e.code)
			slices.Sort(m[lk])
		}
	}
	return m
})

// looseName returns the countries the key k names with looseWords left
// out between words on both sides.
func looseName(k string) ([]string, bool) {
	lk := looseKey(k)
	if lk == "" {
		lk = k
	}
	codes, ok := looseNames()[lk]
	return codes, ok
}

// partialName returns the countries whose name holds the key k as a run
// of whole words.
func partialName(ix *nameIndex, k string) (found []string, partial bool) {
	significant := false
	for w := range strings.SplitSeq(k, " ") {
		if utf8.RuneCountInString(w) >= 3 && !stopWord(w) {
			significant = true
			break
		}
	}
	if !significant {
		return nil, false
	}
	// Each place k is found at in allText, as whole words, is a name
	// that holds it; the names are in the order of all.
	text := ix.allText
	for i := 0; i < len(text) && len(found) <= maxPartial; {
		j := strings.Index(text[i:], k)
		if j < 0 {
			break
		}
		j += i
		end := j + len(k) // < len(text): the text ends with a newline, which k does not hold
		if (j == 0 || text[j-1] == ' ' || text[j-1] == '\n') && (text[end] == ' ' || text[end] == '\n') {
			e, _ := slices.BinarySearch(ix.allEnd, int32(j+1)) // the first name ending after j
			if code := ix.all[e].code; !slices.Contains(found, code) {
				found = append(found, code)
			}
			i = int(ix.allEnd[e]) // on to the next name
			continue
		}
		i = j + 1
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
// key itself), and the abbreviations of statistical tables (the World
// Bank's and the UN's: "Congo, Dem. Rep.", "Micronesia, Fed. Sts.",
// "Venezuela, RB", "Hong Kong SAR, China", "Lao PDR"). "Fed." is
// "Federated" before "Sts." and "Federal" elsewhere (abbreviationPairs).
var abbreviations = [...]struct{ short, long string }{
	{"s", "south"},
	{"n", "north"},
	{"ste", "sainte"},
	{"dem", "democratic"},
	{"rep", "republic"},
	{"fed", "federal"},
	{"sts", "states"},
	{"is", "islands"},
	{"isl", "islands"},
	{"isls", "islands"},
	{"terr", "territory"},
	{"sar", "special administrative region"},
	{"pdr", "peoples democratic republic"},
	{"rb", "bolivarian republic"},
	{"ter", "territory"},
}

// abbreviationPairs are two abbreviated words that stand together for
// other words than each alone.
var abbreviationPairs = [...]struct{ first, second, long string }{
	{"fed", "sts", "federated states"},
}

// expandAbbrev returns the key k with each abbreviated word written out,
// or k itself.
func expandAbbrev(k string) string {
	abbreviated := false
	for w := range strings.SplitSeq(k, " ") {
		for _, a := range abbreviations {
			abbreviated = abbreviated || w == a.short
		}
	}
	if !abbreviated {
		return k // nearly every name: no copy
	}
	words := strings.Fields(k)
	for i, w := range words {
		if i+1 < len(words) {
			for _, p := range abbreviationPairs {
				if w == p.first && words[i+1] == p.second {
					words[i], words[i+1] = p.long, ""
				}
			}
			if words[i] != w {
				continue
			}
		}
		for _, a := range abbreviations {
			if w == a.short {
				words[i] = a.long
			}
		}
	}
	return strings.Join(strings.Fields(strings.Join(words, " ")), " ")
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

// officialFormsWithoutOf are officialForms without their of and the
// ("republic", "democratic republic"), longest first.
var officialFormsWithoutOf = sync.OnceValue(func() []string {
	var out []string
	for _, f := range officialForms {
		var words []string
		for _, w := range strings.Fields(f) {
			if w != "of" && w != "the" {
				words = append(words, w)
			}
		}
		if s := strings.Join(words, " "); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
})

// stripOfficial returns the key k without an official form around it, or
// k itself.
func stripOfficial(k string) string {
	for _, f := range officialForms {
		// k starts with f and a space, or ends with a space and f: the
		// tests of strings.CutPrefix(k, f+" ") and CutSuffix(k, " "+f),
		// without building those strings on every read.
		if len(k) > len(f)+1 && k[len(f)] == ' ' && k[:len(f)] == f {
			return strings.TrimPrefix(k[len(f)+1:], "the ")
		}
		if len(k) > len(f)+1 && k[len(k)-len(f)-1] == ' ' && k[len(k)-len(f):] == f {
			return k[:len(k)-len(f)-1]
		}
	}
	return k
}

// nameKey is key(s), looked up first among the names as the data spells
// them.
func nameKey(s string) string {
	// strings.ToLower(s), written into a buffer on the stack when it fits:
	// a map looked up by string(bytes) copies nothing.
	var buf [128]byte
	if k, ok := names().lower[string(appendLower(buf[:0], s))]; ok {
		return k
	}
	return key(s)
}

// appendLower appends strings.ToLower(s) to b.
func appendLower(b []byte, s string) []byte {
	for _, r := range s {
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b = append(b, byte(r))
			continue
		}
		b = utf8.AppendRune(b, unicode.ToLower(r))
	}
	return b
}

// maxPartial is the most countries a partial name is asked about; a word
// shared by more names no country.
const maxPartial = 8

// key is the form names are indexed by: folded (case, diacritics), with
// apostrophes dropped, "&" read as "and", every other mark a space, a
// leading "the" dropped, "st" read as "saint", and single letters run
// together ("U.S.A." is "usa"). It is written in two passes over buffers
// on the stack, and allocates the key (and, for a name that is not ASCII,
// what spelling.Fold does): issue 18's first use builds a key of every
// name (keyReference in the tests is the form it was written in first).
func key(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	f := s
	if !ascii {
		f = spelling.Fold(s)
	}
	// The first pass: the words, each of the letters, digits and marks
	// between two other characters, joined by single spaces.
	var cleanBuf [128]byte
	clean := cleanBuf[:0]
	gap := false // a word ended: a space before the next
	for _, r := range f {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			// Fold lowers an ASCII name's letters; a folded name holds no
			// capital that Fold left.
			if ascii {
				r += 'a' - 'A'
			}
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)):
			// A letter first: 'ʼ' is one, and kept.
		case r == '\'' || r == '’' || r == 'ʼ' || r == '‘' || r == '`':
			continue // dropped, within the word
		case r == '&':
			if len(clean) > 0 {
				clean = append(clean, ' ')
			}
			clean = append(clean, "and"...)
			gap = true
			continue
		default:
			gap = true
			continue
		}
		if gap && len(clean) > 0 {
			clean = append(clean, ' ')
		}
		gap = false
		clean = utf8.AppendRune(clean, r)
	}
	// The second pass: a leading "the" dropped (unless it is the only
	// word), "st" written "saint", runs of single letters joined.
	var outBuf [160]byte
	out := outBuf[:0]
	first := true
	single := false // the last word written is a run of single letters
	for i := 0; i < len(clean); {
		j := i
		for j < len(clean) && clean[j] != ' ' {
			j++
		}
		w := clean[i:j]
		next := j + 1
		if first && j < len(clean) && string(w) == "the" {
			first = false
			i = next
			continue
		}
		first = false
		one := utf8.RuneCount(w) == 1
		switch {
		case one && single: // run on
		case len(out) > 0:
			out = append(out, ' ')
		}
		if string(w) == "st" {
			out = append(out, "saint"...)
		} else {
			out = append(out, w...)
		}
		single = one
		i = next
	}
	return string(out)
}
