package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/demo"
	"agentinput.dev/kinds/vocabulary"
)

// The factory rows mirror factory/bench_test.go through the public API: the
// same five-property read tool and arguments, against what a strict server
// does with the canonical call (encoding/json decodes it, jsonschema/v6
// validates it with the schema the tool advertises, compiled as the
// factory compiles it).
var (
	lenientArgs   = json.RawMessage(`{"query":"x","limit":"10","date_from":"2026","court":"NS","include_archived":"ne"}`)
	canonicalArgs = json.RawMessage(`{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false}`)
)

type benchIn struct {
	Query           string `json:"query" desc:"Words to search for."`
	Limit           int    `json:"limit" desc:"How many results to return."`
	DateFrom        string `json:"date_from" desc:"The first day of the period."`
	Court           string `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	IncludeArchived bool   `json:"include_archived" desc:"Whether archived decisions are searched too."`
}

func benchTool() (*factory.Tool, error) {
	courts, err := vocabulary.Load(strings.NewReader(demo.CourtsJSON))
	if err != nil {
		return nil, err
	}
	return factory.New(factory.Spec{
		Name:         "search_decisions",
		Title:        "Search decisions",
		Description:  "Searches the court decisions by words, date and court. Use when the user asks for decisions on a topic.",
		Intent:       factory.IntentRead,
		Vocabularies: map[string]*vocabulary.Reader{"courts": courts},
		Observer:     observe.None{},
	}, func(_ context.Context, in benchIn, _ *factory.Call) (benchIn, error) { return in, nil })
}

// strictValidator compiles the tool's advertised input schema with
// jsonschema/v6 from memory, as the factory does.
func strictValidator(t *factory.Tool) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(t.InputSchema()))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	url := "mem://tool/" + t.Name()
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

func factoryRow(id, what string, args json.RawMessage, target float64) row {
	return row{id: id, what: what, ours: "Tool.Call", anchor: "json decode + jsonschema/v6 validate (canonical)",
		target: target, source: "issue 23 item 2",
		build: func(*env) (side, side, error) {
			tool, err := benchTool()
			if err != nil {
				return nil, nil, err
			}
			schema, err := strictValidator(tool)
			if err != nil {
				return nil, nil, err
			}
			ctx := context.Background()
			ours := Loop(func(n int) error {
				for range n {
					res := tool.Call(ctx, args)
					if res.Envelope != nil {
						return fmt.Errorf("envelope %+v", res.Envelope)
					}
					sinkAny = res
				}
				return nil
			})
			anchor := Loop(func(n int) error {
				for range n {
					dec := json.NewDecoder(bytes.NewReader(canonicalArgs))
					dec.UseNumber()
					var v map[string]any
					if err := dec.Decode(&v); err != nil {
						return err
					}
					if err := schema.Validate(v); err != nil {
						return err
					}
					sinkAny = v
				}
				return nil
			})
			return ours, anchor, nil
		}}
}

// strictIn is read_decisions as a strict server declares it: canonical
// types, nothing read leniently (internal/demo's BenchmarkToolsCall).
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

// mcpRow is one tools/call round trip over go-sdk's in-memory transport:
// the demo's read_decisions through factory/mcp with lenient arguments,
// against the same search registered with the SDK's typed AddTool and
// called with the canonical arguments.
func mcpRow() row {
	return row{id: "mcp/roundtrip", what: "tools/call read_decisions, in-memory transport",
		ours: "factory/mcp, lenient arguments", anchor: "go-sdk typed AddTool, canonical arguments",
		build: func(*env) (side, side, error) {
			store := demo.NewStore()
			tools, err := demo.Tools(store, []byte("bench-key-0123456789abcdef-0123456"), observe.None{})
			if err != nil {
				return nil, nil, err
			}
			lenient := sdk.NewServer(&sdk.Implementation{Name: "lenient", Version: "v0"}, nil)
			agentmcp.Register(lenient, tools...)
			strict := sdk.NewServer(&sdk.Implementation{Name: "strict", Version: "v0"}, nil)
			sdk.AddTool(strict, &sdk.Tool{Name: "read_decisions", Description: "Lists court decisions."},
				func(ctx context.Context, _ *sdk.CallToolRequest, in strictIn) (*sdk.CallToolResult, demo.Page, error) {
					q := demo.Query{Text: in.Query, From: in.DateFrom, To: in.DateTo, Language: in.Language, Country: in.Country, Tags: in.Tags}
					if in.Court != "" {
						q.Courts = []string{in.Court}
					}
					limit := in.Limit
					if limit == 0 {
						limit = 10
					}
					items, total, _, err := store.Search(ctx, q, 0, limit)
					if err != nil {
						return nil, demo.Page{}, err
					}
					return nil, demo.Page{Decisions: items, Total: total}, nil
				})
			ours, err := roundTrip(lenient, map[string]any{"court": "nejvyssi soud", "date_from": "1. 1. 2020", "limit": "10", "language": "cs_CZ", "tags": "tax, tort"})
			if err != nil {
				return nil, nil, err
			}
			anchor, err := roundTrip(strict, map[string]any{"court": "NS", "date_from": "2020-01-01", "limit": 10, "language": "cs-CZ", "tags": []string{"tax", "tort"}})
			if err != nil {
				return nil, nil, err
			}
			return ours, anchor, nil
		}}
}

// roundTrip connects a client to server over in-memory transports and
// returns the side that calls read_decisions with args. The sessions live
// as long as the report.
func roundTrip(server *sdk.Server, args map[string]any) (side, error) {
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "report", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	params := &sdk.CallToolParams{Name: "read_decisions", Arguments: args}
	return Loop(func(n int) error {
		for range n {
			res, err := cs.CallTool(ctx, params)
			if err != nil {
				return err
			}
			if res.IsError {
				b, _ := json.Marshal(res)
				return fmt.Errorf("tool error: %s", b)
			}
			sinkAny = res
		}
		return nil
	}), nil
}
