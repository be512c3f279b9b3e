// Package receipt keeps the receipts of do calls, so that a retried write
// runs at most once.
//
// A do call claims its scope (tool, principal, key) before its handler
// runs, bound to the digest of its canonical normalized arguments. The
// claim answers what the call does next:
//
//	Claimed     no live record of the scope: run the handler, then Commit
//	Replay      committed with the same digest: answer the stored result
//	Conflict    any record with another digest: the key was reused
//	InProgress  claimed, not committed, lease not over: wait and ask again
//	Unknown     claimed and never committed, lease over or abandoned
//
// Exactly one Claim of a scope answers Claimed until the record is
// released, its retention ends or, for a keyless retry (Terms.RetryWindow),
// it goes stale, under any concurrency and across every process that
// shares the store.
//
// A caller's own key names one call for the whole retention. A key the
// caller did not send, derived from the arguments, names only a RETRY of
// the same write: under Terms with a RetryWindow, a committed record
// replays only while it is fresh, that is, committed less than the window
// ago and the latest write of its principal (no other call of the same
// principal committed or was abandoned after it). A claim of a stale
// record replaces it, as if it had expired: a deliberate repeat (tag,
// untag, tag again) runs, and is never answered by the first call's
// receipt. The store keeps what freshness needs (the commit instant, the
// order of its principal's writes), so the rule holds across restarts and
// across every process that shares the store. An Unknown record is never claimed
// again: the change may or may not have happened, and nothing retries it.
// Only its own holder, alive after all, may still settle it: an Extend
// makes it in progress again, a Commit makes it a replay.
//
// Times come from the caller (the now of Claim and Commit), so that every
// store behaves the same under one clock and a test can move it.
//
// Three stores implement Store: Memory in this package (bounded, for tests
// and one-shot programs), receipt/sqlite (the embedded default, durable in
// one process) and receipt/postgres (several replicas). receipt/receipttest
// is the conformance suite each of them passes.
package receipt

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"strconv"
	"time"
)

// DefaultRetention is how long a receipt is kept when a store's Retention
// is zero: a day, longer than any client retries a call.
const DefaultRetention = 24 * time.Hour

// Scope names one idempotent call: the tool, the principal that called it
// (the authenticated caller, or "" for the server itself), and the key (the
// caller's idempotency key, or one derived from the arguments). It is not
// the transport session: a retry after a reconnect shares the scope.
type Scope struct {
	Tool      string
	Principal string
	Key       string
}

// ID is the scope's fixed-size identity: the SHA-256 of its three parts,
// each prefixed by its length, so that no two scopes share an ID and a key
// of any bytes (a NUL, invalid UTF-8) fits a database column.
func (s Scope) ID() [32]byte { return lengthPrefixedHash(s.Tool, s.Principal, s.Key) }

// PrincipalID is the fixed-size identity of the scope's principal, by
// which a store finds the principal's latest write: the SHA-256 of the
// principal prefixed by its length, as in ID.
func (s Scope) PrincipalID() [32]byte { return lengthPrefixedHash(s.Principal) }

func lengthPrefixedHash(parts ...string) [32]byte {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, part := range parts {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(part)))])
		h.Write([]byte(part))
	}
	var id [32]byte
	h.Sum(id[:0])
	return id
}

// Digest is the SHA-256 of a call's canonical normalized arguments.
type Digest [32]byte

// Token identifies one claim of a scope: Commit, Extend, Release and
// Abandon act only on the claim they name, never on a later claim of the
// same scope.
type Token uint64

// State is what a claim answers.
type State uint8

const (
	// Claimed: the caller holds the claim and runs the handler.
	Claimed State = iota + 1
	// Replay: the call was committed with the same digest; Result is its
	// stored result.
	Replay
	// Conflict: the scope's record has another digest.
	Conflict
	// InProgress: another claim of the same call holds the scope, within
	// its lease.
	InProgress
	// Unknown: a claim was never committed and its lease is over, or its
	// holder abandoned it: the change may or may not have happened.
	Unknown
)

var stateNames = [...]string{Claimed: "claimed", Replay: "replay", Conflict: "conflict", InProgress: "in_progress", Unknown: "unknown"}

