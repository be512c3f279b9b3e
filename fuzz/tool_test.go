package fuzz_test

import (
	"bytes"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/fuzz"
	"agentinput.dev/internal/demo"
)

func demoTool(t *testing.T, name string) *factory.Tool {
	t.Helper()
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools {
		if tl.Name() == name {
			return tl
		}
	}
	t.Fatalf("the demo has no tool %s", name)
	return nil
}

func TestDemoReadDecisions(t *testing.T) {
	fuzz.Tool(t, demoTool(t, "read_decisions"),
		`{"query":"contract","court":"NS","date_from":"2020-01-01","date_to":"2024-12-31","tags":["tax","tort"],"limit":25}`,
		`{"language":"cs","country":"CZ","limit":10}`)
}
