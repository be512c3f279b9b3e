package mcp

import (
	"log/slog"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLogLevel: each slog level is the MCP level at or below it.
func TestLogLevel(t *testing.T) {
	for _, tt := range []struct {
		in   slog.Level
		want string
	}{
		{slog.LevelDebug - 4, "debug"}, {slog.LevelDebug, "debug"}, {slog.LevelInfo - 1, "debug"},
		{slog.LevelInfo, "info"}, {sdk.LevelNotice, "notice"}, {slog.LevelWarn - 1, "notice"},
		{slog.LevelWarn, "warning"}, {slog.LevelError, "error"}, {sdk.LevelCritical, "critical"},
		{sdk.LevelAlert, "alert"}, {sdk.LevelEmergency, "emergency"}, {sdk.LevelEmergency + 8, "emergency"},
	} {
		if got := logLevel(tt.in); got != tt.want {
			t.Errorf("logLevel(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
