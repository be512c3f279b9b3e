package host_test

import (
	"context"
	"fmt"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// Discovery of a 256-tool catalog (the default budget), 64 of them bound,
// in memory: paging, the profile and the readers. The first discovery
// (nothing bound yet) builds every bound tool's reader; a rediscovery
// over a catalog in use rebuilds only the tools whose digest changed
// (none here); a plain paging of tools/list on the same session is the
// anchor.
func BenchmarkDiscover256Tools(b *testing.B) {
	h, _ := discoverBench(b)
	b.ReportAllocs()
	for b.Loop() {
		s, err := h.Discover(context.Background())
		if err != nil || len(s.Entries()) != 64 {
			b.Fatal(err)
		}
	}
}

func BenchmarkRediscover256Tools(b *testing.B) {
	h, _ := discoverBench(b)
	if _, err := h.Rediscover(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s, err := h.Discover(context.Background())
		if err != nil || len(s.Entries()) != 64 {
			b.Fatal(err)
		}
	}
}

func BenchmarkRefresh256Tools(b *testing.B) {
	h, _ := discoverBench(b)
	if _, err := h.Rediscover(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if stale, err := h.Refresh(context.Background()); err != nil || len(stale) != 0 {
			b.Fatal(err, stale)
		}
	}
}

func BenchmarkListTools256Plain(b *testing.B) {
	_, cs := discoverBench(b)
	b.ReportAllocs()
	for b.Loop() {
		n, cursor := 0, ""
		for {
			res, err := cs.ListTools(context.Background(), &sdk.ListToolsParams{Cursor: cursor})
			if err != nil {
				b.Fatal(err)
			}
			n += len(res.Tools)
			if cursor = res.NextCursor; cursor == "" {
				break
			}
		}
		if n != 256 {
			b.Fatal(n)
		}
	}
}

func discoverBench(b *testing.B) (*host.Host, *sdk.ClientSession) {
	server := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "v1"}, nil)
	var bindings []host.Binding
	for i := range 256 {
		name := fmt.Sprintf("read_tool_%03d", i)
		server.AddTool(&sdk.Tool{Name: name, Description: "A tool of the benchmark's catalog, with a few properties.", InputSchema: ordersSchema},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
		if i%4 == 0 {
			bindings = append(bindings, read(name))
		}
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		b.Fatal(err)
	}
	mon := host.NewMonitor()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, mon.ClientOptions(nil)).Connect(context.Background(), ct, host.SessionOptions())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	h, err := host.New(cs, mon, host.Options{ServerID: "bench"}, bindings...)
	if err != nil {
		b.Fatal(err)
	}
	return h, cs
}
