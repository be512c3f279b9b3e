package upstream

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

// The backoff at its edges: the first wait, doubling, the cap reached
// exactly and passed, and no overflow however many attempts.
func TestBackoff(t *testing.T) {
	for _, c := range []struct {
		n    int
		want time.Duration
	}{{0, 250 * time.Millisecond}, {1, 500 * time.Millisecond}, {6, 16 * time.Second}, {7, 30 * time.Second}, {8, 30 * time.Second}, {1 << 20, 30 * time.Second}} {
		if got := Backoff(c.n, InitialBackoff, MaxBackoff); got != c.want {
			t.Errorf("Backoff(%d) = %s, want %s", c.n, got, c.want)
		}
	}
	if got := Backoff(3, time.Second, 8*time.Second); got != 8*time.Second {
		t.Errorf("a cap reached exactly: %s", got)
	}
	if got := Backoff(0, time.Second, time.Millisecond); got != time.Millisecond {
		t.Errorf("a cap under the first wait: %s", got)
	}
}

// server is the other end of a Conn: the test reads the requests the
// client writes and writes what the server would.
type server struct {
	t    *testing.T
	in   *bufio.Scanner // what the client wrote
	out  *io.PipeWriter // what the client reads
	conn *Conn
}

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
}

func newServer(t *testing.T) *server {
	t.Helper()
	cr, sw := io.Pipe() // server → client
	sr, cw := io.Pipe() // client → server
	s := &server{t: t, in: bufio.NewScanner(sr), out: sw}
	s.in.Buffer(make([]byte, 1<<20), 1<<20)
	done := make(chan error, 1)
	go func() {
		c, err := NewConn(context.Background(), cr, cw, nil)
		s.conn = c
		done <- err
	}()
	if r := s.read(); r.Method != "initialize" {
		t.Fatalf("first request %s", r.Method)
	}
	s.write(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`)
	if r := s.read(); r.Method != "notifications/initialized" {
		t.Fatalf("then %s", r.Method)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sw.Close(); sr.Close() })
	return s
}

func (s *server) read() request {
	s.t.Helper()
	if !s.in.Scan() {
		s.t.Fatal("the client wrote nothing more")
	}
	var r request
	if err := json.Unmarshal(s.in.Bytes(), &r); err != nil {
		s.t.Fatalf("%s: %v", s.in.Bytes(), err)
	}
	return r
}

func (s *server) write(line string) {
	go s.out.Write([]byte(line + "\n")) //nolint:errcheck // the test checks the answers
}

type result struct {
	raw json.RawMessage
	err error
}

// call starts a tools/call and answers a channel of its answer, once the
// server has read the request.
func (s *server) call() (string, <-chan result) {
	ch := make(chan result, 1)
	go func() {
		raw, err := s.conn.CallTool(context.Background(), "t", json.RawMessage(`{"a":1}`))
		ch <- result{raw, err}
	}()
	r := s.read()
	return string(r.ID), ch
}

// A response answers its request with the result's bytes; a line that
// breaks the protocol and names a request answers that one alone; one
// that names none answers every request waiting.
func TestConnAnswersByID(t *testing.T) {
	s := newServer(t)
	id1, a1 := s.call()
	id2, a2 := s.call()
	s.write(`{"jsonrpc":"2.0","id":` + id2 + `,"result":{"content":[]}} trailing`)
	if r := <-a2; !errors.Is(r.err, host.ErrProtocol) {
		t.Fatalf("the broken answer: %v", r.err)
	}
	s.write(`{"jsonrpc":"2.0","id":999,"result":{}}`) // nobody's: dropped
	s.write(`{"jsonrpc":"2.0","id":` + id1 + `,"result": {"content":[{"type":"text","text":"ok"}]}}`)
	if r := <-a1; r.err != nil || string(r.raw) != `{"content":[{"type":"text","text":"ok"}]}` {
		t.Fatalf("the answer: %s %v", r.raw, r.err)
	}
	_, a3 := s.call()
	_, a4 := s.call()
	s.write(`Starting server…`)
	for _, a := range []<-chan result{a3, a4} {
		if r := <-a; !errors.Is(r.err, host.ErrProtocol) {
			t.Fatalf("garbage: %v", r.err)
		}
	}
	id5, a5 := s.call()
	s.write(`{"jsonrpc":"2.0","id":` + id5 + `,"error":{"code":-32602,"message":"SECRET"}}`)
	if r := <-a5; r.err == nil || errors.Is(r.err, host.ErrProtocol) {
		t.Fatalf("an error response: %v", r.err)
	}
}

// A line over the frame budget answers the request it names with
// host.ErrTooLarge; one whose id cannot be found, every waiting request;
// and the connection goes on.
func TestConnOverBudget(t *testing.T) {
	s := newServer(t)
	pad := strings.Repeat("x", agentinput.MaxFrameBytes)
	id1, a1 := s.call()
	_, a2 := s.call()
	s.write(`{"jsonrpc":"2.0","id":` + id1 + `,"result":{"content":[{"type":"text","text":"` + pad + `"}]}}`)
	if r := <-a1; !errors.Is(r.err, host.ErrTooLarge) {
		t.Fatalf("named: %v", r.err)
	}
	_, a3 := s.call()
	s.write(`{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":"` + pad + `"}]},"id":7}`)
	for _, a := range []<-chan result{a2, a3} {
		if r := <-a; !errors.Is(r.err, host.ErrTooLarge) {
			t.Fatalf("unnamed: %v", r.err)
		}
	}
	id4, a4 := s.call()
	s.write(`{"jsonrpc":"2.0","id":` + id4 + `,"result":{}}`)
	if r := <-a4; r.err != nil {
		t.Fatalf("after: %v", r.err)
	}
}

// The server's ping is answered, a method the client does not offer is
// refused, and tools/list_changed is counted.
func TestConnServerRequests(t *testing.T) {
	s := newServer(t)
	changes := make(chan struct{}, 1)
	s.conn.onChange = func() { changes <- struct{}{} }
	s.write(`{"jsonrpc":"2.0","id":"p","method":"ping"}`)
	if !s.in.Scan() || s.in.Text() != `{"jsonrpc":"2.0","id":"p","result":{}}` {
		t.Fatalf("ping: %s", s.in.Text())
	}
	s.write(`{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":{}}`)
	if !s.in.Scan() || !strings.Contains(s.in.Text(), `"id":3,"error":{"code":-32601`) {
		t.Fatalf("sampling: %s", s.in.Text())
	}
	s.write(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	<-changes
}

// When the server's output ends, a waiting request is answered that the
// connection closed (it may have been sent), and a later one that it was
// not sent.
func TestConnClosed(t *testing.T) {
	s := newServer(t)
	_, a := s.call()
	s.out.Close()
	if r := <-a; !errors.Is(r.err, sdk.ErrConnectionClosed) || errors.Is(r.err, host.ErrNotSent) {
		t.Fatalf("waiting: %v", r.err)
	}
	<-s.conn.Done()
	if _, err := s.conn.CallTool(context.Background(), "t", nil); !errors.Is(err, host.ErrNotSent) {
		t.Fatalf("after: %v", err)
	}
}
