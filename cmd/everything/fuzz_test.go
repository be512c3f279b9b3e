package main

import (
	"testing"

	"agentinput.dev/fuzz"
)

// TestToolsTakeModelSpellings runs fuzz.Tool over every fixture tool of the
// suite: the factory's own tools take every spelling a model writes.
func TestToolsTakeModelSpellings(t *testing.T) {
	tools, err := tools(nil)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]string{
		"test_sampling":    `{"prompt":"Say hello in Czech."}`,
		"test_elicitation": `{"message":"Who are you?"}`,
	}
	for _, tool := range tools {
		t.Run(tool.Name(), func(t *testing.T) {
			call, ok := calls[tool.Name()]
			if !ok {
				if len(tool.Properties()) != 0 {
					t.Fatalf("%s declares properties %v: give it a canonical call here", tool.Name(), tool.Properties())
				}
				call = `{}`
			}
			fuzz.Tool(t, tool, call)
		})
	}
}
