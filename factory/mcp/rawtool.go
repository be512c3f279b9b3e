package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/frame"
)

// RawToolHandler answers a tools/call of one tool on StdioTransport's fast
// path, in the transport itself: arguments are the call's "arguments" as
// they were sent (a JSON object, or nil when the call has none), never
// decoded before, and the result is encoded once, as go-sdk encodes a
// tool's result. It must return a result (a failure is a result with
// IsError); after, when not nil, runs once the answer is written (or, the
// input having ended, dropped): work the answer need not wait for, such
// as a line of the audit log. ctx ends when the client cancels the call
// (notifications/cancelled), when the input ends, or when the connection
// closes.
type RawToolHandler func(ctx context.Context, arguments json.RawMessage) (result *sdk.CallToolResult, after func())

// fastPath is the state of StdioTransport's tools/call fast path on one
// connection (StdioTransport.RawTools): whether the session is
// initialized, and the calls in flight on both paths, by id.
type fastPath struct {
	tools map[string]RawToolHandler
	base  context.Context // the connection's; cancelled when reading stops or the connection closes
	stop  context.CancelFunc
	wg    sync.WaitGroup

	mu sync.Mutex
	// The session is initialized once go-sdk answered an initialize
	// request with a result and a notifications/initialized came.
	initID      jsonrpc.ID
	initSent    bool // an initialize request went to go-sdk, with initID
	initAnswerd bool
	initialized bool
	on          bool // initAnswerd && initialized: read by the reader under mu
	stopped     bool // reading stopped: no more answers are written, as go-sdk writes none
	// The requests in flight: on the fast path (with the cancel of each)
	// and in go-sdk (until its answer is written), so that an id in use on
	// either is not taken again here.
	fast map[jsonrpc.ID]context.CancelFunc
	sdk  map[jsonrpc.ID]struct{}
	// Sessionless requests (SEP-2575; a go-sdk v1.8 client's default)
	// carry the protocol version, the client's info and capabilities in
	// every request's _meta, which go-sdk validates per request. What it
	// makes of a _meta depends on that text alone: a raw tool's call with
	// a _meta not seen before goes to go-sdk (probe, by id), and when
	// go-sdk answers it with a complete result, later calls with the same
	// _meta text are taken, answered as go-sdk answers them (the result
	// typed complete, the server's info in its _meta, as go-sdk wrote it).
	probe   map[jsonrpc.ID]string
	learned map[string]json.RawMessage // _meta text → the serverInfo go-sdk answered
}

// maxLearned bounds the _meta texts a connection learns (a client sends
// one); past it, a new one goes to go-sdk every time.
const maxLearned = 16

// sessionlessKey and serverInfoKey are go-sdk's MetaKeyProtocolVersion's
// prefix and MetaKeyServerInfo.
const (
	sessionlessKey = "io.modelcontextprotocol/"
	serverInfoKey  = "io.modelcontextprotocol/serverInfo"
)

func newFastPath(ctx context.Context, tools map[string]RawToolHandler) *fastPath {
	if len(tools) == 0 {
		return nil
	}
	base, stop := context.WithCancel(context.WithoutCancel(ctx))
	if ctx.Done() != nil {
		context.AfterFunc(ctx, stop)
	}
	return &fastPath{tools: tools, base: base, stop: stop,
		fast: map[jsonrpc.ID]context.CancelFunc{}, sdk: map[jsonrpc.ID]struct{}{},
		probe: map[jsonrpc.ID]string{}, learned: map[string]json.RawMessage{}}
}

// toSDK notes a message the reader hands to go-sdk: a request's id in
// flight there, the initialize request, notifications/initialized, and a
// cancellation of a call on the fast path (which go-sdk also gets, and
// ignores for an id it does not know).
func (f *fastPath) toSDK(msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case req.IsCall():
		f.sdk[req.ID] = struct{}{}
		if req.Method == "initialize" {
			f.initID, f.initSent = req.ID, true
		}
	case req.Method == "notifications/initialized":
		f.initialized = true
		f.on = f.initAnswerd
	case req.Method == "notifications/cancelled":
		var p struct {
			RequestID any `json:"requestId"`
		}
		if json.Unmarshal(req.Params, &p) != nil {
			return
		}
		if id, err := jsonrpc.MakeID(p.RequestID); err == nil {
			if cancel, ok := f.fast[id]; ok {
				cancel()
			}
		}
	}
}

