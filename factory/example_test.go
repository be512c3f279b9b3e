package factory_test

import (
	"context"
	"encoding/json"
	"fmt"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
)

// quiet is an observer that records nothing, so that the examples print
// only what the agent reads.
type quiet struct{}

func (quiet) Observe(context.Context, observe.Event) {}

type searchIn struct {
	Query    string `json:"query" agentinput:"required" desc:"Words the decisions contain."`
	DateFrom string `json:"date_from" desc:"The first day of the period searched."`
	Limit    int    `json:"limit" desc:"How many decisions to return."`
}

// searchTool declares a read tool: the name rules bind date_from to the
// date kind and limit to a page size, the desc tags describe them.
func searchTool() *factory.Tool {
	return factory.Must(factory.Spec{
		Name:        "search_decisions",
		Title:       "Search decisions",
		Description: "Searches court decisions by the words they contain, newest first. Use when the user asks which decisions mention a topic.",
		Intent:      factory.IntentRead,
		Observer:    quiet{},
	}, func(_ context.Context, in searchIn, _ *factory.Call) (map[string]any, error) {
		return map[string]any{"query": in.Query, "from": in.DateFrom, "limit": in.Limit}, nil
	})
}

// A tool declared from a struct and called leniently: the handler gets
// canonical values, and the notes say how each spelling was read.
func ExampleNew() {
	search := searchTool()
	res := search.Call(context.Background(), json.RawMessage(`{"query":"tax","date_from":"2026/10/01","limit":"20"}`))
	out, _ := json.Marshal(res.Output)
	fmt.Println(string(out))
	for _, n := range res.Notes {
		fmt.Println(n.Path, n.Message)
	}
	// Output:
	// {"from":"2026-10-01","limit":20,"query":"tax"}
	// /date_from Read "2026/10/01" as "2026-10-01" (year, month and day)
	// /limit Read "20" as 20 (a number sent as a string)
}

// A call the factory cannot read with one meaning is answered with one
// envelope: each issue at its path, with the readings to choose from.
func ExampleEnvelope() {
	search := searchTool()
	res := search.Call(context.Background(), json.RawMessage(`{"query":"tax","date_from":"01/02/2026","limt":5}`))
	e := res.Envelope
	fmt.Println(e.Code, e.Message)
	for _, is := range e.Issues {
		fmt.Println(is.Path, is.Message())
	}
	fmt.Println(e.Hint)
	// Output:
	// invalid_arguments search_decisions was not called: 2 arguments need attention: /limt, /date_from.
	// /limt Could not read 5: search_decisions has no property "limt". Expected one of the declared properties: query, date_from, limit. Send it as limit (the declared properties: query, date_from, limit).
	// /date_from Could not read "01/02/2026": the order of day and month is not declared; it has 2 meanings: "2026-02-01" (day first) or "2026-01-02" (month first). Expected the first day of the range as YYYY-MM-DD, for example "2026-10-01". Send the one you mean as YYYY-MM-DD.
	// Call search_decisions again with every issue fixed; send it as limit (the declared properties: query, date_from, limit) (/limt).
}

// New reports every declaration mistake of a tool at once, a line each.
func ExampleNew_declarationErrors() {
	type in struct {
		Query string `json:"query"`
		Count int    `json:"count" jsonschema:"how many to return"`
	}
	_, err := factory.New(factory.Spec{Name: "Search", Description: "Searches.", Intent: factory.IntentRead},
		func(context.Context, in, *factory.Call) (struct{}, error) { return struct{}{}, nil })
	fmt.Println(err)
	// Output:
	// factory: tool name "Search" is not snake_case
	// factory: tool Search needs a title for people, distinct from its name
	// factory: tool Search: the description has 9 characters; it needs 50–300
	// factory: tool Search: the description needs a "Use when …" sentence
	// factory: tool Search: property query (field Query): it has no description: add a desc tag (or go-sdk's jsonschema tag; the model's only briefing on it)
}
