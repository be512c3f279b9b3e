package locale

import (
	"bytes"
	"encoding/json"
	"testing"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	casefile.Load(t, "testdata/cases.txt").Check(t, nil, func(r *casefile.Row) []string {
		o := Read(r.Input, Options{})
		if a, ok := o.Ask(); ok {
			checkAsk(t, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, oracle.JSONText[language.Tag])
		for _, msg := range oracle.NoteTexts(o, got[0]) {
			r.Errorf(t, "%s", msg)
		}
		return got
	})
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
