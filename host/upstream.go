package host

import (
	"context"
	"encoding/json"
	"errors"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Upstream is the server a host binds over, as the host uses it: the
// version initialize negotiated, a count of its tools/list_changed
// notifications, one page of tools/list, and one tools/call with the
// arguments as JSON, answered with the result as the server sent it. A
// go-sdk client session is one (New wraps it); `agentinput proxy` gives
// its own client (internal/upstream), which screens every line the server
// writes and decodes each message once.
//
// Errors are classified into closed codes: one wrapping ErrNotSent,
// sdk.ErrConnectionClosed, io.EOF or io.ErrUnexpectedEOF is
// mcp_connection_closed; ErrProtocol or a *jsonrpc.Error
// mcp_protocol_error; ErrTooLarge mcp_result_too_large; the context's
// own errors mcp_timeout; anything else mcp_transport_error.
type Upstream interface {
	// ProtocolVersion is the version the initialize result negotiated.
	ProtocolVersion() string
	// ListChanged counts the notifications/tools/list_changed the server
	// sent; it never goes down.
	ListChanged() uint64
	// Down reports that a call now would fail without being sent (the
	// server is gone, or not yet ready again): an approved write is then
	// not claimed.
	Down() bool
	// ListTools answers the page of tools/list at cursor ("" the first).
	ListTools(ctx context.Context, cursor string) (*sdk.ListToolsResult, error)
	// CallTool sends one tools/call and answers its result as sent.
	CallTool(ctx context.Context, name string, arguments json.RawMessage) (json.RawMessage, error)
}

// The errors an Upstream wraps to say what became of a request.
var (
	// ErrNotSent: nothing of the request was written (the server is down).
	ErrNotSent = errors.New("host: the request was not sent: the connection to the server is down")
	// ErrProtocol: the server answered with a line that is not a JSON-RPC
	// message, or with a message that breaks the protocol.
	ErrProtocol = errors.New("host: the server's answer is not a JSON-RPC message")
	// ErrTooLarge: the server's answer is over the frame budget.
	ErrTooLarge = errors.New("host: the server's answer is over the frame budget")
)

// NewOver makes a host over up, with the bindings checked. It does not
// discover: call Discover and Swap.
func NewOver(up Upstream, opts Options, bindings ...Binding) (*Host, error) {
	if up == nil {
		return nil, errors.New("host: NewOver needs the upstream")
	}
	return newHost(up, opts, bindings)
}

// SessionUpstream is a go-sdk client session as an Upstream, its
// tools/list_changed notifications counted by mon (composed into the
// session's client with Monitor.ClientOptions). New makes a host over one.
func SessionUpstream(cs *sdk.ClientSession, mon *Monitor) Upstream { return session{cs, mon} }

type session struct {
	cs  *sdk.ClientSession
	mon *Monitor
}

func (s session) ProtocolVersion() string {
	if ir := s.cs.InitializeResult(); ir != nil {
		return ir.ProtocolVersion
	}
	return ""
}

func (s session) ListChanged() uint64 { return s.mon.count(s.cs) }

// Down is false: a session's closing shows in its calls' errors.
func (s session) Down() bool { return false }

func (s session) ListTools(ctx context.Context, cursor string) (*sdk.ListToolsResult, error) {
	return s.cs.ListTools(ctx, &sdk.ListToolsParams{Cursor: cursor})
}

func (s session) CallTool(ctx context.Context, name string, arguments json.RawMessage) (json.RawMessage, error) {
	res, err := s.cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: arguments})
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}
