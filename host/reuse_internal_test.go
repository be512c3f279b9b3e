package host

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type listOnly struct{ tools []*sdk.Tool }

func (u *listOnly) ProtocolVersion() string { return "2025-11-25" }
func (u *listOnly) ListChanged() uint64     { return 0 }
func (u *listOnly) Down() bool              { return false }
func (u *listOnly) ListTools(context.Context, string) (*sdk.ListToolsResult, error) {
	return &sdk.ListToolsResult{Tools: u.tools}, nil
}
func (u *listOnly) CallTool(context.Context, string, json.RawMessage) (json.RawMessage, error) {
	return nil, ErrNotSent
}

// A rediscovery keeps the reader and validator of each tool whose digest
// is unchanged, and builds anew only the one that changed.
func TestRediscoveryRebuildsOnlyChangedTools(t *testing.T) {
	schema := map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{"n": map[string]any{"type": "integer"}}}
	out := map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{"total": map[string]any{"type": "integer"}}}
	up := &listOnly{tools: []*sdk.Tool{{Name: "a", InputSchema: schema, OutputSchema: out}, {Name: "b", InputSchema: schema}}}
	bind := func(n string) Binding {
		return Binding{Remote: n, Local: n, Policy: PolicyRead, NoScope: true, Concurrency: Parallel}
	}
	h, err := NewOver(up, Options{ServerID: "s"}, bind("a"), bind("b"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	a, b := h.catalog.tools["a"], h.catalog.tools["b"]
	up.tools[1] = &sdk.Tool{Name: "b", Description: "changed", InputSchema: schema}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := h.catalog.tools["a"]; got != a || got.reader != a.reader || got.output != a.output {
		t.Error("the unchanged tool was rebuilt")
	}
	if got := h.catalog.tools["b"]; got == b || got.reader == b.reader || got.entry.Description != "changed" {
		t.Error("the changed tool was not rebuilt")
	}
}
