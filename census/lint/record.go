package lint

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The methods whose raw results a Recorder keeps: the content rules read
// members go-sdk's typed decoding drops (a template's supportsList, an
// annotation's priority 0, the members a server added) or cannot tell from
// their absence.
var recorded = []string{"resources/list", "resources/templates/list", "resources/read", "prompts/list", "prompts/get"}

// Recorder keeps, off the wire, what a client session's typed results
// drop: the initialize result's capabilities, and the raw result of every
// resources/list, resources/templates/list, resources/read, prompts/list
// and prompts/get response, by method in the order they arrived, until
// Take hands them over. It keeps at most its byte budget of results not
// yet taken; a result that would cross it is kept as nil (its place, not
// its bytes), so that a caller never judges a reply over the budget.
type Recorder struct {
	mu       sync.Mutex
	methods  map[string]bool
	max      int
	held     int
	caps     json.RawMessage
	capsDone bool
	pending  map[string]string // request id → method, for the recorded methods
	results  map[string][]json.RawMessage
}

// Record wraps a client transport with a Recorder that holds at most
// maxBytes of results not yet taken (DefaultBudget.Bytes when maxBytes is
// not positive). Connect a client session over the returned transport.
func Record(t sdk.Transport, maxBytes int) (sdk.Transport, *Recorder) {
	if maxBytes <= 0 {
		maxBytes = DefaultBudget.Bytes
	}
	return record(t, recorded, maxBytes)
}

func record(t sdk.Transport, methods []string, maxBytes int) (sdk.Transport, *Recorder) {
	r := &Recorder{methods: map[string]bool{}, max: maxBytes, pending: map[string]string{}, results: map[string][]json.RawMessage{}}
	for _, m := range methods {
		r.methods[m] = true
	}
	return &recordingTransport{Transport: t, r: r}, r
}

// Capabilities is the initialize result's capabilities object as sent:
// nil before the session is connected, or when the result had none.
func (r *Recorder) Capabilities() json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.caps
}

// Take hands over the raw results of method recorded since the last Take,
// oldest first, and forgets them. A result that was over the byte budget
// is nil.
func (r *Recorder) Take(method string) []json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.results[method]
	delete(r.results, method)
	for _, res := range out {
		r.held -= len(res)
	}
	return out
}

func (r *Recorder) sent(m jsonrpc.Message) {
	req, ok := m.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() || !r.methods[req.Method] {
		return
	}
	r.mu.Lock()
	r.pending[idKey(req.ID)] = req.Method
	r.mu.Unlock()
}

func (r *Recorder) received(m jsonrpc.Message) {
	resp, ok := m.(*jsonrpc.Response)
	if !ok {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.capsDone {
		var init struct {
			ProtocolVersion string          `json:"protocolVersion"`
			Capabilities    json.RawMessage `json:"capabilities"`
		}
		if json.Unmarshal(resp.Result, &init) == nil && init.ProtocolVersion != "" {
			r.caps, r.capsDone = init.Capabilities, true
			return
		}
	}
	key := idKey(resp.ID)
	method, ok := r.pending[key]
	if !ok {
		return
	}
	delete(r.pending, key)
	if resp.Error != nil {
		return
	}
	res := resp.Result
	if r.held+len(res) > r.max {
		res = nil
	} else {
		res = append(json.RawMessage(nil), res...)
	}
	r.held += len(res)
	r.results[method] = append(r.results[method], res)
}

// idKey is a request id as a map key: go-sdk writes integer ids and reads
// them back as integers, a string id stays a string.
func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

type recordingTransport struct {
	sdk.Transport
	r *Recorder
}

func (t *recordingTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: conn, r: t.r}, nil
}

type recordingConn struct {
	sdk.Connection
	r *Recorder
}

func (c *recordingConn) Write(ctx context.Context, m jsonrpc.Message) error {
	c.r.sent(m)
	return c.Connection.Write(ctx, m)
}

// Read keeps the capabilities of the first response that is an initialize
// result (it has a protocolVersion), and the results of the recorded
// methods.
func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if err == nil {
		c.r.received(m)
	}
	return m, err
}
