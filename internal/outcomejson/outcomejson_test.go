package outcomejson_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/outcomejson"
)

// The hand-written JSON of an outcome (agentinput/json.go) is held to encoding/json:
// outcomejson.Outcome encodes the same outcome from the shape's struct
// types. Every line shape `agentinput read` writes is here — a value of
// each sort of type, absence, a placeholder, an ask with and without
// readings, warnings, notes of every form — with strings that need each
// of encoding/json's escapes.

// tricky are strings that need every escape encoding/json makes, and some
// it does not (HTML's <>& are not escaped: HTML escaping is off).
var tricky = []string{
	"", "4000", "<nil>", "a & b", "<script>", `"quoted"`, `back\slash`, "tab\tnew\nline\r",
	"\b\f", "\x00\x01\x1f", "\x7f", "\u2028", "\u2029", "a\u2028b\u2029c", "\xff", "a\xc3", "\xed\xa0\x80",
	"\xe2\x80", "\xe2\x80\xa8", "čeština", "😀", "\ufffd", "ᚠᛇᚻ", strings.Repeat("é", 100),
	strings.Repeat("x", 79) + "\u2028", strings.Repeat("<", 200),
}

type marshaler struct{ text string }

func (m marshaler) MarshalJSON() ([]byte, error) { return []byte(m.text), nil }

// appender appends its MarshalJSON text, as number.Decimal does.
type appender struct{ text string }

func (a appender) MarshalJSON() ([]byte, error)        { return []byte(a.text), nil }
func (a appender) AppendJSON(b []byte) ([]byte, error) { return append(b, a.text...), nil }

type texter struct{ text string }

func (t texter) MarshalText() ([]byte, error) { return []byte(t.text), nil }

type named string

type record struct {
	A string `json:"a"`
	B []int  `json:"b,omitempty"`
}

// fataler is what check needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func check[T any](t fataler, name string, o agentinput.Outcome[T]) {
	t.Helper()
	got, err := o.MarshalJSON()
	want, werr := outcomejson.Outcome(o)
	if (err != nil) != (werr != nil) {
		t.Fatalf("%s: error %v, encoding/json's %v", name, err, werr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s:\n got  %s\n want %s", name, got, want)
	}
	appended, _ := o.AppendJSON([]byte("prefix"))
	if err == nil && string(appended) != "prefix"+string(got) {
		t.Fatalf("%s: AppendJSON does not append MarshalJSON's bytes", name)
	}
}

func notesOf(kinds ...string) agentinput.Notes {
	var ns agentinput.Notes
	for i, s := range kinds {
		switch i % 4 {
		case 0:
			ns.Add(agentinput.NoteFromString, agentinput.Text(s), "reason "+s)
		case 1:
			ns.AddStep(agentinput.NoteTrimmed, agentinput.Text(" "+s+" "), agentinput.Text(s), "")
		case 2:
			ns.Add(agentinput.NoteGrouping, agentinput.JSONText(`"`+s+`"`), s)
		default:
			ns.Add(agentinput.NoteWord, agentinput.JSONValue(s), "")
		}
	}
	return ns
}

