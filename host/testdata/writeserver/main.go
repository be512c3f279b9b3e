// Command writeserver is the remote write server of the host's write
// scenarios: an MCP server over stdio with one write tool, do_append,
// which appends each accepted write to an fsynced ledger file, one JSON
// line a write. $WRITESERVER_MODE says how it answers:
//
//	success      append, answer a success
//	lost         append, then drop the connection without answering
//	exit_before  exit before appending
//	exit_after   append, then exit without answering
//	error        append, then answer an error result
//
// $WRITESERVER_LEDGER is the ledger's path.
package main

import (
	"context"
	"fmt"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	mode, ledger := os.Getenv("WRITESERVER_MODE"), os.Getenv("WRITESERVER_LEDGER")
	if ledger == "" {
		fmt.Fprintln(os.Stderr, "writeserver: set WRITESERVER_LEDGER")
		os.Exit(2)
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "writeserver", Version: "v1"}, nil)
	schema := map[string]any{"type": "object", "additionalProperties": false, "required": []any{"entry"},
		"properties": map[string]any{
			"entry":  map[string]any{"type": "string", "description": "What to append."},
			"amount": map[string]any{"type": "number", "description": "An amount."},
		}}
	s.AddTool(&sdk.Tool{Name: "do_append", Description: "Appends an entry to the ledger.", InputSchema: schema},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			if mode == "exit_before" {
				os.Exit(3)
			}
			if err := appendLine(ledger, req.Params.Arguments); err != nil {
				return nil, err
			}
			switch mode {
			case "lost":
				os.Stdout.Close() // the connection drops; the answer is never sent
				<-ctx.Done()
				os.Exit(0)
			case "exit_after":
				os.Exit(4)
			case "error":
				return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "disk quota of tenant 7 exceeded"}}}, nil
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "appended"}}}, nil
		})
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		os.Exit(0) // the client went away
	}
}

func appendLine(path string, line []byte) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(append([]byte(nil), line...), '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
