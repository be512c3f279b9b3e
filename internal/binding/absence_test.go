package binding

import (
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

// fakeKind is the kind these tests read with: it reads nothing itself (the
// project allows one reader per kind, and none of them lives here). It
// returns a fixed outcome and records whether it was called, so that the
// tests see which values reach the kind and what the rule does with the
// kind's answer.
type fakeKind struct {
	out    agentinput.Outcome[string]
	called bool
}

func (k *fakeKind) read(v any) agentinput.Outcome[string] {
	k.called = true
	return k.out
}

// kindValue is the fake kind's answer to any value it is given.
func kindValue() agentinput.Outcome[string] {
	return agentinput.Value("kind's value", agentinput.Notes{})
}

var (
	example  = json.RawMessage(`4000`)
	expected = "a JSON number, for example 4000"
)

func TestIsPlaceholder(t *testing.T) {
	tests := []struct {
		v          any
		collection bool
		want       bool
	}{
		// Empty and whitespace strings: nothing was sent.
		{"", false, true},
		{"  ", false, true},
		{"\t\n", false, true},
		{"\u00a0", false, true},
		{"\u3000", false, true},
		{"\uFEFF", false, true},
		// The null-like words, in any letter case.
		{"null", false, true},
		{"NULL", false, true},
		{"Null", false, true},
		{"None", false, true},
		{"none", false, true},
		{"nil", false, true},
		{"NIL", false, true},
		{"undefined", false, true},
		{"Undefined", false, true},
		{"N/A", false, true},
		{"n/a", false, true},
		{"<nil>", false, true},
		{"<null>", false, true},
		{"(null)", false, true},
		// Inside surrounding quotes and whitespace, as models wrap values.
		{"'null'", false, true},
		{`"null"`, false, true},
		{` "N/A" `, false, true},
		{"“none”", false, true},
		{`""`, false, true},
		{"''", false, true},
		// A dash alone, ASCII or typographic.
		{"-", false, true},
		{"–", false, true},
		{"—", false, true},
		{"−", false, true},
		{" - ", false, true},
		// Empty containers are placeholders for a scalar kind only.
		{[]any{}, false, true},
		{map[string]any{}, false, true},
		{[]any{}, true, false},
		{map[string]any{}, true, false},
		// Not placeholders: values, however small, and near misses.
		{json.Number("0"), false, false},
		{false, false, false},
		{true, false, false},
		{nil, false, false}, // null is absence, but not a placeholder: Read handles it apart
		{"0", false, false},
		{"false", false, false},
		{"no", false, false},
		{"nan", false, false},
		{"N/A please", false, false},
		{"--", false, false},
		{"-1", false, false},
		{"nullable", false, false},
		{"'null", false, false},
		{[]any{nil}, false, false},
		{[]any{""}, false, false},
		{map[string]any{"a": nil}, false, false},
		{strings.Repeat(" ", 65) + "null", false, false}, // beyond the length a placeholder has
	}
	for _, tt := range tests {
		if got := IsPlaceholder(tt.v, tt.collection); got != tt.want {
			t.Errorf("IsPlaceholder(%#v, collection=%v) = %v, want %v", tt.v, tt.collection, got, tt.want)
		}
	}
}

// result is what one read comes to, in the terms of the rule.
type result struct {
	status  string // value, absent, ask
	code    string // the ask's code, or the first note's code
	message string // the first note's message, when checked
	kind    bool   // the kind was called
}

func TestRead(t *testing.T) {
	read := Absence{Mode: ModeRead, Expected: expected, Example: example}
	write := Absence{Mode: ModeWrite, Expected: expected, Example: example}
	required := Absence{Mode: ModeRead, Required: true, Name: "limit", Expected: expected, Example: example}
	requiredWrite := Absence{Mode: ModeWrite, Required: true, Name: "limit", Expected: expected, Example: example}
	list := Absence{Mode: ModeRead, Collection: true, Expected: expected, Example: example}
	var ph agentinput.Notes
	ph.Add(agentinput.NotePlaceholder, agentinput.Text("all"), "the kind's own placeholder")
	kindPlaceholder := agentinput.Placeholder[string](ph)
	kindAbsent := agentinput.Absent[string](agentinput.Notes{})
	kindAsk := agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskAmbiguous})
	kindInvalid := agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskInvalid})
	declaredNone := Absence{Mode: ModeRead, Expected: expected, Example: example, Declared: []string{"open", "none"}}

	tests := []struct {
		name    string
		raw     any
		present bool
		p       Absence
		kind    agentinput.Outcome[string]
		want    result
	}{
		// Missing and null: absent on every tool, without a note, and the
		// kind is never asked.
		{"missing, read", nil, false, read, kindValue(), result{"absent", "", "", false}},
		{"missing, write", nil, false, write, kindValue(), result{"absent", "", "", false}},
		{"null, read", nil, true, read, kindValue(), result{"absent", "", "", false}},
		{"null, write", nil, true, write, kindValue(), result{"absent", "", "", false}},
		{"missing, required", nil, false, required, kindValue(), result{"ask", "missing_required", "", false}},
		{"null, required", nil, true, required, kindValue(), result{"ask", "missing_required", "", false}},
		{"missing, a value present in the map", "x", false, read, kindValue(), result{"absent", "", "", false}},

		// Generic placeholders on a read tool: absent, with a note.
		{"N/A, read", "N/A", true, read, kindValue(), result{"absent", "placeholder", `Read "N/A" as absent (a placeholder)`, false}},
		{"empty, read", "", true, read, kindValue(), result{"absent", "placeholder", `Read "" as absent (a placeholder)`, false}},
		{"spaces, read", "  ", true, read, kindValue(), result{"absent", "placeholder", `Read "  " as absent (a placeholder)`, false}},
		{"nbsp, read", "\u00a0", true, read, kindValue(), result{"absent", "placeholder", "Read \"\u00a0\" as absent (a placeholder)", false}},
		{"null word, read", "null", true, read, kindValue(), result{"absent", "placeholder", `Read "null" as absent (a placeholder)`, false}},
		{"NULL, read", "NULL", true, read, kindValue(), result{"absent", "placeholder", `Read "NULL" as absent (a placeholder)`, false}},
		{"None, read", "None", true, read, kindValue(), result{"absent", "placeholder", `Read "None" as absent (a placeholder)`, false}},
		{"nil, read", "nil", true, read, kindValue(), result{"absent", "placeholder", `Read "nil" as absent (a placeholder)`, false}},
		{"undefined, read", "undefined", true, read, kindValue(), result{"absent", "placeholder", `Read "undefined" as absent (a placeholder)`, false}},
		{"n/a, read", "n/a", true, read, kindValue(), result{"absent", "placeholder", `Read "n/a" as absent (a placeholder)`, false}},
		{"dash, read", "-", true, read, kindValue(), result{"absent", "placeholder", `Read "-" as absent (a placeholder)`, false}},
		{"en dash, read", "–", true, read, kindValue(), result{"absent", "placeholder", `Read "–" as absent (a placeholder)`, false}},
		{"<nil>, read", "<nil>", true, read, kindValue(), result{"absent", "placeholder", `Read "<nil>" as absent (a placeholder)`, false}},
		{"quoted null, read", `'null'`, true, read, kindValue(), result{"absent", "placeholder", `Read "'null'" as absent (a placeholder)`, false}},
		{"double-quoted null, read", `"null"`, true, read, kindValue(), result{"absent", "placeholder", `Read "\"null\"" as absent (a placeholder)`, false}},
		{"[] on a scalar, read", []any{}, true, read, kindValue(), result{"absent", "placeholder", `Read [] as absent (a placeholder)`, false}},
		{"{} on a scalar, read", map[string]any{}, true, read, kindValue(), result{"absent", "placeholder", `Read {} as absent (a placeholder)`, false}},

		// [] and {} are values of a collection kind: the kind reads them.
		{"[] on a list", []any{}, true, list, kindValue(), result{"value", "", "", true}},
		{"{} on a list kind", map[string]any{}, true, list, kindValue(), result{"value", "", "", true}},

		// 0 and false are never absent: the kind reads them.
		{"0", json.Number("0"), true, read, kindValue(), result{"value", "", "", true}},
		{"false", false, true, read, kindValue(), result{"value", "", "", true}},
		{"0, write", json.Number("0"), true, write, kindValue(), result{"value", "", "", true}},
		{"false, required", false, true, required, kindValue(), result{"value", "", "", true}},
		{"\"0\"", "0", true, read, kindValue(), result{"value", "", "", true}},

		// On a write tool a placeholder is an ask: it could turn an update
		// into a create.
		{"N/A, write", "N/A", true, write, kindValue(), result{"ask", "placeholder_on_write", "", false}},
		{"empty, write", "", true, write, kindValue(), result{"ask", "placeholder_on_write", "", false}},
		{"None, write", "None", true, write, kindValue(), result{"ask", "placeholder_on_write", "", false}},
		{"[] on a scalar, write", []any{}, true, write, kindValue(), result{"ask", "placeholder_on_write", "", false}},
		{"[] on a list, write", []any{}, true, Absence{Mode: ModeWrite, Collection: true}, kindValue(), result{"value", "", "", true}},

		// A required property: every absence is missing_required,
		// placeholders included, and whatever the mode.
		{"N/A, required", "N/A", true, required, kindValue(), result{"ask", "missing_required", "", false}},
		{"N/A, required write", "N/A", true, requiredWrite, kindValue(), result{"ask", "missing_required", "", false}},
		{"null, required write", nil, true, requiredWrite, kindValue(), result{"ask", "missing_required", "", false}},

		// The kind's own placeholder is treated as a generic one.
		{"kind placeholder, read", "all", true, read, kindPlaceholder, result{"absent", "placeholder", `Read "all" as absent (the kind's own placeholder)`, true}},
		{"kind placeholder, write", "all", true, write, kindPlaceholder, result{"ask", "placeholder_on_write", "", true}},
		{"kind placeholder, required", "all", true, required, kindPlaceholder, result{"ask", "missing_required", "", true}},

		// The kind's own absence (not a placeholder) stays absence on a
		// write tool, and is missing_required on a required property.
		{"kind absent, read", "open", true, read, kindAbsent, result{"absent", "", "", true}},
		{"kind absent, write", "open", true, write, kindAbsent, result{"absent", "", "", true}},
		{"kind absent, required", "open", true, required, kindAbsent, result{"ask", "missing_required", "", true}},

		// A spelling that says the value is not known yet: the kind reads it
		// first; only its ask invalid gives way to absence.
		{"TBD, the kind has no reading", "TBD", true, read, kindInvalid, result{"absent", "placeholder", `Read "TBD" as absent (a placeholder: it says the value is not known)`, true}},
		{"unknown, the kind has no reading", " Unknown ", true, read, kindInvalid, result{"absent", "placeholder", "", true}},
		{"?, the kind has no reading", "???", true, read, kindInvalid, result{"absent", "placeholder", "", true}},
		{"ellipsis, the kind has no reading", "…", true, read, kindInvalid, result{"absent", "placeholder", "", true}},
		{"unknown, the kind reads it", "unknown", true, read, kindValue(), result{"value", "", "", true}},
		{"NA, the kind reads it (Namibia)", "NA", true, read, kindValue(), result{"value", "", "", true}},
		{"TBD, the kind asks which", "TBD", true, read, kindAsk, result{"ask", "ambiguous", "", true}},
		{"TBD, write", "TBD", true, write, kindInvalid, result{"ask", "placeholder_on_write", "", true}},
		{"TBD, required", "TBD", true, required, kindInvalid, result{"ask", "missing_required", "", true}},
		{"not a TBD word", "TBD soon", true, read, kindInvalid, result{"ask", "invalid", "", true}},
		{"unknown, a boolean's third answer", "unknown", true, Absence{UnknownIsAnAnswer: true}, kindInvalid, result{"ask", "invalid", "", true}},
		{"N/A, a boolean", "N/A", true, Absence{UnknownIsAnAnswer: true}, kindInvalid, result{"absent", "placeholder", "", false}},

		// A declared value that is a generic placeholder is the kind's.
		{"none, declared", "None", true, declaredNone, kindValue(), result{"value", "", "", true}},
		{"N/A, not declared", "N/A", true, declaredNone, kindValue(), result{"absent", "placeholder", "", false}},

		// Anything else is the kind's answer, unchanged.
		{"kind value, required write", "4000", true, requiredWrite, kindValue(), result{"value", "", "", true}},
		{"kind ask", "1,234", true, required, kindAsk, result{"ask", "ambiguous", "", true}},
	}
	for _, tt := range tests {
		k := &fakeKind{out: tt.kind}
		o := Read(tt.raw, tt.present, tt.p, k.read)
		got := result{status: o.Status().String(), kind: k.called}
		if a, ok := o.Ask(); ok {
			got.code = string(a.Code)
		} else if notes := o.Notes(); len(notes) > 0 {
			got.code = string(notes[0].Code)
			if tt.want.message != "" {
				got.message = notes[0].Message
			}
		}
		if got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
		if tt.want.status == "absent" && tt.want.code == "placeholder" && !o.IsPlaceholder() {
			t.Errorf("%s: a placeholder's absence must say so (IsPlaceholder)", tt.name)
		}
	}
}

