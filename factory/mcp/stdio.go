package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/frame"
)

// sdkMaxDepth is the deepest nesting go-sdk's decoder takes in one message
// (internal/json's defaultMaxDepth in v1.8.0; TestSDKDepthLimit pins it):
// deeper, its stdio transport ends the session.
const sdkMaxDepth = 1000

// StdioTransport is the MCP stdio transport of a server built on this
// package: newline-delimited JSON-RPC over a reader and a writer, like
// go-sdk's IOTransport, except that no line a client sends ends the
// session. Use it in place of sdk.StdioTransport or sdk.IOTransport:
//
//	server.Run(ctx, mcp.NewStdioTransport(os.Stdin, os.Stdout))
//
// Each line is screened before go-sdk decodes it:
//
//   - A line that is not one JSON value is answered with a parse error
//     (-32700), and reading goes on with the next line. When the line
//     holds a complete request followed by more, the error carries that
//     request's id; otherwise the id is null.
//   - A line that is JSON but not a message go-sdk can take is answered
//     with an invalid request (-32600): an array (a batch), a value that
//     is no object, a jsonrpc other than "2.0", an id that is not a string
//     or an integer of at most 2^53-1 in magnitude (go-sdk would answer
//     another id, or end the session), a member of the envelope written
//     twice, a method that is not a string, a response without an id or
//     with neither result nor error. The error carries the request's id
//     when it has a valid one and a method; else null (a reply to a
//     broken response must not look like the answer to a request).
//   - A line longer than agentinput.MaxFrameBytes (the line end not
//     counted) is answered with an invalid request and skipped without
//     being kept: only its first MaxFrameBytes bytes are, to find its id.
//   - A tools/call whose arguments nest deeper than go-sdk's decoder takes
//     reaches the tool with its arguments as a JSON string of their text,
//     which the factory reads as the object it holds, so that the call is
//     answered with the too_large envelope at the path where the arguments
//     cross agentinput.MaxJSONDepth. Any other message that deep is an
//     invalid request.
//   - An empty line (or one of whitespace) is no message and is skipped;
//     a byte-order mark at the start of a line is skipped (RFC 8259 8.1).
//
// Everything else goes to go-sdk as it came, which answers what remains
// (an unknown method, bad params) itself. Writes are go-sdk's encoding, one
// message a line. docs/robustness.md lists every class with its answer.
//
// With RawTools, a tools/call of one of those tools is answered by the
// transport itself once the session is initialized, the line decoded once
// (rawtool.go: the fast path); every other message goes to go-sdk as
// above.
type StdioTransport struct {
	r io.Reader
	w io.Writer

	// RawTools answers tools/call for the tools it names on the fast
	// path: the handler gets the arguments as sent and its result is
	// encoded once, without go-sdk's session decoding the message again.
	// The same tools must be registered on the server too (tools/list is
	// go-sdk's), with handlers that answer as these do: a call is taken
	// here only after go-sdk answered initialize with a result and
	// notifications/initialized came (a sessionless call: once go-sdk
	// answered one with the same _meta), and only when go-sdk would hand
	// it to the tool as it is (params of name, an object of arguments and
	// an object of _meta; an id not in flight); anything else goes to
	// go-sdk, which answers it as without RawTools.
	// The server's middleware does not see a call taken here. Nil (the
	// zero value): every message goes to go-sdk.
	RawTools map[string]RawToolHandler
}

// NewStdioTransport returns the stdio transport over r and w. Neither is
// closed by the connection: the caller owns them.
func NewStdioTransport(r io.Reader, w io.Writer) *StdioTransport {
	return &StdioTransport{r: r, w: w}
}

// Connect implements sdk.Transport. It starts the goroutine that reads r,
// which ends when r does.
func (t *StdioTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	c := &stdioConn{
		w:        t.w,
		fast:     newFastPath(ctx, t.RawTools),
		incoming: make(chan jsonrpc.Message),
		baton:    make(chan *bufio.Reader),
		stopped:  make(chan struct{}),
		closed:   make(chan struct{}),
	}
	go c.readLoop(t.r)
	return c, nil
}

