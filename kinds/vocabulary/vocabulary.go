package vocabulary

import (
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/inflect"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/locale"
)

// Entry is one value of a vocabulary: its id (the canonical spelling), its
// names (in its language, and in others), abbreviations and English names,
// and the country it belongs to, if it belongs to one.
type Entry struct {
	ID    string   `json:"id"`
	Names []string `json:"names"`
	// Language is the language Names are in: a language code that the
	// locale kind (kinds/locale) writes as it is ("cs", "sk", "de"), or
	// "" when the data does not say. A name in a language the vocabulary
	// has declension rules for (cs, sk, de) is read in its inflected
	// forms too ("Krajského soudu v Praze" for "Krajský soud v Praze";
	// see the package documentation, # Inflected names). It is never
	// taken from Country: a court of one country may be named in the
	// language of another.
	Language string `json:"language,omitempty"`
	// NamesByLanguage holds names in more languages, by language code (as
	// Language): {"de": ["Oberster Gerichtshof"]}. Each is read as a name
	// of the entry, and in its inflected forms in a language with rules.
	// Names in Language belong in Names and English ones in English, so
	// neither is a key here.
	NamesByLanguage map[string][]string `json:"names_by_language,omitempty"`
	Abbreviations   []string            `json:"abbreviations,omitempty"`
	English         []string            `json:"english,omitempty"`
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
	// byForm is an inflected form of a name (internal/inflect), which New
	// generates: the weakest, as no one declared it.
	byForm
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
	// countries holds each entry's country, as the country owner read
	// it (alpha-2), or ""; anyCountry reports whether one is not "".
	countries  []string
	anyCountry bool
	near       nearIndex
	expected   string
	example    json.RawMessage
	// spellings caches each entry's spellings for Spell (spell.go),
	// built by the first Spell or Ambiguous.
	spellings atomic.Pointer[spellCache]
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
	// The entries' lists are copied into one array, and their folded
	// spellings kept in another, each sized in this first pass.
	texts, whole := 0, 0
	for _, e := range entries {
		texts += len(e.Names) + len(e.Abbreviations) + len(e.English)
		for _, list := range e.NamesByLanguage {
			texts += len(list)
		}
		whole += 1 + len(e.Abbreviations)
	}
	spells := len(entries) + texts
	v := &Reader{
		entries:   make([]Entry, len(entries)),
		ids:       make(map[string]int32, len(entries)),
		countries: make([]string, len(entries)),
		// Every spelling's key, and the spaceless key of each id and
		// abbreviation: the most keys there can be, before the forms.
		index: make(map[string][]hit, spells+whole),
	}
	backing := make([]string, texts)
	clone := func(list []string) []string {
		if list == nil {
			return nil
		}
		n := copy(backing, list)
		out := backing[:n:n]
		backing = backing[n:]
		return out
	}
	folds := make([]folded, 0, spells)
	// slab holds the first hit of every key, so that a key one entry
	// holds (nearly every key) is no allocation of its own; a second hit
	// moves the key's hits out by append.
	slab := make([]hit, 0, spells+whole)
	spellings := make([][]folded, len(entries))
	// insert adds entry i to the entries the key k names, as h, once per
	// entry with the strongest way (New adds an entry's id, names,
	// English names and abbreviations in that order, the strongest first).
	// Two entries may share a key unless both name it by an id or a name,
	// or either by its id: then the error names both spellings.
	insert := func(k string, i int32, h how, text string) error {
		hits := v.index[k]
		for j := range hits {
			p := hits[j]
			if p.entry == i {
				hits[j].how = min(p.how, h)
				return nil
			}
			strong := func(h how) bool { return h == byID || h == byName }
			if strong(p.how) && strong(h) || p.how == byID || h == byID {
				return errors.New("vocabulary: " + v.describe(i, h, text) + " folds like " +
					v.describe(p.entry, p.how, v.spelledAs(p.entry, p.how, k)) +
					" (both read as " + strconv.Quote(k) + "): a model cannot keep them apart")
			}
		}
		if len(hits) == 0 && len(slab) < cap(slab) {
			slab = append(slab, hit{entry: i, how: h})
			v.index[k] = slab[len(slab)-1 : len(slab) : len(slab)]
			return nil
		}
		v.index[k] = append(hits, hit{entry: i, how: h})
		return nil
	}
	// languages holds each language code as read, by the code declared;
	// inflected the names New generates the forms of, once every
	// declared spelling is in.
	languages := map[string]string{}
	language := func(code string) (string, string) {
		if base, ok := languages[code]; ok {
			return base, ""
		}
		base, problem := readLanguage(code)
		if problem == "" {
			languages[code] = base
		}
		return base, problem
	}
	var inflected []named
	for i, e := range entries {
		var byLanguage map[string][]string
		if e.NamesByLanguage != nil {
			byLanguage = make(map[string][]string, len(e.NamesByLanguage))
			for lang, list := range e.NamesByLanguage {
				byLanguage[lang] = clone(list)
			}
		}
		e = Entry{
			ID:              e.ID,
			Names:           clone(e.Names),
			Language:        e.Language,
			NamesByLanguage: byLanguage,
			Abbreviations:   clone(e.Abbreviations),
			English:         clone(e.English),
			Country:         e.Country,
		}
		v.entries[i] = e
		if err := checkDeclared(e.ID); err != "" {
			return nil, errors.New("vocabulary: entry " + strconv.Itoa(i+1) + ": id " + strconv.Quote(e.ID) + " " + err)
		}
		if t, _ := spelling.Trim(e.ID); t != e.ID {
			return nil, errors.New("vocabulary: entry " + strconv.Itoa(i+1) + ": id " + strconv.Quote(e.ID) + " has surrounding whitespace or quotes, which a read trims")
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
		own := ""
		if e.Language != "" {
			base, problem := language(e.Language)
			if problem != "" {
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": language " + strconv.Quote(e.Language) + " " + problem)
			}
			own = base
		}
		first := len(folds)
		add := func(text string, h how) error {
			if err := checkDeclared(text); err != "" {
				return errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": " + strconv.Quote(text) + " " + err)
			}
			k := key(text)
			if k == "" {
				return errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": " + strconv.Quote(text) + " has no letter or digit")
			}
			f := folded{key: k, compact: k, whole: h == byID || h == byAbbreviation}
			if err := insert(k, int32(i), h, text); err != nil {
				return err
			}
			if f.whole && strings.IndexByte(k, ' ') >= 0 {
				f.compact = compact(k)
				if err := insert(f.compact, int32(i), h, text); err != nil {
					return err
				}
			}
			folds = append(folds, f)
			return nil
		}
		if err := add(e.ID, byID); err != nil {
			return nil, err
		}
		for _, text := range e.Names {
			if err := add(text, byName); err != nil {
				return nil, err
			}
			if inflect.Has(own) {
				inflected = append(inflected, named{int32(i), text, own})
			}
		}
		var codes []string
		if len(e.NamesByLanguage) > 0 {
			codes = slices.Sorted(maps.Keys(e.NamesByLanguage))
		}
		for _, code := range codes {
			base, problem := language(code)
			switch {
			case problem != "":
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": names_by_language: " + strconv.Quote(code) + " " + problem)
			case base == "en":
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": names_by_language: " + strconv.Quote(code) + " is English: put English names in english")
			case base == own:
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": names_by_language: " + strconv.Quote(code) + " is the entry's language: put those names in names")
			case len(e.NamesByLanguage[code]) == 0:
				return nil, errors.New("vocabulary: entry " + strconv.Quote(e.ID) + ": names_by_language: " + strconv.Quote(code) + " has no name")
			}
			for _, text := range e.NamesByLanguage[code] {
				if err := add(text, byName); err != nil {
					return nil, err
				}
				if inflect.Has(base) {
					inflected = append(inflected, named{int32(i), text, base})
				}
			}
		}
		for _, text := range e.English {
			if err := add(text, byEnglish); err != nil {
				return nil, err
			}
		}
		for _, text := range e.Abbreviations {
			if err := add(text, byAbbreviation); err != nil {
				return nil, err
			}
		}
		spellings[i] = folds[first:len(folds):len(folds)]
	}
	if len(inflected) > 0 {
		v.addForms(inflected, spellings)
	}
	// A key with spaces also names what its compact form names ("n s" is
	// "ns" spelt with dots), merged here once so that a lookup that finds
	// its key is one map access.
	var buf [64]byte
	for k, hits := range v.index {
		if strings.IndexByte(k, ' ') < 0 {
			continue
		}
		if more := v.index[string(appendCompact(buf[:0], k))]; len(more) > 0 && !covers(hits, more) {
			v.index[k] = merge(hits, more)
		}
	}
	v.partial = buildPartial(spellings, v.index)
	v.near = buildNear(spellings)
	v.expected, v.example = describeIDs(v.entries)
	return v, nil
}