func TestOutcomeJSONAgrees(t *testing.T) {
	values := []any{nil, true, false, 4000, -2.5, json.Number("12.50"), json.Number("1e400"),
		marshaler{"4000"}, marshaler{`"2026-10-01"`}, marshaler{`{ "a" : 1 }`}, marshaler{`"<a>&\u2028"`},
		marshaler{`"` + "\u2028" + `"`}, appender{"4000"}, appender{"-1.5e+21"}, appender{`{ "a" : 1 }`},
		appender{`"<\u2028>"`}, appender{"{"}, appender{strings.Repeat("1", 100)}, texter{"cs-CZ"}, texter{"<b>\u2028\xff"},
		[]string{}, []string(nil), []string{"a", "<b>", "\u2028"}, []any{1, "x", nil}, map[string]any{"b": 1, "a": "<"},
		named("n\u2029"), record{A: "<>"}, time.Date(2026, 10, 1, 12, 0, 0, 5, time.UTC), []int{1, 2}}
	for _, s := range tricky {
		values = append(values, s, marshaler{`"` + s + `"`}, texter{s})
	}
	// A nil pointer encodes as null (with no note: Received, which
	// renders notes, calls its method).
	check(t, "nil pointer", agentinput.Canonical((*texter)(nil)))
	check(t, "nil pointer", agentinput.Canonical[any]((*marshaler)(nil)))
	for _, v := range values {
		check(t, "value", agentinput.Canonical(v))
		check(t, "value with notes", agentinput.Value(v, notesOf("x", "<y>", "\u2028", "z")))
		check(t, "typed value", agentinput.Value(texter{"<t>"}, notesOf("<")))
		check(t, "mapped value", agentinput.Map(agentinput.Value(v, notesOf("m")), func(v any) any { return []any{v} }))
	}
	for _, s := range tricky {
		check(t, "value, one note", agentinput.Value(s, notesOf(s)))
		check(t, "value, notes", agentinput.Value(4000, notesOf(s, s, s, s, s)))
		check(t, "absent", agentinput.Absent[int](notesOf(s)))
		check(t, "placeholder", agentinput.Placeholder[int](notesOf(s, s)))
		check(t, "warning", agentinput.Canonical(s).WithWarning(agentinput.Warning{Code: agentinput.WarningAlsoHex, Message: s}).
			WithWarning(agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: "second " + s}))
		check(t, "absent with a warning", agentinput.Absent[int](agentinput.Notes{}).WithWarning(agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: s}))
		check(t, "mapped", agentinput.Map(agentinput.Value(7, notesOf(s, s)), func(int) any { return texter{s} }))
		for _, a := range asks(s) {
			check(t, "ask", agentinput.Asking[int](a))
		}
	}
	check(t, "zero outcome", agentinput.Outcome[int]{})
	check(t, "unencodable value", agentinput.Canonical[any](func() {}))
	check(t, "invalid MarshalJSON", agentinput.Canonical(marshaler{"{"}))
}

// asks are the ask shapes around s: with and without readings, received
// and reason; each code's message form.
func asks(s string) []agentinput.Ask {
	q, _ := json.Marshal(s)
	readings := []agentinput.Reading{{Value: json.RawMessage(`1234`), Meaning: "comma groups " + s}, {Value: q, Meaning: ""}, {Value: json.RawMessage(`[ 1, 2 ]`), Meaning: s}}
	var out []agentinput.Ask
	for _, code := range []agentinput.AskCode{agentinput.AskInvalid, agentinput.AskAmbiguous, agentinput.AskMissingRequired, agentinput.AskPlaceholderOnWrite, agentinput.AskTooLarge} {
		out = append(out,
			agentinput.Ask{Code: code, Received: agentinput.Received(s), Expected: "a JSON number, " + s, Hint: "Send " + s, Reason: s},
			agentinput.Ask{Code: code, Received: q, Readings: readings[:1], Hint: s + "."},
			agentinput.Ask{Code: code, Received: json.RawMessage(`{ "a" : ` + string(q) + ` }`), Readings: readings, Reason: "it is " + s},
			agentinput.Ask{Code: code},
		)
	}
	return append(out,
		agentinput.Ask{Code: agentinput.AskInvalid, Received: json.RawMessage(`{`)},                                       // not JSON: an error
		agentinput.Ask{Code: agentinput.AskInvalid, Readings: []agentinput.Reading{{Value: json.RawMessage{}}}},           // empty reading: an error
		agentinput.Ask{Code: agentinput.AskInvalid, Readings: []agentinput.Reading{{Value: nil, Meaning: "no value"}}},    // null
		agentinput.Ask{Code: agentinput.AskInvalid, Received: json.RawMessage("\"\u2028<\xff>\""), Reason: s},             // raw text as it is
		agentinput.Ask{Code: agentinput.AskInvalid, Received: json.RawMessage(`"` + strings.Repeat("\\u00e9", 50) + `"`)}, // escapes kept
	)
}

