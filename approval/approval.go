// Package approval keeps the durable approval intents of a host's remote
// writes: one record for each write the model asked for, which a human
// approves or denies out of band, and which is then dispatched at most
// once.
//
// An intent moves through these states, each move made by one party:
//
//	Prepare  (the host)      → pending
//	Decide   (the operator)  pending → approved | denied
//	Claim    (the host)      approved → dispatching
//	Finish   (the host)      dispatching → committed | not_started | unknown
//	Resolve  (the operator)  dispatching | unknown → committed | not_started
//
// Every move is atomic and conditional on the state it starts from, in one
// process and across every process (or replica) that shares the store: of
// many racing Claims of one approved intent exactly one wins, and the
// others answer ErrState. A move from any other state answers ErrState
// (with the intent as it is) and changes nothing; denied, committed and
// not_started are final, and unknown is final but for a person's Resolve.
//
// An intent left in dispatching (its host crashed, or lost the store,
// between the Claim and the Finish) stays dispatching: it is never
// claimable again, since the call may have been sent, and its host
// answers it as still in flight. Nothing retries or reconciles it by
// itself: a person who has checked the remote side records what
// happened with Resolve (agentinput approvals resolve), as they would for
// an unknown effect.
//
// Times come from the caller (the now of each move), so that every store
// behaves the same under one clock and a test can move it. They are kept
// to the nanosecond, in UTC, between the years 1678 and 2262.
//
// Two stores implement Store: approval/sqlite (the embedded default) and
// approval/postgres (several replicas). There is no in-memory store on
// purpose: an approval must outlive the process that asked for it.
// approval/approvaltest is the conformance suite both pass. The Check
// functions, ParseID, NewID, NewStateError and Time are the rules and
// helpers the stores share, so that every store refuses the same inputs
// and answers the same errors; docs/approvals.md is the whole contract.
package approval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	guuid "github.com/google/uuid"

	"agentinput.dev/kinds/uuid"
)

// State is where an intent is in its life.
type State string

const (
	// Pending: prepared, waiting for a human.
	Pending State = "pending"
	// Denied: the operator refused it. Final.
	Denied State = "denied"
	// Approved: the operator allowed it; it may be dispatched once.
	Approved State = "approved"
	// Dispatching: claimed by a host; the call may have been sent. An
	// intent that stays here (its host did not finish it) IS an unknown
	// effect, and is never claimable again.
	Dispatching State = "dispatching"
	// Committed: the call was sent and answered a validated success.
	// Final.
	Committed State = "committed"
	// NotStarted: refused before sending (a binding or scope mismatch, a
	// revoked scope). Final.
	NotStarted State = "not_started"
	// Unknown: sent, and anything but a validated success happened (a
	// timeout, a disconnect, an error result, an invalid result). Final:
	// never retried.
	Unknown State = "unknown"
)

// States lists every state in the order of an intent's life.
var States = []State{Pending, Denied, Approved, Dispatching, Committed, NotStarted, Unknown}

// Valid reports whether s is one of States.
func (s State) Valid() bool {
	switch s {
	case Pending, Denied, Approved, Dispatching, Committed, NotStarted, Unknown:
		return true
	}
	return false
}

// Final reports whether no move leaves s. Unknown is not: a person's
// Resolve does.
func (s State) Final() bool {
	switch s {
	case Denied, Committed, NotStarted:
		return true
	}
	return false
}