// named is a name of an entry in a language with declension rules.
type named struct {
	entry      int32
	text, lang string
}

// addForms indexes the inflected forms of the names (forms), once every
// declared spelling is in, each as a spelling of its entry by byForm, and
// adds them to the entry's spellings (for the partial names and the
// nearest entries). A form is left out when a declared spelling folds
// like it, or like it without its spaces (an id or an abbreviation with
// spaces: "n s" for "NS"): what the data declares is read as declared. A
// form two entries share names both.
func (v *Reader) addForms(names []named, spellings [][]folded) {
	type form struct {
		entry int32
		key   string
	}
	var generated []form
	var keys []string
	for _, n := range names {
		keys = forms(n.text, n.lang, keys[:0])
		for _, k := range keys {
			generated = append(generated, form{n.entry, k})
		}
	}
	slab := make([]hit, 0, len(generated))
	kept := make([]folded, 0, len(generated))
	counts := make([]int32, len(spellings))
	var buf [64]byte
next:
	for _, g := range generated {
		hits := v.index[g.key]
		for _, p := range hits {
			if p.entry == g.entry || p.how != byForm {
				continue next // its own, or another entry's declared spelling
			}
		}
		if strings.IndexByte(g.key, ' ') >= 0 {
			for _, p := range v.index[string(appendCompact(buf[:0], g.key))] {
				if p.how != byForm {
					continue next // an id or abbreviation spelled with spaces
				}
			}
		}
		if len(hits) == 0 {
			slab = append(slab, hit{entry: g.entry, how: byForm})
			v.index[g.key] = slab[len(slab)-1 : len(slab) : len(slab)]
		} else {
			v.index[g.key] = append(hits, hit{entry: g.entry, how: byForm})
		}
		kept = append(kept, folded{key: g.key, compact: g.key})
		counts[g.entry]++
	}
	// Each entry's spellings are its declared ones, then its forms, in
	// one array laid out anew.
	total := len(kept)
	for _, list := range spellings {
		total += len(list)
	}
	all := make([]folded, 0, total)
	at := 0
	for i, list := range spellings {
		start := len(all)
		all = append(all, list...)
		all = append(all, kept[at:at+int(counts[i])]...)
		at += int(counts[i])
		spellings[i] = all[start:len(all):len(all)]
	}
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

// describe names a spelling of entry i, as h, for an error of New.
func (v *Reader) describe(i int32, h how, text string) string {
	what := [...]string{"id", "name", "English name", "abbreviation", "inflected form"}[h]
	return "the " + what + " " + strconv.Quote(text) + " of entry " + strconv.Quote(v.entries[i].ID)
}

// spelledAs returns the first spelling of entry i, as h, whose key, or
// spaceless key for an id or an abbreviation, is k: the spelling that
// put the entry under k, for an error of New.
func (v *Reader) spelledAs(i int32, h how, k string) string {
	e := &v.entries[i]
	names := e.Names
	for _, code := range slices.Sorted(maps.Keys(e.NamesByLanguage)) {
		names = append(slices.Clip(names), e.NamesByLanguage[code]...)
	}
	texts := [...][]string{{e.ID}, names, e.English, e.Abbreviations, nil}[h]
	for _, text := range texts {
		if tk := key(text); tk == k || (h == byID || h == byAbbreviation) && compact(tk) == k {
			return text
		}
	}
	return ""
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

// readLanguage reads a declared language code through the locale owner
// (kinds/locale), strictly: its base language ("cs" of "cs-CZ"), or what
// is wrong with it.
func readLanguage(code string) (base, problem string) {
	tag, err := locale.Parse(code)
	if err != nil {
		return "", "is not a language code as the locale kind writes it (such as \"cs\", \"de\" or \"sk\")"
	}
	b, _ := tag.Base()
	return b.String(), ""
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
	var byLanguage map[string][]string
	if e.NamesByLanguage != nil {
		byLanguage = make(map[string][]string, len(e.NamesByLanguage))
		for lang, list := range e.NamesByLanguage {
			byLanguage[lang] = slices.Clone(list)
		}
	}
	return Entry{ID: e.ID, Names: slices.Clone(e.Names), Language: e.Language, NamesByLanguage: byLanguage,
		Abbreviations: slices.Clone(e.Abbreviations), English: slices.Clone(e.English), Country: e.Country}, true
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
// A key's words are separated by one space each, so its first words are
// the key up to a space.
func buildPartial(spellings [][]folded, index map[string][]hit) map[string][]int32 {
	partial := map[string][]int32{}
	for i, list := range spellings {
		for _, f := range list {
			if f.whole {
				continue // an id or an abbreviation
			}
			k, runes := f.key, 0
			for j := 0; j < len(k); j++ {
				switch c := k[j]; {
				case c == ' ':
					p := k[:j]
					if _, own := index[p]; own || runes < minPartial {
						continue
					}
					if l := partial[p]; len(l) == 0 || l[len(l)-1] != int32(i) {
						partial[p] = append(l, int32(i))
					}
				case c&0xC0 != 0x80: // the first byte of a rune
					runes++
				}
			}
		}
	}
	return partial
}

var _ agentinput.Reader[string] = (*Reader)(nil)
