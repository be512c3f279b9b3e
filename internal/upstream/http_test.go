package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

// fakeHTTP is a streamable HTTP server written by hand, so that it can
// answer what no SDK would. initialize gives the session "s1"; a
// tools/call answers what its tool's name says (answers); GET is 405
// unless stream is set; every request's method and headers are kept.
type fakeHTTP struct {
	t       *testing.T
	answers map[string]func(w http.ResponseWriter, id string)
	stream  func(w http.ResponseWriter)

	mu       sync.Mutex
	requests []seen
	gone     bool // the session ended: every request of it is 404
}

type seen struct {
	method, rpc                     string
	accept, contentType, session, v string
}

func (f *fakeHTTP) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &m); err != nil {
			f.t.Errorf("the client posted %q: %v", body, err)
		}
	}
	f.mu.Lock()
	f.requests = append(f.requests, seen{r.Method, m.Method, r.Header.Get("Accept"), r.Header.Get("Content-Type"),
		r.Header.Get(sessionHeader), r.Header.Get(versionHeader)})
	gone := f.gone
	f.mu.Unlock()
	if gone && r.Header.Get(sessionHeader) != "" {
		http.Error(w, "session not found", http.StatusNotFound)
		return
	}
	switch {
	case r.Method == http.MethodGet && f.stream != nil:
		f.stream(w)
		return
	case r.Method != http.MethodPost:
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	case m.ID == nil:
		w.WriteHeader(http.StatusAccepted)
		return
	}
	id := string(m.ID)
	switch m.Method {
	case "initialize":
		w.Header().Set(sessionHeader, "s1")
		jsonBody(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"fake","version":"1"}}}`)
	case "tools/call":
		answer, ok := f.answers[m.Params.Name]
		if !ok {
			answer = func(w http.ResponseWriter, id string) { jsonBody(w, textResult(id, "ok")) }
		}
		answer(w, id)
	default:
		jsonBody(w, `{"jsonrpc":"2.0","id":`+id+`,"error":{"code":-32601,"message":"no"}}`)
	}
}

func (f *fakeHTTP) seen() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.requests...)
}

func jsonBody(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, body) //nolint:errcheck // the client's reading is what is tested
}

func textResult(id, text string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"result":{"content":[{"type":"text","text":"` + text + `"}]}}`
}

// sized is a tools/call response of exactly n bytes.
func sized(id string, n int) string {
	short := textResult(id, "")
	return textResult(id, strings.Repeat("x", n-len(short)))
}

func events(w http.ResponseWriter, datas ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, d := range datas {
		fmt.Fprintf(w, "event: message\ndata: %s\n\n", d)
	}
}

// dialFake dials f over loopback and answers the link.
func dialFake(t *testing.T, f *fakeHTTP, onChange func()) (Link, *httptest.Server) {
	t.Helper()
	f.t = t
	ts := httptest.NewServer(f)
	t.Cleanup(ts.Close)
	l, err := HTTP(ts.URL, ts.Client(), time.Second)(context.Background(), onChange)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, ts
}

func call(l Link, name string) (string, error) {
	raw, err := l.CallTool(context.Background(), name, json.RawMessage(`{}`))
	return string(raw), err
}

// Each message is POSTed with both media types accepted and as JSON; the
// session the initialize response gave and the negotiated version go on
// every later request (the initialize itself has neither); closing the
// link ends the session with DELETE.
func TestHTTPHeaders(t *testing.T) {
	f := &fakeHTTP{}
	l, _ := dialFake(t, f, nil)
	if l.ProtocolVersion() != "2025-06-18" {
		t.Fatalf("version %q", l.ProtocolVersion())
	}
	if got, err := call(l, "t"); err != nil || got != `{"content":[{"type":"text","text":"ok"}]}` {
		t.Fatalf("the call: %s %v", got, err)
	}
	l.Close()
	var posts []string
	for i, s := range f.seen() {
		if s.method == http.MethodPost {
			posts = append(posts, s.rpc)
			if s.accept != "application/json, text/event-stream" || s.contentType != "application/json" {
				t.Errorf("%s: Accept %q, Content-Type %q", s.rpc, s.accept, s.contentType)
			}
		}
		want := seen{session: "s1", v: "2025-06-18"}
		if i == 0 { // initialize: the first request, before any session
			want = seen{}
		}
		if s.session != want.session || s.v != want.v {
			t.Errorf("%s %s: session %q version %q, want %q %q", s.method, s.rpc, s.session, s.v, want.session, want.v)
		}
	}
	if got := strings.Join(posts, " "); got != "initialize notifications/initialized tools/call" {
		t.Errorf("posted %s", got)
	}
	if !slices.ContainsFunc(f.seen(), func(s seen) bool { return s.method == http.MethodDelete && s.session == "s1" }) {
		t.Error("the session was not ended with DELETE")
	}
}