type stdioConn struct {
	w       io.Writer
	writeMu sync.Mutex

	incoming chan jsonrpc.Message
	stopped  chan struct{} // closed when the reader stops, with readErr set
	readErr  error

	closeOnce sync.Once
	closed    chan struct{}

	fast *fastPath // nil without RawTools
	// The reading, handed from the goroutine that read a fast call to one
	// that waits (readFrom), and how many wait.
	baton chan *bufio.Reader
	idle  atomic.Int32
}

func (c *stdioConn) SessionID() string { return "" }

func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case msg := <-c.incoming:
		return msg, nil
	case <-c.stopped:
		return nil, c.readErr
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if c.fast != nil {
		c.fast.fromSDK(msg)
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return c.writeLine(data)
}

func (c *stdioConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	if c.fast != nil {
		c.fast.close()
	}
	return nil
}

// readLoop reads r line by line until it ends, handing on each message and
// answering each line that is not one.
func (c *stdioConn) readLoop(r io.Reader) {
	c.readFrom(bufio.NewReaderSize(r, 64<<10))
}

// maxIdleReaders bounds the goroutines that wait, once their call is
// answered, to read again (readFrom).
const maxIdleReaders = 4

// readFrom is readLoop from br on. A call taken on the fast path is run
// by the goroutine that read it, which first hands the reading on to an
// idle one (or a new one): the call starts without waiting for another
// goroutine to be scheduled, and the reader is scheduled while the call
// waits for its answer. Once its call is answered, a goroutine waits to
// read again (at most maxIdleReaders do; the rest end), so that its
// stack, grown by the call, serves the next one.
func (c *stdioConn) readFrom(br *bufio.Reader) {
	for br != nil {
		call := c.readUntilCall(br)
		if call == nil {
			return
		}
		select {
		case c.baton <- br:
		default:
			go c.readFrom(br)
		}
		call()
		br = c.awaitBaton()
	}
}

// awaitBaton waits for the reading to be handed to this goroutine: the
// reader it is to read on, or nil when reading stopped or enough
// goroutines wait already.
func (c *stdioConn) awaitBaton() *bufio.Reader {
	if c.idle.Add(1) > maxIdleReaders {
		c.idle.Add(-1)
		return nil
	}
	defer c.idle.Add(-1)
	select {
	case br := <-c.baton:
		return br
	case <-c.stopped:
		return nil
	case <-c.closed:
		return nil
	}
}

// readUntilCall reads br line by line, handing on each message and
// answering each line that is not one, until a line is a call taken on the
// fast path (which it returns, to be run) or the input ends (nil).
func (c *stdioConn) readUntilCall(br *bufio.Reader) func() {
	var buf []byte
	for {
		line, over, err := frame.ReadLine(br, buf[:0], agentinput.MaxFrameBytes)
		buf = line
		if len(line) > 0 || over {
			var msg jsonrpc.Message
			var reply []byte
			if s, r, ok := screenFrame(line, over); !ok {
				reply = r
			} else if taken, call := c.fast.take(c, s.line, s.sc); taken {
				if call != nil && err == nil {
					return call
				}
				if call != nil { // the input ended after this line
					go call()
				}
				buf = nil // the call holds on to the line
			} else {
				msg, reply = decode(s)
			}
			if reply != nil {
				if werr := c.writeLine(reply); werr != nil {
					c.stop(werr)
					return nil
				}
			}
			if msg != nil {
				buf = nil // the message may hold on to the line
				if c.fast != nil {
					c.fast.toSDK(msg)
				}
				select {
				case c.incoming <- msg:
				case <-c.closed:
					c.stop(io.EOF)
					return nil
				}
			}
		}
		if err != nil {
			c.stop(err)
			return nil
		}
	}
}

