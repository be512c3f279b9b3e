// Command minimalserver is the baseline of a server's start: a go-sdk MCP
// server with one tool over stdio, and nothing else (bench/cmd/startcost
// measures it beside agentinput serve).
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct {
	Query string `json:"query" jsonschema:"Words to search for."`
	Limit int    `json:"limit,omitempty" jsonschema:"How many results to return."`
}

type out struct {
	Items []string `json:"items"`
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "minimal", Version: "v0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search_items", Description: "Searches the items by words in their titles."},
		func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, out, error) {
			return nil, out{Items: []string{a.Query}}, nil
		})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
