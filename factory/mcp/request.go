package mcp

import (
	"context"
	"log/slog"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/protocol"
)

// request fills the factory's view of a tool call from go-sdk's: the
// session id, the verified token, and progress, logging, sampling and
// elicitation through the request's session, for the handler's
// *factory.Call. Sampling and elicitation are set only when the client
// declared the capability, on a protocol version that lets the server send
// requests during a call (before 2026-07-28): otherwise Call.Sample and
// Call.Elicit return factory.ErrUnsupported.
func request(req *sdk.CallToolRequest) *protocol.Request {
	r := &protocol.Request{}
	if req == nil {
		return r
	}
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		ti := req.Extra.TokenInfo
		r.Auth = &protocol.Auth{UserID: ti.UserID, Scopes: ti.Scopes, Expiration: ti.Expiration, Extra: ti.Extra}
	}
	ss := req.Session
	if ss == nil {
		return r
	}
	r.SessionID = ss.ID()
	var token any
	if req.Params != nil {
		token = req.Params.GetProgressToken()
	}
	if token != nil {
		r.Progress = func(ctx context.Context, progress, total float64, message string) error {
			return ss.NotifyProgress(ctx, &sdk.ProgressNotificationParams{
				ProgressToken: token, Progress: progress, Total: total, Message: message})
		}
	}
	logger := ""
	if req.Params != nil {
		logger = req.Params.Name
	}
	r.Log = func(ctx context.Context, level slog.Level, message string) error {
		// MCP logging is deprecated from protocol 2026-07-28 (SEP-2577) but
		// served through the deprecation window, and clients of earlier
		// versions read it: a handler's Log reaches both.
		//lint:ignore SA1019 served through the deprecation window, see above
		return ss.Log(ctx, &sdk.LoggingMessageParams{Level: sdk.LoggingLevel(logLevel(level)), Logger: logger, Data: message})
	}
	caps := serverRequests(ss)
	//lint:ignore SA1019 sampling is served through its deprecation window (sample)
	if caps != nil && caps.Sampling != nil {
		r.Sample = func(ctx context.Context, s protocol.Sampling) (*protocol.Sampled, error) { return sample(ctx, ss, s) }
	}
	if caps != nil && caps.Elicitation != nil {
		r.Elicit = func(ctx context.Context, e protocol.Elicitation) (*protocol.Elicited, error) {
			return elicit(ctx, ss, e)
		}
	}
	return r
}

// multiRoundTrip is the protocol version from which a server may no longer
// send requests of its own while it serves a call (SEP-2575): sampling and
// elicitation travel as input requests in the call's result, and the
// client calls again with the answers (SEP-2322), which a handler that
// waits for its answer cannot be.
const multiRoundTrip = "2026-07-28"

// serverRequests are the client's capabilities when the server may send it
// requests (sampling, elicitation) during a call: the session initialized
// with a protocol version before multiRoundTrip; nil otherwise.
func serverRequests(ss *sdk.ServerSession) *sdk.ClientCapabilities {
	p := ss.InitializeParams()
	if p == nil || p.ProtocolVersion >= multiRoundTrip {
		return nil
	}
	return p.Capabilities
}

// elicit sends an elicitation/create request (form mode) for a handler's
// Call.Elicit; go-sdk checks the schema and the answer against it.
func elicit(ctx context.Context, ss *sdk.ServerSession, e protocol.Elicitation) (*protocol.Elicited, error) {
	params := &sdk.ElicitParams{Mode: "form", Message: e.Message}
	if len(e.Schema) > 0 {
		params.RequestedSchema = e.Schema
	}
	res, err := ss.Elicit(ctx, params)
	if err != nil {
		return nil, err
	}
	return &protocol.Elicited{Action: res.Action, Content: res.Content}, nil
}

// mcpLevels are MCP's log levels, from the highest, at the slog levels
// go-sdk gives them.
var mcpLevels = []struct {
	at   slog.Level
	name string
}{
	{sdk.LevelEmergency, "emergency"}, {sdk.LevelAlert, "alert"}, {sdk.LevelCritical, "critical"},
	{sdk.LevelError, "error"}, {sdk.LevelWarning, "warning"}, {sdk.LevelNotice, "notice"},
	{sdk.LevelInfo, "info"},
}

// logLevel is the MCP level of a slog level: the highest at or below it,
// and debug below info.
func logLevel(l slog.Level) string {
	for _, m := range mcpLevels {
		if l >= m.at {
			return m.name
		}
	}
	return "debug"
}
