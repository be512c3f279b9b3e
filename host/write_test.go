package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/approval"
	"agentinput.dev/approval/sqlite"
	"agentinput.dev/host"
	"agentinput.dev/internal/longtest"
)

var (
	buildOnce sync.Once
	serverBin string
	buildErr  error
)

// writeServer builds testdata/writeserver once.
func writeServer(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "writeserver")
		if err != nil {
			buildErr = err
			return
		}
		serverBin = filepath.Join(dir, "writeserver")
		out, err := exec.Command("go", "build", "-o", serverBin, "./testdata/writeserver").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building the write server: %v", buildErr)
	}
	return serverBin
}

func openStore(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func allowAll(context.Context, host.ScopeCall) error { return nil }

func writeBinding(scope host.ScopeFunc) host.Binding {
	return host.Binding{Remote: "do_append", Local: "append", Policy: host.PolicyConfirm, Scope: scope, Concurrency: host.Serial,
		Write: &host.Authorization{Effect: host.EffectWrite, BindingID: "ledger-append", BindingRevision: "r1", ScopeID: "ledger", ScopeRevision: "s1"}}
}

// proc is the write server as a process, with a host over it.
type proc struct {
	cmd *exec.Cmd
	cs  *sdk.ClientSession
	h   *host.Host
}

func startWriteServer(t testing.TB, mode, ledger string, store approval.Store) *proc {
	t.Helper()
	cmd := exec.Command(writeServer(t))
	cmd.Env = append(os.Environ(), "WRITESERVER_MODE="+mode, "WRITESERVER_LEDGER="+ledger)
	mon := host.NewMonitor()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "host-test", Version: "v0"}, mon.ClientOptions(nil)).
		Connect(context.Background(), &sdk.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Second}, host.SessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.New(cs, mon, host.Options{ServerID: "writeserver", Approvals: store}, writeBinding(allowAll))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	return &proc{cmd: cmd, cs: cs, h: h}
}

// stop closes the session and checks that the server process is gone.
func (p *proc) stop(t testing.TB) {
	t.Helper()
	p.cs.Close()
	if p.cmd.ProcessState == nil {
		t.Fatal("the write server process was not reaped after the session closed")
	}
}

func ledgerLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func approve(t testing.TB, s approval.Store, id string) {
	t.Helper()
	if _, err := s.Decide(context.Background(), id, true, "operator", "looks right", time.Now()); err != nil {
		t.Fatal(err)
	}
}

// prepareOne calls the write tool and checks that it only prepared an
// intent.
func prepareOne(t testing.TB, h *host.Host, ledger string) string {
	t.Helper()
	res := h.Call(context.Background(), "append", json.RawMessage(`{"entry": "order 7", "amount": "4 000"}`))
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeRequiresHumanApproval || res.IntentID == "" || res.Effect != "pending" {
		t.Fatalf("a write call answered %+v", res)
	}
	if !strings.Contains(res.Envelope.Message, res.IntentID) || !strings.Contains(res.Envelope.Hint, res.IntentID) {
		t.Errorf("the answer does not name the intent: %+v", res.Envelope)
	}
	if len(ledgerLines(t, ledger)) != 0 {
		t.Fatal("a write was sent before its approval")
	}
	// Dispatching before approval sends nothing either.
	if again := h.Dispatch(context.Background(), res.IntentID); again.Envelope == nil || again.Envelope.Code != agentinput.EnvelopeRequiresHumanApproval {
		t.Fatalf("dispatch before approval: %+v", again)
	}
	return res.IntentID
}

