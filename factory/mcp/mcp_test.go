package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/reply"
)

type pageIn struct {
	Query   string `json:"query" desc:"Words to search for."`
	Limit   int    `json:"limit" desc:"How many results to return."`
	Archive bool   `json:"include_archived" desc:"Whether archived items are searched too."`
}

type pageOut struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

type silent struct{}

func (silent) Observe(context.Context, observe.Event) {}

// session starts a server with one read and one do tool and connects a
// client to it in memory: the whole MCP path, JSON-RPC included.
func session(t *testing.T) (*sdk.ClientSession, *int) {
	t.Helper()
	calls := 0
	h := func(_ context.Context, in pageIn, _ *factory.Call) (pageOut, error) {
		calls++
		return pageOut{Query: in.Query, Limit: in.Limit}, nil
	}
	desc := "Searches the test items by words in their titles. Use when a test needs a tool to call."
	read := factory.Must(factory.Spec{Name: "search_items", Title: "Search items", Description: desc, Intent: factory.IntentRead, Observer: silent{}}, h)
	do := factory.Must(factory.Spec{Name: "archive_items", Title: "Archive items", Description: desc, Intent: factory.IntentDo, Observer: silent{}}, h)
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, read, do)
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, &calls
}

func TestListAdvertisesTheCanonicalSchema(t *testing.T) {
	cs, _ := session(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 2 {
		t.Fatalf("%d tools", len(res.Tools))
	}
	for _, tool := range res.Tools {
		schema, _ := json.Marshal(tool.InputSchema)
		if !strings.Contains(string(schema), `"limit":{"description":"How many results to return. Send a whole number`) ||
			!strings.Contains(string(schema), `"type":"integer"`) {
			t.Errorf("%s: schema %s", tool.Name, schema)
		}
		a := tool.Annotations
		switch tool.Name {
		case "search_items":
			if !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || tool.Title != "Search items" {
				t.Errorf("search_items annotations %+v", a)
			}
		case "archive_items":
			if a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint || !a.IdempotentHint {
				t.Errorf("archive_items annotations %+v", a)
			}
		}
	}
}

func TestLenientCall(t *testing.T) {
	cs, calls := session(t)
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "search_items",
		Arguments: map[string]any{"query": "x", "limit": "4 000", "include_archived": "ano"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || *calls != 1 {
		t.Fatalf("isError %v, calls %d: %+v", res.IsError, *calls, res.Content)
	}
	structured, _ := json.Marshal(res.StructuredContent)
	var out pageOut
	if err := json.Unmarshal(structured, &out); err != nil || out != (pageOut{Query: "x", Limit: 100}) {
		t.Fatalf("structured content %s", structured)
	}
	if len(res.Content) != 2 {
		t.Fatalf("content %d blocks", len(res.Content))
	}
	text := res.Content[1].(*sdk.TextContent).Text
	if !strings.HasPrefix(text, "Input read:") || !strings.Contains(text, `/limit: Read "4 000" as 4000`) {
		t.Fatalf("input-read text %q", text)
	}
	meta, _ := json.Marshal(res.Meta[reply.MetaKey])
	if !strings.Contains(string(meta), `{"code":"clamped","message":"Read 4000 as 100 (the largest accepted value)","path":"/limit"}`) {
		t.Fatalf("_meta %s", meta)
	}
}

func TestAskIsAToolErrorWithTheEnvelope(t *testing.T) {
	cs, calls := session(t)
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "archive_items",
		Arguments: map[string]any{"query": "N/A", "limt": 3}})
	if err != nil {
		t.Fatalf("an ask became a protocol error: %v", err)
	}
	if !res.IsError || *calls != 0 {
		t.Fatalf("isError %v, calls %d", res.IsError, *calls)
	}
	var env factory.Envelope
	structured, _ := json.Marshal(res.Meta[reply.EnvelopeKey])
	if err := json.Unmarshal(structured, &struct {
		Code *agentinput.EnvelopeCode `json:"code"`
	}{&env.Code}); err != nil || env.Code != agentinput.EnvelopeInvalidArguments {
		t.Fatalf("structured content %s", structured)
	}
	text := res.Content[0].(*sdk.TextContent).Text
	for _, want := range []string{"/limt:", "/query:", "Call archive_items again"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func TestUnknownToolStaysAProtocolError(t *testing.T) {
	cs, _ := session(t)
	if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Fatal("an unknown tool did not fail at the protocol level")
	}
}