func (c *stdioConn) stop(err error) {
	if c.fast != nil {
		c.fast.end()
	}
	c.readErr = err
	close(c.stopped)
}

var bom = []byte("\xef\xbb\xbf")

// screen decides what becomes of one line: a message for go-sdk, an error
// reply to write, or neither (an empty line).
func screen(line []byte, over bool) (jsonrpc.Message, []byte) {
	s, reply, ok := screenFrame(line, over)
	if !ok {
		return nil, reply
	}
	return decode(s)
}

// screened is a line that passed the screen: one JSON-RPC message, its
// scan and its id as sent (null when it is no request).
type screened struct {
	line []byte
	sc   frame.Scan
	id   []byte
}

// screenFrame screens one line: a message go-sdk can take (ok), or the
// error reply to write (nil for an empty line).
func screenFrame(line []byte, over bool) (screened, []byte, bool) {
	if over {
		id := null
		// Cut inside the message (or followed by blanks only): the id,
		// when it and the method came whole before the cut.
		p := bytes.TrimLeft(bytes.TrimPrefix(line, bom), " \t\r")
		if sc := frame.ScanLine(p); sc.Kind == '{' && (sc.Bad < 0 || sc.Bad == len(p)) {
			id = requestID(p, sc)
		}
		return screened{}, errorReply(id, jsonrpc.CodeInvalidRequest,
			"Invalid Request: the message takes more than "+strconv.Itoa(agentinput.MaxFrameBytes)+
				" bytes, over the frame budget, and was skipped; send a shorter one (a tool's arguments take at most "+
				strconv.Itoa(agentinput.MaxArgumentBytes)+" bytes)"), false
	}
	line = bytes.TrimPrefix(line, bom)
	line = bytes.Trim(line, " \t\r\n")
	if len(line) == 0 {
		return screened{}, nil, false
	}
	sc := frame.ScanLine(line)
	if sc.Bad >= 0 {
		id := null
		what := "the line is not one JSON value: byte offset " + strconv.Itoa(sc.Bad) + " is not JSON"
		if sc.Bad == len(line) {
			what = "the line is not one JSON value: it ends inside one"
		}
		if sc.Trailing {
			what = "the line holds more than one JSON value (the second starts at byte offset " + strconv.Itoa(sc.Bad) + "); nothing on it was taken"
			if sc.Kind == '{' {
				id = requestID(line, sc)
			}
		}
		return screened{}, errorReply(id, jsonrpc.CodeParseError, "Parse error: "+what+". Send one JSON-RPC message a line"), false
	}
	invalid := func(id []byte, what string) (screened, []byte, bool) {
		return screened{}, errorReply(id, jsonrpc.CodeInvalidRequest, "Invalid Request: "+what), false
	}
	switch sc.Kind {
	case '{':
	case '[':
		return invalid(null, "a batch (a JSON array of messages) is not taken; send each message on its own line")
	default:
		return invalid(null, "the line is not a JSON-RPC message object")
	}
	for _, name := range []string{"jsonrpc", "id", "method", "params", "result", "error"} {
		if _, n := frame.Lookup(sc.Top, name); n > 1 {
			return invalid(null, "the member "+name+" is written "+strconv.Itoa(n)+" times")
		}
	}
	idm, hasID := frame.Lookup(sc.Top, "id")
	if hasID > 0 && !frame.ValidID(idm.Value(line)) {
		return invalid(null, "the id is not a string or an integer of at most 2^53-1 in magnitude")
	}
	id := requestID(line, sc)
	if v, n := frame.Lookup(sc.Top, "jsonrpc"); n == 0 || v.Value(line)[0] != '"' || frame.MemberName(v.Value(line)) != "2.0" {
		return invalid(id, `the member jsonrpc is not "2.0"`)
	}
	method, hasMethod := frame.Lookup(sc.Top, "method")
	switch {
	case hasMethod > 0 && method.Value(line)[0] != '"':
		return invalid(id, "the method is not a string")
	case hasMethod == 0 && hasID == 0:
		return invalid(null, "the message has neither a method nor an id")
	case hasMethod == 0:
		_, r := frame.Lookup(sc.Top, "result")
		_, e := frame.Lookup(sc.Top, "error")
		if r+e != 1 {
			return invalid(null, "a response has one of result and error")
		}
	}
	if code, what := duplicateName(line); code == int(jsonrpc.CodeInvalidParams) {
		return screened{}, errorReply(id, jsonrpc.CodeInvalidParams, "Invalid params: "+what), false
	} else if code != 0 {
		return invalid(id, what)
	}
	return screened{line: line, sc: sc, id: id}, nil, true
}