// fromSDK notes an answer go-sdk writes: its request is no longer in
// flight, and a result to the initialize request initializes the session
// (with notifications/initialized).
func (f *fastPath) fromSDK(msg jsonrpc.Message) {
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.sdk, resp.ID)
	if meta, ok := f.probe[resp.ID]; ok {
		delete(f.probe, resp.ID)
		if info, ok := completeResult(resp); ok && len(f.learned) < maxLearned {
			f.learned[meta] = info
		}
	}
	if f.initSent && resp.ID == f.initID && resp.Error == nil {
		f.initAnswerd = true
		f.on = f.initialized
	}
}

// take takes the screened line on the fast path when it is a tools/call
// of a raw tool that go-sdk would hand to that tool as it is, and reports
// whether it did, with the call to run (nil when there is nothing to run);
// else the line goes to go-sdk unchanged. A call is taken
// only when the session is initialized (a sessionless call: when go-sdk
// accepted its _meta text before) and nothing in it is of a shape go-sdk
// would answer otherwise: its params an object of name, arguments (an
// object) and _meta (an object). A call whose id is in flight on the fast path is
// dropped, as go-sdk drops one whose id is in flight with it; one whose id
// is in flight with go-sdk goes to go-sdk.
func (f *fastPath) take(c *stdioConn, line []byte, sc frame.Scan) (bool, func()) {
	if f == nil {
		return false, nil
	}
	method, _ := frame.Lookup(sc.Top, "method")
	if string(method.Value(line)) != `"tools/call"` || sc.Depth > sdkMaxDepth {
		return false, nil
	}
	idm, hasID := frame.Lookup(sc.Top, "id")
	params, hasParams := frame.Lookup(sc.Top, "params")
	if hasID != 1 || hasParams != 1 || params.Value(line)[0] != '{' {
		return false, nil
	}
	var name, args, meta []byte
	for _, m := range sc.Params {
		v := m.Value(line)
		switch string(m.Name) {
		case `"name"`:
			if v[0] != '"' {
				return false, nil
			}
			name = v
		case `"arguments"`:
			if v[0] != '{' {
				return false, nil
			}
			args = v
		case `"_meta"`:
			// A sessionless request (SEP-2575) carries its protocol
			// version here, and go-sdk serves it otherwise: a _meta with
			// a key of the protocol's prefix, or an escape that could
			// spell one, is taken only as learned (fastPath.learned).
			if v[0] != '{' {
				return false, nil
			}
			if bytes.IndexByte(v, '\\') >= 0 || bytes.Contains(v, []byte(sessionlessKey)) {
				meta = v
			}
		default:
			return false, nil
		}
	}
	if name == nil {
		return false, nil
	}
	h, ok := f.tools[frame.MemberName(name)]
	if !ok {
		return false, nil // go-sdk answers an unknown tool, or serves its own
	}
	var rawID any
	if json.Unmarshal(idm.Value(line), &rawID) != nil {
		return false, nil
	}
	id, err := jsonrpc.MakeID(rawID)
	if err != nil {
		return false, nil
	}
	f.mu.Lock()
	if f.stopped {
		f.mu.Unlock()
		return false, nil
	}
	if _, busy := f.fast[id]; busy {
		f.mu.Unlock()
		// go-sdk drops a request whose id is in flight, unanswered (its
		// error loses the id, and an error without one is not written).
		return true, nil
	}
	if _, busy := f.sdk[id]; busy {
		f.mu.Unlock()
		return false, nil // go-sdk answers it, as above
	}
	var info json.RawMessage // the serverInfo of a sessionless answer
	if meta != nil {
		var learned bool
		if info, learned = f.learned[string(meta)]; !learned {
			if len(f.learned) < maxLearned && len(f.probe) < maxLearned {
				f.probe[id] = string(meta)
			}
			f.mu.Unlock()
			return false, nil
		}
	} else if !f.on {
		f.mu.Unlock()
		return false, nil
	}
	ctx, cancel := context.WithCancel(f.base)
	f.fast[id] = cancel
	f.wg.Add(1)
	f.mu.Unlock()
	return true, func() {
		defer f.wg.Done()
		defer cancel()
		var line []byte
		var after func()
		if err := ctx.Err(); err != nil {
			// Cancelled before its handler ran: go-sdk answers such a
			// call with the context's error, code 0, and runs nothing.
			line, _ = jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Message: err.Error()}})
		} else {
			var res *sdk.CallToolResult
			res, after = h(ctx, json.RawMessage(args))
			line = answerLine(id, res, info)
		}
		f.mu.Lock()
		delete(f.fast, id) // before the answer, as go-sdk: the id may be used again once answered
		stopped := f.stopped
		f.mu.Unlock()
		if !stopped && line != nil {
			_ = c.writeLine(line) // a broken output ends the session at go-sdk's next write
		}
		if after != nil {
			after()
		}
	}
}

