package eli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	tb := casefile.Load(t, "testdata/cases.txt")
	if n := len(tb.Rows()); n < 150 {
		t.Fatalf("cases.txt: only %d cases", n)
	}
	tb.Check(t, nil, func(r *casefile.Row) []string {
		o := Read(r.Input, Options{})
		checkOutcome(t, r.Input, o, func(msg string) { r.Errorf(t, "%s", msg) })
		return oracle.Columns(o, func(e ELI) string { return "value " + e.String() })
	})
}

// checkOutcome checks what every outcome of this package must hold: a value
// is canonical and its notes say so; an ask echoes the input, says what is
// expected and what to send, and an ambiguous one names two readings or
// more, each canonical, while an invalid one has a reason and none.
func checkOutcome(t interface{ Helper() }, input any, o agentinput.Outcome[ELI], fail func(string)) {
	t.Helper()
	if v, ok := o.Value(); ok {
		if p, err := Parse(v.String()); err != nil || p != v {
			fail("value " + v.String() + " does not parse back")
		}
		for _, n := range o.Notes() {
			if !strings.HasPrefix(n.Message, "Read ") {
				fail("note " + n.Message + " does not begin with Read")
			}
		}
		// A repair always gets a note: a value without one was sent as
		// the canonical URI itself.
		if s, ok := input.(string); ok && o.NoteCount() == 0 && s != v.String() {
			fail("value " + v.String() + " read from another spelling without a note")
		}
		if notes := o.Notes(); len(notes) > 0 && !strings.Contains(notes[len(notes)-1].Message, ` as "`+v.String()+`"`) {
			fail("last note " + notes[len(notes)-1].Message + " does not name the value")
		}
		return
	}
	a, ok := o.Ask()
	if !ok {
		return // absent
	}
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value")
	}
	if a.Expected != Expected(Options{}) || a.Hint == "" {
		fail("expected or hint missing")
	}
	switch a.Code {
	case agentinput.AskAmbiguous:
		// One reading is enough for a citation that does not say what
		// it cites ("1/1945": only a Czech act of the kinds read).
		if len(a.Readings) < 1 {
			fail("an ambiguous ask needs a reading")
		}
		seen := map[string]bool{}
		for _, r := range a.Readings {
			var s string
			if err := json.Unmarshal(r.Value, &s); err != nil {
				fail("reading " + string(r.Value) + " is not a JSON string")
				continue
			}
			if e, err := Parse(s); err != nil || e.String() != s || r.Meaning == "" || seen[s] {
				fail("reading " + s + " is not canonical, repeated, or has no meaning")
			}
			seen[s] = true
		}
	default:
		if len(a.Readings) != 0 || a.Reason == "" {
			fail("an invalid ask has a reason and no readings")
		}
	}
	if _, err := json.Marshal(a); err != nil {
		fail("ask does not encode: " + err.Error())
	}
}
