// Package upstream is `agentinput proxy`'s client of the server it stands
// in front of: a lean JSON-RPC engine (Conn) that screens every message the
// server sends with the server side's own frame screen (internal/frame) and
// decodes each once, carried over a child process's standard input and
// output (Stdio) or over MCP streamable HTTP (HTTP); and a Supervisor that
// restarts a child that exited (or reconnects over HTTP) with a capped
// exponential backoff and has the host re-discover the catalog before any
// call is served again. The Supervisor is a host.Upstream (docs/host.md,
// "The proxy's upstream").
package upstream

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
	"agentinput.dev/internal/frame"
)

// ProtocolVersion is the version the connection proposes in initialize
// (the server may answer 2025-06-18; host.SupportedProtocolVersions).
const ProtocolVersion = "2025-11-25"

// Conn is one JSON-RPC connection to a server: requests written by hand,
// each message the server sends screened (within agentinput.MaxFrameBytes,
// one JSON value, a response's id) and its result handed on as the bytes
// it was sent in. Every request waits in a table by id: its answer, a
// message that broke the protocol or the frame budget and names it (or,
// when no id can be found in such a message, every request it may have
// answered: on a line stream every request waiting then, in an HTTP
// response the request it answers), or the end of the connection answers
// it at once. The messages travel by a carrier: lines on a pipe, or HTTP.
type Conn struct {
	carrier carrier

	mu      sync.Mutex
	next    int64
	pending map[string]chan answer // by the id as written
	err     error                  // why the connection ended; nil while it is up
	version string

	done     chan struct{}
	onChange func() // a notifications/tools/list_changed
	info     *sdk.InitializeResult
}

// carrier is how a Conn's messages travel.
type carrier interface {
	// send sends one message (JSON without a line end). id is the request's ("" for a
	// notification or a reply); what the server sends back is handed to
	// the Conn's screen (Conn.handle). An error wrapping host.ErrNotSent:
	// nothing of the message was sent; one of ctx's own: ctx ended first.
	send(ctx context.Context, msg []byte, id string) error
}

// whose a message that broke the protocol or the budget, and whose id
// cannot be read, may be the answer of.
const (
	anyWaiting = "*" // a line stream: any request waiting then
	noRequest  = ""  // a stream that carries no responses (HTTP's standalone stream)
	// anything else: the id of the one request an HTTP response answers
)

type answer struct {
	result json.RawMessage
	err    error
}

// NewConn starts a connection that writes lines to w and reads lines
// from r until r ends, and makes the initialize handshake within ctx.
// onChange is called on each notifications/tools/list_changed (nil:
// none).
func NewConn(ctx context.Context, r io.Reader, w io.Writer, onChange func()) (*Conn, error) {
	c := newConn(&lines{w: w}, onChange)
	go c.readLoop(r)
	if err := c.initialize(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func newConn(cr carrier, onChange func()) *Conn {
	return &Conn{carrier: cr, pending: map[string]chan answer{}, done: make(chan struct{}), onChange: onChange}
}

// initialize makes the handshake: initialize, then
// notifications/initialized.
func (c *Conn) initialize(ctx context.Context) error {
	params, _ := json.Marshal(sdk.InitializeParams{ProtocolVersion: ProtocolVersion, Capabilities: &sdk.ClientCapabilities{},
		ClientInfo: &sdk.Implementation{Name: "agentinput-proxy", Version: "v0.1.0"}})
	raw, err := c.Call(ctx, "initialize", params)
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	var ir sdk.InitializeResult
	if err := json.Unmarshal(raw, &ir); err != nil || ir.ProtocolVersion == "" {
		return fmt.Errorf("initialize: %w: the result is not an initialize result", host.ErrProtocol)
	}
	c.mu.Lock()
	c.version, c.info = ir.ProtocolVersion, &ir
	c.mu.Unlock()
	note := []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if err := c.carrier.send(ctx, note, ""); err != nil {
		return fmt.Errorf("initialized: %w", err)
	}
	return nil
}

// lines carries messages as lines written to w (a child's standard
// input); what comes back is read by Conn.readLoop.
type lines struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lines) send(_ context.Context, msg []byte, _ string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n, err := l.w.Write(append(msg, '\n')); err != nil {
		if n == 0 {
			return fmt.Errorf("%w: %w", host.ErrNotSent, err)
		}
		return fmt.Errorf("%w: %w", sdk.ErrConnectionClosed, err)
	}
	return nil
}

// ProtocolVersion is the version the server's initialize result named.
func (c *Conn) ProtocolVersion() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version
}

// InitializeResult is the server's initialize result.
func (c *Conn) InitializeResult() *sdk.InitializeResult { return c.info }

// Done is closed when the connection has ended (the server's output did).
func (c *Conn) Done() <-chan struct{} { return c.done }

// ListTools asks for the page of tools/list at cursor, decoded once (its
// numbers kept as written).
func (c *Conn) ListTools(ctx context.Context, cursor string) (*sdk.ListToolsResult, error) {
	params := []byte("{}")
	if cursor != "" {
		params, _ = json.Marshal(map[string]string{"cursor": cursor})
	}
	raw, err := c.Call(ctx, "tools/list", params)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var res sdk.ListToolsResult
	if err := dec.Decode(&res); err != nil {
		return nil, fmt.Errorf("%w: the tools/list result does not decode", host.ErrProtocol)
	}
	return &res, nil
}

