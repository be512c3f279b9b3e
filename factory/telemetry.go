package factory

import (
	"agentinput.dev/internal/binding"
	"context"
	"log/slog"
	"strings"
	"time"
)

// Event is what the factory tells an observer about one call: the tool,
// the outcome, the duration, and the codes and paths of what was noted,
// warned and asked. Never a value: no argument, received value, reading or
// message reaches an observer.
type Event struct {
	Tool     string
	Intent   Intent
	Outcome  string // "ok", or the envelope's code
	Duration time.Duration
	Notes    []CodePath
	Warnings []CodePath
	Issues   []CodePath
	// Effect is a do call's effect ("" for read and can_do tools).
	Effect Effect
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
// A tool whose Spec.Observer is nil tells no one: a library is silent
// unless asked. SlogObserver logs each call; NoObserver says "silent"
// explicitly.
type Observer interface {
	Observe(ctx context.Context, e Event)
}

// NoObserver drops every Event: what a nil Spec.Observer means.
type NoObserver struct{}

// Observe does nothing.
func (NoObserver) Observe(context.Context, Event) {}

// SlogObserver logs each call with log/slog, one record per call: Info for
// a call that reached a result, Warn for an ask or refusal, Error for a
// failure. Logger nil means slog.Default(). It is not the default: set it
// on Spec.Observer to log.
type SlogObserver struct {
	Logger *slog.Logger
}

// Observe logs e at Info for a call that reached a result, Warn otherwise.
func (o SlogObserver) Observe(ctx context.Context, e Event) {
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
		slog.String("intent", string(e.Intent)),
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

func newEvent(t *Tool, res *Result, sent map[string]any, d time.Duration) Event {
	e := Event{Tool: t.spec.Name, Intent: t.spec.Intent, Outcome: "ok", Duration: d, Effect: res.Effect}
	// A domain answer (a Failure with a code) is the handler speaking, not
	// the server failing: its words are in the envelope already. (Only
	// a failure is looked into: failureOf costs an allocation.)
	if res.cause != nil {
		if f := failureOf(res.cause); f == nil || f.Code == "" {
			e.Failure = res.cause.Error()
			if p, ok := res.cause.(*panicError); ok {
				e.Failure += "\n" + string(p.stack)
			}
		}
	}
	if len(res.Notes) > 0 {
		e.Notes = make([]CodePath, 0, len(res.Notes))
	}
	for _, n := range res.Notes {
		e.Notes = append(e.Notes, CodePath{Code: n.Code, Path: binding.SafePath(t.byName, sent, n.Path)})
	}
	for _, w := range res.Warnings {
		e.Warnings = append(e.Warnings, CodePath{Code: w.Code, Path: binding.SafePath(t.byName, sent, w.Path)})
	}
	if res.Envelope != nil {
		e.Outcome = string(res.Envelope.Code)
		for _, is := range res.Envelope.Issues {
			e.Issues = append(e.Issues, CodePath{Code: string(is.Code), Path: binding.SafePath(t.byName, sent, is.Path)})
		}
	}
	return e
}
