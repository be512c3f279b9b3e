package factory

import (
	"context"
	"encoding/json"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
)

// A schema as an existing server advertises it (the go-sdk infers such
// schemas from Go types).
const existingSchema = `{
	"type": "object",
	"properties": {
		"query": {"type": "string", "description": "Words to search for."},
		"limit": {"type": "integer", "minimum": 1, "maximum": 50},
		"since": {"type": "string", "format": "date"},
		"order": {"type": "string", "enum": ["newest", "oldest"]},
		"user_id": {"type": "string"},
		"archived": {"type": "boolean"},
		"filters": {"type": "object"}
	},
	"required": ["query"],
	"additionalProperties": false
}`

func TestFromSchema(t *testing.T) {
	tool, err := FromSchema(quietSpec("search_existing", IntentRead), json.RawMessage(existingSchema))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{"query": "text", "limit": "number", "since": "date", "order": "enum", "user_id": "text", "archived": "boolean", "filters": "passthrough"}
	for name, want := range kinds {
		if got, _ := tool.PropertyKind(name); got != want {
			t.Errorf("%s binds %s, want %s", name, got, want)
		}
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"query":"x","limit":"500","since":"1. 10. 2026","order":"Newest","user_id":"U-7","archived":"no","filters":{"a":[1]}}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	want := `{"archived":false,"filters":{"a":[1]},"limit":50,"order":"newest","query":"x","since":"2026-10-01","user_id":"U-7"}`
	if got := string(binding.MustJSON(res.Arguments)); got != want {
		t.Fatalf("normalized %s\nwant       %s", got, want)
	}
	// Asks come back as the envelope; required and unknown properties too.
	res = tool.Call(context.Background(), json.RawMessage(`{"limit":"1,5","sort":"x"}`))
	if res.Envelope == nil {
		t.Fatal("no envelope")
	}
	codes := map[string]agentinput.AskCode{}
	for _, is := range res.Envelope.Issues {
		codes[is.Path] = is.Code
	}
	if codes["/query"] != agentinput.AskMissingRequired || codes["/limit"] != agentinput.AskNotWhole || codes["/sort"] != agentinput.AskUnknownProperty {
		t.Fatalf("issues %+v", res.Envelope.Issues)
	}
}

func TestFromSchemaRejectsNonObjects(t *testing.T) {
	for _, s := range []string{`{"type":"array"}`, `[]`, `{`} {
		if _, err := FromSchema(quietSpec("bad_schema", IntentRead), json.RawMessage(s)); err == nil {
			t.Errorf("%s: accepted", s)
		}
	}
}

// TestFromSchemaNestsWithinTheDepthBudget: objects are read property by
// property down to agentinput.MaxJSONDepth levels, the arguments object
// counted; deeper ones pass through to the schema, so that a schema of
// any depth binds, and what binds is what a call can send.
func TestFromSchemaNestsWithinTheDepthBudget(t *testing.T) {
	leaf := `{"type":"object","properties":{"n":{"type":"integer"}}}`
	schema, value := leaf, `{"n":"4 000"}`
	for range 40 {
		schema = `{"type":"object","properties":{"in":` + schema + `}}`
		value = `{"in":` + value + `}`
	}
	tool, err := FromSchema(quietSpec("read_deep", IntentRead), json.RawMessage(schema))
	if err != nil {
		t.Fatal(err)
	}
	if kind, _ := tool.PropertyKind("in"); kind != "object" {
		t.Errorf("in binds %s, want object", kind)
	}
	// A value nested 2 + 1 levels (the arguments, in, in, n) reads by kinds.
	shallow := `{"in":{"in":{"n":"4 000"}}}`
	shallowSchema := `{"type":"object","properties":{"in":{"type":"object","properties":{"in":` + leaf + `}}}}`
	tool2, err := FromSchema(quietSpec("read_shallow", IntentRead), json.RawMessage(shallowSchema))
	if err != nil {
		t.Fatal(err)
	}
	res := tool2.Call(context.Background(), json.RawMessage(shallow))
	if res.Envelope != nil || string(binding.MustJSON(res.Arguments)) != `{"in":{"in":{"n":4000}}}` {
		t.Errorf("shallow: %+v %s", res.Envelope, binding.MustJSON(res.Arguments))
	}
	// The deep value is over the decode budget: an ask, never a crash.
	if res := tool.Call(context.Background(), json.RawMessage(value)); res.Envelope == nil {
		t.Error("a value 42 levels deep was read")
	}
}
