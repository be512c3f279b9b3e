// Package observe is what a tool built by the factory tells an observer
// about each of its calls (factory.Spec.Observer): the tool, the outcome,
// the duration, and the codes and paths of what was noted, warned and
// asked, never a value. Slog logs them with log/slog.
package observe

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"agentinput.dev/promcp"
)

// Event is what the factory tells an observer about one call: the tool,
// the outcome, the duration, and the codes and paths of what was noted,
// warned and asked. Never a value: no argument, received value, reading or
// message reaches an observer.
type Event struct {
	Tool     string
	Intent   string // the tool's intent: read, do or can_do
	Outcome  string // "ok", or the envelope's code
	Duration time.Duration
	Notes    []CodePath
	Warnings []CodePath
	Issues   []CodePath
	// Effect is a do call's effect ("" for read and can_do tools).
	Effect promcp.Effect
	// Failure is what the server logs of a failed call: the handler's
	// error text, or a panic's value and stack. It never reaches the
	// model.
	Failure string
}

// CodePath is a code at a path.
type CodePath struct {
	Code string
	Path string
}

// Observer receives one Event per call. It must be safe for concurrent use.
// A tool whose factory.Spec.Observer is nil tells no one: a library is
// silent unless asked. Slog logs each call; None says "silent" explicitly.
type Observer interface {
	Observe(ctx context.Context, e Event)
}

// None drops every Event: what a nil factory.Spec.Observer means.
type None struct{}

// Observe does nothing.
func (None) Observe(context.Context, Event) {}

// Slog logs each call with log/slog, one record per call: Info for
// a call that reached a result, Warn for an ask or refusal, Error for a
// failure. Logger nil means slog.Default(). It is not the default: set it
// on factory.Spec.Observer to log.
type Slog struct {
	Logger *slog.Logger
}

// Observe logs e at Info for a call that reached a result, Warn otherwise.
func (o Slog) Observe(ctx context.Context, e Event) {
	l := o.Logger
	if l == nil {
		l = slog.Default()
	}
	level := slog.LevelInfo
	if e.Outcome != "ok" {
		level = slog.LevelWarn
	}
	attrs := []slog.Attr{
		slog.String("tool", e.Tool),
		slog.String("intent", e.Intent),
		slog.String("outcome", e.Outcome),
		slog.Duration("duration", e.Duration),
		slog.String("notes", joinCodePaths(e.Notes)),
		slog.String("warnings", joinCodePaths(e.Warnings)),
		slog.String("issues", joinCodePaths(e.Issues)),
	}
	if e.Effect != "" {
		attrs = append(attrs, slog.String("effect", string(e.Effect)))
	}
	if e.Failure != "" {
		level = slog.LevelError
		attrs = append(attrs, slog.String("failure", e.Failure))
	}
	l.LogAttrs(ctx, level, "agentinput call", attrs...)
}

func joinCodePaths(cps []CodePath) string {
	parts := make([]string, len(cps))
	for i, cp := range cps {
		parts[i] = cp.Code + "@" + cp.Path
	}
	return strings.Join(parts, " ")
}
