package factory

import (
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
		e.Notes = append(e.Notes, CodePath{Code: n.Code, Path: safePath(t, sent, n.Path)})
	}
	for _, w := range res.Warnings {
		e.Warnings = append(e.Warnings, CodePath{Code: w.Code, Path: safePath(t, sent, w.Path)})
	}
	if res.Envelope != nil {
		e.Outcome = string(res.Envelope.Code)
		for _, is := range res.Envelope.Issues {
			e.Issues = append(e.Issues, CodePath{Code: string(is.Code), Path: safePath(t, sent, is.Path)})
		}
	}
	return e
}

// safePath keeps a path out of telemetry when it could carry a value:
// only a declared property (the first segment) and the indices of values
// that are arrays in what was sent are kept; any other segment is the
// caller's own text — an object key, a PIN perhaps — and is reported as
// "(key)" (or "(undeclared)" for an undeclared property's name).
func safePath(t *Tool, sent map[string]any, path string) string {
	if path == "" {
		return path
	}
	if p, ok := t.byName[path[1:]]; ok && p.path == path {
		return path // a declared property's own path, the common case
	}
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var at any       // the value the next segment is a member of, nil once unknown
	var cur *binding // the declared shape at, nil once unknown
	for i, seg := range segs {
		if i == 0 {
			p, ok := t.byName[seg]
			if !ok {
				segs[i] = "(undeclared)"
				continue
			}
			at, cur = sent[seg], &p.binding
			continue
		}
		list, isList := at.([]any)
		n, isIdx := index(seg)
		if isList && isIdx && n < len(list) {
			at = list[n]
			if cur != nil {
				cur = cur.elem
			}
			continue
		}
		if cur != nil && cur.members[seg] != nil {
			// A nested object's declared property: a name the tool's
			// author wrote, not the caller.
			cur = cur.members[seg]
			if obj, ok := at.(map[string]any); ok {
				at = obj[seg]
			} else {
				at = nil
			}
			continue
		}
		if cur != nil {
			cur = cur.elem // a map's value: its key is the caller's
		}
		if _, isText := at.(string); i == 1 && isText && isIdx && t.byName[segs[0]].binding.items != nil {
			// An item of a list sent as one string: the index is the
			// factory's own count.
			at = nil
			continue
		}
		segs[i] = "(key)"
		if obj, ok := at.(map[string]any); ok {
			at = obj[unescapePointer(seg)]
		} else {
			at = nil
		}
	}
	return "/" + strings.Join(segs, "/")
}

// index reads a path segment as an array index: ASCII digits without a
// leading zero (but "0" itself).
func index(seg string) (int, bool) {
	if seg == "" || len(seg) > 9 || (len(seg) > 1 && seg[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return 0, false
		}
		n = n*10 + int(seg[i]-'0')
	}
	return n, true
}

// unescapePointer undoes a JSON Pointer segment's escapes.
func unescapePointer(seg string) string {
	return strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
}
