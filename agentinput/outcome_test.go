package agentinput

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The three constructors and the zero Outcome: exactly one of value, absent
// and ask holds, and nothing but Value yields a value.
func TestOutcomeExactlyOne(t *testing.T) {
	var grouped Notes
	grouped.Add(NoteGrouping, Text("4 000"), "")
	tests := []struct {
		name        string
		o           Outcome[int]
		status      Status
		placeholder bool
	}{
		{"value", Value(4000, grouped), StatusValue, false},
		{"value without notes", Value(4000, Notes{}), StatusValue, false},
		{"absent", Absent[int](Notes{}), StatusAbsent, false},
		{"placeholder", Placeholder[int](grouped), StatusAbsent, true},
		{"ask", Asking[int](Ask{Code: AskInvalid}), StatusAsk, false},
		{"zero", Outcome[int]{}, StatusAsk, false},
	}
	for _, tt := range tests {
		o := tt.o
		_, isValue := o.Value()
		_, isAsk := o.Ask()
		isAbsent := o.Status() == StatusAbsent
		n := 0
		for _, b := range []bool{isValue, isAbsent, isAsk} {
			if b {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: value=%v absent=%v ask=%v, want exactly one", tt.name, isValue, isAbsent, isAsk)
		}
		if o.Status() != tt.status || o.IsPlaceholder() != tt.placeholder {
			t.Errorf("%s: status %v placeholder %v, want %v %v", tt.name, o.Status(), o.IsPlaceholder(), tt.status, tt.placeholder)
		}
		if isValue != (tt.status == StatusValue) {
			t.Errorf("%s: Value() reports %v", tt.name, isValue)
		}
	}
}

// A forgotten outcome never passes for a value: the zero Outcome is an ask
// with a usable shape, and its value is the zero value.
func TestZeroOutcomeIsAsk(t *testing.T) {
	var o Outcome[string]
	if v, ok := o.Value(); ok || v != "" {
		t.Errorf("zero Outcome: Value() = %q, %v", v, ok)
	}
	a, ok := o.Ask()
	if !ok || a.Code != AskInvalid || string(a.Received) != "null" {
		t.Errorf("zero Outcome: Ask() = %+v, %v", a, ok)
	}
	if StatusAsk != 0 {
		t.Error("StatusAsk must be the zero Status")
	}
}

// countingValue counts how often it is encoded, to see when notes render.
type countingValue struct{ n *int }

func (c countingValue) MarshalJSON() ([]byte, error) {
	*c.n++
	return []byte(`4000`), nil
}

// Notes are rendered when asked for, not when the value is read.
func TestNotesRenderLazily(t *testing.T) {
	encoded := 0
	var notes Notes
	notes.Add(NoteGrouping, JSONValue(countingValue{&encoded}), "spaces group thousands")
	o := Value(countingValue{&encoded}, notes)
	_, _ = o.Value()
	if o.NoteCount() != 1 || encoded != 0 {
		t.Fatalf("reading the outcome rendered something: count %d, encoded %d times", o.NoteCount(), encoded)
	}
	got := o.Notes()
	want := []Note{{Code: NoteGrouping, Message: "Read 4000 as 4000 (spaces group thousands)"}}
	if fmt.Sprint(got) != fmt.Sprint(want) || encoded == 0 {
		t.Errorf("Notes() = %v (encoded %d times), want %v", got, encoded, want)
	}
}

// Messages read "Read X as Y", with a reason in parentheses when given;
// X and Y are spelled as JSON, and "absent" in words.
func TestNoteMessages(t *testing.T) {
	var notes Notes
	notes.AddStep(NoteTrimmed, Text(" 4 000 "), Text("4 000"), "")
	notes.Add(NoteGrouping, Text("4 000"), "spaces group thousands")
	notes.Add(NoteFromString, JSONText(`"4000"`), "")
	got := Value(4000, notes).Notes()
	want := []Note{
		{NoteTrimmed, `Read " 4 000 " as "4 000"`},
		{NoteGrouping, `Read "4 000" as 4000 (spaces group thousands)`},
		{NoteFromString, `Read "4000" as 4000`},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}

	var ph Notes
	ph.Add(NotePlaceholder, JSONValue("N/A"), "a placeholder")
	if got := Placeholder[int](ph).Notes(); len(got) != 1 || got[0].Message != `Read "N/A" as absent (a placeholder)` {
		t.Errorf("placeholder note = %q", got)
	}
	if got := Value(1, Notes{}).Notes(); got == nil || len(got) != 0 {
		t.Errorf("no notes must render as an empty, non-nil slice, got %#v", got)
	}
}

// Map converts the value and keeps the notes saying what the kind read:
// "as 4000", not the converted value.
func TestMapKeepsNotes(t *testing.T) {
	var notes Notes
	notes.Add(NoteGrouping, Text("4 000"), "")
	o := Value(4000, notes).WithWarning(Warning{Code: "w", Message: "m"})
	m := Map(o, func(i int) string { return fmt.Sprintf("%d units", i) })
	if v, ok := m.Value(); !ok || v != "4000 units" {
		t.Errorf("Map value = %q, %v", v, ok)
	}
	if got := m.Notes(); len(got) != 1 || got[0].Message != `Read "4 000" as 4000` {
		t.Errorf("Map notes = %q", got)
	}
	if len(m.Warnings()) != 1 {
		t.Errorf("Map dropped the warning")
	}

	// Absence and asks carry over unchanged.
	var ph Notes
	ph.Add(NotePlaceholder, Text("-"), "a placeholder")
	pm := Map(Placeholder[int](ph), func(int) string { panic("f called on absence") })
	if !pm.IsPlaceholder() || pm.Notes()[0].Message != `Read "-" as absent (a placeholder)` {
		t.Errorf("Map of a placeholder = %v %q", pm.Status(), pm.Notes())
	}
	am := Map(Asking[int](Ask{Code: AskAmbiguous, Hint: "h"}), func(int) string { panic("f called on an ask") })
	if a, ok := am.Ask(); !ok || a.Code != AskAmbiguous || a.Hint != "h" {
		t.Errorf("Map of an ask = %+v, %v", a, ok)
	}
}

func TestWithNotes(t *testing.T) {
	var trim Notes
	trim.AddStep(NoteTrimmed, Text(" 5 "), Text("5"), "")
	var own Notes
	own.Add(NoteFromString, Text("5"), "")
	got := Value(5, own).WithNotes(trim).Notes()
	if len(got) != 2 || got[0].Code != NoteTrimmed || got[1].Message != `Read "5" as 5` {
		t.Errorf("WithNotes order = %q", got)
	}
	if a := Asking[int](Ask{Code: AskInvalid}).WithNotes(trim); a.NoteCount() != 0 {
		t.Error("an ask keeps no notes")
	}
}

// Notes is a value: two outcomes built from one Notes never share a note
// slot (a regression test: append on a shared backing array used to let
// the second outcome overwrite the first one's note).
func TestNotesCopiesDoNotAlias(t *testing.T) {
	var base Notes
	for i := range 4 {
		base.Add(NoteGrouping, Text(fmt.Sprint(i)), "")
	}
	var a, b Notes
	a.Add(NoteTrimmed, Text("a"), "")
	b.Add(NoteTrimmed, Text("b"), "")
	oa := Value(1, a).WithNotes(base)
	ob := Value(2, b).WithNotes(base)
	if got := oa.Notes()[4].Message; got != `Read "a" as 1` {
		t.Errorf("first outcome's last note = %q, overwritten by the second", got)
	}
	if got := ob.Notes()[4].Message; got != `Read "b" as 2` {
		t.Errorf("second outcome's last note = %q", got)
	}

	c1, c2 := base, base
	c1.Add(NoteClamped, Text("x"), "")
	c2.Add(NoteClamped, Text("y"), "")
	if got := Value(0, c1).Notes()[4].Message; got != `Read "x" as 0` {
		t.Errorf("copy's note = %q, overwritten by another copy", got)
	}
}

func TestOutcomeJSON(t *testing.T) {
	var grouped Notes
	grouped.Add(NoteGrouping, Text("4 000"), "")
	var ph Notes
	ph.Add(NotePlaceholder, JSONValue("<nil>"), "a placeholder")
	tests := []struct {
		name string
		o    Outcome[int]
		want string
		keys []string
	}{
		{"value", Value(4000, grouped),
			`{"status":"value","value":4000,"notes":[{"code":"grouping","message":"Read \"4 000\" as 4000"}],"warnings":[]}`,
			[]string{"status", "value", "notes", "warnings"}},
		{"canonical value", Value(0, Notes{}),
			`{"status":"value","value":0,"notes":[],"warnings":[]}`,
			[]string{"status", "value", "notes", "warnings"}},
		{"absent", Absent[int](Notes{}),
			`{"status":"absent","notes":[],"warnings":[]}`,
			[]string{"status", "notes", "warnings"}},
		{"placeholder", Placeholder[int](ph),
			`{"status":"absent","notes":[{"code":"placeholder","message":"Read \"<nil>\" as absent (a placeholder)"}],"warnings":[]}`,
			[]string{"status", "notes", "warnings"}},
		{"ask", Asking[int](Ask{Code: AskInvalid, Received: Received("x"), Expected: "a number", Hint: "Send 1"}),
			`{"status":"ask","notes":[],"warnings":[],"ask":{"code":"invalid","message":"Could not read \"x\". Expected a number. Send 1.","received":"x","expected":"a number","hint":"Send 1","readings":[]}}`,
			[]string{"status", "notes", "warnings", "ask"}},
		{"warning", Value(1, Notes{}).WithWarning(Warning{Code: "w", Message: "careful"}),
			`{"status":"value","value":1,"notes":[],"warnings":[{"code":"w","message":"careful"}]}`,
			[]string{"status", "value", "notes", "warnings"}},
	}
	for _, tt := range tests {
		got, err := tt.o.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(got) != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.name, got, tt.want)
		}
		assertKeys(t, tt.name, got, tt.keys...)
		prefix := []byte(`{"input":1,`)
		app, err := tt.o.AppendJSON(prefix)
		if err != nil || string(app) != `{"input":1,`+tt.want {
			t.Errorf("%s: AppendJSON = %s, %v", tt.name, app, err)
		}
		// The typed append writes the same bytes, its encoder's text
		// rendering the notes' "as <value>" as the boxed value's did.
		typed, err := tt.o.AppendJSONWith(prefix, appendInt)
		if err != nil || string(typed) != `{"input":1,`+tt.want {
			t.Errorf("%s: AppendJSONWith = %s, %v", tt.name, typed, err)
		}
		if nilValue, err := tt.o.AppendJSONWith(nil, nil); err != nil || string(nilValue) != tt.want {
			t.Errorf("%s: AppendJSONWith(nil) = %s, %v", tt.name, nilValue, err)
		}
		// An encoder that fails, or writes what is not compact JSON, is
		// replaced by AppendJSON's own encoding.
		for name, bad := range map[string]func([]byte, int) ([]byte, error){
			"failing":   func([]byte, int) ([]byte, error) { return nil, errors.New("no encoding") },
			"spaced":    func(b []byte, v int) ([]byte, error) { return append(strconv.AppendInt(b, int64(v), 10), ' '), nil },
			"not JSON":  func(b []byte, v int) ([]byte, error) { return append(b, "0x1"...), nil },
			"non-ASCII": func(b []byte, v int) ([]byte, error) { return append(b, "\"é\""...), nil },
		} {
			if got, err := tt.o.AppendJSONWith(nil, bad); err != nil || string(got) != tt.want {
				t.Errorf("%s: AppendJSONWith, an encoder %s: %s, %v", tt.name, name, got, err)
			}
		}
	}
}

