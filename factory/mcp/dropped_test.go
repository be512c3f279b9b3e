package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"pgregory.net/rapid"

	"agentinput.dev/factory"
	"agentinput.dev/factory/factorytest"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/factory/reply"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/promcp"
)

type droppedIn struct {
	Court    string `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	DateFrom string `json:"date_from" desc:"Only decisions from this day on."`
}

type courtPage struct {
	Court string `json:"court"`
}

// droppedServer serves a read tool answering promcp.Read, one answering
// content blocks, and a do tool, all over the same court filter, to a
// go-sdk client in memory; it returns the client and the tools by name.
func droppedServer(t testing.TB) (*sdk.ClientSession, map[string]*factory.Tool, []string) {
	t.Helper()
	f, err := os.Open("../../kinds/vocabulary/testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	var spellings []string
	for _, id := range v.IDs() {
		e, _ := v.Entry(id)
		spellings = append(append(append(append(spellings, e.ID), e.Names...), e.Abbreviations...), e.English...)
	}
	spec := func(name string, intent factory.Intent) factory.Spec {
		return factory.Spec{Name: name, Title: "Court decisions", Intent: intent, Observer: silent{},
			Description:  "Lists or closes court decisions of a court from a day on. Use when a test needs such a tool.",
			Vocabularies: map[string]*vocabulary.Reader{"courts": v}}
	}
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	tools := map[string]*factory.Tool{
		"read_decisions": factory.Must(spec("read_decisions", factory.IntentRead), func(_ context.Context, in droppedIn, _ *factory.Call) (promcp.Read[courtPage], error) {
			return promcp.NewRead(courtPage{Court: in.Court}, "", at, promcp.Good)
		}),
		"show_decisions": factory.Must(spec("show_decisions", factory.IntentRead), func(_ context.Context, in droppedIn, _ *factory.Call) (protocol.Content, error) {
			return protocol.Content{Blocks: []protocol.Block{protocol.Text("the decisions of " + in.Court)}}, nil
		}),
		"do_close_decisions": factory.Must(spec("do_close_decisions", factory.IntentDo), func(_ context.Context, in droppedIn, _ *factory.Call) (promcp.Do[string], error) {
			return promcp.NewDo(promcp.Do[string]{})
		}),
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tools["read_decisions"], tools["show_decisions"], tools["do_close_decisions"])
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, tools, spellings
}

func textBlocks(res *sdk.CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return out
}

// outputSchema compiles the output schema a tool advertises in tools/list.
func outputSchema(t testing.TB, cs *sdk.ClientSession, name string) *jsonschema.Schema {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.Name != name {
			continue
		}
		raw, _ := json.Marshal(tool.OutputSchema)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("out.json", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("out.json")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Fatalf("tools/list has no %s", name)
	return nil
}

// Through MCP, over the whole class of filter values a model sends: a
// result whose call dropped a filter STARTS with it — one line per filter,
// naming the property, the value as sent, that the results are NOT
// filtered by it and each stored value it may mean — before the result,
// whether the result is structured or content blocks; the structured
// content carries the same drops as dropped_filters with a quality that is
// not good, and still validates against the advertised output schema; the
// "Input read" block after the result does not repeat it. A result whose
// call dropped nothing starts with the result itself.
func TestDroppedFilterLeadsTheResult(t *testing.T) {
	cs, tools, spellings := droppedServer(t)
	schema := outputSchema(t, cs, "read_decisions")
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		court := factorytest.FilterValue(t, spellings)
		args := map[string]any{"court": court}
		raw, _ := json.Marshal(args)
		want := tools["read_decisions"].Call(ctx, raw)
		if want.Envelope != nil {
			// Within reach of exactly one stored value: an ask naming it,
			// never a drop (the filter kind's rule).
			if is := want.Envelope.Issues; len(is) != 1 || is[0].Path != "/court" || len(is[0].Readings) != 1 {
				t.Fatalf("%s: refused %+v", raw, want.Envelope.Issues)
			}
			return
		}
		for _, tool := range []string{"read_decisions", "show_decisions"} {
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
			if err != nil || res.IsError {
				t.Fatalf("%s %s: %v %+v", tool, raw, err, res)
			}
			blocks := textBlocks(res)
			if len(want.Dropped) == 0 {
				if strings.HasPrefix(blocks[0], "Warning") {
					t.Fatalf("%s %s: nothing dropped, yet the text starts %q", tool, raw, blocks[0])
				}
				continue
			}
			lead := blocks[0]
			if !strings.HasPrefix(lead, reply.DroppedLead+"court.") || strings.Count(lead, "\n") != 0 {
				t.Fatalf("%s %s: the text starts %q", tool, raw, lead)
			}
			d := want.Dropped[0]
			if !strings.Contains(lead, string(d.Received)) || !strings.Contains(lead, "not filtered") {
				t.Fatalf("%s %s: the lead %q does not name the value as sent or say it is not filtered", tool, raw, lead)
			}
			for _, m := range d.MayMean {
				if !strings.Contains(lead, string(m.Value)) {
					t.Fatalf("%s %s: the lead %q does not name %s", tool, raw, lead, m.Value)
				}
			}
			for _, later := range blocks[1:] {
				if strings.Contains(later, d.Message) {
					t.Fatalf("%s %s: the drop is repeated after the result: %q", tool, raw, later)
				}
			}
			meta, _ := json.Marshal(res.Meta[reply.MetaKey])
			if !strings.Contains(string(meta), `"code":"filter_dropped"`) {
				t.Fatalf("%s %s: _meta %s lost the warning", tool, raw, meta)
			}
		}
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		structured, _ := json.Marshal(res.StructuredContent)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(structured))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Fatalf("%s: %s does not validate against the advertised output schema: %v", raw, structured, err)
		}
		var got promcp.Read[courtPage]
		if err := json.Unmarshal(structured, &got); err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want.Dropped)
		gotJSON, _ := json.Marshal(got.DroppedFilters)
		if len(want.Dropped) == 0 {
			if got.Quality != promcp.Good || bytes.Contains(structured, []byte("dropped_filters")) {
				t.Fatalf("%s: nothing dropped, yet %s", raw, structured)
			}
			return
		}
		if got.Quality != promcp.Degraded || string(gotJSON) != string(wantJSON) {
			t.Fatalf("%s: structured %s, want the drops %s with quality degraded", raw, structured, wantJSON)
		}
	})
}

// Through MCP: a call refused for another argument names the dropped
// filter among its issues, in the text and the envelope, so that one
// corrected call fixes both; a do call with a filter it would drop is
// refused, its handler not run.
func TestDroppedFilterInARefusalOverMCP(t *testing.T) {
	cs, _, _ := droppedServer(t)
	ctx := context.Background()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"court": "Nejvyšší", "date_from": "01/02/2026"}})
	if err != nil || !res.IsError {
		t.Fatalf("not refused: %v %+v", err, res)
	}
	text := textBlocks(res)[0]
	for _, want := range []string{"2 arguments need attention: /date_from, /court", `- /court: Could not read "Nejvyšší"`, `"NS"`, `"NSS"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the refusal's text lacks %q:\n%s", want, text)
		}
	}
	env, _ := json.Marshal(res.Meta[reply.EnvelopeKey])
	var e factory.Envelope
	if err := json.Unmarshal(env, &e); err != nil || len(e.Issues) != 2 || e.Issues[1].Path != "/court" ||
		len(e.Issues[1].Readings) != 2 || string(e.Issues[1].Readings[0].Value) != `"NS"` {
		t.Fatalf("envelope %s (%v)", env, err)
	}
	again, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"court": "NS", "date_from": "2026-02-01"}})
	if err != nil || again.IsError || strings.HasPrefix(textBlocks(again)[0], "Warning") {
		t.Fatalf("the corrected call: %v %+v", err, again)
	}

	w, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "do_close_decisions", Arguments: map[string]any{"court": "Nejvyšší"}})
	if err != nil || !w.IsError || !strings.Contains(textBlocks(w)[0], "/court") {
		t.Fatalf("a do call with a dropped filter: %v %+v", err, w)
	}
	var write struct {
		Effect string `json:"effect"`
	}
	raw, _ := json.Marshal(w.Meta[reply.WriteKey])
	if json.Unmarshal(raw, &write) != nil || write.Effect != "not_started" {
		t.Fatalf("a do call with a dropped filter: write state %s", raw)
	}
}

