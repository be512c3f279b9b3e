// Package mcpgo makes a server written with github.com/mark3labs/mcp-go
// lenient without rewriting its tools, as factory/mcp.Lenient does for
// go-sdk: one call adds a tool-handler middleware that reads each call's
// arguments by the kinds the tool's advertised input schema implies
// (types, formats, enums, names), hands the normalized arguments to the
// unchanged handler, and answers an ask with the envelope as an error
// result; notes travel in _meta and an "Input read" text block.
//
//	s := server.NewMCPServer("orders", "1.0.0")
//	s.AddTool(...)
//	mcpgo.Lenient(s)
//
// It is its own module, so that importing the kinds or the factory never
// pulls mcp-go, and importing it never links go-sdk: it builds on the
// SDK-neutral factory/retrofit and factory/reply.
//
// mcp-go does not validate arguments against a tool's schema unless the
// server says server.WithInputSchemaValidation, which runs before any
// middleware and so refuses "4 000" before the retrofit reads it: leave it
// off (the retrofit validates the normalized arguments with the same
// schema). The advertised schema stands for what the server takes: a call
// that satisfies it, as sent, is never refused but for the classes a
// retrofit stands by (retrofit.Relaxed, docs/retrofit.md). The session's
// own tools are read by their own schemas; a task tool's calls go through
// unread.
package mcpgo

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/factory/reply"
	"agentinput.dev/factory/retrofit"
	"agentinput.dev/kinds/bytes"
)

// Options configures the retrofit (retrofit.Options: Vocabularies,
// Observer, Unannotated, IntentOf, Relax). The zero value is Lenient's.
type Options = retrofit.Options

// Relaxed names the classes of value the retrofit asks about even where
// the server alone takes the call (retrofit.Relaxed).
type Relaxed = retrofit.Relaxed

// Lenient makes every tool of s lenient: LenientWith(s, Options{}).
func Lenient(s *server.MCPServer) { LenientWith(s, Options{}) }

// LenientWith makes every tool of s lenient with options: s.Use of
// Middleware(s, o).
func LenientWith(s *server.MCPServer, o Options) { s.Use(Middleware(s, o)) }

// Middleware is the retrofit as a tool-handler middleware of s, for a
// server that orders its middlewares itself (server.WithToolHandlerMiddleware
// or s.Use). It reads each tool by the schema s advertises for it at the
// time of the call, so a tool added or changed later is read by its new
// schema.
func Middleware(s *server.MCPServer, o Options) server.ToolHandlerMiddleware {
	tools := retrofit.New(o)
	var described sync.Map // describedKey → retrofit.Tool
	var entries atomic.Int64
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			tool, ok := lookup(ctx, s, req.Params.Name)
			if !ok {
				return next(ctx, req)
			}
			// A tool's schema is encoded once, not at every call: a
			// registered mcp.Tool shares its schema's map and slices, so
			// the same ones are the same schema.
			key := keyOf(tool)
			var t retrofit.Tool
			if v, ok := described.Load(key); ok {
				t = v.(retrofit.Tool)
			} else if t, ok = describe(tool); ok {
				// Each session's own tools are tools of their own: the
				// cache is emptied at maxDescribed rather than grow with
				// the sessions.
				if entries.Add(1) > maxDescribed {
					described.Clear()
					entries.Store(1)
				}
				described.Store(key, t)
			} else {
				return next(ctx, req)
			}
			c := tools.ReadTool(ctx, t, arguments(req))
			switch {
			case c.Pass:
				return next(ctx, req)
			case c.Refusal != nil:
				return Result(c.Refusal), nil
			}
			// The handler reads either form: GetArguments the decoded
			// map (numbers as float64, as mcp-go decodes them),
			// BindArguments the exact bytes.
			var args any
			if json.Unmarshal(c.Arguments, &args) != nil {
				return next(ctx, req)
			}
			req.Params.Arguments, req.Params.RawArguments = args, c.Arguments
			res, err := next(ctx, req)
			if err == nil && res != nil {
				attachNotes(res, c.Read)
			}
			return res, err
		}
	}
}

// lookup finds the tool a call names as mcp-go does: the session's own
// tools first, then the server's. A task tool is not found: its calls go
// through unread.
func lookup(ctx context.Context, s *server.MCPServer, name string) (mcp.Tool, bool) {
	if session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if st, ok := session.GetSessionTools()[name]; ok {
			return st.Tool, true
		}
	}
	if st := s.GetTool(name); st != nil {
		return st.Tool, true
	}
	return mcp.Tool{}, false
}

// maxDescribed is the most tool descriptions the middleware keeps encoded.
const maxDescribed = 4096

