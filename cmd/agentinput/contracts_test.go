package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"pgregory.net/rapid"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/internal/demo"
)

// TestDemoAnswersItsOutputSchemas: every structuredContent a demo tool
// answers with a result (not an envelope) validates against the
// outputSchema it advertises, over calls drawn from spellings a model
// sends — lenient, canonical, replayed, refused by a precondition.
func TestDemoAnswersItsOutputSchemas(t *testing.T) {
	store := demo.NewStore()
	tools, err := demo.ToolsWith(store, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]*jsonschema.Schema{}
	byName := map[string]*factory.Tool{}
	for _, tool := range tools {
		raw := tool.OutputSchema()
		if raw == nil {
			t.Fatalf("%s advertises no output schema", tool.Name())
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource(tool.Name()+".json", doc); err != nil {
			t.Fatal(err)
		}
		if schemas[tool.Name()], err = c.Compile(tool.Name() + ".json"); err != nil {
			t.Fatalf("%s: %v", tool.Name(), err)
		}
		byName[tool.Name()] = tool
	}
	page, _, _, _ := store.Search(context.Background(), demo.Query{}, 0, 3)
	ids := []any{page[0].ID, page[1].ID, page[2].ID, "00000000-0000-0000-0000-000000000000", "nope"}
	tags := []any{[]any{"tax"}, []any{"tax", "family"}, "Tort, contract", []any{}, "all"}
	pools := map[string]map[string][]any{
		"read_decisions": {"query": {"contract", "lease", ""}, "court": {"NS", "nejvyssi soud", "all", "KS Brno"},
			"date_from": {"2020", "2020-01-01", "1. 1. 2019"}, "date_to": {"2024-12-31", "2025"}, "limit": {json.Number("1"), "5", json.Number("50")},
			"tags": tags, "language": {"cs", "cs_CZ", "Czech"}, "country": {"CZ", "Czechia"}, "cursor": {"start"}},
		"read_decision": {"id": ids},
		"can_do": {"action": {"do_tag_decision", "do untag decision", "do_untag_decision"}, "decision_id": ids, "tags": tags,
			"arguments": {map[string]any{"decision_id": ids[0], "tags": tags[1]}, map[string]any{"decision_id": ids[1], "tags": tags[2]}}},
		"do_tag_decision":   {"decision_id": ids, "tags": tags, "idempotency_key": {"k1", "k2"}},
		"do_untag_decision": {"decision_id": ids, "tags": tags, "idempotency_key": {"k1", "k3"}},
		"do_set_tags":       {"decision_id": ids, "tags": tags, "idempotency_key": {"k1", "k4"}},
	}
	required := map[string]bool{"id": true, "action": true, "decision_id": true, "tags": true}
	answered := map[string]int{}
	rapid.Check(t, func(t *rapid.T) {
		// Every tool, each check: with one tool drawn a check, a short
		// run could leave a do tool without a single result to check.
		for _, name := range []string{"read_decisions", "read_decision", "can_do", "do_tag_decision", "do_untag_decision", "do_set_tags"} {
			args := map[string]any{}
			for prop, values := range pools[name] {
				// A tool's required properties are always sent (their
				// values drawn, bad ones included): left out, every do
				// call would be refused.
				if required[prop] || rapid.Bool().Draw(t, name+" "+prop+" sent") {
					args[prop] = rapid.SampledFrom(values).Draw(t, name+" "+prop)
				}
			}
			raw, _ := json.Marshal(args)
			out := agentmcp.Result(byName[name].Call(context.Background(), raw))
			if out.IsError {
				continue
			}
			answered[name]++
			b, err := json.Marshal(out.StructuredContent)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if err := schemas[name].Validate(doc); err != nil {
				t.Fatalf("%s %s answered\n%s\nwhich its output schema refuses: %v", name, raw, b, err)
			}
		}
	})
	for name := range pools {
		if answered[name] == 0 {
			t.Errorf("%s answered no call with a result: the property checked nothing there", name)
		}
	}
}
