package boolean

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

// Options are a boolean property's options. The zero value reads the
// default languages (DefaultLanguages).
type Options struct {
	// Languages names the languages whose words for yes and no are read,
	// by code ("cs", "el"; see Languages). Empty means DefaultLanguages. A
	// non-empty list replaces the default set rather than adding to it.
	// "true", "false", "1" and "0" are read whatever the list says.
	Languages []string
}

// Validate reports an unknown language code. Call it (or New) where the
// property is declared: Read panics on options that do not validate.
func (o Options) Validate() error {
	_, err := o.mask()
	return err
}

// mask returns the set of enabled languages as a bit per table position.
// It allocates nothing unless a code is unknown.
func (o Options) mask() (uint64, error) {
	if len(o.Languages) == 0 {
		return defaultMask, nil
	}
	var m uint64
	for _, code := range o.Languages {
		i, ok := languageIndex(code)
		if !ok {
			known := make([]string, 0, len(languages))
			for _, l := range languages {
				known = append(known, l.Code)
			}
			return 0, errors.New("boolean: unknown language " + strconv.Quote(code) +
				" in Options.Languages; known: " + strings.Join(known, ", "))
		}
		m |= 1 << i
	}
	return m, nil
}

// The table must fit in the uint64 a set of languages is kept in.
var _ [64 - len(languages)]struct{}

var defaultMask = func() uint64 {
	var m uint64
	for i, l := range languages {
		if l.Default {
			m |= 1 << i
		}
	}
	return m
}()

// Reader reads booleans in one set of languages. Build one with New; it is
// immutable and safe for use by many goroutines. The zero Reader reads the
// default languages.
type Reader struct {
	words map[string]*entry
	short shortIndex // the keys of words the fast path can look up
	codes []string
}

// newReader returns the Reader of an index built by buildIndex.
func newReader(words map[string]*entry, codes []string) *Reader {
	return &Reader{words: words, short: newShortIndex(words), codes: codes}
}

// readers caches one Reader per set of languages (uint64 mask → *Reader),
// so that Read with options and New build each index once. The set of
// option values a program declares is small and fixed.
var readers sync.Map

// defaultReader returns the Reader of the default languages, building its
// index on first use, not at init: importing the package costs nothing.
// It is an atomic load where the read calls it, not a sync.OnceValue
// call: readerOf stores one Reader per set, so two goroutines that both
// build it end with the same one.
func defaultReader() *Reader {
	if r := defaultPtr.Load(); r != nil {
		return r
	}
	return loadDefault()
}

func loadDefault() *Reader {
	r := readerOf(defaultMask)
	defaultPtr.Store(r)
	return r
}

var defaultPtr atomic.Pointer[Reader]

// New returns the Reader for opts, or an error naming an unknown language.
func New(opts Options) (*Reader, error) {
	m, err := opts.mask()
	if err != nil {
		return nil, err
	}
	return readerOf(m), nil
}

func readerOf(m uint64) *Reader {
	if r, ok := readers.Load(m); ok {
		return r.(*Reader)
	}
	var langs []Language
	var codes []string
	for i, l := range languages {
		if m&(1<<i) != 0 {
			langs = append(langs, l)
			codes = append(codes, l.Code)
		}
	}
	r, _ := readers.LoadOrStore(m, newReader(buildIndex(langs), codes))
	return r.(*Reader)
}

// Languages returns the codes of the languages r reads, in table order.
func (r *Reader) Languages() []string {
	return append([]string(nil), r.resolve().codes...)
}

func (r *Reader) resolve() *Reader {
	if r == nil || r.words == nil {
		return defaultReader()
	}
	return r
}