// The five write scenarios against a real server process: each checks the
// recorded effect, the ledger, that the process exited, and that
// reopening the store never dispatches the intent again.
func TestWriteScenarios(t *testing.T) {
	longtest.Skip(t, "builds and starts a write server as a child process")
	cases := []struct {
		mode   string
		state  approval.State
		code   agentinput.EnvelopeCode
		ledger int
	}{
		{"success", approval.Committed, "", 1},
		{"lost", approval.Unknown, agentinput.EnvelopeMCPConnectionClosed, 1},
		{"exit_before", approval.Unknown, agentinput.EnvelopeMCPConnectionClosed, 0},
		{"exit_after", approval.Unknown, agentinput.EnvelopeMCPConnectionClosed, 1},
		{"error", approval.Unknown, agentinput.EnvelopeMCPToolError, 1},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			dir := t.TempDir()
			ledger, db := filepath.Join(dir, "ledger.jsonl"), filepath.Join(dir, "approvals.db")
			store := openStore(t, db)
			p := startWriteServer(t, c.mode, ledger, store)
			id := prepareOne(t, p.h, ledger)
			approve(t, store, id)
			res := p.h.Dispatch(context.Background(), id)
			p.stop(t)

			if res.Effect != string(c.state) || res.IntentID != id {
				t.Fatalf("effect %q, want %q: %+v", res.Effect, c.state, res.Envelope)
			}
			if c.state == approval.Committed {
				if res.Success == nil || len(res.Success.Text) != 1 || res.Success.Text[0] != "appended" {
					t.Fatalf("%+v", res)
				}
			} else if res.Envelope == nil || res.Envelope.Code != c.code || strings.Contains(envelopeJSON(t, res), "tenant 7") {
				t.Fatalf("envelope %s, want %s", envelopeJSON(t, res), c.code)
			}
			lines := ledgerLines(t, ledger)
			if len(lines) != c.ledger {
				t.Fatalf("the ledger has %d writes, want %d", len(lines), c.ledger)
			}
			if c.ledger == 1 && lines[0] != `{"amount":4000,"entry":"order 7"}` {
				t.Errorf("the server got %s, not the exact canonical arguments", lines[0])
			}
			in, err := store.Get(context.Background(), id)
			if err != nil || in.State != c.state || in.Code != string(c.code) {
				t.Fatalf("the store has %+v (%v)", in, err)
			}
			store.Close()

			// Reopened, with a healthy server: the intent answers its
			// outcome and is never sent again.
			store = openStore(t, db)
			defer store.Close()
			q := startWriteServer(t, "success", ledger, store)
			again := q.h.Dispatch(context.Background(), id)
			q.stop(t)
			if again.Effect != string(c.state) {
				t.Errorf("after reopening: effect %q, want %q", again.Effect, c.state)
			}
			if n := len(ledgerLines(t, ledger)); n != c.ledger {
				t.Errorf("reopening dispatched again: %d writes", n)
			}
			if in, _ := store.Get(context.Background(), id); in.State != c.state {
				t.Errorf("after reopening the store has %s", in.State)
			}
		})
	}
}

// An intent prepared before a restart is approved in another store handle
// and dispatched by a new host.
func TestApprovalAcrossStoreRestart(t *testing.T) {
	longtest.Skip(t, "builds and starts a write server as a child process")
	dir := t.TempDir()
	ledger, db := filepath.Join(dir, "ledger.jsonl"), filepath.Join(dir, "approvals.db")
	store := openStore(t, db)
	p := startWriteServer(t, "success", ledger, store)
	id := prepareOne(t, p.h, ledger)
	p.stop(t)
	store.Close()

	operator := openStore(t, db)
	approve(t, operator, id)
	operator.Close()

	store = openStore(t, db)
	defer store.Close()
	q := startWriteServer(t, "success", ledger, store)
	res := q.h.Dispatch(context.Background(), id)
	again := q.h.Dispatch(context.Background(), id)
	q.stop(t)
	if res.Effect != "committed" || again.Effect != "committed" || again.Success == nil {
		t.Fatalf("%+v / %+v", res, again)
	}
	if n := len(ledgerLines(t, ledger)); n != 1 {
		t.Fatalf("%d writes, want 1", n)
	}
}

