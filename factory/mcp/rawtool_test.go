package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/mcp"
)

// rawSide is one server over mcp.StdioTransport on pipes, its tools
// registered on go-sdk and, when fast, as RawTools too: what a line sent
// gets back, and which path each call took.
type rawSide struct {
	t         *testing.T
	in        io.WriteCloser
	lines     *bufio.Scanner
	sdk, fast atomic.Int64
	gates     *gates
	started   chan struct{} // a call of "wait" is in its handler
	// What the fast side did, in order: each line it wrote ("wrote" and
	// the line's first 40 bytes) and each after of a raw tool that ran
	// ("after" and the call's arguments); afters counts the latter.
	mu     sync.Mutex
	events []string
	afters chan struct{}
}

func (s *rawSide) event(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.events = append(s.events, e)
}

// recorder notes each write of the server's in its side's events.
type recorder struct {
	s *rawSide
	w io.Writer
}

func (r recorder) Write(p []byte) (int, error) {
	r.s.event("wrote " + string(p[:min(len(p), 40)]))
	return r.w.Write(p)
}

// gates hold calls of the "gate" tool until the test opens them.
type gates struct {
	mu sync.Mutex
	m  map[string]chan struct{}
}

func (g *gates) get(key string) chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m[key] == nil {
		g.m[key] = make(chan struct{})
	}
	return g.m[key]
}

// rawTool answers as a raw tool whichever path calls it: "echo" returns
// its arguments as text (isError when they hold "fail"), "wait" waits for
// its context to end, "gate" for the test to open the gate its arguments
// name; every result says what it read.
func (s *rawSide) rawTool(name string) func(context.Context, json.RawMessage) *sdk.CallToolResult {
	return func(ctx context.Context, args json.RawMessage) *sdk.CallToolResult {
		var in struct {
			Fail bool
			Gate string
		}
		_ = json.Unmarshal(args, &in)
		text := name + " read " + string(args)
		switch name {
		case "wait":
			s.started <- struct{}{}
			<-ctx.Done()
			text += ", stopped: " + ctx.Err().Error()
		case "gate":
			select {
			case <-s.gates.get(in.Gate):
			case <-ctx.Done():
			}
		}
		res := &sdk.CallToolResult{IsError: in.Fail, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
		if name == "echo" && !in.Fail {
			res.StructuredContent = json.RawMessage(`{"html":"<a&b>","é":1}`)
			res.Content = nil // go-sdk writes [] for none
		}
		return res
	}
}

func newRawSide(t *testing.T, fast bool) *rawSide {
	t.Helper()
	s := &rawSide{t: t, gates: &gates{m: map[string]chan struct{}{}}, started: make(chan struct{}, 1), afters: make(chan struct{}, 100)}
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	raw := map[string]mcp.RawToolHandler{}
	for _, name := range []string{"echo", "wait", "gate"} {
		h := s.rawTool(name)
		server.AddTool(&sdk.Tool{Name: name, InputSchema: map[string]any{"type": "object"}},
			func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				s.sdk.Add(1)
				return h(ctx, req.Params.Arguments), nil
			})
		raw[name] = func(ctx context.Context, args json.RawMessage) (*sdk.CallToolResult, func()) {
			s.fast.Add(1)
			return h(ctx, args), func() {
				s.event("after " + string(args))
				s.afters <- struct{}{}
			}
		}
	}
	if !fast {
		raw = nil
	}
	inW, outR := runOverPipes(t, server, raw, func(w io.Writer) io.Writer { return recorder{s, w} })
	s.in, s.lines = inW, bufio.NewScanner(outR)
	s.lines.Buffer(nil, 1<<20)
	return s
}

func (s *rawSide) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

func (s *rawSide) next() string {
	s.t.Helper()
	if !s.lines.Scan() {
		s.t.Fatalf("no line: %v", s.lines.Err())
	}
	return s.lines.Text()
}

// exchange sends line, then a ping with pingID, and returns the n lines
// other than the ping's answer that came back meanwhile.
func (s *rawSide) exchange(line string, n int, pingID string) []string {
	s.t.Helper()
	// Written while the answers are read: the pipes hold nothing, and the
	// reader may be writing an answer to line before it reads the ping.
	sent := make(chan error, 1)
	go func() {
		_, err := io.WriteString(s.in, line+"\n"+`{"jsonrpc":"2.0","id":"`+pingID+`","method":"ping"}`+"\n")
		sent <- err
	}()
	defer func() {
		if err := <-sent; err != nil {
			s.t.Fatal(err)
		}
	}()
	var got []string
	pinged := false
	for !pinged || len(got) < n {
		l := s.next()
		if l == `{"jsonrpc":"2.0","id":"`+pingID+`","result":{}}` {
			pinged = true
			continue
		}
		got = append(got, l)
	}
	return got
}

