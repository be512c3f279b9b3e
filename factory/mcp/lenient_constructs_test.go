package mcp_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/kinds/vocabulary"
)

// The constructs go-sdk's schema inference (jsonschema.For) writes, one
// field each: plain types, slices (advertised as ["null","array"]), a
// pointer (["null","integer"]), a nested struct, a map and a time.Time
// (a plain string).
type address struct {
	City string `json:"city"`
	Zip  int    `json:"zip,omitempty"`
}

type constructsIn struct {
	S     string            `json:"s" jsonschema:"free text"`
	I     int               `json:"i,omitempty"`
	F     float64           `json:"f,omitempty"`
	B     bool              `json:"b,omitempty"`
	Tags  []string          `json:"tags,omitempty"`
	Must  []string          `json:"must"`
	Nums  []int             `json:"nums,omitempty"`
	P     *int              `json:"p,omitempty"`
	Addr  *address          `json:"addr,omitempty"`
	Stops []address         `json:"stops,omitempty"`
	Attrs map[string]string `json:"attrs,omitempty"`
	When  time.Time         `json:"when,omitzero"`
}

// The constructs jsonschema.For cannot infer from tags (its jsonschema tag
// is only a description): enums, bounds and formats, in a schema the
// author writes.
type boundedIn struct {
	Order  string            `json:"order,omitempty"`
	Size   int               `json:"size,omitempty"`
	Weight float64           `json:"weight,omitempty"`
	Day    string            `json:"day,omitempty"`
	Ref    string            `json:"ref,omitempty"`
	Stamp  string            `json:"stamp,omitempty"`
	Trip   *trip             `json:"trip,omitempty"`
	Dates  map[string]string `json:"dates,omitempty"`
}

type trip struct {
	Day  string `json:"day,omitempty"`
	Note string `json:"note,omitempty"`
}

const boundedSchema = `{"type":"object","additionalProperties":false,"properties":{
	"order":{"type":"string","enum":["newest","oldest"]},
	"size":{"type":"integer","minimum":1,"maximum":50,"default":10},
	"weight":{"type":"number","exclusiveMinimum":0},
	"day":{"type":"string","format":"date"},
	"ref":{"type":"string","format":"uuid"},
	"stamp":{"type":"string","format":"date-time"},
	"trip":{"type":"object","properties":{"day":{"type":"string","format":"date"}}},
	"dates":{"type":"object","additionalProperties":{"type":"string","format":"date"}}}}`

// received keeps what each handler was last called with.
type received struct {
	mu   sync.Mutex
	last map[string]any
}

func (r *received) take(name string) (any, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.last[name]
	delete(r.last, name)
	return v, ok
}

func constructsServer(t *testing.T, mw sdk.Middleware) (*sdk.ClientSession, *received) {
	got := &received{last: map[string]any{}}
	keep := func(name string, in any) {
		got.mu.Lock()
		defer got.mu.Unlock()
		got.last[name] = in
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "constructs", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "constructs", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in constructsIn) (*sdk.CallToolResult, any, error) {
			keep("constructs", in)
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "bounded", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}, InputSchema: json.RawMessage(boundedSchema)},
		func(_ context.Context, _ *sdk.CallToolRequest, in boundedIn) (*sdk.CallToolResult, any, error) {
			keep("bounded", in)
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "unannotated"},
		func(_ context.Context, _ *sdk.CallToolRequest, in constructsIn) (*sdk.CallToolResult, any, error) {
			keep("unannotated", in)
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	s.AddReceivingMiddleware(mw)
	return connect(t, s), got
}

func call(t *testing.T, cs *sdk.ClientSession, name, args string) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return res
}

func errorText(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if !res.IsError || len(res.Content) == 0 {
		t.Fatalf("not an error: %+v", res)
	}
	return res.Content[0].(*sdk.TextContent).Text
}

