package factory_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

type orderIn struct {
	Order string `json:"order" agentinput:"required" desc:"The order to place"`
	Count int    `json:"count" desc:"How many to place"`
}

type orderOut struct {
	Order string `json:"order"`
	Run   int64  `json:"run"`
}

// orders declares a do tool whose handler behaves as behave says and counts
// its runs.
func orders(t *testing.T, spec factory.Spec, behave func(ctx context.Context, in orderIn, call *factory.Call) error) (*factory.Tool, *atomic.Int64, *bytes.Buffer) {
	t.Helper()
	var runs atomic.Int64
	var log bytes.Buffer
	spec.Name, spec.Title, spec.Intent = "do_place_order", "Place an order", factory.IntentDo
	spec.Description = "Places an order for goods and returns its number. Use when the user asks to order something."
	spec.Observer = observe.Slog{Logger: slog.New(slog.NewTextHandler(&log, nil))}
	tool, err := factory.New(spec, func(ctx context.Context, in orderIn, call *factory.Call) (orderOut, error) {
		n := runs.Add(1)
		if behave != nil {
			if err := behave(ctx, in, call); err != nil {
				return orderOut{}, err
			}
		}
		return orderOut{Order: in.Order, Run: n}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool, &runs, &log
}

func call(tool *factory.Tool, args string) *factory.Result {
	return tool.Call(context.Background(), json.RawMessage(args))
}

func output(t *testing.T, res *factory.Result) string {
	t.Helper()
	if res.Envelope != nil {
		t.Fatalf("envelope %s: %s", res.Envelope.Code, res.Envelope.Message)
	}
	b, err := json.Marshal(res.Output)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A key reused with other arguments is a conflict at /idempotency_key,
// never the other call's result, and the handler does not run.
func TestReusedKeyConflicts(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, nil)
	first := call(tool, `{"order":"a","idempotency_key":"k"}`)
	if first.Effect != promcp.EffectCommitted || first.IdempotencyKey != "k" {
		t.Fatalf("first call: effect %q key %q", first.Effect, first.IdempotencyKey)
	}
	res := call(tool, `{"order":"b","idempotency_key":"k"}`)
	if res.Envelope == nil || res.Output != nil || runs.Load() != 1 {
		t.Fatalf("reused key: envelope %+v output %v runs %d", res.Envelope, res.Output, runs.Load())
	}
	e := res.Envelope
	if e.Code != agentinput.EnvelopeInvalidArguments || len(e.Issues) != 1 || e.Issues[0].Code != agentinput.AskIdempotencyConflict ||
		e.Issues[0].Path != "/idempotency_key" || e.RetryAllowed || res.Effect != promcp.EffectNotStarted {
		t.Fatalf("reused key answered %+v, effect %q", e, res.Effect)
	}
	if !strings.Contains(e.Hint, "fresh key") {
		t.Fatalf("the hint does not say to send a fresh key: %q", e.Hint)
	}
	// The first call still replays.
	if again := call(tool, `{"order":"a","idempotency_key":"k"}`); !again.Replayed || output(t, again) != `{"order":"a","run":1}` {
		t.Fatalf("the first call after the conflict: replayed %v", again.Replayed)
	}
}

// Retries that spell the same arguments differently share the derived key.
func TestDerivedKeyReplaysDifferentSpellings(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, nil)
	first := call(tool, `{"order":"a","count":"4 000"}`)
	again := call(tool, `{"count":4000,"order":"a"}`)
	if runs.Load() != 1 || !again.Replayed || first.IdempotencyKey != again.IdempotencyKey || output(t, again) != output(t, first) {
		t.Fatalf("runs %d, replayed %v, keys %q %q", runs.Load(), again.Replayed, first.IdempotencyKey, again.IdempotencyKey)
	}
	if other := call(tool, `{"order":"a","count":4001}`); other.Replayed || runs.Load() != 2 {
		t.Fatalf("other arguments replayed")
	}
}

// A key is scoped to the principal: two callers' "k" are two calls.
func TestKeysAreScopedToThePrincipal(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, nil)
	alice := protocol.WithPrincipal(context.Background(), "alice")
	bob := protocol.WithPrincipal(context.Background(), "bob")
	a := tool.Call(alice, json.RawMessage(`{"order":"a","idempotency_key":"k"}`))
	b := tool.Call(bob, json.RawMessage(`{"order":"b","idempotency_key":"k"}`))
	if a.Envelope != nil || b.Envelope != nil || b.Replayed || runs.Load() != 2 {
		t.Fatalf("two principals' keys collided: %+v %+v runs %d", a.Envelope, b.Envelope, runs.Load())
	}
	if again := tool.Call(alice, json.RawMessage(`{"order":"a","idempotency_key":"k"}`)); !again.Replayed {
		t.Fatal("alice's retry did not replay")
	}
}