func (s State) String() string {
	if int(s) < len(stateNames) && stateNames[s] != "" {
		return stateNames[s]
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
}

// DefaultRetryWindow is how long a keyless do call's committed result
// replays to a retry when a tool sets no window of its own: long enough for
// a client to time out on a lost reply and send the call again (the
// TypeScript SDK's default request timeout is 60 s; a reconnect adds
// seconds), short enough that a deliberate repeat minutes later is not
// taken for a retry.
const DefaultRetryWindow = 2 * time.Minute

// Terms are the terms of one claim.
type Terms struct {
	// Lease is how long the claim holds without news from its holder: a
	// claim not committed, extended or released by now+Lease is Unknown.
	Lease time.Duration
	// RetryWindow, when positive, makes the claim a keyless retry's: a
	// committed record of the same digest replays only while it is fresh
	// (committed less than RetryWindow before now, and the latest write
	// of its principal); a stale one is replaced by a new claim. Zero
	// replays a committed record for its whole retention, as a caller's
	// own key asks. It should be far shorter than the retention.
	RetryWindow time.Duration
	// Awaiting is the token of a claim this call found in progress and
	// waited for: its commit replays to this call, fresh or not, since
	// the two are one call.
	Awaiting Token
}

// Replays reports whether a committed record with token, committed at
// committed, answers a claim under t at now with its result: always
// without a retry window, and within one only when the record is the
// claim awaited, or fresh (latest is whether no other write of its
// principal was settled after it).
func (t Terms) Replays(token Token, committed time.Time, latest bool, now time.Time) bool {
	switch {
	case t.RetryWindow <= 0:
		return true
	case t.Awaiting != 0 && token == t.Awaiting:
		return true
	}
	return latest && now.Before(committed.Add(t.RetryWindow))
}

// Claim is the answer of Store.Claim.
type Claim struct {
	State State
	// Token names the claim when State is Claimed; for InProgress, it is
	// the token of the claim in progress, which a retry that waits for
	// it sends back as Terms.Awaiting.
	Token Token
	// Result is the committed result when State is Replay. It may be the
	// store's own copy: read it, never change it.
	Result []byte
}

// Store keeps receipts. Implementations are safe for concurrent use by
// many goroutines and, for the durable stores, many processes.
type Store interface {
	// Claim claims scope for a call whose arguments have digest, at now,
	// under terms (its lease ends at now+terms.Lease). It answers Claimed
	// (with a new Token) only when the scope has no live record, or its
	// record is committed with the same digest and does not replay under
	// terms (Terms.Replays: stale for a keyless retry); a record whose
	// retention ended is no record.
	Claim(ctx context.Context, scope Scope, digest Digest, now time.Time, terms Terms) (Claim, error)
	// Extend moves the lease of a held claim to until, while its handler
	// still runs.
	Extend(ctx context.Context, scope Scope, token Token, until time.Time) error
	// Commit records the result of the claim, at now; its retention
	// starts then, and it becomes its principal's latest write. A claim
	// whose lease ended (seen as Unknown meanwhile) may still commit: the
	// truth replaces the doubt.
	Commit(ctx context.Context, scope Scope, token Token, result []byte, now time.Time) error
	// Release drops a claim whose handler refused before changing
	// anything, so that the same call may run again.
	Release(ctx context.Context, scope Scope, token Token) error
	// Abandon marks a claim whose handler started and did not finish (a
	// panic, a cancellation): the record answers Unknown from now on, and
	// it becomes its principal's latest write (its change may have
	// happened), so that no earlier receipt of the principal replays to a
	// keyless retry after it.
	Abandon(ctx context.Context, scope Scope, token Token) error
}

// ErrFull is the error of a Claim on a bounded store whose every record is
// live: retry later. A store never forgets a live receipt to make room.
var ErrFull = errors.New("receipt: the store is full of live receipts")

// ErrNotHeld is the error of Extend, Commit, Release or Abandon with a
// token that does not hold the scope: the claim was committed, released,
// or outlived by its retention.
var ErrNotHeld = errors.New("receipt: the claim is not held")
