package filter

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/vocabulary"
)

// Options say what a filter is over: another kind's read function (an
// enum, a number, a date …), or a data-owned vocabulary. One of Read and
// Vocabulary is required; the zero Options is over nothing, which New
// rejects.
type Options[T any] struct {
	// Read is the read function of the kind the filter is over, with its
	// options (an enum's Read, a date reader's Read). Set it, or
	// Vocabulary, never both.
	Read func(any) agentinput.Outcome[T]
	// Expected says what the kind accepts and Example is one canonical
	// value as JSON, for the asks; both optional, best taken from the
	// kind (an enum's Expected and Example).
	Expected string
	Example  json.RawMessage
	// Values are the kind's declared values (an enum's Values), if it has
	// any: optional, the readings of an ask about a pattern ("dra*").
	Values []string
	// Vocabulary makes the filter one over a data-owned vocabulary, which
	// never empties a search: a value that names no entry, or several, is
	// dropped (absent) with a warning filter_dropped that names the
	// entries it could have meant, or a sample of the entries; a value
	// within reach of exactly one entry is an ask naming it. Read,
	// Expected, Example and Values are then the vocabulary's, and must be
	// left zero; T must be string, the type of an entry's id.
	Vocabulary *vocabulary.Reader
	// Miss says what a filter over a vocabulary does with a value the
	// vocabulary does not read as one entry: MissDrop (the zero value)
	// drops it, MissAsk asks. Over another kind a miss is always the
	// kind's ask, and Miss must be left zero.
	Miss Miss
	// WordsChecked says that no word of the "not filtering" table
	// (spelling.AllWords) reads as a value of Read, whatever Read's
	// options: the caller holds it with a test, which is only possible for
	// a kind whose values are its own fixed data (countries, languages,
	// dates), never one whose values are declared (an enum's). New then
	// does not read the words through Read, so that declaring a filter
	// builds none of the kind's indexes (they are built by the first call
	// that reads a value). Left false, New reads each word and refuses a
	// kind that reads one as a value.
	WordsChecked bool
	// Speller spells the kind's values for the filter's Spell and
	// Ambiguous (spell.go): the kind's reader, when it is an
	// agentinput.Speller, best the one whose Read is Read. Optional: nil
	// spells a value in its canonical JSON only. Over a vocabulary the
	// vocabulary spells, and Speller must be left nil.
	Speller agentinput.Speller[T]
}

// Miss is the policy of a filter over a vocabulary for a value that
// names no entry or several: see the package documentation, # Over a
// vocabulary.
type Miss uint8

const (
	// MissDrop drops the value with a warning filter_dropped, and the
	// search runs unfiltered: a value within reach of exactly one entry
	// is asked about all the same.
	MissDrop Miss = iota
	// MissAsk asks about every such value, as a filter over another kind
	// does: the call is refused and names what to send.
	MissAsk
)

// ParseMiss reads a policy by its name, "drop" or "ask" (a tag's
// miss=ask).
func ParseMiss(s string) (Miss, error) {
	switch s {
	case "drop":
		return MissDrop, nil
	case "ask":
		return MissAsk, nil
	}
	return 0, errors.New("filter: miss=" + s + ": want drop or ask")
}

func (m Miss) String() string {
	if m == MissAsk {
		return "ask"
	}
	return "drop"
}

// Reader reads one optional filter value. Build one with New; it is
// immutable and safe for use by many goroutines.
type Reader[T any] struct {
	read     func(any) agentinput.Outcome[T]
	example  json.RawMessage
	vocab    *vocabulary.Reader // nil over a kind with no vocabulary
	drop     func(v any, a agentinput.Ask) agentinput.Outcome[T]
	miss     Miss
	expected string
	speller  agentinput.Speller[T] // Options.Speller, or the vocabulary; nil spells canonical JSON
	// folded holds, for each id of the vocabulary (or each declared value
	// of the kind), its spellings folded, for matching patterns.
	ids    []string
	folded [][]string
}

