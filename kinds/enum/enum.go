package enum

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Options declares an enum: its values, and optional synonyms. The zero
// Options declares no value, which New rejects: an enum has at least one.
type Options struct {
	// Values are the declared values, each the canonical spelling of
	// itself, in the order asks list them. At least one; no two may fold
	// alike (see New).
	Values []string
	// Synonyms maps another spelling to the declared value it stands for:
	// {"ok": "approved"}. A synonym is read through the same folding as a
	// value.
	Synonyms map[string]string
}

// Reader reads one property's declared values. Build one with New; it is
// immutable and safe for use by many goroutines.
type Reader struct {
	values []string
	// exact maps a declared value, or a synonym as declared, to its value.
	exact map[string]match
	// folded maps the fold of a value or synonym to its value.
	folded map[string]match
	// compacted maps the compact fold of a value or synonym to every
	// value it may stand for (two when "re-set" and "reset" are declared).
	compacted map[string][]int32
	near      nearIndex
	// inflected maps an inflection of a value's compact key ("taxes") to
	// the values it inflects; words maps a word of a value's fold ("tag")
	// to the values that have it (see inflect.go).
	inflected map[string][]inflection
	words     map[string][]int32
	// numeric holds the declared values that spell a number, with that
	// number, for the numeric comparison (numeric.go).
	numeric []numericValue
	// quoted holds each value's JSON text and named its name in a
	// reading's meaning (`the declared value "draft"`), made once: an ask
	// that offers values copies them rather than encoding them again.
	quoted   []json.RawMessage
	named    []string
	expected string
	example  json.RawMessage
}

// match is what a spelling stands for: a value, and the synonym it was
// declared as (or "" for the value itself).
type match struct {
	value   int32
	synonym bool
}

// New checks opts and builds the enum's index, once. Its errors are the
// program's mistakes, found where the property is declared: no values, an
// empty or malformed value, a value declared twice, two values that fold
// alike ("Draft" and "draft", "published_at" and "publishedAt", "café" and
// "cafe": a model cannot be trusted to keep them apart), a synonym of an
// undeclared value, and a synonym that folds like another value or like a
// synonym of another value.
func New(opts Options) (*Reader, error) {
	if len(opts.Values) == 0 {
		return nil, errors.New("enum: no values declared")
	}
	if len(opts.Values) > maxValues {
		return nil, errors.New("enum: " + strconv.Itoa(len(opts.Values)) + " values declared; an enum holds at most " + strconv.Itoa(maxValues) + " (use a vocabulary)")
	}
	e := &Reader{
		values:    slices.Clone(opts.Values),
		exact:     make(map[string]match, len(opts.Values)+len(opts.Synonyms)),
		folded:    make(map[string]match, len(opts.Values)+len(opts.Synonyms)),
		compacted: make(map[string][]int32, len(opts.Values)+len(opts.Synonyms)),
	}
	index := make(map[string]int32, len(opts.Values))
	folds := make(map[string]string, len(opts.Values)) // fold → the spelling it was declared as
	add := func(s string, m match, what string) error {
		if err := checkDeclared(s); err != "" {
			return errors.New("enum: " + what + " " + strconv.Quote(s) + " " + err)
		}
		f := fold(s)
		if f == "" {
			return errors.New("enum: " + what + " " + strconv.Quote(s) + " folds to nothing (it has no letters or digits)")
		}
		if prev, ok := e.folded[f]; ok {
			if prev.value != m.value || !m.synonym && !prev.synonym {
				return errors.New("enum: " + what + " " + strconv.Quote(s) + " folds like " + strconv.Quote(folds[f]) +
					" (both read as " + strconv.Quote(f) + "): a model cannot keep them apart")
			}
			// A synonym that folds like its own value adds nothing.
			e.exact[s] = m
			return nil
		}
		folds[f] = s
		e.exact[s] = m
		e.folded[f] = m
		c := compact(f)
		if !slices.Contains(e.compacted[c], m.value) {
			e.compacted[c] = append(e.compacted[c], m.value)
		}
		return nil
	}
	for i, v := range e.values {
		if _, dup := index[v]; dup {
			return nil, errors.New("enum: value " + strconv.Quote(v) + " is declared twice")
		}
		index[v] = int32(i)
		if err := add(v, match{value: int32(i)}, "value"); err != nil {
			return nil, err
		}
	}
	// Synonyms in a fixed order, so that an error names the same pair on
	// every run.
	synonyms := make([]string, 0, len(opts.Synonyms))
	for s := range opts.Synonyms {
		synonyms = append(synonyms, s)
	}
	slices.Sort(synonyms)
	for _, s := range synonyms {
		target := opts.Synonyms[s]
		i, ok := index[target]
		if !ok {
			return nil, errors.New("enum: synonym " + strconv.Quote(s) + " stands for " + strconv.Quote(target) + ", which is not a declared value")
		}
		if _, isValue := index[s]; isValue {
			return nil, errors.New("enum: synonym " + strconv.Quote(s) + " is also a declared value")
		}
		if err := add(s, match{value: i, synonym: true}, "synonym"); err != nil {
			return nil, err
		}
	}
	e.near = buildNear(e.compacted)
	e.inflected = buildInflected(e.values, e.compacted)
	e.words = buildWords(e.values)
	e.numeric = buildNumeric(e.values)
	e.quoted = make([]json.RawMessage, len(e.values))
	e.named = make([]string, len(e.values))
	for i, v := range e.values {
		e.quoted[i] = quote(v)
		e.named[i] = "the declared value " + strconv.Quote(v)
	}
	e.expected, e.example = describe(e.values)
	return e, nil
}