// Through MCP: tools/list advertises a court's ids as the enum and says
// which court each is in the description, and the go-sdk client still
// sends a name the enum lacks, which the server reads as its id.
func TestVocabularyNamesOverMCP(t *testing.T) {
	cs, _, _ := droppedServer(t)
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var court struct {
		Description string   `json:"description"`
		Enum        []string `json:"enum"`
	}
	for _, tool := range list.Tools {
		if tool.Name != "read_decisions" {
			continue
		}
		raw, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(raw, &s); err != nil || json.Unmarshal(s.Properties["court"], &court) != nil {
			t.Fatalf("schema %s", raw)
		}
	}
	if strings.Join(court.Enum, " ") != "NS NSS US KS-PRAHA KS-BRNO" ||
		!strings.Contains(court.Description, `"NS" (Nejvyšší soud, Supreme Court), "NSS" (Nejvyšší správní soud, Supreme Administrative Court)`) {
		t.Fatalf("court: enum %v, description %q", court.Enum, court.Description)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"court": "Nejvyšší soud"}})
	if err != nil || res.IsError {
		t.Fatalf("a name the enum lacks: %v %+v", err, res)
	}
	structured, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(structured), `"value":{"court":"NS"}`) {
		t.Fatalf("structured %s", structured)
	}
}