// CallTool sends one tools/call and answers its result as sent.
func (c *Conn) CallTool(ctx context.Context, name string, arguments json.RawMessage) (json.RawMessage, error) {
	if len(arguments) == 0 {
		arguments = json.RawMessage("{}")
	}
	if bytes.IndexByte(arguments, '\n') >= 0 {
		var b bytes.Buffer
		if err := json.Compact(&b, arguments); err != nil {
			return nil, fmt.Errorf("%w: the arguments are not JSON", host.ErrNotSent)
		}
		arguments = b.Bytes()
	}
	quoted, _ := json.Marshal(name)
	params := make([]byte, 0, len(quoted)+len(arguments)+24)
	params = append(params, `{"name":`...)
	params = append(params, quoted...)
	params = append(params, `,"arguments":`...)
	params = append(params, arguments...)
	params = append(params, '}')
	return c.Call(ctx, "tools/call", params)
}

// Call sends one request with params (JSON, one line) and waits for its
// answer, the end of the connection, or ctx. When ctx ends first, the
// request is forgotten (a late answer is dropped) and the server is sent
// notifications/cancelled. An error wrapping host.ErrNotSent means nothing
// of the request was sent.
func (c *Conn) Call(ctx context.Context, method string, params []byte) (json.RawMessage, error) {
	ch := make(chan answer, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, fmt.Errorf("%w: %w", host.ErrNotSent, err)
	}
	c.next++
	id := strconv.FormatInt(c.next, 10)
	c.pending[id] = ch
	c.mu.Unlock()

	msg := make([]byte, 0, len(method)+len(params)+64)
	msg = append(msg, `{"jsonrpc":"2.0","id":`...)
	msg = append(msg, id...)
	msg = append(msg, `,"method":"`...)
	msg = append(msg, method...) // the package's own method names: nothing to escape
	msg = append(msg, `","params":`...)
	msg = append(msg, params...)
	msg = append(msg, '}')
	if err := c.carrier.send(ctx, msg, id); err != nil {
		if ctx.Err() == nil || errors.Is(err, host.ErrNotSent) {
			c.forget(id)
			return nil, err
		}
	}
	select {
	case a := <-ch:
		return a.result, a.err
	case <-ctx.Done():
		if c.forget(id) {
			note := []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `,"reason":"the host stopped waiting"}}`)
			go c.carrier.send(context.Background(), note, "") //nolint:errcheck // best effort: the request is answered locally either way
		}
		return nil, ctx.Err()
	}
}

// end ends the connection (once) for the reason err: every request still
// waiting is answered with it, and later ones are not sent.
func (c *Conn) end(err error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	c.mu.Unlock()
	c.answerAll(err)
	close(c.done)
}

// forget takes a request out of the table, and reports whether it was
// still waiting.
func (c *Conn) forget(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.pending[id]
	delete(c.pending, id)
	return ok
}

// answer hands a request its answer (false: no request of that id
// waits).
func (c *Conn) answer(id string, a answer) bool {
	c.mu.Lock()
	ch, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if ok {
		ch <- a
	}
	return ok
}

// answerAll answers every request waiting now with err: a line that
// broke the protocol or the budget and whose id cannot be found may be
// the answer to any of them.
func (c *Conn) answerAll(err error) {
	c.mu.Lock()
	waiting := c.pending
	c.pending = map[string]chan answer{}
	c.mu.Unlock()
	for _, ch := range waiting {
		ch <- answer{err: err}
	}
}

// readLoop reads the server's lines until its output ends, then ends the
// connection: every request still waiting is answered that it closed.
func (c *Conn) readLoop(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		line, over, err := frame.ReadLine(br, buf[:0], agentinput.MaxFrameBytes)
		buf = line
		if len(line) > 0 || over {
			if c.handle(line, over, anyWaiting) {
				buf = nil // a result was handed on in the line's bytes
			}
		}
		if err != nil {
			c.end(fmt.Errorf("%w: the server's output ended (%w)", sdk.ErrConnectionClosed, err))
			return
		}
	}
}

var bom = []byte("\xef\xbb\xbf")

