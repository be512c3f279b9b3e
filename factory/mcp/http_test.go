package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// The hardened HTTP endpoint, on loopback (httptest binds 127.0.0.1).

type blockIn struct {
	Query string `json:"query" desc:"Words to search for."`
}

// httpServer serves a server with search_items (which waits on gate when
// it is not nil, after saying so on entered) behind NewHTTPServer.
func httpServer(t *testing.T, opts mcp.HTTPOptions, entered chan<- struct{}, gate <-chan struct{}) *httptest.Server {
	t.Helper()
	h := func(ctx context.Context, in blockIn, _ *factory.Call) (pageOut, error) {
		if gate != nil {
			entered <- struct{}{}
			select {
			case <-gate:
			case <-ctx.Done():
			}
		}
		return pageOut{Query: in.Query}, nil
	}
	desc := "Searches the test items by words in their titles. Use when a test needs a tool to call."
	tool := factory.Must(factory.Spec{Name: "search_items", Title: "Search items", Description: desc, Intent: factory.IntentRead, Observer: silent{}}, h)
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, tool)
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = mcp.NewHTTPServer(server, opts)
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

type httpReply struct {
	status int
	header http.Header
	body   []byte
}

func post(t *testing.T, url string, body []byte, header map[string]string) httpReply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	return do(t, req)
}