// Read reads one decoded JSON value as a boolean with opts. It panics if
// opts does not validate: an unknown language is a mistake of the program,
// found by Validate or New where the property is declared, never a thing
// to ask the agent about.
func Read(v any, opts Options) agentinput.Outcome[bool] {
	// Small enough to inline into the caller, which copies the outcome
	// readInto points to. An outcome is too large to live in registers,
	// so it is always built in memory and moved with wide loads; moving
	// one that was just written field by field stalls on the fields'
	// stores, and costs a word's read more than its lookup does
	// (BenchmarkWord). So the outcomes an agent sends most are made once
	// and copied: a JSON boolean, the strings "true" and "false", and a
	// word of the table spelled as the table holds it.
	var o agentinput.Outcome[bool]
	return *readInto(&o, v, opts)
}

// readInto reads v with opts: it returns an outcome made once, or builds
// the outcome in *o and returns o.
func readInto(o *agentinput.Outcome[bool], v any, opts Options) *agentinput.Outcome[bool] {
	switch x := v.(type) {
	case bool:
		if x {
			return &jsonTrue
		}
		return &jsonFalse
	case string:
		// JSON's own words, the string an agent sends most, mean the same
		// in every language set (universal): read before the table is.
		switch x {
		case canonicalTrue:
			return &fromTrue
		case canonicalFalse:
			return &fromFalse
		}
		if len(opts.Languages) == 0 {
			// The fast path of r.Read, taken here.
			if sl, exact := defaultReader().lookupSlot(x); exact {
				return &sl.exact
			} else if sl.e != nil {
				*o = sl.e.value(x)
				return o
			}
		}
	}
	*o = read(v, opts)
	return o
}

// The outcomes Read returns most, made once. Nothing writes them.
var (
	jsonTrue  = agentinput.Canonical(true)
	jsonFalse = agentinput.Canonical(false)
	fromTrue  = agentinput.ValueNote(true, agentinput.NoteFromString, canonicalTrue, "")
	fromFalse = agentinput.ValueNote(false, agentinput.NoteFromString, canonicalFalse, "")
)

func read(v any, opts Options) agentinput.Outcome[bool] {
	r := defaultReader()
	if len(opts.Languages) > 0 {
		m, err := opts.mask()
		if err != nil {
			panic(err.Error() + " (check Options with Validate or New where the property is declared)")
		}
		r = readerOf(m)
	}
	// The fast path of r.Read, taken here: an outcome is returned by
	// copying it, and a copy fewer is a measurable share of a word's read.
	if s, ok := v.(string); ok {
		if sl, exact := r.lookupSlot(s); exact {
			return sl.exact
		} else if sl.e != nil {
			return sl.e.value(s)
		}
	}
	return r.Read(v)
}

// value is the outcome of s, a word the fast path found as e: e.read of a
// word with nothing trimmed, built in one inlined step (every entry has a
// note code, TestEntriesHaveNotes).
func (e *entry) value(s string) agentinput.Outcome[bool] {
	return agentinput.ValueNote(e.yes, e.note, s, e.reason)
}

// Read reads one decoded JSON value (nil, bool, json.Number, float64 or a
// Go integer, string, []any, map[string]any) as a boolean. See the package
// documentation for the spellings it reads.
func (r *Reader) Read(v any) agentinput.Outcome[bool] {
	switch x := v.(type) {
	case bool:
		return agentinput.Value(x, agentinput.Notes{})
	case string:
		r = r.resolve()
		if sl, exact := r.lookupSlot(x); exact {
			return sl.exact
		} else if sl.e != nil {
			return sl.e.value(x)
		}
		return r.readString(v, x)
	case json.Number:
		return readNumber(v, x)
	case float64:
		return readBit(v, x == 1, x == 0)
	case float32:
		return readBit(v, x == 1, x == 0)
	case int:
		return readBit(v, x == 1, x == 0)
	case int8:
		return readBit(v, x == 1, x == 0)
	case int16:
		return readBit(v, x == 1, x == 0)
	case int32:
		return readBit(v, x == 1, x == 0)
	case int64:
		return readBit(v, x == 1, x == 0)
	case uint:
		return readBit(v, x == 1, x == 0)
	case uint8:
		return readBit(v, x == 1, x == 0)
	case uint16:
		return readBit(v, x == 1, x == 0)
	case uint32:
		return readBit(v, x == 1, x == 0)
	case uint64:
		return readBit(v, x == 1, x == 0)
	case nil:
		return invalid(v, agentinput.AskWrongType, "null is not a boolean")
	case []any:
		return invalid(v, agentinput.AskWrongType, "a boolean is never an array")
	case map[string]any:
		return invalid(v, agentinput.AskWrongType, "a boolean is never an object")
	default:
		return invalid(v, agentinput.AskWrongType, "it is not a JSON value a boolean is read from")
	}
}

