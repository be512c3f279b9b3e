package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/reply"
)

// The demo through the go-sdk client: a dropped court filter is the first
// thing the result says, and the structured read carries it with a
// quality that is not good; an empty page says which filter emptied it
// and which values would have matched, and which query words matched
// nothing.
func TestDemoSaysWhatItDidNotDo(t *testing.T) {
	server, err := demoServer(false, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	ctx := context.Background()
	call := func(args map[string]any) *sdk.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("%v: %v %s", args, err, callText(res))
		}
		return res
	}

	res := call(map[string]any{"court": "not NS", "date_from": "2020"})
	first := res.Content[0].(*sdk.TextContent).Text
	if !strings.HasPrefix(first, reply.DroppedLead+"court.") || !strings.Contains(first, `"not NS"`) {
		t.Fatalf("the result starts %q", first)
	}
	var read struct {
		Quality        string `json:"quality"`
		DroppedFilters []struct {
			Property string `json:"property"`
		} `json:"dropped_filters"`
	}
	raw, _ := json.Marshal(res.StructuredContent)
	if json.Unmarshal(raw, &read) != nil || read.Quality != "degraded" || len(read.DroppedFilters) != 1 || read.DroppedFilters[0].Property != "court" {
		t.Fatalf("structured %s", raw)
	}

	text := callText(call(map[string]any{"language": "de", "country": "CZ"}))
	for _, want := range []string{`warning /language: No results under the filter language; values that would have matched: "cs"`,
		`warning /country: No results under the filter country; values that would have matched: "AT"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the empty page's text lacks %q:\n%s", want, text)
		}
	}
	text = callText(call(map[string]any{"query": "Kreisgericht tax"}))
	if !strings.Contains(text, `warning /query: No results for the query "Kreisgericht tax": the word "Kreisgericht" occurs in no title or summary`) {
		t.Errorf("the empty page's text:\n%s", text)
	}
}