// Intent is the durable record of one remote write the model asked for.
type Intent struct {
	// ID is the intent's UUID (version 4, lowercase canonical form),
	// made by Prepare.
	ID string `json:"id"`
	// Tool is the local tool name; Remote the remote tool's name.
	Tool   string `json:"tool"`
	Remote string `json:"remote"`
	// BindingID and BindingRevision are the binding's identity; the
	// revision is the write catalog digest.
	BindingID       string `json:"binding_id"`
	BindingRevision string `json:"binding_revision"`
	// ScopeID and ScopeRevision are the scope the write acts in.
	ScopeID       string `json:"scope_id"`
	ScopeRevision string `json:"scope_revision"`
	// Arguments are the exact canonical arguments that will be sent, a
	// JSON object of at most MaxArguments bytes, kept byte for byte.
	Arguments json.RawMessage `json:"arguments"`
	State     State           `json:"state"`
	// Prepared, Decided, Claimed and Finished are the times of each
	// move, in UTC; zero when not reached.
	Prepared time.Time `json:"prepared"`
	Decided  time.Time `json:"decided,omitzero"`
	Claimed  time.Time `json:"claimed,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	// DecidedBy and Reason say who approved or denied it and why (free
	// text from the operator).
	DecidedBy string `json:"decided_by,omitempty"`
	Reason    string `json:"reason,omitempty"`
	// Result is the validated success envelope of a Committed intent
	// (a JSON value of at most MaxResult bytes, bounded by the caller
	// before that); nil otherwise, and nil for an intent a person
	// resolved as committed (nobody saw the remote answer).
	Result json.RawMessage `json:"result,omitempty"`
	// Code is the closed failure code of a NotStarted or Unknown intent
	// (for example mcp_timeout); "" otherwise. A resolved intent keeps
	// the code it had: the failure its effect was unknown after.
	Code string `json:"code,omitempty"`
	// Resolved, ResolvedBy and ResolveReason say when a person recorded
	// what they found on the remote side of a dispatching or unknown
	// intent (Resolve), who, and why; zero when nobody did.
	Resolved      time.Time `json:"resolved,omitzero"`
	ResolvedBy    string    `json:"resolved_by,omitempty"`
	ResolveReason string    `json:"resolve_reason,omitempty"`
}

// Filter selects the intents that List answers.
type Filter struct {
	// State selects the intents in one state; "" is any state.
	State State
	// Limit bounds the answer: zero is DefaultLimit; more than MaxLimit
	// is MaxLimit. A negative Limit is ErrInvalid.
	Limit int
}

// The bounds of the store.
const (
	// DefaultLimit is the number of intents List answers when
	// Filter.Limit is zero.
	DefaultLimit = 100
	// MaxLimit is the most intents one List answers.
	MaxLimit = 1000
	// MaxArguments is the largest Arguments, in bytes: the host's bound
	// on an argument object (64 KiB).
	MaxArguments = 64 << 10
	// MaxResult is the largest Result, in bytes (1 MiB).
	MaxResult = 1 << 20
	// MaxText is the largest text field (a name, an identity, a
	// revision, a code, who decided), in bytes.
	MaxText = 1 << 10
	// MaxReason is the largest Reason, in bytes.
	MaxReason = 4 << 10
)

// Store keeps intents. Implementations are safe for concurrent use by
// many goroutines and by many processes that open the same database.
// Every move is all or nothing. A move that answers ErrInvalid,
// ErrNotFound or ErrState changed nothing; one that fails otherwise (a
// broken connection, a cancelled context) may have been made all the
// same, its answer lost: a Claim so lost leaves the intent dispatching,
// never claimable again, which is the safe side.
type Store interface {
	// Prepare records a new intent from in's Tool, Remote, binding,
	// scope and Arguments (all required; every other field must be
	// zero), with a new ID, State Pending and Prepared now. A field
	// that breaks the bounds above, text that is not UTF-8 or holds a
	// NUL, or Arguments that are not one JSON object (in UTF-8) is
	// ErrInvalid.
	Prepare(ctx context.Context, in Intent, now time.Time) (Intent, error)
	// Get answers the intent with id; ErrNotFound when there is none,
	// ErrInvalid when id is not an id in its canonical spelling (ParseID).
	Get(ctx context.Context, id string) (Intent, error)
	// List answers the intents f selects, newest (by Prepared) first,
	// at most f's Limit of them.
	List(ctx context.Context, f Filter) ([]Intent, error)
	// Decide approves (approve true) or denies a Pending intent, at
	// now, by the operator named by (required), for reason (may be
	// empty). From any other state it changes nothing and answers
	// ErrState with the intent as it is.
	Decide(ctx context.Context, id string, approve bool, by, reason string, now time.Time) (Intent, error)
	// Claim moves an Approved intent to Dispatching, at now, atomically:
	// of racing claimers (goroutines, processes, replicas) exactly one
	// wins. From any other state it answers ErrState with the intent as
	// it is.
	Claim(ctx context.Context, id string, now time.Time) (Intent, error)
	// Finish moves a Dispatching intent to s, at now: Committed with
	// its result (a JSON value, required) and no code, or NotStarted or
	// Unknown with a code (required) and no result; anything else is
	// ErrInvalid. From any state but Dispatching it answers ErrState
	// with the intent as it is.
	Finish(ctx context.Context, id string, s State, result json.RawMessage, code string, now time.Time) (Intent, error)
	// Resolve records what a person found on the remote side of a
	// Dispatching or Unknown intent: it moves it to s (Committed or
	// NotStarted; anything else is ErrInvalid), at now, by the person
	// named by (required), for reason (may be empty). It keeps the
	// intent's Result (none) and Code (the failure it was unknown after,
	// if any). From any other state it answers ErrState with the intent
	// as it is; of racing Resolves exactly one wins.
	Resolve(ctx context.Context, id string, s State, by, reason string, now time.Time) (Intent, error)
	// Close closes the store. Calls after Close fail.
	Close() error
}

var (
	// ErrNotFound: no intent has the id.
	ErrNotFound = errors.New("approval: no intent with this id")
	// ErrState: the intent is not in the state the move starts from.
	ErrState = errors.New("approval: the intent is not in the state this move starts from")
	// ErrInvalid: an argument breaks the rules of the method; nothing
	// was read or written.
	ErrInvalid = errors.New("approval: invalid argument")
)

// StateError is the error of a move from the wrong state: it wraps
// ErrState and names the intent, its state and the states the move
// starts from.
type StateError struct {
	Op    string // "decide", "claim", "finish" or "resolve"
	ID    string
	State State // the intent's state
	From  State // the state the move starts from
}

func (e *StateError) Error() string {
	from := string(e.From)
	if e.Op == "resolve" {
		names := make([]string, len(Resolvable))
		for i, st := range Resolvable {
			names[i] = string(st)
		}
		from = strings.Join(names, " or ")
	}
	return fmt.Sprintf("approval: %s %s: the intent is %s, not %s", e.Op, e.ID, e.State, from)
}

func (e *StateError) Unwrap() error { return ErrState }

// NewStateError is the StateError of op on in, which is not in from.
func NewStateError(op string, in Intent, from State) error {
	return &StateError{Op: op, ID: in.ID, State: in.State, From: from}
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// NewID draws a new intent ID: a random (version 4) UUID.
func NewID() string { return guuid.NewString() }

// ParseID checks that id is an intent id in its canonical spelling
// (a UUID in lowercase 8-4-4-4-12 hex, as Prepare makes it), read by
// the UUID kind's owner (kinds/uuid.Parse), and answers it; anything
// else is ErrInvalid. A store takes nothing but the spelling it made; a
// program reading an id a person typed reads it with kinds/uuid.Read
// first, as agentinput approvals does.
func ParseID(id string) (string, error) {
	u, err := uuid.Parse(id)
	if err != nil {
		return "", invalid("id %q is not an intent id (a lowercase UUID like 6ba7b810-9dad-41d1-80b4-00c04fd430c8)", truncate(id))
	}
	return uuid.Format(u), nil
}

// CheckPrepare checks the Intent of a Prepare and the time of the move.
func CheckPrepare(in Intent, now time.Time) error {
	for _, f := range []struct{ name, v string }{
		{"Tool", in.Tool}, {"Remote", in.Remote},
		{"BindingID", in.BindingID}, {"BindingRevision", in.BindingRevision},
		{"ScopeID", in.ScopeID}, {"ScopeRevision", in.ScopeRevision},
	} {
		if f.v == "" {
			return invalid("Prepare: %s is empty", f.name)
		}
		if err := checkText(f.name, f.v, MaxText); err != nil {
			return err
		}
	}
	if in.ID != "" || in.State != "" || !in.Prepared.IsZero() || !in.Decided.IsZero() || !in.Claimed.IsZero() ||
		!in.Finished.IsZero() || in.DecidedBy != "" || in.Reason != "" || in.Result != nil || in.Code != "" {
		return invalid("Prepare: only Tool, Remote, the binding, the scope and Arguments may be set; the store makes the rest")
	}
	if len(in.Arguments) > MaxArguments {
		return invalid("Prepare: Arguments have %d bytes, more than %d", len(in.Arguments), MaxArguments)
	}
	if !isObject(in.Arguments) {
		return invalid("Prepare: Arguments are not one JSON object")
	}
	return CheckTime(now)
}

// CheckDecide checks the operator's name and reason of a Decide, and the
// time of the move.
func CheckDecide(by, reason string, now time.Time) error {
	if by == "" {
		return invalid("Decide: no operator: say who decides")
	}
	if err := checkText("by", by, MaxText); err != nil {
		return err
	}
	if err := checkText("reason", reason, MaxReason); err != nil {
		return err
	}
	return CheckTime(now)
}

// CheckResolve checks the state, the person and the reason of a Resolve,
// and the time of the move.
func CheckResolve(s State, by, reason string, now time.Time) error {
	if s != Committed && s != NotStarted {
		return invalid("Resolve: %q is not what a person can find on the remote side (committed or not_started)", truncate(string(s)))
	}
	if by == "" {
		return invalid("Resolve: no person: say who checked the remote side")
	}
	if err := checkText("by", by, MaxText); err != nil {
		return err
	}
	if err := checkText("reason", reason, MaxReason); err != nil {
		return err
	}
	return CheckTime(now)
}

// Resolvable are the states Resolve starts from.
var Resolvable = []State{Dispatching, Unknown}

// CheckFinish checks the final state, result and code of a Finish, and
// the time of the move.
func CheckFinish(s State, result json.RawMessage, code string, now time.Time) error {
	switch s {
	case Committed:
		if code != "" {
			return invalid("Finish: a committed intent has no code (got %q)", truncate(code))
		}
		if len(result) > MaxResult {
			return invalid("Finish: the result has %d bytes, more than %d", len(result), MaxResult)
		}
		if len(result) == 0 || !json.Valid(result) {
			return invalid("Finish: a committed intent needs its result, one JSON value")
		}
	case NotStarted, Unknown:
		if result != nil {
			return invalid("Finish: a %s intent has no result", s)
		}
		if code == "" {
			return invalid("Finish: a %s intent needs its failure code", s)
		}
		if err := checkText("code", code, MaxText); err != nil {
			return err
		}
	default:
		return invalid("Finish: %q is not a final state of a dispatch (committed, not_started or unknown)", truncate(string(s)))
	}
	return CheckTime(now)
}

// CheckFilter checks f and answers the limit List applies.
func CheckFilter(f Filter) (int, error) {
	if f.State != "" && !f.State.Valid() {
		return 0, invalid("List: %q is not a state (one of pending, denied, approved, dispatching, committed, not_started, unknown)", truncate(string(f.State)))
	}
	switch {
	case f.Limit < 0:
		return 0, invalid("List: the limit %d is negative", f.Limit)
	case f.Limit == 0:
		return DefaultLimit, nil
	case f.Limit > MaxLimit:
		return MaxLimit, nil
	}
	return f.Limit, nil
}

var (
	minTime = time.Unix(0, -1<<63)
	maxTime = time.Unix(0, 1<<63-1)
)

// CheckTime checks the time of a move: not zero, and between the years
// 1678 and 2262 (nanoseconds since 1970 in an int64).
func CheckTime(now time.Time) error {
	if now.IsZero() || now.Before(minTime) || now.After(maxTime) {
		return invalid("the time %v is zero or outside the years 1678 to 2262", now)
	}
	return nil
}

// Time is the time a store kept as nanos, nanoseconds since the Unix
// epoch (t.UnixNano()), in UTC. A store keeps an unreached time as NULL,
// never as 0.
func Time(nanos int64) time.Time { return time.Unix(0, nanos).UTC() }

func checkText(name, v string, max int) error {
	switch {
	case len(v) > max:
		return invalid("%s has %d bytes, more than %d", name, len(v), max)
	case !utf8.ValidString(v):
		return invalid("%s is not UTF-8", name)
	}
	for i := 0; i < len(v); i++ {
		if v[i] == 0 {
			return invalid("%s holds a NUL byte", name)
		}
	}
	return nil
}

// isObject reports whether b is one valid JSON object in UTF-8
// (surrounding white space allowed).
func isObject(b []byte) bool {
	if !utf8.Valid(b) || !json.Valid(b) { // json.Valid lets invalid UTF-8 in strings through
		return false
	}
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c == '{'
	}
	return false
}

// truncate bounds a value quoted in an error.
func truncate(s string) string {
	if len(s) <= 64 {
		return s
	}
	i := 64
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
