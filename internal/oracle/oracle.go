// Package oracle holds the invariants every kind's fuzz target checks, in
// one place. It is test-only code: kinds' tests and the fuzz/ package
// import it; the library never does.
//
// The invariants, for any input v and the Outcome o = read(v):
//
//   - the hand-written JSON of the outcome is encoding/json's, byte for
//     byte (outcomejson.Outcome);
//   - exactly one outcome: o is a value, absent or an ask, and Value, Ask
//     and the JSON encoding agree on which;
//   - reading is pure: read(v) again encodes identically;
//   - a value's canonical spelling reads back to the same value with no
//     note;
//   - an ask has a known code, a received JSON, an expected and a hint,
//     and each of its readings is canonical: read back, it gives a value
//     with no note whose canonical spelling is that reading;
//   - absent never carries a value;
//   - no note, ask or warning carries a Go error string.
package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/outcomejson"
)

// Rule names the invariant a Violation breaks.
type Rule string

const (
	RuleEncode    Rule = "encode"    // the outcome encodes to JSON
	RuleJSON      Rule = "json"      // the encoding is byte for byte encoding/json's (outcomejson.Outcome)
	RulePure      Rule = "pure"      // reading twice gives the same outcome
	RuleOneOf     Rule = "one_of"    // exactly one of value, absent, ask
	RuleCanonical Rule = "canonical" // a value's canonical spelling reads back as it, with no note
	RuleAsk       Rule = "ask"       // an ask has code, received, expected, hint
	RuleReading   Rule = "reading"   // an ask's readings are canonical values
	RuleCode      Rule = "code"      // codes are of the closed sets
	RuleLeak      Rule = "leak"      // no Go error string reaches the agent
)

// Violation is one broken invariant.
type Violation struct {
	Rule Rule
	// Value is the canonical JSON of the value or reading concerned, when
	// there is one.
	Value string
	Msg   string
}

func (v *Violation) Error() string { return string(v.Rule) + ": " + v.Msg }

func fail(r Rule, value []byte, format string, args ...any) *Violation {
	return &Violation{Rule: r, Value: string(value), Msg: fmt.Sprintf(format, args...)}
}

// Check reads v with read and fails t when an invariant breaks. canonical
// gives a value's canonical spelling as a decoded JSON value (a string, a
// bool, a json.Number, a []any ...), the form read takes.
func Check[T any](t testing.TB, read func(any) agentinput.Outcome[T], canonical func(T) any, v any) {
	t.Helper()
	if bad := Find(read, canonical, v); bad != nil {
		t.Fatal(bad.Error())
	}
}