const (
	initLine        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"0"}}}`
	initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
)

// The fast path answers as go-sdk does, byte for byte, for the same lines:
// calls before the session is initialized and between initialize and
// initialized (go-sdk's in both: the fast path is not on yet), a success,
// an isError result, no arguments, ids of every spelling, a progress
// token, and everything the fast path leaves to go-sdk (an unknown tool,
// bad params, arguments that are no object, an unknown member, a
// sessionless request's _meta, a call without id). Each line says which
// path the fast side must have taken, so that a fast path that took
// nothing would fail.
func TestRawToolsAnswerAsGoSDK(t *testing.T) {
	type step struct {
		line    string
		replies int
		fast    bool // the fast side's handler ran on the fast path
		sdk     bool // ... or on go-sdk's
	}
	call := func(id, params string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":` + params + `}`
	}
	steps := []step{
		// Before initialize: go-sdk refuses the call.
		{line: call("2", `{"name":"echo","arguments":{"a":1}}`), replies: 1},
		{line: initLine, replies: 1},
		// Initialized by go-sdk, but no notifications/initialized yet:
		// go-sdk serves it, as it does today.
		{line: call("3", `{"name":"echo","arguments":{"a":1}}`), replies: 1, sdk: true},
		{line: initializedLine},
		// The fast path's own: success, isError, no arguments, ids.
		{line: call("4", `{"name":"echo","arguments":{"a":"<&>","b":[1,2.50,{"c":null}]}}`), replies: 1, fast: true},
		{line: call("5", `{"name":"echo","arguments":{"fail":true}}`), replies: 1, fast: true},
		{line: call("6", `{"name":"echo"}`), replies: 1, fast: true},
		{line: call(`"s-7"`, `{"name":"echo","arguments":{}}`), replies: 1, fast: true},
		{line: call(`"\u0041<é>"`, `{"name":"echo","arguments":{}}`), replies: 1, fast: true},
		{line: call("-0", `{"name":"echo","arguments":{}}`), replies: 1, fast: true},
		{line: call("9007199254740991", `{"name":"echo","arguments":{}}`), replies: 1, fast: true},
		{line: call("8", `{"name":"\u0065cho","arguments":{}}`), replies: 1, fast: true},
		{line: call("9", `{"arguments":{"x":1},"_meta":{"progressToken":"p1"},"name":"echo"}`), replies: 1, fast: true},
		{line: ` {"params":{"name":"echo","arguments":{"x":1}},"method":"tools/call","id":10,"jsonrpc":"2.0"}`, replies: 1, fast: true},
		// Left to go-sdk, which answers them as without the fast path.
		{line: call("11", `{"name":"nope","arguments":{}}`), replies: 1},
		{line: call("12", `{"name":5}`), replies: 1},
		{line: call("13", `[]`), replies: 1},
		{line: call("14", `null`), replies: 1},
		{line: `{"jsonrpc":"2.0","id":15,"method":"tools/call"}`, replies: 1},
		{line: call("16", `{"name":"echo","arguments":"{}"}`), replies: 1, sdk: true},
		{line: call("17", `{"name":"echo","arguments":[1]}`), replies: 1, sdk: true},
		{line: call("18", `{"name":"echo","arguments":null}`), replies: 1, sdk: true},
		{line: call("19", `{"name":"echo","arguments":{},"extra":1}`), replies: 1, sdk: true},
		{line: call("20", `{"Name":"echo","arguments":{}}`), replies: 1}, // go-sdk's names are case-sensitive: no name
		{line: call("21", `{"name":"echo","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}`), replies: 1},
		{line: call("22", `{"name":"echo","arguments":{},"_meta":"x"}`), replies: 1},
		{line: call("23", `{"name":"echo","arguments":{},"_meta":{"p":"\u0041"}}`), replies: 1, sdk: true},
		{line: `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{}}}`}, // no id: go-sdk drops it
		{line: call("24", `{"name":"echo","arguments":{"k":"v"},"name":"echo"}`), replies: 1},
	}
	fast, slow := newRawSide(t, true), newRawSide(t, false)
	for i, st := range steps {
		ping := "ping-" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		fs0, ff0 := fast.sdk.Load(), fast.fast.Load()
		got := fast.exchange(st.line, st.replies, ping)
		want := slow.exchange(st.line, st.replies, ping)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s\n fast path: %s\n go-sdk:    %s", st.line, got, want)
		}
		if dFast, dSDK := fast.fast.Load()-ff0, fast.sdk.Load()-fs0; dFast != b2i(st.fast) || dSDK != b2i(st.sdk) {
			t.Errorf("%s: %d calls on the fast path and %d on go-sdk's, want %d and %d", st.line, dFast, dSDK, b2i(st.fast), b2i(st.sdk))
		}
	}
	if slow.fast.Load() != 0 {
		t.Error("the side without RawTools took the fast path")
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// initialize brings a side to an initialized session.
func (s *rawSide) initialize() {
	s.t.Helper()
	s.send(initLine)
	if l := s.next(); !strings.Contains(l, `"id":1,"result"`) {
		s.t.Fatalf("initialize: %s", l)
	}
	s.send(initializedLine)
}

// A call on the fast path is cancelled by notifications/cancelled (its
// handler's context ends) and answered with what the handler returns, as
// go-sdk answers a cancelled call; calls are answered as they finish, out
// of the order they came in; a call whose id is in flight is dropped
// unanswered, as go-sdk drops it, and the id is free once answered. Both
// paths, byte for byte.
func TestRawToolsCancelConcurrentDuplicate(t *testing.T) {
	run := func(fast bool) []string {
		s := newRawSide(t, fast)
		s.initialize()
		var out []string
		// Cancellation.
		// Cancellation, once the handler runs (go-sdk answers a call
		// cancelled before with an error, and so does the fast path).
		s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
		<-s.started
		s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}`)
		out = append(out, s.next())
		// Out of order: 3 waits for gate a, 4 for gate b; b opens first.
		s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gate","arguments":{"gate":"a"}}}`)
		s.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"gate","arguments":{"gate":"b"}}}`)
		// The same id again while 4 is in flight: dropped.
		s.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"dropped":true}}}`)
		// go-sdk takes lines in order: once the ping is answered, the
		// line above was taken (and dropped) while 4 was in flight.
		s.send(`{"jsonrpc":"2.0","id":"sync","method":"ping"}`)
		if l := s.next(); l != `{"jsonrpc":"2.0","id":"sync","result":{}}` {
			t.Fatalf("ping: %s", l)
		}
		close(s.gates.get("b"))
		out = append(out, s.next())
		close(s.gates.get("a"))
		out = append(out, s.next())
		// Once answered, the id is free again.
		s.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)
		out = append(out, s.next())
		wantFast := int64(0)
		if fast {
			wantFast = 4
		}
		if s.fast.Load() != wantFast {
			t.Errorf("fast %v: %d calls on the fast path, want %d", fast, s.fast.Load(), wantFast)
		}
		return out
	}
	got, want := run(true), run(false)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("fast path:\n%s\ngo-sdk:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(got) != 4 || !strings.Contains(got[0], "stopped: context canceled") || !strings.HasPrefix(got[1], `{"jsonrpc":"2.0","id":4,`) ||
		!strings.HasPrefix(got[2], `{"jsonrpc":"2.0","id":3,`) || !strings.HasPrefix(got[3], `{"jsonrpc":"2.0","id":4,"result":{"content":[],`) {
		t.Errorf("answers: %s", strings.Join(got, "\n"))
	}
}

