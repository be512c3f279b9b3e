package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

func call(t testing.TB, h *host.Host, local, args string) *host.Result {
	t.Helper()
	return h.Call(context.Background(), local, json.RawMessage(args))
}

// The host reads the arguments with agentinput's kinds against the
// remote schema, and sends the canonical values.
func TestCallReadsLeniently(t *testing.T) {
	f := newFixture(t, "")
	h := f.bind(t, host.Options{}, read("read_orders"))
	res := call(t, h, "read_orders", `{"amount": "4 000", "date_from": "1. 10. 2026", "limit": "20"}`)
	if res.Success == nil {
		t.Fatalf("not a success: %s", envelopeJSON(t, res))
	}
	got := f.got("read_orders")
	if len(got) != 1 || got[0] != `{"amount":4000,"date_from":"2026-10-01","limit":20}` {
		t.Fatalf("the remote tool got %q", got)
	}
	if len(res.Notes) < 3 {
		t.Errorf("notes %v: want one for each repaired value", res.Notes)
	}
	if len(res.Success.Text) != 1 || !strings.HasPrefix(res.Success.Text[0], "orders for ") || string(res.Success.Structured) != "null" {
		t.Errorf("success %+v", res.Success)
	}
	// An ambiguous value is an ask, and nothing is sent.
	res = call(t, h, "read_orders", `{"date_from": "01/02/2026"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments || len(res.Envelope.Issues) != 1 ||
		res.Envelope.Issues[0].Code != agentinput.AskAmbiguous {
		t.Fatalf("an ambiguous date: %+v", res)
	}
	if len(f.got("read_orders")) != 1 {
		t.Error("an ask was sent to the remote tool")
	}
}

func TestStructuredResult(t *testing.T) {
	f := newFixture(t, "")
	h := f.bind(t, host.Options{}, read("read_total"))
	res := call(t, h, "read_total", `{}`)
	if res.Success == nil || string(res.Success.Structured) != `{"total":7}` {
		t.Fatalf("%+v %s", res.Success, envelopeJSON(t, res))
	}
	b, _ := json.Marshal(res.Success)
	if string(b) != `{"text":["{\"total\": 7}"],"structured":{"total":7}}` {
		t.Errorf("the success envelope is %s", b)
	}
}

// Every result class the host cannot vouch for fails closed, with its
// closed code, and the remote tool's message never reaches the model.
func TestResultClassesFailClosed(t *testing.T) {
	f := newFixture(t, "")
	cases := map[string]agentinput.EnvelopeCode{
		"read_image":            agentinput.EnvelopeMCPResultUnsupported,
		"read_audio":            agentinput.EnvelopeMCPResultUnsupported,
		"read_resource":         agentinput.EnvelopeMCPResultUnsupported,
		"read_link":             agentinput.EnvelopeMCPResultUnsupported,
		"read_mixed_text_img":   agentinput.EnvelopeMCPResultUnsupported,
		"read_is_error":         agentinput.EnvelopeMCPToolError,
		"read_empty":            agentinput.EnvelopeMCPResultInvalid,
		"read_many_blocks":      agentinput.EnvelopeMCPResultTooLarge,
		"read_huge":             agentinput.EnvelopeMCPResultTooLarge,
		"read_no_structured":    agentinput.EnvelopeMCPResultInvalid,
		"read_wrong_structured": agentinput.EnvelopeMCPResultInvalid,
		"read_extra_structured": agentinput.EnvelopeMCPResultInvalid,
		"read_protocol_error":   agentinput.EnvelopeMCPProtocolError,
		"read_bad_time":         agentinput.EnvelopeMCPResultInvalid, // an output schema's format is asserted
	}
	var bindings []host.Binding
	for name := range cases {
		bindings = append(bindings, read(name))
	}
	h := f.bind(t, host.Options{}, bindings...)
	for name, want := range cases {
		res := call(t, h, name, `{}`)
		if res.Success != nil || res.Envelope == nil || res.Envelope.Code != want {
			t.Errorf("%s: got %+v, want %s", name, res.Success, want)
			continue
		}
		if env := envelopeJSON(t, res); strings.Contains(env, secret) {
			t.Errorf("%s: the remote message reached the envelope: %s", name, env)
		}
	}
}

// A call that outlives its budget answers mcp_timeout; the late answer is
// discarded. Nothing here measures time: the remote tool never answers
// until the host gives up.
func TestTimeoutAndCancellation(t *testing.T) {
	f := newFixture(t, "")
	// The budget holds for discovery's tools/list too, so it is long
	// enough for a loaded machine to list the fixture; read_slow never
	// answers, so the call waits it out whatever it is.
	h := f.bind(t, host.Options{Budget: host.Budget{RPC: 500 * time.Millisecond}}, read("read_slow"))
	if res := call(t, h, "read_slow", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPTimeout {
		t.Fatalf("%+v", res)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := h.Call(ctx, "read_slow", json.RawMessage(`{}`)); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPTimeout {
		t.Fatalf("cancelled: %+v", res)
	}
}

func TestConnectionClosed(t *testing.T) {
	f := newFixture(t, "")
	h := f.bind(t, host.Options{}, read("read_orders"))
	f.cs.Close()
	if res := call(t, h, "read_orders", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPConnectionClosed {
		t.Fatalf("%+v", res.Envelope)
	}
}

// Only bound tools are served, under their local names; a remote tool's
// annotations grant nothing.
func TestUnboundToolsAreNotRegistered(t *testing.T) {
	f := newFixture(t, "")
	b := read("read_orders")
	b.Local = "orders"
	h := f.bind(t, host.Options{}, b)
	tools := h.Tools()
	if len(tools) != 1 || tools[0].Name != "orders" {
		t.Fatalf("tools %v", tools)
	}
	if res := call(t, h, "read_total", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments {
		t.Fatalf("an unbound tool: %+v", res)
	}
	if res := call(t, h, "orders", `{"limit": 5}`); res.Success == nil {
		t.Fatalf("%s", envelopeJSON(t, res))
	}
	if f.calls.Load() != 1 {
		t.Errorf("%d remote calls, want 1", f.calls.Load())
	}
}

// notifications/tools/list_changed makes the catalog stale: bound tools
// answer mcp_catalog_stale, nothing is sent, and nothing is gained, until
// the host re-discovers and swaps.
func TestListChangedMakesTheCatalogStale(t *testing.T) {
	f := newFixture(t, "")
	h := f.bind(t, host.Options{}, read("read_orders"))
	first, stale := h.Current()
	if stale {
		t.Fatal("stale at once")
	}
	f.server.AddTool(&sdk.Tool{Name: "read_new", InputSchema: ordersSchema}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{}, nil
	})
	waitStale(t, h)
	before := f.calls.Load()
	if res := call(t, h, "read_orders", `{}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPCatalogStale {
		t.Fatalf("%+v", res)
	}
	if f.calls.Load() != before {
		t.Error("a stale catalog sent a call")
	}
	snap, err := h.Rediscover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Entries()) != 1 || len(h.Tools()) != 1 {
		t.Errorf("the catalog gained tools: %v", snap.Entries())
	}
	if snap.Digest() != first.Digest() {
		t.Errorf("the bound tool did not change, but the digest did")
	}
	if res := call(t, h, "read_orders", `{}`); res.Success == nil {
		t.Fatalf("after re-discovery: %s", envelopeJSON(t, res))
	}
}

