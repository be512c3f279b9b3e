package eval

import (
	"context"
	"os"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	fmcp "agentinput.dev/factory/mcp"
)

// TestMCPMatchesInProcess runs the shipped corpus over MCP (in-memory
// transports, a server with EchoArguments) and checks that every call
// scores as it does in process.
func TestMCPMatchesInProcess(t *testing.T) {
	f, err := os.Open("testdata/demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	local, err := RunDemo(cases)
	if err != nil {
		t.Fatal(err)
	}

	tools, err := DemoTools()
	if err != nil {
		t.Fatal(err)
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "demo", Version: "test"}, nil)
	fmcp.RegisterWith(server, fmcp.Options{EchoArguments: true}, tools...)
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "eval", Version: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	caller, err := NewMCP(ctx, cs)
	if err != nil {
		t.Fatal(err)
	}
	remote, err := RunWith(ctx, caller, cases)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range remote.Calls {
		if l := local.Calls[i]; c.Outcome != l.Outcome {
			t.Errorf("line %d: %s over MCP (%s), %s in process (%s)", c.Line, c.Outcome, c.Why, l.Outcome, l.Why)
		}
	}
	if remote.Total.WithinTwo != local.Total.WithinTwo {
		t.Errorf("within two: %d over MCP, %d in process", remote.Total.WithinTwo, local.Total.WithinTwo)
	}
}
