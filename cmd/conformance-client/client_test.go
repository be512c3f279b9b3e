package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

// closedNumbers is add_numbers' schema as a host can bind it: the suite's
// own (openNumbers) leaves the object open.
const (
	closedNumbers = `{"type": "object", "properties": {"a": {"type": "number", "description": "First number"}, "b": {"type": "number", "description": "Second number"}}, "required": ["a", "b"], "additionalProperties": false}`
	openNumbers   = `{"type": "object", "properties": {"a": {"type": "number", "description": "First number"}, "b": {"type": "number", "description": "Second number"}}, "required": ["a", "b"]}`
)

// adder is the tools_call scenario's server in process: add_numbers with
// the given input schema, recording the arguments of every call.
type adder struct {
	mu    sync.Mutex
	calls []map[string]any
}

func (a *adder) serve(t *testing.T, schema string) sdk.Transport {
	t.Helper()
	server := sdk.NewServer(&sdk.Implementation{Name: "add-numbers-server", Version: "1.0.0"}, nil)
	if schema != "" {
		server.AddTool(&sdk.Tool{Name: "add_numbers", Description: "Add two numbers together", InputSchema: json.RawMessage(schema)},
			func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				var args map[string]any
				if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
					return nil, err
				}
				a.mu.Lock()
				a.calls = append(a.calls, args)
				a.mu.Unlock()
				x, _ := args["a"].(float64)
				y, _ := args["b"].(float64)
				return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: fmt.Sprintf("The sum of %v and %v is %v", x, y, x+y)}}}, nil
			})
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	return ct
}

func TestToolsCallThroughTheHost(t *testing.T) {
	var a adder
	var out bytes.Buffer
	if err := plans["tools_call"].run(context.Background(), a.serve(t, closedNumbers), &out); err != nil {
		t.Fatalf("tools_call: %v", err)
	}
	// "3" was read on the host and sent as the number 3.
	if len(a.calls) != 1 || a.calls[0]["a"] != 5.0 || a.calls[0]["b"] != 3.0 {
		t.Fatalf("the server got %v, want one call with a=5, b=3 (numbers)", a.calls)
	}
	var got struct {
		Tool    string
		Success *host.Success
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("stdout %q: %v", out.String(), err)
	}
	if got.Tool != "add_numbers" || got.Success == nil || len(got.Success.Text) != 1 || got.Success.Text[0] != "The sum of 5 and 3 is 8" {
		t.Fatalf("stdout %s", out.String())
	}
}

// TestToolsCallFailsClosed: the suite's add_numbers leaves its object
// open, which the host's schema profile refuses, so nothing is called.
func TestToolsCallFailsClosed(t *testing.T) {
	var a adder
	var out bytes.Buffer
	err := plans["tools_call"].run(context.Background(), a.serve(t, openNumbers), &out)
	var he *host.Error
	if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported || he.Tool != "add_numbers" {
		t.Fatalf("got %v, want mcp_schema_unsupported for add_numbers", err)
	}
	if len(a.calls) != 0 || out.Len() != 0 {
		t.Fatalf("the server got %v and stdout %q: nothing should be sent", a.calls, out.String())
	}
}

func TestInitialize(t *testing.T) {
	var a adder
	if err := plans["initialize"].run(context.Background(), a.serve(t, ""), &bytes.Buffer{}); err != nil {
		t.Fatalf("initialize against a server without tools: %v", err)
	}
	// A server that lists a tool the scenario does not expect is a failure.
	if err := plans["initialize"].run(context.Background(), a.serve(t, closedNumbers), &bytes.Buffer{}); err == nil {
		t.Fatal("initialize against a server with a tool: no error")
	}
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args     []string
		scenario string
		want     string
	}{
		{nil, "initialize", "usage:"},
		{[]string{"http://127.0.0.1:1/mcp", "extra"}, "initialize", "usage:"},
		{[]string{"http://127.0.0.1:1/mcp"}, "auth/basic-cimd", `no plan for scenario "auth/basic-cimd"`},
		{[]string{"http://127.0.0.1:1/mcp"}, "", `no plan for scenario ""`},
	} {
		var stderr bytes.Buffer
		if code := run(c.args, c.scenario, &bytes.Buffer{}, &stderr); code != exitUsage || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("run(%q, %q) = %d, %q; want %d with %q", c.args, c.scenario, code, stderr.String(), exitUsage, c.want)
		}
	}
}
