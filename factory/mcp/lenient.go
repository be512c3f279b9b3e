package mcp

import (
	"context"
	"encoding/json"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
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
// A tool annotated readOnlyHint reads placeholders as absence; any other
// tool is treated as one that changes data, where a placeholder is asked
// about (the safe side when a server does not say).
func Lenient() sdk.Middleware {
	var mu sync.Mutex
	learned := map[string]*learnedTool{}
	learn := func(tools []*sdk.Tool) {
		mu.Lock()
		defer mu.Unlock()
		for _, t := range tools {
			schema, err := json.Marshal(t.InputSchema)
			if err != nil {
				continue
			}
			if l, ok := learned[t.Name]; ok && l.schema == string(schema) {
				continue
			}
			intent := factory.IntentDo
			if t.Annotations != nil && t.Annotations.ReadOnlyHint {
				intent = factory.IntentRead
			}
			ft, err := factory.FromSchema(factory.Spec{Name: t.Name, Title: t.Title, Description: t.Description, Intent: intent, Observer: quiet{}}, schema)
			if err != nil {
				// A schema the factory cannot read: the tool keeps the
				// server's own handling.
				learned[t.Name] = &learnedTool{schema: string(schema)}
				continue
			}
			learned[t.Name] = &learnedTool{schema: string(schema), tool: ft}
		}
	}
	lookup := func(name string) (*factory.Tool, bool) {
		mu.Lock()
		defer mu.Unlock()
		l, ok := learned[name]
		if !ok {
			return nil, false
		}
		return l.tool, true
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
				tool, known := lookup(call.Params.Name)
				if !known {
					learn(listAll(ctx, next, call.Session))
					tool, _ = lookup(call.Params.Name)
				}
				if tool == nil {
					return next(ctx, method, req)
				}
				read := tool.Call(ctx, call.Params.Arguments)
				if read.Envelope != nil {
					return Result(read), nil
				}
				args, err := json.Marshal(read.Arguments)
				if err != nil {
					return next(ctx, method, req)
				}
				call.Params.Arguments = args
				res, err := next(ctx, method, req)
				if out, ok := res.(*sdk.CallToolResult); ok && err == nil && out != nil {
					attachNotes(out, read)
				}
				return res, err
			}
			return next(ctx, method, req)
		}
	}
}

type learnedTool struct {
	schema string
	tool   *factory.Tool // nil: the factory cannot read this schema
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
// server's own handler.
func attachNotes(out *sdk.CallToolResult, read *factory.Result) {
	if len(read.Notes) == 0 && len(read.Warnings) == 0 {
		return
	}
	if out.Meta == nil {
		out.Meta = sdk.Meta{}
	}
	out.Meta[MetaKey] = map[string]any{"notes": read.Notes, "warnings": read.Warnings}
	out.Content = append(out.Content, &sdk.TextContent{Text: InputReadText(read)})
}

type quiet struct{}

func (quiet) Observe(context.Context, factory.Event) {}