// New checks opts and builds the filter. Over a kind with no vocabulary,
// the "not filtering" spellings read as absent, and everything else is read
// by the kind, its asks included; over a vocabulary, an ask of the
// vocabulary becomes absence with a warning (see Options.Vocabulary). Its
// errors are the program's mistakes: no kind, both a kind and a
// vocabulary, a vocabulary under a filter whose T is not string, and a
// "not filtering" spelling that reads as a value of the kind (an enum that
// declares "all", a vocabulary with an entry named "alle"): the filter
// could not tell the two apart.
func New[T any](opts Options[T]) (*Reader[T], error) {
	if opts.Vocabulary != nil {
		return overVocabulary[T](opts)
	}
	if opts.Read == nil {
		return nil, errors.New("filter: Options.Read and Options.Vocabulary are both unset")
	}
	if opts.Miss != MissDrop {
		return nil, errors.New("filter: Options.Miss is for a filter over a vocabulary; over another kind a miss is the kind's ask")
	}
	f := &Reader[T]{read: opts.Read, example: opts.Example, expected: expected(opts.Expected), speller: opts.Speller}
	for _, d := range opts.Values {
		// Only a value the kind reads back as itself, with no note, can be
		// a reading.
		if o := opts.Read(d); o.Status() == agentinput.StatusValue && o.NoteCount() == 0 {
			f.ids = append(f.ids, d)
			f.folded = append(f.folded, []string{spelling.Fold(d)})
		}
	}
	if opts.WordsChecked {
		return f, nil
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

// overVocabulary is New over opts.Vocabulary.
func overVocabulary[T any](opts Options[T]) (*Reader[T], error) {
	v := opts.Vocabulary
	if opts.Read != nil || opts.Expected != "" || opts.Example != nil || opts.Values != nil || opts.WordsChecked || opts.Speller != nil {
		return nil, errors.New("filter: Options.Vocabulary is set, so Read, Expected, Example, Values and Speller are the vocabulary's and must be left unset, and its entries are data, so its words are checked (WordsChecked unset)")
	}
	read, ok := any(v.Read).(func(any) agentinput.Outcome[T])
	if !ok {
		return nil, errors.New("filter: a filter over a vocabulary reads ids, so it is a filter of string")
	}
	f := &Reader[T]{
		read:     read,
		example:  v.Example(),
		vocab:    v,
		expected: expected(v.Expected()),
		speller:  any(v).(agentinput.Speller[T]),
		miss:     opts.Miss,
	}
	f.ids = v.IDs()
	for _, id := range f.ids {
		e, _ := v.Entry(id)
		var fs []string
		lists := [][]string{{e.ID}, e.Names, e.Abbreviations, e.English}
		for _, lang := range slices.Sorted(maps.Keys(e.NamesByLanguage)) {
			lists = append(lists, e.NamesByLanguage[lang])
		}
		for _, list := range lists {
			for _, s := range list {
				fs = append(fs, spelling.Fold(s))
			}
		}
		f.folded = append(f.folded, fs)
	}
	f.drop = func(raw any, a agentinput.Ask) agentinput.Outcome[T] {
		if f.miss == MissAsk || len(a.Readings) == 1 {
			return f.asked(raw, a)
		}
		return agentinput.Absent[T](agentinput.Notes{}).WithWarning(dropped(v, raw, a))
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *Reader[T]) check() error {
	for _, lang := range spelling.AllWordLanguages() {
		for _, w := range spelling.AllWords(lang) {
			if o := f.read(w); o.Status() == agentinput.StatusValue {
				value, _ := o.Value()
				text, _ := json.Marshal(value)
				return errors.New("filter: the \"not filtering\" word " + strconv.Quote(w) + " (" + lang +
					") reads as the value " + string(text) + " of the kind: the filter could not tell them apart")
			}
		}
	}
	return nil
}

func expected(inner string) string {
	return inner + `; or "all" (or nothing) for no filter`
}

// Expected says in words what the filter accepts.
func (f *Reader[T]) Expected() string { return f.expected }

// Example returns the kind's example.
func (f *Reader[T]) Example() json.RawMessage { return slices.Clone(f.example) }

// Read reads one decoded JSON value as a filter: absent, with a note, for a
// "not filtering" spelling; a negation ("-NS", "not NS") or a pattern
// ("NS*") is never read as one value (see the package documentation);
// otherwise as the kind reads it, except that over a vocabulary an ask
// becomes absence with a warning filter_dropped.
func (f *Reader[T]) Read(v any) agentinput.Outcome[T] {
	if NotFiltering(v) {
		var notes agentinput.Notes
		notes.Add(agentinput.NotePlaceholder, agentinput.JSONValue(v), "not filtering")
		return agentinput.Absent[T](notes)
	}
	o := f.read(v)
	if o.Status() == agentinput.StatusValue && o.NoteCount() == 0 {
		return o // the kind reads the whole spelling as it is
	}
	if text, ok := spelled(v); ok {
		if rest, ok := negation(text); ok && !f.markIsValue(o, rest) {
			return f.negated(v, rest)
		}
		if pattern(text) {
			return f.pattern(v, text)
		}
	}
	if a, ok := o.Ask(); ok && f.drop != nil {
		return f.drop(v, a)
	}
	return o
}

// asked is the vocabulary's ask a about raw, as the filter's: what the
// filter expects, and a hint that says how to leave the filter out. It is
// the outcome of a value within reach of exactly one entry (one reading),
// and of every value the vocabulary asks about under MissAsk.
func (f *Reader[T]) asked(raw any, a agentinput.Ask) agentinput.Outcome[T] {
	a.Expected = f.expected
	if len(a.Readings) > 0 {
		a.Hint = "Send the id of the entry you mean, as listed, or leave the filter out"
	} else {
		a.Hint = "Send the id of one entry, for example " + string(f.example) + ", or leave the filter out"
	}
	if len(a.Readings) == 1 && f.miss == MissDrop {
		a.Reason += "; a filter value within reach of one stored value is asked about, not dropped"
	}
	return agentinput.Asking[T](a)
}

// spelled returns the text of a string or a JSON number, within the size a
// filter looks into.
func spelled(v any) (string, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = string(x)
	default:
		return "", false
	}
	if len(s) > agentinput.MaxScalarBytes || !utf8.ValidString(s) {
		return "", false
	}
	return s, true
}

// negation returns what follows a leading negation — a mark ("-NS", "!NS",
// "¬ NS") or a word ("not NS", "non-NS", "kromě NS") — when the spelling is
// one. internal/spelling owns which marks and words invert a value.
func negation(s string) (rest string, ok bool) { return spelling.Negation(s) }

// markIsValue reports whether the kind read a negated spelling as a value
// the mark is part of: the whole spelling reads as a value, and the rest
// without the mark does not read as that same value ("-5" is -5, not 5;
// "-NS" is NS again, so the mark was dropped).
func (f *Reader[T]) markIsValue(o agentinput.Outcome[T], rest string) bool {
	whole, ok := o.Value()
	if !ok {
		return false
	}
	r, ok := f.read(rest).Value()
	if !ok {
		return true
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(r)
	return string(a) != string(b)
}

// negated is the outcome of a negation: over a vocabulary, dropped with a
// warning filter_dropped that names the value it would exclude; over any
// other kind, an ask.
func (f *Reader[T]) negated(v any, rest string) agentinput.Outcome[T] {
	a := agentinput.Ask{
		Code:     agentinput.AskInvalid,
		Received: agentinput.Received(v),
		Reason:   "a filter names the values to keep; it cannot exclude one",
		Expected: f.expected,
		Hint:     "Send the values to keep, or leave the filter out",
	}
	if f.vocab == nil || f.miss == MissAsk {
		return agentinput.Asking[T](a)
	}
	var b strings.Builder
	b.WriteString("Dropped the filter value ")
	b.Write(agentinput.Received(v))
	b.WriteString(": a filter keeps the values it names and cannot exclude one")
	if id, ok := f.vocab.Read(rest).Value(); ok && !pattern(rest) {
		b.WriteString(", so it is not read as ")
		b.Write(quote(id))
		if d := f.vocab.Describe(id); d != "" {
			b.WriteString(" (" + d + ")")
		}
		b.WriteString(", the value it would exclude")
	}
	b.WriteString("; the results are not filtered by it. Send the values to keep, or leave the filter out.")
	return agentinput.Absent[T](agentinput.Notes{}).WithWarning(agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: b.String(), Ask: &a})
}

// pattern reports whether s holds a wildcard ("NS*", "N*S", "KS%", "N?S"):
// "*", "%" or "?" among other characters. A "%" after a digit is a percent
// sign ("50%"), not a wildcard.
func pattern(s string) bool {
	prev := rune(0)
	for _, r := range s {
		switch r {
		case '*', '＊', '?', '？':
			return true
		case '%', '％':
			if !unicode.IsDigit(prev) {
				return true
			}
		}
		prev = r
	}
	return false
}

// maxMatches is how many matching values the outcome of a pattern names.
const maxMatches = 10

// pattern is the outcome of a pattern: over a vocabulary, dropped with a
// warning filter_dropped naming the entries it matches (even one: the
// model wrote a pattern, not that value); over any other kind, an ask
// whose readings are the declared values it matches.
func (f *Reader[T]) pattern(v any, text string) agentinput.Outcome[T] {
	matches := f.match(text)
	readings := make([]agentinput.Reading, 0, min(len(matches), maxMatches))
	for _, id := range matches[:min(len(matches), maxMatches)] {
		meaning := "a declared value the pattern matches"
		if f.vocab != nil {
			meaning = f.vocab.Describe(id)
		}
		readings = append(readings, agentinput.Reading{Value: quote(id), Meaning: meaning})
	}
	reason := "it is a pattern; a filter names a value, not a pattern"
	hint := "Send the value to keep, or leave the filter out"
	if len(readings) > 0 {
		hint = "Send the value you mean, as listed, or leave the filter out"
	}
	if len(matches) > maxMatches {
		reason += " (it matches " + strconv.Itoa(len(matches)) + " values; the first " + strconv.Itoa(maxMatches) + " are listed)"
	}
	a := agentinput.Ask{
		Code:     agentinput.AskInvalid,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: f.expected,
		Hint:     hint,
		Readings: readings,
	}
	// Within reach of one entry, or under miss=ask: asked about, never
	// dropped.
	if f.vocab == nil || f.miss == MissAsk || len(matches) == 1 {
		return agentinput.Asking[T](a)
	}
	var b strings.Builder
	b.WriteString("Dropped the filter value ")
	b.Write(agentinput.Received(v))
	if len(matches) == 0 {
		b.WriteString(": it is a pattern, and a filter names a value; it matches none, and the stored values include ")
		writeIDs(&b, f.ids)
	} else {
		b.WriteString(": it is a pattern, and a filter names a value; it matches ")
		writeIDs(&b, matches)
	}
	b.WriteString("; the results are not filtered by it. Send one value to filter by it.")
	return agentinput.Absent[T](agentinput.Notes{}).WithWarning(agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: b.String(), Ask: &a})
}

// match returns the ids (or declared values) one of whose spellings the
// pattern matches, after folding: "*" and "%" match any run of characters,
// "?" one character.
func (f *Reader[T]) match(text string) []string {
	t, _ := spelling.Trim(text)
	p := []rune(spelling.Fold(t))
	var out []string
	for i, fs := range f.folded {
		for _, s := range fs {
			if glob(p, []rune(s)) {
				out = append(out, f.ids[i])
				break
			}
		}
	}
	return out
}

// glob reports whether the pattern p matches all of s, in time linear in
// their product at worst: the last star is the only one backtracked to.
func glob(p, s []rune) bool {
	pi, si, star, mark := 0, 0, -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && (p[pi] == '?' || p[pi] == '？' || p[pi] == s[si]) && !isStar(p, pi):
			pi++
			si++
		case pi < len(p) && isStar(p, pi):
			star, mark = pi, si
			pi++
		case star >= 0:
			pi = star + 1
			mark++
			si = mark
		default:
			return false
		}
	}
	for pi < len(p) && isStar(p, pi) {
		pi++
	}
	return pi == len(p)
}

