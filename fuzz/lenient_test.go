package fuzz_test

import (
	"context"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/mcp"
	"agentinput.dev/fuzz"
)

type findIn struct {
	Query  string `json:"query" jsonschema:"words to search for"`
	Limit  int    `json:"limit,omitempty" jsonschema:"how many notes to return"`
	Pinned bool   `json:"pinned,omitempty" jsonschema:"only pinned notes"`
}

// TestLenientServer: fuzz.Lenient over a go-sdk server's typed tool: every
// spelling the kinds write for its integer and its boolean reaches the
// handler as the canonical call's value through Lenient, or is asked
// about.
func TestLenientServer(t *testing.T) {
	server := sdk.NewServer(&sdk.Implementation{Name: "notes", Version: "v1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: "find_notes", Description: "Finds notes.", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in findIn) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "found"}}}, nil, nil
		})
	fuzz.Lenient(t, server, mcp.LenientOptions{}, "find_notes", `{"query":"tax","limit":25,"pinned":true}`, `{"query":"rent"}`)
}
