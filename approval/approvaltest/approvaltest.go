// Package approvaltest is the conformance suite of approval.Store: every
// store runs Run against a real database of its kind.
package approvaltest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"agentinput.dev/approval"
)

// Open opens a store on a fresh, empty database of its own, and answers
// with it a function that opens another handle on the same database (a
// second process or replica would open it so, or the same one after a
// restart). The suite closes every store it is given; Open's own cleanup
// (t.Cleanup) may drop the database.
type Open func(t *testing.T) (s approval.Store, again func(t *testing.T) approval.Store)

// epoch is the suite's clock: every move is at epoch plus some seconds.
var epoch = time.Date(2026, 12, 1, 10, 0, 0, 123456789, time.UTC)

func at(seconds int) time.Time { return epoch.Add(time.Duration(seconds) * time.Second) }

// Now is the suite's clock at its start, for a store's own tests.
func Now() time.Time { return epoch }

// Sample is an intent to prepare, with every field Prepare takes.
func Sample() approval.Intent {
	return approval.Intent{
		Tool: "create_issue", Remote: "issues.create",
		BindingID: "github-issues", BindingRevision: "sha256:6f1c",
		ScopeID: "repo:acme/widgets", ScopeRevision: "7",
		Arguments: json.RawMessage(`{"title":"Crash on start","labels":["bug"]}`),
	}
}

