package host_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/approval"
	"agentinput.dev/host"
)

// Refresh after a change: the unchanged tool serves, the changed and the
// removed ones are stale and stay so (even changed back), the added one
// never appears, and the snapshot is the one bound.
func TestRefreshStalesOnlyWhatChanged(t *testing.T) {
	f := newFixture(t, "")
	h := f.bind(t, host.Options{}, read("read_orders"), read("read_total"), read("read_image"))
	first, _ := h.Current()
	noop := func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{}, nil
	}
	f.server.AddTool(&sdk.Tool{Name: "read_total", Description: "Now something else.", InputSchema: ordersSchema, OutputSchema: outputSchema}, noop)
	f.server.RemoveTools("read_image")
	f.server.AddTool(&sdk.Tool{Name: "read_new", InputSchema: ordersSchema}, noop)
	waitStale(t, h)
	stale, err := h.Refresh(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stale, []string{"read_image", "read_total"}) {
		t.Fatalf("stale %v", stale)
	}
	check := func() {
		t.Helper()
		if res := call(t, h, "read_orders", `{}`); res.Success == nil {
			t.Fatalf("read_orders: %s", envelopeJSON(t, res))
		}
		for _, name := range []string{"read_total", "read_image"} {
			before := f.calls.Load()
			res := call(t, h, name, `{}`)
			if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPCatalogStale || !strings.Contains(res.Envelope.Message, "since it was bound") {
				t.Fatalf("%s: %+v", name, res)
			}
			if f.calls.Load() != before {
				t.Fatalf("%s: a stale tool was sent", name)
			}
		}
		if res := call(t, h, "read_new", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments {
			t.Fatalf("read_new: %+v", res)
		}
		if snap, stale := h.Current(); stale || snap.Digest() != first.Digest() || len(h.Tools()) != 3 {
			t.Fatalf("current %v stale %v, tools %d", snap.Digest(), stale, len(h.Tools()))
		}
	}
	check()
	// Changed back as it was bound: still stale until a person rebinds.
	f.add("read_total", ordersSchema, outputSchema, func(string) (*sdk.CallToolResult, error) { return &sdk.CallToolResult{}, nil })
	waitStale(t, h)
	if stale, err := h.Refresh(context.Background()); err != nil || len(stale) != 2 {
		t.Fatalf("%v %v", stale, err)
	}
	check()
}

// Refresh needs a catalog; a failed listing swaps nothing.
func TestRefreshEdges(t *testing.T) {
	f := newFixture(t, "")
	h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_orders"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Refresh(context.Background()); err == nil {
		t.Fatal("Refresh before any catalog")
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.cs.Close()
	if _, err := h.Refresh(context.Background()); err == nil {
		t.Fatal("Refresh over a closed session")
	}
	if res := call(t, h, "read_orders", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPConnectionClosed {
		t.Fatalf("%+v", res)
	}
}

// fakeUpstream is a host.Upstream in memory: one tool, its calls
// counted, and a switch that takes it down.
type fakeUpstream struct {
	down  atomic.Bool
	calls atomic.Int64
	tools []*sdk.Tool
}

func (u *fakeUpstream) ProtocolVersion() string { return "2025-11-25" }
func (u *fakeUpstream) ListChanged() uint64     { return 0 }
func (u *fakeUpstream) Down() bool              { return u.down.Load() }
func (u *fakeUpstream) ListTools(context.Context, string) (*sdk.ListToolsResult, error) {
	return &sdk.ListToolsResult{Tools: u.tools}, nil
}
func (u *fakeUpstream) CallTool(context.Context, string, json.RawMessage) (json.RawMessage, error) {
	if u.down.Load() {
		return nil, host.ErrNotSent
	}
	u.calls.Add(1)
	return json.RawMessage(`{"content":[{"type":"text","text":"appended"}]}`), nil
}

// An approved write is not claimed while the upstream is down: it stays
// approved, and is sent once when the upstream is back; a read answers
// mcp_connection_closed at once.
func TestDispatchWhileDownIsNotClaimed(t *testing.T) {
	up := &fakeUpstream{tools: []*sdk.Tool{{Name: "do_append", InputSchema: closed(map[string]any{"entry": map[string]any{"type": "string"}})},
		{Name: "read_orders", InputSchema: ordersSchema}}}
	store := openStore(t, filepath.Join(t.TempDir(), "approvals.db"))
	h, err := host.NewOver(up, host.Options{ServerID: "fake", Approvals: store}, writeBinding(allowAll), read("read_orders"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	res := call(t, h, "append", `{"entry": "x"}`)
	if res.IntentID == "" {
		t.Fatalf("%+v", res)
	}
	approve(t, store, res.IntentID)
	up.down.Store(true)
	if r := call(t, h, "read_orders", `{}`); r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPConnectionClosed || r.Envelope.RetryAllowed {
		t.Fatalf("a read while down: %+v", r)
	}
	r := h.Dispatch(context.Background(), res.IntentID)
	if r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPConnectionClosed || r.Effect != string(approval.Approved) {
		t.Fatalf("a dispatch while down: %+v", r)
	}
	up.down.Store(false)
	if r := h.Dispatch(context.Background(), res.IntentID); r.Effect != string(approval.Committed) || up.calls.Load() != 1 {
		t.Fatalf("once back: %+v, %d calls", r, up.calls.Load())
	}
}