// When the input ends, a call in flight on the fast path is cancelled and
// not answered, as go-sdk does with its own; the server stops.
func TestRawToolsInputEnds(t *testing.T) {
	s := newRawSide(t, true)
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
	<-s.started
	s.in.Close()
	if s.lines.Scan() {
		t.Fatalf("an answer after the input ended: %s", s.lines.Text())
	}
	if s.fast.Load() != 1 {
		t.Fatalf("%d calls on the fast path", s.fast.Load())
	}
	select { // its after runs all the same
	case <-s.afters:
	case <-time.After(10 * time.Second):
		t.Fatal("the after of a call whose answer was dropped did not run")
	}
}

// A raw tool's after runs once its answer is written, not before: the
// answer does not wait for it.
func TestRawToolsAfterRunsOnceAnswered(t *testing.T) {
	s := newRawSide(t, true)
	s.initialize()
	s.mu.Lock()
	s.events = nil
	s.mu.Unlock()
	for i, args := range []string{`{"n":1}`, `{"n":2}`} {
		s.send(`{"jsonrpc":"2.0","id":` + string(rune('5'+i)) + `,"method":"tools/call","params":{"name":"echo","arguments":` + args + `}}`)
		if l := s.next(); !strings.HasPrefix(l, `{"jsonrpc":"2.0","id":`+string(rune('5'+i))+`,"result":{"content":[]`) {
			t.Fatalf("answer: %s", l)
		}
		select {
		case <-s.afters:
		case <-time.After(10 * time.Second):
			t.Fatal("the after did not run")
		}
	}
	s.mu.Lock()
	got := strings.Join(s.events, "\n")
	s.mu.Unlock()
	want := strings.Join([]string{`wrote {"jsonrpc":"2.0","id":5,"result":{"conte`, `after {"n":1}`,
		`wrote {"jsonrpc":"2.0","id":6,"result":{"conte`, `after {"n":2}`}, "\n")
	if got != want || s.fast.Load() != 2 {
		t.Errorf("events (%d calls on the fast path):\n%s\nwant:\n%s", s.fast.Load(), got, want)
	}
}

