package mcp

import (
	"context"
	"log/slog"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
)

// request fills the factory's view of a tool call from go-sdk's: the
// session id, the verified token, and progress and logging through the
// request's session, for the handler's *factory.Call.
func request(req *sdk.CallToolRequest) *factory.Request {
	r := &factory.Request{}
	if req == nil {
		return r
	}
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		ti := req.Extra.TokenInfo
		r.Auth = &factory.Auth{UserID: ti.UserID, Scopes: ti.Scopes, Expiration: ti.Expiration, Extra: ti.Extra}
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
	return r
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
