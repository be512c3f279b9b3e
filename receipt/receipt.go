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
// released or its retention ends, under any concurrency and across every
// process that shares the store. An Unknown record is never claimed
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
func (s Scope) ID() [32]byte {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, part := range [...]string{s.Tool, s.Principal, s.Key} {
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

// Claim is the answer of Store.Claim.
type Claim struct {
	State State
	// Token names the claim when State is Claimed.
	Token Token
	// Result is the committed result when State is Replay. It may be the
	// store's own copy: read it, never change it.
	Result []byte
}

// Store keeps receipts. Implementations are safe for concurrent use by
// many goroutines and, for the durable stores, many processes.
type Store interface {
	// Claim claims scope for a call whose arguments have digest, at now,
	// with a lease that ends at now+lease. It answers Claimed (with a new
	// Token) only when the scope has no live record; a record whose
	// retention ended is no record.
	Claim(ctx context.Context, scope Scope, digest Digest, now time.Time, lease time.Duration) (Claim, error)
	// Extend moves the lease of a held claim to until, while its handler
	// still runs.
	Extend(ctx context.Context, scope Scope, token Token, until time.Time) error
	// Commit records the result of the claim, at now; its retention
	// starts then. A claim whose lease ended (seen as Unknown meanwhile)
	// may still commit: the truth replaces the doubt.
	Commit(ctx context.Context, scope Scope, token Token, result []byte, now time.Time) error
	// Release drops a claim whose handler refused before changing
	// anything, so that the same call may run again.
	Release(ctx context.Context, scope Scope, token Token) error
	// Abandon marks a claim whose handler started and did not finish (a
	// panic, a cancellation): the record answers Unknown from now on.
	Abandon(ctx context.Context, scope Scope, token Token) error
}

// ErrFull is the error of a Claim on a bounded store whose every record is
// live: retry later. A store never forgets a live receipt to make room.
var ErrFull = errors.New("receipt: the store is full of live receipts")

// ErrNotHeld is the error of Extend, Commit, Release or Abandon with a
// token that does not hold the scope: the claim was committed, released,
// or outlived by its retention.
var ErrNotHeld = errors.New("receipt: the claim is not held")
