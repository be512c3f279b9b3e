package mcp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/frame"
)

// HTTPOptions are the limits of a streamable HTTP endpoint built with
// NewHTTPHandler or NewHTTPServer. A zero field takes its default (the
// Default… constants); a negative duration or count switches that limit
// off, which an endpoint reachable by untrusted clients should not do.
//
// The timeouts are chosen so that a long SSE stream lives as long as its
// session: no limit bounds a response's total duration. A connection is
// bounded instead by the time its headers take (ReadHeaderTimeout), the
// time its request body takes (ReadTimeout, a per-request read deadline
// set only while the body is read), the time each single write of the
// reply may block on a client that does not read (WriteTimeout, a deadline
// renewed before every write and flush), the time it may sit idle between
// requests (IdleTimeout), and the session's own idle timeout
// (SessionTimeout), which also ends the session's standalone SSE stream.
// http.Server's own ReadTimeout and WriteTimeout stay off: the first
// cancels a streaming request's context once it passes, the second cuts
// every stream longer than it.
type HTTPOptions struct {
	// ReadHeaderTimeout bounds the time to read a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the time to read one request's body.
	ReadTimeout time.Duration
	// WriteTimeout bounds the time one write of a reply may block.
	WriteTimeout time.Duration
	// IdleTimeout bounds the time a kept-alive connection waits for its
	// next request.
	IdleTimeout time.Duration
	// SessionTimeout closes a session that has had no POST for this long
	// (go-sdk's StreamableHTTPOptions.SessionTimeout).
	SessionTimeout time.Duration
	// MaxBodyBytes bounds a request body; a longer one is answered 413
	// with a JSON-RPC error, and never read whole.
	MaxBodyBytes int64
	// MaxConcurrent bounds the POST requests served at once. A request
	// takes its slot once its body has arrived whole and passed the
	// screen, and holds it while its handler runs; a slow body holds none.
	// GET streams (a session's SSE stream) do not count: a session's
	// timeout bounds them.
	MaxConcurrent int
	// QueueLength is how many requests wait for a slot when every slot is
	// taken, each at most QueueWait; one more, or one that waited that
	// long, is answered 503 with Retry-After. Negative: none waits.
	QueueLength int
	// QueueWait bounds a request's wait in the queue.
	QueueWait time.Duration
	// MaxBodiesPerClient bounds the request bodies being read at once from
	// one remote address (an IP); one more is answered 429 with
	// Retry-After and its connection closed, so that one client's slow
	// bodies cannot hold the server's memory or its clients' turns.
	MaxBodiesPerClient int
	// RetryAfter is the Retry-After of a 503 or 429, in whole seconds (at
	// least 1).
	RetryAfter time.Duration
	// AllowedOrigins are the browser origins ("https://app.example.com",
	// scheme://host[:port], compared without letter case) served beside the
	// loopback ones. A request without an Origin header (any client that
	// is not a browser) is served; one with another Origin is 403.
	AllowedOrigins []string
	// BearerToken, when not empty, is the token every request must carry
	// as "Authorization: Bearer …", compared in constant time. Its
	// principal (the TokenInfo's UserID, to which sessions, cursors and
	// idempotency keys are bound) is Principal.
	BearerToken []byte
	// Principal is the user id of BearerToken; "" means "operator".
	Principal string
	// JSONResponse answers each POST with one application/json reply
	// instead of an event stream (go-sdk's StreamableHTTPOptions).
	JSONResponse bool
}