// maxFast is the longest string the fast path looks up: longer than every
// ASCII word of the table.
const maxFast = 16

// lookupASCII is the fast path: a short run of ASCII letters (or a digit)
// is lowercased into a shortKey and looked up in r.short, the short keys
// of r.words, without allocating. It returns the entry of a spelling with
// one meaning, and nil for anything else, which readString reads: to the
// same outcome for every string the fast path takes (TestPropertyFastPath).
func (r *Reader) lookupASCII(s string) *entry {
	sl, _ := r.lookupSlot(s)
	return sl.e
}

// lookupSlot is lookupASCII returning the entry's slot (an empty one for
// nil), and whether s is the slot's key as it is, no letter lowered: then
// the slot's exact outcome is s's.
func (r *Reader) lookupSlot(s string) (sl *shortSlot, exact bool) {
	if len(s) == 0 || len(s) > maxFast {
		return &noSlot, false
	}
	var k shortKey
	exact = true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', c == '0', c == '1':
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
			exact = false
		default:
			return &noSlot, false
		}
		k = k.with(i, c)
	}
	if sl := r.short.slot(k); sl.e != nil && !sl.e.ambiguous() {
		return sl, exact
	}
	return &noSlot, false
}

// readString reads a JSON string: it checks the budget, trims, checks that
// what is left is one word, folds it and looks it up.
func (r *Reader) readString(v any, s string) agentinput.Outcome[bool] {
	if len(s) > agentinput.MaxScalarBytes {
		return tooLarge(v)
	}
	if !utf8.ValidString(s) {
		return invalid(v, agentinput.AskInvalid, "it is not valid UTF-8")
	}
	word, trimmed := spelling.Trim(s)
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(word), "")
	}
	if word == "" {
		return invalid(v, agentinput.AskInvalid, "it is empty")
	}
	if bare, ok := dropPunctuation(word); ok && notAWord(bare) == "" && r.words[spelling.Fold(bare)] != nil {
		notes.AddStep(agentinput.NoteForm, agentinput.Text(word), agentinput.Text(bare), "trailing punctuation dropped")
		word = bare
	}
	if reason := notAWord(word); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason)
	}
	e := r.words[spelling.Fold(word)]
	switch {
	case e == nil:
		return invalid(v, agentinput.AskInvalid, reasonNotAWord)
	case e.ambiguous():
		return agentinput.Asking[bool](agentinput.Ask{
			Code:     agentinput.AskAmbiguous,
			Received: agentinput.Received(v),
			Expected: expected,
			Hint:     "Send the one you mean as a JSON boolean, true or false",
			Readings: append([]agentinput.Reading(nil), e.readings...),
		})
	}
	return e.read(agentinput.Text(word), notes)
}

const reasonNotAWord = "it is not a word for yes or no"

// notAWord says why word is not one word a table could hold, or "" when
// it is: letters, each optionally followed by nonspacing marks (a
// decomposed "á"), or the single digit 1 or 0. Invisible and control
// characters get a reason of their own that names them, because the agent
// cannot see them in what it sent.
func notAWord(word string) string {
	if word == "1" || word == "0" || isCheckMark(word) {
		return ""
	}
	reason := ""
	afterLetter := false
	for _, c := range word {
		switch {
		case unicode.IsLetter(c):
			afterLetter = true
		case afterLetter && unicode.Is(unicode.Mn, c) && !spelling.InvisibleMark(c):
			// A mark on the letter before it: a decomposed diacritic.
		case unicode.IsControl(c):
			return "it contains the control character " + spelling.CodePoint(c)
		case unicode.In(c, unicode.Cf, unicode.Mn, unicode.Me):
			return "it contains the invisible character " + spelling.CodePoint(c)
		default:
			reason = reasonNotAWord
		}
	}
	return reason
}