// decode decodes a screened line for go-sdk: a tools/call whose arguments
// nest past go-sdk's decoder with its arguments as a string, any other
// message that deep refused.
func decode(s screened) (jsonrpc.Message, []byte) {
	line, sc, id := s.line, s.sc, s.id
	invalid := func(id []byte, what string) (jsonrpc.Message, []byte) {
		return nil, errorReply(id, jsonrpc.CodeInvalidRequest, "Invalid Request: "+what)
	}
	if sc.Depth > sdkMaxDepth {
		var ok bool
		if line, ok = argumentsAsString(line, sc); !ok {
			return invalid(id, "the message nests "+strconv.Itoa(sc.Depth)+" levels deep; outside a tool's arguments, at most "+strconv.Itoa(sdkMaxDepth)+" are taken")
		}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return invalid(id, "the message is not a JSON-RPC request, notification or response")
	}
	return msg, nil
}

var null = []byte("null")

// requestID returns the id of a request, as it was sent, when the message
// has a method and a valid id (for a reply to it); else null. sc may be of
// a line cut short: only members that ended before the cut count.
func requestID(line []byte, sc frame.Scan) []byte {
	id, n := frame.Lookup(sc.Top, "id")
	// A value that ends where the line does was cut: a number may go on.
	if _, m := frame.Lookup(sc.Top, "method"); m != 1 || n != 1 || id.End == len(line) || !frame.ValidID(id.Value(line)) {
		return null
	}
	return id.Value(line)
}

// argumentsAsString returns the line of a tools/call whose arguments nest
// past what go-sdk decodes with the arguments' text as a JSON string, and
// true when the rest then nests within it.
func argumentsAsString(line []byte, sc frame.Scan) ([]byte, bool) {
	method, _ := frame.Lookup(sc.Top, "method")
	args, n := frame.Lookup(sc.Params, "arguments")
	if frame.MemberName(method.Value(line)) != "tools/call" || n != 1 {
		return nil, false
	}
	out := make([]byte, 0, len(line)+len(line)/8+2)
	out = append(out, line[:args.Start]...)
	out = appendQuoted(out, args.Value(line))
	out = append(out, line[args.End:]...)
	return out, frame.ScanLine(out).Depth <= sdkMaxDepth
}

// appendQuoted appends text as a JSON string. text is JSON, so it holds
// no control character but the whitespace tab and carriage return. It is
// not agentinput's quoting, on purpose: that one turns invalid UTF-8 into
// U+FFFD, and these bytes must reach the factory as sent, so that its ask
// names the byte.
func appendQuoted(out, text []byte) []byte {
	out = append(out, '"')
	for _, c := range text {
		switch c {
		case '"', '\\':
			out = append(out, '\\', c)
		case '\t':
			out = append(out, '\\', 't')
		case '\r':
			out = append(out, '\\', 'r')
		case '\n':
			out = append(out, '\\', 'n')
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}

// errorReply is a JSON-RPC error response with the id as sent (or null).
func errorReply(id []byte, code int, message string) []byte {
	msg, _ := json.Marshal(message)
	out := make([]byte, 0, len(id)+len(msg)+64)
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	out = append(out, `,"error":{"code":`...)
	out = strconv.AppendInt(out, int64(code), 10)
	out = append(out, `,"message":`...)
	out = append(out, msg...)
	return append(out, "}}"...)
}