func appendInt(b []byte, v int) ([]byte, error) { return strconv.AppendInt(b, int64(v), 10), nil }

// Note JSON is exactly {code, message}.
func TestNoteJSON(t *testing.T) {
	got, err := json.Marshal(Note{Code: NoteClamped, Message: "Read 500 as 100"})
	if err != nil || string(got) != `{"code":"clamped","message":"Read 500 as 100"}` {
		t.Errorf("Note JSON = %s, %v", got, err)
	}
	got, err = json.Marshal(Warning{Code: "w", Message: "m"})
	if err != nil || string(got) != `{"code":"w","message":"m"}` {
		t.Errorf("Warning JSON = %s, %v", got, err)
	}
}

func TestReceived(t *testing.T) {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	nums := long("1", 81)
	arr := make([]any, 40)
	for i := range arr {
		arr[i] = json.Number("1")
	}
	tests := []struct {
		name string
		v    any
		want string // the decoded JSON value, as Go %v
		text string // the exact JSON text, when it matters
	}{
		{"short string", "4 000", "4 000", `"4 000"`},
		{"80 characters kept", long("a", 80), long("a", 80), ""},
		{"81 characters cut", long("a", 81), long("a", 80) + "…", ""},
		{"runes, not bytes", long("é", 100), long("é", 80) + "…", ""},
		{"invalid UTF-8", long("\xff", 100), long("\uFFFD", 80) + "…", ""},
		{"no HTML escaping", "<nil> & co", "<nil> & co", `"<nil> & co"`},
		{"null", nil, "<nil>", `null`},
		{"number kept exactly", json.Number("1e400"), "1e400", `1e400`},
		{"80 digits kept", json.Number(long("1", 80)), long("1", 80), long("1", 80)},
		{"81 digits cut to a string", json.Number(nums), long("1", 80) + "…", ""},
		{"bool", false, "false", `false`},
		{"short array", []any{json.Number("1"), "a"}, "[1 a]", `[1,"a"]`},
		{"long array becomes a cut string", arr, "[" + strings.TrimSuffix(long("1,", 40), ",")[:79] + "…", ""},
		{"object", map[string]any{"b": true, "a": nil}, "map[a:<nil> b:true]", `{"a":null,"b":true}`},
	}
	for _, tt := range tests {
		raw := Received(tt.v)
		if tt.text != "" && string(raw) != tt.text {
			t.Errorf("%s: text %s, want %s", tt.name, raw, tt.text)
		}
		var back any
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.UseNumber()
		if err := dec.Decode(&back); err != nil {
			t.Errorf("%s: %s is not JSON: %v", tt.name, raw, err)
			continue
		}
		if got := fmt.Sprint(back); got != tt.want {
			t.Errorf("%s: decodes to %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSpellingCut(t *testing.T) {
	longJSON := `"` + strings.Repeat("x", 100) + `"`
	tests := []struct {
		s    Spelling
		want string
	}{
		{Text("4 000"), `"4 000"`},
		{JSONValue(json.Number("4000")), `4000`},
		{JSONText(`[1,2]`), `[1,2]`},
		{Words("absent"), `absent`},
		// A long JSON text is cut like any received value: a string of its
		// first characters, never broken JSON.
		{JSONText(longJSON), `"\"` + strings.Repeat("x", 79) + `…"`},
		{Text(strings.Repeat("y", 200)), `"` + strings.Repeat("y", 80) + `…"`},
		{Spelling{}, ``},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v: got %s, want %s", tt.s, got, tt.want)
		}
	}
}

// noteKinds are the three ways a note is held: a Text note (inline when
// first), a note from any JSON value, and a step to an intermediate
// spelling (both in the tail).
var noteKinds = []pendingNote{
	{code: NoteGrouping, from: Text("4 000"), reason: "space groups digits"},
	{code: NoteFromNumber, from: JSONValue(1), reason: ""},
	{code: NoteTrimmed, from: Text(" 5 "), to: Text("5"), reason: ""},
}

// TestNotesEveryShape: every sequence of up to three notes of every kind,
// built note by note, by Append in two parts, and by WithNotes, renders
// exactly as the notes it was given, in order — wherever Notes holds them.
func TestNotesEveryShape(t *testing.T) {
	var seqs [][]pendingNote
	var grow func(seq []pendingNote)
	grow = func(seq []pendingNote) {
		seqs = append(seqs, seq)
		if len(seq) == 3 {
			return
		}
		for i, k := range noteKinds {
			k.reason += fmt.Sprint(" #", len(seq), i)
			grow(append(seq[:len(seq):len(seq)], k))
		}
	}
	grow(nil)
	build := func(seq []pendingNote) Notes {
		var ns Notes
		for _, p := range seq {
			if p.to.IsZero() {
				ns.Add(p.code, p.from, p.reason)
			} else {
				ns.AddStep(p.code, p.from, p.to, p.reason)
			}
		}
		return ns
	}
	for _, seq := range seqs {
		var want []Note
		for _, p := range seq {
			want = append(want, p.render(JSONText("7")))
		}
		got := map[string]Notes{"added": build(seq), "resolved": build(seq).Resolve(Spelling{})}
		for cut := 0; cut <= len(seq); cut++ {
			a, b := build(seq[:cut]), build(seq[cut:])
			appended := a
			appended.Append(Notes{}, b)
			got[fmt.Sprint("appended at ", cut)] = appended
			got[fmt.Sprint("WithNotes at ", cut)] = Value(7, b).WithNotes(a).notes
		}
		for how, ns := range got {
			o := Value(7, ns)
			if o.NoteCount() != len(seq) {
				t.Errorf("%v %s: NoteCount %d", seq, how, o.NoteCount())
			}
			if fmt.Sprint(o.Notes()) != fmt.Sprint(append([]Note{}, want...)) {
				t.Errorf("%s:\ngot  %q\nwant %q", how, o.Notes(), want)
			}
		}
	}
}

// TestNotesAllocations pins what the inline first note is for: one note
// read from a string costs no allocation, and a second one costs one.
func TestNotesAllocations(t *testing.T) {
	var sink Outcome[int]
	for n, want := range []float64{0, 0, 1} {
		got := testing.AllocsPerRun(100, func() {
			var ns Notes
			for range n {
				ns.Add(NoteGrouping, Text("4 000"), "space groups digits")
			}
			sink = Value(4000, ns)
		})
		if got != want {
			t.Errorf("%d notes: %v allocations, want %v", n, got, want)
		}
	}
	_ = sink
}

// TestValueNote: ValueNote is Value of the notes Add records, for every
// kind of value and reason, and Canonical for an empty code; the outcome
// keeps taking notes after it as Value's does.
func TestValueNote(t *testing.T) {
	same := func(name string, got, want Outcome[string]) {
		t.Helper()
		g, _ := got.MarshalJSON()
		w, _ := want.MarshalJSON()
		if string(g) != string(w) || got.NoteCount() != want.NoteCount() || fmt.Sprint(got.NoteCodes()) != fmt.Sprint(want.NoteCodes()) {
			t.Errorf("%s:\nValueNote %s %v\nValue     %s %v", name, g, got.NoteCodes(), w, want.NoteCodes())
		}
	}
	for _, tt := range []struct {
		code         NoteCode
		from, reason string
	}{
		{NoteWord, "ano", "cs: yes"}, {NoteFromString, "true", ""}, {NoteFromNumber, "", ""}, {NoteTrimmed, "a \"quoted\" <b>", "why"},
	} {
		var notes Notes
		notes.Add(tt.code, Text(tt.from), tt.reason)
		got, want := ValueNote("v", tt.code, tt.from, tt.reason), Value("v", notes)
		same(string(tt.code), got, want)
		var before Notes
		before.AddStep(NoteTrimmed, Text(" x "), Text("x"), "")
		same(string(tt.code)+" with notes before", got.WithNotes(before), want.WithNotes(before))
		same(string(tt.code)+" with a warning", got.WithWarning(Warning{Code: "w", Message: "m"}), want.WithWarning(Warning{Code: "w", Message: "m"}))
	}
	same("empty code", ValueNote("v", "", "from", "reason"), Canonical("v"))
}

// derefText's methods dereference their receiver, as most pointer methods
// do: called on a nil pointer, they would panic.
type derefText struct{ s string }

func (d *derefText) MarshalText() ([]byte, error) { return []byte(d.s), nil }

type derefJSON struct{ n int }

func (d *derefJSON) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprint(d.n)), nil }