// isStar reports whether p[i] matches any run: "*", or a "%" that does not
// follow a digit.
func isStar(p []rune, i int) bool {
	switch p[i] {
	case '*', '＊':
		return true
	case '%', '％':
		return i == 0 || !unicode.IsDigit(p[i-1])
	}
	return false
}

func quote(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// NotFiltering reports whether a decoded JSON value is a "not filtering"
// spelling: an empty or whitespace string, or brackets alone ("()");
// dashes and wildcards ("-", "*", "%", ".*", "**", "[*]"); or one of the words
// of the table (Words), in any letter case, without diacritics, within
// punctuation ("(all)", "*all*", "ALL_VALUES").
func NotFiltering(v any) bool {
	s, ok := v.(string)
	if !ok || len(s) > maxWordBytes || !utf8.ValidString(s) {
		return false
	}
	t, _ := spelling.Trim(s)
	if t == "" || wildcard(t) {
		return true
	}
	return spelling.IsAllWord(t)
}

// maxWordBytes is longer than every word of the table with room for
// punctuation around it.
const maxWordBytes = 64

// wildcard reports whether t, once brackets and whitespace are left out,
// is nothing ("()", "[ ]"), or dashes and wildcard characters, dots among
// them ("-", "—", "*", "%", ".*", "**", "[*]", "*-*"), but not dots alone.
func wildcard(t string) bool {
	mark := false
	for _, r := range t {
		switch {
		case strings.ContainsRune("()[]{}<>", r) || spelling.IsSpace(r):
		case r == '*' || r == '%' || r == '＊' || r == '−' || unicode.Is(unicode.Pd, r):
			mark = true
		case r == '.':
			if !mark && !strings.ContainsAny(t, "*%＊") && !containsDash(t) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func containsDash(t string) bool {
	return strings.IndexFunc(t, func(r rune) bool { return r == '−' || unicode.Is(unicode.Pd, r) }) >= 0
}

// maxSample is how many stored values a filter_dropped warning names when
// the value named none.
const maxSample = 10

// dropped is the warning of a filter value over a vocabulary that the
// vocabulary asked about.
func dropped(v *vocabulary.Reader, raw any, a agentinput.Ask) agentinput.Warning {
	var b strings.Builder
	b.WriteString("Dropped the filter value ")
	b.Write(agentinput.Received(raw))
	if len(a.Readings) > 0 {
		if a.Code == agentinput.AskAmbiguous && len(a.Readings) > 1 {
			b.WriteString(": it could mean ")
		} else {
			b.WriteString(": it may mean ")
		}
		for i, r := range a.Readings {
			if i > 0 {
				if i == len(a.Readings)-1 {
					b.WriteString(" or ")
				} else {
					b.WriteString(", ")
				}
			}
			b.Write(r.Value)
			if r.Meaning != "" {
				b.WriteString(" (" + r.Meaning + ")")
			}
		}
		b.WriteString("; the results are not filtered by it. Send one of them to filter by it.")
	} else {
		b.WriteString(": it names no stored value; the stored values include ")
		writeIDs(&b, v.IDs())
		b.WriteString("; the results are not filtered by it. Send one of them to filter by it.")
	}
	return agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: b.String(), Ask: &a}
}

// writeIDs writes the first maxSample ids, quoted, and how many there are
// when there are more.
func writeIDs(b *strings.Builder, ids []string) {
	for i, id := range ids[:min(len(ids), maxSample)] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(quote(id))
	}
	if len(ids) > maxSample {
		b.WriteString(", … (" + strconv.Itoa(len(ids)) + " in all)")
	}
}

// maxNoHits is how many values a no_hits_filtered warning names.
const maxNoHits = 20

// NoHits is the warning a handler attaches when its page came back empty
// under a filter over a kind with no vocabulary: name is the filter's
// property, values the values (canonical, as the handler stores them) that
// would have matched. Give it to the factory's Call.Warn with the
// property's path:
//
//	w := filter.NoHits("status", []string{"draft", "published"})
//	call.Warn(w.Code, "/status", w.Message)
func NoHits(name string, values []string) agentinput.Warning {
	var b strings.Builder
	b.WriteString("No results under the filter " + name)
	if len(values) == 0 {
		b.WriteString(", and no value of it would have matched. Call again without " + name + ".")
		return agentinput.Warning{Code: agentinput.WarningNoHitsFiltered, Message: b.String()}
	}
	b.WriteString("; values that would have matched: ")
	for i, s := range values[:min(len(values), maxNoHits)] {
		if i > 0 {
			b.WriteString(", ")
		}
		text, _ := json.Marshal(s)
		b.Write(text)
	}
	if len(values) > maxNoHits {
		b.WriteString(", … (" + strconv.Itoa(len(values)) + " in all)")
	}
	b.WriteString(". Call again with one of them, or without " + name + ".")
	return agentinput.Warning{Code: agentinput.WarningNoHitsFiltered, Message: b.String()}
}

var _ agentinput.Reader[int] = (*Reader[int])(nil)