// maxValues bounds an enum. A longer list is a vocabulary.
const maxValues = 2000

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
	if t, trimmed := spelling.Trim(s); trimmed || t != s {
		return "has surrounding whitespace or quotes, which a read trims"
	}
	return ""
}

// Values returns the declared values, in order.
func (e *Reader) Values() []string { return slices.Clone(e.values) }

// Read reads one decoded JSON value as one of the declared values. See the
// package documentation for the spellings it reads.
func (e *Reader) Read(v any) agentinput.Outcome[string] {
	switch x := v.(type) {
	case string:
		if m, ok := e.exact[x]; ok {
			if !m.synonym {
				return agentinput.Canonical(e.values[m.value])
			}
			return e.read(m, x, agentinput.Notes{})
		}
		return e.readString(v, x, agentinput.Notes{})
	case json.Number:
		return e.readScalar(v, string(x))
	case bool:
		return e.readScalar(v, strconv.FormatBool(x))
	case float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		text, _ := json.Marshal(x)
		return e.readScalar(v, string(text))
	case nil:
		return e.ask(v, agentinput.AskWrongType, "null is not one of the values", nil)
	case []any:
		return e.ask(v, agentinput.AskWrongType, "an array is not one of the values", nil)
	case map[string]any:
		return e.ask(v, agentinput.AskWrongType, "an object is not one of the values", nil)
	default:
		return e.ask(v, agentinput.AskWrongType, "it is not a JSON value an enum is read from", nil)
	}
}

// readScalar reads a JSON number or boolean as the text it spells, with a
// note: a declared value "10" or "true" may arrive as a number or boolean.
func (e *Reader) readScalar(v any, text string) agentinput.Outcome[string] {
	if len(text) > agentinput.MaxScalarBytes {
		return e.tooLarge(v)
	}
	if m, ok := e.exact[text]; ok {
		var notes agentinput.Notes
		notes.AddStep(agentinput.NoteScalarAsText, agentinput.JSONValue(v), agentinput.Text(text), "")
		return e.read(m, text, notes)
	}
	if _, isBool := v.(bool); !isBool {
		if o, ok := e.readSameNumber(v); ok {
			return o
		}
	}
	var notes agentinput.Notes
	notes.AddStep(agentinput.NoteScalarAsText, agentinput.JSONValue(v), agentinput.Text(text), "")
	return e.readString(v, text, notes)
}

