package vocabulary

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// Entry is one value of a vocabulary: its id (the canonical spelling), its
// names, abbreviations and English names, and the country it belongs to,
// if it belongs to one.
type Entry struct {
	ID            string   `json:"id"`
	Names         []string `json:"names"`
	Abbreviations []string `json:"abbreviations,omitempty"`
	English       []string `json:"english,omitempty"`
	// Country is the country of an entry bound to one (a national
	// court), as the country owner (kinds/country) reads it as one
	// country: "CZ" best. A spelling of the entry followed by a spelling
	// of its country reads as the entry ("Nejvyšší soud ČR"); an entry
	// without a country never takes one.
	Country string `json:"country,omitempty"`
}

// how says which spelling of an entry a folded spelling is; a lower how is
// the stronger, and names the note of a match.
type how uint8

const (
	byID how = iota
	byName
	byEnglish
	byAbbreviation
)

// hit is one entry a folded spelling names, and as what.
type hit struct {
	entry int32
	how   how
}

// Reader reads the values of one data-owned vocabulary. Build one with
// New or Load; it is immutable and safe for use by many goroutines.
type Reader struct {
	entries []Entry
	// ids maps each id as declared to its entry: the canonical fast path.
	ids map[string]int32
	// index maps each folded spelling (and the folded spelling of an id or
	// an abbreviation without its spaces) to the entries it names, each
	// once, with the strongest way it names it.
	index map[string][]hit
	// partial maps the folded first words of every name and English name
	// (fewer words than the name, minPartial letters or more) to the
	// entries whose names begin so, each once, in the order of the data.
	partial map[string][]int32
	// negated holds the keys of index that spelling.Negation reads as led
	// by a negation word ("non profit court"), for plainKey; nearly every
	// vocabulary has none.
	negated map[string]struct{}
	// countries holds each entry's country, as the country owner read
	// it (alpha-2), or ""; anyCountry reports whether one is not "".
	countries  []string
	anyCountry bool
	near       nearIndex
	expected   string
	example    json.RawMessage
}

// MaxNear is the most nearest entries an ask about a spelling that names
// no entry offers as readings.
const MaxNear = 3

// maxReadings bounds the readings of an ask about a spelling several
// entries share; the reason says how many there are in all.
const maxReadings = 32

// Options declares a vocabulary: its entries, in the order of the data
// (the first is the example of asks, and the ids are listed in this
// order). The zero Options has no entry, which New rejects.
type Options struct {
	Entries []Entry
}