// Find is Check without a testing.TB: it returns the first invariant v
// breaks, or nil.
func Find[T any](read func(any) agentinput.Outcome[T], canonical func(T) any, v any) *Violation {
	o := read(v)
	enc, err := o.MarshalJSON()
	if err != nil {
		return fail(RuleEncode, nil, "%s: the outcome does not encode: %v", show(v), err)
	}
	if want, err := outcomejson.Outcome(o); err != nil || !bytes.Equal(enc, want) {
		return fail(RuleJSON, nil, "%s: the outcome encodes as\n%s\nwhere encoding/json writes\n%s (%v)", show(v), enc, want, err)
	}
	if again, _ := read(v).MarshalJSON(); !bytes.Equal(enc, again) {
		return fail(RulePure, nil, "%s: reading is not pure:\n%s\n%s", show(v), enc, again)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(enc, &fields); err != nil {
		return fail(RuleEncode, nil, "%s: the outcome encodes to invalid JSON %s", show(v), enc)
	}
	_, hasValue := fields["value"]
	_, hasAsk := fields["ask"]
	val, valueOK := o.Value()
	a, askOK := o.Ask()
	status := o.Status()
	if string(fields["status"]) != `"`+status.String()+`"` {
		return fail(RuleOneOf, nil, "%s: status %s encodes as %s", show(v), status, fields["status"])
	}
	switch status {
	case agentinput.StatusValue:
		if !valueOK || askOK || !hasValue || hasAsk || o.IsPlaceholder() {
			return fail(RuleOneOf, nil, "%s: a value outcome that is not exactly a value: %s", show(v), enc)
		}
		if bad := checkCanonical(read, canonical, val, fields["value"], show(v)); bad != nil {
			return bad
		}
	case agentinput.StatusAbsent:
		if valueOK || askOK || hasValue || hasAsk {
			return fail(RuleOneOf, nil, "%s: absent carries a value or an ask: %s", show(v), enc)
		}
	case agentinput.StatusAsk:
		if valueOK || !askOK || hasValue || !hasAsk || o.NoteCount() != 0 {
			return fail(RuleOneOf, nil, "%s: an ask outcome that is not exactly an ask: %s", show(v), enc)
		}
		if bad := FindAsk(a, show(v)); bad != nil {
			return bad
		}
		for _, r := range a.Readings {
			var rv any
			if err := decode(r.Value, &rv); err != nil {
				return fail(RuleReading, r.Value, "%s: reading %s is not JSON", show(v), r.Value)
			}
			back := read(rv)
			bv, ok := back.Value()
			if !ok || back.NoteCount() != 0 {
				b, _ := back.MarshalJSON()
				return fail(RuleReading, compact(r.Value), "%s: reading %s does not read back as a value with no note: %s", show(v), r.Value, b)
			}
			if got := spell(canonical(bv)); !bytes.Equal(got, compact(r.Value)) {
				return fail(RuleReading, compact(r.Value), "%s: reading %s is not canonical (canonical spelling %s)", show(v), r.Value, got)
			}
		}
	default:
		return fail(RuleOneOf, nil, "%s: status %d is none of value, absent, ask", show(v), status)
	}
	for _, n := range o.Notes() {
		if !slices.Contains(agentinput.NoteCodes(), n.Code) {
			return fail(RuleCode, nil, "%s: note code %q is not in the closed set", show(v), n.Code)
		}
	}
	for _, w := range o.Warnings() {
		if !slices.Contains(agentinput.WarningCodes(), w.Code) {
			return fail(RuleCode, nil, "%s: warning code %q is not in the closed set", show(v), w.Code)
		}
	}
	if askOK {
		if leak := AskLeak(a); leak != "" {
			return fail(RuleLeak, nil, "%s: the ask leaks a Go error (%q): %s", show(v), leak, enc)
		}
	}
	return nil
}

// AskLeak returns the Go error fragment in the texts of a that the
// library writes (expected, hint, the meanings of its readings), or "".
// The received value and the messages that quote it are left out: they
// echo the input, which may hold anything.
func AskLeak(a agentinput.Ask) string {
	texts := []string{a.Expected, a.Hint}
	for _, r := range a.Readings {
		texts = append(texts, r.Meaning)
	}
	for _, s := range texts {
		if g := GoError(s); g != "" {
			return g
		}
	}
	return ""
}

// checkCanonical: val (encoded as enc) has a canonical spelling that reads
// back to val with no note.
func checkCanonical[T any](read func(any) agentinput.Outcome[T], canonical func(T) any, val T, enc json.RawMessage, input string) *Violation {
	c := canonical(val)
	back := read(c)
	bv, ok := back.Value()
	if !ok || back.NoteCount() != 0 {
		b, _ := back.MarshalJSON()
		return fail(RuleCanonical, spell(c), "%s: value %s: its canonical spelling %s does not read back with no note: %s", input, enc, spell(c), b)
	}
	be, _ := json.Marshal(bv)
	ve, _ := json.Marshal(val)
	if !bytes.Equal(be, ve) {
		return fail(RuleCanonical, spell(c), "%s: value %s: its canonical spelling %s reads back as %s", input, ve, spell(c), be)
	}
	return nil
}

// CheckAsk fails t unless a has a code of the closed set, a received
// JSON, an expected and a hint.
func CheckAsk(t testing.TB, a agentinput.Ask, input string) {
	t.Helper()
	if bad := FindAsk(a, input); bad != nil {
		t.Fatal(bad.Error())
	}
}

// FindAsk is CheckAsk without a testing.TB.
func FindAsk(a agentinput.Ask, input string) *Violation {
	switch {
	case !slices.Contains(agentinput.AskCodes(), a.Code):
		return fail(RuleAsk, nil, "%s: ask code %q is not in the closed set", input, a.Code)
	case !json.Valid(a.Received):
		return fail(RuleAsk, nil, "%s: ask received %q is not JSON", input, a.Received)
	case strings.TrimSpace(a.Expected) == "":
		return fail(RuleAsk, nil, "%s: ask %s has no expected", input, a.Code)
	case strings.TrimSpace(a.Hint) == "":
		return fail(RuleAsk, nil, "%s: ask %s has no hint", input, a.Code)
	case repeatsRefused(a):
		return fail(RuleAsk, nil, "%s: ask %s offers back what it refused as its example: %s", input, a.Code, a.Hint)
	}
	return nil
}

// repeatsRefused reports whether an ask's hint gives, as its example, the
// very value it refused ("for example 50" after refusing 50): an ask never
// leads back into the mistake (issue 32).
func repeatsRefused(a agentinput.Ask) bool {
	const marker = "for example "
	received := string(a.Received)
	if received == "" || received == "null" {
		return false
	}
	for h := a.Hint; ; {
		i := strings.Index(h, marker)
		if i < 0 {
			return false
		}
		h = h[i+len(marker):]
		if strings.HasPrefix(h, received) {
			rest := h[len(received):]
			if rest == "" || !isWordByte(rest[0]) {
				return true
			}
		}
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// goErrors are fragments of Go error strings from the standard library
// that must never reach an agent.
var goErrors = []string{"strconv.", "json: ", "invalid character", "runtime error", "unexpected end of JSON", "goroutine ", "panic:", "%!"}

// GoError returns the Go error fragment s contains, or "".
func GoError(s string) string {
	for _, g := range goErrors {
		if strings.Contains(s, g) {
			return g
		}
	}
	return ""
}

// Inputs is what one fuzzed string stands for: the string itself and,
// when it is JSON text, the value it decodes to (numbers as json.Number,
// as a decoder with UseNumber hands them over).
func Inputs(s string) []any {
	out := []any{s}
	var v any
	if decode([]byte(s), &v) == nil {
		out = append(out, v)
	}
	return out
}

// Seed adds, for each row of the cases.txt at path (read by
// internal/casefile), the row's input as JSON text and, when it is a
// string, the string itself.
func Seed(f *testing.F, path string) {
	f.Helper()
	for _, r := range casefile.Load(f, path).Rows() {
		f.Add(r.Raw)
		if s, ok := r.Input.(string); ok {
			f.Add(s)
		}
	}
}

func decode(b []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errTrailing
	}
	var extra any
	if dec.Decode(&extra) == nil {
		return errTrailing
	}
	return nil
}

type trailingError struct{}

func (trailingError) Error() string { return "trailing data" }

var errTrailing = trailingError{}

func spell(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(fmt.Sprintf("%#v (does not encode: %v)", v, err))
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func compact(b []byte) []byte {
	var v any
	if decode(b, &v) != nil {
		return b
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return b
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil || len(b) > 200 {
		s := string(b)
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		return s
	}
	return string(b)
}

// Columns renders o as the OUTCOME and DETAIL columns of a kind's
// cases.txt, in the shape most kinds share: a value as format(v) with its
// note codes in order; absent as "absent" with its note codes; an ask as
// "ask CODE" with its readings' JSON in order ("-" for none).
func Columns[T any](o agentinput.Outcome[T], format func(T) string) []string {
	if a, ok := o.Ask(); ok {
		var rs []string
		for _, r := range a.Readings {
			rs = append(rs, string(r.Value))
		}
		return []string{"ask " + string(a.Code), dash(rs)}
	}
	var codes []string
	for _, n := range o.Notes() {
		codes = append(codes, string(n.Code))
	}
	if v, ok := o.Value(); ok {
		return []string{format(v), dash(codes)}
	}
	return []string{"absent", dash(codes)}
}

func dash(fields []string) string {
	if len(fields) == 0 {
		return "-"
	}
	return strings.Join(fields, " ")
}

// NoteTexts returns what is wrong with the texts of a value's notes: each
// starts with "Read ", and the last says "as VALUE" (value as the notes
// quote it; "" skips that check).
func NoteTexts[T any](o agentinput.Outcome[T], value string) []string {
	notes := o.Notes()
	var fails []string
	for _, n := range notes {
		if !strings.HasPrefix(n.Message, "Read ") {
			fails = append(fails, fmt.Sprintf("note message %q does not start with Read", n.Message))
		}
	}
	if _, ok := o.Value(); ok && value != "" && len(notes) > 0 && !strings.Contains(notes[len(notes)-1].Message, " as "+value) {
		fails = append(fails, fmt.Sprintf("last note %q does not say \"as %s\"", notes[len(notes)-1].Message, value))
	}
	return fails
}

// JSONText is v's JSON encoding as text, for [Columns]: the OUTCOME of a
// kind whose table writes values as JSON.
func JSONText[T any](v T) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v (does not encode: %v)", v, err)
	}
	return string(b)
}

// ReadingsRead returns what is wrong with an outcome's readings, or "":
// every reading an ask offers, sent back through read, reads as a value
// (issue 33: a reading is what to send next, and one that is refused
// when sent leads back into an ask). Notes are allowed: a reading written
// so that it reads back ("sme" for Northern Sami's "se") may read with one.
func ReadingsRead[T any](read func(any) agentinput.Outcome[T], o agentinput.Outcome[T]) string {
	a, ok := o.Ask()
	if !ok {
		return ""
	}
	for _, r := range a.Readings {
		var v any
		if err := decode(r.Value, &v); err != nil {
			return fmt.Sprintf("reading %s is not JSON", r.Value)
		}
		back := read(v)
		if _, ok := back.Value(); !ok {
			enc, _ := back.MarshalJSON()
			return fmt.Sprintf("reading %s does not read as a value when sent back: %s", r.Value, enc)
		}
	}
	return ""
}

// Spellings returns the inputs of the rows of the cases.txt at path, as
// decoded JSON values: the members of every spelling class a kind's table
// names, for properties that draw from them.
func Spellings(t testing.TB, path string) []any {
	t.Helper()
	var out []any
	for _, r := range casefile.Load(t, path).Rows() {
		out = append(out, r.Input)
	}
	return out
}
