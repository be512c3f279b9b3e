package fuzz_test

import (
	"bytes"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/fuzz"
	"agentinput.dev/internal/demo"
)

func demoTools(t *testing.T) map[string]*factory.Tool {
	t.Helper()
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*factory.Tool{}
	for _, tl := range tools {
		out[tl.Name()] = tl
	}
	return out
}

// TestDemoTools runs fuzz.Tool over every tool of the demonstration
// server, with calls that set every property of each: the factory's own
// tools take every spelling their kinds write.
func TestDemoTools(t *testing.T) {
	tools := demoTools(t)
	id := demo.Generate()[0].ID
	calls := map[string][]string{
		"read_decisions": {
			`{"query":"contract","court":"NS","date_from":"2020-01-01","date_to":"2024-12-31","tags":["tax","tort"],"limit":25}`,
			`{"language":"cs","country":"CZ","limit":10}`,
			`{"court":"KS-BRNO","date_from":"2019-02-01"}`,
		},
		"read_decision":     {`{"id":"` + id + `"}`},
		"can_do":            {`{"action":"do_tag_decision","arguments":{"decision_id":"` + id + `","tags":["tax"]}}`},
		"do_tag_decision":   {`{"decision_id":"` + id + `","tags":["tax","contract"]}`},
		"do_untag_decision": {`{"decision_id":"` + id + `","tags":["tax"]}`},
		"do_set_tags":       {`{"decision_id":"` + id + `","tags":["employment"]}`},
	}
	for name, tool := range tools {
		t.Run(name, func(t *testing.T) {
			cs, ok := calls[name]
			if !ok {
				t.Fatalf("no canonical call for the demo's tool %s: add one", name)
			}
			fuzz.Tool(t, tool, cs...)
		})
	}
}

// FuzzReadDecisionsSpellings is fuzz.Fuzz on the demo's read_decisions:
// Go's fuzzer mutates which spellings a model sends.
func FuzzReadDecisionsSpellings(f *testing.F) {
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, tl := range tools {
		if tl.Name() == "read_decisions" {
			fuzz.Fuzz(f, tl,
				`{"query":"contract","court":"NS","date_from":"2020-01-01","date_to":"2024-12-31","tags":["tax","tort"],"limit":25}`,
				`{"language":"cs","country":"CZ","limit":10}`)
			return
		}
	}
	f.Fatal("the demo has no read_decisions")
}
