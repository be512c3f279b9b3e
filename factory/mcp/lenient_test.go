package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

// An existing server, written with the SDK's typed AddTool and no
// knowledge of agentinput.
type findIn struct {
	Query    string `json:"query" jsonschema:"words to search for"`
	Limit    int    `json:"limit,omitempty" jsonschema:"how many results"`
	Archived bool   `json:"archived,omitempty" jsonschema:"include archived items"`
}

type findOut struct {
	Query    string `json:"query"`
	Limit    int    `json:"limit"`
	Archived bool   `json:"archived"`
}

func existingServer(lenient bool) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "existing", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "find_items", Description: "Finds items.", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in findIn) (*sdk.CallToolResult, findOut, error) {
			return nil, findOut(in), nil
		})
	if lenient {
		s.AddReceivingMiddleware(mcp.Lenient())
	}
	return s
}

func connect(t *testing.T, s *sdk.Server) *sdk.ClientSession {
	t.Helper()
	st, ct := sdk.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestLenientMiddleware(t *testing.T) {
	args := map[string]any{"query": "x", "limit": "4 000", "archived": "ano"}

	// Without the middleware the SDK rejects the spellings before the
	// handler runs.
	strict := connect(t, existingServer(false))
	res, err := strict.CallTool(context.Background(), &sdk.CallToolParams{Name: "find_items", Arguments: args})
	if err == nil && !res.IsError {
		t.Fatal("the strict server accepted \"4 000\": the test proves nothing")
	}

	// With it, the same call reads, with notes. The call comes before any
	// tools/list: the middleware asks the server for the schema itself.
	cs := connect(t, existingServer(true))
	res, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "find_items", Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("err %v, result %+v", err, res)
	}
	var out findOut
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil || out != (findOut{Query: "x", Limit: 4000, Archived: true}) {
		t.Fatalf("structured %s", b)
	}
	last := res.Content[len(res.Content)-1].(*sdk.TextContent).Text
	if !strings.Contains(last, `Read "4 000" as 4000`) || res.Meta[reply.MetaKey] == nil {
		t.Fatalf("notes missing: %q, meta %v", last, res.Meta)
	}

	// A spelling with no meaning, and an unknown property, come back as the
	// envelope rather than the SDK's one-line validation error.
	res, err = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "find_items", Arguments: map[string]any{"query": "x", "archived": "maybe", "limt": 3}})
	if err != nil || !res.IsError {
		t.Fatalf("err %v, result %+v", err, res)
	}
	text := res.Content[0].(*sdk.TextContent).Text
	for _, want := range []string{"/archived:", "/limt:", "Call find_items again"} {
		if !strings.Contains(text, want) {
			t.Errorf("envelope text lacks %q:\n%s", want, text)
		}
	}
}
