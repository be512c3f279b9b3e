package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/approval"
	"agentinput.dev/host"
	"agentinput.dev/promcp"
)

// A proMCP upstream in memory: read_level (a read of the convention),
// can_do (the generic can_do's shape: action and arguments) and
// do_set_level (a do), whose answers a test steers.

// t0 is the upstream's clock: every answer is made at it.
var t0 = time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)

type plant struct {
	mu         sync.Mutex
	quality    promcp.Quality
	permission promcp.Permission
	validFor   time.Duration
	sets       atomic.Int64 // do_set_level calls received
	checks     atomic.Int64 // can_do calls received
}

// clock is the host's injected clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

var levelArgs = map[string]any{
	"sensor":          map[string]any{"type": "string", "description": "The sensor."},
	"level":           map[string]any{"type": "number", "description": "The level to set."},
	"idempotency_key": map[string]any{"type": "string", "description": "Your key for this one action."},
}

// reportSchema is the capability report's schema with current_observations
// closed (the profile takes no open object; this upstream observes nothing).
func reportSchema() map[string]any {
	s := promcp.CapabilityReportSchema()
	ctx := s["properties"].(map[string]any)["context"].(map[string]any)
	ctx["properties"].(map[string]any)["current_observations"] = map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{}}
	return s
}

func structured(t testing.TB, v any) *sdk.CallToolResult {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(raw)}}, StructuredContent: m}
}

func (p *plant) setup(t testing.TB) func(*fixture) {
	return func(f *fixture) {
		f.server.AddTool(&sdk.Tool{Name: "read_level", Description: "Reads a sensor's level.",
			InputSchema:  closed(map[string]any{"sensor": levelArgs["sensor"]}),
			OutputSchema: promcp.ReadSchema(map[string]any{"type": "number"})},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				p.mu.Lock()
				q := p.quality
				p.mu.Unlock()
				r, err := promcp.NewRead(4.5, "m", t0, q)
				if err != nil {
					t.Error(err)
				}
				return structured(t, r), nil
			})
		canDoIn := closed(map[string]any{
			"action":    map[string]any{"type": "string", "enum": []any{"do_set_level"}},
			"arguments": closed(levelArgs),
		})
		canDoIn["required"] = []any{"action"}
		f.server.AddTool(&sdk.Tool{Name: "can_do", Description: "Checks an action.", InputSchema: canDoIn, OutputSchema: reportSchema()},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				p.checks.Add(1)
				p.mu.Lock()
				perm, validFor := p.permission, p.validFor
				p.mu.Unlock()
				rep := promcp.CapabilityReport{Metadata: promcp.Metadata{Timestamp: t0}}
				if perm.Runnable() {
					rep.Candidates = []promcp.Candidate{{Capability: "do_set_level", Source: "plant", Confidence: 1, Permission: perm, ValidUntil: t0.Add(validFor)}}
				} else {
					rep.Blocked = []promcp.Blocked{{Capability: "do_set_level", Source: "plant", Permission: perm, Reason: "the valve is locked"}}
				}
				rep, err := promcp.NewCapabilityReport(rep)
				if err != nil {
					t.Error(err)
				}
				return structured(t, rep), nil
			})
		doIn := closed(levelArgs)
		doIn["required"] = []any{"sensor", "level"}
		f.server.AddTool(&sdk.Tool{Name: "do_set_level", Description: "Sets a sensor's level.", InputSchema: doIn,
			OutputSchema: promcp.DoSchema(map[string]any{"type": "number"})},
			func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				p.sets.Add(1)
				var in struct {
					Level float64 `json:"level"`
					Key   string  `json:"idempotency_key"`
				}
				_ = json.Unmarshal(req.Params.Arguments, &in)
				prev := 4.5
				d, err := promcp.NewDo(promcp.Do[float64]{Effect: promcp.EffectCommitted, AppliedValue: &in.Level, PreviousValue: &prev})
				if err == nil {
					d, err = d.Complete("k-"+in.Key, t0)
				}
				if err != nil {
					t.Error(err)
				}
				return structured(t, d), nil
			})
	}
}

