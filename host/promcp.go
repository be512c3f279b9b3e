package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"agentinput.dev/approval"
	"agentinput.dev/factory"
	"agentinput.dev/promcp"
)

// A ProMCP host (Options.ProMCP) serves its bound tools as a proMCP
// catalog: names of the triad, each category's output schema as the
// upstream advertises it, the result itself as structured content, and no
// tool outside the triad — so no dispatch tool. A write is approved as
// any other, and sent by calling the same do_* again with exactly the
// same arguments once a person approved it: the host finds the intent
// prepared for those arguments under the same binding identity and
// dispatches it, once, answering the upstream's do_* result.

// ReplayWindow is how long after an intent's outcome (denied, committed,
// not_started or unknown) a call of a ProMCP host's write with the same
// arguments answers that outcome again, rather than preparing a new
// intent: long enough that a model told "approved" learns what happened,
// short enough that the same write asked for anew later is a new
// request to a person.
const ReplayWindow = 10 * time.Minute

// checkTriad holds a binding of a ProMCP host to the triad: the local name
// is exactly one prefix and a name, its category agrees with the policy
// (read_* and can_do read, do_* confirm), and a remote name of the triad
// is of the same category (a do_* is not bound as a read_*, nor the
// reverse).
func checkTriad(b Binding) error {
	at := "host: binding " + b.Remote
	t, exact := promcp.NameTriad(b.Local)
	if !exact {
		return fmt.Errorf("%s: the local name %s is not proMCP's: start it with exactly one of read_, do_ or can_do, and a name of its own", at, b.Local)
	}
	switch {
	case t == promcp.TriadDo && b.Policy != PolicyConfirm:
		return fmt.Errorf("%s: the local name %s declares a do (a write): bind it with policy confirm, or name it read_… if it only reads", at, b.Local)
	case t != promcp.TriadDo && b.Policy != PolicyRead:
		return fmt.Errorf("%s: the local name %s declares a %s, which changes nothing: bind it with policy read, or name it do_… if it writes", at, b.Local, t)
	}
	if rt, rexact := promcp.NameTriad(b.Remote); rexact && rt != t {
		return fmt.Errorf("%s: the remote name declares a %s and the local name %s a %s: a tool keeps its category", at, rt, b.Local, t)
	}
	return nil
}

// callWrite is a ProMCP host's call of a write, with the write lock and
// the catalog held: the intent prepared for exactly these arguments under
// this binding identity answers — dispatched once when approved, its
// state otherwise — or, when there is none (or only one settled longer
// than ReplayWindow ago), the plan guard is checked and a new intent is
// prepared.
func (h *Host) callWrite(ctx context.Context, c *catalog, bt *bound, read *factory.Result) *Result {
	args, _ := json.Marshal(read.Arguments)
	_, keyed := read.Arguments["idempotency_key"]
	in, found, err := h.findIntent(ctx, c, bt, args, keyed)
	var r *Result
	switch {
	case err != nil:
		r = h.unavailable("", bt.binding.Local)
	case found && in.State == approval.Approved:
		r = h.dispatch(ctx, c, in)
	case found:
		r = h.outcome(in)
	default:
		if r = h.guard(c, bt, read.Arguments); r == nil {
			return h.prepare(ctx, c, bt, read)
		}
	}
	r.Notes, r.Warnings = read.Notes, read.Warnings
	return r
}

// findIntent finds the newest intent of the store's newest
// approval.MaxLimit prepared for this write with exactly these canonical
// arguments, under the current binding identity (the local and remote
// names, the binding id, the catalog digest, the scope); an intent whose
// outcome settled more than ReplayWindow ago is not found, nor, for a
// call without an idempotency key, a committed one after which another
// write of the catalog was sent.
func (h *Host) findIntent(ctx context.Context, c *catalog, bt *bound, args []byte, keyed bool) (approval.Intent, bool, error) {
	list, err := h.opts.Approvals.List(ctx, approval.Filter{Limit: approval.MaxLimit})
	if err != nil {
		return approval.Intent{}, false, err
	}
	w := bt.binding.Write
	for _, in := range list {
		if in.Tool != bt.binding.Local || in.Remote != bt.binding.Remote || in.BindingID != w.BindingID || in.BindingRevision != c.snapshot.digest ||
			in.ScopeID != w.ScopeID || in.ScopeRevision != w.ScopeRevision || !bytes.Equal(in.Arguments, args) {
			continue
		}
		switch in.State {
		case approval.Pending, approval.Approved, approval.Dispatching:
			return in, true, nil
		case approval.Committed:
			if !keyed && sentAfter(list, in) {
				// Without an idempotency key the same arguments may be a
				// deliberate repeat, and the result is no longer the
				// state: another write of this catalog was sent since.
				// The call is a new write (docs/writes.md's rule for a
				// derived key). With a key, the same key is the same
				// action, and its result answers, as the upstream's
				// receipt would.
				return approval.Intent{}, false, nil
			}
		}
		return in, h.opts.Now().Before(settled(in).Add(ReplayWindow)), nil
	}
	return approval.Intent{}, false, nil
}

// sentAfter reports whether another intent of the same catalog (its
// binding revision, the write catalog's digest) was claimed for sending
// after in was: a committed result answered again would then describe a
// state that a later write may have changed. Intents never claimed
// (pending, approved, denied, refused before the claim) changed nothing.
func sentAfter(list []approval.Intent, in approval.Intent) bool {
	for _, x := range list {
		if x.ID != in.ID && x.BindingRevision == in.BindingRevision && !x.Claimed.IsZero() && x.Claimed.After(in.Claimed) {
			return true
		}
	}
	return false
}

// settled is when an intent reached its outcome: a person's resolution,
// else the dispatch's finish, else the denial.
func settled(in approval.Intent) time.Time {
	switch {
	case !in.Resolved.IsZero():
		return in.Resolved
	case !in.Finished.IsZero():
		return in.Finished
	}
	return in.Decided
}
