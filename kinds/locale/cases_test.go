package locale

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// tableCase is one line of testdata/cases.txt.
type tableCase struct {
	line    int
	text    string
	input   any
	outcome string   // a JSON string, or "ask CODE"
	detail  []string // note codes, or readings' values
}

func loadCases(t testing.TB) []tableCase {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []tableCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case strings.HasPrefix(trimmed, "@"):
			t.Fatalf("cases.txt:%d: no directives in this table", n)
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		var input any
		if err := dec.Decode(&input); err != nil {
			t.Fatalf("cases.txt:%d: input is not JSON: %v", n, err)
		}
		rest := strings.TrimSpace(line[dec.InputOffset():])
		if !strings.HasPrefix(rest, "|") {
			t.Fatalf("cases.txt:%d: want \"| OUTCOME\" after the input, have %q", n, rest)
		}
		cols := strings.Split(rest[1:], "|")
		if len(cols) > 2 {
			t.Fatalf("cases.txt:%d: too many columns", n)
		}
		c := tableCase{line: n, text: trimmed, input: input, outcome: strings.TrimSpace(cols[0])}
		if len(cols) == 2 {
			c.detail = strings.Fields(cols[1])
		}
		if slices.Equal(c.detail, []string{"-"}) {
			c.detail = []string{}
		}
		if !strings.HasPrefix(c.outcome, "ask ") && c.detail == nil {
			t.Fatalf("cases.txt:%d: a value needs its notes (\"-\" for none)", n)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("cases.txt: only %d cases loaded", len(cases))
	}
	return cases
}

func TestCases(t *testing.T) {
	for _, c := range loadCases(t) {
		o := Read(c.input, Options{})
		fail := func(format string, args ...any) {
			t.Helper()
			got, _ := o.MarshalJSON()
			t.Errorf("cases.txt:%d: %s\n\t%s\n\tgot %s", c.line, c.text, fmt.Sprintf(format, args...), got)
		}
		if a, ok := o.Ask(); ok {
			checkAsk(t, c.input, a, func(msg string) { fail("%s", msg) })
		}
		for _, msg := range oracle.Expect(o, c.outcome, c.detail) {
			fail("%s", msg)
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// checkAsk checks what every ask of this package must hold.
func checkAsk(t testing.TB, input any, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value " + string(agentinput.Received(input)))
	}
	if a.Expected != Expected(Options{}) {
		fail("expected is " + a.Expected)
	}
	if a.Hint == "" || a.Reason == "" {
		fail("no hint or no reason")
	}
	switch a.Code {
	case agentinput.AskAmbiguous:
		if len(a.Readings) == 0 {
			fail("an ambiguous ask needs readings")
		}
		for _, r := range a.Readings {
			var code string
			if err := json.Unmarshal(r.Value, &code); err != nil || r.Meaning == "" {
				fail("reading " + string(r.Value) + " is not a string or has no meaning")
				continue
			}
			// Each reading reads back as a value: canonically, or (for a
			// language whose code is asked about) from its three-letter code.
			o := Read(code, Options{})
			if got, ok := o.Value(); !ok || (got.String() != code && o.NoteCount() == 0) {
				fail("reading " + code + " does not read back canonically")
			}
		}
	default:
		if len(a.Readings) != 0 {
			fail("an invalid ask has no readings")
		}
	}
	if n, ok := input.(json.Number); ok && !json.Valid([]byte(n)) {
		return
	}
	if _, err := json.Marshal(a); err != nil {
		fail("ask does not encode: " + err.Error())
	}
}
