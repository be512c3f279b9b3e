package host_test

import (
	"context"
	"errors"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

// Every schema outside the strict profile fails discovery with
// mcp_schema_unsupported; the profile's own keywords bind.
func TestSchemaProfile(t *testing.T) {
	str := map[string]any{"type": "string"}
	unsupported := map[string]map[string]any{
		"ref":               closed(map[string]any{"a": map[string]any{"$ref": "#/$defs/x"}}),
		"defs":              {"type": "object", "additionalProperties": false, "$defs": map[string]any{"x": str}},
		"draft-07":          {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "additionalProperties": false},
		"2020-12 with #":    {"$schema": "https://json-schema.org/draft/2020-12/schema#", "type": "object", "additionalProperties": false},
		"nested $schema":    closed(map[string]any{"a": map[string]any{"type": "string", "$schema": host.Dialect}}),
		"default":           closed(map[string]any{"a": map[string]any{"type": "string", "default": "x"}}),
		"format date-time":  closed(map[string]any{"a": map[string]any{"type": "string", "format": "date-time"}}),
		"format email":      closed(map[string]any{"a": map[string]any{"type": "string", "format": "email"}}),
		"vendor metadata":   closed(map[string]any{"a": map[string]any{"type": "string", "x-internal": true}}),
		"open root":         {"type": "object", "properties": map[string]any{"a": str}},
		"open nested":       closed(map[string]any{"a": map[string]any{"type": "object"}}),
		"schema additional": {"type": "object", "additionalProperties": str},
		"oneOf":             closed(map[string]any{"a": map[string]any{"oneOf": []any{str}}}),
		"tuple items":       closed(map[string]any{"a": map[string]any{"type": "array", "items": []any{str}}}),
		"boolean schema":    closed(map[string]any{"a": true}),
		"bad type":          closed(map[string]any{"a": map[string]any{"type": "date"}}),
		"negative length":   closed(map[string]any{"a": map[string]any{"type": "string", "maxLength": -1}}),
	}
	for name, schema := range unsupported {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "")
			f.server.AddTool(&sdk.Tool{Name: "read_x", InputSchema: schema}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
			h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_x"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.Discover(context.Background())
			var he *host.Error
			if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported || he.Tool != "read_x" {
				t.Fatalf("got %v", err)
			}
			// The same schema as an output schema fails too (date-time is
			// asserted there, and taken).
			if name == "format date-time" {
				return
			}
			f.server.AddTool(&sdk.Tool{Name: "read_y", InputSchema: closed(nil), OutputSchema: schema}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
			h, _ = host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_y"))
			if _, err = h.Discover(context.Background()); !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported {
				t.Fatalf("as an output schema: %v", err)
			}
		})
	}
	// Everything the profile names, at once, binds.
	full := map[string]any{
		"$schema": host.Dialect, "type": "object", "additionalProperties": false, "title": "T", "description": "D",
		"required": []any{"n"},
		"properties": map[string]any{
			"n":    map[string]any{"type": "integer", "minimum": 1, "maximum": 9, "exclusiveMinimum": 0, "exclusiveMaximum": 10},
			"s":    map[string]any{"type": []any{"string", "null"}, "minLength": 1, "maxLength": 9, "enum": []any{"a", "b", nil}},
			"c":    map[string]any{"const": "x"},
			"day":  map[string]any{"type": "string", "format": "date", "examples": []any{"2026-10-01"}},
			"id":   map[string]any{"type": "string", "format": "uuid"},
			"list": map[string]any{"type": "array", "minItems": 1, "maxItems": 3, "items": map[string]any{"type": "string"}},
			"obj":  closed(map[string]any{"deep": map[string]any{"type": "boolean"}}),
		},
	}
	f := newFixture(t, "")
	f.server.AddTool(&sdk.Tool{Name: "read_full", InputSchema: full, OutputSchema: full}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{}, nil
	})
	h := f.bind(t, host.Options{}, read("read_full"))
	s, _ := h.Current()
	if got := string(s.Entries()[0].InputSchema); got[:len(`{"$schema":"`)] != `{"$schema":"` {
		t.Errorf("the $schema is not kept: %s", got)
	}
	// A schema over the byte budget fails too.
	h, _ = host.New(f.cs, f.mon, host.Options{ServerID: "fixture", Budget: host.Budget{SchemaBytes: 100}}, read("read_full"))
	var he *host.Error
	if _, err := h.Discover(context.Background()); !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported {
		t.Errorf("over the schema budget: %v", err)
	}
}
