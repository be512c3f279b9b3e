package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// plan is what the client does in one scenario: the bindings it takes of
// the scenario server's tools, and the calls it makes through the host.
type plan struct {
	bindings []host.Binding
	calls    []call
}

type call struct {
	local     string
	arguments string // JSON, as a model would send it
}

// read binds a remote tool of a conformance server under its own name as
// a parallel read without a scope: the suite's tools change nothing.
func read(remote string) host.Binding {
	return host.Binding{Remote: remote, Local: remote, Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel}
}

// plans are the client scenarios a tools-only host takes part in
// (docs/conformance.md says which pass and why the others do not apply).
var plans = map[string]plan{
	// The server offers no tools: the client initializes and discovers.
	"initialize": {},
	// add_numbers, called with a number written as text: the host reads
	// it and sends the canonical arguments.
	"tools_call": {
		bindings: []host.Binding{read("add_numbers")},
		calls:    []call{{local: "add_numbers", arguments: `{"a": 5, "b": "3"}`}},
	},
	// test_reconnection, whose tools/call stream the server closes after
	// a priming event with a retry field.
	"sse-retry": {
		bindings: []host.Binding{read("test_reconnection")},
		calls:    []call{{local: "test_reconnection", arguments: `{}`}},
	},
}

// answer is one call's line on stdout: the host's success or envelope.
type answer struct {
	Tool     string `json:"tool"`
	Success  any    `json:"success,omitempty"`
	Envelope any    `json:"envelope,omitempty"`
	Notes    any    `json:"notes,omitempty"`
}

// run connects a host's session over transport, discovers the plan's
// bindings (or, with none, surveys the catalog, which checks the
// negotiated version and pages tools/list), makes the calls, and prints
// each answer. An error is a failure of discovery or of a call.
func (p plan) run(ctx context.Context, transport sdk.Transport, stdout io.Writer) error {
	mon := host.NewMonitor()
	client := sdk.NewClient(&sdk.Implementation{Name: "agentinput-conformance-client", Version: "v0.1.0"}, mon.ClientOptions(nil))
	cs, err := client.Connect(ctx, transport, host.SessionOptions())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer cs.Close()
	opts := host.Options{ServerID: "conformance"}
	if len(p.bindings) == 0 {
		res, err := host.Survey(ctx, cs, mon, opts)
		if err != nil {
			return fmt.Errorf("discover: %w", err)
		}
		if res.Snapshot != nil || len(res.Unsupported) > 0 {
			return errors.New("discover: the server lists tools this scenario does not expect")
		}
		return nil
	}
	h, err := host.New(cs, mon, opts, p.bindings...)
	if err != nil {
		return err
	}
	snap, err := h.Discover(ctx)
	if err != nil {
		return fmt.Errorf("discover: %w", err)
	}
	if _, err := h.Swap(snap); err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	var failed []string
	for _, c := range p.calls {
		res := h.Call(ctx, c.local, json.RawMessage(c.arguments))
		a := answer{Tool: c.local}
		if res.Success != nil {
			a.Success = res.Success
		} else {
			a.Envelope = res.Envelope
			failed = append(failed, fmt.Sprintf("%s: %s", c.local, res.Envelope.Code))
		}
		if len(res.Notes) > 0 {
			a.Notes = res.Notes
		}
		if err := enc.Encode(a); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("calls failed: %v", failed)
	}
	return nil
}
