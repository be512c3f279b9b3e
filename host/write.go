package host

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/approval"
	"agentinput.dev/factory"
	"agentinput.dev/internal/shown"
)

// finishTimeout bounds recording a dispatch's effect after the call, under
// a context that outlives the call's own (a cancelled call still records
// its unknown effect).
const finishTimeout = 10 * time.Second

// prepare records a write the model asked for as a durable pending
// intent: the exact canonical arguments, the binding's identity (its
// revision the write catalog's digest) and its scope. Nothing is sent.
func (h *Host) prepare(ctx context.Context, c *catalog, bt *bound, read *factory.Result) *Result {
	args, _ := json.Marshal(read.Arguments)
	w := bt.binding.Write
	in, err := h.opts.Approvals.Prepare(ctx, approval.Intent{
		Tool: bt.binding.Local, Remote: bt.binding.Remote,
		BindingID: w.BindingID, BindingRevision: c.snapshot.digest,
		ScopeID: w.ScopeID, ScopeRevision: w.ScopeRevision,
		Arguments: args,
	}, h.opts.Now().UTC())
	if err != nil {
		r := fail(agentinput.EnvelopeUnavailable, bt.binding.Local+" was not prepared: the approval store cannot record it now; nothing was sent.",
			"Call "+bt.binding.Local+" again later.")
		r.Notes, r.Warnings = read.Notes, read.Warnings
		return r
	}
	r := h.pending(in)
	r.Notes, r.Warnings = read.Notes, read.Warnings
	return r
}

func (h *Host) pending(in approval.Intent) *Result {
	r := fail(agentinput.EnvelopeRequiresHumanApproval,
		in.Tool+" was not sent: it writes, and waits for a person's approval as intent "+in.ID+".",
		"Tell the person you work for that intent "+in.ID+" waits for their approval (agentinput approvals approve --store STORE "+in.ID+"); once they say it is approved, "+h.redispatch(in.ID, in.Tool)+".")
	r.IntentID, r.Effect = in.ID, string(in.State)
	return r
}

// redispatch is how a hint tells the model to ask for an intent's
// dispatch: the dispatch tool with its id, or, on a ProMCP host, the
// write called again with the same arguments.
func (h *Host) redispatch(id, tool string) string {
	if h.opts.ProMCP && tool != "" {
		return "call " + tool + " again with exactly the same arguments (the same idempotency_key included)"
	}
	return "call " + h.opts.DispatchTool + " with intent_id " + strconv.Quote(id)
}

// dispatchCall is the dispatch tool: {"intent_id": "…"}, read as a uuid
// by its kind (an id in upper case or braces reads, with a note).
func (h *Host) dispatchCall(ctx context.Context, arguments json.RawMessage) *Result {
	read := h.dispatchReader.Call(ctx, arguments)
	if read.Envelope != nil {
		e := *read.Envelope
		e.Code, e.RetryAllowed = agentinput.EnvelopeMCPInvalidArguments, false
		return &Result{Envelope: &e, Notes: read.Notes, Warnings: read.Warnings}
	}
	id, _ := read.Arguments["intent_id"].(string)
	canon, err := approval.ParseID(id)
	if err != nil {
		return fail(agentinput.EnvelopeMCPInvalidArguments, "No write intent has the id "+strconv.Quote(id)+": nothing was sent.",
			"Call "+h.opts.DispatchTool+" with the intent id requires_human_approval named.")
	}
	r := h.Dispatch(ctx, canon)
	r.Notes, r.Warnings = read.Notes, read.Warnings
	return r
}

// Dispatch sends an approved write once. It re-checks, against the
// intent, that the current catalog is fresh (a stale one answers
// mcp_catalog_stale and leaves the intent approved until re-discovery),
// then holds the write to its plan guard (a refusal leaves the intent
// approved), then claims the intent (one claimer wins, across processes), then
// checks the binding's identity (the write catalog digest) and scope
// (a mismatch or a revoked scope: not_started), and only then sends it.
// After sending, anything but a validated success is an unknown effect,
// which keeps its claim and is never sent again. An intent past approval
// answers its recorded outcome, and is never dispatched again.
func (h *Host) Dispatch(ctx context.Context, id string) *Result {
	if !h.writes {
		return fail(agentinput.EnvelopeMCPInvalidArguments, "This host binds no writes.", "Call one of the tools the host lists.")
	}
	h.writeMu.Lock()
	defer h.writeMu.Unlock()
	in, err := h.opts.Approvals.Get(ctx, id)
	switch {
	case errors.Is(err, approval.ErrNotFound) || errors.Is(err, approval.ErrInvalid):
		return fail(agentinput.EnvelopeMCPInvalidArguments, "No write intent has the id "+strconv.Quote(id)+": nothing was sent.",
			"Call "+h.opts.DispatchTool+" with the intent id requires_human_approval named.")
	case err != nil:
		return h.unavailable(id, "")
	case in.State != approval.Approved:
		return h.outcome(in)
	}
	h.swap.RLock()
	defer h.swap.RUnlock()
	return h.dispatch(ctx, h.catalog, in)
}

