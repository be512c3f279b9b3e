// Command findserver is a small server written with mcp-go, retrofitted
// with one line (mcpgo.Lenient), served over stdio: what CI drives with
// the MCP Inspector (.ci/mcpgo.sh), and a way to try the retrofit from a
// client. Its one tool echoes what its handler read, through mcp-go's own
// request helpers.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/mcpgo"
)

func main() {
	s := server.NewMCPServer("findserver", "1.0.0")
	s.AddTool(mcp.NewTool("find_items",
		mcp.WithDescription("Finds items by words, newest first."),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("query", mcp.Required(), mcp.Description("words to search for")),
		mcp.WithNumber("limit", mcp.Description("how many results")),
		mcp.WithBoolean("archived", mcp.Description("include archived items")),
		mcp.WithString("since", mcp.Description("the first day")),
	), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprintf("query=%q limit=%v archived=%v since=%q",
			req.GetString("query", ""), req.GetFloat("limit", 10), req.GetBool("archived", false), req.GetString("since", ""))), nil
	})
	mcpgo.Lenient(s)
	if err := server.ServeStdio(s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
