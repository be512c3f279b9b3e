package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	agentmcp "agentinput.dev/factory/mcp"
)

// Every call through the proxy is one audit line, reads as writes, with
// the arguments' digest and never their values; a session past its bound
// of calls is answered rate_limited, not sent on, and another session is
// not.
func TestProxyAuditAndSessionBound(t *testing.T) {
	h := benchHost(t)
	var log bytes.Buffer
	server := proxyServer(h, slog.New(slog.NewTextHandler(&log, nil)), 3)
	args := map[string]any{"amount": 4000, "date_from": "2026-10-01", "limit": 20}
	call := func(cs *sdk.ClientSession) *sdk.CallToolResult {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_orders", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := connectClient(t, server)
	for i := range 3 {
		if res := call(first); res.IsError {
			t.Fatalf("call %d within the bound: %+v", i, res.StructuredContent)
		}
	}
	res := call(first)
	b, _ := json.Marshal(res.StructuredContent)
	if !res.IsError || !strings.Contains(string(b), `"code":"`+string(agentinput.EnvelopeRateLimited)+`"`) || !strings.Contains(string(b), `"retry_allowed":false`) {
		t.Fatalf("the 4th call of a session bounded at 3: %s", b)
	}
	if res := call(connectClient(t, server)); res.IsError {
		t.Fatalf("another session was refused: %+v", res.StructuredContent)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 5 || strings.Contains(log.String(), "2026-10-01") {
		t.Fatalf("audit log:\n%s", log.String())
	}
	for i, l := range lines {
		want := "outcome=ok"
		if i == 3 {
			want = "outcome=rate_limited"
		}
		if !strings.Contains(l, "tool=read_orders") || !strings.Contains(l, "kind=read") || !strings.Contains(l, "arguments_sha256=") || !strings.Contains(l, want) {
			t.Errorf("audit line %d: %s", i, l)
		}
	}
}

// Over stdio the proxy answers its tools' calls on factory/mcp's fast path
// once the session is initialized, and go-sdk answers those before: both
// count against the one session's bound and both write the audit line.
func TestProxyStdioBoundAcrossPaths(t *testing.T) {
	h := benchHost(t)
	var log bytes.Buffer
	server, raw := proxyTools(h, slog.New(slog.NewTextHandler(&log, nil)), 3, true)
	if len(raw) != 1 || raw["read_orders"] == nil {
		t.Fatalf("raw tools: %v", raw)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	transport := agentmcp.NewStdioTransport(inR, outW)
	transport.RawTools = raw
	done := make(chan error, 1)
	go func() {
		done <- server.Run(context.Background(), transport)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	exchange := func(line string, answers bool) string {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !answers {
			return ""
		}
		if !lines.Scan() {
			t.Fatalf("no answer to %s: %v", line, lines.Err())
		}
		return lines.Text()
	}
	call := func(id string) string {
		return exchange(`{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"read_orders","arguments":{"amount":"4 000","date_from":"2026-10-01","limit":20}}}`, true)
	}
	exchange(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"0"}}}`, true)
	outcomes := []string{call("2")} // go-sdk's: not yet initialized
	exchange(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, false)
	outcomes = append(outcomes, call("3"), call("4"), call("5"))
	for i, o := range outcomes {
		limited := strings.Contains(o, `"code":"`+string(agentinput.EnvelopeRateLimited)+`"`)
		if limited != (i == 3) || !strings.Contains(o, `"id":`+strconv.Itoa(i+2)+`,"result"`) {
			t.Errorf("call %d: %s", i+2, o)
		}
	}
	inW.Close()
	if err := <-done; err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	audit := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(audit) != 4 || strings.Contains(log.String(), "2026-10-01") || !strings.Contains(audit[3], "outcome=rate_limited") {
		t.Fatalf("audit log:\n%s", log.String())
	}
}
