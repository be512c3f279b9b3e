package factory

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

// DefaultLease is how long a do call's claim holds without news from its
// handler when Spec.Lease is zero. While the handler runs, the claim is
// extended every third of the lease, so the lease bounds only how soon a
// retry learns that a process died mid-write (effect_unknown).
const DefaultLease = 15 * time.Second

// DefaultWait is how long a retry of a call that is still running waits
// for its result when Spec.Wait is zero, before it answers in_progress.
const DefaultWait = 10 * time.Second

// derivedKey derives the key of a call from the tool's name and its
// normalized arguments, canonical is their JSON (object keys sorted, as
// encoding/json writes maps): "4 000" and 4000 retry as the same call.
// It is the SHA-256 of both.
func derivedKey(tool string, canonical []byte) string {
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(canonical)
	return hex.EncodeToString(h.Sum(nil))
}

// stored is what a receipt holds: the handler's result and the warnings it
// added, replayed together.
type stored struct {
	Output   json.RawMessage     `json:"output"`
	Warnings []agentinput.Remark `json:"warnings,omitempty"`
	// Content is set when the handler answered content blocks: a replay
	// answers them as blocks again, not as their JSON.
	Content *protocol.Content `json:"content,omitempty"`
	// Unchanged is the handler's report that the call changed nothing.
	Unchanged bool `json:"unchanged,omitempty"`
}

// write runs a do call under the claim protocol (receipt package): claim
// the scope before the handler runs, replay a committed call, refuse a key
// reused with other arguments, wait for a running one, and never run a
// call whose effect is unknown. res holds the read arguments.
//
// A caller's key replays for the store's whole retention. A key derived
// from the arguments names only a retry: its claim carries the tool's
// retry window, so a committed result replays only while it is its
// principal's latest write within the window, and a call that waited for
// a running duplicate replays that one's result (Terms.Awaiting).
func (t *Tool) write(ctx context.Context, res *Result, callerKey string, run func() (any, error)) *Result {
	canonical := binding.MustJSON(res.Arguments)
	key := callerKey
	terms := receipt.Terms{Lease: t.lease()}
	if key == "" {
		key = derivedKey(t.spec.Name, canonical)
		terms.RetryWindow = t.retryWindow()
	}
	res.IdempotencyKey = key
	scope := receipt.Scope{Tool: t.receiptTool, Principal: protocol.PrincipalOf(ctx), Key: key}
	digest := receipt.Digest(sha256.Sum256(canonical))
	store := t.spec.Receipts

	deadline := time.Now().Add(t.wait())
	backoff := time.Millisecond
	for {
		c, err := store.Claim(ctx, scope, digest, time.Now(), terms)
		if err != nil {
			return t.refuse(res, t.unavailable(err), err)
		}
		switch c.State {
		case receipt.Claimed:
			return t.run1(ctx, res, scope, c.Token, run)
		case receipt.Replay:
			return t.replay(res, c.Result)
		case receipt.Conflict:
			return t.refuse(res, t.conflict(callerKey), nil)
		case receipt.Unknown:
			return t.refuse(res, t.effectUnknown(key, callerKey != ""), nil)
		case receipt.InProgress:
			if t.unsettled.has(scope, c.Token) {
				// This process ran the claim and could not settle it:
				// its change was made, its receipt not kept.
				return t.refuse(res, t.effectUnknown(key, callerKey != ""), nil)
			}
			terms.Awaiting = c.Token
			if !time.Now().Add(backoff).Before(deadline) {
				return t.refuse(res, t.inProgress(), nil)
			}
			select {
			case <-ctx.Done():
				return t.refuse(res, t.inProgress(), nil)
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 32*time.Millisecond)
		default:
			return t.refuse(res, t.unavailable(nil), fmt.Errorf("receipt store answered state %v", c.State))
		}
	}
}

// retryWindow is how long a keyless call's result replays to a retry.
func (t *Tool) retryWindow() time.Duration {
	if t.spec.RetryWindow > 0 {
		return t.spec.RetryWindow
	}
	return receipt.DefaultRetryWindow
}

func (t *Tool) lease() time.Duration {
	if t.spec.Lease > 0 {
		return t.spec.Lease
	}
	return DefaultLease
}

func (t *Tool) wait() time.Duration {
	if t.spec.Wait > 0 {
		return t.spec.Wait
	}
	return DefaultWait
}

// refuse answers a do call that did not run.
func (t *Tool) refuse(res *Result, e *Envelope, cause error) *Result {
	effect := promcp.EffectNotStarted
	if e.Code == agentinput.EnvelopeEffectUnknown {
		effect = promcp.EffectUnknown
	}
	return &Result{Envelope: e, Arguments: res.Arguments, Notes: res.Notes, Warnings: res.Warnings, Effect: effect, IdempotencyKey: res.IdempotencyKey, cause: cause}
}