// describedKey is the identity of what a tool advertises: its name, its
// annotation, and the map, slices and bytes its schemas are made of.
type describedKey struct {
	name           string
	title          string
	readOnly       *bool
	props, outputs uintptr
	required       uintptr
	requiredLen    int
	raw, rawOut    *byte
	rawLen         int
}

func keyOf(t mcp.Tool) describedKey {
	k := describedKey{name: t.Name, title: t.Title, readOnly: t.Annotations.ReadOnlyHint, requiredLen: len(t.InputSchema.Required), rawLen: len(t.RawInputSchema)}
	k.props = reflect.ValueOf(t.InputSchema.Properties).Pointer()
	k.outputs = reflect.ValueOf(t.OutputSchema.Properties).Pointer()
	if len(t.InputSchema.Required) > 0 {
		k.required = reflect.ValueOf(t.InputSchema.Required).Pointer()
	}
	if len(t.RawInputSchema) > 0 {
		k.raw = &t.RawInputSchema[0]
	}
	if len(t.RawOutputSchema) > 0 {
		k.rawOut = &t.RawOutputSchema[0]
	}
	return k
}

// describe is what s advertises of t, in the retrofit's terms.
func describe(t mcp.Tool) (retrofit.Tool, bool) {
	schema := t.RawInputSchema
	if schema == nil {
		var err error
		if schema, err = json.Marshal(t.InputSchema); err != nil {
			return retrofit.Tool{}, false
		}
	}
	rt := retrofit.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: schema,
		Typed: t.RawOutputSchema != nil || t.OutputSchema.Type != ""}
	if t.Annotations.ReadOnlyHint != nil {
		rt.Annotated, rt.ReadOnly = true, *t.Annotations.ReadOnlyHint
	}
	return rt, true
}

// arguments are a call's arguments as they were sent: the bytes off the
// wire when mcp-go kept them, else the decoded value encoded again.
func arguments(req mcp.CallToolRequest) json.RawMessage {
	if len(req.Params.RawArguments) > 0 {
		return req.Params.RawArguments
	}
	if req.Params.Arguments == nil {
		return json.RawMessage(`{}`)
	}
	raw, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return json.RawMessage(`{}`)
	}
	return raw
}

// Result renders a factory result as an mcp-go tool result: reply.Of in
// mcp-go's types.
func Result(res *factory.Result) *mcp.CallToolResult {
	r := reply.Of(res)
	out := &mcp.CallToolResult{IsError: r.IsError, Content: Content(r.Content), StructuredContent: r.Structured}
	if r.Meta != nil {
		out.Meta = mcp.NewMetaFromMap(r.Meta)
	}
	return out
}

// attachNotes adds the notes and warnings of a read to a result of the
// server's own handler: the filters it dropped first, before the result,
// the rest after it.
func attachNotes(out *mcp.CallToolResult, read *factory.Result) {
	if len(read.Notes) == 0 && len(read.Warnings) == 0 {
		return
	}
	if text := reply.DroppedText(read); text != "" {
		out.Content = append([]mcp.Content{mcp.NewTextContent(text)}, out.Content...)
	}
	if out.Meta == nil {
		out.Meta = &mcp.Meta{}
	}
	if out.Meta.AdditionalFields == nil {
		out.Meta.AdditionalFields = map[string]any{}
	}
	out.Meta.AdditionalFields[reply.MetaKey] = map[string]any{"notes": read.Notes, "warnings": read.Warnings}
	out.Content = append(out.Content, mcp.NewTextContent(reply.InputReadText(read)))
}

// Content maps the factory's content blocks to mcp-go's, in order: text,
// image, audio, an embedded resource (text or blob), a resource link.
func Content(blocks []protocol.Block) []mcp.Content {
	out := make([]mcp.Content, 0, len(blocks))
	for _, b := range blocks {
		out = append(out, block(b))
	}
	return out
}

func block(b protocol.Block) mcp.Content {
	data := func() string { return bytes.Format(bytes.Bytes{Data: b.Data}) }
	switch b.Type {
	case protocol.BlockImage:
		return mcp.NewImageContent(data(), b.MIMEType)
	case protocol.BlockAudio:
		return mcp.NewAudioContent(data(), b.MIMEType)
	case protocol.BlockResource:
		if b.Data != nil {
			return mcp.NewEmbeddedResource(mcp.BlobResourceContents{URI: b.URI, MIMEType: b.MIMEType, Blob: data()})
		}
		return mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: b.URI, MIMEType: b.MIMEType, Text: b.Text})
	case protocol.BlockResourceLink:
		return mcp.NewResourceLink(b.URI, b.Name, b.Description, b.MIMEType)
	}
	return mcp.NewTextContent(b.Text)
}
