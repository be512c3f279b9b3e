package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
)

// newServer builds the everything server: the factory's tools through
// factory/mcp, the resources, templates, prompts and completions on the
// go-sdk server directly. logger gets one record per tool call.
func newServer(logger *slog.Logger) (*sdk.Server, error) {
	obs := observe.Slog{Logger: logger}
	subs := &subscriptions{uris: map[string]bool{}}
	s := sdk.NewServer(&sdk.Implementation{Name: "agentinput-everything", Title: "agentinput: the MCP conformance suite's everything server", Version: "v0.1.0"},
		&sdk.ServerOptions{
			CompletionHandler:  complete,
			SubscribeHandler:   subs.subscribe,
			UnsubscribeHandler: subs.unsubscribe,
		})
	list, err := tools(obs)
	if err != nil {
		return nil, err
	}
	agentmcp.Register(s, list...)
	if err := addSchemaTool(s, obs); err != nil {
		return nil, err
	}
	addResources(s)
	addPrompts(s)
	return s, nil
}

// schema2020 is json_schema_2020_12_tool's input schema, as the suite
// writes it: $schema, $defs with a $ref to them, additionalProperties
// false, each kept as it is in tools/list.
var schema2020 = json.RawMessage(`{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object",
	"$defs": {"address": {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
	"properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"}},
	"additionalProperties": false
}`)

// addSchemaTool registers json_schema_2020_12_tool: a tool whose schema is
// written by hand, so it is declared with factory.FromSchema, which binds
// its properties from that schema, reads a call leniently (notes, the
// envelope, an unknown property asked about) and validates the normalized
// arguments with the schema as written; the tool's own handler then answers
// the arguments it was given.
func addSchemaTool(s *sdk.Server, obs observe.Observer) error {
	t, err := factory.FromSchema(factory.Spec{
		Name:        "json_schema_2020_12_tool",
		Title:       "JSON Schema 2020-12",
		Description: "Tool with JSON Schema 2020-12 features: its input schema keeps $schema, $defs and additionalProperties. Use when checking that a schema reaches the client unchanged.",
		Intent:      factory.IntentRead,
		Observer:    obs,
	}, schema2020)
	if err != nil {
		return err
	}
	s.AddTool(agentmcp.Describe(t), func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var args json.RawMessage
		if req != nil && req.Params != nil {
			args = req.Params.Arguments
		}
		res := t.Call(ctx, args)
		if res.Envelope == nil {
			got, err := json.Marshal(res.Arguments)
			if err != nil {
				got = []byte(`{}`)
			}
			res.Output = protocol.Content{
				Blocks:     []protocol.Block{protocol.Text("Received the arguments " + string(got))},
				Structured: res.Arguments,
			}
		}
		return agentmcp.Result(res), nil
	})
	return nil
}

// subscriptions are the resource URIs a client subscribed to.
type subscriptions struct {
	mu   sync.Mutex
	uris map[string]bool
}

func (s *subscriptions) subscribe(_ context.Context, req *sdk.SubscribeRequest) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.uris[req.Params.URI] = true
	return nil
}

func (s *subscriptions) unsubscribe(_ context.Context, req *sdk.UnsubscribeRequest) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.uris, req.Params.URI)
	return nil
}

// The texts of the fixture resources.
const (
	staticText  = "This is the content of the static text resource."
	watchedText = "This resource is watched: subscribe to hear of its updates."
)

