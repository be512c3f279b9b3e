// Package mcp registers factory tools on a server of the official Go MCP
// SDK (github.com/modelcontextprotocol/go-sdk).
//
// Tools go through the SDK's raw Server.AddTool, which hands the arguments
// over untouched, so that lenient reading runs before any validation: the
// SDK's typed AddTool would validate the raw arguments against the schema
// first and reject "4 000" before the number kind ever saw it. tools/list
// advertises the factory's canonical schema, the very one the normalized
// arguments are validated with.
//
// Over stdio, run the server with NewStdioTransport instead of go-sdk's
// StdioTransport or IOTransport: it answers every line it cannot take with
// a JSON-RPC error (-32700 parse error, -32600 invalid request) and reads
// on from the next newline, skips a line over agentinput.MaxFrameBytes
// without keeping it, and gets tool arguments nested past go-sdk's
// decoder to the factory, which answers too_large at the path where they
// cross agentinput.MaxJSONDepth. docs/robustness.md lists what it does
// with each kind of line.
package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
)

// MetaKey is the key of the result's _meta under which notes and warnings
// travel: {"notes": [...], "warnings": [...]}.
const MetaKey = "agentinput.dev/read"

// Register adds each tool to s. A result is the handler's output as
// structured content, with a text rendering of it, and, when the input was
// repaired, one short text block ("Input read: …") after it and the notes
// and warnings in _meta. A call whose arguments could not be read is a
// tool result with isError and the envelope as structured content, never a
// protocol error: protocol errors stay for unknown tools and malformed
// JSON-RPC, which the SDK answers itself.
func Register(s *sdk.Server, tools ...*factory.Tool) {
	RegisterWith(s, Options{}, tools...)
}

// Options are the options of RegisterWith.
type Options struct {
	// EchoArguments puts every call's normalized arguments in the result's
	// _meta (under EchoKey), for evals that check what a call was read as.
	EchoArguments bool
}

// EchoKey is the _meta key of the normalized arguments under
// Options.EchoArguments.
const EchoKey = "agentinput.dev/arguments"

// RegisterWith is Register with options. It also bounds every protocol
// error s answers (MaxErrorChars); a server registered with tools twice
// is bounded twice, to the same effect.
func RegisterWith(s *sdk.Server, opts Options, tools ...*factory.Tool) {
	s.AddReceivingMiddleware(cutErrors)
	for _, t := range tools {
		h := Handler(t)
		if opts.EchoArguments {
			h = echo(t)
		}
		s.AddTool(Describe(t), h)
	}
}

func echo(t *factory.Tool) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		res := t.Call(withSession(ctx, req), arguments(req))
		out := Result(res)
		if res.Arguments != nil {
			if out.Meta == nil {
				out.Meta = sdk.Meta{}
			}
			out.Meta[EchoKey] = res.Arguments
		}
		return out, nil
	}
}

func arguments(req *sdk.CallToolRequest) json.RawMessage {
	if req == nil || req.Params == nil {
		return nil
	}
	return req.Params.Arguments
}

// withSession carries the request to the handler's *factory.Call
// (request.go) and scopes the call to its principal: the authenticated user of
// the request's token, or the server itself when the request carries none.
// A do call's idempotency key and a cursor are both bound to it, and not to
// the transport session, so that a retry after a reconnect, or on another
// replica behind the same load balancer, replays and pages on
// (docs/writes.md).
func withSession(ctx context.Context, req *sdk.CallToolRequest) context.Context {
	principal := Principal(req)
	ctx = protocol.WithRequest(ctx, request(req))
	return protocol.WithPrincipal(ctx, principal)
}

// Principal returns the principal a request is scoped to: its token's
// user id, or "" (the server) when it carries no token or no user id.
func Principal(req *sdk.CallToolRequest) string {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return ""
	}
	return req.Extra.TokenInfo.UserID
}

