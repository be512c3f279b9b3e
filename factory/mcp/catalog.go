package mcp

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/catalog"
	"agentinput.dev/factory/protocol"
)

// MetaNotes is the _meta key of a read's notes on a resources/read result:
// how a template's parameters were read (the contents' URI is then the
// canonical one, not the one requested).
const MetaNotes = "agentinput.dev/notes"

// RegisterCatalog serves c's resources, templates and prompts on s, and
// completions of their parameters. The catalog answers resources/list,
// resources/templates/list, resources/read, prompts/list, prompts/get and
// completion/complete itself — in a receiving middleware, before go-sdk's
// own registries, which it replaces: a server serves its resources and
// prompts from one place — so that a URI go-sdk's template matcher would
// not take ("decision://{ABC…}") still reaches the kinds, and the
// listings page with the catalog's cursors. initialize declares exactly
// what the catalog serves: resources, prompts and completions, each only
// when there is one, with no listChanged (the catalog is fixed once built)
// and subscribe only as the server's own options declare it (it serves
// resources/subscribe with ServerOptions.SubscribeHandler, and says so in
// ServerOptions.Capabilities.Resources). Failures are JSON-RPC errors whose data is
// catalog.ErrorData ({uri or prompt, hint, issues}).
func RegisterCatalog(s *sdk.Server, c *catalog.Catalog) {
	s.AddReceivingMiddleware(cutErrors, serveCatalog(c))
}

func serveCatalog(c *catalog.Catalog) sdk.Middleware {
	caps := c.Capabilities()
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			switch method {
			case "initialize", "server/discover":
				res, err := next(ctx, method, req)
				if err == nil {
					declare(res, caps)
				}
				return res, err
			case "resources/list":
				return listResources(ctx, c, req)
			case "resources/templates/list":
				return listTemplates(ctx, c, req)
			case "resources/read":
				return readResource(ctx, c, req)
			case "prompts/list":
				return listPrompts(ctx, c, req)
			case "prompts/get":
				return getPrompt(ctx, c, req)
			case "completion/complete":
				return completeArgument(c, req)
			}
			return next(ctx, method, req)
		}
	}
}

// declare sets the capabilities the catalog serves on an initialize or
// discover result, on a copy of its capabilities.
func declare(res sdk.Result, caps catalog.Capabilities) {
	var sc **sdk.ServerCapabilities
	switch r := res.(type) {
	case *sdk.InitializeResult:
		sc = &r.Capabilities
	case *sdk.DiscoverResult:
		sc = &r.Capabilities
	default:
		return
	}
	out := sdk.ServerCapabilities{}
	if *sc != nil {
		out = **sc
	}
	if caps.Resources {
		// subscribe as the server declared it (ServerOptions.Capabilities
		// with a SubscribeHandler): the catalog does not serve it.
		r := &sdk.ResourceCapabilities{}
		if out.Resources != nil {
			r.Subscribe = out.Resources.Subscribe
		}
		out.Resources = r
	}
	if caps.Prompts {
		out.Prompts = &sdk.PromptCapabilities{}
	}
	if caps.Completions {
		out.Completions = &sdk.CompletionCapabilities{}
	}
	*sc = &out
}

// rpcError is the JSON-RPC error of a catalog Error, its data as JSON.
func rpcError(e *catalog.Error) error {
	data, err := json.Marshal(e.Data)
	if err != nil {
		data = nil
	}
	return &jsonrpc.Error{Code: int64(e.Code), Message: e.Message, Data: data}
}

func annotations(a *protocol.Annotations) *sdk.Annotations {
	if a == nil {
		return nil
	}
	out := &sdk.Annotations{Priority: a.Priority, LastModified: a.LastModified}
	for _, r := range a.Audience {
		out.Audience = append(out.Audience, sdk.Role(r))
	}
	return out
}

func fromAnnotations(a *sdk.Annotations) *protocol.Annotations {
	if a == nil {
		return nil
	}
	out := &protocol.Annotations{Priority: a.Priority, LastModified: a.LastModified}
	for _, r := range a.Audience {
		out.Audience = append(out.Audience, string(r))
	}
	return out
}

func listResources(ctx context.Context, c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	var cur string
	if r, ok := req.(*sdk.ListResourcesRequest); ok && r.Params != nil {
		cur = r.Params.Cursor
	}
	list, next, e := c.ListResources(withPrincipal(ctx, req), cur)
	if e != nil {
		return nil, rpcError(e)
	}
	out := &sdk.ListResourcesResult{Resources: []*sdk.Resource{}, NextCursor: next}
	for _, d := range list {
		out.Resources = append(out.Resources, &sdk.Resource{URI: d.URI, Name: d.Name, Title: d.Title, Description: d.Description,
			MIMEType: d.MIMEType, Annotations: annotations(d.Annotations.Protocol())})
	}
	return out, nil
}

