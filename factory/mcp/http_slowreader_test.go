package mcp_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

type bigOut struct {
	Text string `json:"text"`
}

// A client that sends a call and never reads its reply does not hold the
// server: the write deadline cuts the reply, the connection closes, and the
// request's place under MaxConcurrent is free for the next one. Without
// the deadline the only place stays taken and the next call is refused
// with 503 for as long as the stalled client waits.
func TestHTTPStalledReaderIsCut(t *testing.T) {
	const size = 16 << 20 // far beyond what the kernel's socket buffers hold
	entered := make(chan struct{})
	var once sync.Once
	big := factory.Must(factory.Spec{Name: "read_big", Title: "Read a big text",
		Description: "Returns a very long text, for a test of replies a client never reads. Use when a test needs one.",
		Intent:      factory.IntentRead, Observer: silent{}},
		func(context.Context, blockIn, *factory.Call) (bigOut, error) {
			once.Do(func() { close(entered) })
			return bigOut{Text: strings.Repeat("x", size)}, nil
		})
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, big)
	ts := httptest.NewUnstartedServer(nil)
	// The write deadline counts from the request, so it bounds every
	// reply here, initialize too: long enough for a loaded machine.
	ts.Config = mcp.NewHTTPServer(server, mcp.HTTPOptions{WriteTimeout: time.Second, MaxConcurrent: 1, JSONResponse: true})
	ts.Start()
	t.Cleanup(ts.Close)
	addr := strings.TrimPrefix(ts.URL, "http://")

	session := initialize(t, ts.URL, nil)
	h := map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18"}
	post(t, ts.URL, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), h)

	// The stalled client: a small receive buffer, a call, and no read.
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_big","arguments":{"query":"q"}}}`
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"+
		"Mcp-Session-Id: %s\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Length: %d\r\n\r\n%s", addr, session, len(body), body)

	// The stalled call holds the only place before the next one is sent:
	// otherwise the next could be served first and prove nothing.
	select {
	case <-entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the stalled call never reached its handler")
	}
	// The next call is served once the stalled one is cut: polled, at most
	// for two minutes. The cut comes a second after the reply starts, but
	// the reply is 16 MB to encode first: under the race detector on a
	// loaded 2-core machine that took over 30 s (CI, 2026-12-05), which is
	// no hold by the stalled client.
	served := false
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		r := post(t, ts.URL, []byte(`{"jsonrpc":"2.0","id":8,"method":"tools/list"}`), h)
		if r.status == http.StatusOK {
			served = true
			break
		}
		if r.status != http.StatusServiceUnavailable {
			t.Fatalf("the next call: %d %q", r.status, r.body)
		}
	}
	if !served {
		t.Fatal("a client that never reads held the server's only place for two minutes")
	}
	// The stalled client's connection was closed, its reply cut short.
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	n, err := io.Copy(io.Discard, conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept the stalled connection open")
	}
	if n >= size {
		t.Fatalf("the stalled client got the whole %d-byte reply", n)
	}
}