// run1 runs the handler of a claimed call, keeps the claim alive while it
// runs, and settles the receipt by what the handler answered.
func (t *Tool) run1(ctx context.Context, res *Result, scope receipt.Scope, token receipt.Token, run func() (any, error)) *Result {
	store, lease := t.spec.Receipts, t.lease()
	stop := keepAlive(store, scope, token, lease)
	out, err := run()
	stop()
	// Settling must happen even when the call's context is over: the
	// handler ran, and the receipt must say so.
	settle, cancel := context.WithTimeout(context.WithoutCancel(ctx), lease)
	defer cancel()
	if err != nil {
		f := failureOf(err)
		if f != nil && f.Code != "" {
			// The handler refused before changing anything: the same call
			// may run again.
			_ = store.Release(settle, scope, token)
			r := t.refuse(res, t.failed(err, promcp.EffectNotStarted), err)
			return r
		}
		t.abandon(settle, scope, token)
		return &Result{Envelope: t.failed(err, promcp.EffectUnknown), Arguments: res.Arguments, Notes: res.Notes, Warnings: res.Warnings,
			Effect: promcp.EffectUnknown, IdempotencyKey: res.IdempotencyKey, cause: err}
	}
	if c, ok := out.(promcp.Completer); ok {
		// A do contract answers the key the call used and the instant it
		// took effect; one the handler broke is a failure after the change.
		done, cerr := c.CompleteDo(promcp.DoFill{Effect: promcp.EffectCommitted, Key: res.IdempotencyKey, At: time.Now(),
			SideEffects: t.spec.SideEffects})
		if cerr != nil {
			t.abandon(settle, scope, token)
			return &Result{Envelope: t.failed(cerr, promcp.EffectUnknown), Arguments: res.Arguments, Notes: res.Notes, Warnings: res.Warnings,
				Effect: promcp.EffectUnknown, IdempotencyKey: res.IdempotencyKey, cause: cerr}
		}
		out = done
	}
	if u, ok := out.(interface{ Unchanged() bool }); ok {
		res.Unchanged = u.Unchanged()
	}
	res.Output = out
	res.Effect = promcp.EffectCommitted
	payload, merr := json.Marshal(stored{Output: mustEncode(out), Warnings: res.handlerWarnings, Content: contentOf(out), Unchanged: res.Unchanged})
	if merr == nil {
		merr = store.Commit(settle, scope, token, payload, time.Now())
	}
	if merr != nil {
		t.abandon(settle, scope, token)
		res.cause = merr
		res.Warnings = append(res.Warnings, agentinput.Remark{Code: string(agentinput.WarningReceiptNotKept), Path: "",
			Message: "The change was made, but its receipt could not be kept: a retry of this call with the same idempotency key will answer that its effect is unknown, so do not send it again"})
	}
	return res
}

// abandon records that a claim's handler started and did not commit. When
// the store cannot record it (it is down, or the commit failed for the
// same reason), the claim would answer in_progress until its lease ends;
// this process remembers it, so that a retry it serves answers
// effect_unknown at once.
func (t *Tool) abandon(ctx context.Context, scope receipt.Scope, token receipt.Token) {
	if err := t.spec.Receipts.Abandon(ctx, scope, token); err != nil && !errors.Is(err, receipt.ErrNotHeld) {
		t.unsettled.add(scope, token)
	}
}

// unsettled holds the claims this process abandoned without the store
// recording it, bounded: past maxUnsettled the oldest is forgotten, and a
// retry of it learns the effect is unknown when the claim's lease ends.
type unsettled struct {
	mu     sync.Mutex
	claims map[receipt.Scope]receipt.Token
	order  []receipt.Scope
}

const maxUnsettled = 1024

func (u *unsettled) add(scope receipt.Scope, token receipt.Token) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.claims == nil {
		u.claims = map[receipt.Scope]receipt.Token{}
	}
	if _, ok := u.claims[scope]; !ok {
		if len(u.order) == maxUnsettled {
			delete(u.claims, u.order[0])
			u.order = u.order[1:]
		}
		u.order = append(u.order, scope)
	}
	u.claims[scope] = token
}

// has reports whether this process abandoned the claim of scope with
// token and the store did not record it.
func (u *unsettled) has(scope receipt.Scope, token receipt.Token) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	got, ok := u.claims[scope]
	return ok && got == token
}

// mustEncode encodes a handler's result for its receipt; a result that
// does not encode is kept as null (its MCP rendering is null too).
func mustEncode(out any) json.RawMessage {
	b, err := json.Marshal(out)
	if err != nil {
		return json.RawMessage(`null`)
	}
	return b
}

// contentOf returns a handler's result when it is content blocks, for its
// receipt; nil otherwise.
func contentOf(out any) *protocol.Content {
	switch c := out.(type) {
	case protocol.Content:
		return &c
	case *protocol.Content:
		return c
	}
	return nil
}