// The asks the rule makes: what they receive, and hints that name the
// property and the example.
func TestReadAsks(t *testing.T) {
	kind := func(any) agentinput.Outcome[string] { return kindValue() }
	tests := []struct {
		name    string
		raw     any
		present bool
		p       Absence
		want    agentinput.Ask
		message string
	}{
		{"missing, named", nil, false, Absence{Required: true, Name: "limit", Expected: expected, Example: example},
			agentinput.Ask{Code: agentinput.AskMissingRequired, Received: json.RawMessage(`null`), Expected: expected,
				Hint: "Send limit with a value, for example 4000"},
			"A value is required. Expected a JSON number, for example 4000. Send limit with a value, for example 4000."},
		{"placeholder, required", "N/A", true, Absence{Required: true, Name: "limit", Expected: expected, Example: example},
			agentinput.Ask{Code: agentinput.AskMissingRequired, Received: json.RawMessage(`"N/A"`), Expected: expected,
				Reason: `"N/A" reads as absent`, Hint: "Send limit with a value, for example 4000"},
			`A value is required: "N/A" reads as absent. Expected a JSON number, for example 4000. Send limit with a value, for example 4000.`},
		{"unnamed, no example", nil, true, Absence{Required: true},
			agentinput.Ask{Code: agentinput.AskMissingRequired, Received: json.RawMessage(`null`), Hint: "Send the property with a value"},
			"A value is required. Send the property with a value."},
		{"placeholder on write", "none", true, Absence{Mode: ModeWrite, Name: "parent_id", Expected: "a UUID", Example: json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`)},
			agentinput.Ask{Code: agentinput.AskPlaceholderOnWrite, Received: json.RawMessage(`"none"`), Expected: "a UUID",
				Reason: "it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does",
				Hint:   `Send the value you mean, for example "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10", or leave parent_id out to send none`},
			`Did not read "none" as absent: it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does. Expected a UUID. Send the value you mean, for example "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10", or leave parent_id out to send none.`},
		// The schema's own example, copied, is refused: the hint never
		// offers it back (issue 32).
		{"copied example, required", "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10", true, Absence{Required: true, Name: "id", Expected: "a UUID",
			Example: json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`), Examples: []json.RawMessage{json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`)}},
			agentinput.Ask{Code: agentinput.AskMissingRequired, Received: json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`), Expected: "a UUID",
				Reason: `"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10" reads as absent`, Hint: "Send id with a value, not the schema's example"},
			`A value is required: "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10" reads as absent. Expected a UUID. Send id with a value, not the schema's example.`},
		{"copied example on write", "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10", true, Absence{Mode: ModeWrite, Name: "parent_id", Expected: "a UUID",
			Example: json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`), Examples: []json.RawMessage{json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`)}},
			agentinput.Ask{Code: agentinput.AskPlaceholderOnWrite, Received: json.RawMessage(`"0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10"`), Expected: "a UUID",
				Reason: "it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does",
				Hint:   "Send the value you mean, not the schema's example, or leave parent_id out to send none"},
			`Did not read "0b0e8c5e-4f6b-4b7e-9c0e-2f8f5d1c9a10" as absent: it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does. Expected a UUID. Send the value you mean, not the schema's example, or leave parent_id out to send none.`},
		{"none on a write tool's list", "none", true, Absence{Mode: ModeWrite, Name: "tags", Collection: true, Expected: "a list", Example: json.RawMessage(`["tax"]`)},
			agentinput.Ask{Code: agentinput.AskPlaceholderOnWrite, Received: json.RawMessage(`"none"`), Expected: "a list",
				Reason: "it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does",
				Hint:   `Send [] for no items, or the items you mean, for example ["tax"], or leave tags out to send none`},
			`Did not read "none" as absent: it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does. Expected a list. Send [] for no items, or the items you mean, for example ["tax"], or leave tags out to send none.`},
	}
	for _, tt := range tests {
		o := Read(tt.raw, tt.present, tt.p, kind)
		a, ok := o.Ask()
		if !ok {
			t.Errorf("%s: %v, want an ask", tt.name, o.Status())
			continue
		}
		if a.Code != tt.want.Code || string(a.Received) != string(tt.want.Received) || a.Expected != tt.want.Expected ||
			a.Hint != tt.want.Hint || a.Reason != tt.want.Reason || len(a.Readings) != 0 {
			t.Errorf("%s:\ngot  %+v\nwant %+v", tt.name, a, tt.want)
		}
		if got := a.Message(); got != tt.message {
			t.Errorf("%s: message\ngot  %s\nwant %s", tt.name, got, tt.message)
		}
	}
}

// A kind's notes and value come through unchanged.
func TestReadPassesThrough(t *testing.T) {
	var notes agentinput.Notes
	notes.Add(agentinput.NoteGrouping, agentinput.Text("4 000"), "")
	o := Read("4 000", true, Absence{Mode: ModeWrite, Required: true}, func(any) agentinput.Outcome[string] {
		return agentinput.Value("4000", notes)
	})
	if v, ok := o.Value(); !ok || v != "4000" || len(o.Notes()) != 1 || o.Notes()[0].Message != `Read "4 000" as "4000"` {
		t.Errorf("got %v %v %q", v, ok, o.Notes())
	}
}