// readString reads a string that is not a declared value as it is. A
// spelling led by a mark or word that inverts it ("-draft", "!draft", "not
// draft"; spelling.Negation) never reads as the value it inverts, and an
// ask about it never offers that value: a property names one value and
// cannot exclude one. raw is not in e.exact: Read and readScalar looked
// (a declared value or synonym reads as itself, as readWord would read it).
func (e *Reader) readString(v any, raw string, notes agentinput.Notes) agentinput.Outcome[string] {
	if o, ok := e.readPlain(v, raw, notes); ok {
		return o
	}
	return e.readGeneral(v, raw, notes)
}

// readGeneral is readString for every spelling, without the plain path
// (plain.go).
func (e *Reader) readGeneral(v any, raw string, notes agentinput.Notes) agentinput.Outcome[string] {
	o, settled := e.readWord(v, raw, notes)
	if settled {
		return o
	}
	return e.unlessInverted(v, raw, o)
}

// inverts reports whether a negated spelling's outcome o would give, or
// offer, what the rest alone means: the rest reads as a value (or offers
// readings) and o is not a value of its own that the mark is part of
// ("not_started" beside "started").
func (e *Reader) inverts(o agentinput.Outcome[string], rest string) bool {
	r, _ := e.readWord(rest, rest, agentinput.Notes{})
	rv, ok := r.Value()
	if !ok {
		if ov, isValue := o.Value(); isValue && negated(ov) {
			// The whole spelling reads as a declared value that is itself
			// led by the mark ("NOT_STARTED" of not_started): the mark is
			// part of it, whatever the rest alone would offer.
			return false
		}
		a, _ := r.Ask()
		return len(a.Readings) > 0 && !e.offersNegated(o)
	}
	if ov, ok := o.Value(); ok {
		return ov == rv && !negated(ov)
	}
	return !e.offersNegated(o)
}

// negated reports whether a declared value is itself led by a negation
// ("-5", "not_started", "﹣A"): a spelling led by the same mark may mean it.
func negated(value string) bool {
	_, ok := spelling.Negation(value)
	return ok
}

// offersNegated reports whether an ask offers a declared value that is
// itself led by a negation.
func (e *Reader) offersNegated(o agentinput.Outcome[string]) bool {
	a, _ := o.Ask()
	for _, r := range a.Readings {
		var v string
		if json.Unmarshal(r.Value, &v) == nil && negated(v) {
			return true
		}
	}
	return false
}

// readWord reads a string as a declared value, a numeric spelling
// (numeric.go) or a folded, inflected or near spelling of one. settled
// reports that no mark can have been dropped: the spelling is a declared
// value or synonym as declared, it was read as a number, sign and all, or
// it could not be read at all.
func (e *Reader) readWord(v any, raw string, notes agentinput.Notes) (o agentinput.Outcome[string], settled bool) {
	if len(raw) > agentinput.MaxScalarBytes {
		return e.tooLarge(v), true
	}
	s, trimmed, problem := spelling.Word(raw)
	if problem != "" {
		return e.ask(v, agentinput.AskInvalid, problem, nil), true
	}
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(raw), agentinput.Text(s), "")
	}
	if m, ok := e.exact[s]; ok {
		return e.read(m, s, notes), true
	}
	if o, ok := e.readNumeric(v, s); ok {
		return o, true
	}
	return e.readFolded(v, s, notes), false
}

// readFolded reads a trimmed spelling through folding, inflection and the
// near-miss search.
func (e *Reader) readFolded(v any, s string, notes agentinput.Notes) agentinput.Outcome[string] {
	f := fold(s)
	if m, ok := e.folded[f]; ok {
		return e.read(m, s, notes)
	}
	c := compact(f)
	return e.readCompacted(v, s, f, c, e.compacted[c], notes)
}