// Run runs the suite.
func Run(t *testing.T, open Open) {
	ctx := context.Background()
	// handle opens a store and closes it at the test's end.
	handle := func(t *testing.T) (approval.Store, func(t *testing.T) approval.Store) {
		s, again := open(t)
		t.Cleanup(func() { s.Close() })
		return s, func(t *testing.T) approval.Store {
			s := again(t)
			t.Cleanup(func() { s.Close() })
			return s
		}
	}
	t.Run("Prepare", func(t *testing.T) {
		s, _ := handle(t)
		in := Sample()
		now := time.Date(2026, 12, 1, 11, 0, 0, 987654321, time.FixedZone("CET", 3600))
		got, err := s.Prepare(ctx, in, now)
		if err != nil {
			t.Fatal(err)
		}
		if id, err := approval.ParseID(got.ID); err != nil || id != got.ID || got.ID[14] != '4' {
			t.Errorf("Prepare made the id %q, want a canonical version 4 UUID (%v)", got.ID, err)
		}
		want := in
		want.ID, want.State, want.Prepared = got.ID, approval.Pending, now.UTC()
		Same(t, "Prepare", got, want)
		if got.Prepared.Location() != time.UTC {
			t.Errorf("Prepared is in %v, want UTC", got.Prepared.Location())
		}
		back, err := s.Get(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		Same(t, "Get after Prepare", back, want)
		other, err := s.Prepare(ctx, in, now)
		if err != nil {
			t.Fatal(err)
		}
		if other.ID == got.ID {
			t.Errorf("two Prepares made the same id %s", got.ID)
		}
	})
	t.Run("PrepareRefuses", func(t *testing.T) { prepareRefuses(t, ctx, handle) })
	t.Run("Lookups", func(t *testing.T) {
		s, _ := handle(t)
		missing := approval.NewID()
		_, err := s.Get(ctx, missing)
		want(t, "Get of a missing id", err, approval.ErrNotFound)
		_, err = s.Decide(ctx, missing, true, "ops", "", at(1))
		want(t, "Decide of a missing id", err, approval.ErrNotFound)
		_, err = s.Claim(ctx, missing, at(1))
		want(t, "Claim of a missing id", err, approval.ErrNotFound)
		_, err = s.Finish(ctx, missing, approval.Unknown, nil, "mcp_timeout", at(1))
		want(t, "Finish of a missing id", err, approval.ErrNotFound)
		for _, id := range []string{"", "x", "6ba7b810-9dad-41d1-80b4-00c04fd430c", "6ba7b8109dad41d180b400c04fd430c8", "{6ba7b810-9dad-41d1-80b4-00c04fd430c8}", "6ba7b810-9dad-41d1-80b4-00c04fd430c8\x00"} {
			_, err := s.Get(ctx, id)
			want(t, fmt.Sprintf("Get(%q)", id), err, approval.ErrInvalid)
			_, err = s.Claim(ctx, id, at(1))
			want(t, fmt.Sprintf("Claim(%q)", id), err, approval.ErrInvalid)
		}
		// A store takes only the spelling it made: the upper-case
		// spelling of an id is refused, not guessed at.
		in := prepare(t, s, Sample(), at(0))
		if _, err := s.Get(ctx, strings.ToUpper(in.ID)); !errors.Is(err, approval.ErrInvalid) {
			t.Errorf("Get of the upper-case id: %v, want ErrInvalid", err)
		}
	})
	t.Run("StateMachine", func(t *testing.T) { stateMachine(t, ctx, handle) })
	t.Run("MovesRefuse", func(t *testing.T) { movesRefuse(t, ctx, handle) })
	t.Run("Arguments", func(t *testing.T) { arguments(t, ctx, handle) })
	t.Run("Text", func(t *testing.T) { text(t, ctx, handle) })
	t.Run("RaceClaims", func(t *testing.T) {
		s, _ := handle(t)
		id := approved(t, s)
		RaceClaims(t, []approval.Store{s}, 64, id)
	})
	t.Run("RaceClaimsTwoHandles", func(t *testing.T) {
		s, again := handle(t)
		id := approved(t, s)
		RaceClaims(t, []approval.Store{s, again(t)}, 64, id)
	})
	t.Run("RaceDecides", func(t *testing.T) {
		s, again := handle(t)
		stores := []approval.Store{s, again(t)}
		in := prepare(t, s, Sample(), at(0))
		var wg sync.WaitGroup
		results := make([]error, 32)
		for i := range results {
			wg.Go(func() {
				_, results[i] = stores[i%2].Decide(ctx, in.ID, i%4 < 2, fmt.Sprintf("op%d", i), "", at(1))
			})
		}
		wg.Wait()
		won := -1
		for i, err := range results {
			switch {
			case err == nil && won >= 0:
				t.Fatalf("racing Decides %d and %d both won", won, i)
			case err == nil:
				won = i
			case !errors.Is(err, approval.ErrState):
				t.Fatalf("racing Decide %d: %v, want ErrState or a win", i, err)
			}
		}
		if won < 0 {
			t.Fatal("no racing Decide won")
		}
		got := get(t, s, in.ID)
		if wantState := map[bool]approval.State{true: approval.Approved, false: approval.Denied}[won%4 < 2]; got.State != wantState || got.DecidedBy != fmt.Sprintf("op%d", won) {
			t.Errorf("after the race the intent is %s by %q, want %s by op%d (the winner)", got.State, got.DecidedBy, wantState, won)
		}
	})
	t.Run("RaceResolves", func(t *testing.T) {
		s, again := handle(t)
		stores := []approval.Store{s, again(t)}
		id := approved(t, s)
		if _, err := s.Claim(ctx, id, at(2)); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		results := make([]error, 32)
		for i := range results {
			to := []approval.State{approval.Committed, approval.NotStarted}[i%2]
			wg.Go(func() {
				_, results[i] = stores[i/2%2].Resolve(ctx, id, to, fmt.Sprintf("op%d", i), "", at(3))
			})
		}
		wg.Wait()
		won := -1
		for i, err := range results {
			switch {
			case err == nil && won >= 0:
				t.Fatalf("racing Resolves %d and %d both won", won, i)
			case err == nil:
				won = i
			case !errors.Is(err, approval.ErrState):
				t.Fatalf("racing Resolve %d: %v, want ErrState or a win", i, err)
			}
		}
		if won < 0 {
			t.Fatal("no racing Resolve won")
		}
		got := get(t, s, id)
		if wantState := []approval.State{approval.Committed, approval.NotStarted}[won%2]; got.State != wantState || got.ResolvedBy != fmt.Sprintf("op%d", won) {
			t.Errorf("after the race the intent is %s by %q, want %s by op%d (the winner)", got.State, got.ResolvedBy, wantState, won)
		}
	})
	t.Run("Reopen", func(t *testing.T) { reopen(t, ctx, handle) })
	t.Run("List", func(t *testing.T) { list(t, ctx, handle) })
}

// prepare prepares in at now, failing the test on an error.
func prepare(t *testing.T, s approval.Store, in approval.Intent, now time.Time) approval.Intent {
	t.Helper()
	out, err := s.Prepare(context.Background(), in, now)
	if err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	return out
}

func get(t *testing.T, s approval.Store, id string) approval.Intent {
	t.Helper()
	out, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("Get %s: %v", id, err)
	}
	return out
}

// approved prepares a sample intent and approves it.
func approved(t *testing.T, s approval.Store) string {
	t.Helper()
	in := prepare(t, s, Sample(), at(0))
	if _, err := s.Decide(context.Background(), in.ID, true, "ops", "looks right", at(1)); err != nil {
		t.Fatal(err)
	}
	return in.ID
}

