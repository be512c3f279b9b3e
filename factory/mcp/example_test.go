package mcp_test

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// A tool declared with the factory, registered on an SDK server: lenient
// reading runs before any validation, and tools/list shows the canonical
// schema.
func ExampleRegister() {
	type in struct {
		Query string `json:"query" desc:"Words to search for."`
		Limit int    `json:"limit" desc:"How many results to return."`
	}
	search := factory.Must(factory.Spec{
		Name:        "search_notes",
		Title:       "Search notes",
		Description: "Searches the notes by the words in their text. Use when the user asks what was written about a topic.",
		Intent:      factory.IntentRead,
		Observer:    silent{},
	}, func(_ context.Context, in in, _ *factory.Call) (map[string]any, error) {
		return map[string]any{"query": in.Query, "limit": in.Limit}, nil
	})
	server := sdk.NewServer(&sdk.Implementation{Name: "notes", Version: "v1"}, nil)
	mcp.Register(server, search)

	res := mcp.Result(search.Call(context.Background(), []byte(`{"query":"tax","limit":"4 000"}`)))
	for _, c := range res.Content {
		fmt.Println(c.(*sdk.TextContent).Text)
	}
	// Output:
	// {"limit":100,"query":"tax"}
	// Input read:
	// - /limit: Read "4 000" as 4000 (space groups digits)
	// - /limit: Read 4000 as 100 (the largest accepted value)
}

// An existing server, tools written with the SDK's typed AddTool, made
// lenient by one middleware.
func ExampleLenient() {
	server := sdk.NewServer(&sdk.Implementation{Name: "existing", Version: "v1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: "find_items", Description: "Finds items."},
		func(_ context.Context, _ *sdk.CallToolRequest, in struct {
			Limit int `json:"limit"`
		}) (*sdk.CallToolResult, any, error) {
			return nil, map[string]int{"limit": in.Limit}, nil
		})
	server.AddReceivingMiddleware(mcp.Lenient())
	fmt.Println("ready")
	// Output: ready
}
