package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/demo"
	"agentinput.dev/receipt"
)

// BenchmarkDemoDoCall is the whole demo do call, do_tag_decision over MCP
// (an in-memory transport, the go-sdk client), with each receipt store:
// every call has a fresh idempotency key, so each claims and commits. The
// PostgreSQL case runs when AGENTINPUT_TEST_POSTGRES names a server.
func BenchmarkDemoDoCall(b *testing.B) {
	stores := []string{"memory", "sqlite:" + filepath.Join(b.TempDir(), "receipts.db")}
	if dsn := os.Getenv("AGENTINPUT_TEST_POSTGRES"); dsn != "" {
		stores = append(stores, dsn)
	}
	id := demo.Generate()[0].ID
	for _, spec := range stores {
		name := spec[:min(len(spec), 6)] // memory, sqlite, postgr(es)
		b.Run(name, func(b *testing.B) {
			store, closeStore, _, err := openStore(context.Background(), spec)
			if err != nil {
				b.Fatal(err)
			}
			defer closeStore()
			cs := benchSession(b, store)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n++
				res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "do_tag_decision",
					Arguments: map[string]any{"decision_id": id, "tags": []string{"tax"}, "idempotency_key": fmt.Sprintf("bench-%p-%d", b, n)}})
				if err != nil || res.IsError {
					b.Fatalf("%v %s", err, callText(res))
				}
			}
		})
	}
}

func benchSession(b *testing.B, store receipt.Store) *sdk.ClientSession {
	keys, err := cursorKeys("", nil)
	if err != nil {
		b.Fatal(err)
	}
	server, err := demoServer(false, demo.Options{Keys: keys, Observer: quiet{}, Receipts: store})
	if err != nil {
		b.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		b.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}