func want(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: %v, want %v", what, err, sentinel)
	}
}

// Same fails the test unless got and want are the same intent: every
// field equal, times as instants and in UTC, bytes byte for byte.
func Same(t *testing.T, what string, got, want approval.Intent) {
	t.Helper()
	if d := diff(got, want); d != "" {
		t.Errorf("%s: the intent differs: %s\n got %+v\nwant %+v", what, d, got, want)
	}
}

func diff(got, want approval.Intent) string {
	var d []string
	str := func(name, g, w string) {
		if g != w {
			d = append(d, fmt.Sprintf("%s %q, want %q", name, g, w))
		}
	}
	str("ID", got.ID, want.ID)
	str("Tool", got.Tool, want.Tool)
	str("Remote", got.Remote, want.Remote)
	str("BindingID", got.BindingID, want.BindingID)
	str("BindingRevision", got.BindingRevision, want.BindingRevision)
	str("ScopeID", got.ScopeID, want.ScopeID)
	str("ScopeRevision", got.ScopeRevision, want.ScopeRevision)
	str("State", string(got.State), string(want.State))
	str("DecidedBy", got.DecidedBy, want.DecidedBy)
	str("Reason", got.Reason, want.Reason)
	str("Code", got.Code, want.Code)
	str("ResolvedBy", got.ResolvedBy, want.ResolvedBy)
	str("ResolveReason", got.ResolveReason, want.ResolveReason)
	if !bytes.Equal(got.Arguments, want.Arguments) {
		d = append(d, fmt.Sprintf("Arguments differ (%d bytes, want %d)", len(got.Arguments), len(want.Arguments)))
	}
	if !bytes.Equal(got.Result, want.Result) || (got.Result == nil) != (want.Result == nil) {
		d = append(d, fmt.Sprintf("Result %q, want %q", got.Result, want.Result))
	}
	for _, tm := range []struct {
		name      string
		got, want time.Time
	}{{"Prepared", got.Prepared, want.Prepared}, {"Decided", got.Decided, want.Decided}, {"Claimed", got.Claimed, want.Claimed}, {"Finished", got.Finished, want.Finished}, {"Resolved", got.Resolved, want.Resolved}} {
		if !tm.got.Equal(tm.want) || tm.got.IsZero() != tm.want.IsZero() || (!tm.got.IsZero() && tm.got.Location() != time.UTC) {
			d = append(d, fmt.Sprintf("%s %v, want %v", tm.name, tm.got, tm.want.UTC()))
		}
	}
	return strings.Join(d, "; ")
}

