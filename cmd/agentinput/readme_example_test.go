package main

// The README's quick start, one example per door. The README shows the
// lines of each example from its "// README quick start:" marker to its
// "// README end" marker (or the end of the function), one tab less
// indented; TestReadmeQuickStart checks that the two agree, and go test
// runs each example and checks its output.

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/kinds/number"
)

// The kinds alone: one value read by its owner package.
func Example_kinds() {
	// README quick start: kinds
	// import "agentinput.dev/kinds/number"
	for _, v := range []any{"4 000", "1,234"} {
		out := number.Read(v, number.Options{})
		if d, ok := out.Value(); ok {
			fmt.Println("value:", d, "-", out.Notes()[0].Message)
		} else if ask, ok := out.Ask(); ok {
			fmt.Println("ask:", ask.Message())
		}
	}
	// Output:
	// value: 4000 - Read "4 000" as 4000 (space groups digits)
	// ask: Could not read "1,234": it has 2 meanings: 1234 (comma groups thousands) or 1.234 (comma is the decimal mark). Expected a JSON number, for example 4000. Send the number you mean, 1234 or 1.234, as a JSON number.
}

// The factory: a tool declared from a struct, called with what a model
// sends.
func Example_factory() {
	// README quick start: factory
	// import "agentinput.dev/factory"
	type SearchIn struct {
		Query string `json:"query" desc:"Words to search for."`
		Limit int    `json:"limit" desc:"How many results to return."` // 1–100 by its name
	}
	search := factory.Must(factory.Spec{Name: "search_notes", Title: "Search notes",
		Description: "Searches the notes by the words in their text. Use when the user asks what was written about a topic.",
		Intent:      factory.IntentRead},
		func(_ context.Context, in SearchIn, _ *factory.Call) (string, error) {
			return fmt.Sprintf("%d notes about %q", in.Limit, in.Query), nil
		})
	res := search.Call(context.Background(), json.RawMessage(`{"query":"tax","limit":"4 000"}`))
	fmt.Println(res.Output)
	for _, n := range res.Notes {
		fmt.Println(n.Path, n.Message)
	}
	res = search.Call(context.Background(), json.RawMessage(`{"query":"tax","limit":"lots"}`))
	fmt.Println(res.Envelope.Code, res.Envelope.Issues[0].Path)
	// Output:
	// 100 notes about "tax"
	// /limit Read "4 000" as 4000 (space groups digits)
	// /limit Read 4000 as 100 (the largest accepted value)
	// invalid_arguments /limit
}

// Lenient on an existing go-sdk server: the tools stay as they are.
func Example_lenient() {
	// README quick start: lenient
	// import "github.com/modelcontextprotocol/go-sdk/mcp"
	// import agentmcp "agentinput.dev/factory/mcp"
	type FindIn struct {
		Limit int `json:"limit"`
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "v1"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "find_notes", Description: "Finds notes."},
		func(_ context.Context, _ *mcp.CallToolRequest, in FindIn) (*mcp.CallToolResult, any, error) {
			fmt.Println("limit:", in.Limit)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
		})
	server.AddReceivingMiddleware(agentmcp.Lenient())
	// README end

	// A client calls find_notes with {"limit": "4 000"}, which the SDK
	// alone rejects: the handler gets 4000.
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "find_notes", Arguments: map[string]any{"limit": "4 000"}})
	if err != nil || res.IsError {
		fmt.Println("call failed:", err)
		return
	}
	// Output:
	// limit: 4000
}