func setLevel(g *host.Guard) host.Binding {
	return host.Binding{Remote: "do_set_level", Local: "do_set_level", Policy: host.PolicyConfirm, Scope: allowAll, Concurrency: host.Serial, Guard: g,
		Write: &host.Authorization{Effect: host.EffectWrite, BindingID: "plant-set", BindingRevision: "1", ScopeID: "plant", ScopeRevision: "1"}}
}

// proHost binds the plant on a ProMCP host (or not) with the guard g on
// do_set_level, under the clock c.
func proHost(t *testing.T, promcpHost bool, g *host.Guard) (*plant, *fixture, *host.Host, approval.Store, *clock) {
	t.Helper()
	p := &plant{quality: promcp.Good, permission: promcp.Allowed, validFor: 30 * time.Second}
	f := newFixture(t, "", p.setup(t))
	store := openStore(t, filepath.Join(t.TempDir(), "approvals.db"))
	t.Cleanup(func() { store.Close() })
	c := &clock{now: t0.Add(time.Second)}
	h := f.bind(t, host.Options{Approvals: store, ProMCP: promcpHost, Now: c.Now}, read("read_level"), read("can_do"), setLevel(g))
	return p, f, h, store, c
}

func code(r *host.Result) agentinput.EnvelopeCode {
	if r.Envelope == nil {
		return ""
	}
	return r.Envelope.Code
}

// Under ProMCP, every local name carries the triad prefix its policy
// declares, checked before any session: a mismatch names the tool.
func TestProMCPNamesFollowTheTriad(t *testing.T) {
	w := setLevel(nil)
	bad := map[string]host.Binding{
		"orders":      {Remote: "orders", Local: "orders", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel},
		"read_":       {Remote: "x", Local: "read_", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel},
		"read_orders": {Remote: "y", Local: "read_orders", Policy: host.PolicyConfirm, Scope: allowAll, Concurrency: host.Serial, Write: w.Write},
		"do_tag":      {Remote: "z", Local: "do_tag", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel},
		"can_do":      {Remote: "q", Local: "can_do", Policy: host.PolicyConfirm, Scope: allowAll, Concurrency: host.Serial, Write: w.Write},
		"read_tags":   {Remote: "do_tags", Local: "read_tags", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel},
	}
	for local, b := range bad {
		err := host.Check(host.Options{ServerID: "s", ProMCP: true, Approvals: noStore{}}, b)
		if err == nil || !strings.Contains(err.Error(), local) {
			t.Errorf("%s: %v", local, err)
		}
		if err := host.Check(host.Options{ServerID: "s", Approvals: noStore{}}, b); err != nil && local != "read_" {
			t.Errorf("%s without ProMCP: %v", local, err)
		}
	}
	good := []host.Binding{read("read_level"), read("can_do"), setLevel(nil),
		{Remote: "list_orders", Local: "read_orders", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel}}
	if err := host.Check(host.Options{ServerID: "s", ProMCP: true, Approvals: noStore{}}, good...); err != nil {
		t.Fatal(err)
	}
	if err := host.Check(host.Options{ServerID: "s", ProMCP: true, Approvals: noStore{}, DispatchTool: "do_dispatch"}, good...); err == nil {
		t.Fatal("a dispatch tool on a ProMCP host")
	}
}

// noStore is an approval store for Check, which opens nothing.
type noStore struct{ approval.Store }

