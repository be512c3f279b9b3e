package country

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	var opts Options
	directive := func(d casefile.Directive) error {
		if d.Name != "options" {
			return errors.New("unknown directive")
		}
		opts = Options{}
		for _, f := range d.Args {
			k, v, _ := strings.Cut(f, "=")
			switch k {
			case "output":
				if v != "alpha3" {
					return fmt.Errorf("unknown output %q", v)
				}
				opts.Output = Alpha3
			case "admit":
				opts.Admit = strings.Split(v, ",")
			default:
				return fmt.Errorf("unknown option %q", k)
			}
		}
		return opts.Validate()
	}
	casefile.Load(t, "testdata/cases.txt").Check(t, directive, func(r *casefile.Row) []string {
		o := Read(r.Input, opts)
		if a, ok := o.Ask(); ok {
			checkAsk(t, r.Input, opts, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, oracle.JSONText[string])
		for _, msg := range oracle.NoteTexts(o, got[0]) {
			r.Errorf(t, "%s", msg)
		}
		return got
	})
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
