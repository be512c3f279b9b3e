package eval

import (
	"bytes"
	"strings"
	"testing"

	"agentinput.dev/internal/demo"
)

func runLines(t *testing.T, lines ...string) *Report {
	t.Helper()
	cases, err := Load(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunDemo(cases)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestOutcomes(t *testing.T) {
	id := demo.Generate()[1].ID
	tests := []struct {
		line string
		want Outcome
	}{
		{`{"tool":"read_decisions","arguments":{"limit":20},"intended":{"limit":20}}`, Exact},
		{`{"tool":"read_decisions","arguments":{},"intended":{"limit":null}}`, Exact},
		{`{"tool":"read_decisions","arguments":{"limit":"20"},"intended":{"limit":20.0}}`, Repaired},
		{`{"tool":"read_decisions","arguments":{"court":"N/A"},"intended":{}}`, Repaired},
		{`{"tool":"read_decisions","arguments":{"limit":20},"intended":{"limit":21}}`, Wrong},
		{`{"tool":"read_decisions","arguments":{"limit":20},"intended":{}}`, Wrong},
		// An ask whose readings hold the intended value, either of them.
		{`{"tool":"read_decisions","arguments":{"date_from":"01/02/2026"},"intended":{"date_from":"2026-01-02"}}`, AskedRecoverable},
		{`{"tool":"read_decisions","arguments":{"date_from":"01/02/2026"},"intended":{"date_from":"2026-02-01"}}`, AskedRecoverable},
		// An ask that cannot name what the model meant.
		{`{"tool":"read_decisions","arguments":{"limit":"twenty-two"},"intended":{"limit":22}}`, AskedDeadEnd},
		// An unknown property whose hint names the declared one: moved.
		{`{"tool":"read_decisions","arguments":{"limt":20},"intended":{"limit":20}}`, AskedRecoverable},
		// ... also when the declared one is required.
		{`{"tool":"read_decision","arguments":{"ID":"` + id + `"},"intended":{"id":"` + id + `"}}`, AskedRecoverable},
		// A reversed range: the hint names both swapped values.
		{`{"tool":"read_decisions","arguments":{"date_from":"2024-01-01","date_to":"2020-12-31"},"intended":{"date_from":"2020-12-31","date_to":"2024-01-01"}}`, AskedRecoverable},
		// A placeholder on a do tool's required property: asked, and
		// nothing can be sent in its place.
		{`{"tool":"do_tag_decision","arguments":{"decision_id":"N/A","tags":["tax"]},"intended":{"tags":["tax"]}}`, AskedDeadEnd},
		// A filter over the courts dropped with filter_dropped is not a
		// guess: an ask with a result beside it, recoverable when the
		// warning names the court meant, and the second attempt is run.
		{`{"tool":"read_decisions","arguments":{"court":"Suprme Court"},"intended":{"court":"NS"}}`, AskedRecoverable},
		{`{"tool":"read_decisions","arguments":{"court":"Suprme Court"},"intended":{"court":"NSS"}}`, AskedRecoverable},
		{`{"tool":"read_decisions","arguments":{"court":"Suprme Court"},"intended":{"court":"KS-PRAHA"}}`, AskedDeadEnd},
		// ... but a dropped filter does not excuse another property.
		{`{"tool":"read_decisions","arguments":{"court":"Suprme Court","limit":20},"intended":{"court":"NS","limit":21}}`, Wrong},
		// A warning makes an accepted call repaired, not exact.
		{`{"tool":"read_decisions","arguments":{"court":"Atlantis"},"intended":{}}`, Repaired},
		// A handler failure has no issue to follow.
		{`{"tool":"read_decision","arguments":{"id":"4e6a3fac-9262-4826-91f0-e77195e54c58"},"intended":{"id":"4e6a3fac-9262-4826-91f0-e77195e54c58"}}`, AskedDeadEnd},
	}
	for _, tt := range tests {
		rep := runLines(t, tt.line)
		if got := rep.Calls[0].Outcome; got != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.line, got, rep.Calls[0].Why, tt.want)
		}
	}
}

func TestSecondAttemptIsChecked(t *testing.T) {
	// The reading is named, but another property the ask did not cover
	// is read as something else on the second attempt: that is wrong.
	rep := runLines(t, `{"tool":"read_decisions","arguments":{"date_from":"01/02/2026","limit":20},"intended":{"date_from":"2026-02-01","limit":30}}`)
	c := rep.Calls[0]
	if c.Outcome != Wrong || c.Second == nil || !c.Second.Accepted {
		t.Fatalf("got %s (%s), want wrong on the second attempt", c.Outcome, c.Why)
	}
}

func TestCursorMarkers(t *testing.T) {
	rep := runLines(t,
		`{"tool":"read_decisions","arguments":{"limit":5,"cursor":"$NEXT_CURSOR"},"intended":{"limit":5,"cursor":"$NEXT_CURSOR"},"cursor_from":{"limit":5}}`,
		`{"tool":"read_decisions","arguments":{"limit":5,"cursor":"$NEXT_CURSOR_FLIPPED"},"intended":{"limit":5,"cursor":"$NEXT_CURSOR"},"cursor_from":{"limit":5}}`,
		`{"tool":"read_decisions","arguments":{"limit":5,"cursor":"$NEXT_CURSOR_TRUNCATED"},"intended":{"limit":5,"cursor":"$NEXT_CURSOR"},"cursor_from":{"limit":5}}`,
	)
	for i, want := range []Outcome{Exact, AskedDeadEnd, AskedDeadEnd} {
		if got := rep.Calls[i].Outcome; got != want {
			t.Errorf("call %d: %s (%s), want %s", i, got, rep.Calls[i].Why, want)
		}
	}
	if strings.Contains(string(rep.Calls[0].First.Arguments), "$NEXT_CURSOR") {
		t.Error("the marker was not replaced")
	}
	if string(rep.Calls[0].Written) != `{"limit":5,"cursor":"$NEXT_CURSOR"}` {
		t.Errorf("Written = %s, want the corpus spelling", rep.Calls[0].Written)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, in := range []string{
		`{"tool":"x","arguments":{},"intended":[]}`,
		`{"arguments":{},"intended":{}}`,
		`{"tool":"x","argumnts":{}}`,
		`not json`,
	} {
		if _, err := Load(strings.NewReader(in)); err == nil {
			t.Errorf("%s: loaded", in)
		}
	}
	cases, err := Load(strings.NewReader("# comment\n\n// another\n" + `{"tool":"read_decisions"}` + "\n"))
	if err != nil || len(cases) != 1 || cases[0].Line != 4 || cases[0].Label != "(none)" {
		t.Fatalf("got %+v, %v", cases, err)
	}
	if _, err := RunDemo([]Case{{Line: 1, Tool: "nope", Arguments: []byte(`{}`), Intended: []byte(`{}`)}}); err == nil {
		t.Error("an unknown tool ran")
	}
}

func TestReportHoldsNoPayloadOutsideItsSection(t *testing.T) {
	rep := runLines(t, `{"tool":"read_decisions","arguments":{"limit":"secret-canary-7731"},"intended":{"limit":20},"label":"x"}`)
	var tables, full bytes.Buffer
	rep.WriteTables(&tables)
	rep.WriteMarkdown(&full)
	if strings.Contains(tables.String(), "secret-canary") {
		t.Error("the tables hold a payload")
	}
	before, after, ok := strings.Cut(full.String(), "Rejected payloads")
	if !ok || strings.Contains(before, "secret-canary") || !strings.Contains(after, "secret-canary") {
		t.Errorf("the payload is not (only) in the rejected section:\n%s", full.String())
	}
}
