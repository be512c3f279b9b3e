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
	"context"
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/factory/reply"
)

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

// Result renders a factory result as an MCP tool result: the reply
// package's rendering (reply.Of: the envelope of a refused call, the
// dropped filters first, the structured result, the entries a best-effort
// list left out, the "Input read" block, the _meta keys), in go-sdk's
// types.
func Result(res *factory.Result) *sdk.CallToolResult {
	r := reply.Of(res)
	out := &sdk.CallToolResult{IsError: r.IsError, Content: Content(r.Content)}
	if r.Meta != nil {
		out.Meta = sdk.Meta(r.Meta)
	}
	if r.Structured != nil {
		out.StructuredContent = r.Structured
	}
	return out
}