func TestAskJSONAgrees(t *testing.T) {
	for _, s := range tricky {
		for _, a := range asks(s) {
			got, err := a.MarshalJSON()
			want, werr := outcomejson.Ask(a)
			if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
				t.Fatalf("%+v:\n got  %s (%v)\n want %s (%v)", a, got, err, want, werr)
			}
		}
	}
}

// Generated outcomes of every shape, with generated strings everywhere a
// string goes.
func TestOutcomeJSONProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		str := func(label string) string {
			switch rapid.IntRange(0, 3).Draw(t, label+" form") {
			case 0:
				return rapid.SampledFrom(tricky).Draw(t, label)
			case 1:
				return string(rapid.SliceOf(rapid.Byte()).Draw(t, label))
			case 2:
				return rapid.SampledFrom(tricky).Draw(t, label) + rapid.String().Draw(t, label+" tail")
			}
			return rapid.String().Draw(t, label)
		}
		var notes agentinput.Notes
		for i := range rapid.IntRange(0, 4).Draw(t, "notes") {
			code := rapid.SampledFrom(agentinput.NoteCodes()).Draw(t, "code")
			from := spelling(t, str, "from")
			switch rapid.IntRange(0, 1).Draw(t, "note form") {
			case 0:
				notes.Add(code, from, str("reason"))
			default:
				notes.AddStep(code, from, spelling(t, str, "to"), str("reason"))
			}
			_ = i
		}
		var o agentinput.Outcome[any]
		switch rapid.IntRange(0, 4).Draw(t, "status") {
		case 0:
			var v any
			switch rapid.IntRange(0, 5).Draw(t, "value type") {
			case 0:
				v = str("value")
			case 1:
				v = rapid.Bool().Draw(t, "bool")
			case 2:
				v = marshaler{string(agentinput.Received(str("json")))}
			case 3:
				v = texter{str("text")}
			case 4:
				v = []string{str("item"), str("item")}
			default:
				v = json.Number(rapid.SampledFrom([]string{"0", "-1.5e3", "12", "01", ""}).Draw(t, "number"))
			}
			o = agentinput.Value(v, notes)
		case 1:
			o = agentinput.Absent[any](notes)
		case 2:
			o = agentinput.Placeholder[any](notes)
		case 3:
			a := agentinput.Ask{Code: rapid.SampledFrom(agentinput.AskCodes()).Draw(t, "ask code"),
				Received: agentinput.Received(str("received")), Expected: str("expected"), Hint: str("hint"), Reason: str("reason")}
			for range rapid.IntRange(0, 3).Draw(t, "readings") {
				a.Readings = append(a.Readings, agentinput.Reading{Value: agentinput.Received(str("reading")), Meaning: str("meaning")})
			}
			o = agentinput.Asking[any](a)
		default:
			o = agentinput.Map(agentinput.Value(str("mapped"), notes), func(s string) any { return texter{s} })
		}
		for range rapid.IntRange(0, 2).Draw(t, "warnings") {
			o = o.WithWarning(agentinput.Warning{Code: rapid.SampledFrom(agentinput.WarningCodes()).Draw(t, "warning code"), Message: str("warning")})
		}
		check(t, "generated", o)
	})
}

func spelling(t *rapid.T, str func(string) string, label string) agentinput.Spelling {
	s := str(label)
	switch rapid.IntRange(0, 3).Draw(t, label+" spelling") {
	case 0:
		return agentinput.Text(s)
	case 1:
		return agentinput.JSONText(string(agentinput.Received(s)))
	case 2:
		return agentinput.Words(s)
	}
	return agentinput.JSONValue(s)
}
