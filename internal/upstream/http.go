package upstream

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
	"agentinput.dev/internal/frame"
)

// The headers of MCP's streamable HTTP transport (spec 2025-06-18 and
// 2025-11-25, "Transports").
const (
	sessionHeader = "Mcp-Session-Id"
	versionHeader = "Mcp-Protocol-Version"
)

// HTTP dials a server over MCP streamable HTTP at endpoint, through
// client (its egress rules, and its Timeout bounding each request with
// the body it answers: the caller's). Each message is POSTed; the answer,
// one JSON body or an event stream, is screened message by message as a
// child's lines are (Conn). After the handshake a standalone event stream
// (GET) carries the server's own notifications, tools/list_changed among
// them, when the server offers one. The link is done when the server no
// longer knows the session (HTTP 404), or cannot be reached at all (its
// address refuses the connection): the Supervisor dials again. Closing the
// link ends the session with DELETE (best effort, within terminate).
func HTTP(endpoint string, client *http.Client, terminate time.Duration) Dial {
	return func(ctx context.Context, onChange func()) (Link, error) {
		life, stop := context.WithCancel(context.Background())
		h := &httpCarrier{endpoint: endpoint, client: client, life: life}
		c := newConn(h, onChange)
		h.conn = c
		if err := c.initialize(ctx); err != nil {
			stop()
			c.end(fmt.Errorf("%w: the handshake failed", sdk.ErrConnectionClosed))
			return nil, err
		}
		go h.listen()
		return &httpLink{Conn: c, h: h, stop: stop, terminate: terminate}, nil
	}
}

// httpCarrier carries a Conn's messages as HTTP requests.
type httpCarrier struct {
	endpoint string
	client   *http.Client
	conn     *Conn
	life     context.Context // ends when the link is closed

	mu      sync.Mutex
	session string // the Mcp-Session-Id the initialize response gave
}

func (h *httpCarrier) sessionID() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.session
}

// request makes an HTTP request of the session: its id and, once
// negotiated, the protocol version in their headers.
func (h *httpCarrier) request(ctx context.Context, method string, body []byte) (*http.Request, string) {
	var r io.Reader = http.NoBody
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, _ := http.NewRequestWithContext(ctx, method, h.endpoint, r) // the endpoint was parsed by whoever made it
	session := h.sessionID()
	if session != "" {
		req.Header.Set(sessionHeader, session)
	}
	if v := h.conn.ProtocolVersion(); v != "" {
		req.Header.Set(versionHeader, v)
	}
	return req, session
}