// TestReceivedPointers: a pointer is spelled as encoding/json spells it,
// a nil one as null, without calling a method that would panic on it.
func TestReceivedPointers(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{(*derefText)(nil), "null"},
		{(*derefJSON)(nil), "null"},
		{&derefText{"x"}, `"x"`},
		{&derefJSON{7}, "7"},
	} {
		if got := string(Received(c.v)); got != c.want {
			t.Errorf("Received(%#v) = %s, want %s", c.v, got, c.want)
		}
		if got, _ := Value[any](c.v, Notes{}).MarshalJSON(); !strings.Contains(string(got), `"value":`+c.want+`,`) {
			t.Errorf("Value(%#v) encodes as %s, want value %s", c.v, got, c.want)
		}
	}
}

// TestAnyIsMapIdentity: Any encodes, renders and carries notes exactly as
// Map with the identity does, for every outcome and kinds of value whose
// notes render from the value (an int, a string, a type with its own
// MarshalJSON).
func TestAnyIsMapIdentity(t *testing.T) {
	var one, two, ph Notes
	one.Add(NoteGrouping, Text("4 000"), "")
	two.Add(NoteFromString, Text("x"), "a reason")
	two.AddStep(NoteTrimmed, Text(" x "), Text("x"), "")
	ph.Add(NotePlaceholder, Text("-"), "a placeholder")
	check := func(name string, a, m Outcome[any]) {
		t.Helper()
		aj, aerr := a.MarshalJSON()
		mj, merr := m.MarshalJSON()
		if string(aj) != string(mj) || (aerr == nil) != (merr == nil) {
			t.Errorf("%s: Any %s (%v), Map %s (%v)", name, aj, aerr, mj, merr)
		}
		ac, mc := a.CarryNotes("at 1"), m.CarryNotes("at 1")
		if fmt.Sprint(a.Notes()) != fmt.Sprint(m.Notes()) || ac.Len() != mc.Len() ||
			fmt.Sprint(Value(0, ac).Notes()) != fmt.Sprint(Value(0, mc).Notes()) {
			t.Errorf("%s: notes %q vs %q", name, a.Notes(), m.Notes())
		}
		if a.Status() != m.Status() || a.IsPlaceholder() != m.IsPlaceholder() || len(a.Warnings()) != len(m.Warnings()) {
			t.Errorf("%s: status or warnings differ", name)
		}
	}
	id := func(v int) any { return v }
	for _, n := range []Notes{{}, one, two} {
		o := Value(4000, n)
		check("int", Any(o), Map(o, id))
		w := o.WithWarning(Warning{Code: "w", Message: "m"})
		check("int+warning", Any(w), Map(w, id))
		s := Value("4 000", n)
		check("string", Any(s), Map(s, func(v string) any { return v }))
		d := Value(sevenJSON{}, n)
		check("marshaler", Any(d), Map(d, func(v sevenJSON) any { return v }))
	}
	check("placeholder", Any(Placeholder[int](ph)), Map(Placeholder[int](ph), id))
	check("absent", Any(Absent[int](one)), Map(Absent[int](one), id))
	ask := Asking[int](Ask{Code: AskAmbiguous, Hint: "h", Readings: []Reading{{Value: json.RawMessage("1"), Meaning: "one"}}})
	check("ask", Any(ask), Map(ask, id))
}

// sevenJSON encodes itself, by value, as 7.
type sevenJSON struct{}

func (sevenJSON) MarshalJSON() ([]byte, error) { return []byte("7"), nil }