// An intent Prepare refuses is ErrInvalid and is not stored.
func prepareRefuses(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, _ := handle(t)
	with := func(f func(*approval.Intent)) approval.Intent {
		in := Sample()
		f(&in)
		return in
	}
	big := bytes.Repeat([]byte("a"), approval.MaxArguments-len(`{"a":""}`)+1)
	for _, c := range []struct {
		name string
		in   approval.Intent
		now  time.Time
	}{
		// Every identity field is required: an intent that names no
		// binding or scope could be dispatched against any.
		{"no tool", with(func(in *approval.Intent) { in.Tool = "" }), at(0)},
		{"no remote", with(func(in *approval.Intent) { in.Remote = "" }), at(0)},
		{"no binding id", with(func(in *approval.Intent) { in.BindingID = "" }), at(0)},
		{"no binding revision", with(func(in *approval.Intent) { in.BindingRevision = "" }), at(0)},
		{"no scope id", with(func(in *approval.Intent) { in.ScopeID = "" }), at(0)},
		{"no scope revision", with(func(in *approval.Intent) { in.ScopeRevision = "" }), at(0)},
		// Text that a database column could not keep byte for byte.
		{"a NUL in the scope", with(func(in *approval.Intent) { in.ScopeID = "repo:a\x00b" }), at(0)},
		{"invalid UTF-8 in the tool", with(func(in *approval.Intent) { in.Tool = "create\xff" }), at(0)},
		{"a binding revision too long", with(func(in *approval.Intent) { in.BindingRevision = strings.Repeat("r", approval.MaxText+1) }), at(0)},
		// Fields the store makes.
		{"an id", with(func(in *approval.Intent) { in.ID = approval.NewID() }), at(0)},
		{"a state", with(func(in *approval.Intent) { in.State = approval.Approved }), at(0)},
		{"a decision", with(func(in *approval.Intent) { in.DecidedBy = "ops" }), at(0)},
		{"a claim time", with(func(in *approval.Intent) { in.Claimed = at(0) }), at(0)},
		{"a result", with(func(in *approval.Intent) { in.Result = json.RawMessage(`{}`) }), at(0)},
		{"a code", with(func(in *approval.Intent) { in.Code = "mcp_timeout" }), at(0)},
		// Arguments that are not one JSON object of at most 64 KiB.
		{"no arguments", with(func(in *approval.Intent) { in.Arguments = nil }), at(0)},
		{"arguments not JSON", with(func(in *approval.Intent) { in.Arguments = json.RawMessage(`{"a":`) }), at(0)},
		{"arguments an array", with(func(in *approval.Intent) { in.Arguments = json.RawMessage(`[1]`) }), at(0)},
		{"arguments null", with(func(in *approval.Intent) { in.Arguments = json.RawMessage(`null`) }), at(0)},
		{"two objects", with(func(in *approval.Intent) { in.Arguments = json.RawMessage(`{} {}`) }), at(0)},
		{"arguments of invalid UTF-8", with(func(in *approval.Intent) { in.Arguments = json.RawMessage("{\"a\":\"\xff\"}") }), at(0)},
		{"arguments one byte too long", with(func(in *approval.Intent) { in.Arguments = json.RawMessage(`{"a":"` + string(big) + `"}`) }), at(0)},
		// Times outside what a store keeps.
		{"a zero time", Sample(), time.Time{}},
		{"a time before 1678", Sample(), time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"a time after 2262", Sample(), time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC)},
	} {
		out, err := s.Prepare(ctx, c.in, c.now)
		if !errors.Is(err, approval.ErrInvalid) || out.ID != "" {
			t.Errorf("Prepare with %s: %q, %v; want ErrInvalid", c.name, out.ID, err)
		}
	}
	if got, err := s.List(ctx, approval.Filter{}); err != nil || len(got) != 0 {
		t.Errorf("after refused Prepares List answered %d intents (%v), want none", len(got), err)
	}
}

// op is one move on an intent.
type op struct {
	name string
	do   func(s approval.Store, id string, now time.Time) (approval.Intent, error)
	// from are the states the move starts from (the first is the one a
	// StateError names), and to the state it ends in.
	from []approval.State
	to   approval.State
}

// one is the from of a move that starts from one state.
func one(s approval.State) []approval.State { return []approval.State{s} }

var ops = []op{
	{"approve", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Decide(context.Background(), id, true, "alice", "checked the title", now)
	}, one(approval.Pending), approval.Approved},
	{"deny", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Decide(context.Background(), id, false, "bob", "wrong repository", now)
	}, one(approval.Pending), approval.Denied},
	{"claim", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Claim(context.Background(), id, now)
	}, one(approval.Approved), approval.Dispatching},
	{"commit", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Finish(context.Background(), id, approval.Committed, json.RawMessage(`{"text":["created #7"],"structured":null}`), "", now)
	}, one(approval.Dispatching), approval.Committed},
	{"not start", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Finish(context.Background(), id, approval.NotStarted, nil, "mcp_scope_denied", now)
	}, one(approval.Dispatching), approval.NotStarted},
	{"unknown", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Finish(context.Background(), id, approval.Unknown, nil, "mcp_timeout", now)
	}, one(approval.Dispatching), approval.Unknown},
	{"resolve committed", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Resolve(context.Background(), id, approval.Committed, "carol", "issue #7 is on the remote", now)
	}, approval.Resolvable, approval.Committed},
	{"resolve not started", func(s approval.Store, id string, now time.Time) (approval.Intent, error) {
		return s.Resolve(context.Background(), id, approval.NotStarted, "dave", "no such issue on the remote", now)
	}, approval.Resolvable, approval.NotStarted},
}

// path is the moves that bring a new intent to each state.
var path = map[approval.State][]string{
	approval.Pending:     {},
	approval.Denied:      {"deny"},
	approval.Approved:    {"approve"},
	approval.Dispatching: {"approve", "claim"},
	approval.Committed:   {"approve", "claim", "commit"},
	approval.NotStarted:  {"approve", "claim", "not start"},
	approval.Unknown:     {"approve", "claim", "unknown"},
}

func opNamed(name string) op {
	for _, o := range ops {
		if o.name == name {
			return o
		}
	}
	panic("approvaltest: no op " + name)
}

