package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

// Every call through the proxy is one audit line, reads as writes, with
// the arguments' digest and never their values; a session past its bound
// of calls is answered rate_limited, not sent on, and another session is
// not.
func TestProxyAuditAndSessionBound(t *testing.T) {
	mon := host.NewMonitor()
	up := connect(t, benchUpstream(t), mon.ClientOptions(nil), host.SessionOptions())
	h, err := host.New(up, mon, host.Options{ServerID: "upstream"},
		host.Binding{Remote: "read_orders", Local: "read_orders", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
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
