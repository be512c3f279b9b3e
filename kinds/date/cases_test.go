package date

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

var update = flag.Bool("update", false, "rewrite the OUTCOME and DETAIL columns of testdata/cases.txt from what Read returns")

// tableCase is one line of testdata/cases.txt.
type tableCase struct {
	line    int
	text    string // the line, for messages
	input0  string // the line up to the end of its input, as written
	input   any
	opts    Options
	outcome string   // "YYYY-MM-DD", "absent", or "ask CODE"
	detail  []string // note codes, readings' values, or "hint:" and words
}

// loadCases reads testdata/cases.txt; every error names its line.
func loadCases(t testing.TB) []tableCase {
	t.Helper()
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []tableCase
	var opts Options
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "@") {
			fields := strings.Fields(trimmed)
			if len(fields) < 2 {
				t.Fatalf("cases.txt:%d: a directive needs a value", n)
			}
			switch fields[0] {
			case "@bound":
				b, ok := ParseBound(fields[1])
				if !ok {
					t.Fatalf("cases.txt:%d: bound %q", n, fields[1])
				}
				opts.Bound = b
			case "@locale":
				opts.Order = Order{}
				if fields[1] != "-" {
					o, ok := OrderFor(fields[1])
					if !ok {
						t.Fatalf("cases.txt:%d: no order for %q", n, fields[1])
					}
					opts.Order = o
				}
			case "@languages":
				opts.Languages = nil
				for _, code := range fields[1:] {
					switch code {
					case "-":
					case "default":
						opts.Languages = append(opts.Languages, DefaultLanguages()...)
					default:
						opts.Languages = append(opts.Languages, code)
					}
				}
			default:
				t.Fatalf("cases.txt:%d: unknown directive %s", n, fields[0])
			}
			continue
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
		c := tableCase{line: n, text: trimmed, input0: line[:dec.InputOffset()], input: input, opts: opts, outcome: strings.TrimSpace(cols[0])}
		c.opts.Languages = slices.Clone(opts.Languages)
		if len(cols) == 2 {
			c.detail = strings.Fields(cols[1])
		}
		switch {
		case strings.HasPrefix(c.outcome, "ask "):
		case c.outcome == "absent" || isDate(c.outcome):
			if len(c.detail) == 0 {
				t.Fatalf("cases.txt:%d: a value or absence needs its notes (\"-\" for none)", n)
			}
			if slices.Equal(c.detail, []string{"-"}) {
				c.detail = []string{}
			}
		default:
			t.Fatalf("cases.txt:%d: outcome %q is neither a date, absent nor \"ask CODE\"", n, c.outcome)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 150 {
		t.Fatalf("cases.txt: only %d cases loaded", len(cases))
	}
	return cases
}

func isDate(s string) bool {
	_, err := Parse(s)
	return err == nil
}

func TestCases(t *testing.T) {
	cases := loadCases(t)
	if *update {
		rewriteCases(t, cases)
		return
	}
	for _, c := range cases {
		o := Read(c.input, c.opts)
		fail := func(format string, args ...any) {
			t.Helper()
			got, _ := o.MarshalJSON()
			t.Errorf("cases.txt:%d: %s\n\t%s\n\tgot %s", c.line, c.text, fmt.Sprintf(format, args...), got)
		}
		if strings.HasPrefix(c.outcome, "ask ") {
			a, ok := o.Ask()
			if !ok {
				fail("want an ask")
				continue
			}
			checkAsk(t, c.input, a, func(msg string) { fail("%s", msg) })
			if string(a.Code) != strings.TrimPrefix(c.outcome, "ask ") {
				fail("want code %s", strings.TrimPrefix(c.outcome, "ask "))
			}
			if len(c.detail) > 0 && c.detail[0] == "hint:" {
				for _, w := range c.detail[1:] {
					if !strings.Contains(a.Hint, w) {
						fail("want %q in the hint", w)
					}
				}
				continue
			}
			var values []string
			for _, r := range a.Readings {
				values = append(values, string(r.Value))
			}
			if len(c.detail) > 0 && !slices.Equal(values, c.detail) {
				fail("want readings %v", c.detail)
			}
			if a.Code == agentinput.AskAmbiguous && len(c.detail) == 0 {
				fail("an ambiguous case must list its readings")
			}
			continue
		}
		if c.outcome == "absent" {
			if o.Status() != agentinput.StatusAbsent || o.IsPlaceholder() {
				fail("want absent (not a placeholder)")
				continue
			}
		} else if v, ok := o.Value(); !ok || v.String() != c.outcome {
			fail("want the value %s", c.outcome)
			continue
		}
		var codes []string
		for _, n := range o.Notes() {
			codes = append(codes, string(n.Code))
			if !strings.HasPrefix(n.Message, "Read ") {
				fail("note message %q does not start with Read", n.Message)
			}
		}
		if !slices.Equal(codes, c.detail) && !(len(codes) == 0 && len(c.detail) == 0) {
			fail("want notes %v", c.detail)
		}
	}
}

// checkAsk checks what every ask must be: received is the input (cut),
// expected and hint are set, every reading is a canonical date that
// reads back as itself, and an invalid ask has no readings.
func checkAsk(_ *testing.T, input any, a agentinput.Ask, fail func(string)) {
	if string(a.Received) != string(agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the input")
	}
	if a.Expected == "" || a.Hint == "" {
		fail("expected and hint must be set")
	}
	if a.Code == agentinput.AskAmbiguous && len(a.Readings) == 0 {
		fail("an ambiguous ask without readings")
	}
	if a.Code != agentinput.AskAmbiguous && len(a.Readings) > 0 {
		fail("only an ambiguous ask has readings")
	}
	for _, r := range a.Readings {
		var s string
		if err := json.Unmarshal(r.Value, &s); err != nil {
			fail("reading " + string(r.Value) + " is not a JSON string")
			continue
		}
		d, err := Parse(s)
		if err != nil {
			fail("reading " + s + " is not canonical")
			continue
		}
		if back, ok := Read(s, Options{}).Value(); !ok || back != d {
			fail("reading " + s + " does not read back as itself")
		}
		if r.Meaning == "" {
			fail("reading " + s + " has no meaning")
		}
	}
	m := a.Message()
	if strings.ContainsAny(m, "\n\r") || !strings.HasSuffix(m, ".") {
		fail("message " + m + " is not one sentence-ended paragraph")
	}
}

// rewriteCases writes testdata/cases.txt again with the OUTCOME and DETAIL
// columns of every case line as Read returns them now (a hint: column is
// kept as written). Review the diff before committing it.
func rewriteCases(t *testing.T, cases []tableCase) {
	raw, err := os.ReadFile("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	for _, c := range cases {
		o := Read(c.input, c.opts)
		var outcome, detail string
		switch o.Status() {
		case agentinput.StatusValue, agentinput.StatusAbsent:
			outcome = "absent"
			if v, ok := o.Value(); ok {
				outcome = v.String()
			}
			var codes []string
			for _, n := range o.Notes() {
				codes = append(codes, string(n.Code))
			}
			detail = strings.Join(codes, " ")
			if detail == "" {
				detail = "-"
			}
		default:
			a, _ := o.Ask()
			outcome = "ask " + string(a.Code)
			detail = strings.Join(readingValues(a), " ")
			if len(c.detail) > 0 && c.detail[0] == "hint:" {
				detail = strings.Join(c.detail, " ")
			}
			if len(a.Readings) > 0 {
				vals := make([]string, len(a.Readings))
				for i, r := range a.Readings {
					vals[i] = string(r.Value)
				}
				detail = strings.Join(vals, " ")
			}
		}
		line := strings.TrimRight(c.input0, " ")
		if pad := 28 - len([]rune(line)); pad > 0 {
			line += strings.Repeat(" ", pad)
		}
		line += " | " + outcome
		if detail != "" {
			line += " | " + detail
		}
		lines[c.line-1] = line
	}
	if err := os.WriteFile("testdata/cases.txt", []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
