package oracle

import (
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

// letters is a small correct kind: a lowercase ASCII letter is canonical;
// an uppercase one reads as it with a note; "ab" has two meanings, "a"
// and "b"; null is absent; anything else is an invalid ask.
func letters(v any) agentinput.Outcome[string] {
	s, ok := v.(string)
	switch {
	case v == nil:
		return agentinput.Absent[string](agentinput.Notes{})
	case ok && len(s) == 1 && s[0] >= 'a' && s[0] <= 'z':
		return agentinput.Canonical(s)
	case ok && len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z':
		var ns agentinput.Notes
		ns.Add(agentinput.NoteWord, agentinput.Text(s), "letter case")
		return agentinput.Value(strings.ToLower(s), ns)
	case ok && s == "ab":
		return agentinput.Asking[string](ambiguous(v, `"a"`, `"b"`))
	}
	return agentinput.Asking[string](invalid(v))
}

func ambiguous(v any, readings ...string) agentinput.Ask {
	a := invalid(v)
	a.Code = agentinput.AskAmbiguous
	for _, r := range readings {
		a.Readings = append(a.Readings, agentinput.Reading{Value: json.RawMessage(r), Meaning: "the letter " + r})
	}
	return a
}

func invalid(v any) agentinput.Ask {
	return agentinput.Ask{Code: agentinput.AskInvalid, Received: agentinput.Received(v),
		Expected: "one lowercase letter", Hint: "Send one letter, such as \"a\".", Reason: "it is not a letter"}
}

func identity(s string) any { return s }

// inputs is what each test reads: every branch of letters.
var inputs = []any{"a", "Q", "ab", nil, "", "abc", json.Number("1"), true, []any{"a"}}

// TestCorrectKindPasses: the correct kind breaks no invariant, so that a
// Violation below is the breakage's and not the harness's.
func TestCorrectKindPasses(t *testing.T) {
	for _, v := range inputs {
		if bad := Find(letters, identity, v); bad != nil {
			t.Errorf("%v: %v", v, bad)
		}
	}
}

// breakages: each reader or canonical spelling breaks one invariant, on
// one input; Find must name that invariant.
func TestEachInvariantCatchesItsBreakage(t *testing.T) {
	calls := 0
	tests := []struct {
		name      string
		read      func(any) agentinput.Outcome[string]
		canonical func(string) any
		input     any
		want      Rule
	}{
		{"impure: each read answers another letter", func(v any) agentinput.Outcome[string] {
			calls++
			return agentinput.Canonical(string(rune('a' + calls%26)))
		}, identity, "a", RulePure},
		{"a value that does not encode", nil, nil, "a", RuleEncode},
		{"the canonical spelling reads back with a note", letters, func(s string) any { return strings.ToUpper(s) }, "a", RuleCanonical},
		{"the canonical spelling reads back as another value", func(v any) agentinput.Outcome[string] {
			if v == "b" {
				return agentinput.Canonical("c")
			}
			return letters(v)
		}, func(string) any { return "b" }, "a", RuleCanonical},
		{"the canonical spelling does not read", letters, func(s string) any { return s + s }, "a", RuleCanonical},
		{"an ambiguous spelling whose readings are not canonical", func(v any) agentinput.Outcome[string] {
			if v == "ab" {
				return agentinput.Asking[string](ambiguous(v, `"A"`, `"B"`))
			}
			return letters(v)
		}, identity, "ab", RuleReading},
		{"a reading that is not JSON: the outcome does not encode", func(v any) agentinput.Outcome[string] {
			if v == "ab" {
				return agentinput.Asking[string](ambiguous(v, `"a"`, `b`))
			}
			return letters(v)
		}, identity, "ab", RuleEncode},
		{"a reading that reads back as an ask", func(v any) agentinput.Outcome[string] {
			if v == "ab" {
				return agentinput.Asking[string](ambiguous(v, `"a"`, `"bb"`))
			}
			return letters(v)
		}, identity, "ab", RuleReading},
		{"an ask without a hint", askWith(func(a *agentinput.Ask) { a.Hint = " " }), identity, "?", RuleAsk},
		{"an ask without expected", askWith(func(a *agentinput.Ask) { a.Expected = "" }), identity, "?", RuleAsk},
		{"an ask whose received is not JSON: the outcome does not encode", askWith(func(a *agentinput.Ask) { a.Received = json.RawMessage("{") }), identity, "?", RuleEncode},
		{"an ask code outside the closed set", askWith(func(a *agentinput.Ask) { a.Code = "confused" }), identity, "?", RuleAsk},
		{"a Go error in the hint", askWith(func(a *agentinput.Ask) {
			a.Hint = `strconv.ParseFloat: parsing "?": invalid syntax`
		}), identity, "?", RuleLeak},
		{"a Go error in a reading's meaning", func(v any) agentinput.Outcome[string] {
			if v != "ab" {
				return letters(v)
			}
			a := ambiguous(v, `"a"`, `"b"`)
			a.Readings[1].Meaning = "runtime error: index out of range"
			return agentinput.Asking[string](a)
		}, identity, "ab", RuleLeak},
		{"a note code outside the closed set", func(v any) agentinput.Outcome[string] {
			var ns agentinput.Notes
			ns.Add("guessed", agentinput.Text("Q"), "a guess")
			if v == "Q" {
				return agentinput.Value("q", ns)
			}
			return letters(v)
		}, identity, "Q", RuleCode},
		{"a warning code outside the closed set", func(v any) agentinput.Outcome[string] {
			return letters(v).WithWarning(agentinput.Warning{Code: "hmm", Message: "something"})
		}, identity, "a", RuleCode},
		// The API builds no outcome that is two of value, absent and ask
		// (an ask drops the notes it is given); the zero Outcome is an
		// ask with nothing in it.
		{"the zero Outcome", func(any) agentinput.Outcome[string] {
			var zero agentinput.Outcome[string]
			return zero
		}, identity, "?", RuleAsk},
	}
	for _, tt := range tests {
		var bad *Violation
		if tt.read == nil { // the one whose value type does not encode
			bad = Find(func(any) agentinput.Outcome[chan int] { return agentinput.Canonical(make(chan int)) },
				func(chan int) any { return "a" }, tt.input)
		} else {
			bad = Find(tt.read, tt.canonical, tt.input)
		}
		switch {
		case bad == nil:
			t.Errorf("%s: no violation found", tt.name)
		case bad.Rule != tt.want:
			t.Errorf("%s: violation %v, want rule %s", tt.name, bad, tt.want)
		case bad.Msg == "" || !strings.HasPrefix(bad.Error(), string(tt.want)+": "):
			t.Errorf("%s: violation %q does not say what broke", tt.name, bad.Error())
		}
	}
}

// askWith returns the letters kind whose asks are changed by f.
func askWith(f func(*agentinput.Ask)) func(any) agentinput.Outcome[string] {
	return func(v any) agentinput.Outcome[string] {
		o := letters(v)
		if a, ok := o.Ask(); ok {
			f(&a)
			return agentinput.Asking[string](a)
		}
		return o
	}
}

// TestAmbiguousValueIsNotTheOraclesToCatch pins a limit: a reader that
// answers a value for a spelling with two meanings, with no note, breaks
// none of the invariants above, since they do not know what a spelling
// means. The kind's cases.txt (oracle.Columns against the ask the row
// expects) and the reference readers of the fuzz targets catch it.
func TestAmbiguousValueIsNotTheOraclesToCatch(t *testing.T) {
	guess := func(v any) agentinput.Outcome[string] {
		if v == "ab" {
			return agentinput.Canonical("a")
		}
		return letters(v)
	}
	if bad := Find(guess, identity, "ab"); bad != nil {
		t.Fatalf("the invariants now catch a guess (%v): update this test and the package comment", bad)
	}
	if got := Columns(guess("ab"), func(s string) string { return s }); got[0] != "a" || got[1] != "-" {
		t.Fatalf("Columns = %q", got)
	}
	if got := Columns(letters("ab"), func(s string) string { return s }); got[0] != "ask ambiguous" || got[1] != `"a" "b"` {
		t.Errorf("Columns of the ask = %q, which a row \"ab\" | ask ambiguous | \"a\" \"b\" would not match", got)
	}
}

func TestColumns(t *testing.T) {
	format := func(s string) string { return s }
	for _, tt := range []struct {
		in   any
		want []string
	}{
		{"a", []string{"a", "-"}},
		{"Q", []string{"q", "word"}},
		{nil, []string{"absent", "-"}},
		{"ab", []string{"ask ambiguous", `"a" "b"`}},
		{"", []string{"ask invalid", "-"}},
	} {
		if got := Columns(letters(tt.in), format); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Columns(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNoteTexts(t *testing.T) {
	var ns agentinput.Notes
	ns.Add(agentinput.NoteWord, agentinput.Text("Q"), "letter case")
	o := agentinput.Value("q", ns)
	if fails := NoteTexts(o, `"q"`); len(fails) != 0 {
		t.Errorf("a note that says as \"q\": %q", fails)
	}
	if fails := NoteTexts(o, `"x"`); len(fails) != 1 || !strings.Contains(fails[0], `as "x"`) {
		t.Errorf("a note that does not name the value: %q", fails)
	}
	if fails := NoteTexts(o, ""); len(fails) != 0 {
		t.Errorf("value \"\" skips the last-note check: %q", fails)
	}
}

func TestInputsAndGoError(t *testing.T) {
	if got := Inputs(`"x"`); len(got) != 2 || got[0] != `"x"` || got[1] != "x" {
		t.Errorf("Inputs(%q) = %#v", `"x"`, got)
	}
	if got := Inputs("1.50"); len(got) != 2 || got[1] != json.Number("1.50") {
		t.Errorf("Inputs(1.50) = %#v, want the number as json.Number", got)
	}
	if got := Inputs("1 2"); len(got) != 1 {
		t.Errorf("Inputs(1 2) = %#v: two values are not JSON text", got)
	}
	if g := GoError(`json: cannot unmarshal string`); g != "json: " {
		t.Errorf("GoError = %q", g)
	}
	if g := GoError("Send one letter."); g != "" {
		t.Errorf("GoError of a clean text = %q", g)
	}
}

var sink [][]byte

// TestCost: Cost counts what one run allocates, so sixteen times the work
// costs about sixteen times as much.
func TestCost(t *testing.T) {
	work := func(n int) func() {
		return func() {
			sink = sink[:0]
			for range n {
				sink = append(sink, make([]byte, 64))
			}
		}
	}
	a1, b1 := Cost(20, work(10))
	a16, b16 := Cost(20, work(160))
	if a1 < 10 || b1 < 640 {
		t.Errorf("Cost of 10 allocations of 64 bytes = %d allocs, %d bytes", a1, b1)
	}
	if a16 < 12*a1 || b16 < 12*b1 {
		t.Errorf("16 times the work: %d allocs, %d bytes; once: %d allocs, %d bytes", a16, b16, a1, b1)
	}
}

// An ask that offers back, as its example, the value it refused breaks the
// ask rule; a longer number that starts with it does not.
func TestFindAskRepeatsRefused(t *testing.T) {
	base := agentinput.Ask{Code: agentinput.AskInvalid, Expected: "a number", Reason: "no"}
	for _, c := range []struct {
		received, hint string
		bad            bool
	}{
		{`50`, "Send the number alone as a JSON number, for example 50", true},
		{`"c2f1"`, `Send id with a value, for example "c2f1"`, true},
		{`5`, "Send the number alone as a JSON number, for example 50", false},
		{`"five"`, "Send the number alone as a JSON number, for example 5", false},
	} {
		a := base
		a.Received, a.Hint = json.RawMessage(c.received), c.hint
		if got := FindAsk(a, c.received) != nil; got != c.bad {
			t.Errorf("FindAsk(received %s, hint %q) violation %v, want %v", c.received, c.hint, got, c.bad)
		}
	}
}

// ReadingsRead finds a reading that is refused when sent back, and passes
// readings that read.
func TestReadingsRead(t *testing.T) {
	read := func(v any) agentinput.Outcome[string] {
		if s, _ := v.(string); s == "good" {
			return agentinput.Value("good", agentinput.Notes{})
		}
		return agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskAmbiguous, Received: agentinput.Received(v), Expected: "x", Hint: "y",
			Readings: []agentinput.Reading{{Value: json.RawMessage(`"good"`)}, {Value: json.RawMessage(`"bad"`)}}})
	}
	if msg := ReadingsRead(read, read("x")); !strings.Contains(msg, `"bad"`) {
		t.Errorf("ReadingsRead of a refused reading: %q", msg)
	}
	ok := func(v any) agentinput.Outcome[string] {
		return agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskAmbiguous, Received: agentinput.Received(v), Expected: "x", Hint: "y",
			Readings: []agentinput.Reading{{Value: json.RawMessage(`"good"`)}}})
	}
	if msg := ReadingsRead(read, ok("x")); msg != "" {
		t.Errorf("ReadingsRead of readings that read: %q", msg)
	}
}