// end stops the fast path when reading stops: the calls in flight are
// cancelled and their answers not written, as go-sdk does with its own.
func (f *fastPath) end() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
	f.stop()
}

// close ends the fast path and waits for its handlers to return.
func (f *fastPath) close() {
	f.end()
	f.wg.Wait()
}

// answerLine is the answer to a call as go-sdk writes a tool's result (a
// JSON-RPC response, without its line end): its content never null,
// encoded without HTML escaping; for a sessionless call (info, the
// server's info as go-sdk wrote it), with the server's info in its _meta
// unless the tool put one there, and typed complete. The result is
// encoded once, into the response (go-sdk's EncodeMessage would check
// its bytes again). A handler that returns no result, or one that does
// not encode, is answered with an internal error (go-sdk would panic).
func answerLine(id jsonrpc.ID, res *sdk.CallToolResult, info json.RawMessage) []byte {
	failed := func(message string) []byte {
		line, _ := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: message}})
		return line
	}
	if res == nil {
		return failed("internal error: the tool returned no result")
	}
	if res.Content == nil || info != nil {
		res2 := *res
		res = &res2
	}
	if res.Content == nil {
		res.Content = []sdk.Content{} // as go-sdk: never "null"
	}
	if info != nil {
		if _, ok := res.Meta[serverInfoKey]; !ok {
			m := make(sdk.Meta, len(res.Meta)+1)
			for k, v := range res.Meta {
				m[k] = v
			}
			m[serverInfoKey] = info
			res.Meta = m
		}
	}
	var buf bytes.Buffer
	buf.WriteString(`{"jsonrpc":"2.0","id":`)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(id.Raw()); err != nil {
		return failed("internal error: the call's id could not be encoded")
	}
	buf.Truncate(buf.Len() - 1) // Encode's line end
	buf.WriteString(`,"result":`)
	if err := enc.Encode(res); err != nil {
		return failed("internal error: the tool's result could not be encoded")
	}
	out := bytes.TrimRight(buf.Bytes(), "\n")
	if info != nil {
		// go-sdk's CallToolResult encodes its result type after every
		// other member; a tool's result is an object with content.
		out = append(out[:len(out)-1], `,"resultType":"complete"}`...)
	}
	return append(out, '}')
}

// completeResult reports whether go-sdk answered a call with a complete
// result of the sessionless protocol, and the server's info it put in its
// _meta.
func completeResult(resp *jsonrpc.Response) (json.RawMessage, bool) {
	if resp.Error != nil {
		return nil, false
	}
	var r struct {
		Meta       map[string]json.RawMessage `json:"_meta"`
		ResultType string                     `json:"resultType"`
	}
	if json.Unmarshal(resp.Result, &r) != nil || r.ResultType != "complete" || r.Meta[serverInfoKey] == nil {
		return nil, false
	}
	return r.Meta[serverInfoKey], true
}
