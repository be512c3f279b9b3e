// Command minimalfactory is minimalserver's one tool declared with the
// factory instead: the same go-sdk server, the same tool, its arguments read
// by the kinds, so that bench/cmd/startcost shows what the factory itself
// adds to a server's start.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
)

type in struct {
	Query string `json:"query" desc:"Words to search for."`
	Limit int    `json:"limit,omitempty" desc:"How many results to return."`
}

type out struct {
	Items []string `json:"items"`
}

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on ADDR instead of stdio")
	flag.Parse()
	s := mcp.NewServer(&mcp.Implementation{Name: "minimal", Version: "v0"}, nil)
	agentmcp.Register(s, factory.Must(factory.Spec{Name: "search_items", Title: "Search items",
		Description: "Searches the items by words in their titles. Use when the user asks which items mention a topic.", Intent: factory.IntentRead},
		func(_ context.Context, a in, _ *factory.Call) (out, error) {
			return out{Items: []string{a.Query}}, nil
		}))
	if *addr != "" {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
		log.Fatal(http.ListenAndServe(*addr, h))
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