// readCompacted reads a trimmed spelling s, of fold f and compact fold c,
// that is no fold of a value or synonym: values are e.compacted[c].
func (e *Reader) readCompacted(v any, s, f, c string, values []int32, notes agentinput.Notes) agentinput.Outcome[string] {
	switch len(values) {
	case 0:
	case 1:
		return e.read(match{value: values[0]}, s, notes)
	default:
		readings := make([]agentinput.Reading, len(values))
		for i, vi := range values {
			readings[i] = agentinput.Reading{Value: e.json(vi), Meaning: e.named[vi]}
		}
		return e.ask(v, agentinput.AskAmbiguous, "it matches "+strconv.Itoa(len(values))+" declared values once case and separators are ignored", readings)
	}
	found, inverted := e.notInverted(s, f, e.candidates(f, c))
	if len(found) > 0 {
		reason, readings := e.readings(found, f)
		return e.ask(v, agentinput.AskAmbiguous, reason, readings)
	}
	if inverted {
		return e.ask(v, agentinput.AskInvalid, "it is not one of the declared values, and a word of it inverts a word of the value it is close to (a prefix such as un- or non-), which is not offered", nil)
	}
	return e.ask(v, agentinput.AskInvalid, "it is not one of the declared values", nil)
}

// notInverted leaves out of the candidates of the spelling s (folded f)
// those it inverts: a word of s is a word of the value led by an inverting prefix
// ("unpublished" and "published"; spelling.InvertsWords), and offering
// the value would offer the opposite of what was sent. inverted reports
// that one was left out.
func (e *Reader) notInverted(s, f string, found []candidate) (kept []candidate, inverted bool) {
	if len(found) == 0 || !spelling.MayInvert(f) {
		return found, false
	}
	k := spelling.Key(splitCamel(s))
	kept = found[:0]
	for _, x := range found {
		if spelling.InvertsWords(k, spelling.Key(splitCamel(e.values[x.value]))) {
			inverted = true
			continue
		}
		kept = append(kept, x)
	}
	return kept, inverted
}

// read is the value outcome of a match of the spelling s, after the
// repairs in notes.
func (e *Reader) read(m match, s string, notes agentinput.Notes) agentinput.Outcome[string] {
	value := e.values[m.value]
	switch {
	case m.synonym:
		notes.Add(agentinput.NoteSynonym, agentinput.Text(s), "a declared synonym")
	case s != value:
		notes.Add(agentinput.NoteFolded, agentinput.Text(s), "letter case, separators or diacritics differ")
	}
	return agentinput.Value(value, notes)
}

// json is the JSON text of the value i, the caller's to keep.
func (e *Reader) json(i int32) json.RawMessage { return slices.Clone(e.quoted[i]) }

func quote(s string) json.RawMessage {
	b, _ := json.Marshal(s) // a valid UTF-8 string always encodes
	return b
}

// maxListed is how many values the expected text of an ask lists; a
// longer list ends with how many there are in all.
const maxListed = 30

// describe builds the expected text and the example, once.
func describe(values []string) (string, json.RawMessage) {
	var b strings.Builder
	if len(values) == 1 {
		b.WriteString("the value ")
	} else {
		b.WriteString("one of ")
	}
	for i, v := range values {
		if i == maxListed {
			b.WriteString(", … (" + strconv.Itoa(len(values)) + " values in all)")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(quote(v))
	}
	b.WriteString(" (a JSON string), for example ")
	example := quote(values[0])
	b.Write(example)
	return b.String(), example
}

// Expected says in words what the property accepts: the declared values
// (the first thirty, and how many in all) and one canonical example.
func (e *Reader) Expected() string { return e.expected }

// Example returns the first declared value as JSON.
func (e *Reader) Example() json.RawMessage { return slices.Clone(e.example) }

func (e *Reader) ask(v any, code agentinput.AskCode, reason string, readings []agentinput.Reading) agentinput.Outcome[string] {
	hint := "Send one of the declared values exactly as listed"
	if len(readings) > 0 {
		hint = "Send the one you mean exactly as listed"
	}
	return agentinput.Asking[string](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: e.expected,
		Hint:     hint,
		Readings: readings,
	})
}

func (e *Reader) tooLarge(v any) agentinput.Outcome[string] {
	return e.ask(v, agentinput.AskTooLarge,
		"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most an enum value is read from", nil)
}

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want one of the declared values exactly")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "enum: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: a declared value exactly,
// nothing else (no synonym, no folding).
func (e *Reader) Parse(s string) (string, error) {
	if m, ok := e.exact[s]; ok && !m.synonym {
		return e.values[m.value], nil
	}
	return "", &ParseError{Value: s}
}

var _ agentinput.Reader[string] = (*Reader)(nil)