// New checks the entries and builds the vocabulary's indexes, once. Its
// errors are mistakes in the data, found where the vocabulary is loaded:
// see the package documentation.
func New(opts Options) (*Reader, error) {
	entries := opts.Entries
	if len(entries) == 0 {
		return nil, errors.New("vocabulary: no entries")
	}
	if len(entries) > agentinput.MaxVocabularyEntries {
		return nil, errors.New("vocabulary: " + strconv.Itoa(len(entries)) + " entries, more than the budget of " +
			strconv.Itoa(agentinput.MaxVocabularyEntries) + " (agentinput.MaxVocabularyEntries)")
	}
	v := &Reader{
		entries:   make([]Entry, len(entries)),
		ids:       make(map[string]int32, len(entries)),
		countries: make([]string, len(entries)),
	}
	// spelled is one spelling as declared, kept while building so that an
	// error names both spellings.
	type spelled struct {
		entry int32
		how   how
		text  string
	}
	seen := make(map[string][]spelled, 4*len(entries))
	spellings := make([][]folded, len(entries))
	describe := func(s spelled) string {
		what := [...]string{"id", "name", "English name", "abbreviation"}[s.how]
		return "the " + what + " " + strconv.Quote(s.text) + " of entry " + strconv.Quote(v.entries[s.entry].ID)
	}
	insert := func(k string, s spelled) error {
		for _, p := range seen[k] {
			if p.entry == s.entry {
				continue
			}
			strong := func(h how) bool { return h == byID || h == byName }
			if strong(p.how) && strong(s.how) || p.how == byID || s.how == byID {
				return errors.New("vocabulary: " + describe(s) + " folds like " + describe(p) +
					" (both read as " + strconv.Quote(k) + "): a model cannot keep them apart")
			}
		}
		seen[k] = append(seen[k], s)
		return nil
	}
	for i, e := range entries {
		e = Entry{
			ID:            e.ID,
			Names:         slices.Clone(e.Names),
			Abbreviations: slices.Clone(e.Abbreviations),
			English:       slices.Clone(e.English),
			Country:       e.Country,
		}
		v.entries[i] = e
		at := "entry " + strconv.Itoa(i+1)
		if err := checkDeclared(e.ID); err != "" {
			return nil, errors.New("vocabulary: " + at + ": id " + strconv.Quote(e.ID) + " " + err)
		}
		if t, _ := spelling.Trim(e.ID); t != e.ID {
			return nil, errors.New("vocabulary: " + at + ": id " + strconv.Quote(e.ID) + " has surrounding whitespace or quotes, which a read trims")
		}
		if _, dup := v.ids[e.ID]; dup {
			return nil, errors.New("vocabulary: entries " + strconv.Itoa(int(v.ids[e.ID])+1) + " and " + strconv.Itoa(i+1) +
				" have the same id " + strconv.Quote(e.ID))
		}
		v.ids[e.ID] = int32(i)
		if len(e.Names) == 0 {
			return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + " has no name")
		}
		if e.Country != "" {
			code, err := readCountry(e.Country)
			if err != "" {
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": country " + strconv.Quote(e.Country) + " " + err)
			}
			v.countries[i] = code
			v.anyCountry = true
		}
		add := func(text string, h how) error {
			if err := checkDeclared(text); err != "" {
				return errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": " + strconv.Quote(text) + " " + err)
			}
			k := key(text)
			if k == "" {
				return errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": " + strconv.Quote(text) + " has no letter or digit")
			}
			spellings[i] = append(spellings[i], folded{key: k, whole: h == byID || h == byAbbreviation})
			s := spelled{entry: int32(i), how: h, text: text}
			if err := insert(k, s); err != nil {
				return err
			}
			if h == byID || h == byAbbreviation {
				if c := compact(k); c != k {
					return insert(c, s)
				}
			}
			return nil
		}
		if err := add(e.ID, byID); err != nil {
			return nil, err
		}
		for _, list := range []struct {
			texts []string
			how   how
		}{{e.Names, byName}, {e.English, byEnglish}, {e.Abbreviations, byAbbreviation}} {
			for _, text := range list.texts {
				if err := add(text, list.how); err != nil {
					return nil, err
				}
			}
		}
	}
	v.index = make(map[string][]hit, len(seen))
	for k, list := range seen {
		hits := make([]hit, 0, 1)
	next:
		for _, s := range list {
			for j := range hits {
				if hits[j].entry == s.entry {
					hits[j].how = min(hits[j].how, s.how)
					continue next
				}
			}
			hits = append(hits, hit{entry: s.entry, how: s.how})
		}
		v.index[k] = slices.Clip(hits)
	}
	// A key with spaces also names what its compact form names ("n s" is
	// "ns" spelt with dots), merged here once so that a lookup that finds
	// its key is one map access.
	for k, hits := range v.index {
		if !strings.Contains(k, " ") {
			continue
		}
		more := v.index[compact(k)]
		if len(more) == 0 {
			continue
		}
		v.index[k] = merge(hits, more)
	}
	for k := range v.index {
		if _, ok := spelling.Negation(k); ok {
			if v.negated == nil {
				v.negated = map[string]struct{}{}
			}
			v.negated[k] = struct{}{}
		}
	}
	v.partial = buildPartial(v.entries, v.index)
	v.near = buildNear(spellings)
	v.expected, v.example = describeIDs(v.entries)
	return v, nil
}

// Load reads a vocabulary from JSON: an array of entries,
// [{"id", "names", "abbreviations", "english", "country"}], and builds it
// with New. An
// unknown field is an error (a misspelt "abbreviation" would otherwise be
// lost silently). It is New for the form a vocabulary is kept in: data
// files, which every server loads the same way, so that this decoding is
// written once, here.
func Load(r io.Reader) (*Reader, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var entries []Entry
	if err := dec.Decode(&entries); err != nil {
		return nil, errors.New("vocabulary: reading the entries: " + err.Error())
	}
	if dec.More() {
		return nil, errors.New("vocabulary: reading the entries: data after the array")
	}
	return New(Options{Entries: entries})
}