func TestLenientReadsEveryConstruct(t *testing.T) {
	cs, got := constructsServer(t, mcp.Lenient())
	ctx := context.Background()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	four := 4
	cases := []struct {
		tool, args string
		want       any
	}{
		{"constructs", `{"s":"x","i":"4 000","f":"2.5","b":"ano","tags":"a b","must":"solo","nums":["1","2"],"p":"4","addr":{"city":"Brno","zip":60200},"attrs":{"k":"v"},"when":"2026-10-01T09:30:00Z"}`,
			constructsIn{S: "x", I: 4000, F: 2.5, B: true, Tags: []string{"a b"}, Must: []string{"solo"}, Nums: []int{1, 2}, P: &four,
				Addr: &address{City: "Brno", Zip: 60200}, Attrs: map[string]string{"k": "v"}, When: time.Date(2026, 10, 1, 9, 30, 0, 0, time.UTC)}},
		// null and a placeholder are absence to a read tool, for a slice
		// and a pointer as for the rest.
		{"constructs", `{"s":"x","must":["a","b"],"tags":null,"p":"N/A","addr":null,"nums":"7"}`,
			constructsIn{S: "x", Must: []string{"a", "b"}, Nums: []int{7}}},
		{"bounded", `{"order":"Newest","size":"10","weight":"0,5","day":"1. 10. 2026","ref":"6BA7B810-9DAD-11D1-80B4-00C04FD430C8","stamp":"2026-10-01T09:30:00Z"}`,
			boundedIn{Order: "newest", Size: 10, Weight: 0.5, Day: "2026-10-01", Ref: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", Stamp: "2026-10-01T09:30:00Z"}},
		// A tool without annotations reads as one that may write, but a
		// real value is a real value.
		{"unannotated", `{"s":"x","must":"a"}`, constructsIn{S: "x", Must: []string{"a"}}},
		// A nested object, and a list of them, are read property by
		// property by the kinds of their own schemas; a date by its
		// format, wherever it is; an object open to other properties
		// passes them on.
		{"constructs", `{"s":"x","must":["a"],"addr":{"city":"Brno","zip":"60 200"},"stops":[{"city":"Ústí","zip":"40 001"},{"city":"Zlín"}]}`,
			constructsIn{S: "x", Must: []string{"a"}, Addr: &address{City: "Brno", Zip: 60200}, Stops: []address{{City: "Ústí", Zip: 40001}, {City: "Zlín"}}}},
		{"bounded", `{"trip":{"day":"1. 10. 2026","note":"by train"}}`, boundedIn{Size: 10, Trip: &trip{Day: "2026-10-01", Note: "by train"}}},
		// A property left out stays out of the normalized arguments:
		// go-sdk then fills in the schema's default (size's 10).
		{"bounded", `{}`, boundedIn{Size: 10}},
		{"bounded", `{"dates":{"start":"1. 10. 2026","end":"2026-10-31"}}`, boundedIn{Size: 10, Dates: map[string]string{"start": "2026-10-01", "end": "2026-10-31"}}},
	}
	for _, c := range cases {
		res := call(t, cs, c.tool, c.args)
		if res.IsError {
			t.Errorf("%s %s: %s", c.tool, c.args, errorText(t, res))
			continue
		}
		in, ok := got.take(c.tool)
		if !ok || !reflect.DeepEqual(in, c.want) {
			t.Errorf("%s %s: the handler got %+v, want %+v", c.tool, c.args, in, c.want)
		}
	}
}

func TestLenientAsksAboutWrongValues(t *testing.T) {
	cs, got := constructsServer(t, mcp.Lenient())
	cases := []struct {
		tool, args string
		want       []string // in the envelope's text
	}{
		{"constructs", `{"s":"x","must":["a"],"i":"many","b":"maybe"}`, []string{"/i:", "/b:", "Call constructs again"}},
		// A nested object is read by the kinds of its schema: a wrong
		// value in it, a missing property, an unknown one, each an ask at
		// its own path; an item of a list of them at its index.
		{"constructs", `{"s":"x","must":["a"],"addr":{"zip":"x","planet":"Mars"}}`, []string{"/addr/zip:", "a whole number", "/addr/city:", "/addr/planet:"}},
		{"constructs", `{"s":"x","must":["a"],"stops":[{"city":"Brno"},{"city":"Zlín","zip":"many"}]}`, []string{"/stops/1/zip:", "a whole number"}},
		{"bounded", `{"trip":{"day":"01/02/2026"}}`, []string{"/trip/day:", "2026-01-02", "2026-02-01"}},
		{"bounded", `{"trip":{"dya":"2026-10-01"}}`, []string{"/trip/dya:", "day"}},
		{"bounded", `{"dates":{"start":"01/02/2026"}}`, []string{"/dates/start:", "2026-01-02", "2026-02-01"}},
		{"constructs", `{"s":"x","must":["a"],"attrs":{"k":5}}`, []string{"/attrs/k:", "a JSON string"}},
		{"constructs", `{"s":"x","must":["a"],"nums":["1","x"]}`, []string{"/nums/1:"}},
		// A time.Time field is a plain string in the schema: the SDK's
		// decoding refuses a date, and the refusal is an ask naming
		// RFC 3339, not "json: cannot unmarshal".
		{"constructs", `{"s":"x","must":["a"],"when":"1. 10. 2026"}`, []string{"/when:", "RFC 3339", "2026-10-01T09:30:00Z"}},
		{"bounded", `{"weight":"0"}`, []string{"/weight:", "greater than 0"}},
		{"bounded", `{"size":"500","order":"sideways"}`, []string{"/size:", "/order:", "newest"}},
		// A tool without annotations may write: a placeholder is asked
		// about.
		{"unannotated", `{"s":"x","must":["a"],"tags":"N/A"}`, []string{"/tags:"}},
	}
	for _, c := range cases {
		text := errorText(t, call(t, cs, c.tool, c.args))
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s %s: the reply lacks %q:\n%s", c.tool, c.args, w, text)
			}
		}
		for _, never := range []string{"bug in the tool", "cannot unmarshal", "validating"} {
			if strings.Contains(text, never) {
				t.Errorf("%s %s: the reply says %q:\n%s", c.tool, c.args, never, text)
			}
		}
		if in, ran := got.take(c.tool); ran {
			t.Errorf("%s %s: the handler ran with %+v", c.tool, c.args, in)
		}
	}
}

