package host_test

import (
	"context"
	"fmt"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// Discovery of a 256-tool catalog (the default budget), 64 of them bound,
// in memory: paging, the profile and the readers.
func BenchmarkDiscover256Tools(b *testing.B) {
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
	defer cs.Close()
	h, err := host.New(cs, mon, host.Options{ServerID: "bench"}, bindings...)
	if err != nil {
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