// Every (state, move) pair: the move from its one state makes it and sets
// its fields; from every other state it answers ErrState with the intent
// as it is, and changes nothing.
func stateMachine(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, _ := handle(t)
	for _, state := range approval.States {
		for _, o := range ops {
			t.Run(string(state)+"/"+o.name, func(t *testing.T) {
				in := prepare(t, s, Sample(), at(0))
				for i, name := range path[state] {
					if _, err := opNamed(name).do(s, in.ID, at(i+1)); err != nil {
						t.Fatalf("bringing the intent to %s: %s: %v", state, name, err)
					}
				}
				before := get(t, s, in.ID)
				if before.State != state {
					t.Fatalf("the intent is %s, want %s", before.State, state)
				}
				now := at(10)
				got, err := o.do(s, in.ID, now)
				after := get(t, s, in.ID)
				if !slices.Contains(o.from, state) {
					var se *approval.StateError
					if !errors.Is(err, approval.ErrState) || !errors.As(err, &se) || se.State != state || se.From != o.from[0] || se.ID != in.ID {
						t.Fatalf("%s from %s: %v, want a StateError (ErrState) naming %s and %s", o.name, state, err, state, o.from[0])
					}
					Same(t, o.name+"'s answer from "+string(state), got, before)
					Same(t, "the intent after a refused "+o.name, after, before)
					return
				}
				if err != nil {
					t.Fatalf("%s from %s: %v", o.name, state, err)
				}
				want := before
				want.State = o.to
				switch o.name {
				case "approve":
					want.Decided, want.DecidedBy, want.Reason = now, "alice", "checked the title"
				case "deny":
					want.Decided, want.DecidedBy, want.Reason = now, "bob", "wrong repository"
				case "claim":
					want.Claimed = now
				case "commit":
					want.Finished, want.Result = now, json.RawMessage(`{"text":["created #7"],"structured":null}`)
				case "not start":
					want.Finished, want.Code = now, "mcp_scope_denied"
				case "unknown":
					want.Finished, want.Code = now, "mcp_timeout"
				case "resolve committed":
					want.Resolved, want.ResolvedBy, want.ResolveReason = now, "carol", "issue #7 is on the remote"
				case "resolve not started":
					want.Resolved, want.ResolvedBy, want.ResolveReason = now, "dave", "no such issue on the remote"
				}
				Same(t, o.name+"'s answer", got, want)
				Same(t, "the intent after "+o.name, after, want)
				if o.to.Final() {
					for _, next := range ops {
						if _, err := next.do(s, in.ID, at(20)); !errors.Is(err, approval.ErrState) {
							t.Errorf("%s after the final %s: %v, want ErrState", next.name, o.to, err)
						}
					}
				}
			})
		}
	}
}