// dispatch sends an approved intent once, with the write lock and the
// catalog c held: the steps of Dispatch from the catalog's freshness on,
// the write's plan guard checked before the claim (a refusal leaves it
// approved).
func (h *Host) dispatch(ctx context.Context, c *catalog, in approval.Intent) *Result {
	id, tool := in.ID, in.Tool
	if c == nil || h.stale(c) || c.changed[in.Tool] {
		r := staleResult(in.Tool)
		if c != nil && c.changed[in.Tool] {
			r = changedResult(in.Tool)
		}
		r.IntentID, r.Effect = in.ID, string(in.State)
		return r
	}
	if h.up.Down() {
		// Nothing is claimed: the intent stays approved for when the
		// server is back.
		r := remoteFailure(in.Tool, agentinput.EnvelopeMCPConnectionClosed)
		r.Envelope.Message = in.Tool + " was not sent: the connection to the remote server is down; intent " + in.ID + " stays approved."
		r.Envelope.Hint = "Tell the person you work for that the remote server is down: intent " + in.ID + " stays approved, to dispatch once it is back."
		r.IntentID, r.Effect = in.ID, string(in.State)
		return r
	}
	if bt := c.tools[in.Tool]; bt != nil && bt.binding.Guard != nil {
		args, err := decodeAny(in.Arguments)
		m, _ := args.(map[string]any)
		if err == nil && m != nil {
			if r := h.guard(c, bt, m); r != nil {
				r.IntentID, r.Effect = in.ID, string(in.State)
				return r
			}
		}
	}
	in, err := h.opts.Approvals.Claim(ctx, id, h.opts.Now().UTC())
	switch {
	case errors.Is(err, approval.ErrState):
		if in.ID == "" {
			if in, err = h.opts.Approvals.Get(ctx, id); err != nil {
				return h.unavailable(id, tool)
			}
		}
		return h.outcome(in)
	case err != nil:
		return h.unavailable(id, tool)
	}
	bt := c.tools[in.Tool]
	if bt == nil || bt.binding.Write == nil || bt.binding.Remote != in.Remote || bt.binding.Write.BindingID != in.BindingID ||
		c.snapshot.digest != in.BindingRevision || bt.binding.Write.ScopeID != in.ScopeID || bt.binding.Write.ScopeRevision != in.ScopeRevision {
		return h.finish(ctx, in, approval.NotStarted, nil, agentinput.EnvelopeMCPCatalogStale)
	}
	var args map[string]any
	if json.Unmarshal(in.Arguments, &args) != nil {
		return h.finish(ctx, in, approval.NotStarted, nil, agentinput.EnvelopeMCPInvalidArguments)
	}
	if bt.binding.Scope(ctx, ScopeCall{Local: in.Tool, Remote: in.Remote, ScopeID: in.ScopeID, ScopeRevision: in.ScopeRevision, Arguments: args, Dispatch: true}) != nil {
		return h.finish(ctx, in, approval.NotStarted, nil, agentinput.EnvelopeMCPScopeDenied)
	}
	if h.stale(c) { // the catalog changed while it was checked: still nothing sent
		return h.finish(ctx, in, approval.NotStarted, nil, agentinput.EnvelopeMCPCatalogStale)
	}
	// Claimed and checked: from here on the call may have been sent.
	out, sent := h.send(ctx, c, bt, in.Arguments)
	if !sent {
		return h.finish(ctx, in, approval.NotStarted, nil, out.Envelope.Code)
	}
	if out.Success == nil {
		return h.finish(ctx, in, approval.Unknown, nil, out.Envelope.Code)
	}
	body, err := json.Marshal(out.Success)
	if err != nil {
		return h.finish(ctx, in, approval.Unknown, nil, agentinput.EnvelopeMCPResultInvalid)
	}
	return h.finish(ctx, in, approval.Committed, body, "")
}

