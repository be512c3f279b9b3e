package mcpgo_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/factory/reply"
	"agentinput.dev/mcpgo"
)

// seen keeps what each handler read from its request, as mcp-go's own
// helpers read it.
type seen struct {
	mu   sync.Mutex
	last map[string]any
}

func (s *seen) set(k string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last[k] = v
}

func (s *seen) take() map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.last
	s.last = map[string]any{}
	return out
}

// existingServer is a server written with mcp-go's helpers and no
// knowledge of agentinput; lenient adds the retrofit in one line.
func existingServer(lenient bool, o mcpgo.Options) (*server.MCPServer, *seen) {
	got := &seen{last: map[string]any{}}
	s := server.NewMCPServer("existing", "1.0.0")
	s.AddTool(mcp.NewTool("find_items",
		mcp.WithDescription("Finds items."),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("query", mcp.Required(), mcp.Description("words to search for")),
		mcp.WithNumber("limit", mcp.Description("how many results")),
		mcp.WithBoolean("archived", mcp.Description("include archived items")),
		mcp.WithString("order", mcp.Enum("newest", "oldest"), mcp.Description("the order")),
		mcp.WithArray("tags", mcp.WithStringItems(), mcp.Description("tags to match")),
		mcp.WithString("since", mcp.Description("the first day")),
	), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		got.set("query", req.GetString("query", ""))
		got.set("limit", req.GetFloat("limit", 10))
		got.set("archived", req.GetBool("archived", false))
		got.set("order", req.GetString("order", "newest"))
		got.set("tags", req.GetStringSlice("tags", nil))
		got.set("since", req.GetString("since", ""))
		return mcp.NewToolResultText("found"), nil
	})
	s.AddTool(mcp.NewTool("save_note",
		mcp.WithDescription("Saves a note."),
		mcp.WithString("title", mcp.Required(), mcp.Description("the title")),
	), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		got.set("title", req.GetString("title", ""))
		return mcp.NewToolResultText("saved"), nil
	})
	if lenient {
		mcpgo.LenientWith(s, o)
	}
	return s, got
}

func connect(t testing.TB, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "0"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func call(t *testing.T, c *client.Client, tool, args string) *mcp.CallToolResult {
	t.Helper()
	var a map[string]any
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		t.Fatal(err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = tool, a
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	return res
}

func texts(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			b.WriteString(tc.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestLenientReadsWhatTheServerAloneMisreads: the spellings a model sends,
// to an mcp-go server alone and retrofitted. Alone, mcp-go's helpers read
// "4 000" and "1,5" as the default (a number they cannot parse is
// silently 10) and "ano" as false; retrofitted, the handler gets the
// values, with a note each, or the call is an ask.
func TestLenientReadsWhatTheServerAloneMisreads(t *testing.T) {
	args := `{"query":"x","limit":"4 000","archived":"ano","order":"Newest","tags":"tax","since":"1. 10. 2026"}`
	alone, aloneSeen := existingServer(false, mcpgo.Options{})
	if res := call(t, connect(t, alone), "find_items", args); res.IsError {
		t.Fatalf("the server alone refused: %s", texts(res))
	}
	before := aloneSeen.take()
	if before["limit"] != 10.0 || before["archived"] != false {
		t.Fatalf("the server alone read %v: the test proves nothing", before)
	}
	s, got := existingServer(true, mcpgo.Options{})
	c := connect(t, s)
	res := call(t, c, "find_items", args)
	if res.IsError {
		t.Fatalf("error: %s", texts(res))
	}
	after := got.take()
	want := map[string]any{"query": "x", "limit": 4000.0, "archived": true, "order": "newest", "tags": []string{"tax"}, "since": "2026-10-01"}
	for k, v := range want {
		if b, _ := json.Marshal(after[k]); string(b) != string(mustJSON(v)) {
			t.Errorf("%s: the handler got %v, want %v", k, after[k], v)
		}
	}
	text := texts(res)
	if !strings.Contains(text, `Read "4 000" as 4000`) || res.Meta == nil || res.Meta.AdditionalFields[reply.MetaKey] == nil {
		t.Errorf("notes missing: %q, meta %+v", text, res.Meta)
	}

	// A spelling with no meaning, and one with two, are asks at their
	// paths; the handler does not run.
	res = call(t, c, "find_items", `{"query":"x","archived":"maybe","limit":"1,5"}`)
	text = texts(res)
	if !res.IsError || !strings.Contains(text, "/archived:") || !strings.Contains(text, "Call find_items again") {
		t.Errorf("want an envelope, got %v: %s", res.IsError, text)
	}
	if len(got.take()) != 0 {
		t.Error("the handler ran")
	}
	env, _ := json.Marshal(res.Meta.AdditionalFields[reply.EnvelopeKey])
	if !strings.Contains(string(env), `"code":"invalid_arguments"`) {
		t.Errorf("no envelope in _meta: %s", env)
	}
}

// TestLenientNeverRefusesWhatTheSchemaTakes: "" for a required string of
// a read reaches the handler as sent, with a warning; "N/A" for a
// required string of a tool that does not say it only reads is asked
// about, unless Relax lets it through.
func TestLenientNeverRefusesWhatTheSchemaTakes(t *testing.T) {
	s, got := existingServer(true, mcpgo.Options{})
	c := connect(t, s)
	res := call(t, c, "find_items", `{"query":""}`)
	if res.IsError || got.take()["query"] != "" || !strings.Contains(texts(res), "on as it was sent") {
		t.Errorf("\"\" for query: %v %s", res.IsError, texts(res))
	}
	res = call(t, c, "save_note", `{"title":"N/A"}`)
	if !res.IsError || !strings.Contains(texts(res), "/title:") || len(got.take()) != 0 {
		t.Errorf("N/A for title on a write: %v %s", res.IsError, texts(res))
	}
	relaxed, got := existingServer(true, mcpgo.Options{Relax: func(tool string) mcpgo.Relaxed {
		return mcpgo.Relaxed{PlaceholdersOnWrite: tool == "save_note"}
	}})
	res = call(t, connect(t, relaxed), "save_note", `{"title":"N/A"}`)
	if res.IsError || got.take()["title"] != "N/A" {
		t.Errorf("relaxed: %v %s", res.IsError, texts(res))
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