// A body that is not JSON answers its call with host.ErrProtocol at once;
// so does an event that is not a JSON-RPC message in a stream, before
// the stream ends; an HTTP error carrying the request's JSON-RPC error
// answers that error; and the link serves the next call each time.
func TestHTTPBrokenAnswers(t *testing.T) {
	release := make(chan struct{})
	f := &fakeHTTP{answers: map[string]func(http.ResponseWriter, string){
		"garbage": func(w http.ResponseWriter, _ string) { jsonBody(w, "this is not JSON {") },
		"bad_event": func(w http.ResponseWriter, id string) {
			events(w, `{"jsonrpc":"2.0","method":"notifications/message","params":{}}`, `{"jsonrpc":"2.0","id":`+id+`,"result":`)
			w.(http.Flusher).Flush()
			<-release // the answer comes before the stream ends
		},
		"two_values": func(w http.ResponseWriter, id string) { jsonBody(w, textResult(id, "a")+" {}") },
		"other_id":   func(w http.ResponseWriter, _ string) { jsonBody(w, textResult("999", "a")) },
		"no_answer":  func(w http.ResponseWriter, _ string) { events(w) },
		"accepted":   func(w http.ResponseWriter, _ string) { w.WriteHeader(http.StatusAccepted) },
		"http_error": func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"error":{"code":-32602,"message":"bad"}}`) //nolint:errcheck
		},
		"html": func(w http.ResponseWriter, _ string) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>") //nolint:errcheck
		},
	}}
	defer close(release)
	l, _ := dialFake(t, f, nil)
	for _, c := range []struct {
		tool string
		want error
	}{
		{"garbage", host.ErrProtocol},
		{"bad_event", host.ErrProtocol},
		{"two_values", host.ErrProtocol},
		{"other_id", host.ErrProtocol},
		{"no_answer", host.ErrProtocol},
		{"accepted", host.ErrProtocol},
		{"html", host.ErrProtocol},
	} {
		if _, err := call(l, c.tool); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.tool, err, c.want)
		}
		if got, err := call(l, "t"); err != nil || !strings.Contains(got, "ok") {
			t.Fatalf("after %s: %s %v", c.tool, got, err)
		}
	}
	var we *jsonrpc.Error
	if _, err := call(l, "http_error"); !errors.As(err, &we) || we.Code != -32602 {
		t.Errorf("an HTTP error with the request's JSON-RPC error: %v", err)
	}
}

// The frame budget on a JSON body and on one event's data: exactly
// agentinput.MaxFrameBytes is taken, one byte more answers
// host.ErrTooLarge; an oversized notification in a stream is skipped and
// the response after it taken; a 50 MB body is refused without being
// read to its end; and the link serves the next call each time.
func TestHTTPBudget(t *testing.T) {
	const big = 50 << 20
	var written atomic.Int64
	finished := make(chan bool, 1)
	f := &fakeHTTP{answers: map[string]func(http.ResponseWriter, string){
		"json_exact": func(w http.ResponseWriter, id string) { jsonBody(w, sized(id, agentinput.MaxFrameBytes)) },
		"json_over":  func(w http.ResponseWriter, id string) { jsonBody(w, sized(id, agentinput.MaxFrameBytes+1)) },
		"json_line_end": func(w http.ResponseWriter, id string) {
			jsonBody(w, sized(id, agentinput.MaxFrameBytes)+"\r\n")
		},
		"sse_exact": func(w http.ResponseWriter, id string) { events(w, sized(id, agentinput.MaxFrameBytes)) },
		"sse_over":  func(w http.ResponseWriter, id string) { events(w, sized(id, agentinput.MaxFrameBytes+1)) },
		"sse_big_note": func(w http.ResponseWriter, id string) {
			events(w, `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"`+strings.Repeat("x", 2<<20)+`"}}`, textResult(id, "after"))
		},
		"big": func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "application/json")
			chunk := strings.Repeat("x", 1<<20)
			n, err := io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[{"type":"text","text":"`)
			written.Add(int64(n))
			for i := 0; i < big>>20 && err == nil; i++ {
				n, err = io.WriteString(w, chunk)
				written.Add(int64(n))
			}
			if err == nil {
				_, err = io.WriteString(w, `"}]}}`)
				w.(http.Flusher).Flush()
			}
			finished <- err == nil
		},
	}}
	l, _ := dialFake(t, f, nil)
	for _, c := range []struct {
		tool string
		want error
	}{
		{"json_exact", nil},
		{"json_line_end", nil},
		{"json_over", host.ErrTooLarge},
		{"sse_exact", nil},
		{"sse_over", host.ErrTooLarge},
		{"sse_big_note", nil},
		{"big", host.ErrTooLarge},
	} {
		got, err := call(l, c.tool)
		if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.tool, err, c.want)
		}
		if c.want == nil && c.tool != "sse_big_note" && (len(got) < agentinput.MaxFrameBytes-64 || !strings.HasSuffix(got, `"}]}`)) {
			t.Errorf("%s: the result is %d bytes", c.tool, len(got))
		}
		if c.tool == "sse_big_note" && !strings.Contains(got, "after") {
			t.Errorf("%s: %s", c.tool, got)
		}
		if got, err := call(l, "t"); err != nil || !strings.Contains(got, "ok") {
			t.Fatalf("after %s: %s %v", c.tool, got, err)
		}
	}
	if <-finished {
		t.Fatalf("the 50 MB body was read to its end")
	}
	t.Logf("the server wrote %d of %d bytes before the client closed the body", written.Load(), big)
}