// The served catalog keeps each tool's output schema and the annotations a
// host carries (title shown, idempotent, open world), while readOnlyHint
// and destructiveHint are the binding's; a ProMCP host serves no dispatch
// tool, another host does.
func TestServedToolsKeepTheirContract(t *testing.T) {
	yes, no := true, false
	p := &plant{quality: promcp.Good, permission: promcp.Allowed, validFor: time.Minute}
	f := newFixture(t, "", p.setup(t), func(f *fixture) {
		f.server.AddTool(&sdk.Tool{Name: "read_flow", Description: "Reads the flow.", InputSchema: closed(map[string]any{}),
			OutputSchema: promcp.ReadSchema(nil),
			Annotations:  &sdk.ToolAnnotations{Title: "Flow\u202E", IdempotentHint: true, OpenWorldHint: &no, ReadOnlyHint: false, DestructiveHint: &yes}},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
	})
	store := openStore(t, filepath.Join(t.TempDir(), "approvals.db"))
	defer store.Close()
	for _, pro := range []bool{true, false} {
		h := f.bind(t, host.Options{Approvals: store, ProMCP: pro}, read("read_flow"), read("read_level"), setLevel(nil))
		tools := h.Tools()
		names := []string{}
		byName := map[string]*sdk.Tool{}
		for _, tool := range tools {
			names = append(names, tool.Name)
			byName[tool.Name] = tool
		}
		want := "do_set_level read_flow read_level"
		if !pro {
			want += " " + host.DefaultDispatchTool
		}
		if got := strings.Join(names, " "); got != want {
			t.Fatalf("ProMCP %v: tools %s", pro, got)
		}
		flow := byName["read_flow"]
		a := flow.Annotations
		if a == nil || !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || !a.IdempotentHint || a.OpenWorldHint == nil || *a.OpenWorldHint ||
			a.Title != `Flow\u202E` {
			t.Fatalf("annotations %+v", a)
		}
		if do := byName["do_set_level"].Annotations; do.ReadOnlyHint || do.DestructiveHint == nil || *do.DestructiveHint || do.Title != "" {
			t.Fatalf("do annotations %+v", do)
		}
		for _, name := range []string{"read_flow", "read_level", "do_set_level"} {
			served, _ := json.Marshal(byName[name].OutputSchema)
			var entry json.RawMessage
			s, _ := h.Current()
			for _, e := range s.Entries() {
				if e.Local == name {
					entry = e.OutputSchema
				}
			}
			if len(entry) == 0 || string(served) != string(entry) {
				t.Fatalf("%s serves the output schema %s, discovered %s", name, served, entry)
			}
		}
	}
	// The carried annotations are in the snapshot and its digest.
	h := f.bind(t, host.Options{}, read("read_flow"))
	s, _ := h.Current()
	raw, _ := json.Marshal(s)
	if !strings.Contains(string(raw), `"annotations":{"title":"Flow`+"\u202E"+`","idempotent_hint":true,"open_world_hint":false}`) {
		t.Fatalf("snapshot %s", raw)
	}
}

// A ProMCP host's write is approved as any other, and sent by calling the
// same do_* again with the same arguments: once, answering the upstream's
// do result; a call with other arguments is another intent; an outcome is
// answered again for ReplayWindow, then the same call is a new request.
func TestProMCPApprovalByCallingAgain(t *testing.T) {
	p, _, h, store, c := proHost(t, true, nil)
	ctx := context.Background()
	first := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": "4 000", "idempotency_key": "a"}`))
	if code(first) != agentinput.EnvelopeRequiresHumanApproval || first.Effect != "pending" ||
		!strings.Contains(first.Envelope.Hint, "call do_set_level again with exactly the same arguments") || strings.Contains(first.Envelope.Hint, host.DefaultDispatchTool) {
		t.Fatalf("first call: %+v", first.Envelope)
	}
	// Again before approval, spelled otherwise: the same intent.
	again := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "a"}`))
	if code(again) != agentinput.EnvelopeRequiresHumanApproval || again.IntentID != first.IntentID {
		t.Fatalf("again: %+v (first %s)", again, first.IntentID)
	}
	other := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`))
	if code(other) != agentinput.EnvelopeRequiresHumanApproval || other.IntentID == first.IntentID {
		t.Fatalf("other arguments: %+v", other)
	}
	if p.sets.Load() != 0 {
		t.Fatal("sent before approval")
	}
	approve(t, store, first.IntentID)
	sent := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "a"}`))
	if sent.Success == nil || sent.Effect != "committed" || sent.IntentID != first.IntentID || p.sets.Load() != 1 {
		t.Fatalf("after approval: %+v (%d sent)", sent, p.sets.Load())
	}
	var d struct {
		Key         string  `json:"idempotency_key"`
		Compensable *bool   `json:"compensable"`
		Applied     float64 `json:"applied_value"`
	}
	if err := json.Unmarshal(sent.Success.Structured, &d); err != nil || d.Key != "k-a" || d.Compensable == nil || d.Applied != 4000 {
		t.Fatalf("the do result %s", sent.Success.Structured)
	}
	// Within the replay window the outcome answers again, nothing sent.
	replay := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "a"}`))
	if replay.Success == nil || string(replay.Success.Structured) != string(sent.Success.Structured) || p.sets.Load() != 1 {
		t.Fatalf("replay: %+v", replay)
	}
	in, err := store.Get(ctx, first.IntentID)
	if err != nil {
		t.Fatal(err)
	}
	c.set(in.Finished.Add(host.ReplayWindow - time.Nanosecond))
	if r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "a"}`)); r.IntentID != first.IntentID {
		t.Fatalf("just within the window: %+v", r)
	}
	c.set(in.Finished.Add(host.ReplayWindow))
	fresh := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "a"}`))
	if code(fresh) != agentinput.EnvelopeRequiresHumanApproval || fresh.IntentID == first.IntentID || p.sets.Load() != 1 {
		t.Fatalf("after the window: %+v", fresh)
	}
	// A denied intent answers forbidden when the write is called again.
	if _, err := store.Decide(ctx, other.IntentID, false, "operator", "no", c.Now()); err != nil {
		t.Fatal(err)
	}
	if r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`)); code(r) != agentinput.EnvelopeForbidden || r.Effect != "denied" {
		t.Fatalf("denied: %+v", r)
	}
	// The dispatch tool is no tool of a ProMCP host.
	if r := h.Call(ctx, host.DefaultDispatchTool, json.RawMessage(`{"intent_id": "`+first.IntentID+`"}`)); code(r) != agentinput.EnvelopeMCPInvalidArguments || p.sets.Load() != 1 {
		t.Fatalf("dispatch tool: %+v", r)
	}
}

// A committed write called again answers its result only while that
// result is still the state: without an idempotency key, once another
// write of the catalog was sent after it, the same arguments are a new
// write (a new intent for a person), never the old result reported as
// done (docs/writes.md's rule for a derived key). With a key, the same
// key is the same action and its result answers, as the upstream's
// receipt would.
func TestProMCPReplayOnlyWhileLatest(t *testing.T) {
	p, _, h, store, c := proHost(t, true, nil)
	ctx := context.Background()
	commit := func(args string, sends int64) *host.Result {
		t.Helper()
		r := h.Call(ctx, "do_set_level", json.RawMessage(args))
		if code(r) != agentinput.EnvelopeRequiresHumanApproval {
			t.Fatalf("%s: %+v", args, r.Envelope)
		}
		if _, err := store.Decide(ctx, r.IntentID, true, "operator", "ok", c.Now()); err != nil {
			t.Fatal(err)
		}
		c.set(c.Now().Add(time.Second))
		sent := h.Call(ctx, "do_set_level", json.RawMessage(args))
		if sent.Effect != "committed" || p.sets.Load() != sends {
			t.Fatalf("%s: %+v (%d sent)", args, sent, p.sets.Load())
		}
		c.set(c.Now().Add(time.Second))
		return sent
	}
	a := commit(`{"sensor": "s1", "level": 4000}`, 1)
	if r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000}`)); r.IntentID != a.IntentID || r.Effect != "committed" {
		t.Fatalf("A again while latest: %+v", r)
	}
	commit(`{"sensor": "s1", "level": 5000}`, 2)
	r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 4000}`))
	if code(r) != agentinput.EnvelopeRequiresHumanApproval || r.IntentID == a.IntentID || p.sets.Load() != 2 {
		t.Fatalf("A again after B was sent: %+v", r)
	}
	ka := commit(`{"sensor": "s2", "level": 1, "idempotency_key": "ka"}`, 3)
	commit(`{"sensor": "s2", "level": 2, "idempotency_key": "kb"}`, 4)
	if r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s2", "level": 1, "idempotency_key": "ka"}`)); r.IntentID != ka.IntentID || r.Effect != "committed" || p.sets.Load() != 4 {
		t.Fatalf("the same key after another write: %+v", r)
	}
}