func addResources(s *sdk.Server) {
	text := func(uri, mime, body string) sdk.ResourceHandler {
		return func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: mime, Text: body}}}, nil
		}
	}
	s.AddResource(&sdk.Resource{URI: "test://static-text", Name: "static-text", Title: "Static text",
		Description: "A static text resource", MIMEType: "text/plain"}, text("test://static-text", "text/plain", staticText))
	s.AddResource(&sdk.Resource{URI: "test://static-binary", Name: "static-binary", Title: "Static binary",
		Description: "A static binary resource: a 1x1 red PNG", MIMEType: "image/png"},
		func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: "test://static-binary", MIMEType: "image/png", Blob: redPixelPNG}}}, nil
		})
	s.AddResource(&sdk.Resource{URI: "test://watched-resource", Name: "watched-resource", Title: "Watched resource",
		Description: "A resource a client may subscribe to", MIMEType: "text/plain"}, text("test://watched-resource", "text/plain", watchedText))
	s.AddResourceTemplate(&sdk.ResourceTemplate{URITemplate: "test://template/{id}/data", Name: "template-data", Title: "Data by id",
		Description: "Data for one id, substituted into the URI", MIMEType: "application/json"},
		func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			uri := req.Params.URI
			id, ok := templateID(uri)
			if !ok {
				return nil, sdk.ResourceNotFoundError(uri)
			}
			body, err := json.Marshal(map[string]any{"id": id, "templateTest": true, "data": "Data for ID: " + id})
			if err != nil {
				return nil, err
			}
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(body)}}}, nil
		})
}

// templateID is the {id} of a test://template/{id}/data URI, unescaped.
func templateID(uri string) (string, bool) {
	rest, ok := strings.CutPrefix(uri, "test://template/")
	if !ok {
		return "", false
	}
	raw, ok := strings.CutSuffix(rest, "/data")
	if !ok || raw == "" || strings.Contains(raw, "/") {
		return "", false
	}
	id, err := url.PathUnescape(raw)
	if err != nil {
		return "", false
	}
	return id, true
}

func addPrompts(s *sdk.Server) {
	user := func(c sdk.Content) *sdk.PromptMessage { return &sdk.PromptMessage{Role: "user", Content: c} }
	s.AddPrompt(&sdk.Prompt{Name: "test_simple_prompt", Title: "Simple prompt", Description: "A simple prompt without arguments"},
		func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{user(&sdk.TextContent{Text: "This is a simple prompt for testing."})}}, nil
		})
	s.AddPrompt(&sdk.Prompt{Name: "test_prompt_with_arguments", Title: "Prompt with arguments", Description: "A prompt with two required arguments",
		Arguments: []*sdk.PromptArgument{
			{Name: "arg1", Description: "First test argument", Required: true},
			{Name: "arg2", Description: "Second test argument", Required: true},
		}},
		func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			a := req.Params.Arguments
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{
				user(&sdk.TextContent{Text: "Prompt with arguments: arg1='" + a["arg1"] + "', arg2='" + a["arg2"] + "'"})}}, nil
		})
	s.AddPrompt(&sdk.Prompt{Name: "test_prompt_with_embedded_resource", Title: "Prompt with an embedded resource",
		Description: "A prompt that embeds the resource its argument names",
		Arguments:   []*sdk.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}}},
		func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{
				user(&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain",
					Text: "Embedded resource content for testing."}}),
				user(&sdk.TextContent{Text: "Please process the embedded resource above."}),
			}}, nil
		})
	s.AddPrompt(&sdk.Prompt{Name: "test_prompt_with_image", Title: "Prompt with an image", Description: "A prompt with an image"},
		func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
			return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{
				user(&sdk.ImageContent{Data: redPixelPNG, MIMEType: "image/png"}),
				user(&sdk.TextContent{Text: "Please analyze the image above."}),
			}}, nil
		})
}

// completions are the values completion/complete offers, by prompt and
// argument.
var completions = map[string]map[string][]string{
	"test_prompt_with_arguments": {
		"arg1": {"paris", "park", "party", "test", "testValue1"},
		"arg2": {"testValue2", "world"},
	},
}

// complete offers the values of a prompt's argument that begin with what
// was typed (without letter case), in their order; none for anything else.
func complete(_ context.Context, req *sdk.CompleteRequest) (*sdk.CompleteResult, error) {
	values := []string{}
	if p := req.Params; p != nil && p.Ref != nil && p.Ref.Type == "ref/prompt" {
		typed := strings.ToLower(p.Argument.Value)
		for _, v := range completions[p.Ref.Name][p.Argument.Name] {
			if strings.HasPrefix(strings.ToLower(v), typed) && !slices.Contains(values, v) {
				values = append(values, v)
			}
		}
	}
	return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{Values: values, Total: len(values)}}, nil
}