// A 404 to a request of the session ends the link (the Supervisor dials a
// new one): the request is answered that it was not sent, and so is every
// later one.
func TestHTTPSessionGone(t *testing.T) {
	f := &fakeHTTP{}
	l, _ := dialFake(t, f, nil)
	f.mu.Lock()
	f.gone = true
	f.mu.Unlock()
	if _, err := call(l, "t"); !errors.Is(err, host.ErrNotSent) {
		t.Fatalf("the call: %v", err)
	}
	<-l.Done()
	if _, err := call(l, "t"); !errors.Is(err, host.ErrNotSent) {
		t.Fatalf("after: %v", err)
	}
}

// A server that cannot be reached ends the link; a request answers that
// it was not sent.
func TestHTTPServerGone(t *testing.T) {
	f := &fakeHTTP{}
	l, ts := dialFake(t, f, nil)
	ts.Close()
	if _, err := call(l, "t"); !errors.Is(err, host.ErrNotSent) {
		t.Fatalf("the call: %v", err)
	}
	<-l.Done()
}

// The standalone stream (GET) carries the server's own messages: a
// tools/list_changed is counted, a ping answered by a POST, a broken
// event answers nobody; the link goes on.
func TestHTTPStandaloneStream(t *testing.T) {
	pong := make(chan struct{}, 1)
	f := &fakeHTTP{stream: func(w http.ResponseWriter) {
		events(w, "not JSON", `{"jsonrpc":"2.0","id":"p1","method":"ping"}`, `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
		w.(http.Flusher).Flush()
		<-pong
	}}
	changes := make(chan struct{}, 1)
	l, _ := dialFake(t, f, func() {
		select {
		case changes <- struct{}{}:
		default:
		}
	})
	<-changes
	close(pong)
	if got, err := call(l, "t"); err != nil || !strings.Contains(got, "ok") {
		t.Fatalf("the call: %s %v", got, err)
	}
	var replied bool
	for _, s := range f.seen() {
		replied = replied || s.method == http.MethodPost && s.rpc == "" // a reply has no method
	}
	if !replied {
		t.Error("the ping was not answered")
	}
}

// Against go-sdk's own streamable server: tools listed and called, and a
// tool added on the server announced by tools/list_changed over the
// standalone stream.
func TestHTTPGoSDKServer(t *testing.T) {
	server := sdk.NewServer(&sdk.Implementation{Name: "sdk", Version: "v1"}, nil)
	type in struct {
		Q string `json:"q"`
	}
	sdk.AddTool(server, &sdk.Tool{Name: "echo"}, func(_ context.Context, _ *sdk.CallToolRequest, a in) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "echo " + a.Q}}}, nil, nil
	})
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("json=%v", jsonResponse), func(t *testing.T) {
			ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server },
				&sdk.StreamableHTTPOptions{JSONResponse: jsonResponse}))
			defer ts.Close()
			changes := make(chan struct{}, 1)
			l, err := HTTP(ts.URL, ts.Client(), time.Second)(context.Background(), func() {
				select {
				case changes <- struct{}{}:
				default:
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			list, err := l.ListTools(context.Background(), "")
			if err != nil || !slices.ContainsFunc(list.Tools, func(t *sdk.Tool) bool { return t.Name == "echo" }) {
				t.Fatalf("tools/list: %v %v", list, err)
			}
			raw, err := l.CallTool(context.Background(), "echo", json.RawMessage(`{"q":"hi"}`))
			if err != nil || !strings.Contains(string(raw), "echo hi") {
				t.Fatalf("tools/call: %s %v", raw, err)
			}
			name := "added_" + fmt.Sprint(jsonResponse)
			sdk.AddTool(server, &sdk.Tool{Name: name}, func(context.Context, *sdk.CallToolRequest, in) (*sdk.CallToolResult, any, error) {
				return &sdk.CallToolResult{}, nil, nil
			})
			<-changes
		})
	}
}