// readCountry reads an entry's declared country through the country
// owner: its alpha-2 code, or what is wrong with it when it is not one
// country.
func readCountry(s string) (code, problem string) {
	o := country.Read(s, country.Options{})
	if code, ok := o.Value(); ok {
		return code, ""
	}
	a, _ := o.Ask()
	problem = "is not one country as the country kind reads it: " + a.Reason
	if len(a.Readings) > 0 {
		var codes []string
		for _, r := range a.Readings {
			codes = append(codes, string(r.Value))
		}
		problem += " (it may mean " + strings.Join(codes, " or ") + ")"
	}
	return "", problem
}

// checkDeclared says what is wrong with a declared spelling, or "".
func checkDeclared(s string) string {
	switch {
	case s == "":
		return "is empty"
	case len(s) > agentinput.MaxScalarBytes:
		return "is longer than " + strconv.Itoa(agentinput.MaxScalarBytes) + " bytes"
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case spelling.Hidden(s) != "":
		return "has a control or invisible character"
	}
	return ""
}

// Len returns the number of entries.
func (v *Reader) Len() int { return len(v.entries) }

// IDs returns the ids of the entries, in the order of the data.
func (v *Reader) IDs() []string {
	out := make([]string, len(v.entries))
	for i, e := range v.entries {
		out[i] = e.ID
	}
	return out
}

// Entry returns the entry with the id, as declared.
func (v *Reader) Entry(id string) (Entry, bool) {
	i, ok := v.ids[id]
	if !ok {
		return Entry{}, false
	}
	e := v.entries[i]
	return Entry{ID: e.ID, Names: slices.Clone(e.Names), Abbreviations: slices.Clone(e.Abbreviations), English: slices.Clone(e.English), Country: e.Country}, true
}

// Describe returns a few words that name an entry for a reading's meaning:
// its first name, and its first English name after a comma.
func (v *Reader) Describe(id string) string {
	i, ok := v.ids[id]
	if !ok {
		return ""
	}
	return v.meaning(i)
}

func (v *Reader) meaning(i int32) string {
	e := &v.entries[i]
	m := e.Names[0]
	if len(e.English) > 0 && e.English[0] != m {
		m += ", " + e.English[0]
	}
	return m
}

// Expected says in words what the vocabulary accepts, with its first id as
// the example.
func (v *Reader) Expected() string { return v.expected }

// Example returns the first entry's id as JSON.
func (v *Reader) Example() json.RawMessage { return slices.Clone(v.example) }

// maxListed is how many ids the expected text lists.
const maxListed = 10

func describeIDs(entries []Entry) (string, json.RawMessage) {
	var b strings.Builder
	example := quote(entries[0].ID)
	b.WriteString("the id of an entry, or one of its names, abbreviations or English names, as a JSON string, for example ")
	b.Write(example)
	b.WriteString("; the ids are ")
	for i, e := range entries {
		if i == maxListed {
			b.WriteString(", … (" + strconv.Itoa(len(entries)) + " entries in all)")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(quote(e.ID))
	}
	return b.String(), example
}

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want the id of an entry exactly")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "vocabulary: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: an entry's id exactly.
func (v *Reader) Parse(s string) (string, error) {
	if i, ok := v.ids[s]; ok {
		return v.entries[i].ID, nil
	}
	return "", &ParseError{Value: s}
}

func quote(s string) json.RawMessage {
	b, _ := json.Marshal(s) // a valid UTF-8 string always encodes
	return b
}

// minPartial is the fewest letters and digits the first words of a name
// need to be read as that name: "a", "the" or "de" begin too many names.
const minPartial = 4

// buildPartial indexes the first words of every name and English name
// that are not a spelling of their own (index), for the partial-name read.
func buildPartial(entries []Entry, index map[string][]hit) map[string][]int32 {
	partial := map[string][]int32{}
	for i, e := range entries {
		for _, list := range [][]string{e.Names, e.English} {
			for _, name := range list {
				words := strings.Fields(key(name))
				for n := 1; n < len(words); n++ {
					k := strings.Join(words[:n], " ")
					if _, own := index[k]; own || utf8.RuneCountInString(compact(k)) < minPartial {
						continue
					}
					if l := partial[k]; len(l) == 0 || l[len(l)-1] != int32(i) {
						partial[k] = append(l, int32(i))
					}
				}
			}
		}
	}
	return partial
}