// Through the dispatch tool, as a model calls it; a denied intent is
// never sent.
func TestDispatchToolAndDenial(t *testing.T) {
	longtest.Skip(t, "builds and starts a write server as a child process")
	dir := t.TempDir()
	ledger := filepath.Join(dir, "ledger.jsonl")
	store := openStore(t, filepath.Join(dir, "approvals.db"))
	defer store.Close()
	p := startWriteServer(t, "success", ledger, store)
	defer p.stop(t)
	tools := p.h.Tools()
	if len(tools) != 2 || tools[1].Name != host.DefaultDispatchTool {
		t.Fatalf("tools %v", tools)
	}
	for _, bad := range []string{`{}`, `{"intent_id": 5}`, `{"intent_id": "x"}`, `{"intent_id": "6ba7b810-9dad-41d1-80b4-00c04fd430c8"}`, `{"intent_id": "6ba7b810-9dad-41d1-80b4-00c04fd430c8", "more": 1}`} {
		if res := p.h.Call(context.Background(), host.DefaultDispatchTool, json.RawMessage(bad)); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments {
			t.Errorf("%s: %+v", bad, res)
		}
	}
	denied := prepareOne(t, p.h, ledger)
	if _, err := store.Decide(context.Background(), denied, false, "operator", "no", time.Now()); err != nil {
		t.Fatal(err)
	}
	if res := p.h.Call(context.Background(), host.DefaultDispatchTool, json.RawMessage(`{"intent_id": "`+strings.ToUpper(denied)+`"}`)); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeForbidden || res.Effect != "denied" {
		t.Fatalf("a denied intent: %+v", res)
	}
	id := prepareOne(t, p.h, ledger)
	approve(t, store, id)
	if res := p.h.Call(context.Background(), host.DefaultDispatchTool, json.RawMessage(`{"intent_id": "`+id+`"}`)); res.Success == nil || res.Effect != "committed" {
		t.Fatalf("%+v", res)
	}
	if n := len(ledgerLines(t, ledger)); n != 1 {
		t.Fatalf("%d writes, want 1", n)
	}
}

// writeFixture is the in-memory fixture with a write tool, for the
// binding and scope checks at dispatch.
func writeFixture(t testing.TB, scope host.ScopeFunc) (*fixture, *host.Host, approval.Store) {
	t.Helper()
	f := newFixture(t, "")
	store := openStore(t, filepath.Join(t.TempDir(), "approvals.db"))
	t.Cleanup(func() { store.Close() })
	h := f.bind(t, host.Options{Approvals: store}, writeBinding(scope))
	return f, h, store
}

// A binding that changed after re-discovery does not dispatch an intent
// approved under the old one: not_started, nothing sent.
func TestBindingMismatchAfterRediscovery(t *testing.T) {
	f, h, store := writeFixture(t, allowAll)
	res := h.Call(context.Background(), "append", json.RawMessage(`{"entry": "x"}`))
	approve(t, store, res.IntentID)
	var changedCalls atomic.Int64
	f.server.AddTool(&sdk.Tool{Name: "do_append", Description: "Now appends twice.", InputSchema: closed(map[string]any{"entry": map[string]any{"type": "string"}})},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			changedCalls.Add(1)
			return &sdk.CallToolResult{}, nil
		})
	waitStale(t, h)
	// Stale: refused, and the intent stays approved.
	if r := h.Dispatch(context.Background(), res.IntentID); r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPCatalogStale || r.Effect != "approved" {
		t.Fatalf("stale: %+v", r)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := h.Dispatch(context.Background(), res.IntentID)
	if r.Effect != "not_started" || r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPCatalogStale || len(f.got("do_append"))+int(changedCalls.Load()) != 0 {
		t.Fatalf("%+v sent %v", r, f.got("do_append"))
	}
	// An intent prepared under the new binding goes through.
	res = h.Call(context.Background(), "append", json.RawMessage(`{"entry": "y"}`))
	approve(t, store, res.IntentID)
	if r := h.Dispatch(context.Background(), res.IntentID); r.Effect != "unknown" || r.Envelope.Code != agentinput.EnvelopeMCPResultInvalid || changedCalls.Load() != 1 {
		t.Fatalf("%+v", r) // the changed tool answers nothing: an unknown effect
	}
}

// A scope revoked between approval and dispatch refuses: not_started.
func TestScopeRevocation(t *testing.T) {
	var mu sync.Mutex
	revoked := false
	scope := func(_ context.Context, c host.ScopeCall) error {
		mu.Lock()
		defer mu.Unlock()
		if revoked || c.ScopeID != "ledger" {
			return errors.New("revoked")
		}
		return nil
	}
	f, h, store := writeFixture(t, scope)
	res := h.Call(context.Background(), "append", json.RawMessage(`{"entry": "x"}`))
	approve(t, store, res.IntentID)
	mu.Lock()
	revoked = true
	mu.Unlock()
	r := h.Dispatch(context.Background(), res.IntentID)
	if r.Effect != "not_started" || r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPScopeDenied || len(f.got("do_append")) != 0 {
		t.Fatalf("%+v", r)
	}
	// And a revoked scope prepares nothing.
	if r := h.Call(context.Background(), "append", json.RawMessage(`{"entry": "x"}`)); r.Envelope == nil || r.Envelope.Code != agentinput.EnvelopeMCPScopeDenied || r.IntentID != "" {
		t.Fatalf("%+v", r)
	}
	list, _ := store.List(context.Background(), approval.Filter{})
	if len(list) != 1 {
		t.Errorf("%d intents, want 1", len(list))
	}
}

