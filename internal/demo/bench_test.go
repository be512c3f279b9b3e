package demo

import (
	"context"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
)

// strictIn is read_decisions as a strict server declares it: canonical
// types, nothing read leniently.
type strictIn struct {
	Query    string   `json:"query,omitempty"`
	Court    string   `json:"court,omitempty"`
	DateFrom string   `json:"date_from,omitempty"`
	DateTo   string   `json:"date_to,omitempty"`
	Language string   `json:"language,omitempty"`
	Country  string   `json:"country,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	Limit    int      `json:"limit,omitempty"`
}

type discard struct{}

func (discard) Observe(context.Context, observe.Event) {}

func session(b *testing.B, server *sdk.Server) *sdk.ClientSession {
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		b.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}

// BenchmarkToolsCall is one tools/call round trip through the in-memory
// transport: the demo's read_decisions with lenient arguments, and the same
// search registered strictly with the SDK's typed AddTool receiving the
// canonical arguments.
func BenchmarkToolsCall(b *testing.B) {
	store := NewStore()
	tools, err := Tools(store, []byte("bench-key-0123456789abcdef-0123456"), discard{})
	if err != nil {
		b.Fatal(err)
	}
	lenient := sdk.NewServer(&sdk.Implementation{Name: "lenient", Version: "v0"}, nil)
	agentmcp.Register(lenient, tools...)
	strict := sdk.NewServer(&sdk.Implementation{Name: "strict", Version: "v0"}, nil)
	sdk.AddTool(strict, &sdk.Tool{Name: "read_decisions", Description: "Lists court decisions."},
		func(_ context.Context, _ *sdk.CallToolRequest, in strictIn) (*sdk.CallToolResult, Page, error) {
			q := Query{Text: in.Query, From: in.DateFrom, To: in.DateTo, Language: in.Language, Country: in.Country, Tags: in.Tags}
			if in.Court != "" {
				q.Courts = []string{in.Court}
			}
			limit := in.Limit
			if limit == 0 {
				limit = 10
			}
			items, total, _, _ := store.Search(context.Background(), q, 0, limit)
			return nil, Page{Decisions: items, Total: total}, nil
		})
	for _, bm := range []struct {
		name   string
		server *sdk.Server
		args   map[string]any
	}{
		{"lenient", lenient, map[string]any{"court": "nejvyssi soud", "date_from": "1. 1. 2020", "limit": "10", "language": "cs_CZ", "tags": "tax, tort"}},
		{"strict_canonical", strict, map[string]any{"court": "NS", "date_from": "2020-01-01", "limit": 10, "language": "cs-CZ", "tags": []string{"tax", "tort"}}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			cs := session(b, bm.server)
			b.ReportAllocs()
			for b.Loop() {
				res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_decisions", Arguments: bm.args})
				if err != nil || res.IsError {
					b.Fatalf("%v %+v", err, res)
				}
			}
		})
	}
}