// finish records a claimed intent's effect, under a context the call's
// cancellation does not end. When the store cannot record it, the intent
// stays dispatching: an unknown effect.
func (h *Host) finish(ctx context.Context, in approval.Intent, s approval.State, result json.RawMessage, code agentinput.EnvelopeCode) *Result {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishTimeout)
	defer cancel()
	done, err := h.opts.Approvals.Finish(fctx, in.ID, s, result, string(code), h.opts.Now().UTC())
	if err != nil {
		in.State, in.Code = approval.Dispatching, ""
		return h.outcome(in)
	}
	return h.outcome(done)
}

// unavailable answers a store that cannot serve: intent id (or, with id
// "", the write tool's call) was not dispatched.
func (h *Host) unavailable(id, tool string) *Result {
	if id == "" {
		return fail(agentinput.EnvelopeUnavailable, "The approval store cannot serve now: "+tool+" was neither prepared nor sent.", "Call "+tool+" again later.")
	}
	r := fail(agentinput.EnvelopeUnavailable, "The approval store cannot serve now: intent "+id+" was not dispatched.", "Later, "+h.redispatch(id, tool)+".")
	r.IntentID = id
	return r
}

// outcome answers an intent by its state, without sending anything.
func (h *Host) outcome(in approval.Intent) *Result {
	var r *Result
	switch in.State {
	case approval.Pending:
		return h.pending(in)
	case approval.Denied:
		r = fail(agentinput.EnvelopeForbidden, "A person denied intent "+in.ID+" ("+in.Tool+"): it was not sent and will not be.",
			"Do not send this write again unless the person you work for asks for it anew.")
	case approval.Committed:
		var s Success
		if json.Unmarshal(in.Result, &s) != nil || s.Text == nil {
			s = Success{Text: []string{}, Structured: json.RawMessage("null")}
		}
		if !in.Resolved.IsZero() {
			// Nobody saw the remote answer: a person checked the remote
			// side and says it took effect.
			s = Success{Text: []string{in.Tool + " intent " + in.ID + " took effect on the remote side, as " + in.ResolvedBy +
				" confirmed there after its outcome went unrecorded" + because(in.ResolveReason) + ". Its remote answer was not seen."},
				Structured: json.RawMessage("null")}
		}
		r = &Result{Success: &s}
	case approval.NotStarted:
		if !in.Resolved.IsZero() {
			code := agentinput.EnvelopeCode(in.Code)
			if code == "" {
				// Left dispatching by a host that stopped mid-send: the
				// request was not sent or its answer not read.
				code = agentinput.EnvelopeMCPTransportError
			}
			r = fail(code, in.Tool+" intent "+in.ID+" did not take effect on the remote side, as "+in.ResolvedBy+
				" confirmed there after its outcome went unrecorded"+because(in.ResolveReason)+". It will not be sent.",
				"Call "+in.Tool+" again to prepare a new intent, if the person you work for still wants it.")
			break
		}
		code := agentinput.EnvelopeCode(in.Code)
		r = fail(code, in.Tool+" was not sent: intent "+in.ID+" was refused before sending ("+in.Code+"); it will not be sent.",
			"Call "+in.Tool+" again to prepare a new intent, if the person you work for still wants it.")
	case approval.Unknown:
		code := agentinput.EnvelopeCode(in.Code)
		r = fail(code, in.Tool+" was sent as intent "+in.ID+", and did not answer a validated success ("+in.Code+"): its effect is unknown. It will not be sent again.",
			"Do not send it again; tell the person you work for that intent "+in.ID+"'s effect is unknown and must be checked on the remote side.")
	default: // dispatching: claimed, its outcome not recorded yet
		r = fail(agentinput.EnvelopeInProgress, in.Tool+" intent "+in.ID+" was claimed for sending at "+
			in.Claimed.UTC().Format(time.RFC3339)+" and its outcome is not recorded yet: it may still be in flight. It will not be sent a second time.",
			"Later, "+h.redispatch(in.ID, in.Tool)+" to get its outcome; if it stays dispatching, its host stopped mid-send, "+
				"and the person you work for checks the remote side and records what happened (agentinput approvals resolve).")
	}
	r.IntentID, r.Effect = in.ID, effectOf(in.State)
	return r
}

// effectOf is the effect a state reports: the state itself (dispatching
// is a send in flight, not an unknown effect).
func effectOf(s approval.State) string { return string(s) }

// because is a person's reason as the end of a sentence: " (reason)", or
// nothing.
func because(reason string) string {
	if reason == "" {
		return ""
	}
	text, _ := shown.Shown(reason)
	return " (" + agentinput.Cut(text) + ")"
}