// Moves with arguments the rules refuse are ErrInvalid and change nothing.
func movesRefuse(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, _ := handle(t)
	pending := prepare(t, s, Sample(), at(0))
	for _, c := range []struct {
		name       string
		by, reason string
		now        time.Time
	}{
		{"no operator", "", "fine", at(1)},
		{"an operator with a NUL", "al\x00ice", "", at(1)},
		{"a reason of invalid UTF-8", "alice", "\xc3(", at(1)},
		{"a reason too long", "alice", strings.Repeat("x", approval.MaxReason+1), at(1)},
		{"a zero time", "alice", "", time.Time{}},
	} {
		if _, err := s.Decide(ctx, pending.ID, true, c.by, c.reason, c.now); !errors.Is(err, approval.ErrInvalid) {
			t.Errorf("Decide with %s: %v, want ErrInvalid", c.name, err)
		}
	}
	Same(t, "the intent after refused Decides", get(t, s, pending.ID), pending)

	id := approved(t, s)
	if _, err := s.Claim(ctx, id, time.Time{}); !errors.Is(err, approval.ErrInvalid) {
		t.Errorf("Claim at the zero time: %v, want ErrInvalid", err)
	}
	if _, err := s.Claim(ctx, id, at(2)); err != nil {
		t.Fatal(err)
	}
	dispatching := get(t, s, id)
	for _, c := range []struct {
		name   string
		state  approval.State
		result json.RawMessage
		code   string
	}{
		{"committed without a result", approval.Committed, nil, ""},
		{"committed with a result not JSON", approval.Committed, json.RawMessage(`{`), ""},
		{"committed with a code", approval.Committed, json.RawMessage(`{}`), "mcp_timeout"},
		{"committed with a result too large", approval.Committed, json.RawMessage(`"` + strings.Repeat("x", approval.MaxResult) + `"`), ""},
		{"unknown without a code", approval.Unknown, nil, ""},
		{"unknown with a result", approval.Unknown, json.RawMessage(`{}`), "mcp_timeout"},
		{"not_started with a code of invalid UTF-8", approval.NotStarted, nil, "\xff"},
		{"to pending", approval.Pending, nil, "x"},
		{"to approved", approval.Approved, nil, "x"},
		{"to dispatching", approval.Dispatching, nil, "x"},
		{"to denied", approval.Denied, nil, "x"},
		{"to a state that is none", approval.State("done"), nil, "x"},
	} {
		if _, err := s.Finish(ctx, id, c.state, c.result, c.code, at(3)); !errors.Is(err, approval.ErrInvalid) {
			t.Errorf("Finish %s: %v, want ErrInvalid", c.name, err)
		}
	}
	Same(t, "the intent after refused Finishes", get(t, s, id), dispatching)

	for _, c := range []struct {
		name       string
		state      approval.State
		by, reason string
		now        time.Time
	}{
		{"to unknown", approval.Unknown, "carol", "", at(3)},
		{"to dispatching", approval.Dispatching, "carol", "", at(3)},
		{"to pending", approval.Pending, "carol", "", at(3)},
		{"to denied", approval.Denied, "carol", "", at(3)},
		{"to a state that is none", approval.State("done"), "carol", "", at(3)},
		{"by nobody", approval.Committed, "", "checked", at(3)},
		{"by a name with a NUL", approval.Committed, "car\x00ol", "", at(3)},
		{"for a reason too long", approval.NotStarted, "carol", strings.Repeat("x", approval.MaxReason+1), at(3)},
		{"at the zero time", approval.Committed, "carol", "", time.Time{}},
	} {
		if _, err := s.Resolve(ctx, id, c.state, c.by, c.reason, c.now); !errors.Is(err, approval.ErrInvalid) {
			t.Errorf("Resolve %s: %v, want ErrInvalid", c.name, err)
		}
	}
	Same(t, "the intent after refused Resolves", get(t, s, id), dispatching)
}

// Arguments are kept byte for byte: white space, escapes, any Unicode,
// up to MaxArguments bytes.
func arguments(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, again := handle(t)
	exact := func(n int) json.RawMessage {
		// A JSON object of exactly n bytes.
		return json.RawMessage(`{"a":"` + strings.Repeat("é", (n-8)/2) + strings.Repeat("z", (n-8)%2) + `"}`)
	}
	cases := []json.RawMessage{
		json.RawMessage(`{}`),
		json.RawMessage(" \t{ \"b\" : 1 ,\n\"a\":[ ] }\r\n"),
		json.RawMessage(`{"nul":"\u0000","escaped":"\"\\\/\b\f\n\r\t","surrogates":"\ud83d\ude00","lone":"\udc00"}`),
		json.RawMessage(`{"raw":"日本語 🦀` + " \u202e RTL \u2028\u2029\x7f" + `","n":1e400,"dup":1,"dup":2}`),
		exact(approval.MaxArguments),
	}
	if got := len(cases[len(cases)-1]); got != approval.MaxArguments {
		t.Fatalf("the largest case has %d bytes, want %d", got, approval.MaxArguments)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		cases = append(cases, randomObject(rng, 2+rng.IntN(approval.MaxArguments-1)))
	}
	var ids []string
	for i, c := range cases {
		in := Sample()
		in.Arguments = c
		out, err := s.Prepare(ctx, in, at(i))
		if err != nil {
			t.Fatalf("Prepare of case %d (%d bytes): %v", i, len(c), err)
		}
		if !bytes.Equal(out.Arguments, c) {
			t.Errorf("case %d: Prepare answered other arguments", i)
		}
		ids = append(ids, out.ID)
	}
	s2 := again(t)
	for i, id := range ids {
		for _, st := range []approval.Store{s, s2} {
			if got := get(t, st, id).Arguments; !bytes.Equal(got, cases[i]) {
				t.Errorf("case %d: Get answered %d bytes, want the %d bytes prepared", i, len(got), len(cases[i]))
			}
		}
	}
	// The result is kept byte for byte too.
	id := approved(t, s)
	if _, err := s.Claim(ctx, id, at(2)); err != nil {
		t.Fatal(err)
	}
	result := json.RawMessage(" {\"structured\" : {\"id\":7} ,\"text\":[\"\\u00e9 é\"]} ")
	if _, err := s.Finish(ctx, id, approval.Committed, result, "", at(3)); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s2, id).Result; !bytes.Equal(got, result) {
		t.Errorf("the result came back as %q, want %q", got, result)
	}
}