func do(t *testing.T, req *http.Request) httpReply {
	t.Helper()
	ctx, cancel := context.WithTimeout(req.Context(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	return httpReply{resp.StatusCode, resp.Header, body}
}

// rpcError decodes a JSON-RPC error reply, failing when it is anything else.
func rpcError(t *testing.T, name string, r httpReply) (code int, id string) {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s: Content-Type %q, status %d, body %q", name, ct, r.status, r.body)
	}
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(r.body, &m); err != nil || m.JSONRPC != "2.0" || m.Error == nil || m.Error.Message == "" {
		t.Fatalf("%s: not a JSON-RPC error (status %d): %q", name, r.status, r.body)
	}
	if len(r.body) > 512 {
		t.Fatalf("%s: a %d-byte error reply", name, len(r.body))
	}
	return m.Error.Code, string(m.ID)
}

func initialize(t *testing.T, url string, header map[string]string) string {
	t.Helper()
	r := post(t, url, []byte(initBody), header)
	if r.status != http.StatusOK || !bytes.Contains(r.body, []byte(`"serverInfo"`)) {
		t.Fatalf("initialize: %d %q", r.status, r.body)
	}
	return r.header.Get("Mcp-Session-Id")
}

func TestHTTPMalformedFramesAreJSONRPCErrors(t *testing.T) {
	ts := httpServer(t, mcp.HTTPOptions{MaxBodyBytes: 4096}, nil, nil)
	session := initialize(t, ts.URL, nil)
	withSession := map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18"}
	cases := []struct {
		name   string
		body   string
		header map[string]string
		status int
		code   int
		id     string
	}{
		{"not json", "not json", nil, 400, -32700, "null"},
		{"a lone brace", "{", nil, 400, -32700, "null"},
		{"trailing garbage", `{"jsonrpc":"2.0","id":1,"method":"ping"} x`, nil, 400, -32700, "null"},
		{"a raw NUL", "{\"jsonrpc\":\"2.0\",\x00\"id\":1}", nil, 400, -32700, "null"},
		{"a BOM", "\ufeff" + initBody, nil, 400, -32700, "null"},
		{"a batch", "[" + initBody + "]", nil, 400, -32600, "null"},
		{"an empty batch", "[]", nil, 400, -32600, "null"},
		{"a number", "42", nil, 400, -32600, "null"},
		{"an object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, nil, 400, -32600, "null"},
		{"an id of 1e400", `{"jsonrpc":"2.0","id":1e400,"method":"ping"}`, nil, 400, -32600, "null"},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, nil, 400, -32600, "null"},
		{"an id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, nil, 400, -32600, "null"},
		{"a fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, nil, 400, -32600, "null"},
		{"a long string id", `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 300) + `","method":"ping"}`, nil, 400, -32600, "null"},
		{"no jsonrpc member", `{"id":7,"method":"ping"}`, nil, 400, -32600, "null"},
		{"a method that is not a string", `{"jsonrpc":"2.0","id":7,"method":5}`, nil, 400, -32600, "7"},
		{"a member written twice", `{"jsonrpc":"2.0","id":1,"method":"ping","method":"tools/list"}`, nil, 400, -32600, "null"},
		{"a tool's name written twice", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_items","name":"other","arguments":{}}}`, withSession, 400, -32602, "5"},
		{"an argument written twice, deep", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"search_items","arguments":{"q":"a","f":{"x":1,"\u0078":1}}}}`, withSession, 400, -32602, "6"},
		{"an empty body", "", nil, 400, -32600, "null"},
		{"an oversize body", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 8000) + `"}}`, nil, 413, -32600, "null"},
		{"a wrong content type", initBody, map[string]string{"Content-Type": "text/plain"}, 415, -32600, "null"},
		{"no content type", initBody, map[string]string{"Content-Type": ""}, 415, -32600, "null"},
		{"a wrong Accept (the SDK's own answer)", initBody, map[string]string{"Accept": "text/html"}, 400, -32600, "null"},
		{"an unknown session (the SDK's own answer)", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, map[string]string{"Mcp-Session-Id": "no-such-session"}, 404, -32600, "null"},
		{"arguments nested 1,200 deep (the SDK's decoder)", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_items","arguments":{"q":` + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + `}}}`, withSession, 400, -32700, "null"},
		{"an unknown method (the SDK's own answer)", `{"jsonrpc":"2.0","id":3,"method":"no/such"}`, withSession, 0, 0, ""},
	}
	for _, c := range cases {
		r := post(t, ts.URL, []byte(c.body), c.header)
		if c.status == 0 {
			// Answered in the session's own way; what matters is that
			// it is JSON, not plain text.
			if strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
				t.Errorf("%s: a plain-text answer %d %q", c.name, r.status, r.body)
			}
			continue
		}
		code, id := rpcError(t, c.name, r)
		if r.status != c.status || code != c.code || id != c.id {
			t.Errorf("%s: status %d code %d id %s, want %d %d %s (%q)", c.name, r.status, code, id, c.status, c.code, c.id, r.body)
		}
	}
	// A GET without a session, and a PUT: the SDK's plain-text refusals,
	// as JSON-RPC errors.
	for _, method := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		req, _ := http.NewRequest(method, ts.URL, nil)
		req.Header.Set("Accept", "text/event-stream")
		r := do(t, req)
		if r.status < 400 {
			t.Errorf("%s without a session: %d", method, r.status)
		}
		rpcError(t, method, r)
	}
	// And the server still serves.
	r := post(t, ts.URL, []byte(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`), withSession)
	if r.status != http.StatusOK || !bytes.Contains(r.body, []byte("search_items")) {
		t.Fatalf("tools/list after the catalogue: %d %q", r.status, r.body)
	}
}

func TestHTTPOrigin(t *testing.T) {
	ts := httpServer(t, mcp.HTTPOptions{AllowedOrigins: []string{"https://app.example.com"}}, nil, nil)
	for _, origin := range []string{"", "http://localhost:3000", "http://127.0.0.1", "http://[::1]:8080", "https://APP.example.com"} {
		initialize(t, ts.URL, map[string]string{"Origin": origin})
	}
	long := "https://" + strings.Repeat("e", 5000) + ".example"
	for _, origin := range []string{"https://evil.example", "null", "http://localhost.evil.example", "https://app.example.com.evil", "file://", long} {
		r := post(t, ts.URL, []byte(initBody), map[string]string{"Origin": origin})
		if code, _ := rpcError(t, origin, r); r.status != http.StatusForbidden || code != -32600 {
			t.Errorf("Origin %.40q: %d %d", origin, r.status, code)
		}
		if bytes.Contains(r.body, []byte(strings.Repeat("e", 100))) {
			t.Errorf("the refusal echoes the origin uncut: %q", r.body)
		}
	}
}

func TestHTTPBearerToken(t *testing.T) {
	ts := httpServer(t, mcp.HTTPOptions{BearerToken: []byte("0123456789abcdef-secret")}, nil, nil)
	for _, auth := range []string{"", "Bearer wrong", "Bearer 0123456789abcdef-secre", "Basic 0123456789abcdef-secret"} {
		r := post(t, ts.URL, []byte(initBody), map[string]string{"Authorization": auth})
		if code, _ := rpcError(t, "auth "+auth, r); r.status != http.StatusUnauthorized || code != -32600 {
			t.Errorf("Authorization %q: %d %d", auth, r.status, code)
		}
	}
	initialize(t, ts.URL, map[string]string{"Authorization": "Bearer 0123456789abcdef-secret"})
}

// Over the bound of concurrent requests, with no queue: 503 with
// Retry-After, and the requests within it are served.
func TestHTTPConcurrencyBound(t *testing.T) {
	entered, gate := make(chan struct{}, 2), make(chan struct{})
	ts := httpServer(t, mcp.HTTPOptions{MaxConcurrent: 2, QueueLength: -1, RetryAfter: 3 * time.Second, JSONResponse: true}, entered, gate)
	session := initialize(t, ts.URL, nil)
	h := map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18"}
	post(t, ts.URL, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), h)
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_items","arguments":{"query":"q"}}}`
	var wg sync.WaitGroup
	results := make([]httpReply, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = post(t, ts.URL, []byte(strings.Replace(call, "%d", string(rune('5'+i)), 1)), h)
		}()
	}
	for range 2 {
		select {
		case <-entered:
		case <-time.After(30 * time.Second):
			t.Fatal("the calls within the bound did not reach the tool")
		}
	}
	r := post(t, ts.URL, []byte(`{"jsonrpc":"2.0","id":8,"method":"tools/list"}`), h)
	code, _ := rpcError(t, "over the bound", r)
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") != "3" || code != -32603 {
		t.Errorf("over the bound: %d Retry-After %q code %d", r.status, r.header.Get("Retry-After"), code)
	}
	close(gate)
	wg.Wait()
	for i, r := range results {
		if r.status != http.StatusOK || !bytes.Contains(r.body, []byte(`"query":"q"`)) {
			t.Errorf("call %d within the bound: %d %q", i, r.status, r.body)
		}
	}
	post(t, ts.URL, []byte(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`), h)
}

// Connections that send their headers or body slowly, or not at all, are
// closed by the server; bounded in count, each waited for at most 30 s.
func TestHTTPSlowConnectionsAreClosed(t *testing.T) {
	ts := httpServer(t, mcp.HTTPOptions{ReadHeaderTimeout: 100 * time.Millisecond, ReadTimeout: 100 * time.Millisecond, IdleTimeout: 100 * time.Millisecond}, nil, nil)
	addr := strings.TrimPrefix(ts.URL, "http://")
	partial := []string{
		"", // connects and says nothing
		"POST / HTTP/1.1\r\nHost: " + addr + "\r\n", // headers never end
		"POST / HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"json", // body never ends
	}
	const each = 10
	var wg sync.WaitGroup
	errs := make(chan string, len(partial)*each)
	for _, p := range partial {
		for range each {
			wg.Add(1)
			go func() {
				defer wg.Done()
				conn, err := net.Dial("tcp", addr)
				if err != nil {
					errs <- err.Error()
					return
				}
				defer conn.Close()
				if _, err := io.WriteString(conn, p); err != nil {
					errs <- err.Error()
					return
				}
				conn.SetReadDeadline(time.Now().Add(30 * time.Second))
				got, err := io.ReadAll(bufio.NewReader(conn))
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					errs <- "the server held a slow connection open for 30 s"
					return
				}
				// A body that never ends is answered (408, as JSON) or
				// simply closed; nothing else is.
				if len(got) > 0 && !bytes.Contains(got, []byte("408 Request Timeout")) && !bytes.Contains(got, []byte("400 Bad Request")) {
					errs <- "unexpected answer: " + string(got)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	// And the server still serves.
	initialize(t, ts.URL, nil)
}

// A burst of 64 clients on the default bound (32) and its queue (128):
// every call is served, none refused.
func TestHTTPBurstIsQueued(t *testing.T) {
	entered, gate := make(chan struct{}, 1024), make(chan struct{})
	close(gate) // the handler does not wait
	ts := httpServer(t, mcp.HTTPOptions{JSONResponse: true}, entered, gate)
	session := initialize(t, ts.URL, nil)
	h := map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18"}
	post(t, ts.URL, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), h)
	go func() {
		for range entered {
		}
	}()
	var wg sync.WaitGroup
	var refused, failed atomic.Int64
	for c := range 64 {
		wg.Go(func() {
			for k := range 5 {
				r := post(t, ts.URL, []byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(c*10+k+2)+`,"method":"tools/call","params":{"name":"search_items","arguments":{"query":"q"}}}`), h)
				switch {
				case r.status == http.StatusServiceUnavailable:
					refused.Add(1)
				case r.status != http.StatusOK:
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if refused.Load() != 0 || failed.Load() != 0 {
		t.Fatalf("64 clients, 5 calls each, on the default bound: %d refused, %d failed", refused.Load(), failed.Load())
	}
}

// Slow bodies hold no slot: with every slot's worth of connections each
// sending its headers and one byte of its body, another client is served
// (within the client's 10 s timeout, far under the body deadline); and one
// address reading more bodies at once than it may is answered 429.
func TestHTTPSlowBodiesHoldNoSlot(t *testing.T) {
	ts := httpServer(t, mcp.HTTPOptions{MaxConcurrent: 4, QueueLength: -1, MaxBodiesPerClient: 6, ReadTimeout: 60 * time.Second}, nil, nil)
	addr := strings.TrimPrefix(ts.URL, "http://")
	session := initialize(t, ts.URL, nil)
	h := map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18"}
	post(t, ts.URL, []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), h)
	head := "POST / HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"
	var conns []net.Conn
	t.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	for range 5 { // more than MaxConcurrent, fewer than MaxBodiesPerClient
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, head); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // let the server start reading them
	hc := &http.Client{Timeout: 10 * time.Second}
	req, _ := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`))
	for k, v := range h {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("with 5 slow bodies in, another client was not served: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("search_items")) {
		t.Fatalf("with 5 slow bodies in: %d %q", resp.StatusCode, body)
	}
	// Two more slow bodies from this address: the 7th is one too many.
	// Which of the two the server counts 7th is the order it accepts
	// them in, so the first answer from either is the refusal; the other
	// body is still being read. The wait is a liveness bound, not a
	// measure.
	type answer struct {
		r   *http.Response
		err error
	}
	answers := make(chan answer, 2)
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		io.WriteString(c, head)
		c.SetReadDeadline(time.Now().Add(2 * time.Minute))
		go func() {
			r, err := http.ReadResponse(bufio.NewReader(c), nil)
			answers <- answer{r, err}
		}()
	}
	a := <-answers
	if a.err != nil {
		t.Fatalf("the 7th body of one address got no answer: %v", a.err)
	}
	if a.r.StatusCode != http.StatusTooManyRequests || a.r.Header.Get("Retry-After") == "" {
		t.Fatalf("the 7th body of one address: %d, Retry-After %q", a.r.StatusCode, a.r.Header.Get("Retry-After"))
	}
}