// dropPunctuation returns word without the run of sentence punctuation
// that ends it (".", "!", "…", repeated or mixed: "yes.", "NO!!", "ja…"),
// and whether there was one and something is left that is not a digit.
// "1!" and "0!" keep theirs: a factorial (0! is 1) is not a full stop.
// A "?" is never dropped: "yes?" asks rather than answers.
func dropPunctuation(word string) (string, bool) {
	bare := strings.TrimRight(word, ".!\u2026")
	if bare == word || bare == "" || bare == "1" || bare == "0" {
		return word, false
	}
	return bare, true
}

// read is the value outcome of a table entry with one meaning, read from
// the spelling from after the repairs in notes.
func (e *entry) read(from agentinput.Spelling, notes agentinput.Notes) agentinput.Outcome[bool] {
	notes.Add(e.note, from, e.reason)
	return agentinput.Value(e.yes, notes)
}

// readNumber reads a json.Number. Its value is the number kind's to say:
// number.Parse reads the JSON number grammar exactly ("1.0", "1e0" and
// "10e-1" are 1; "-0" and "0.0" are 0).
func readNumber(v any, n json.Number) agentinput.Outcome[bool] {
	if len(n) > agentinput.MaxScalarBytes {
		return tooLarge(v)
	}
	d, err := number.Parse(string(n))
	if err != nil {
		return invalid(v, agentinput.AskInvalid, "it is not a JSON number")
	}
	return readBit(v, d.Compare(one) == 0, d.IsZero())
}

var one = number.FromInt64(1)

// readBit is the outcome of a number: true for 1, false for 0, an ask for
// any other.
func readBit(v any, isOne, isZero bool) agentinput.Outcome[bool] {
	if !isOne && !isZero {
		return invalid(v, agentinput.AskInvalid, "only the numbers 1 and 0 stand for true and false")
	}
	var notes agentinput.Notes
	notes.Add(agentinput.NoteFromNumber, agentinput.JSONValue(v), "")
	return agentinput.Value(isOne, notes)
}

const (
	expected = "true or false (a JSON boolean), for example true"
	hint     = "Send true or false as a JSON boolean"
)

func invalid(v any, code agentinput.AskCode, reason string) agentinput.Outcome[bool] {
	return agentinput.Asking[bool](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Expected: expected,
		Hint:     hint,
		Reason:   reason,
	})
}

func tooLarge(v any) agentinput.Outcome[bool] {
	return invalid(v, agentinput.AskTooLarge,
		"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a boolean is read from")
}

// Expected says in words what a boolean property accepts, with one
// canonical example. It is the same for every Options: the words a
// property reads are a repair, not what it asks for.
func Expected(opts Options) string { return expected }

// Expected says in words what the Reader accepts (Expected of its
// options: the languages change what is read, not what is asked for).
func (r *Reader) Expected() string { return expected }

// Example returns one canonical value the Reader accepts.
func (r *Reader) Example() json.RawMessage { return json.RawMessage("true") }

var _ agentinput.Reader[bool] = (*Reader)(nil)

// Example returns one canonical value a boolean property accepts.
func Example(opts Options) json.RawMessage { return json.RawMessage("true") }

// Format returns the canonical spelling of b: "true" or "false".
func Format(b bool) string {
	if b {
		return canonicalTrue
	}
	return canonicalFalse
}

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want true or false")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "boolean: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: "true" or "false", nothing
// else (no case, no space, no word). It is the inverse of Format.
func Parse(s string) (bool, error) {
	switch s {
	case canonicalTrue:
		return true, nil
	case canonicalFalse:
		return false, nil
	}
	return false, &ParseError{Value: s}
}