// The plan guard: each refusal and each pass.
func TestPlanGuard(t *testing.T) {
	p, _, h, store, c := proHost(t, true, &host.Guard{CanDo: "can_do", StopOn: []promcp.Quality{promcp.Degraded, promcp.Error}})
	ctx := context.Background()
	set := func(args string) *host.Result { return h.Call(ctx, "do_set_level", json.RawMessage(args)) }
	prepared := func() int {
		l, err := store.List(ctx, approval.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		return len(l)
	}

	// No can_do answer: refused, the hint names the call to make.
	r := set(`{"sensor": "s1", "level": "4 000", "idempotency_key": "a"}`)
	if code(r) != agentinput.EnvelopeMCPCanDoRequired || r.Envelope.RetryAllowed ||
		!strings.Contains(r.Envelope.Hint, `Call can_do with {"action":"do_set_level","arguments":{"level":4000,"sensor":"s1"}} first`) || prepared() != 0 {
		t.Fatalf("no can_do: %+v", r.Envelope)
	}
	// The can_do the hint names (another spelling reads the same), then
	// the write with another idempotency key: prepared.
	if r := h.Call(ctx, "can_do", json.RawMessage(`{"action": "do_set_level", "arguments": {"sensor": "s1", "level": 4000}}`)); r.Success == nil {
		t.Fatalf("can_do: %+v", r)
	}
	r = set(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`)
	if code(r) != agentinput.EnvelopeRequiresHumanApproval || prepared() != 1 {
		t.Fatalf("after can_do: %+v", r.Envelope)
	}
	// Other arguments: refused.
	if r := set(`{"sensor": "s1", "level": 5}`); code(r) != agentinput.EnvelopeMCPCanDoRequired || !strings.Contains(r.Envelope.Hint, `"level":5`) {
		t.Fatalf("other arguments: %+v", r.Envelope)
	}
	// The prepared one is approved.
	l, _ := store.List(ctx, approval.Filter{State: approval.Pending})
	approve(t, store, l[0].ID)
	// At valid_until the answer no longer holds: the approved write is
	// refused before its claim, and stays approved.
	c.set(t0.Add(30 * time.Second))
	r = set(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`)
	if code(r) != agentinput.EnvelopeMCPCanDoRequired || r.Effect != "approved" || p.sets.Load() != 0 ||
		!strings.Contains(r.Envelope.Message, "valid until 2026-10-01T09:00:30Z") {
		t.Fatalf("expired: %+v", r)
	}
	// A fresh answer (the upstream's clock is fixed: make it valid longer).
	p.mu.Lock()
	p.validFor = time.Hour
	p.mu.Unlock()
	h.Call(ctx, "can_do", json.RawMessage(`{"action": "do_set_level", "arguments": {"sensor": "s1", "level": 4000, "idempotency_key": "z"}}`))
	c.set(t0.Add(30*time.Second - time.Nanosecond))
	// A degraded read stops it, naming the read to call again.
	p.mu.Lock()
	p.quality = promcp.Degraded
	p.mu.Unlock()
	if r := h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s1"}`)); r.Success == nil {
		t.Fatalf("read: %+v", r)
	}
	r = set(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`)
	if code(r) != agentinput.EnvelopeMCPWorkflowStopped || p.sets.Load() != 0 || r.Effect != "approved" ||
		!strings.Contains(r.Envelope.Hint, `Call read_level again with {"sensor":"s1"}`) {
		t.Fatalf("degraded: %+v", r.Envelope)
	}
	// It resumes when the same read answers good.
	p.mu.Lock()
	p.quality = promcp.Good
	p.mu.Unlock()
	h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s1"}`))
	r = set(`{"sensor": "s1", "level": 4000, "idempotency_key": "b"}`)
	if r.Success == nil || p.sets.Load() != 1 {
		t.Fatalf("resumed: %+v", r)
	}
	// A blocked answer forgets an allowed one.
	p.mu.Lock()
	p.permission = promcp.PolicyDenied
	p.mu.Unlock()
	h.Call(ctx, "can_do", json.RawMessage(`{"action": "do_set_level", "arguments": {"sensor": "s1", "level": 4000}}`))
	if r := set(`{"sensor": "s1", "level": 4000, "idempotency_key": "c"}`); code(r) != agentinput.EnvelopeMCPCanDoRequired {
		t.Fatalf("blocked: %+v", r.Envelope)
	}
	// An error read stops it too.
	p.mu.Lock()
	p.permission, p.quality = promcp.Allowed, promcp.Error
	p.mu.Unlock()
	h.Call(ctx, "can_do", json.RawMessage(`{"action": "do_set_level", "arguments": {"sensor": "s1", "level": 4000}}`))
	h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s2"}`))
	if r := set(`{"sensor": "s1", "level": 4000, "idempotency_key": "c"}`); code(r) != agentinput.EnvelopeMCPWorkflowStopped || !strings.Contains(r.Envelope.Message, "quality error") {
		t.Fatalf("error read: %+v", r.Envelope)
	}
}