// Describe returns the tool as tools/list shows it: name, title,
// description, the canonical input schema, the output schema when the
// tool's results are objects, the intent's annotations, and the spec's
// openWorldHint when it sets one.
func Describe(t *factory.Tool) *sdk.Tool {
	spec := t.Spec()
	hints := t.Hints()
	var output any
	if o := t.OutputSchema(); o != nil {
		output = o
	}
	return &sdk.Tool{
		Name:         spec.Name,
		Title:        spec.Title,
		Description:  spec.Description,
		InputSchema:  t.InputSchema(),
		OutputSchema: output,
		Annotations: &sdk.ToolAnnotations{
			Title:           spec.Title,
			ReadOnlyHint:    hints.ReadOnly,
			DestructiveHint: &hints.Destructive,
			IdempotentHint:  hints.Idempotent,
			OpenWorldHint:   spec.OpenWorld,
		},
	}
}

// Handler returns the SDK handler of one tool.
func Handler(t *factory.Tool) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return Result(t.Call(withSession(ctx, req), arguments(req))), nil
	}
}

// EnvelopeKey is the _meta key of an error result's envelope ({code,
// message, hint, retry_allowed, issues}): on every error result, and also
// its structuredContent when the tool advertises no output schema.
const EnvelopeKey = "agentinput.dev/envelope"

// WriteKey is the _meta key of a do call's write state: {"effect":
// "not_started"|"committed"|"unknown", "idempotency_key": "…", "replayed":
// bool}.
const WriteKey = "agentinput.dev/write"

// Result renders a factory result as an MCP tool result. When the call
// dropped a filter (Result.Dropped), the text starts with it, one line
// each, before the result (DroppedText). A handler that
// answered protocol.Content gets its blocks as the result's content, in
// order (Content maps them), and its Structured as the structured content
// when set. For any other handler, the structured content is its result; when a best-effort list left entries
// out, it carries them too, as issues[] beside the result's own members (or,
// for a result that is not a JSON object or has a member of that name,
// as {"result": …, "issues": […]}), and a text block says which entries
// were not applied and what to send for them.
func Result(res *factory.Result) *sdk.CallToolResult {
	out := &sdk.CallToolResult{}
	if len(res.Notes) > 0 || len(res.Warnings) > 0 {
		out.Meta = sdk.Meta{MetaKey: map[string]any{"notes": res.Notes, "warnings": res.Warnings}}
	}
	if res.Effect != "" {
		if out.Meta == nil {
			out.Meta = sdk.Meta{}
		}
		w := map[string]any{"effect": res.Effect, "replayed": res.Replayed}
		if res.IdempotencyKey != "" {
			w["idempotency_key"] = res.IdempotencyKey
		}
		out.Meta[WriteKey] = w
	}
	if res.Envelope != nil {
		out.IsError = true
		if out.Meta == nil {
			out.Meta = sdk.Meta{}
		}
		out.Meta[EnvelopeKey] = res.Envelope
		// A tool with an output schema keeps structuredContent for what
		// the schema describes: clients validate an error result's
		// structured content against it too (the TypeScript SDK's client
		// does), and an envelope is not the result.
		if !res.HasOutputSchema {
			out.StructuredContent = res.Envelope
		}
		out.Content = []sdk.Content{&sdk.TextContent{Text: EnvelopeText(res.Envelope)}}
		return out
	}
	if c, ok := contentOutput(res.Output); ok {
		return contentResult(out, res, c)
	}
	payload, err := json.Marshal(res.Output)
	if err != nil {
		payload = []byte(`null`)
	}
	if len(res.Issues) > 0 {
		payload = withIssues(payload, res.Issues)
	}
	out.StructuredContent = json.RawMessage(payload)
	if res.Unchanged {
		// First, before the payload: a model that reads a do result's
		// text must not take a no-op for a change.
		out.Content = append(out.Content, &sdk.TextContent{Text: UnchangedText})
	}
	if text := DroppedText(res); text != "" {
		// First too: a model that reads a read result's first lines must
		// not take an unfiltered page for the answer.
		out.Content = append(out.Content, &sdk.TextContent{Text: text})
	}
	out.Content = append(out.Content, &sdk.TextContent{Text: string(payload)})
	if len(res.Issues) > 0 {
		out.Content = append(out.Content, &sdk.TextContent{Text: NotAppliedText(res.Issues, res.IssuesNotListed)})
	}
	if text := InputReadText(res); text != "" {
		out.Content = append(out.Content, &sdk.TextContent{Text: text})
	}
	return out
}

// UnchangedText leads the text of a do call whose handler reported that
// it changed nothing.
const UnchangedText = "Nothing changed: everything was already as this call asked, so there is nothing to reverse (changed: false, no side effects)."

