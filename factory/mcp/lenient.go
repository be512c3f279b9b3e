package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/reply"
	"agentinput.dev/factory/retrofit"
)

// Lenient returns a receiving middleware that makes an existing go-sdk
// server lenient without rewriting its tools. It learns each tool's
// advertised input schema (from tools/list, asking the server itself when a
// call comes first), binds kinds from it (factory.FromSchema), and reads
// tools/call arguments before the SDK validates them: a call whose
// arguments read is forwarded with the normalized arguments, and its result
// gets the notes (in _meta and an "Input read" text block); a call whose
// arguments do not read is answered with the envelope as a tool error,
// instead of the SDK's one-line validation message.
//
//	server.AddReceivingMiddleware(mcp.Lenient())
//
// It reads every schema go-sdk's jsonschema.For writes from Go types
// (docs/retrofit.md has the table): a slice or a pointer field, advertised
// as a union with "null", reads as its type, null being absence; a list's
// items by their kind; a nested object as the schema says; a value the
// schema rejects is an ask naming what it admits. A value that the schema
// admits but the SDK cannot decode into the handler's Go type (a time.Time
// field is advertised as a plain string) is an ask too, naming what to
// send, instead of the SDK's "json: cannot unmarshal".
//
// A tool annotated readOnlyHint reads placeholders as absence; any other
// tool is treated as one that changes data, where a placeholder is asked
// about (the safe side when a server does not say). Lenient is
// LenientWith(LenientOptions{}).
func Lenient() sdk.Middleware { return LenientWith(LenientOptions{}) }

// LenientOptions configures LenientWith: retrofit.Options (Vocabularies,
// Observer, Unannotated, IntentOf, Relax). The zero value is Lenient's.
type LenientOptions = retrofit.Options

// Relaxed names the classes of value Lenient asks about even where the
// server alone takes the call (retrofit.Relaxed).
type Relaxed = retrofit.Relaxed

// LenientWith is Lenient with options.
func LenientWith(o LenientOptions) sdk.Middleware {
	tools := retrofit.New(o)
	learn := func(list []*sdk.Tool) {
		out := make([]retrofit.Tool, 0, len(list))
		for _, t := range list {
			schema, err := json.Marshal(t.InputSchema)
			if err != nil {
				continue
			}
			rt := retrofit.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: schema, Typed: t.OutputSchema != nil}
			if t.Annotations != nil {
				rt.Annotated, rt.ReadOnly = true, t.Annotations.ReadOnlyHint
			}
			out = append(out, rt)
		}
		tools.Learn(out)
	}
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			switch method {
			case "tools/list":
				res, err := next(ctx, method, req)
				if list, ok := res.(*sdk.ListToolsResult); ok && err == nil {
					learn(list.Tools)
				}
				return res, err
			case "tools/call":
				call, ok := req.(*sdk.CallToolRequest)
				if !ok || call.Params == nil {
					return next(ctx, method, req)
				}
				if !tools.Known(call.Params.Name) {
					learn(listAll(ctx, next, call.Session))
				}
				c := tools.Read(ctx, call.Params.Name, call.Params.Arguments)
				switch {
				case c.Pass:
					return next(ctx, method, req)
				case c.Refusal != nil:
					return Result(c.Refusal), nil
				}
				call.Params.Arguments = c.Arguments
				res, err := next(ctx, method, req)
				if out, ok := res.(*sdk.CallToolResult); ok && err == nil && out != nil {
					if issue, ok := undecoded(out, c.Arguments); ok {
						refused := c.Tool.Refuse(c.Read, issue)
						refused.HasOutputSchema = c.Read.HasOutputSchema
						return Result(refused), nil
					}
					attachNotes(out, c.Read)
				}
				return res, err
			}
			return next(ctx, method, req)
		}
	}
}

// listAll pages through the server's own tools/list, within a budget of
// pages.
func listAll(ctx context.Context, next sdk.MethodHandler, session *sdk.ServerSession) []*sdk.Tool {
	var tools []*sdk.Tool
	cursor := ""
	for range 100 {
		res, err := next(ctx, "tools/list", &sdk.ListToolsRequest{Session: session, Params: &sdk.ListToolsParams{Cursor: cursor}})
		list, ok := res.(*sdk.ListToolsResult)
		if err != nil || !ok {
			break
		}
		tools = append(tools, list.Tools...)
		if list.NextCursor == "" {
			break
		}
		cursor = list.NextCursor
	}
	return tools
}

// attachNotes adds the notes and warnings of the read to a result of the
// server's own handler: the filters it dropped first, before the result,
// the rest after it.
func attachNotes(out *sdk.CallToolResult, read *factory.Result) {
	if len(read.Notes) == 0 && len(read.Warnings) == 0 {
		return
	}
	if text := reply.DroppedText(read); text != "" {
		out.Content = append([]sdk.Content{&sdk.TextContent{Text: text}}, out.Content...)
	}
	if out.Meta == nil {
		out.Meta = sdk.Meta{}
	}
	out.Meta[reply.MetaKey] = map[string]any{"notes": read.Notes, "warnings": read.Warnings}
	out.Content = append(out.Content, &sdk.TextContent{Text: reply.InputReadText(read)})
}

// timeExpected is what a time.Time field takes: go-sdk advertises it as a
// plain string, and only its decoding says RFC 3339.
const timeExpected = `a date and time in RFC 3339, with its offset, for example "2026-10-01T09:30:00Z"`

// undecoded recognizes the tool error go-sdk answers with when the
// normalized arguments, which the schema admits, do not decode into the
// handler's Go type (a json.UnmarshalTypeError, which names the field): the
// handler never ran, and the call is an ask at that property naming what
// to send, not the decoder's message. Any other error is the handler's own.
func undecoded(out *sdk.CallToolResult, arguments json.RawMessage) (agentinput.Issue, bool) {
	var ute *json.UnmarshalTypeError
	if !out.IsError || !errors.As(out.GetError(), &ute) || ute.Field == "" {
		return agentinput.Issue{}, false
	}
	var args any
	d := json.NewDecoder(bytes.NewReader(arguments))
	d.UseNumber()
	if d.Decode(&args) != nil {
		return agentinput.Issue{}, false
	}
	loc := strings.Split(ute.Field, ".")
	v := args
	for _, tok := range loc {
		m, ok := v.(map[string]any)
		if !ok {
			return agentinput.Issue{}, false
		}
		if v, ok = m[tok]; !ok {
			return agentinput.Issue{}, false // not a value of these arguments: the handler's own decoding
		}
	}
	path := ""
	for _, tok := range loc {
		path += "/" + strings.ReplaceAll(strings.ReplaceAll(agentinput.Cut(tok), "~", "~0"), "/", "~1")
	}
	ask := agentinput.Ask{
		Code:     agentinput.AskWrongType,
		Received: agentinput.Received(v),
		Reason:   "the tool cannot take it as the value of this property",
		Expected: "the value the property's description asks for",
	}
	if ute.Type == reflect.TypeFor[time.Time]() {
		ask.Code = agentinput.AskInvalid
		ask.Reason = "it is not a date and time in RFC 3339"
		ask.Expected = timeExpected
	}
	ask.Hint = "Send " + ask.Expected
	return agentinput.Issue{Path: path, Ask: ask}, true
}
