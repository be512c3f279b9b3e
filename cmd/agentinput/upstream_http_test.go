package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/longtest"
)

// The proxy in front of an upstream over streamable HTTP (--url): a
// go-sdk server, and a hand-written one that misbehaves, each served by
// the test over loopback to the proxy, a process.

// httpProxy starts the proxy (on stdio, --timeout 120s) in front of the
// server at url, its tools bound as flakyProxy binds childUpstream's.
func httpProxy(t *testing.T, url string) (*sdk.ClientSession, *exec.Cmd) {
	t.Helper()
	dir := t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), flakyBindings)
	bin, benv := commandBinary(t)
	proxy := exec.Command(bin, "proxy", "--bind", bind, "--timeout", "120s", "--max-calls-per-session", "0",
		"--url", url, "--"+allowPrivateFlag)
	proxy.Env = benv
	cs, _ := connectProxy(t, proxy)
	return cs, proxy
}

type limitArgs struct {
	Limit int `json:"limit,omitempty" jsonschema:"at most this many"`
}

type controlArgs struct {
	Action string `json:"action" jsonschema:"what to do"`
}

// sdkUpstream is childUpstream's catalog as a go-sdk server: control's
// action "change" changes read_notes' description (the server announces
// tools/list_changed).
func sdkUpstream() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "sdk-upstream", Version: "v1"}, nil)
	limit := func(name, description string) {
		sdk.AddTool(s, &sdk.Tool{Name: name, Description: description, InputSchema: json.RawMessage(
			`{"type":"object","additionalProperties":false,"properties":{"limit":{"type":"integer","minimum":1,"maximum":100}}}`)},
			func(_ context.Context, _ *sdk.CallToolRequest, a limitArgs) (*sdk.CallToolResult, any, error) {
				return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: name + " " + strconv.Itoa(a.Limit)}}}, nil, nil
			})
	}
	limit("read_orders", "Lists orders.")
	limit("read_notes", "Lists notes.")
	sdk.AddTool(s, &sdk.Tool{Name: "control", Description: "Misbehaves on purpose.", InputSchema: json.RawMessage(
		`{"type":"object","additionalProperties":false,"properties":{"action":{"type":"string","enum":["garbage","big","change"]}},"required":["action"]}`)},
		func(_ context.Context, _ *sdk.CallToolRequest, a controlArgs) (*sdk.CallToolResult, any, error) {
			if a.Action == "change" {
				limit("read_notes", "Lists notes, and now something else.")
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: a.Action}}}, nil, nil
		})
	return s
}

// serveOn serves h on addr ("127.0.0.1:0": a free port), and answers the
// server (its address in URL).
func serveOn(t *testing.T, addr string, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	ts := &httptest.Server{Listener: l, Config: &http.Server{Handler: h}}
	ts.Start()
	t.Cleanup(func() {
		ts.CloseClientConnections() // the proxy's standalone stream would keep Close waiting
		ts.Close()
	})
	return ts
}

// Over HTTP through go-sdk's own server: the bound tools listed, a call
// read leniently (the limit written as a string reaches the server as a
// number), the server restarted on the same address (its session gone)
// and the proxy reconnected and serving again, then a catalog change
// announced by tools/list_changed re-discovered: the changed tool stale,
// the others serving.
func TestProxyHTTPUpstreamSDK(t *testing.T) {
	longtest.Skip(t, "starts the proxy as a process")
	handler := func() http.Handler {
		s := sdkUpstream()
		return sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	}
	ts := serveOn(t, "127.0.0.1:0", handler())
	addr := ts.Listener.Addr().String()
	cs, _ := httpProxy(t, ts.URL)
	if got := toolNames(t, cs); got != "control notes orders" {
		t.Fatalf("tools %q", got)
	}
	if a := answerOf(t, callTool(t, cs, "orders", map[string]any{"limit": "5"})); a.Code != "" || !strings.Contains(strings.Join(a.Text, " "), "read_orders 5") {
		t.Fatalf("orders: %+v", a)
	}

	ts.CloseClientConnections() // as a server that stops does: its streams end
	ts.Close()
	serveOn(t, addr, handler())
	until(t, cs, "orders", "", "")
	if code, msg := codeOf(t, cs, "notes", map[string]any{}); code != "" {
		t.Fatalf("notes after the restart: %s %s", code, msg)
	}

	changeCatalog(t, cs)
}

