package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"agentinput.dev/mcpgo"
)

// BenchmarkCall is one tools/call through mcp-go's in-process client, on
// the server alone and retrofitted: the same arguments (what a model
// sends right, and a spelling that needs reading), the same handler.
func BenchmarkCall(b *testing.B) {
	for _, bc := range []struct{ name, args string }{
		{"canonical", `{"query":"x","limit":5,"archived":true}`},
		{"spelled", `{"query":"x","limit":"4 000","archived":"ano"}`},
	} {
		var args map[string]any
		if err := json.Unmarshal([]byte(bc.args), &args); err != nil {
			b.Fatal(err)
		}
		for _, lenient := range []bool{false, true} {
			name := bc.name + "/alone"
			if lenient {
				name = bc.name + "/retrofitted"
			}
			b.Run(name, func(b *testing.B) {
				s, _ := existingServer(lenient, mcpgo.Options{})
				c := connect(b, s)
				req := mcp.CallToolRequest{}
				req.Params.Name, req.Params.Arguments = "find_items", args
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.CallTool(context.Background(), req); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
