package country

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
	opts    Options
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
	var opts Options
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case strings.HasPrefix(trimmed, "@options"):
			opts = Options{}
			for _, f := range strings.Fields(strings.TrimPrefix(trimmed, "@options")) {
				k, v, _ := strings.Cut(f, "=")
				switch k {
				case "output":
					if v != "alpha3" {
						t.Fatalf("cases.txt:%d: unknown output %q", n, v)
					}
					opts.Output = Alpha3
				case "admit":
					opts.Admit = strings.Split(v, ",")
				default:
					t.Fatalf("cases.txt:%d: unknown option %q", n, k)
				}
			}
			if err := opts.Validate(); err != nil {
				t.Fatalf("cases.txt:%d: %v", n, err)
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
		c := tableCase{line: n, text: trimmed, input: input, opts: opts, outcome: strings.TrimSpace(cols[0])}
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
		o := Read(c.input, c.opts)
		fail := func(format string, args ...any) {
			t.Helper()
			got, _ := o.MarshalJSON()
			t.Errorf("cases.txt:%d: %s\n\t%s\n\tgot %s", c.line, c.text, fmt.Sprintf(format, args...), got)
		}
		if a, ok := o.Ask(); ok {
			checkAsk(t, c.input, c.opts, a, func(msg string) { fail("%s", msg) })
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
func checkAsk(t testing.TB, input any, opts Options, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value " + string(agentinput.Received(input)))
	}
	if a.Expected != Expected(opts) {
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
			// Each reading reads back as itself, with no note.
			o := Read(code, opts)
			if got, ok := o.Value(); !ok || got != code || o.NoteCount() != 0 {
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

// TestMessages pins the text an agent reads.
func TestMessages(t *testing.T) {
	eu := Options{Admit: []string{"SK", "CZ"}}
	tests := []struct {
		input any
		opts  Options
		want  string
	}{
		{"CZ", Options{}, ""},
		{"cz", Options{}, `Read "cz" as "CZ" (letter case)`},
		{"CZE", Options{}, `Read "CZE" as "CZ" (ISO 3166-1 alpha-3 code of Czechia)`},
		{json.Number("203"), Options{}, `Read 203 as "CZ" (ISO 3166-1 numeric code of Czechia)`},
		{"Czech Republic", Options{}, `Read "Czech Republic" as "CZ" (Czechia)`},
		{"Czechia", Options{}, `Read "Czechia" as "CZ"`},
		{"UK", Options{}, `Read "UK" as "GB" (UK is not an ISO 3166-1 code; GB is)`},
		{"CZ", Options{Output: Alpha3}, `Read "CZ" as "CZE" (ISO 3166-1 alpha-2 code of Czechia)`},
		{" Holland ", Options{}, `Read " Holland " as "Holland" / Read "Holland" as "NL" (Netherlands)`},
		{"Congo", Options{}, `Could not read "Congo": it names several countries; it has 2 meanings: "CD" (Congo - Kinshasa) or "CG" (Congo - Brazzaville). ` +
			`Expected an ISO 3166-1 alpha-2 country code, for example "CZ". Send the code you mean: "CD" or "CG".`},
		{"Korea", Options{}, `Could not read "Korea": it is part of the name of more than one country; it has 2 meanings: "KP" (North Korea) or "KR" (South Korea). ` +
			`Expected an ISO 3166-1 alpha-2 country code, for example "CZ". Send the code you mean: "KP" or "KR".`},
		{"AT", eu, `Could not read "AT": Austria (AT) is not one of the admitted countries. ` +
			`Expected an ISO 3166-1 alpha-2 country code of one of the admitted countries ("CZ", "SK"), for example "CZ". Send one of the admitted codes, such as "CZ".`},
		{"Atlantis", Options{}, `Could not read "Atlantis": it is not the code or the name of a country. ` +
			`Expected an ISO 3166-1 alpha-2 country code, for example "CZ". Send the country's code, such as "CZ".`},
	}
	for _, tt := range tests {
		o := Read(tt.input, tt.opts)
		var got string
		if a, ok := o.Ask(); ok {
			got = a.Message()
		} else {
			var msgs []string
			for _, n := range o.Notes() {
				msgs = append(msgs, n.Message)
			}
			got = strings.Join(msgs, " / ")
		}
		if got != tt.want {
			t.Errorf("Read(%#v)\n\tgot  %s\n\twant %s", tt.input, got, tt.want)
		}
	}
}
