package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
)

// Success is what a validated remote result becomes:
// {"text": ["…"], "structured": {…} | null}. Structured is the result's
// structuredContent when the tool advertises an output schema that it
// validates against; null otherwise (unverified structured content is not
// passed on; the text blocks are).
type Success struct {
	Text       []string        `json:"text"`
	Structured json.RawMessage `json:"structured"`
}

// Result is the answer to one call of a bound tool: a Success, or an
// envelope whose code is closed (docs/codes.md), with the notes and
// warnings of reading the arguments.
type Result struct {
	Success  *Success
	Envelope *factory.Envelope
	Notes    []agentinput.Remark
	Warnings []agentinput.Remark
	// IntentID and Effect are set for a write: the approval intent, and
	// its state (pending, committed, not_started, unknown, …).
	IntentID string
	Effect   string
}

func fail(code agentinput.EnvelopeCode, message, hint string) *Result {
	return &Result{Envelope: &factory.Envelope{Code: code, Message: message, Hint: hint, RetryAllowed: code.RetryAllowed(), Issues: []agentinput.Issue{}}}
}

// Call calls the bound tool local with arguments: read on the host
// against the remote schema, checked by the scope, sent as one tools/call,
// and answered as a Success or a closed code. A write (policy confirm) is
// not sent: it is prepared as an approval intent (write.go), after its
// plan guard (guard.go). The dispatch tool (Options.DispatchTool)
// dispatches an approved one; on a ProMCP host, the same write called
// again with the same arguments does (promcp.go). A read's validated
// answer is remembered for the guards.
func (h *Host) Call(ctx context.Context, local string, arguments json.RawMessage) *Result {
	if local == h.opts.DispatchTool && h.writes && !h.opts.ProMCP {
		return h.dispatchCall(ctx, arguments)
	}
	if h.opts.ProMCP && h.confirm[local] {
		// Finding the intent, preparing or dispatching it: one write at
		// a time, the write lock taken before the catalog's, as Dispatch
		// takes them.
		h.writeMu.Lock()
		defer h.writeMu.Unlock()
	}
	h.swap.RLock()
	defer h.swap.RUnlock()
	c := h.catalog
	if c == nil {
		return fail(agentinput.EnvelopeMCPCatalogStale, "No catalog is bound yet: nothing was sent.", "Wait until the host has discovered the server's tools, then call again.")
	}
	bt, ok := c.tools[local]
	if !ok {
		return fail(agentinput.EnvelopeMCPInvalidArguments, "No tool named "+strconv.Quote(local)+" is bound: nothing was sent.", "Call one of the tools the host lists.")
	}
	if h.stale(c) {
		return staleResult(local)
	}
	if c.changed[local] {
		return changedResult(local)
	}
	read, res := h.read(ctx, bt, arguments)
	if res != nil {
		return res
	}
	if bt.binding.Policy == PolicyConfirm {
		if h.opts.ProMCP {
			return h.callWrite(ctx, c, bt, read)
		}
		if r := h.guard(c, bt, read.Arguments); r != nil {
			r.Notes, r.Warnings = read.Notes, read.Warnings
			return r
		}
		return h.prepare(ctx, c, bt, read)
	}
	if m := h.serial[local]; m != nil {
		m.Lock()
		defer m.Unlock()
	}
	args, _ := json.Marshal(read.Arguments)
	out, _ := h.send(ctx, c, bt, args)
	h.observe(ctx, c, bt, read.Arguments, out.Success)
	out.Notes, out.Warnings = read.Notes, read.Warnings
	return out
}

func staleResult(local string) *Result {
	return fail(agentinput.EnvelopeMCPCatalogStale, "The remote server's tools changed since "+local+" was bound: nothing was sent.",
		"The host must re-discover the server's tools before "+local+" can be called again; do not call it until then.")
}

func changedResult(local string) *Result {
	return fail(agentinput.EnvelopeMCPCatalogStale, "The remote server changed "+local+" (or no longer lists it) since it was bound: nothing was sent.",
		"Do not call "+local+" again: the person you work for must review the change and bind it anew.")
}

// read reads the arguments on the host with the tool's reader (the
// reading factory.FromSchema does), bounds them, and checks the scope.
func (h *Host) read(ctx context.Context, bt *bound, arguments json.RawMessage) (*factory.Result, *Result) {
	local := bt.binding.Local
	if len(arguments) > h.budget.ObjectBytes {
		return nil, fail(agentinput.EnvelopeMCPInvalidArguments, local+" was not called: the arguments are over "+strconv.Itoa(h.budget.ObjectBytes)+" bytes.",
			"Call "+local+" again with smaller arguments.")
	}
	read := bt.reader.Call(ctx, arguments)
	if read.Envelope != nil {
		e := *read.Envelope
		e.Code = agentinput.EnvelopeMCPInvalidArguments
		e.RetryAllowed = false
		return nil, &Result{Envelope: &e, Notes: read.Notes, Warnings: read.Warnings}
	}
	args, err := json.Marshal(read.Arguments)
	if err != nil || len(args) > h.budget.ObjectBytes {
		return nil, fail(agentinput.EnvelopeMCPInvalidArguments, local+" was not called: the arguments, as read, are over "+strconv.Itoa(h.budget.ObjectBytes)+" bytes.",
			"Call "+local+" again with smaller arguments.")
	}
	if bt.binding.Scope != nil {
		sc := ScopeCall{Local: local, Remote: bt.binding.Remote, Arguments: read.Arguments}
		if w := bt.binding.Write; w != nil {
			sc.ScopeID, sc.ScopeRevision = w.ScopeID, w.ScopeRevision
		}
		if bt.binding.Scope(ctx, sc) != nil {
			return nil, &Result{Envelope: scopeDenied(local).Envelope, Notes: read.Notes, Warnings: read.Warnings}
		}
	}
	return read, nil
}