// send POSTs one message and, for a request, hands the answer's body to a
// reader of its own (read while Call waits): its messages are screened
// as lines are, anything broken in it without a readable id answers this
// request, and its end without the response answers that too.
func (h *httpCarrier) send(ctx context.Context, msg []byte, id string) error {
	rctx, cancel := context.WithCancel(ctx)
	unhook := context.AfterFunc(h.life, cancel)
	req, session := h.request(rctx, http.MethodPost, msg)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := h.client.Do(req)
	if err != nil {
		unhook()
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if refused(err) {
			h.conn.end(fmt.Errorf("%w: the server cannot be reached (%w)", sdk.ErrConnectionClosed, err))
			return fmt.Errorf("%w: %w", host.ErrNotSent, err)
		}
		return fmt.Errorf("%w: %w", sdk.ErrConnectionClosed, err)
	}
	if s := resp.Header.Get(sessionHeader); s != "" && session == "" {
		h.mu.Lock()
		if h.session == "" {
			h.session = s
		}
		h.mu.Unlock()
	}
	if resp.StatusCode == http.StatusNotFound && session != "" {
		// The server ended the session (spec: a request of a session it
		// no longer knows is answered 404, and not acted on).
		discard(resp, unhook, cancel)
		h.conn.end(fmt.Errorf("%w: the server ended the session", sdk.ErrConnectionClosed))
		return fmt.Errorf("%w: the server no longer knows the session (HTTP 404)", host.ErrNotSent)
	}
	if id == "" {
		// A notification or a reply: accepted (202) or not, nothing waits
		// for what the body says.
		discard(resp, unhook, cancel)
		if resp.StatusCode/100 != 2 {
			return fmt.Errorf("the server answered HTTP %d", resp.StatusCode)
		}
		return nil
	}
	media, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	var ended error // what answers the request when the body ends without its response
	switch {
	case resp.StatusCode == http.StatusOK:
		ended = fmt.Errorf("%w: the server's answer ended without the response", host.ErrProtocol)
	case resp.StatusCode == http.StatusAccepted:
		discard(resp, unhook, cancel)
		return fmt.Errorf("%w: the server accepted a request without answering it (HTTP 202)", host.ErrProtocol)
	case media == "application/json":
		// An HTTP error may carry the JSON-RPC error of the request.
		ended = fmt.Errorf("the server answered HTTP %d", resp.StatusCode)
	default:
		discard(resp, unhook, cancel)
		return fmt.Errorf("the server answered HTTP %d", resp.StatusCode)
	}
	switch media {
	case "application/json":
		go h.readBody(resp, id, ended, func() { unhook(); cancel() })
	case "text/event-stream":
		go h.readStream(resp, id, ended, func() { unhook(); cancel() })
	default:
		discard(resp, unhook, cancel)
		return fmt.Errorf("%w: the server answered with the content type %q, not JSON or an event stream", host.ErrProtocol, media)
	}
	return nil
}

