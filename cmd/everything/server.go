package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
)

// newServer builds the everything server: the factory's tools through
// factory/mcp, the resources, template, prompts and completions from a
// factory/catalog through factory/mcp.RegisterCatalog, and resource
// subscriptions on go-sdk (the catalog does not serve them). logger gets
// one record per tool call.
func newServer(logger *slog.Logger) (*sdk.Server, error) {
	obs := observe.Slog{Logger: logger}
	subs := &subscriptions{uris: map[string]bool{}}
	cat, err := newCatalog()
	if err != nil {
		return nil, err
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "agentinput-everything", Title: "agentinput: the MCP conformance suite's everything server", Version: "v0.1.0"},
		&sdk.ServerOptions{
			// Declared by hand, so go-sdk's default (logging) is named
			// too; RegisterCatalog keeps subscribe, which go-sdk serves.
			Capabilities: &sdk.ServerCapabilities{
				//lint:ignore SA1019 logging is served through its deprecation window (SEP-2577): the suite's logging scenarios use it
				Logging:   &sdk.LoggingCapabilities{},
				Resources: &sdk.ResourceCapabilities{Subscribe: true},
			},
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
	agentmcp.RegisterCatalog(s, cat)
	return s, nil
}

// schema2020 is json_schema_2020_12_tool's input schema, as the suite
// writes it: $schema, $defs with a $ref to them, additionalProperties
// false, each kept as it is in tools/list.
var schema2020 = json.RawMessage(`{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object",
	"$defs": {"address": {"type": "object", "properties": {"street": {"type": "string", "description": "The street and house number"}, "city": {"type": "string", "description": "The city"}}}},
	"properties": {"name": {"type": "string", "description": "The person's name"}, "address": {"$ref": "#/$defs/address", "description": "Where the person lives"}},
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