func scopeDenied(local string) *Result {
	return fail(agentinput.EnvelopeMCPScopeDenied, "The host's scope does not allow this call of "+local+": nothing was sent.",
		"Do not send this call again; ask the person you work for whether it is within what you may do.")
}

// send makes the one tools/call of an invocation and classifies what
// came back, and says whether the request may have been sent (false only
// when the upstream says nothing of it was written). A late answer after
// ctx ends is discarded with the request.
func (h *Host) send(ctx context.Context, c *catalog, bt *bound, args json.RawMessage) (*Result, bool) {
	rctx, cancel := context.WithTimeout(ctx, h.budget.RPC)
	defer cancel()
	raw, err := h.up.CallTool(rctx, bt.binding.Remote, args)
	if err != nil {
		return remoteFailure(bt.binding.Local, classify(err)), !errors.Is(err, ErrNotSent)
	}
	if h.stale(c) {
		// The catalog changed under the call: its answer is not one the
		// binding can vouch for.
		return staleResult(bt.binding.Local), true
	}
	return h.result(bt, raw), true
}

// classify maps an upstream's call error to its closed code.
func classify(err error) agentinput.EnvelopeCode {
	var we *jsonrpc.Error
	switch {
	case errors.Is(err, ErrTooLarge):
		return agentinput.EnvelopeMCPResultTooLarge
	case errors.Is(err, ErrProtocol):
		return agentinput.EnvelopeMCPProtocolError
	case errors.Is(err, ErrNotSent), errors.Is(err, sdk.ErrConnectionClosed), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return agentinput.EnvelopeMCPConnectionClosed
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return agentinput.EnvelopeMCPTimeout
	case errors.As(err, &we):
		return agentinput.EnvelopeMCPProtocolError
	}
	return agentinput.EnvelopeMCPTransportError
}

var remoteMessages = map[agentinput.EnvelopeCode]string{
	agentinput.EnvelopeMCPConnectionClosed:  "the connection to the remote server closed before it answered",
	agentinput.EnvelopeMCPTimeout:           "the remote server did not answer in time (or the wait was cancelled)",
	agentinput.EnvelopeMCPProtocolError:     "the remote server answered with a protocol error",
	agentinput.EnvelopeMCPTransportError:    "the request could not be sent or its answer not read",
	agentinput.EnvelopeMCPToolError:         "the remote tool reported an error",
	agentinput.EnvelopeMCPResultInvalid:     "the remote result does not fit what the tool advertised",
	agentinput.EnvelopeMCPResultUnsupported: "the remote result holds content the host does not pass on (an image, audio, a resource or a link)",
	agentinput.EnvelopeMCPResultTooLarge:    "the remote result is over the host's budget",
}

func remoteFailure(local string, code agentinput.EnvelopeCode) *Result {
	return fail(code, local+" failed: "+remoteMessages[code]+".", "Do not repeat the call by yourself; tell the person you work for that "+local+" failed ("+string(code)+").")
}

// result validates a remote result, as the server sent it: within the
// budget before anything is decoded, text blocks only, not an error, and,
// for a tool with an output schema, structuredContent that the schema
// validates (passed on as canonical JSON: a member written twice cannot
// read one way here and another way further on).
func (h *Host) result(bt *bound, raw json.RawMessage) *Result {
	local := bt.binding.Local
	if len(raw) > h.budget.ObjectBytes {
		return remoteFailure(local, agentinput.EnvelopeMCPResultTooLarge)
	}
	var res wireResult
	if json.Unmarshal(raw, &res) != nil {
		return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
	}
	if len(res.Content) > h.budget.ContentBlocks {
		return remoteFailure(local, agentinput.EnvelopeMCPResultTooLarge)
	}
	if res.IsError {
		return remoteFailure(local, agentinput.EnvelopeMCPToolError)
	}
	ok := &Success{Text: make([]string, 0, len(res.Content)), Structured: json.RawMessage("null")}
	for _, c := range res.Content {
		if c.Type != "text" {
			return remoteFailure(local, agentinput.EnvelopeMCPResultUnsupported)
		}
		if c.Text == nil {
			return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
		}
		ok.Text = append(ok.Text, *c.Text)
	}
	if bt.output != nil {
		if len(res.StructuredContent) == 0 || string(res.StructuredContent) == "null" {
			return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
		}
		v, err := decodeAny(res.StructuredContent)
		if err != nil || bt.output.Validate(v) != nil {
			return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
		}
		if _, isObject := v.(map[string]any); !isObject {
			return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
		}
		canon, err := json.Marshal(v)
		if err != nil {
			return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
		}
		ok.Structured = canon
	} else if len(res.Content) == 0 {
		// Nothing to show, and nothing to validate: an empty result
		// cannot be told from one the host cannot read (a task handle).
		return remoteFailure(local, agentinput.EnvelopeMCPResultInvalid)
	}
	return &Result{Success: ok}
}

// wireResult is what the host reads of a tools/call result: the content
// blocks' type and text, the structured content as sent, and isError.
type wireResult struct {
	Content           []wireContent   `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

type wireContent struct {
	Type string  `json:"type"`
	Text *string `json:"text"`
}

func decodeAny(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