// refused reports that err is a failure to connect: the request was not
// sent, and the server is not there.
func refused(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// discard closes a body nobody reads (unread: the connection is not
// reused when the body is not empty).
func discard(resp *http.Response, unhook func() bool, cancel context.CancelFunc) {
	resp.Body.Close()
	unhook()
	cancel()
}

// readBody reads a JSON body as one message, within
// agentinput.MaxFrameBytes (and a line end): a longer body is answered
// over budget as soon as its first MaxFrameBytes+3 bytes are read, and the
// rest is not read.
func (h *httpCarrier) readBody(resp *http.Response, id string, ended error, done func()) {
	defer done()
	defer resp.Body.Close()
	limit := agentinput.MaxFrameBytes
	buf := bytes.NewBuffer(make([]byte, 0, min(max(resp.ContentLength, 0), int64(limit)+2)+1))
	// Two bytes more than the limit: room for a line end.
	_, err := buf.ReadFrom(io.LimitReader(resp.Body, int64(limit)+3))
	msg := bytes.TrimSuffix(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\r"))
	if err == nil {
		over := len(msg) > limit
		if over {
			msg = msg[:limit]
		}
		h.conn.handle(msg, over, id)
	}
	h.ended(id, ended, err)
}

// ended answers a request whose answer's body ended while it still
// waits: with ended, or, when reading broke off, that the connection
// closed (or the time budget ran out).
func (h *httpCarrier) ended(id string, ended, err error) {
	switch {
	case err == nil:
		h.conn.answer(id, answer{err: ended})
	case timedOut(err):
		h.conn.answer(id, answer{err: fmt.Errorf("%w: %w", context.DeadlineExceeded, err)})
	default:
		h.conn.answer(id, answer{err: fmt.Errorf("%w: the server's answer broke off (%w)", sdk.ErrConnectionClosed, err)})
	}
}

func timedOut(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// readStream reads the event stream of a request's answer; the server
// ends it after the response.
func (h *httpCarrier) readStream(resp *http.Response, id string, ended error, done func()) {
	defer done()
	defer resp.Body.Close()
	err := readEvents(resp.Body, func(data []byte, over bool) bool { return h.conn.handle(data, over, id) })
	h.ended(id, ended, err)
}

// readEvents reads a text/event-stream (the WHATWG's server-sent events)
// and hands each event's data, its data lines joined by "\n", to emit,
// within agentinput.MaxFrameBytes: an event whose data is longer is read
// to its end but only its first MaxFrameBytes bytes are kept, and over is
// true. An event without data (a comment, a priming event that only sets
// an id) is not handed on, nor one the stream ends inside. emit reports
// whether it kept the bytes. At the end of the stream err is nil.
func readEvents(r io.Reader, emit func(data []byte, over bool) bool) error {
	const prefix = len("data: ")
	limit := agentinput.MaxFrameBytes
	br := bufio.NewReaderSize(r, 64<<10)
	var line, data []byte
	has, over := false, false
	for {
		l, lover, err := frame.ReadLine(br, line[:0], limit+prefix)
		line = l
		switch {
		case len(l) == 0 && !lover:
			if err == nil && (has || over) {
				if emit(data, over) {
					data = nil
				}
				data, has, over = data[:0], false, false
			}
		case bytes.HasPrefix(l, []byte("data")) && (len(l) == 4 || l[4] == ':'):
			v := l[min(len(l), 5):]
			v = bytes.TrimPrefix(v, []byte(" "))
			if has {
				v = append([]byte{'\n'}, v...)
			}
			has = true
			if over {
				break
			}
			if room := limit - len(data); lover || len(v) > room {
				data, over = append(data, v[:min(len(v), room)]...), true
				break
			}
			data = append(data, v...)
		}
		// Other fields (event, id, retry) and comments: the proxy does not
		// resume streams, and every event of MCP's streams is a message.
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// listen keeps the standalone event stream the server's own messages come
// on (GET): none when the server answers 405 (it offers none) or another
// refusal; the link done when it answers 404 or cannot be reached; opened
// again after the package's backoff when it ends.
func (h *httpCarrier) listen() {
	client := *h.client
	client.Timeout = 0 // the stream lasts; the link's life bounds it
	attempt := 0
	for {
		req, session := h.request(h.life, http.MethodGet, nil)
		req.Header.Set("Accept", "text/event-stream")
		opened := time.Now()
		resp, err := client.Do(req)
		switch {
		case h.life.Err() != nil:
			if err == nil {
				resp.Body.Close()
			}
			return
		case err != nil:
			if refused(err) {
				h.conn.end(fmt.Errorf("%w: the server cannot be reached (%w)", sdk.ErrConnectionClosed, err))
				return
			}
		case resp.StatusCode == http.StatusNotFound && session != "":
			resp.Body.Close()
			h.conn.end(fmt.Errorf("%w: the server ended the session", sdk.ErrConnectionClosed))
			return
		case resp.StatusCode != http.StatusOK:
			resp.Body.Close()
			return
		default:
			readEvents(resp.Body, func(data []byte, over bool) bool { return h.conn.handle(data, over, noRequest) }) //nolint:errcheck // the stream is opened again either way
			resp.Body.Close()
			if time.Since(opened) >= StableAfter {
				attempt = 0
			}
		}
		select {
		case <-h.life.Done():
			return
		case <-time.After(Backoff(attempt, InitialBackoff, MaxBackoff)):
			attempt++
		}
	}
}

// httpLink is a Conn over HTTP as a Link.
type httpLink struct {
	*Conn
	h         *httpCarrier
	stop      context.CancelFunc
	terminate time.Duration
	closeOnce sync.Once
}

// Close ends the session with DELETE (best effort: a server may not
// offer it), then ends the connection and every reader of it.
func (l *httpLink) Close() error {
	l.closeOnce.Do(func() {
		if l.h.sessionID() != "" {
			ctx, cancel := context.WithTimeout(context.Background(), l.terminate)
			req, _ := l.h.request(ctx, http.MethodDelete, nil)
			if resp, err := l.h.client.Do(req); err == nil {
				resp.Body.Close()
			}
			cancel()
		}
		l.Conn.end(fmt.Errorf("%w: the link was closed", sdk.ErrConnectionClosed))
		l.stop()
	})
	return nil
}