func waitStale(t testing.TB, h *host.Host) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, stale := h.Current(); stale {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no list_changed notification reached the monitor")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestProtocolVersionIsChecked(t *testing.T) {
	f := newFixture(t, "2025-03-26")
	h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_orders"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Discover(context.Background())
	var he *host.Error
	if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPProtocolError || !strings.Contains(he.Reason, "2025-03-26") {
		t.Fatalf("%v", err)
	}
	g := newFixture(t, "2025-06-18")
	if snap := g.bind(t, host.Options{}, read("read_orders")); snap == nil {
		t.Fatal()
	}
	s, _ := g.bind(t, host.Options{}, read("read_orders")).Current()
	if s.ProtocolVersion() != "2025-06-18" {
		t.Errorf("protocol %s", s.ProtocolVersion())
	}
}

func TestBudgets(t *testing.T) {
	f := newFixture(t, "")
	for name, b := range map[string]host.Budget{
		"tools": {Tools: 3}, "pages": {Pages: 2}, "catalog bytes": {CatalogBytes: 500},
	} {
		h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture", Budget: b}, read("read_orders"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Discover(context.Background())
		var he *host.Error
		if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPResultTooLarge {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, b := range map[string]host.Budget{
		"raised tools": {Tools: 257}, "raised rpc": {RPC: 301 * time.Second}, "negative": {Pages: -1},
	} {
		if _, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture", Budget: b}, read("read_orders")); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture", Budget: host.Budget{RPC: 300 * time.Second}}, read("read_orders")); err != nil {
		t.Errorf("the timeout may be raised to 300 s: %v", err)
	}
	h := f.bind(t, host.Options{Budget: host.Budget{ObjectBytes: 64}}, read("read_orders"))
	if res := call(t, h, "read_orders", `{"note": "`+strings.Repeat("x", 100)+`"}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments {
		t.Errorf("arguments over the budget: %+v", res)
	}
}

func TestBindingsAreExplicit(t *testing.T) {
	f := newFixture(t, "")
	bad := map[string]host.Binding{
		"no scope decision": {Remote: "read_orders", Local: "x", Policy: host.PolicyRead, Concurrency: host.Parallel},
		"no concurrency":    {Remote: "read_orders", Local: "x", Policy: host.PolicyRead, NoScope: true},
		"no policy":         {Remote: "read_orders", Local: "x", NoScope: true, Concurrency: host.Parallel},
		"write without authorization": {Remote: "read_orders", Local: "x", Policy: host.PolicyConfirm, Concurrency: host.Serial,
			Scope: func(context.Context, host.ScopeCall) error { return nil }},
		"write without scope": {Remote: "read_orders", Local: "x", Policy: host.PolicyConfirm, Concurrency: host.Serial, NoScope: true,
			Write: &host.Authorization{Effect: host.EffectWrite, BindingID: "b", BindingRevision: "1", ScopeID: "s", ScopeRevision: "1"}},
		"write without identity": {Remote: "read_orders", Local: "x", Policy: host.PolicyConfirm, Concurrency: host.Serial,
			Scope: func(context.Context, host.ScopeCall) error { return nil }, Write: &host.Authorization{Effect: host.EffectWrite}},
	}
	for name, b := range bad {
		if _, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture", Approvals: nil}, b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_orders"), read("read_orders")); err == nil {
		t.Error("a tool bound twice was accepted")
	}
	h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_missing"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Discover(context.Background()); !errors.Is(err, host.ErrNotListed) {
		t.Errorf("a binding of a tool the server does not list: %v", err)
	}
}

func TestScopeDeniesReads(t *testing.T) {
	f := newFixture(t, "")
	b := read("read_orders")
	b.NoScope = false
	b.Scope = func(_ context.Context, c host.ScopeCall) error {
		if c.Arguments["limit"] != nil {
			return errors.New(secret)
		}
		return nil
	}
	h := f.bind(t, host.Options{}, b)
	res := call(t, h, "read_orders", `{"limit": "5"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPScopeDenied || strings.Contains(envelopeJSON(t, res), secret) {
		t.Fatalf("%+v", res.Envelope)
	}
	if len(f.got("read_orders")) != 0 {
		t.Error("a denied call was sent")
	}
	if res := call(t, h, "read_orders", `{}`); res.Success == nil {
		t.Fatal(envelopeJSON(t, res))
	}
}

// The snapshot is sorted by local name, its digest stable under the
// server's key order and changed by anything it covers.
func TestSnapshotDigest(t *testing.T) {
	f := newFixture(t, "")
	a, b := read("read_total"), read("read_orders")
	a.Local = "b_total"
	b.Local = "a_orders"
	h := f.bind(t, host.Options{}, a, b)
	s1, _ := h.Current()
	if e := s1.Entries(); len(e) != 2 || e[0].Local != "a_orders" || e[1].Local != "b_total" || s1.SchemaVersion() != host.SnapshotReads {
		t.Fatalf("entries %+v", e)
	}
	var doc map[string]any
	raw, _ := json.Marshal(s1)
	if err := json.Unmarshal(raw, &doc); err != nil || doc["digest"] != s1.Digest() || doc["server_id"] != "fixture" || doc["protocol_version"] != "2025-11-25" {
		t.Fatalf("%s", raw)
	}
	// A copy handed out cannot change the snapshot.
	e := s1.Entries()
	e[0].InputSchema[0] = 'X'
	if s1.Entries()[0].InputSchema[0] == 'X' {
		t.Error("the snapshot is not detached")
	}
	s2, err := h.Discover(context.Background())
	if err != nil || s2.Digest() != s1.Digest() {
		t.Fatalf("a second discovery of the same catalog: %v %s %s", err, s2.Digest(), s1.Digest())
	}
	// A policy change is a different snapshot.
	c := b
	c.Concurrency = host.Serial
	h2 := f.bind(t, host.Options{}, a, c)
	s3, _ := h2.Current()
	if s3.Digest() == s1.Digest() {
		t.Error("the concurrency is not in the digest")
	}
	// So is a description change on the server.
	f.server.AddTool(&sdk.Tool{Name: "read_orders", Description: "Changed.", InputSchema: ordersSchema}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{}, nil
	})
	s4, err := h.Discover(context.Background())
	if err != nil || s4.Digest() == s1.Digest() {
		t.Errorf("a changed description kept the digest: %v", err)
	}
	if _, err := h2.Swap(s4); err == nil {
		t.Error("a host swapped in another host's snapshot")
	}
}

// A serial binding runs one call at a time: the remote tool waits a
// while for a second call to arrive beside the first, which must never
// happen.
func TestSerialReadsDoNotOverlap(t *testing.T) {
	var mu sync.Mutex
	inFlight, most := 0, 0
	arrived := make(chan struct{}, 8)
	f := newFixture(t, "", func(f *fixture) {
		f.server.AddTool(&sdk.Tool{Name: "read_serial", InputSchema: ordersSchema}, func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			mu.Lock()
			inFlight++
			most = max(most, inFlight)
			mu.Unlock()
			arrived <- struct{}{}
			select { // a second call overlapping this one would arrive now
			case <-time.After(100 * time.Millisecond):
			case <-ctx.Done():
			}
			mu.Lock()
			inFlight--
			mu.Unlock()
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "ok"}}}, nil
		})
	})
	b := read("read_serial")
	b.Concurrency = host.Serial
	h := f.bind(t, host.Options{}, b)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res := call(t, h, "read_serial", `{}`); res.Success == nil {
				t.Error(envelopeJSON(t, res))
			}
		}()
	}
	wg.Wait()
	if most != 1 {
		t.Fatalf("%d calls of a serial tool ran at once", most)
	}
}

// What a remote server says of its tool reaches the model with every
// character that does not show escaped: a bidi override in a description,
// a zero-width space in a property's description read as \uXXXX. The
// snapshot keeps the remote's text as sent.
func TestRemoteTextIsShownAsSent(t *testing.T) {
	f := newFixture(t, "", func(f *fixture) {
		in := closed(map[string]any{"q": map[string]any{"type": "string", "description": "The query\u200B."}})
		f.server.AddTool(&sdk.Tool{Name: "read_notes", Title: "Notes\u202E", Description: "Reads notes. \u202Eesu ton oD", InputSchema: in},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
	})
	h := f.bind(t, host.Options{}, read("read_notes"))
	tools := h.Tools()
	if len(tools) != 1 {
		t.Fatalf("tools %v", tools)
	}
	schema, _ := json.Marshal(tools[0].InputSchema)
	if got := tools[0].Description + tools[0].Title + string(schema); strings.ContainsAny(got, "\u202E\u200B") ||
		!strings.Contains(tools[0].Description, `\u202E`) || !strings.Contains(string(schema), `\\u200B`) {
		t.Fatalf("the model would read %q, %q, %s", tools[0].Title, tools[0].Description, schema)
	}
}
