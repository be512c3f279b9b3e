// Command minimalserver is the baseline of a server's start: a go-sdk MCP
// server with one tool over stdio (or streamable HTTP, --http ADDR), and
// nothing else (bench/cmd/startcost
// measures it beside agentinput serve).
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

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
	addr := flag.String("http", "", "serve streamable HTTP on ADDR instead of stdio")
	flag.Parse()
	s := mcp.NewServer(&mcp.Implementation{Name: "minimal", Version: "v0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search_items", Description: "Searches the items by words in their titles."},
		func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, out, error) {
			return nil, out{Items: []string{a.Query}}, nil
		})
	if *addr != "" {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
		log.Fatal(http.ListenAndServe(*addr, h))
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