// A guard that stops only on error lets a degraded read pass; a guard
// without a can_do asks for none; the guard holds on a host that is not
// ProMCP too (before the intent is prepared, and before Dispatch sends).
func TestPlanGuardDeclarations(t *testing.T) {
	p, _, h, store, _ := proHost(t, false, &host.Guard{StopOn: []promcp.Quality{promcp.Error}})
	ctx := context.Background()
	p.quality = promcp.Degraded
	h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s1"}`))
	r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 1}`))
	if code(r) != agentinput.EnvelopeRequiresHumanApproval {
		t.Fatalf("degraded, stopping on error only: %+v", r.Envelope)
	}
	approve(t, store, r.IntentID)
	p.mu.Lock()
	p.quality = promcp.Error
	p.mu.Unlock()
	h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s1"}`))
	if d := h.Dispatch(ctx, r.IntentID); code(d) != agentinput.EnvelopeMCPWorkflowStopped || d.Effect != "approved" || p.sets.Load() != 0 {
		t.Fatalf("dispatch after an error read: %+v", d)
	}
	if r := h.Call(ctx, "do_set_level", json.RawMessage(`{"sensor": "s1", "level": 2}`)); code(r) != agentinput.EnvelopeMCPWorkflowStopped {
		t.Fatalf("prepare after an error read: %+v", r.Envelope)
	}
	p.mu.Lock()
	p.quality = promcp.Good
	p.mu.Unlock()
	h.Call(ctx, "read_level", json.RawMessage(`{"sensor": "s1"}`))
	if d := h.Dispatch(ctx, r.IntentID); d.Success == nil || p.sets.Load() != 1 {
		t.Fatalf("dispatch after a good read: %+v", d)
	}

	// Declarations refused before any session.
	bad := map[string][]host.Binding{
		"not bound":       {read("read_level"), setLevel(&host.Guard{CanDo: "can_do"})},
		"not a read":      {read("read_level"), setLevel(&host.Guard{CanDo: "do_set_level"})},
		"good":            {read("read_level"), setLevel(&host.Guard{StopOn: []promcp.Quality{promcp.Good}})},
		"no can_do":       {read("read_level"), setLevel(&host.Guard{})},
		"not, not a read": {{Remote: "read_level", Local: "read_level", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel, Guard: &host.Guard{StopOn: []promcp.Quality{promcp.Error}}}},
	}
	for name, bs := range bad {
		if err := host.Check(host.Options{ServerID: "s", Approvals: noStore{}}, bs...); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// A guard's can_do must advertise an output schema: its answers are read
// only once validated.
func TestPlanGuardNeedsATypedCanDo(t *testing.T) {
	f := newFixture(t, "", (&plant{}).setup(t))
	store := openStore(t, filepath.Join(t.TempDir(), "approvals.db"))
	defer store.Close()
	h, err := host.New(f.cs, f.mon, host.Options{ServerID: "s", Approvals: store},
		read("read_orders"), setLevel(&host.Guard{CanDo: "read_orders"}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Discover(context.Background())
	var he *host.Error
	if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported || he.Tool != "read_orders" {
		t.Fatalf("%v", err)
	}
}
