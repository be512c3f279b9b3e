package number

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
	optText string
	opts    Options
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
	n := 0
	for sc.Scan() {
		n++
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
		cols := strings.Split(text[off:], "|")
		if len(cols) != 4 {
			t.Fatalf("cases.txt:%d: want INPUT | OPTIONS | OUTCOME | DETAIL, got %d columns", n, len(cols))
		}
		c := tableCase{line: n, input: in, rawIn: strings.TrimSpace(text[:off]), optText: strings.TrimSpace(cols[1]),
			outcome: strings.Join(strings.Fields(cols[2]), " "), detail: strings.Join(strings.Fields(cols[3]), " ")}
		c.opts = parseOptions(t, n, c.optText)
		cases = append(cases, c)
	}
	return cases, lines
}

func parseOptions(t *testing.T, line int, text string) Options {
	var o Options
	if text == "-" {
		return o
	}
	for _, f := range strings.Fields(text) {
		key, val, _ := strings.Cut(f, "=")
		switch key {
		case "integer":
			o.Integer = true
		case "clamp":
			o.Clamp = true
		case "min", "max":
			d, err := Parse(val)
			if err != nil {
				t.Fatalf("cases.txt:%d: bad %s", line, f)
			}
			if key == "min" {
				o.Min = &d
			} else {
				o.Max = &d
			}
		case "convention":
			c, ok := ConventionFor(val)
			if !ok {
				t.Fatalf("cases.txt:%d: unknown convention %q", line, val)
			}
			o.Convention = c
		default:
			t.Fatalf("cases.txt:%d: unknown option %q", line, f)
		}
	}
	return o
}

// describe renders an outcome in the OUTCOME and DETAIL columns' terms.
func describe(o agentinput.Outcome[Decimal]) (string, string) {
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
		got, detail := describe(Read(c.input, c.opts))
		if *update {
			lines[c.line-1] = fmt.Sprintf("%-27s | %-16s | %-19s | %s", c.rawIn, c.optText, got, detail)
			continue
		}
		if got != c.outcome || detail != c.detail {
			t.Errorf("cases.txt:%d: Read(%s, %s) = %s | %s, want %s | %s", c.line, c.rawIn, c.optText, got, detail, c.outcome, c.detail)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/cases.txt", []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