// The write snapshot is version 2 and its digest covers the
// authorization: another binding revision is another digest.
func TestWriteSnapshot(t *testing.T) {
	f, h, store := writeFixture(t, allowAll)
	s, _ := h.Current()
	if s.SchemaVersion() != host.SnapshotWrites {
		t.Fatalf("version %d", s.SchemaVersion())
	}
	b := writeBinding(allowAll)
	b.Write.BindingRevision = "r2"
	h2 := f.bind(t, host.Options{Approvals: store}, b)
	s2, _ := h2.Current()
	if s2.Digest() == s.Digest() {
		t.Error("the authorization is not in the digest")
	}
	raw, _ := json.Marshal(s2)
	if !bytes.Contains(raw, []byte(`"binding_revision":"r2"`)) {
		t.Errorf("%s", raw)
	}
	// Intents carry the write catalog digest, not the host's revision.
	res := h2.Call(context.Background(), "append", json.RawMessage(`{"entry": "x"}`))
	in, err := store.Get(context.Background(), res.IntentID)
	if err != nil || in.BindingRevision != s2.Digest() || in.BindingID != "ledger-append" || in.ScopeRevision != "s1" || string(in.Arguments) != `{"entry":"x"}` {
		t.Fatalf("%+v %v", in, err)
	}
}

// An intent left dispatching (its host stopped between the claim and the
// record of its outcome) answers as a send in flight, never sent again;
// once a person resolves it, it answers what they found, naming them.
func TestDispatchingAndResolved(t *testing.T) {
	dir := t.TempDir()
	ledger := filepath.Join(dir, "ledger.jsonl")
	store := openStore(t, filepath.Join(dir, "approvals.db"))
	defer store.Close()
	p := startWriteServer(t, "success", ledger, store)
	defer p.stop(t)
	ctx := context.Background()
	var ids []string
	for range 2 {
		id := prepareOne(t, p.h, ledger)
		approve(t, store, id)
		if _, err := store.Claim(ctx, id, time.Now()); err != nil { // the host that claimed it stopped here
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	res := p.h.Dispatch(ctx, ids[0])
	if res.Effect != "dispatching" || res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeInProgress ||
		!strings.Contains(res.Envelope.Hint, "approvals resolve") {
		t.Fatalf("an intent left dispatching: effect %q, %s", res.Effect, envelopeJSON(t, res))
	}

	if _, err := store.Resolve(ctx, ids[0], approval.Committed, "carol", "entry 7 is in the ledger", time.Now()); err != nil {
		t.Fatal(err)
	}
	res = p.h.Dispatch(ctx, ids[0])
	if res.Effect != "committed" || res.Success == nil || len(res.Success.Text) != 1 ||
		!strings.Contains(res.Success.Text[0], "carol") || !strings.Contains(res.Success.Text[0], "entry 7 is in the ledger") {
		t.Fatalf("resolved committed: effect %q, %+v %s", res.Effect, res.Success, envelopeJSON(t, res))
	}

	if _, err := store.Resolve(ctx, ids[1], approval.NotStarted, "dave", "", time.Now()); err != nil {
		t.Fatal(err)
	}
	res = p.h.Dispatch(ctx, ids[1])
	if res.Effect != "not_started" || res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPTransportError ||
		!strings.Contains(res.Envelope.Message, "dave") {
		t.Fatalf("resolved not started: effect %q, %s", res.Effect, envelopeJSON(t, res))
	}
	if n := len(ledgerLines(t, ledger)); n != 0 {
		t.Errorf("the intents were sent: %d writes in the ledger", n)
	}
}