func listTemplates(ctx context.Context, c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	var cur string
	if r, ok := req.(*sdk.ListResourceTemplatesRequest); ok && r.Params != nil {
		cur = r.Params.Cursor
	}
	list, next, e := c.ListTemplates(withPrincipal(ctx, req), cur)
	if e != nil {
		return nil, rpcError(e)
	}
	out := &sdk.ListResourceTemplatesResult{ResourceTemplates: []*sdk.ResourceTemplate{}, NextCursor: next}
	for _, d := range list {
		out.ResourceTemplates = append(out.ResourceTemplates, &sdk.ResourceTemplate{URITemplate: d.URI, Name: d.Name, Title: d.Title,
			Description: d.Description, MIMEType: d.MIMEType, Annotations: annotations(d.Annotations.Protocol())})
	}
	return out, nil
}

func readResource(ctx context.Context, c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	r, ok := req.(*sdk.ReadResourceRequest)
	if !ok || r.Params == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "resources/read needs params.uri"}
	}
	res, e := c.Read(withPrincipal(ctx, req), r.Params.URI)
	if e != nil {
		return nil, rpcError(e)
	}
	out := &sdk.ReadResourceResult{}
	for _, ct := range res.Contents {
		out.Contents = append(out.Contents, &sdk.ResourceContents{URI: ct.URI, MIMEType: ct.MIMEType, Text: ct.Text, Blob: ct.Blob, Meta: ct.Meta})
	}
	if len(res.Notes) > 0 || len(res.Warnings) > 0 {
		out.Meta = sdk.Meta{MetaNotes: map[string]any{"notes": res.Notes, "warnings": res.Warnings}}
	}
	return out, nil
}

func listPrompts(ctx context.Context, c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	var cur string
	if r, ok := req.(*sdk.ListPromptsRequest); ok && r.Params != nil {
		cur = r.Params.Cursor
	}
	list, next, e := c.ListPrompts(withPrincipal(ctx, req), cur)
	if e != nil {
		return nil, rpcError(e)
	}
	out := &sdk.ListPromptsResult{Prompts: []*sdk.Prompt{}, NextCursor: next}
	for _, p := range list {
		sp := &sdk.Prompt{Name: p.Name, Title: p.Title, Description: p.Description}
		for _, a := range p.Arguments {
			sp.Arguments = append(sp.Arguments, &sdk.PromptArgument{Name: a.Name, Description: a.Description, Required: a.Required})
		}
		out.Prompts = append(out.Prompts, sp)
	}
	return out, nil
}

func getPrompt(ctx context.Context, c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	r, ok := req.(*sdk.GetPromptRequest)
	if !ok || r.Params == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "prompts/get needs params.name"}
	}
	res, e := c.Get(withPrincipal(ctx, req), r.Params.Name, r.Params.Arguments)
	if e != nil {
		return nil, rpcError(e)
	}
	out := &sdk.GetPromptResult{Description: res.Description}
	for _, m := range res.Messages {
		out.Messages = append(out.Messages, &sdk.PromptMessage{Role: sdk.Role(m.Role), Content: block(m.Content)})
	}
	return out, nil
}

func completeArgument(c *catalog.Catalog, req sdk.Request) (sdk.Result, error) {
	r, ok := req.(*sdk.CompleteRequest)
	if !ok || r.Params == nil || r.Params.Ref == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "completion/complete needs params.ref and params.argument"}
	}
	got := c.Complete(catalog.Ref{Type: r.Params.Ref.Type, URI: r.Params.Ref.URI, Name: r.Params.Ref.Name}, r.Params.Argument.Name, r.Params.Argument.Value)
	return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{Values: got.Values, Total: got.Total, HasMore: got.HasMore}}, nil
}

// withPrincipal scopes a request's context to its principal, as a tool
// call's is (withSession): the listings' cursors are bound to it, so they
// page on after a reconnect or on another replica.
func withPrincipal(ctx context.Context, req sdk.Request) context.Context {
	if x := req.GetExtra(); x != nil && x.TokenInfo != nil {
		return protocol.WithPrincipal(ctx, x.TokenInfo.UserID)
	}
	return ctx
}
