package factory

import (
	"context"
	"errors"
	"log/slog"

	"agentinput.dev/factory/protocol"
)

// ErrUnsupported is what Call.Sample and Call.Elicit return when the
// client (or the transport) cannot do what is asked: it declared no such
// capability. A handler answers it with a Failure of its own (say
// precondition_failed with what the client needs), never by guessing.
var ErrUnsupported = errors.New("factory: the client does not support this request")

// Session returns the transport's session id of the call, "" when the
// transport has none. (A cursor and a do call's idempotency key are
// scoped to the principal, not to this id: docs/writes.md.)
func (c *Call) Session() string { return c.request().SessionID }

// Auth returns the verified token of the call's request, and false when
// it carries none.
func (c *Call) Auth() (protocol.Auth, bool) {
	if a := c.request().Auth; a != nil {
		return *a, true
	}
	return protocol.Auth{}, false
}

// Progress tells the client how far the call has come: progress of total
// (total 0 when unknown), with a message for people. It sends nothing when
// the client did not ask for progress, and returns the transport's error
// of a notification it could not send, which a handler may ignore.
func (c *Call) Progress(progress, total float64, message string) error {
	r := c.request()
	if r.Progress == nil {
		return nil
	}
	return r.Progress(c.context(), progress, total, message)
}

// Log sends a log message about the call to the client (MCP logging),
// which drops a message below the level it set, and gets none until it
// sets one. Levels are log/slog's, with go-sdk's between them (notice,
// critical, alert, emergency). It returns the transport's error, which a
// handler may ignore; the server's own log is the Observer's.
func (c *Call) Log(level slog.Level, message string) error {
	r := c.request()
	if r.Log == nil {
		return nil
	}
	return r.Log(c.context(), level, message)
}

// Sample asks the client's model for a message, under the call's context
// (MCP sampling). It returns ErrUnsupported when the client cannot sample,
// and the transport's or the client's error otherwise.
func (c *Call) Sample(s protocol.Sampling) (*protocol.Sampled, error) {
	r := c.request()
	if r.Sample == nil {
		return nil, ErrUnsupported
	}
	return r.Sample(c.context(), s)
}

// Elicit asks the client's user for input, under the call's context (MCP
// elicitation). It returns ErrUnsupported when the client cannot elicit,
// and the transport's or the client's error otherwise (an answer that
// does not fit the schema is an error, not an Elicited).
func (c *Call) Elicit(e protocol.Elicitation) (*protocol.Elicited, error) {
	r := c.request()
	if r.Elicit == nil {
		return nil, ErrUnsupported
	}
	return r.Elicit(c.context(), e)
}

func (c *Call) request() *protocol.Request {
	if c.req == nil {
		return &protocol.Request{}
	}
	return c.req
}

// context is the call's context, for the notifications a handler sends
// through Call: cancelled with the call.
func (c *Call) context() context.Context {
	if c.ctx == nil {
		return context.Background()
	}
	return c.ctx
}
