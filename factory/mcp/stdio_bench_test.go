package mcp_test

import (
	"context"
	"io"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/mcp"
)

// benchLine is a typical tools/call line, as a client sends it.
const benchLine = `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"read_decisions","arguments":{"court":"nejvyssi soud","date_from":"2020","limit":"5","cursor":"start","language":"cs_CZ","tags":["tax","vat"]},"_meta":{"progressToken":7}}}` + "\n"

// lines repeats benchLine without end.
type lines struct{ off int }

func (l *lines) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], benchLine[l.off:])
		n += c
		l.off = (l.off + c) % len(benchLine)
	}
	return n, nil
}

func benchRead(b *testing.B, t sdk.Transport) {
	conn, err := t.Connect(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	ctx := context.Background()
	b.SetBytes(int64(len(benchLine)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := conn.Read(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// The cost of reading one message: this package's stdio transport against
// go-sdk's own IOTransport (docs/performance.md has the medians).
func BenchmarkStdioRead(b *testing.B) {
	b.Run("agentinput", func(b *testing.B) { benchRead(b, mcp.NewStdioTransport(&lines{}, io.Discard)) })
	b.Run("go-sdk", func(b *testing.B) {
		benchRead(b, &sdk.IOTransport{Reader: io.NopCloser(&lines{}), Writer: nopCloser{io.Discard}})
	})
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
