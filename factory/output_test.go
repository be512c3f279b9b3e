package factory

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"agentinput.dev/factory/protocol"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

type embedded struct {
	Shared string `json:"shared"`
}

type outputShape struct {
	embedded
	Name     string          `json:"name" desc:"The name."`
	Count    int             `json:"count,omitempty"`
	Ratio    float64         `json:"ratio,string"`
	When     time.Time       `json:"when"`
	Maybe    *uint8          `json:"maybe"`
	Tags     []string        `json:"tags"`
	Raw      json.RawMessage `json:"raw"`
	Blob     []byte          `json:"blob"`
	ByName   map[string]bool `json:"by_name"`
	Pair     [2]int          `json:"pair"`
	Anything any             `json:"anything"`
	Skipped  string          `json:"-"`
	//lint:ignore U1000 an unexported field, which encoding/json leaves out
	private string
	Self    *outputShape      `json:"self,omitzero"`
	Plain   string            // no tag: the field's name
	Nested  struct{ X bool }  `json:"nested"`
	Texts   map[int]string    `json:"texts"`
	Chan    chan int          `json:"-"`
	Hints   map[string]*int64 `json:"hints,omitempty"`
}

func TestOutputSchemaFollowsEncodingJSON(t *testing.T) {
	got := outputSchema(reflect.TypeFor[outputShape](), false)
	b, _ := json.Marshal(got)
	const want = `{"additionalProperties":false,"properties":{` +
		`"Plain":{"type":"string"},` +
		`"anything":{},` +
		`"blob":{"contentEncoding":"base64","type":["string","null"]},` +
		`"by_name":{"additionalProperties":{"type":"boolean"},"type":["object","null"]},` +
		`"count":{"type":"integer"},` +
		`"hints":{"additionalProperties":{"type":["integer","null"]},"type":["object","null"]},` +
		`"maybe":{"minimum":0,"type":["integer","null"]},` +
		`"name":{"description":"The name.","type":"string"},` +
		`"nested":{"additionalProperties":false,"properties":{"X":{"type":"boolean"}},"required":["X"],"type":"object"},` +
		`"pair":{"items":{"type":"integer"},"maxItems":2,"minItems":2,"type":"array"},` +
		`"ratio":{"type":"string"},` +
		`"raw":{},` +
		`"self":{},` +
		`"shared":{"type":"string"},` +
		`"tags":{"items":{"type":"string"},"type":["array","null"]},` +
		`"texts":{"additionalProperties":{"type":"string"},"type":["object","null"]},` +
		`"when":{"format":"date-time","type":"string"}},` +
		`"required":["shared","name","ratio","when","maybe","tags","raw","blob","by_name","pair","anything","Plain","nested","texts"],"type":"object"}`
	if string(b) != want {
		t.Errorf("schema\n%s\nwant\n%s", b, want)
	}
	// What encoding/json makes of a value validates.
	n := uint8(3)
	v := outputShape{Name: "x", Maybe: &n, Tags: []string{"a"}, Raw: json.RawMessage(`{"k":[1]}`), Blob: []byte{1, 2}, Texts: map[int]string{7: "seven"}}
	enc, _ := json.Marshal(v)
	var doc any
	_ = json.Unmarshal(enc, &doc)
	s, err := compile("shape", got)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(doc); err != nil {
		t.Errorf("%s does not validate: %v", enc, err)
	}
	// Not an object: no output schema (MCP wants one).
	for _, typ := range []reflect.Type{reflect.TypeFor[[]string](), reflect.TypeFor[string](), reflect.TypeFor[*outputShape](), reflect.TypeFor[any](),
		reflect.TypeFor[protocol.Content](), reflect.TypeFor[*protocol.Content]()} {
		if s := outputSchema(typ, false); s != nil {
			t.Errorf("%v: output schema %v, want none", typ, s)
		}
	}
	// A best-effort tool's results may carry issues[].
	if props := outputSchema(reflect.TypeFor[outputShape](), true)["properties"].(map[string]any); props["issues"] == nil {
		t.Error("a best-effort tool's output schema has no issues")
	}
	// A contract brings its own schema, with the value's written here.
	read := outputSchema(reflect.TypeFor[promcp.Read[[]string]](), false)
	if v := read["properties"].(map[string]any)["value"].(map[string]any); v["items"] == nil || read["required"] == nil {
		t.Errorf("read contract schema %v", read)
	}
}

// A do tool's promcp.Do result is completed by the factory: the key the call
// used, the instant, the spec's side effects; one the handler broke is a
// failure after the change, effect unknown.
func TestDoContractCompleted(t *testing.T) {
	type in struct {
		Tags []string `json:"tags" agentinput:"required" desc:"The tags."`
	}
	desc := "Tags the thing with the given tags. Use when the user asks to tag the thing."
	h := func(_ context.Context, in in, _ *Call) (promcp.Do[[]string], error) {
		if len(in.Tags) > 1 {
			return promcp.Do[[]string]{Status: "done"}, nil // broken: not a status
		}
		return promcp.Do[[]string]{AppliedValue: &in.Tags}.Compensate("do_untag", map[string]any{"tags": in.Tags})
	}
	tool := Must(Spec{Name: "do_tag", Title: "Tag it", Description: desc, Intent: IntentDo, Receipts: &receipt.Memory{},
		SideEffects: []string{"notifies the owner"}}, h)
	res := tool.Call(context.Background(), json.RawMessage(`{"tags":["a"],"idempotency_key":"k-1"}`))
	if res.Envelope != nil {
		t.Fatalf("%+v", res.Envelope)
	}
	d := res.Output.(promcp.Do[[]string])
	if d.IdempotencyKey != "k-1" || d.Effect != promcp.EffectCommitted || d.Timestamp.IsZero() || !d.Compensable || *d.CompensationHint != `do_untag {"tags":["a"]}` || !*d.Changed ||
		len(d.SideEffects) != 1 || d.Status != promcp.Success {
		t.Errorf("completed %+v", d)
	}
	derived := tool.Call(context.Background(), json.RawMessage(`{"tags":["b"]}`))
	if derived.Envelope != nil || derived.Output.(promcp.Do[[]string]).IdempotencyKey != derived.IdempotencyKey || derived.IdempotencyKey == "" {
		t.Errorf("a derived key is not the one answered: %+v", derived)
	}
	broken := tool.Call(context.Background(), json.RawMessage(`{"tags":["a","b"]}`))
	if broken.Envelope == nil || broken.Effect != promcp.EffectUnknown || strings.Contains(broken.Envelope.Message, "promcp") {
		t.Errorf("a broken contract: %+v %v", broken.Envelope, broken.Effect)
	}
	if _, err := New(Spec{Name: "read_x", Title: "Read x", Description: desc, Intent: IntentRead, SideEffects: []string{"x"}}, h); err == nil ||
		!strings.Contains(err.Error(), "only a do tool has side effects") {
		t.Errorf("side effects on a read tool: %v", err)
	}
}
