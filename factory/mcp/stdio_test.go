package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// stdioServer runs a server with one read tool over mcp.StdioTransport on
// pipes, and returns the client's ends: what it writes, what it reads.
func stdioServer(t *testing.T) (io.WriteCloser, io.Reader) {
	t.Helper()
	h := func(_ context.Context, in pageIn, _ *factory.Call) (pageOut, error) {
		return pageOut{Query: in.Query, Limit: in.Limit}, nil
	}
	tool := factory.Must(factory.Spec{Name: "search_items", Title: "Search items",
		Description: "Searches the test items by words in their titles. Use when a test needs a tool to call.",
		Intent:      factory.IntentRead, Observer: silent{}}, h)
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tool)
	return runOverPipes(t, server, nil, nil)
}

// runOverPipes runs server over mcp.StdioTransport on pipes (with raw as
// its RawTools; its output through wrap when wrap is not nil) until the
// test ends, and returns the client's ends: what it writes, what it
// reads. The client's reading ends when the server stops; the test checks
// that it stops once its input ends.
func runOverPipes(t *testing.T, server *sdk.Server, raw map[string]mcp.RawToolHandler, wrap func(io.Writer) io.Writer) (io.WriteCloser, io.Reader) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var out io.Writer = outW
	if wrap != nil {
		out = wrap(outW)
	}
	transport := mcp.NewStdioTransport(inR, out)
	transport.RawTools = raw
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- server.Run(ctx, transport)
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop when its input ended")
		}
		cancel()
		outW.Close()
	})
	return inW, outR
}

// A whole session with go-sdk's own client over the transport: initialize,
// tools/list, a lenient tools/call with its note, a call whose arguments
// do not read, and a notification.
func TestStdioTransportSession(t *testing.T) {
	in, out := stdioServer(t)
	ctx := context.Background()
	client := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &sdk.IOTransport{Reader: io.NopCloser(out), Writer: in}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("tools/list: %v %+v", err, list)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "search_items", Arguments: map[string]any{"query": "tax", "limit": "20"}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call: %v %+v", err, res)
	}
	if b, _ := json.Marshal(res.StructuredContent); string(b) != `{"limit":20,"query":"tax"}` {
		t.Fatalf("result %s", b)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "search_items", Arguments: map[string]any{"limit": "twenty-two"}})
	if err != nil || !res.IsError {
		t.Fatalf("a bad limit: %v %+v", err, res)
	}
	if err := cs.Ping(ctx, nil); err != nil {
		t.Fatal(err)
	}
}

// A bad line between good ones is answered and the session goes on; a
// tools/call nested past go-sdk's decoder is the tool's too_large.
func TestStdioTransportReadsOn(t *testing.T) {
	in, out := stdioServer(t)
	lines := bufio.NewScanner(out)
	lines.Buffer(nil, 1<<20)
	next := func() string {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("no line: %v", lines.Err())
		}
		return lines.Text()
	}
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(in, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"0"}}}`)
	if l := next(); !strings.Contains(l, `"id":1,"result"`) {
		t.Fatalf("initialize: %s", l)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{`)
	if l := next(); l != `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not one JSON value: it ends inside one. Send one JSON-RPC message a line"}}` {
		t.Fatalf("a lone brace: %s", l)
	}
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_items","arguments":{"query":` + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + `}}}`)
	var r struct {
		ID     int
		Result struct {
			IsError bool
			Meta    struct {
				Envelope struct{ Issues []struct{ Code, Path string } } `json:"agentinput.dev/envelope"`
			} `json:"_meta"`
		}
	}
	if err := json.Unmarshal([]byte(next()), &r); err != nil || r.ID != 2 || !r.Result.IsError ||
		len(r.Result.Meta.Envelope.Issues) != 1 || r.Result.Meta.Envelope.Issues[0].Code != "too_large" ||
		r.Result.Meta.Envelope.Issues[0].Path != "/query"+strings.Repeat("/0", 15) {
		t.Fatalf("deep arguments: %+v", r)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	if l := next(); l != `{"jsonrpc":"2.0","id":3,"result":{}}` {
		t.Fatalf("ping: %s", l)
	}
}

// Close unblocks a Read waiting for a line that never comes.
func TestStdioTransportClose(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	conn, err := mcp.NewStdioTransport(r, io.Discard).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := conn.Read(context.Background())
		got <- err
	}()
	conn.Close()
	select {
	case err := <-got:
		if err != io.EOF {
			t.Fatalf("Read after Close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read still waits after Close")
	}
}