// withIssues adds the issues of a best-effort call to its result's JSON.
func withIssues(payload []byte, issues []agentinput.Issue) []byte {
	list, err := json.Marshal(issues)
	if err != nil {
		return payload
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(payload, &members) == nil && members != nil {
		if _, taken := members["issues"]; !taken {
			if len(members) == 0 {
				return append(append([]byte(`{"issues":`), list...), '}')
			}
			// The result's own bytes, unchanged, with one member more.
			trimmed := bytes.TrimRight(payload, " \t\r\n")
			out := append([]byte(nil), trimmed[:len(trimmed)-1]...)
			out = append(out, `,"issues":`...)
			out = append(out, list...)
			return append(out, '}')
		}
	}
	out := append([]byte(`{"result":`), payload...)
	out = append(out, `,"issues":`...)
	out = append(out, list...)
	return append(out, '}')
}

// NotAppliedText renders the entries a best-effort call left out, each at
// its path with what to send for it.
//
// notListed counts the entries beyond those listed (Result.IssuesNotListed).
func NotAppliedText(issues []agentinput.Issue, notListed int) string {
	var b strings.Builder
	b.WriteString("Applied in part: ")
	b.WriteString(strconv.Itoa(len(issues) + notListed))
	if len(issues)+notListed == 1 {
		b.WriteString(" entry was not applied; send it again as the issue says:")
	} else {
		b.WriteString(" entries were not applied; send them again as the issues say:")
	}
	for _, is := range issues {
		b.WriteString("\n- ")
		b.WriteString(is.Path)
		b.WriteString(": ")
		b.WriteString(is.Message())
	}
	if notListed > 0 {
		b.WriteString("\n- and ")
		b.WriteString(strconv.Itoa(notListed))
		b.WriteString(" more, which come back once these are sent again")
	}
	return b.String()
}

// DroppedLead is how the text of a result begins when the call dropped a
// filter: a model that reads only the first words of a result reads that
// it is not the answer it asked for.
const DroppedLead = "Warning: the results below are NOT filtered by "

// DroppedText renders the filters a call dropped (Result.Dropped) as the
// block a result's text starts with, before the result: one line each,
// naming the property, the value as sent, that the results are NOT
// filtered by it, and the stored values it may mean (the filter kind's
// message). "" when no filter was dropped.
func DroppedText(res *factory.Result) string {
	var b strings.Builder
	for i, d := range res.Dropped {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(DroppedLead)
		b.WriteString(d.Property)
		b.WriteString(". ")
		b.WriteString(d.Message)
	}
	return b.String()
}

// InputReadText renders the notes and warnings of a result in one short
// block a model reads after the payload, or "" when there are none. The
// warnings of dropped filters are not repeated there: DroppedText put
// them first.
func InputReadText(res *factory.Result) string {
	warnings := res.Warnings
	if len(res.Dropped) > 0 {
		warnings = slices.DeleteFunc(slices.Clone(warnings), func(w agentinput.Remark) bool {
			for _, d := range res.Dropped {
				if w.Code == string(agentinput.WarningFilterDropped) && d.Path == w.Path && d.Message == w.Message {
					return true
				}
			}
			return false
		})
	}
	if len(res.Notes) == 0 && len(warnings) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Input read:")
	for _, n := range res.Notes {
		b.WriteString("\n- ")
		b.WriteString(n.Path)
		b.WriteString(": ")
		b.WriteString(n.Message)
	}
	for _, w := range warnings {
		b.WriteString("\n- warning ")
		if w.Path != "" {
			b.WriteString(w.Path)
			b.WriteString(": ")
		}
		b.WriteString(w.Message)
	}
	return b.String()
}

// EnvelopeText renders an envelope as text a model can act on: the
// message, each issue's message with its path, and the hint.
func EnvelopeText(e *factory.Envelope) string {
	var b strings.Builder
	b.WriteString(e.Message)
	for _, is := range e.Issues {
		b.WriteString("\n- ")
		if is.Path != "" {
			b.WriteString(is.Path)
			b.WriteString(": ")
		}
		b.WriteString(is.Message())
	}
	b.WriteString("\n")
	b.WriteString(e.Hint)
	return b.String()
}