// The defaults of HTTPOptions.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 10 * time.Second
	DefaultWriteTimeout      = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultSessionTimeout    = 10 * time.Minute
	// DefaultMaxBodyBytes is the stdio transport's frame budget,
	// MaxArgumentBytes and 64 KiB for the JSON-RPC envelope around the
	// arguments: a call whose arguments are just over their budget still
	// gets its too_large envelope, not a 413.
	DefaultMaxBodyBytes  = agentinput.MaxFrameBytes
	DefaultMaxConcurrent = 32
	// DefaultQueueLength lets four times the bound wait: a burst of 64
	// clients on the default bound is served, not refused.
	DefaultQueueLength        = 4 * DefaultMaxConcurrent
	DefaultQueueWait          = 5 * time.Second
	DefaultMaxBodiesPerClient = 64
	DefaultRetryAfter         = time.Second
	// MaxHeaderBytes bounds a request's headers (http.Server's default is
	// 1 MiB).
	MaxHeaderBytes = 64 << 10
	// MaxIDBytes bounds a request's id: a longer string id is an invalid
	// request, answered with id null.
	MaxIDBytes = 256
)

func (o HTTPOptions) withDefaults() HTTPOptions {
	dur := func(d *time.Duration, def time.Duration) {
		switch {
		case *d == 0:
			*d = def
		case *d < 0:
			*d = 0
		}
	}
	dur(&o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	dur(&o.ReadTimeout, DefaultReadTimeout)
	dur(&o.WriteTimeout, DefaultWriteTimeout)
	dur(&o.IdleTimeout, DefaultIdleTimeout)
	dur(&o.SessionTimeout, DefaultSessionTimeout)
	dur(&o.RetryAfter, DefaultRetryAfter)
	switch {
	case o.MaxBodyBytes == 0:
		o.MaxBodyBytes = DefaultMaxBodyBytes
	case o.MaxBodyBytes < 0:
		o.MaxBodyBytes = 0
	}
	count := func(n *int, def int) {
		switch {
		case *n == 0:
			*n = def
		case *n < 0:
			*n = 0
		}
	}
	count(&o.MaxConcurrent, DefaultMaxConcurrent)
	if o.QueueLength == 0 && o.MaxConcurrent != DefaultMaxConcurrent {
		o.QueueLength = 4 * o.MaxConcurrent
	}
	count(&o.QueueLength, DefaultQueueLength)
	dur(&o.QueueWait, DefaultQueueWait)
	count(&o.MaxBodiesPerClient, DefaultMaxBodiesPerClient)
	if o.Principal == "" {
		o.Principal = "operator"
	}
	return o
}

// NewHTTPServer returns an http.Server that serves s over streamable HTTP
// with NewHTTPHandler and the connection limits of opts. Serve it on a
// listener of your own (net.Listen); its Handler may be wrapped further.
func NewHTTPServer(s *sdk.Server, opts HTTPOptions) *http.Server {
	o := opts.withDefaults()
	return &http.Server{
		Handler:           NewHTTPHandler(s, opts),
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		IdleTimeout:       o.IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// NewHTTPHandler returns go-sdk's StreamableHTTPHandler for s (with its
// DNS-rebinding protection on, and opts' session timeout and body limit)
// behind the limits of opts, outermost first: every failure answered as a
// JSON-RPC error; the per-write deadline; the Origin check; the bearer
// token, when set; a screen of the POST body (its size within the read
// deadline, at most MaxBodiesPerClient bodies read at once from one
// address, a JSON content type, one JSON-RPC message — no batch — with a
// well-formed id and no name written twice); and then, body in hand, the
// bound on concurrent requests with its short queue, so that no frame a
// client sends is answered in plain text or with more than the documented
// bound (docs/budgets.md), and no slow client holds another's turn.
func NewHTTPHandler(s *sdk.Server, opts HTTPOptions) http.Handler {
	o := opts.withDefaults()
	maxBody := o.MaxBodyBytes
	if maxBody == 0 {
		maxBody = -1 // the SDK's own "no limit"
	}
	var h http.Handler = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, &sdk.StreamableHTTPOptions{
		SessionTimeout:      o.SessionTimeout,
		MaxRequestBodyBytes: maxBody,
		JSONResponse:        o.JSONResponse,
	})
	h = screenPOST(h, o, newLimiter(o))
	if len(o.BearerToken) > 0 {
		h = auth.RequireBearerToken(tokenVerifier(o.BearerToken, o.Principal), &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h)
	}
	h = checkOrigin(h, o.AllowedOrigins)
	return jsonErrors(h, o.WriteTimeout)
}

// tokenVerifier accepts exactly token, compared in constant time (of the
// two tokens' SHA-256, so that not even the length leaks).
func tokenVerifier(token []byte, principal string) auth.TokenVerifier {
	want := sha256.Sum256(token)
	return func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		sum := sha256.Sum256([]byte(got))
		if subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: principal}, nil
	}
}