// Sessionless calls (SEP-2575, what a go-sdk v1.8 client sends by
// default: no initialize, the protocol version, client info and
// capabilities in every request's _meta) are answered as go-sdk answers
// them: a _meta text not seen before goes to go-sdk, and once go-sdk
// answered it with a complete result, calls with the same text are taken
// (the result typed complete, the server's info in its _meta). A _meta
// go-sdk refuses, or one of an old version, is never learned. Byte for
// byte against go-sdk, and which path ran.
func TestRawToolsSessionless(t *testing.T) {
	type step struct {
		line       string
		replies    int
		fast, sdk  bool
		errorReply bool
	}
	meta := func(version, caps string) string {
		return `{"io.modelcontextprotocol/protocolVersion":"` + version + `","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":` + caps + `}`
	}
	good, bad, old := meta("2026-07-28", `{}`), meta("2026-07-28", `"x"`), meta("2025-06-18", `{}`)
	call := func(id, args, meta string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"echo","arguments":` + args + `,"_meta":` + meta + `}}`
	}
	steps := []step{
		{line: call("1", `{"a":1}`, bad), replies: 1, errorReply: true},
		{line: call("2", `{"a":1}`, bad), replies: 1, errorReply: true},
		{line: call("3", `{"a":1}`, old), replies: 1, errorReply: true}, // not initialized
		{line: call("4", `{"a":1}`, good), replies: 1, sdk: true},       // learned here
		{line: call("5", `{"a":2}`, good), replies: 1, fast: true},
		{line: call("6", `{"fail":true}`, good), replies: 1, fast: true},
		{line: call("7", `{"a":3}`, bad), replies: 1, errorReply: true},
		// go-sdk counts the session initialized after a sessionless call,
		// and serves an old version's then: go-sdk's path, never learned.
		{line: call("8", `{"a":3}`, old), replies: 1, sdk: true},
		{line: call("10", `{"a":3}`, old), replies: 1, sdk: true},
		{line: call(`"x"`, `{"a":4}`, good), replies: 1, fast: true},
	}
	fast, slow := newRawSide(t, true), newRawSide(t, false)
	for i, st := range steps {
		ping := "ping-" + string(rune('a'+i))
		fs0, ff0 := fast.sdk.Load(), fast.fast.Load()
		got := fast.exchange(st.line, st.replies, ping)
		want := slow.exchange(st.line, st.replies, ping)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s\n fast path: %s\n go-sdk:    %s", st.line, got, want)
		}
		if isErr := strings.Contains(got[0], `"error":`); isErr != st.errorReply {
			t.Errorf("%s: %s", st.line, got[0])
		}
		if dFast, dSDK := fast.fast.Load()-ff0, fast.sdk.Load()-fs0; dFast != b2i(st.fast) || dSDK != b2i(st.sdk) {
			t.Errorf("%s: %d calls on the fast path and %d on go-sdk's, want %d and %d", st.line, dFast, dSDK, b2i(st.fast), b2i(st.sdk))
		}
	}
	if !t.Failed() {
		t.Log(fast.exchange(call("9", `{}`, good), 1, "last")[0])
	}
}