// randomObject is a valid JSON object of at most n bytes (and at least
// 2), of random keys and string values: printable and control
// characters, escapes, and runes of every plane.
func randomObject(rng *rand.Rand, n int) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for first := true; ; first = false {
		var kv bytes.Buffer
		if !first {
			kv.WriteByte(',')
		}
		kv.WriteString(randomString(rng, rng.IntN(8)))
		kv.WriteByte(':')
		kv.WriteString(randomString(rng, rng.IntN(64)))
		if b.Len()+kv.Len()+1 > n {
			break
		}
		b.Write(kv.Bytes())
	}
	b.WriteByte('}')
	return b.Bytes()
}

func randomString(rng *rand.Rand, runes int) string {
	var b strings.Builder
	b.WriteByte('"')
	for range runes {
		switch rng.IntN(6) {
		case 0:
			fmt.Fprintf(&b, `\u%04x`, rng.IntN(0x10000)) // any code unit, lone surrogates too
		case 1:
			b.WriteString([]string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`}[rng.IntN(8)])
		case 2:
			c := byte(0x20 + rng.IntN(0x5f)) // printable ASCII
			if c == '"' || c == '\\' {
				c = 'q'
			}
			b.WriteByte(c)
		default:
			r := rune(0x80 + rng.IntN(0x10ff80))
			if r >= 0xd800 && r < 0xe000 {
				r = 0xfffd
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Text fields keep any UTF-8 without a NUL, byte for byte: control
// characters, every plane, up to MaxText bytes.
func text(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, again := handle(t)
	values := []string{
		"\x01\x1b[31mred\x1b[0m\t\r\n\x7f",
		"日本語 🦀 \u202e\u2028 \ufeff",
		strings.Repeat("é", approval.MaxText/2),
		" leading and trailing spaces ",
	}
	for i, v := range values {
		in := Sample()
		in.Tool, in.Remote, in.BindingID, in.BindingRevision, in.ScopeID, in.ScopeRevision = v, v, v, v, v, v
		out := prepare(t, s, in, at(i))
		if _, err := s.Decide(ctx, out.ID, true, v, v, at(i+1)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Claim(ctx, out.ID, at(i+2)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Finish(ctx, out.ID, approval.Unknown, nil, v, at(i+3)); err != nil {
			t.Fatal(err)
		}
		want := in
		want.ID, want.State, want.Prepared, want.Decided, want.Claimed, want.Finished = out.ID, approval.Unknown, at(i), at(i+1), at(i+2), at(i+3)
		want.DecidedBy, want.Reason, want.Code = v, v, v
		Same(t, fmt.Sprintf("text case %d", i), get(t, again(t), out.ID), want)
	}
}

// RaceClaims claims the approved intent id n times at once, spread over
// stores (handles on one database): exactly one Claim wins, the others
// answer ErrState, and the intent is dispatching with the winner's time.
func RaceClaims(t *testing.T, stores []approval.Store, n int, id string) {
	t.Helper()
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, n)
	answers := make([]approval.Intent, n)
	for i := range n {
		wg.Go(func() {
			<-start
			answers[i], errs[i] = stores[i%len(stores)].Claim(context.Background(), id, at(100+i))
		})
	}
	close(start)
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Fatalf("racing Claims %d and %d both won", won, i)
		case err == nil:
			won = i
		case !errors.Is(err, approval.ErrState):
			t.Fatalf("racing Claim %d: %v, want ErrState or a win", i, err)
		case answers[i].State != approval.Dispatching:
			t.Errorf("losing Claim %d answered the intent as %s, want dispatching", i, answers[i].State)
		}
	}
	if won < 0 {
		t.Fatal("no racing Claim won")
	}
	got := get(t, stores[0], id)
	if got.State != approval.Dispatching || !got.Claimed.Equal(at(100+won)) {
		t.Errorf("after the race the intent is %s claimed at %v, want dispatching at %v (the winner's)", got.State, got.Claimed, at(100+won))
	}
}

// Closing and opening the database again keeps every intent as it was;
// one left dispatching stays dispatching and is never claimable again.
func reopen(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, again := handle(t)
	byState := map[approval.State]approval.Intent{}
	for _, state := range approval.States {
		in := prepare(t, s, Sample(), at(0))
		for i, name := range path[state] {
			if _, err := opNamed(name).do(s, in.ID, at(i+1)); err != nil {
				t.Fatal(err)
			}
		}
		byState[state] = get(t, s, in.ID)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := again(t)
	for state, in := range byState {
		Same(t, "after reopening, the "+string(state)+" intent", get(t, s2, in.ID), in)
	}
	if _, err := s2.Claim(ctx, byState[approval.Dispatching].ID, at(50)); !errors.Is(err, approval.ErrState) {
		t.Errorf("Claim of an intent left dispatching, after reopening: %v, want ErrState", err)
	}
	if got := get(t, s2, byState[approval.Dispatching].ID); got.State != approval.Dispatching {
		t.Errorf("the intent left dispatching is %s after a Claim, want dispatching", got.State)
	}
	// An approval made after the reopening is seen by a handle opened
	// after it.
	if _, err := s2.Decide(ctx, byState[approval.Pending].ID, true, "ops", "", at(60)); err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if got := get(t, again(t), byState[approval.Pending].ID); got.State != approval.Approved {
		t.Errorf("an approval made before the last reopening: %s, want approved", got.State)
	}
}

// List answers the newest first (by Prepared, then by the order of
// preparing), of one state or any, bounded.
func list(t *testing.T, ctx context.Context, handle func(*testing.T) (approval.Store, func(*testing.T) approval.Store)) {
	s, _ := handle(t)
	if got, err := s.List(ctx, approval.Filter{}); err != nil || len(got) != 0 {
		t.Fatalf("List of an empty store: %d intents, %v; want none", len(got), err)
	}
	// Prepared at times out of order, two at one instant.
	seconds := []int{5, 1, 9, 3, 9, 7}
	var ids []string
	for _, sec := range seconds {
		ids = append(ids, prepare(t, s, Sample(), at(sec)).ID)
	}
	if _, err := s.Decide(ctx, ids[0], true, "ops", "", at(20)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decide(ctx, ids[3], false, "ops", "", at(20)); err != nil {
		t.Fatal(err)
	}
	newest := []string{ids[4], ids[2], ids[5], ids[0], ids[3], ids[1]}
	for _, c := range []struct {
		f    approval.Filter
		want []string
	}{
		{approval.Filter{}, newest},
		{approval.Filter{Limit: 2}, newest[:2]},
		{approval.Filter{Limit: approval.MaxLimit + 1}, newest},
		{approval.Filter{State: approval.Pending}, []string{ids[4], ids[2], ids[5], ids[1]}},
		{approval.Filter{State: approval.Pending, Limit: 1}, []string{ids[4]}},
		{approval.Filter{State: approval.Approved}, []string{ids[0]}},
		{approval.Filter{State: approval.Denied}, []string{ids[3]}},
		{approval.Filter{State: approval.Unknown}, nil},
	} {
		got, err := s.List(ctx, c.f)
		if err != nil {
			t.Fatalf("List(%+v): %v", c.f, err)
		}
		var gotIDs []string
		for _, in := range got {
			gotIDs = append(gotIDs, in.ID)
		}
		if fmt.Sprint(gotIDs) != fmt.Sprint(c.want) {
			t.Errorf("List(%+v) = %v, want %v", c.f, gotIDs, c.want)
		}
	}
	// List answers whole intents.
	got, _ := s.List(ctx, approval.Filter{State: approval.Approved})
	if len(got) == 1 {
		Same(t, "List's intent", got[0], get(t, s, ids[0]))
	}
	for _, f := range []approval.Filter{{Limit: -1}, {State: "Pending"}, {State: "done"}} {
		if _, err := s.List(ctx, f); !errors.Is(err, approval.ErrInvalid) {
			t.Errorf("List(%+v): %v, want ErrInvalid", f, err)
		}
	}
	// The default bound, and the largest.
	for i := len(seconds); i < approval.DefaultLimit+1; i++ {
		prepare(t, s, Sample(), at(100+i))
	}
	if got, err := s.List(ctx, approval.Filter{}); err != nil || len(got) != approval.DefaultLimit {
		t.Errorf("List of %d intents without a limit: %d, %v; want %d", approval.DefaultLimit+1, len(got), err, approval.DefaultLimit)
	}
	if testing.Short() {
		return
	}
	for i := approval.DefaultLimit + 1; i < approval.MaxLimit+1; i++ {
		prepare(t, s, Sample(), at(100+i))
	}
	if got, err := s.List(ctx, approval.Filter{Limit: approval.MaxLimit + 1}); err != nil || len(got) != approval.MaxLimit {
		t.Errorf("List of %d intents with a limit over MaxLimit: %d, %v; want %d", approval.MaxLimit+1, len(got), err, approval.MaxLimit)
	}
}