// JSON-RPC error codes of the HTTP screen.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInternalError  = -32603
)

// writeError answers a JSON-RPC error with id (null when nil) and status.
func writeError(w http.ResponseWriter, status, code int, id json.RawMessage, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	body, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, message}})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Del("Content-Length")
	w.WriteHeader(status)
	w.Write(body)
}

// cutText keeps a message's first MaxReceivedChars characters, as every
// echo of what a caller sent is cut.
func cutText(s string) string {
	return agentinput.Cut(strings.TrimSpace(s))
}

// screenPOST checks a POST body before the SDK sees it, and then takes a
// slot of lim for the request's handler.
func screenPOST(next http.Handler, o HTTPOptions, lim *limiter) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			if o.MaxBodyBytes > 0 && r.Body != nil {
				r.Body = http.MaxBytesReader(w, r.Body, o.MaxBodyBytes)
			}
			next.ServeHTTP(w, r)
			return
		}
		if ct := r.Header.Get("Content-Type"); !isJSONType(ct) {
			writeError(w, http.StatusUnsupportedMediaType, codeInvalidRequest, nil, "the Content-Type of a POST must be application/json")
			return
		}
		client := remoteIP(r)
		if !lim.startBody(client) {
			w.Header().Set("Retry-After", lim.retry)
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusTooManyRequests, codeInvalidRequest, nil, "this address is sending "+strconv.Itoa(lim.perClient)+" request bodies at once, the bound of one client; finish one, then retry after "+lim.retry+" s")
			return
		}
		body, status, msg := readBody(w, r, o)
		lim.endBody(client)
		if status != 0 {
			writeError(w, status, codeInvalidRequest, nil, msg)
			return
		}
		id, code, msg := checkMessage(body)
		if code != 0 {
			writeError(w, http.StatusBadRequest, code, id, msg)
			return
		}
		if !lim.acquire(r.Context()) {
			w.Header().Set("Retry-After", lim.retry)
			writeError(w, http.StatusServiceUnavailable, codeInternalError, id, "the server is at its bound of "+strconv.Itoa(lim.n)+" requests at once, with "+strconv.Itoa(lim.queued)+" waiting; retry after "+lim.retry+" s")
			return
		}
		defer lim.release()
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
}

func isJSONType(ct string) bool {
	base, _, _ := strings.Cut(ct, ";")
	return strings.EqualFold(strings.TrimSpace(base), "application/json")
}

// readBody reads a POST body within the body limit and the read deadline;
// the deadline is lifted once the body is in, so that the reply (a stream,
// perhaps) is not cut by it.
func readBody(w http.ResponseWriter, r *http.Request, o HTTPOptions) ([]byte, int, string) {
	rc := http.NewResponseController(w)
	if o.ReadTimeout > 0 {
		rc.SetReadDeadline(time.Now().Add(o.ReadTimeout))
	}
	var src io.Reader = r.Body
	if o.MaxBodyBytes > 0 {
		src = http.MaxBytesReader(w, r.Body, o.MaxBodyBytes)
	}
	body, err := io.ReadAll(src)
	if err != nil {
		// The deadline stays, and the connection ends with this answer:
		// what is left of the body is never waited for.
		w.Header().Set("Connection", "close")
	} else if o.ReadTimeout > 0 {
		rc.SetReadDeadline(time.Time{})
	}
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, http.StatusRequestEntityTooLarge, "the request body is over " + strconv.FormatInt(mbe.Limit, 10) + " bytes"
	case err != nil:
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, http.StatusRequestTimeout, "the request body did not arrive within " + o.ReadTimeout.String()
		}
		return nil, http.StatusBadRequest, "the request body could not be read"
	case len(bytes.TrimSpace(body)) == 0:
		return nil, http.StatusBadRequest, "a POST carries one JSON-RPC message; the body is empty"
	}
	return body, 0, ""
}