func TestLenientWithOptions(t *testing.T) {
	cs, got := constructsServer(t, mcp.LenientWith(mcp.LenientOptions{Unannotated: factory.IntentRead}))
	res := call(t, cs, "unannotated", `{"s":"x","must":["a"],"tags":"N/A"}`)
	if res.IsError {
		t.Fatalf("a tool treated as read asks about a placeholder: %s", errorText(t, res))
	}
	if in, _ := got.take("unannotated"); !reflect.DeepEqual(in, constructsIn{S: "x", Must: []string{"a"}}) {
		t.Fatalf("the handler got %+v", in)
	}
}

// IntentOf decides tool by tool, over Unannotated: the same unannotated
// tool reads a placeholder as absence when IntentOf says read, asks about
// it when IntentOf says do, and follows Unannotated when IntentOf says
// nothing for it.
func TestLenientIntentOf(t *testing.T) {
	const args = `{"s":"x","must":["a"],"tags":"N/A"}`
	for _, c := range []struct {
		name        string
		unannotated factory.Intent
		of          map[string]factory.Intent
		asks        bool
	}{
		{"IntentOf read over the default do", "", map[string]factory.Intent{"unannotated": factory.IntentRead}, false},
		{"IntentOf do over Unannotated read", factory.IntentRead, map[string]factory.Intent{"unannotated": factory.IntentDo}, true},
		{"IntentOf silent: Unannotated read", factory.IntentRead, map[string]factory.Intent{"other": factory.IntentDo}, false},
		{"IntentOf silent: the default do", "", map[string]factory.Intent{}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs, got := constructsServer(t, mcp.LenientWith(mcp.LenientOptions{Unannotated: c.unannotated,
				IntentOf: func(tool string) factory.Intent { return c.of[tool] }}))
			res := call(t, cs, "unannotated", args)
			if res.IsError != c.asks {
				t.Fatalf("asked %v, want %v: %v", res.IsError, c.asks, res.Content)
			}
			in, ran := got.take("unannotated")
			if ran == c.asks {
				t.Fatalf("the handler ran %v with %+v", ran, in)
			}
			if ran && !reflect.DeepEqual(in, constructsIn{S: "x", Must: []string{"a"}}) {
				t.Fatalf("the handler got %+v", in)
			}
		})
	}
}

type courtIn struct {
	Court  string   `json:"court"`
	Courts []string `json:"courts,omitempty"`
}

// A vocabulary by the property's name: a name of an entry reaches the
// handler as the entry's id, in a lone property and in a list; a name of
// no entry is an ask, and the handler does not run.
func TestLenientWithVocabularies(t *testing.T) {
	courts, err := vocabulary.Load(strings.NewReader(`[
	 {"id": "NS", "names": ["Nejvyšší soud"], "english": ["Supreme Court"]},
	 {"id": "US", "names": ["Ústavní soud"], "english": ["Constitutional Court"]}]`))
	if err != nil {
		t.Fatal(err)
	}
	got := &received{last: map[string]any{}}
	s := sdk.NewServer(&sdk.Implementation{Name: "courts", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "by_court", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in courtIn) (*sdk.CallToolResult, any, error) {
			got.mu.Lock()
			got.last["by_court"] = in
			got.mu.Unlock()
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
		})
	s.AddReceivingMiddleware(mcp.LenientWith(mcp.LenientOptions{Vocabularies: map[string]*vocabulary.Reader{"court": courts, "courts": courts}}))
	cs := connect(t, s)

	res := call(t, cs, "by_court", `{"court":"supreme court","courts":["Ústavní soud","NS"]}`)
	if res.IsError {
		t.Fatalf("names of entries: %s", errorText(t, res))
	}
	if in, _ := got.take("by_court"); !reflect.DeepEqual(in, courtIn{Court: "NS", Courts: []string{"US", "NS"}}) {
		t.Fatalf("the handler got %+v", in)
	}
	res = call(t, cs, "by_court", `{"court":"Krajský soud v Brně"}`)
	if !res.IsError || !strings.Contains(errorText(t, res), "/court") {
		t.Fatalf("a name of no entry: isError %v, %s", res.IsError, errorText(t, res))
	}
	if _, ran := got.take("by_court"); ran {
		t.Fatal("the handler ran on a name of no entry")
	}
}
