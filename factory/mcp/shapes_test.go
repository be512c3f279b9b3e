package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

// A union and a nested object over the whole MCP path: go-sdk takes the
// oneOf schema, lists it as the factory advertises it, and a call's
// nested arguments are read with issues at their paths inside.
type origin interface{ isOrigin() }

type webOrigin struct {
	URL string `json:"url" agentinput:"required" desc:"The page's address."`
}

type fileOrigin struct {
	Path string `json:"path" agentinput:"required" desc:"The file's path."`
}

func (webOrigin) isOrigin()  {}
func (fileOrigin) isOrigin() {}

type importIn struct {
	Origin origin `json:"origin" agentinput:"required" desc:"Where to import from."`
	Period *struct {
		DateFrom string `json:"date_from" desc:"The first day."`
		DateTo   string `json:"date_to" desc:"The last day."`
	} `json:"period" desc:"Which days to import."`
}

func TestUnionOverMCP(t *testing.T) {
	var got importIn
	spec := factory.Spec{Name: "read_import", Title: "Preview an import", Intent: factory.IntentRead, Observer: silent{},
		Description: "Previews what an import from a web page or a file would bring in. Use when a test needs a union tool.",
		Unions: []factory.Union{factory.NewUnion[origin]("kind",
			factory.Case[webOrigin]("web", "A web page, by its address."),
			factory.Case[fileOrigin]("file", "A file, by its path."))}}
	tool := factory.Must(spec, func(_ context.Context, in importIn, _ *factory.Call) (pageOut, error) {
		got = in
		return pageOut{Query: "ok"}, nil
	})
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tool)
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("%v %+v", err, list)
	}
	listed, _ := json.Marshal(list.Tools[0].InputSchema)
	var a, b any
	_ = json.Unmarshal(listed, &a)
	_ = json.Unmarshal(tool.InputSchema(), &b)
	if la, lb := mustMarshal(a), mustMarshal(b); la != lb || !strings.Contains(la, `"oneOf"`) {
		t.Fatalf("listed %s\nadvertised %s", la, lb)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_import", Arguments: map[string]any{
		"origin": map[string]any{"path": "/tmp/x"}, "period": map[string]any{"date_from": "2024"}}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	if o, ok := got.Origin.(fileOrigin); !ok || o.Path != "/tmp/x" || got.Period == nil || got.Period.DateFrom != "2024-01-01" {
		t.Fatalf("handler got %+v", got)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_import", Arguments: map[string]any{
		"origin": map[string]any{"kind": "web"}}})
	if err != nil || !res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	if text := mustMarshal(res.Meta[reply.EnvelopeKey]); !strings.Contains(text, `"path":"/origin/url"`) {
		t.Fatalf("envelope %s", text)
	}
}

func mustMarshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
