package main

import (
	"context"
	"slices"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// A read call through the proxy against the same call direct, both over
// in-memory transports (the proxy's hop is one more client and server):
// p50-ns is each one's median.

func benchUpstream(b testing.TB) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "upstream", Version: "v1"}, nil)
	schema := map[string]any{"type": "object", "additionalProperties": false, "properties": map[string]any{
		"amount": map[string]any{"type": "number"}, "date_from": map[string]any{"type": "string"}, "limit": map[string]any{"type": "integer", "minimum": 1, "maximum": 100}}}
	s.AddTool(&sdk.Tool{Name: "read_orders", Description: "Lists orders.", InputSchema: schema},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "orders for " + string(req.Params.Arguments)}}}, nil
		})
	return s
}

func connect(b testing.TB, s *sdk.Server, opts *sdk.ClientOptions, sess *sdk.ClientSessionOptions) *sdk.ClientSession {
	st, ct := sdk.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		b.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, opts).Connect(context.Background(), ct, sess)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}

func benchCalls(b *testing.B, cs *sdk.ClientSession) {
	args := map[string]any{"amount": 4000, "date_from": "2026-10-01", "limit": 20}
	var times []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_orders", Arguments: args})
		times = append(times, time.Since(start))
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "p50-ns")
}

// benchHost is a host over benchUpstream with read_orders bound and
// discovered, as the proxy's tests and benchmarks call it.
func benchHost(tb testing.TB) *host.Host {
	tb.Helper()
	mon := host.NewMonitor()
	up := connect(tb, benchUpstream(tb), mon.ClientOptions(nil), host.SessionOptions())
	h, err := host.New(up, mon, host.Options{ServerID: "upstream"},
		host.Binding{Remote: "read_orders", Local: "read_orders", Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return h
}

func BenchmarkReadCallDirect(b *testing.B) {
	benchCalls(b, connect(b, benchUpstream(b), nil, nil))
}

func BenchmarkReadCallThroughProxy(b *testing.B) {
	h := benchHost(b)
	benchCalls(b, connect(b, proxyServer(h, nil, 0), nil, nil))
}
