package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

type tagIn struct {
	Item string   `json:"item" agentinput:"required" desc:"The item to tag"`
	Tags []string `json:"tags" agentinput:"item=enum,values=red|green|blue,besteffort" desc:"The tags to add"`
}

type tagOut struct {
	Item    string   `json:"item"`
	Applied []string `json:"applied"`
}

const tagDesc = "Adds colour tags to an item and returns the tags it added. Use when the user asks to tag an item."

func tagTool(t *testing.T, runs *atomic.Int64, h func(in tagIn) error) *factory.Tool {
	t.Helper()
	return factory.Must(factory.Spec{Name: "do_tag_item", Title: "Tag an item", Description: tagDesc, Intent: factory.IntentDo, Observer: silent{},
		Confirm: "Call read_item with the item and look at its tags"},
		func(_ context.Context, in tagIn, _ *factory.Call) (tagOut, error) {
			runs.Add(1)
			if h != nil {
				if err := h(in); err != nil {
					return tagOut{}, err
				}
			}
			return tagOut{Item: in.Item, Applied: in.Tags}, nil
		})
}

// serve registers tools on a new server and connects a client to it.
func serve(t *testing.T, tools ...*factory.Tool) *sdk.ClientSession {
	t.Helper()
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tools...)
	return connect(t, server)
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// envelope is an error result's envelope, from its _meta (where every
// error result keeps it; structuredContent too when the tool advertises no
// output schema).
func envelope(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.Meta[reply.EnvelopeKey])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil || m == nil {
		t.Fatalf("no envelope in _meta: %s", b)
	}
	return m
}

func structured(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return m
}