// handUpstream is a streamable HTTP server written by hand, so that it
// can answer what no SDK would: control's action says what — "garbage" a
// body that is not JSON, "big" a 50 MB body written in pieces, "bad_event"
// an event stream with an event that is not a message, "forget" ends the
// session (every later request of it is answered 404).
type handUpstream struct {
	mu      sync.Mutex
	session int
}

func (u *handUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u.mu.Lock()
	current := "s" + strconv.Itoa(u.session)
	u.mu.Unlock()
	if got := r.Header.Get("Mcp-Session-Id"); got != "" && got != current {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var m upstreamRequest
	body, _ := io.ReadAll(r.Body)
	if json.Unmarshal(body, &m) != nil || m.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	reply := func(result string) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`) //nolint:errcheck // the proxy's reading is what is tested
	}
	schema := `{"type":"object","additionalProperties":false,"properties":{"limit":{"type":"integer","minimum":1,"maximum":100}}}`
	switch m.Method {
	case "initialize":
		u.mu.Lock()
		u.session++
		w.Header().Set("Mcp-Session-Id", "s"+strconv.Itoa(u.session))
		u.mu.Unlock()
		reply(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"hand","version":"v1"}}`)
	case "tools/list":
		reply(`{"tools":[{"name":"read_orders","description":"Lists orders.","inputSchema":` + schema + `},` +
			`{"name":"read_notes","description":"Lists notes.","inputSchema":` + schema + `},` +
			`{"name":"control","description":"Misbehaves on purpose.","inputSchema":{"type":"object","additionalProperties":false,"properties":{"action":{"type":"string","enum":["garbage","big","bad_event","forget"]}},"required":["action"]}}]}`)
	case "tools/call":
		switch m.Params.Arguments["action"] {
		case "garbage":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "this is not JSON {") //nolint:errcheck
		case "big":
			w.Header().Set("Content-Type", "application/json")
			bw := bufio.NewWriterSize(w, 1<<20)
			bw.WriteString(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"content":[{"type":"text","text":"`) //nolint:errcheck
			chunk := strings.Repeat("x", 1<<20)
			for range 50 {
				if _, err := bw.WriteString(chunk); err != nil {
					return
				}
			}
			bw.WriteString(`"}]}}`) //nolint:errcheck
			bw.Flush()              //nolint:errcheck
		case "bad_event":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":"+string(m.ID)+",\"result\":\n\n") //nolint:errcheck
		case "forget":
			u.mu.Lock()
			u.session++ // no client holds this one
			u.mu.Unlock()
			reply(`{"content":[{"type":"text","text":"forgotten"}]}`)
		default:
			reply(`{"content":[{"type":"text","text":"` + m.Params.Name + `"}]}`)
		}
	default:
		reply(`{}`)
	}
}

// Over HTTP, a hand-written server's bad answers each answer their call at
// once with their code, and the next call is served: a body that is not
// JSON (mcp_protocol_error, not mcp_timeout after the 120 s budget), an
// event that is not a message (the same), a 50 MB body
// (mcp_result_too_large; the proxy's peak memory stays under the body's
// size); a session the server ended is reconnected.
func TestProxyHTTPUpstreamMisbehaves(t *testing.T) {
	longtest.Skip(t, "starts the proxy as a process")
	ts := serveOn(t, "127.0.0.1:0", &handUpstream{})
	cs, proxy := httpProxy(t, ts.URL)
	for _, c := range []struct{ action, want string }{
		{"garbage", "mcp_protocol_error"},
		{"bad_event", "mcp_protocol_error"},
		{"big", "mcp_result_too_large"},
	} {
		if code, _ := codeOf(t, cs, "control", map[string]any{"action": c.action}); code != c.want {
			t.Fatalf("%s: %q, want %q", c.action, code, c.want)
		}
		if code, msg := codeOf(t, cs, "orders", map[string]any{"limit": "5"}); code != "" {
			t.Fatalf("the call after %s: %s %s", c.action, code, msg)
		}
	}
	if kb, ok := peakKiB(t, proxy.Process.Pid); ok {
		t.Logf("the proxy's peak resident memory: %d KiB", kb)
		if kb > 40<<10 {
			t.Fatalf("the proxy's peak resident memory is %d KiB: the 50 MB body was kept", kb)
		}
	}
	if code, msg := codeOf(t, cs, "control", map[string]any{"action": "forget"}); code != "" {
		t.Fatalf("forget: %s %s", code, msg)
	}
	until(t, cs, "orders", "", "")
}