// keepAlive extends a claim's lease every third of it until stop is called.
func keepAlive(store receipt.Store, scope receipt.Scope, token receipt.Token, lease time.Duration) (stop func()) {
	every := lease / 3
	var timer *time.Timer
	done := make(chan struct{})
	extend := func() {
		select {
		case <-done:
			return
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), every)
		err := store.Extend(ctx, scope, token, time.Now().Add(lease))
		cancel()
		if err == nil || !errors.Is(err, receipt.ErrNotHeld) {
			timer.Reset(every)
		}
	}
	// Armed only once timer is set: extend resets it.
	timer = time.AfterFunc(time.Hour, extend)
	timer.Reset(every)
	return func() {
		close(done)
		timer.Stop()
	}
}

// replay answers a committed call with its stored result.
func (t *Tool) replay(res *Result, payload []byte) *Result {
	var s stored
	if err := json.Unmarshal(payload, &s); err != nil {
		return t.refuse(res, t.unavailable(err), err)
	}
	res.Output = s.Output
	if s.Content != nil {
		res.Output = *s.Content
	}
	res.Replayed = true
	res.Unchanged = s.Unchanged
	res.Effect = promcp.EffectCommitted
	res.Warnings = append(res.Warnings, s.Warnings...)
	res.Warnings = append(res.Warnings, agentinput.Remark{Code: string(agentinput.WarningReplayed), Path: "",
		Message: "This call repeats an earlier one (the same idempotency key and arguments): its stored result is returned, and " + t.spec.Name + " did not run again"})
	return res
}

// conflict is the envelope of a key that belongs to another call. A key
// derived from the arguments cannot conflict unless SHA-256 collides; the
// issue is then about the arguments as a whole.
func (t *Tool) conflict(callerKey string) *Envelope {
	path, received := "", json.RawMessage(nil)
	if callerKey != "" {
		path, received = binding.Pointer([]string{IdempotencyKeyProperty}), agentinput.Received(callerKey)
	}
	hint := "Send " + IdempotencyKeyProperty + " with a fresh key to make this a new call, or send the earlier call's arguments to get its result"
	issue := agentinput.Issue{Path: path, Ask: agentinput.Ask{
		Code:     agentinput.AskIdempotencyConflict,
		Received: received,
		Reason:   "this idempotency key was already used by a call of " + t.spec.Name + " with other arguments, and a key stands for one call",
		Expected: "a key not used before, for example a new UUID",
		Hint:     hint,
	}}
	return &Envelope{
		Code:    agentinput.EnvelopeInvalidArguments,
		Message: t.spec.Name + " was not called: its idempotency key belongs to another call.",
		Hint:    hint + ".",
		Issues:  []agentinput.Issue{issue},
	}
}

func (t *Tool) inProgress() *Envelope {
	return &Envelope{
		Code:         agentinput.EnvelopeInProgress,
		Message:      "The same call of " + t.spec.Name + " is still running; this one did not start another.",
		Hint:         "Send the same call again, with the same idempotency key, in a few seconds to get its result.",
		RetryAllowed: true,
		Issues:       []agentinput.Issue{},
	}
}

func (t *Tool) effectUnknown(key string, callerKey bool) *Envelope {
	fresh := "send " + IdempotencyKeyProperty + " with a fresh key"
	if !callerKey {
		fresh = "add " + IdempotencyKeyProperty + " with a fresh key"
	}
	return &Envelope{
		Code: agentinput.EnvelopeEffectUnknown,
		Message: "An earlier call of " + t.spec.Name + " with the same idempotency key started and never finished: " +
			"its change may or may not have happened, and it is not run again by itself.",
		Hint:   t.confirm() + "; only if the change is missing, " + fresh + " to make a new attempt.",
		Issues: []agentinput.Issue{},
	}
}

// confirm names the check that tells whether an unknown change happened.
func (t *Tool) confirm() string {
	if t.spec.Confirm != "" {
		return trimPeriod(t.spec.Confirm)
	}
	return "Check with a read tool whether the change happened"
}

func (t *Tool) unavailable(err error) *Envelope {
	msg := t.spec.Name + " cannot take calls right now; this call was not started."
	if errors.Is(err, receipt.ErrFull) {
		msg = t.spec.Name + " is at its limit of remembered calls right now; this call was not started."
	}
	return &Envelope{
		Code:         agentinput.EnvelopeUnavailable,
		Message:      msg,
		Hint:         "Send the same call again in a minute.",
		RetryAllowed: true,
		Issues:       []agentinput.Issue{},
	}
}

func trimPeriod(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '.' || s[len(s)-1] == ' ') {
		s = s[:len(s)-1]
	}
	return s
}

// guard runs a handler and turns a panic into an error that carries the
// stack for the server's log: a panic never escapes a call.
func guard(run func() (any, error)) func() (any, error) {
	return func() (out any, err error) {
		defer func() {
			if v := recover(); v != nil {
				out, err = nil, panicked(v)
			}
		}()
		return run()
	}
}

// panicked is the error of a handler that panicked with v.
func panicked(v any) error {
	return &panicError{value: fmt.Sprint(v), stack: debug.Stack()}
}

type panicError struct {
	value string
	stack []byte
}

func (p *panicError) Error() string { return "panic: " + p.value }