func texts(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func writeMeta(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	w, ok := res.Meta[reply.WriteKey].(map[string]any)
	if !ok {
		t.Fatalf("no %s in _meta: %v", reply.WriteKey, res.Meta)
	}
	return w
}

// A best-effort partial apply, seen through the go-sdk client: the result
// carries the applied entries and issues[] for the one left out, the text
// says which entry was not applied and what to send, and the effect is
// committed.
func TestBestEffortIssuesReachTheClient(t *testing.T) {
	var runs atomic.Int64
	cs := serve(t, tagTool(t, &runs, nil))
	res := callTool(t, cs, "do_tag_item", map[string]any{"item": "a1", "tags": []any{"red", "purple", "blue"}})
	if res.IsError || runs.Load() != 1 {
		t.Fatalf("isError %v runs %d: %s", res.IsError, runs.Load(), texts(res))
	}
	m := structured(t, res)
	if m["item"] != "a1" || len(m["applied"].([]any)) != 2 {
		t.Fatalf("the result's own members: %v", m)
	}
	issues, _ := m["issues"].([]any)
	if len(issues) != 1 {
		t.Fatalf("issues %v", m["issues"])
	}
	is := issues[0].(map[string]any)
	if is["path"] != "/tags/1" || is["received"] != "purple" || is["hint"] == "" {
		t.Fatalf("the issue %v", is)
	}
	text := texts(res)
	if !strings.Contains(text, "not applied") || !strings.Contains(text, "/tags/1") || !strings.Contains(text, "purple") {
		t.Fatalf("the text does not say what was left out:\n%s", text)
	}
	if w := writeMeta(t, res); w["effect"] != "committed" || w["replayed"] != false || w["idempotency_key"] == "" {
		t.Fatalf("write meta %v", w)
	}
	// The retry replays, and still says what was left out.
	again := callTool(t, cs, "do_tag_item", map[string]any{"item": "a1", "tags": []any{"red", "purple", "blue"}})
	if runs.Load() != 1 || writeMeta(t, again)["replayed"] != true || len(structured(t, again)["issues"].([]any)) != 1 {
		t.Fatalf("the retry: runs %d, %s", runs.Load(), texts(again))
	}
}

// A panicking handler over MCP: a tool error without Go text, effect
// unknown, and the server goes on serving.
func TestPanicOverMCP(t *testing.T) {
	var runs atomic.Int64
	cs := serve(t, tagTool(t, &runs, func(in tagIn) error {
		if in.Item == "boom" {
			_ = in.Item[len(in.Item)+1] // a runtime panic: index out of range
		}
		return nil
	}))
	res := callTool(t, cs, "do_tag_item", map[string]any{"item": "boom"})
	env := envelope(t, res)
	if !res.IsError || env["code"] != "tool_failed" || writeMeta(t, res)["effect"] != "unknown" {
		t.Fatalf("a panic answered isError %v %v", res.IsError, env)
	}
	if text := texts(res); strings.Contains(text, "index out of range") || strings.Contains(text, "goroutine") || !strings.Contains(text, "read_item") {
		t.Fatalf("the text of a panic:\n%s", text)
	}
	if ok := callTool(t, cs, "do_tag_item", map[string]any{"item": "a2"}); ok.IsError {
		t.Fatalf("the server stopped serving after a panic: %s", texts(ok))
	}
}

// A reused key over MCP is a conflict that names the key's property.
func TestConflictOverMCP(t *testing.T) {
	var runs atomic.Int64
	cs := serve(t, tagTool(t, &runs, nil))
	callTool(t, cs, "do_tag_item", map[string]any{"item": "a1", "idempotency_key": "k-1"})
	res := callTool(t, cs, "do_tag_item", map[string]any{"item": "a2", "idempotency_key": "k-1"})
	env := envelope(t, res)
	issues, _ := env["issues"].([]any)
	if !res.IsError || runs.Load() != 1 || len(issues) != 1 || issues[0].(map[string]any)["code"] != "idempotency_conflict" ||
		issues[0].(map[string]any)["path"] != "/idempotency_key" || writeMeta(t, res)["effect"] != "not_started" {
		t.Fatalf("a reused key answered %v, runs %d", env, runs.Load())
	}
}

// Annotations tell the truth: idempotentHint on a do tool only where the
// claim protocol runs its handler.
func TestIdempotentHintOnlyWhereClaimed(t *testing.T) {
	var runs atomic.Int64
	claimed := mcp.Describe(tagTool(t, &runs, nil))
	if !claimed.Annotations.IdempotentHint || claimed.Annotations.ReadOnlyHint {
		t.Fatalf("a factory do tool: %+v", claimed.Annotations)
	}
	elsewhere, err := factory.FromSchema(factory.Spec{Name: "do_remote", Title: "A remote write", Description: tagDesc, Intent: factory.IntentDo, Observer: silent{}},
		json.RawMessage(`{"type":"object","properties":{"item":{"type":"string","description":"The item"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := mcp.Describe(elsewhere); d.Annotations.IdempotentHint {
		t.Fatalf("a do tool whose handler runs elsewhere claims idempotentHint: %+v", d.Annotations)
	}
}

// Keys are scoped to the authenticated principal, not to the transport
// session: over streamable HTTP with bearer tokens, a user's retry on a new
// session replays, and another user's same key is another call.
func TestPrincipalScopeOverHTTP(t *testing.T) {
	var runs atomic.Int64
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tagTool(t, &runs, nil))
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		user, ok := map[string]string{"tok-alice": "alice", "tok-bob": "bob"}[token]
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: user, Expiration: time.Now().Add(time.Hour)}, nil
	}
	handler := auth.RequireBearerToken(verify, nil)(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil))
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close)
	as := func(token string) *sdk.ClientSession {
		transport := &sdk.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: &http.Client{Transport: bearer{token}}}
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil).Connect(context.Background(), transport, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	args := map[string]any{"item": "a1", "idempotency_key": "k"}
	first := callTool(t, as("tok-alice"), "do_tag_item", args)
	retry := callTool(t, as("tok-alice"), "do_tag_item", args) // a new session: a reconnect
	if first.IsError || retry.IsError || writeMeta(t, retry)["replayed"] != true || runs.Load() != 1 {
		t.Fatalf("alice's retry on a new session: replayed %v, runs %d", writeMeta(t, retry)["replayed"], runs.Load())
	}
	other := callTool(t, as("tok-bob"), "do_tag_item", map[string]any{"item": "b9", "idempotency_key": "k"})
	if other.IsError || writeMeta(t, other)["replayed"] != false || runs.Load() != 2 {
		t.Fatalf("bob's call with alice's key: %s runs %d", texts(other), runs.Load())
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}
