// Package receipttest is the conformance suite of receipt.Store: every
// store runs it, so that memory, SQLite and PostgreSQL answer a claim the
// same way.
package receipttest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"agentinput.dev/receipt"
)

// Harness gives the suite the store under test.
type Harness struct {
	// New returns an empty store for one test; the test's Cleanup closes
	// it.
	New func(t *testing.T) receipt.Store
	// Reopen returns a store over the same records as s, as a restarted
	// process sees them (s is not used again); nil for a store that keeps
	// nothing beyond its process.
	Reopen func(t *testing.T, s receipt.Store) receipt.Store
	// Retention is the retention the store of New was given; zero is
	// receipt.DefaultRetention.
	Retention time.Duration
}

// epoch is the suite's clock: every time is given, none is read.
var epoch = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

const lease = 10 * time.Second

// window is the retry window of the suite's keyless retries.
const window = 2 * time.Minute

func digest(s string) receipt.Digest { return sha256.Sum256([]byte(s)) }

var scope = receipt.Scope{Tool: "do_tag_decision", Principal: "", Key: "order-7731"}

// Run runs the suite.
func Run(t *testing.T, h Harness) {
	retention := h.Retention
	if retention == 0 {
		retention = receipt.DefaultRetention
	}
	ctx := context.Background()
	claim := func(t *testing.T, s receipt.Store, sc receipt.Scope, d receipt.Digest, now time.Time) receipt.Claim {
		t.Helper()
		c, err := s.Claim(ctx, sc, d, now, receipt.Terms{Lease: lease})
		if err != nil {
			t.Fatalf("Claim(%q, %v): %v", sc.Key, now.Sub(epoch), err)
		}
		return c
	}
	// retry claims as a keyless retry does: under a retry window,
	// awaiting the claim awaited (0: none).
	retry := func(t *testing.T, s receipt.Store, sc receipt.Scope, d receipt.Digest, now time.Time, awaiting receipt.Token) receipt.Claim {
		t.Helper()
		c, err := s.Claim(ctx, sc, d, now, receipt.Terms{Lease: lease, RetryWindow: window, Awaiting: awaiting})
		if err != nil {
			t.Fatalf("retry Claim(%q, %v): %v", sc.Key, now.Sub(epoch), err)
		}
		return c
	}
	commit := func(t *testing.T, s receipt.Store, sc receipt.Scope, token receipt.Token, result string, now time.Time) {
		t.Helper()
		if err := s.Commit(ctx, sc, token, []byte(result), now); err != nil {
			t.Fatalf("Commit(%q, %v): %v", sc.Key, now.Sub(epoch), err)
		}
	}
	want := func(t *testing.T, c receipt.Claim, state receipt.State) {
		t.Helper()
		if c.State != state {
			t.Fatalf("claim answered %v, want %v", c.State, state)
		}
	}

	t.Run("first claim is claimed, a second in progress and names the first", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		want(t, c, receipt.Claimed)
		again := claim(t, s, scope, digest("a"), epoch.Add(lease-time.Millisecond))
		want(t, again, receipt.InProgress)
		if again.Token != c.Token {
			t.Fatalf("in progress names token %d, want the claim's %d", again.Token, c.Token)
		}
	})

	t.Run("commit then replay the stored bytes", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		want(t, c, receipt.Claimed)
		result := []byte(`{"decision_id":"x","applied_tags":["tax"]}`)
		if err := s.Commit(ctx, scope, c.Token, result, epoch.Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		r := claim(t, s, scope, digest("a"), epoch.Add(2*time.Second))
		want(t, r, receipt.Replay)
		if !bytes.Equal(r.Result, result) {
			t.Fatalf("replayed %q, want %q", r.Result, result)
		}
		// Long after the lease, a committed call still replays.
		want(t, claim(t, s, scope, digest("a"), epoch.Add(time.Hour)), receipt.Replay)
	})

	t.Run("other arguments conflict, claimed or committed", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		want(t, claim(t, s, scope, digest("b"), epoch), receipt.Conflict)
		if err := s.Commit(ctx, scope, c.Token, []byte(`1`), epoch); err != nil {
			t.Fatal(err)
		}
		r := claim(t, s, scope, digest("b"), epoch.Add(time.Second))
		want(t, r, receipt.Conflict)
		if len(r.Result) != 0 {
			t.Fatalf("a conflict carried a result: %q", r.Result)
		}
	})

	t.Run("a lease that ends without a commit is unknown, and stays unknown", func(t *testing.T) {
		s := h.New(t)
		want(t, claim(t, s, scope, digest("a"), epoch), receipt.Claimed)
		want(t, claim(t, s, scope, digest("a"), epoch.Add(lease)), receipt.Unknown)
		want(t, claim(t, s, scope, digest("a"), epoch.Add(retention/2)), receipt.Unknown)
		want(t, claim(t, s, scope, digest("b"), epoch.Add(lease)), receipt.Conflict)
	})

	t.Run("a late commit replaces the doubt", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		want(t, claim(t, s, scope, digest("a"), epoch.Add(2*lease)), receipt.Unknown)
		if err := s.Commit(ctx, scope, c.Token, []byte(`"late"`), epoch.Add(2*lease)); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, scope, digest("a"), epoch.Add(3*lease)), receipt.Replay)
	})

	t.Run("extend keeps a running claim in progress", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		if err := s.Extend(ctx, scope, c.Token, epoch.Add(3*lease)); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, scope, digest("a"), epoch.Add(2*lease)), receipt.InProgress)
		want(t, claim(t, s, scope, digest("a"), epoch.Add(3*lease)), receipt.Unknown)
	})

	t.Run("abandon is unknown at once", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		if err := s.Abandon(ctx, scope, c.Token); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, scope, digest("a"), epoch), receipt.Unknown)
		// Extending an abandoned claim does not bring it back.
		if err := s.Extend(ctx, scope, c.Token, epoch.Add(time.Hour)); err != nil && !errors.Is(err, receipt.ErrNotHeld) {
			t.Fatal(err)
		}
		want(t, claim(t, s, scope, digest("a"), epoch.Add(time.Second)), receipt.Unknown)
	})

	t.Run("release lets the same call claim again, with a new token", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		if err := s.Release(ctx, scope, c.Token); err != nil {
			t.Fatal(err)
		}
		again := claim(t, s, scope, digest("a"), epoch.Add(time.Second))
		want(t, again, receipt.Claimed)
		if again.Token == c.Token {
			t.Fatalf("the second claim has the first claim's token %d", c.Token)
		}
		// The released token acts on nothing.
		for name, err := range map[string]error{
			"Commit":  s.Commit(ctx, scope, c.Token, []byte(`1`), epoch),
			"Release": s.Release(ctx, scope, c.Token),
			"Abandon": s.Abandon(ctx, scope, c.Token),
			"Extend":  s.Extend(ctx, scope, c.Token, epoch.Add(time.Hour)),
		} {
			if !errors.Is(err, receipt.ErrNotHeld) {
				t.Errorf("%s with a released token: %v, want ErrNotHeld", name, err)
			}
		}
		want(t, claim(t, s, scope, digest("a"), epoch.Add(2*time.Second)), receipt.InProgress)
	})

	t.Run("a committed token acts on nothing more", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		if err := s.Commit(ctx, scope, c.Token, []byte(`1`), epoch); err != nil {
			t.Fatal(err)
		}
		for name, err := range map[string]error{
			"Commit":  s.Commit(ctx, scope, c.Token, []byte(`2`), epoch),
			"Release": s.Release(ctx, scope, c.Token),
			"Abandon": s.Abandon(ctx, scope, c.Token),
		} {
			if !errors.Is(err, receipt.ErrNotHeld) {
				t.Errorf("%s after Commit: %v, want ErrNotHeld", name, err)
			}
		}
		r := claim(t, s, scope, digest("a"), epoch.Add(time.Second))
		want(t, r, receipt.Replay)
		if string(r.Result) != `1` {
			t.Fatalf("replayed %q, want the first commit's 1", r.Result)
		}
	})

	t.Run("scopes are apart: tool, principal and key", func(t *testing.T) {
		s := h.New(t)
		scopes := []receipt.Scope{
			scope,
			{Tool: "do_other", Principal: scope.Principal, Key: scope.Key},
			{Tool: scope.Tool, Principal: "alice", Key: scope.Key},
			{Tool: scope.Tool, Principal: scope.Principal, Key: scope.Key + "x"},
			// Parts that would run together if joined plainly.
			{Tool: scope.Tool + "\x00alice", Principal: "", Key: scope.Key},
			{Tool: scope.Tool, Principal: "\x00alice", Key: scope.Key},
			// Bytes no text column holds as they are.
			{Tool: scope.Tool, Principal: "", Key: "k\x00\xff\xfe ü"},
		}
		for i, sc := range scopes {
			want(t, claim(t, s, sc, digest(strconv.Itoa(i)), epoch), receipt.Claimed)
		}
		for i, sc := range scopes {
			want(t, claim(t, s, sc, digest(strconv.Itoa(i)), epoch), receipt.InProgress)
		}
	})

	t.Run("retention: kept to its last instant, forgotten after", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		committed := epoch.Add(time.Minute)
		if err := s.Commit(ctx, scope, c.Token, []byte(`1`), committed); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, scope, digest("b"), committed.Add(retention-time.Millisecond)), receipt.Conflict)
		want(t, claim(t, s, scope, digest("a"), committed.Add(retention-time.Millisecond)), receipt.Replay)
		// Past its window the key is free again, for any arguments.
		want(t, claim(t, s, scope, digest("b"), committed.Add(retention)), receipt.Claimed)
	})

	t.Run("retention: counted from the claim until a commit, then from the commit", func(t *testing.T) {
		s := h.New(t)
		// Never committed: unknown to the last instant of its retention
		// from the claim, then forgotten.
		unknown := receipt.Scope{Tool: scope.Tool, Key: "never-committed"}
		want(t, claim(t, s, unknown, digest("a"), epoch), receipt.Claimed)
		want(t, claim(t, s, unknown, digest("a"), epoch.Add(retention-time.Millisecond)), receipt.Unknown)
		want(t, claim(t, s, unknown, digest("a"), epoch.Add(retention)), receipt.Claimed)
		// Committed late: kept for a whole retention from the commit.
		late := receipt.Scope{Tool: scope.Tool, Key: "committed-late"}
		c := claim(t, s, late, digest("a"), epoch)
		committed := epoch.Add(retention - time.Second)
		if err := s.Commit(ctx, late, c.Token, []byte(`1`), committed); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, late, digest("a"), committed.Add(retention-time.Millisecond)), receipt.Replay)
		want(t, claim(t, s, late, digest("a"), committed.Add(retention)), receipt.Claimed)
	})

	t.Run("the stored result is a copy of the committed bytes", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		result := []byte(`{"n":1}`)
		if err := s.Commit(ctx, scope, c.Token, result, epoch); err != nil {
			t.Fatal(err)
		}
		copy(result, `{"n":2}`) // the caller reuses its buffer
		if r := claim(t, s, scope, digest("a"), epoch); string(r.Result) != `{"n":1}` {
			t.Fatalf("replayed %q after the caller changed its buffer, want the committed {\"n\":1}", r.Result)
		}
	})

	t.Run("results of any bytes and size round-trip", func(t *testing.T) {
		s := h.New(t)
		for i, result := range [][]byte{
			[]byte(`{}`),
			[]byte("{\"s\":\"\\u0000 ü \U0001F600\"}"),
			bytes.Repeat([]byte(`x`), 1<<20),
		} {
			sc := receipt.Scope{Tool: scope.Tool, Key: "size-" + strconv.Itoa(i)}
			c := claim(t, s, sc, digest("a"), epoch)
			if err := s.Commit(ctx, sc, c.Token, result, epoch); err != nil {
				t.Fatal(err)
			}
			r := claim(t, s, sc, digest("a"), epoch)
			want(t, r, receipt.Replay)
			if !bytes.Equal(r.Result, result) {
				t.Fatalf("result %d (%d bytes) came back as %d bytes", i, len(result), len(r.Result))
			}
		}
	})

	// Keyless retries: a committed record replays only while it is
	// fresh, the latest write of its principal within the window.
	other := receipt.Scope{Tool: "do_untag_decision", Principal: scope.Principal, Key: "other-call"}

	t.Run("keyless retry: replays within the window, runs anew at its end", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		want(t, c, receipt.Claimed)
		commit(t, s, scope, c.Token, `"first"`, epoch.Add(time.Second))
		r := retry(t, s, scope, digest("a"), epoch.Add(time.Second+window-time.Millisecond), 0)
		want(t, r, receipt.Replay)
		if string(r.Result) != `"first"` {
			t.Fatalf("replayed %q, want the first commit's", r.Result)
		}
		again := retry(t, s, scope, digest("a"), epoch.Add(time.Second+window), 0)
		want(t, again, receipt.Claimed)
		if again.Token == c.Token {
			t.Fatal("the new claim has the stale record's token")
		}
		// The stale claim's token acts on nothing; the new claim holds
		// the scope and is in progress to others.
		if err := s.Commit(ctx, scope, c.Token, []byte(`"stale"`), epoch.Add(time.Hour)); !errors.Is(err, receipt.ErrNotHeld) {
			t.Fatalf("Commit with the replaced token: %v, want ErrNotHeld", err)
		}
		want(t, retry(t, s, scope, digest("a"), epoch.Add(time.Second+window), 0), receipt.InProgress)
		commit(t, s, scope, again.Token, `"second"`, epoch.Add(2*window))
		if r := retry(t, s, scope, digest("a"), epoch.Add(2*window+time.Second), 0); r.State != receipt.Replay || string(r.Result) != `"second"` {
			t.Fatalf("after the new commit: %v %q, want a replay of the second", r.State, r.Result)
		}
	})

	t.Run("keyless retry: a later write of the principal makes the record stale", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		commit(t, s, scope, c.Token, `"tag"`, epoch)
		o := claim(t, s, other, digest("b"), epoch.Add(time.Second))
		want(t, o, receipt.Claimed)
		// In progress, the other write does not make it stale yet.
		want(t, retry(t, s, scope, digest("a"), epoch.Add(time.Second), 0), receipt.Replay)
		commit(t, s, other, o.Token, `"untag"`, epoch.Add(2*time.Second))
		want(t, retry(t, s, scope, digest("a"), epoch.Add(3*time.Second), 0), receipt.Claimed)
		// The other write is its principal's latest: it still replays,
		// to a keyless retry and to its own key.
		want(t, retry(t, s, other, digest("b"), epoch.Add(3*time.Second), 0), receipt.Replay)
	})

	// A write of the principal that ends without a commit: abandoned,
	// its change may have happened (stale); released, it refused before
	// changing anything (still fresh).
	for _, end := range []struct {
		name   string
		settle func(receipt.Store, receipt.Scope, receipt.Token) error
		then   receipt.State
	}{
		{"an abandoned write of the principal makes the record stale", func(s receipt.Store, sc receipt.Scope, tok receipt.Token) error { return s.Abandon(ctx, sc, tok) }, receipt.Claimed},
		{"a released write of the principal changes nothing", func(s receipt.Store, sc receipt.Scope, tok receipt.Token) error { return s.Release(ctx, sc, tok) }, receipt.Replay},
	} {
		t.Run("keyless retry: "+end.name, func(t *testing.T) {
			s := h.New(t)
			c := retry(t, s, scope, digest("a"), epoch, 0)
			commit(t, s, scope, c.Token, `"tag"`, epoch)
			o := claim(t, s, other, digest("b"), epoch.Add(time.Second))
			if err := end.settle(s, other, o.Token); err != nil {
				t.Fatal(err)
			}
			want(t, retry(t, s, scope, digest("a"), epoch.Add(2*time.Second), 0), end.then)
		})
	}

	t.Run("keyless retry: other principals' writes leave it fresh", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		commit(t, s, scope, c.Token, `"tag"`, epoch)
		alice := receipt.Scope{Tool: other.Tool, Principal: "alice", Key: other.Key}
		o := claim(t, s, alice, digest("b"), epoch.Add(time.Second))
		commit(t, s, alice, o.Token, `"alice"`, epoch.Add(time.Second))
		want(t, retry(t, s, scope, digest("a"), epoch.Add(2*time.Second), 0), receipt.Replay)
	})

	t.Run("keyless retry: the claim it waited for replays, stale or not", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		waiting := retry(t, s, scope, digest("a"), epoch, 0)
		want(t, waiting, receipt.InProgress)
		commit(t, s, scope, c.Token, `"tag"`, epoch.Add(time.Second))
		o := claim(t, s, other, digest("b"), epoch.Add(time.Second))
		commit(t, s, other, o.Token, `"untag"`, epoch.Add(time.Second))
		r := retry(t, s, scope, digest("a"), epoch.Add(2*time.Second), waiting.Token)
		want(t, r, receipt.Replay)
		if string(r.Result) != `"tag"` {
			t.Fatalf("replayed %q to the waiting retry", r.Result)
		}
		// Another retry, which waited for nothing, finds it stale.
		want(t, retry(t, s, scope, digest("a"), epoch.Add(2*time.Second), 0), receipt.Claimed)
	})

	t.Run("a caller's key replays for the whole retention, whatever came after", func(t *testing.T) {
		s := h.New(t)
		c := claim(t, s, scope, digest("a"), epoch)
		commit(t, s, scope, c.Token, `"tag"`, epoch)
		o := claim(t, s, other, digest("b"), epoch.Add(time.Second))
		commit(t, s, other, o.Token, `"untag"`, epoch.Add(time.Second))
		want(t, claim(t, s, scope, digest("a"), epoch.Add(retention-time.Millisecond)), receipt.Replay)
	})

	t.Run("keyless retry: other arguments still conflict, and unknown stays unknown", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		commit(t, s, scope, c.Token, `"tag"`, epoch)
		want(t, retry(t, s, scope, digest("b"), epoch.Add(window), 0), receipt.Conflict)
		u := receipt.Scope{Tool: scope.Tool, Key: "unknown"}
		want(t, retry(t, s, u, digest("a"), epoch, 0), receipt.Claimed)
		want(t, retry(t, s, u, digest("a"), epoch.Add(2*window), 0), receipt.Unknown)
	})

	t.Run("64 racing keyless retries of a stale record: exactly one is claimed", func(t *testing.T) {
		s := h.New(t)
		c := retry(t, s, scope, digest("a"), epoch, 0)
		commit(t, s, scope, c.Token, `"tag"`, epoch)
		const n = 64
		count := RaceRetries(t, []receipt.Store{s}, n, scope, digest("a"), epoch.Add(window), receipt.Terms{Lease: lease, RetryWindow: window})
		if count[receipt.Claimed] != 1 || count[receipt.InProgress] != n-1 {
			t.Fatalf("racing retries of a stale record answered %v, want 1 claimed and %d in progress", count, n-1)
		}
	})

	t.Run("64 racing claims: exactly one is claimed", func(t *testing.T) {
		s := h.New(t)
		const n = 64
		count := RaceClaims(t, []receipt.Store{s}, n, scope, digest("a"), epoch, lease)
		if count[receipt.Claimed] != 1 || count[receipt.InProgress] != n-1 {
			t.Fatalf("racing claims answered %v, want 1 claimed and %d in progress", count, n-1)
		}
	})

	if h.Reopen == nil {
		return
	}
	t.Run("reopened, every record is as it was", func(t *testing.T) {
		s := h.New(t)
		committed := receipt.Scope{Tool: scope.Tool, Key: "committed"}
		running := receipt.Scope{Tool: scope.Tool, Key: "running"}
		abandoned := receipt.Scope{Tool: scope.Tool, Key: "abandoned"}
		c := claim(t, s, committed, digest("a"), epoch)
		if err := s.Commit(ctx, committed, c.Token, []byte(`"kept"`), epoch); err != nil {
			t.Fatal(err)
		}
		want(t, claim(t, s, running, digest("a"), epoch), receipt.Claimed)
		a := claim(t, s, abandoned, digest("a"), epoch)
		if err := s.Abandon(ctx, abandoned, a.Token); err != nil {
			t.Fatal(err)
		}
		s = h.Reopen(t, s)
		r := claim(t, s, committed, digest("a"), epoch.Add(time.Second))
		want(t, r, receipt.Replay)
		if string(r.Result) != `"kept"` {
			t.Fatalf("replayed %q after reopening", r.Result)
		}
		want(t, claim(t, s, running, digest("a"), epoch.Add(time.Second)), receipt.InProgress)
		want(t, claim(t, s, running, digest("a"), epoch.Add(lease)), receipt.Unknown)
		want(t, claim(t, s, abandoned, digest("a"), epoch.Add(time.Second)), receipt.Unknown)
	})

	t.Run("reopened, a keyless retry's freshness is as it was", func(t *testing.T) {
		s := h.New(t)
		tag := receipt.Scope{Tool: scope.Tool, Key: "tag"}
		untag := receipt.Scope{Tool: other.Tool, Key: "untag"}
		alice := receipt.Scope{Tool: scope.Tool, Principal: "alice", Key: "tag"}
		c := retry(t, s, tag, digest("a"), epoch, 0)
		commit(t, s, tag, c.Token, `"tag"`, epoch)
		c = retry(t, s, alice, digest("a"), epoch, 0)
		commit(t, s, alice, c.Token, `"alice"`, epoch)
		c = retry(t, s, untag, digest("b"), epoch, 0)
		commit(t, s, untag, c.Token, `"untag"`, epoch.Add(time.Second))
		s = h.Reopen(t, s)
		want(t, retry(t, s, tag, digest("a"), epoch.Add(2*time.Second), 0), receipt.Claimed)
		want(t, retry(t, s, untag, digest("b"), epoch.Add(2*time.Second), 0), receipt.Replay)
		want(t, retry(t, s, alice, digest("a"), epoch.Add(2*time.Second), 0), receipt.Replay)
		want(t, retry(t, s, alice, digest("a"), epoch.Add(window), 0), receipt.Claimed)
	})
}

// RaceClaims claims scope n times at once, spread over stores (one store,
// or several handles on one database, as replicas hold), all at now, and
// counts the answers: a store is right when exactly one is Claimed.
func RaceClaims(t *testing.T, stores []receipt.Store, n int, scope receipt.Scope, digest receipt.Digest, now time.Time, lease time.Duration) map[receipt.State]int {
	t.Helper()
	return RaceRetries(t, stores, n, scope, digest, now, receipt.Terms{Lease: lease})
}

// RaceRetries is RaceClaims under terms of the caller's: for keyless
// retries, a retry window.
func RaceRetries(t *testing.T, stores []receipt.Store, n int, scope receipt.Scope, digest receipt.Digest, now time.Time, terms receipt.Terms) map[receipt.State]int {
	t.Helper()
	states := make([]receipt.State, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			c, err := stores[i%len(stores)].Claim(context.Background(), scope, digest, now, terms)
			if err != nil {
				t.Errorf("claim %d: %v", i, err)
				return
			}
			states[i] = c.State
		})
	}
	close(start)
	wg.Wait()
	count := map[receipt.State]int{}
	for _, st := range states {
		count[st]++
	}
	return count
}