// checkMessage checks that body is one JSON-RPC 2.0 message with a
// well-formed id: it returns the id to answer with (nil for null) and a
// code and message when it is not.
func checkMessage(body []byte) (json.RawMessage, int, string) {
	if !json.Valid(body) {
		return nil, codeParseError, "the body is not JSON"
	}
	trimmed := bytes.TrimSpace(body)
	switch trimmed[0] {
	case '{':
	case '[':
		return nil, codeInvalidRequest, "batches are not served: send one JSON-RPC message a request"
	default:
		return nil, codeInvalidRequest, "a JSON-RPC message is an object"
	}
	dupCode, dup := duplicateName(trimmed)
	if dupCode == codeInvalidRequest {
		return nil, dupCode, dup // which id is meant is the question
	}
	var m struct {
		JSONRPC json.RawMessage `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
	}
	if err := json.Unmarshal(trimmed, &m); err != nil {
		return nil, codeInvalidRequest, "the message's members are not of the types JSON-RPC gives them"
	}
	if string(m.JSONRPC) != `"2.0"` {
		return nil, codeInvalidRequest, `a JSON-RPC 2.0 message has "jsonrpc": "2.0"`
	}
	var id json.RawMessage
	if string(m.ID) == "null" && m.Method != nil {
		return nil, codeInvalidRequest, "a request's id is a string or an integer, never null"
	}
	if m.ID != nil && string(m.ID) != "null" {
		if !validHTTPID(m.ID) {
			return nil, codeInvalidRequest, "an id is a string of at most " + strconv.Itoa(MaxIDBytes) + " bytes or an integer of at most 2^53-1 in magnitude"
		}
		id = m.ID
	}
	if m.Method != nil && (len(m.Method) == 0 || m.Method[0] != '"') {
		return id, codeInvalidRequest, "a method is a string"
	}
	if dupCode != 0 {
		return id, dupCode, dup
	}
	return id, 0, ""
}

// validHTTPID: an id the stdio transport takes (validID: a string, or an
// integer go-sdk answers unchanged), a string of at most MaxIDBytes.
func validHTTPID(raw json.RawMessage) bool {
	return frame.ValidID(raw) && (raw[0] != '"' || len(raw) <= MaxIDBytes+2)
}

// checkOrigin serves a request without Origin, with a loopback origin, or
// with one of allowed; any other is 403.
func checkOrigin(next http.Handler, allowed []string) http.Handler {
	set := make(map[string]bool, len(allowed))
	for _, a := range allowed {
		set[strings.ToLower(strings.TrimSuffix(a, "/"))] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" || set[strings.ToLower(origin)] || loopbackOrigin(origin) {
			next.ServeHTTP(w, r)
			return
		}
		writeError(w, http.StatusForbidden, codeInvalidRequest, nil, "this origin is not allowed: "+cutText(origin))
	})
}

// loopbackOrigin reports whether origin is http(s) on localhost or a
// loopback address.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" || u.User != nil {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// limiter is the bound of an endpoint: the slots of the requests being
// served, the queue of those waiting for one, and the bodies being read
// from each remote address.
type limiter struct {
	n, queued, perClient int
	wait                 time.Duration
	retry                string        // Retry-After, in whole seconds
	slots, queue         chan struct{} // nil: no bound, no queue
	mu                   sync.Mutex
	bodies               map[string]int // bodies being read, by remote IP
}

func newLimiter(o HTTPOptions) *limiter {
	l := &limiter{n: o.MaxConcurrent, queued: o.QueueLength, perClient: o.MaxBodiesPerClient, wait: o.QueueWait,
		retry: strconv.Itoa(max(1, int((o.RetryAfter+time.Second-1)/time.Second))), bodies: map[string]int{}}
	if l.n > 0 {
		l.slots = make(chan struct{}, l.n)
		if l.queued > 0 {
			l.queue = make(chan struct{}, l.queued)
		}
	}
	return l
}

// acquire takes a slot: at once when one is free, else after a wait in
// the queue when it has room, for at most l.wait. It reports false when
// the request is to be refused (or its client went away).
func (l *limiter) acquire(ctx context.Context) bool {
	if l.slots == nil {
		return true
	}
	select {
	case l.slots <- struct{}{}:
		return true
	default:
	}
	if l.queue == nil {
		return false
	}
	select {
	case l.queue <- struct{}{}:
		defer func() { <-l.queue }()
	default:
		return false
	}
	t := time.NewTimer(l.wait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}

func (l *limiter) release() {
	if l.slots != nil {
		<-l.slots
	}
}

// startBody counts a body being read from client, and reports false when
// client reads as many already as it may.
func (l *limiter) startBody(client string) bool {
	if l.perClient <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bodies[client] >= l.perClient {
		return false
	}
	l.bodies[client]++
	return true
}

func (l *limiter) endBody(client string) {
	if l.perClient <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bodies[client]--; l.bodies[client] <= 0 {
		delete(l.bodies, client)
	}
}

// remoteIP is the address a request came from, without its port: one
// client, whatever connections it opens.
func remoteIP(r *http.Request) string {
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return ap.Addr().Unmap().String()
	}
	return r.RemoteAddr
}

// jsonErrors renders every plain-text error reply of the layers inside it
// (go-sdk's http.Error answers: a bad session, a bad Accept, a bad Host
// …) as a JSON-RPC error with id null, its text cut, and renews the write
// deadline before every write and flush.
func jsonErrors(next http.Handler, writeTimeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ew := &errorWriter{w: w, rc: http.NewResponseController(w), timeout: writeTimeout}
		defer ew.finish()
		next.ServeHTTP(ew, r)
	})
}

type errorWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	wrote   bool         // the header is written
	plain   bool         // an error in plain text is being captured
	status  int          // its status
	text    bytes.Buffer // its first bytes
}

func (e *errorWriter) Header() http.Header { return e.w.Header() }

func (e *errorWriter) deadline() {
	if e.timeout > 0 {
		e.rc.SetWriteDeadline(time.Now().Add(e.timeout))
	}
}

func (e *errorWriter) WriteHeader(status int) {
	if e.wrote {
		return
	}
	e.wrote = true
	if status >= 400 && strings.HasPrefix(e.w.Header().Get("Content-Type"), "text/plain") {
		e.plain, e.status = true, status
		return
	}
	e.deadline()
	e.w.WriteHeader(status)
}

func (e *errorWriter) Write(p []byte) (int, error) {
	if !e.wrote {
		e.WriteHeader(http.StatusOK)
	}
	if e.plain {
		if room := 512 - e.text.Len(); room > 0 {
			e.text.Write(p[:min(len(p), room)])
		}
		return len(p), nil
	}
	e.deadline()
	return e.w.Write(p)
}

// FlushError flushes the reply so far (a stream's events), within the
// write deadline.
func (e *errorWriter) FlushError() error {
	if e.plain {
		return nil
	}
	e.deadline()
	return e.rc.Flush()
}

// Flush is FlushError for callers that ask for an http.Flusher.
func (e *errorWriter) Flush() { e.FlushError() }

// Unwrap lets http.ResponseController reach the connection's writer.
func (e *errorWriter) Unwrap() http.ResponseWriter { return e.w }

func (e *errorWriter) finish() {
	if !e.plain {
		return
	}
	code := codeInvalidRequest
	switch {
	case e.status >= 500:
		code = codeInternalError
	case bytes.HasPrefix(e.text.Bytes(), []byte("malformed payload")):
		code = codeParseError
	}
	msg := cutText(strings.ToValidUTF8(e.text.String(), "?"))
	if msg == "" {
		msg = http.StatusText(e.status)
	}
	e.deadline()
	writeError(e.w, e.status, code, nil, msg)
}
