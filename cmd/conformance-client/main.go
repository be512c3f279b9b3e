// Command conformance-client is the client the MCP conformance suite
// (@modelcontextprotocol/conformance, docs/conformance.md) drives to test
// package host: a tools-only host on a go-sdk client session, as an
// application builds one. The suite starts it once per client scenario with
// the scenario's server URL as its argument and the scenario's name in
// MCP_CONFORMANCE_SCENARIO.
//
// Usage:
//
//	MCP_CONFORMANCE_SCENARIO=NAME conformance-client URL
//
// For each scenario it knows, it connects over streamable HTTP, binds the
// tools that scenario's server offers as a host does (named explicitly,
// each with a policy, a scope decision and a concurrency), discovers them,
// calls them through the host, and prints each call's answer as JSON on
// stdout. It exits 0 when every call succeeded, 1 when discovery or a call
// failed (the host fails closed: a tool it cannot verify is not called),
// and 2 for a usage error or a scenario it has no plan for.
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// timeout bounds the whole run; the suite kills a client after 30 s.
const timeout = 20 * time.Second

func main() {
	os.Exit(run(os.Args[1:], os.Getenv("MCP_CONFORMANCE_SCENARIO"), os.Stdout, os.Stderr))
}

func run(args []string, scenario string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: MCP_CONFORMANCE_SCENARIO=NAME conformance-client URL")
		return exitUsage
	}
	p, ok := plans[scenario]
	if !ok {
		fmt.Fprintf(stderr, "conformance-client: no plan for scenario %q: a host binds only the tools it names\n", scenario)
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// No hidden retries: a request is sent once (as agentinput proxy
	// connects).
	transport := &sdk.StreamableClientTransport{Endpoint: args[0], MaxRetries: -1,
		HTTPClient: &http.Client{Timeout: timeout}}
	if err := p.run(ctx, transport, stdout); err != nil {
		fmt.Fprintln(stderr, "conformance-client:", err)
		return exitFailed
	}
	return exitOK
}
