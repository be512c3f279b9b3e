package protocol

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"
)

// Request is what the transport a call came through knows of it, for the
// handler to reach through its *Call: the session, the caller's
// credentials, and the ways back to the client while the call runs. The
// factory imports no transport: factory/mcp fills a Request from go-sdk's
// *CallToolRequest (WithRequest), and a test or another transport fills
// its own. Every field may be left zero.
type Request struct {
	// SessionID is the transport's session id (MCP's Mcp-Session-Id over
	// streamable HTTP), "" when the transport has none (stdio).
	SessionID string
	// Auth is the verified token of the request, nil when it carries none.
	Auth *Auth
	// Progress sends a progress notification to the client, when the
	// client asked for them; nil when it did not.
	Progress func(ctx context.Context, progress, total float64, message string) error
	// Log sends a log message to the client, which drops it below the
	// level it set; nil when the transport cannot.
	Log func(ctx context.Context, level slog.Level, message string) error
	// Sample asks the client's model for a message (MCP sampling); nil
	// when the client cannot (it declared no sampling capability).
	Sample func(ctx context.Context, s Sampling) (*Sampled, error)
	// Elicit asks the client's user for input (MCP elicitation); nil when
	// the client cannot (it declared no elicitation capability).
	Elicit func(ctx context.Context, e Elicitation) (*Elicited, error)
}

// Sampling asks the client's model for one message.
type Sampling struct {
	// Messages are the conversation so far, oldest first.
	Messages []Message
	// SystemPrompt is the system prompt the server wants; the client may
	// change or drop it.
	SystemPrompt string
	// MaxTokens bounds the reply's length (required by MCP: 0 sends 0).
	MaxTokens int64
}

// Message is one message of a sampling conversation: its role ("user" or
// "assistant") and one content block (text, image or audio).
type Message struct {
	Role    string
	Content Block
}

// Sampled is the client's answer to a Sampling: the message its model
// wrote, the model's name and why it stopped ("endTurn", "maxTokens", …;
// "" when the client does not say).
type Sampled struct {
	Role       string
	Content    Block
	Model      string
	StopReason string
}

// Elicitation asks the client's user for input through a form.
type Elicitation struct {
	// Message is what the user is asked.
	Message string
	// Schema is the form: a JSON Schema object whose properties are all
	// primitive (string, number, integer, boolean, or an array of enum
	// strings), as MCP's elicitation allows; nil asks for no fields.
	Schema json.RawMessage
}

// Elicited is the user's answer to an Elicitation: Action is "accept"
// (Content holds the form's values, checked against the schema),
// "decline" or "cancel" (Content is nil).
type Elicited struct {
	Action  string
	Content map[string]any
}

// Auth is the verified token of a request, as the server's token
// verifier described it.
type Auth struct {
	// UserID is the authenticated user, "" when the verifier names none.
	UserID string
	// Scopes are the token's scopes.
	Scopes []string
	// Expiration is when the token expires; zero when it does not say.
	Expiration time.Time
	// Extra holds what else the verifier put in (claims, tenant).
	Extra map[string]any
}

type requestKey struct{}

// WithRequest returns a context that carries the request a call came in,
// for Call's Session, Auth, Progress, Log, Sample and Elicit.
func WithRequest(ctx context.Context, r *Request) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

// RequestOf is the request ctx carries, nil when none (Call.request then
// answers an empty one).
func RequestOf(ctx context.Context) *Request {
	r, _ := ctx.Value(requestKey{}).(*Request)
	return r
}

// WithPrincipal returns a context that carries the authenticated caller, to
// which a do call's idempotency key is scoped. Without one, keys are scoped
// to the server. The MCP binding sets it from the request's token info.
func WithPrincipal(ctx context.Context, principal string) context.Context {
	return context.WithValue(ctx, principalKey{}, principal)
}

type principalKey struct{}

// PrincipalOf is the principal ctx carries, "" when none.
func PrincipalOf(ctx context.Context) string {
	p, _ := ctx.Value(principalKey{}).(string)
	return p
}