// handle screens one message the server sent (a line, a JSON body, an SSE
// event's data; over: it was longer than agentinput.MaxFrameBytes and
// only its first MaxFrameBytes bytes are here) and acts on it: a response
// answers its request, a request from the server is answered (ping, or
// method not found: the proxy offers the server nothing), a
// tools/list_changed is counted. A broken message whose id cannot be read
// answers whose (anyWaiting, noRequest, or a request's id). It reports
// whether it handed on bytes of the message.
func (c *Conn) handle(line []byte, over bool, whose string) bool {
	line = bytes.TrimLeft(bytes.TrimPrefix(line, bom), " \t\r")
	if over {
		// Skipped, not kept: only the first MaxFrameBytes bytes are here,
		// to find whose answer it was.
		sc := frame.ScanLine(line)
		if sc.Kind != '{' || !(sc.Bad < 0 || sc.Bad == len(line)) {
			c.answerWhose(whose, fmt.Errorf("%w: the server sent a message over %d bytes", host.ErrTooLarge, agentinput.MaxFrameBytes))
			return false
		}
		if _, m := frame.Lookup(sc.Top, "method"); m > 0 {
			return false // a request or notification of the server's, too long to take
		}
		c.fail(line, sc, whose, fmt.Errorf("%w: the server sent a message over %d bytes", host.ErrTooLarge, agentinput.MaxFrameBytes))
		return false
	}
	line = bytes.TrimRight(line, " \t\r\n")
	if len(line) == 0 {
		return false
	}
	sc := frame.ScanLine(line)
	if sc.Bad >= 0 {
		if sc.Trailing && sc.Kind == '{' {
			c.fail(line, sc, whose, fmt.Errorf("%w: the server sent a message of more than one JSON value", host.ErrProtocol))
			return false
		}
		c.answerWhose(whose, fmt.Errorf("%w: the server sent a message that is not JSON", host.ErrProtocol))
		return false
	}
	if sc.Kind != '{' {
		c.answerWhose(whose, fmt.Errorf("%w: the server sent a message that is not a JSON-RPC message object", host.ErrProtocol))
		return false
	}
	broken := func(what string) bool {
		c.fail(line, sc, whose, fmt.Errorf("%w: %s", host.ErrProtocol, what))
		return false
	}
	for _, name := range []string{"jsonrpc", "id", "method", "result", "error"} {
		if _, n := frame.Lookup(sc.Top, name); n > 1 {
			return broken("the member " + name + " is written twice")
		}
	}
	if v, n := frame.Lookup(sc.Top, "jsonrpc"); n == 0 || v.Value(line)[0] != '"' || frame.MemberName(v.Value(line)) != "2.0" {
		return broken(`the member jsonrpc is not "2.0"`)
	}
	if method, n := frame.Lookup(sc.Top, "method"); n > 0 {
		if method.Value(line)[0] != '"' {
			return false // not a request anyone can answer; no request of ours names it
		}
		c.serverMessage(line, sc, frame.MemberName(method.Value(line)))
		return false
	}
	id, ok := responseID(line, sc)
	if !ok {
		c.answerWhose(whose, fmt.Errorf("%w: the server sent a response without an id of this client's", host.ErrProtocol))
		return false
	}
	result, r := frame.Lookup(sc.Top, "result")
	errm, e := frame.Lookup(sc.Top, "error")
	switch {
	case r+e != 1:
		c.answer(id, answer{err: fmt.Errorf("%w: a response has one of result and error", host.ErrProtocol)})
		return false
	case e == 1:
		var we jsonrpc.Error
		if json.Unmarshal(errm.Value(line), &we) != nil {
			c.answer(id, answer{err: fmt.Errorf("%w: the error is not a JSON-RPC error object", host.ErrProtocol)})
			return false
		}
		c.answer(id, answer{err: &we})
		return false
	}
	return c.answer(id, answer{result: result.Value(line)})
}

// fail answers the request a broken message names with err, or whose
// when it names none of this client's.
func (c *Conn) fail(line []byte, sc frame.Scan, whose string, err error) {
	if id, ok := responseID(line, sc); ok {
		c.answer(id, answer{err: err})
		return
	}
	c.answerWhose(whose, err)
}

// answerWhose answers the requests a broken message without a readable
// id may have answered.
func (c *Conn) answerWhose(whose string, err error) {
	switch whose {
	case anyWaiting:
		c.answerAll(err)
	case noRequest:
	default:
		c.answer(whose, answer{err: err})
	}
}

// responseID is the id of a response line as this client writes its
// own (a decimal integer: the table's key is its text), when the line has
// one that ended before any cut.
func responseID(line []byte, sc frame.Scan) (string, bool) {
	idm, n := frame.Lookup(sc.Top, "id")
	if n != 1 || idm.End == len(line) && sc.Bad >= 0 {
		return "", false
	}
	id := idm.Value(line)
	for _, c := range id {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return string(id), len(id) > 0
}

// serverMessage answers a request of the server's (ping; anything else is
// a method this client does not offer) and counts tools/list_changed.
func (c *Conn) serverMessage(line []byte, sc frame.Scan, method string) {
	idm, hasID := frame.Lookup(sc.Top, "id")
	if hasID == 0 {
		if method == "notifications/tools/list_changed" && c.onChange != nil {
			c.onChange()
		}
		return
	}
	id := idm.Value(line)
	if !frame.ValidID(id) {
		return
	}
	var reply []byte
	reply = append(reply, `{"jsonrpc":"2.0","id":`...)
	reply = append(reply, id...)
	if method == "ping" {
		reply = append(reply, `,"result":{}}`...)
	} else {
		reply = append(reply, `,"error":{"code":-32601,"message":"Method not found: the agentinput proxy offers its upstream server no client features"}}`...)
	}
	c.carrier.send(context.Background(), reply, "") //nolint:errcheck // a server gone shows in the reader
}
