package eli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

var update = flag.Bool("update", false, "rewrite the OUTCOME and DETAIL columns of testdata/cases.txt")

// tableCase is one line of testdata/cases.txt.
type tableCase struct {
	line    int
	input   any
	rawIn   string
	outcome string
	detail  string
}

func loadCases(t *testing.T) ([]tableCase, []string) {
	t.Helper()
	data, err := os.ReadFile("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cases []tableCase
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		lines = append(lines, text)
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		var in any
		if err := dec.Decode(&in); err != nil {
			t.Fatalf("cases.txt:%d: input is not JSON: %v", n, err)
		}
		off := int(dec.InputOffset())
		cols := strings.Split(text[off:], " | ")
		if len(cols) != 3 || strings.TrimSpace(cols[0]) != "" {
			t.Fatalf("cases.txt:%d: want INPUT | OUTCOME | DETAIL", n)
		}
		cases = append(cases, tableCase{line: n, input: in, rawIn: strings.TrimSpace(text[:off]),
			outcome: strings.Join(strings.Fields(cols[1]), " "), detail: strings.Join(strings.Fields(cols[2]), " ")})
	}
	if len(cases) < 150 {
		t.Fatalf("cases.txt: only %d cases", len(cases))
	}
	return cases, lines
}

// describe renders an outcome in the OUTCOME and DETAIL columns' terms.
func describe(o agentinput.Outcome[ELI]) (string, string) {
	switch o.Status() {
	case agentinput.StatusValue:
		v, _ := o.Value()
		var codes []string
		for _, n := range o.Notes() {
			codes = append(codes, string(n.Code))
		}
		if len(codes) == 0 {
			codes = []string{"-"}
		}
		return "value " + v.String(), strings.Join(codes, " ")
	case agentinput.StatusAbsent:
		return "absent", "-"
	}
	a, _ := o.Ask()
	var rs []string
	for _, r := range a.Readings {
		rs = append(rs, string(r.Value))
	}
	if len(rs) == 0 {
		rs = []string{"-"}
	}
	return "ask " + string(a.Code), strings.Join(rs, " ")
}

func TestCases(t *testing.T) {
	cases, lines := loadCases(t)
	for _, c := range cases {
		o := Read(c.input, Options{})
		got, detail := describe(o)
		checkOutcome(t, c.input, o, func(msg string) { t.Errorf("cases.txt:%d: %s: %s", c.line, c.rawIn, msg) })
		if *update {
			lines[c.line-1] = fmt.Sprintf("%s | %s | %s", c.rawIn, got, detail)
			continue
		}
		if got != c.outcome || detail != c.detail {
			t.Errorf("cases.txt:%d: Read(%s) = %s | %s, want %s | %s", c.line, c.rawIn, got, detail, c.outcome, c.detail)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/cases.txt", []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