// A panic never escapes: tool_failed without Go text, the stack in the
// server's log, and the effect unknown — so a retry of the key answers
// effect_unknown and does not run again, while a fresh key does.
func TestPanicIsToolFailedAndEffectUnknown(t *testing.T) {
	tool, runs, log := orders(t, factory.Spec{Confirm: "Call read_orders with the order to see whether it was placed."},
		func(_ context.Context, in orderIn, _ *factory.Call) error {
			if in.Order == "boom" {
				_ = in.Order[len(in.Order)+1] // a runtime panic: index out of range
			}
			return nil
		})
	res := call(tool, `{"order":"boom","idempotency_key":"k"}`)
	e := res.Envelope
	if e == nil || e.Code != agentinput.EnvelopeToolFailed || res.Effect != promcp.EffectUnknown || e.RetryAllowed {
		t.Fatalf("a panic answered %+v, effect %q", e, res.Effect)
	}
	text, _ := json.Marshal(e)
	for _, leak := range []string{"panic", "index out of range", "goroutine", ".go:"} {
		if strings.Contains(string(text), leak) {
			t.Fatalf("the envelope leaks %q: %s", leak, text)
		}
	}
	if !strings.Contains(e.Hint, "read_orders") {
		t.Fatalf("the hint does not name the check: %q", e.Hint)
	}
	if !strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "index out of range") || !strings.Contains(log.String(), "write_test.go") {
		t.Fatalf("the log lacks the panic and its stack:\n%s", log.String())
	}
	again := call(tool, `{"order":"boom","idempotency_key":"k"}`)
	if again.Envelope == nil || again.Envelope.Code != agentinput.EnvelopeEffectUnknown || again.Effect != promcp.EffectUnknown || runs.Load() != 1 {
		t.Fatalf("the retry answered %+v, effect %q, runs %d", again.Envelope, again.Effect, runs.Load())
	}
	if !strings.Contains(again.Envelope.Hint, "read_orders") || !strings.Contains(again.Envelope.Hint, "fresh key") {
		t.Fatalf("effect_unknown's hint: %q", again.Envelope.Hint)
	}
	call(tool, `{"order":"boom","idempotency_key":"k2"}`)
	if runs.Load() != 2 {
		t.Fatalf("a fresh key did not make a new attempt: runs %d", runs.Load())
	}
}

// A panic on a read tool is tool_failed too, and retrying it is allowed.
func TestPanicOnReadTool(t *testing.T) {
	tool, err := factory.New(factory.Spec{Name: "read_orders", Title: "Read orders", Intent: factory.IntentRead,
		Description: "Lists the orders placed so far, newest first. Use when the user asks what was ordered.",
		Observer:    observe.Slog{Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}},
		func(context.Context, orderIn, *factory.Call) (orderOut, error) {
			panic(errors.New("index out of range"))
		})
	if err != nil {
		t.Fatal(err)
	}
	res := call(tool, `{"order":"a"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeToolFailed || !res.Envelope.RetryAllowed || res.Effect != "" ||
		strings.Contains(res.Envelope.Message+res.Envelope.Hint, "index") {
		t.Fatalf("a read tool's panic answered %+v, effect %q", res.Envelope, res.Effect)
	}
}

// A Failure wrapped in another error is found; its words reach the model,
// the wrapping Go text does not.
func TestWrappedFailure(t *testing.T) {
	tool, _, _ := orders(t, factory.Spec{}, func(context.Context, orderIn, *factory.Call) error {
		f := &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no product is called a", Hint: "Call read_products to find the product's name."}
		return fmt.Errorf("placing order: store lookup: %w", f)
	})
	res := call(tool, `{"order":"a"}`)
	e := res.Envelope
	if e == nil || e.Code != agentinput.EnvelopeNotFound || !strings.Contains(e.Message, "no product is called a") ||
		e.Hint != "Call read_products to find the product's name." || strings.Contains(e.Message, "store lookup") {
		t.Fatalf("a wrapped Failure answered %+v", e)
	}
}

// Each domain code: the right envelope code and retry_allowed, effect
// not_started, and the claim released so the same call runs again.
func TestDomainCodes(t *testing.T) {
	for _, tc := range []struct {
		code  agentinput.EnvelopeCode
		retry bool
	}{
		{agentinput.EnvelopeNotFound, false},
		{agentinput.EnvelopeConflict, false},
		{agentinput.EnvelopeForbidden, false},
		{agentinput.EnvelopePreconditionFailed, false},
		{agentinput.EnvelopeRateLimited, true},
		{agentinput.EnvelopeUnavailable, true},
	} {
		t.Run(string(tc.code), func(t *testing.T) {
			refuse := true
			tool, runs, _ := orders(t, factory.Spec{}, func(context.Context, orderIn, *factory.Call) error {
				if refuse {
					return &factory.Failure{Code: tc.code, Message: "refused for the test"}
				}
				return nil
			})
			res := call(tool, `{"order":"a","idempotency_key":"k"}`)
			if res.Envelope == nil || res.Envelope.Code != tc.code || res.Envelope.RetryAllowed != tc.retry || res.Effect != promcp.EffectNotStarted {
				t.Fatalf("answered %+v, effect %q", res.Envelope, res.Effect)
			}
			refuse = false
			again := call(tool, `{"order":"a","idempotency_key":"k"}`)
			if again.Envelope != nil || again.Replayed || runs.Load() != 2 || again.Effect != promcp.EffectCommitted {
				t.Fatalf("the same call after a refusal: %+v replayed %v runs %d", again.Envelope, again.Replayed, runs.Load())
			}
		})
	}
	// A code outside the domain set is tool_failed, and the effect unknown.
	tool, _, _ := orders(t, factory.Spec{}, func(context.Context, orderIn, *factory.Call) error {
		return &factory.Failure{Code: agentinput.EnvelopeInProgress, Message: "a handler may not claim this code"}
	})
	if res := call(tool, `{"order":"a"}`); res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeToolFailed || res.Effect != promcp.EffectUnknown {
		t.Fatalf("a non-domain code answered %+v, effect %q", res.Envelope, res.Effect)
	}
}

// Any other error is tool_failed with no Go text, and a do call's effect is
// unknown: the handler may have written before it failed.
func TestPlainErrorIsUnknown(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, func(context.Context, orderIn, *factory.Call) error {
		return errors.New("pq: connection reset by peer")
	})
	res := call(tool, `{"order":"a"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeToolFailed || res.Effect != promcp.EffectUnknown ||
		strings.Contains(res.Envelope.Message+res.Envelope.Hint, "pq:") {
		t.Fatalf("answered %+v, effect %q", res.Envelope, res.Effect)
	}
	if again := call(tool, `{"order":"a"}`); again.Envelope == nil || again.Envelope.Code != agentinput.EnvelopeEffectUnknown || runs.Load() != 1 {
		t.Fatalf("the retry: %+v, runs %d", again.Envelope, runs.Load())
	}
}

// A call whose context ends while its handler runs has an unknown effect.
func TestCancelledMidWriteIsUnknown(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, func(ctx context.Context, _ orderIn, _ *factory.Call) error {
		<-ctx.Done()
		return ctx.Err()
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *factory.Result)
	go func() { done <- tool.Call(ctx, json.RawMessage(`{"order":"a"}`)) }()
	for runs.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if res := <-done; res.Effect != promcp.EffectUnknown {
		t.Fatalf("a cancelled write: effect %q", res.Effect)
	}
	if again := call(tool, `{"order":"a"}`); again.Envelope == nil || again.Envelope.Code != agentinput.EnvelopeEffectUnknown || runs.Load() != 1 {
		t.Fatalf("the retry after a cancelled write: %+v runs %d", again.Envelope, runs.Load())
	}
}

// A claim whose process died (claimed in the store, never settled) is in
// progress within its lease and unknown after it: the waiting retry
// answers effect_unknown and the handler never runs.
func TestDeadClaimBecomesUnknown(t *testing.T) {
	store := &receipt.Memory{}
	tool, runs, _ := orders(t, factory.Spec{Receipts: store, Wait: time.Minute}, nil)
	args := map[string]any{"order": "a"}
	canonical, _ := json.Marshal(args)
	scope := receipt.Scope{Tool: tool.Name(), Key: "k"}
	if c, err := store.Claim(context.Background(), scope, sha256.Sum256(canonical), time.Now(), receipt.Terms{Lease: 30 * time.Millisecond}); err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	res := call(tool, `{"order":"a","idempotency_key":"k"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeEffectUnknown || res.Effect != promcp.EffectUnknown || runs.Load() != 0 {
		t.Fatalf("a dead claim answered %+v, effect %q, runs %d", res.Envelope, res.Effect, runs.Load())
	}
}

// A retry that outwaits its budget while the first call still runs answers
// in_progress, retryable, and starts nothing.
func TestInProgressAfterTheWait(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	tool, runs, _ := orders(t, factory.Spec{Wait: 20 * time.Millisecond}, func(context.Context, orderIn, *factory.Call) error {
		close(started)
		<-release
		return nil
	})
	first := make(chan *factory.Result)
	go func() { first <- call(tool, `{"order":"a"}`) }()
	<-started
	res := call(tool, `{"order":"a"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeInProgress || !res.Envelope.RetryAllowed || res.Effect != promcp.EffectNotStarted {
		t.Fatalf("a retry of a running call answered %+v, effect %q", res.Envelope, res.Effect)
	}
	close(release)
	if r := <-first; r.Envelope != nil || r.Effect != promcp.EffectCommitted {
		t.Fatalf("the first call: %+v", r.Envelope)
	}
	if again := call(tool, `{"order":"a"}`); !again.Replayed || runs.Load() != 1 {
		t.Fatalf("the retry after the first finished: replayed %v runs %d", again.Replayed, runs.Load())
	}
}

// A store full of live receipts refuses a new call as unavailable,
// retryable, and forgets none.
func TestFullStoreIsUnavailable(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{Receipts: &receipt.Memory{Capacity: 2}}, nil)
	call(tool, `{"order":"a","idempotency_key":"k-a"}`)
	call(tool, `{"order":"b","idempotency_key":"k-b"}`)
	res := call(tool, `{"order":"c"}`)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeUnavailable || !res.Envelope.RetryAllowed || res.Effect != promcp.EffectNotStarted || runs.Load() != 2 {
		t.Fatalf("a full store answered %+v, effect %q, runs %d", res.Envelope, res.Effect, runs.Load())
	}
	if again := call(tool, `{"order":"a","idempotency_key":"k-a"}`); !again.Replayed {
		t.Fatal("a receipt was forgotten to make room")
	}
}

// The handler's warnings are part of its receipt: a replay carries them.
func TestReplayCarriesHandlerWarnings(t *testing.T) {
	tool, _, _ := orders(t, factory.Spec{}, func(_ context.Context, _ orderIn, c *factory.Call) error {
		c.Warn(agentinput.WarningFilterDropped, "/order", "the order was rounded to a pack")
		return nil
	})
	first := call(tool, `{"order":"a"}`)
	again := call(tool, `{"order":"a"}`)
	codes := func(r *factory.Result) (out []string) {
		for _, w := range r.Warnings {
			out = append(out, w.Code)
		}
		return out
	}
	if got := strings.Join(codes(first), ","); got != "filter_dropped" {
		t.Fatalf("first call warnings %s", got)
	}
	if got := strings.Join(codes(again), ","); got != "filter_dropped,replayed" {
		t.Fatalf("replay warnings %s", got)
	}
}

// Arguments that do not read are refused before any claim: effect
// not_started, and the key stays free.
func TestAskIsNotStarted(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, nil)
	res := call(tool, `{"order":"a","count":"1,234.5.6","idempotency_key":"k"}`)
	if res.Envelope == nil || res.Effect != promcp.EffectNotStarted || runs.Load() != 0 {
		t.Fatalf("an ask: %+v effect %q", res.Envelope, res.Effect)
	}
	for _, args := range []string{`{"order":`, `not json`, `[1]`} {
		if res := call(tool, args); res.Envelope == nil || res.Effect != promcp.EffectNotStarted {
			t.Fatalf("arguments that do not decode (%s): %+v effect %q", args, res.Envelope, res.Effect)
		}
	}
	if ok := call(tool, `{"order":"a","idempotency_key":"k"}`); ok.Envelope != nil || ok.Replayed {
		t.Fatalf("the key was taken by a refused call: %+v", ok.Envelope)
	}
}

// An idempotency key over its budget is too_large, not wrong_type; a
// placeholder key asks placeholder_on_write; a null key is absence: the
// call is keyed by its arguments.
func TestIdempotencyKeyBudgetAndNull(t *testing.T) {
	tool, runs, _ := orders(t, factory.Spec{}, nil)
	long := strings.Repeat("k", factory.MaxIdempotencyKeyBytes+1)
	res := call(tool, `{"order":"a","idempotency_key":"`+long+`"}`)
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Code != agentinput.AskTooLarge ||
		res.Envelope.Issues[0].Path != "/idempotency_key" || len(res.Envelope.Issues[0].Received) > 100 {
		t.Fatalf("a long key: %+v", res.Envelope)
	}
	if res := call(tool, `{"order":"a","idempotency_key":7}`); res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskWrongType {
		t.Fatalf("a number key: %+v", res.Envelope)
	}
	// A placeholder is no key: taken as one, every call sending it would
	// share it. It asks, and nothing runs.
	for _, key := range []string{`""`, `"  "`, `"N/A"`, `"none"`, `"null"`, `"-"`, `"<nil>"`, `"Undefined"`} {
		res := call(tool, `{"order":"a","idempotency_key":`+key+`}`)
		if res.Envelope == nil || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Code != agentinput.AskPlaceholderOnWrite ||
			res.Envelope.Issues[0].Path != "/idempotency_key" {
			t.Fatalf("the key %s: %+v", key, res.Envelope)
		}
	}
	if runs.Load() != 0 {
		t.Fatalf("a placeholder key ran the handler %d times", runs.Load())
	}
	first := call(tool, `{"order":"a","idempotency_key":null}`)
	again := call(tool, `{"order":"a"}`)
	if first.Envelope != nil || again.Envelope != nil || !again.Replayed || runs.Load() != 1 || first.IdempotencyKey != again.IdempotencyKey {
		t.Fatalf("a null key: %+v %+v, %d runs", first.Envelope, again.Envelope, runs.Load())
	}
}

// brokenStore is a memory store whose commits fail, and whose abandons
// fail too when abandonFails: a store that went down while a handler ran.
type brokenStore struct {
	receipt.Memory
	abandonFails bool
}

func (b *brokenStore) Commit(context.Context, receipt.Scope, receipt.Token, []byte, time.Time) error {
	return errors.New("disk full")
}

func (b *brokenStore) Abandon(ctx context.Context, scope receipt.Scope, token receipt.Token) error {
	if b.abandonFails {
		return errors.New("disk full")
	}
	return b.Memory.Abandon(ctx, scope, token)
}

// A change whose receipt could not be kept is reported with the warning
// receipt_not_kept, and a retry of it answers effect_unknown, as the
// warning says: whether or not the store could record the abandon, and
// long before the claim's lease ends.
func TestReceiptNotKeptThenEffectUnknown(t *testing.T) {
	for _, abandonFails := range []bool{false, true} {
		store := &brokenStore{abandonFails: abandonFails}
		tool, runs, _ := orders(t, factory.Spec{Receipts: store, Lease: time.Hour, Wait: 50 * time.Millisecond}, nil)
		for _, args := range []string{`{"order":"a","idempotency_key":"k-1"}`, `{"order":"b"}`} {
			first := call(tool, args)
			if first.Envelope != nil || first.Effect != promcp.EffectCommitted || len(first.Warnings) != 1 ||
				first.Warnings[0].Code != string(agentinput.WarningReceiptNotKept) {
				t.Fatalf("abandon fails %v, %s: %+v %q %+v", abandonFails, args, first.Envelope, first.Effect, first.Warnings)
			}
			retry := call(tool, args)
			if retry.Envelope == nil || retry.Envelope.Code != agentinput.EnvelopeEffectUnknown || retry.Effect != promcp.EffectUnknown {
				t.Fatalf("abandon fails %v, %s: the retry answered %+v, effect %q; want effect_unknown", abandonFails, args, retry.Envelope, retry.Effect)
			}
		}
		if runs.Load() != 2 {
			t.Fatalf("abandon fails %v: %d runs, want 2", abandonFails, runs.Load())
		}
	}
}

// Without a key, a retry within the window and before any other write
// replays; after another write of the same principal (through any do tool
// on the store), or past the window, the same arguments run anew. Another
// principal's write changes nothing.
func TestKeylessRetryWindowAndLatestWrite(t *testing.T) {
	store := &receipt.Memory{}
	tool, runs, _ := orders(t, factory.Spec{Receipts: store, RetryWindow: factory.MaxRetryWindow}, nil)
	other, otherRuns, _ := orders(t, factory.Spec{Receipts: store}, nil)
	alice := protocol.WithPrincipal(context.Background(), "alice")
	if first := call(tool, `{"order":"a"}`); first.Replayed {
		t.Fatal("the first call replayed")
	}
	if retry := call(tool, `{"order":"a"}`); !retry.Replayed || runs.Load() != 1 {
		t.Fatalf("a retry within the window: replayed %v, runs %d", retry.Replayed, runs.Load())
	}
	other.Call(alice, json.RawMessage(`{"order":"z"}`))
	if retry := call(tool, `{"order":"a"}`); !retry.Replayed || runs.Load() != 1 {
		t.Fatalf("a retry after another principal's write: replayed %v, runs %d", retry.Replayed, runs.Load())
	}
	call(other, `{"order":"b"}`)
	if again := call(tool, `{"order":"a"}`); again.Replayed || runs.Load() != 2 || otherRuns.Load() != 2 {
		t.Fatalf("the same call after another write: replayed %v, runs %d", again.Replayed, runs.Load())
	}
	short, shortRuns, _ := orders(t, factory.Spec{Receipts: &receipt.Memory{}, RetryWindow: time.Nanosecond}, nil)
	call(short, `{"order":"a"}`)
	time.Sleep(time.Millisecond) // beyond a window of a nanosecond
	if again := call(short, `{"order":"a"}`); again.Replayed || shortRuns.Load() != 2 {
		t.Fatalf("the same call past the window: replayed %v, runs %d", again.Replayed, shortRuns.Load())
	}
}

// A retry window is between zero (the default) and MaxRetryWindow, and
// only a do tool has one, a required key or an additive change.
func TestRetryWindowDeclared(t *testing.T) {
	for _, spec := range []factory.Spec{
		{RetryWindow: -time.Second}, {RetryWindow: factory.MaxRetryWindow + time.Second},
	} {
		if _, err := factory.New(factory.Spec{Name: "do_place_order", Title: "Place an order", Intent: factory.IntentDo, RetryWindow: spec.RetryWindow,
			Description: "Places an order for goods and returns its number. Use when the user asks to order something."},
			func(context.Context, orderIn, *factory.Call) (orderOut, error) { return orderOut{}, nil }); err == nil || !strings.Contains(err.Error(), "RetryWindow") {
			t.Errorf("window %v: %v", spec.RetryWindow, err)
		}
	}
	for _, spec := range []factory.Spec{{KeyRequired: true}, {Additive: true}, {RetryWindow: time.Second}} {
		spec.Name, spec.Title, spec.Intent = "read_orders", "Read orders", factory.IntentRead
		spec.Description = "Lists the orders placed so far, newest first. Use when the user asks which orders exist."
		if _, err := factory.New(spec, func(context.Context, orderIn, *factory.Call) (orderOut, error) { return orderOut{}, nil }); err == nil {
			t.Errorf("a read tool with %+v was declared", spec)
		}
	}
}
