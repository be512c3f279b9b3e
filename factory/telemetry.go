package factory

import (
	"time"

	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
)

func newEvent(t *Tool, res *Result, sent map[string]any, d time.Duration) observe.Event {
	e := observe.Event{Tool: t.spec.Name, Intent: string(t.spec.Intent), Outcome: "ok", Duration: d, Effect: res.Effect}
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
		e.Notes = make([]observe.CodePath, 0, len(res.Notes))
	}
	for _, n := range res.Notes {
		e.Notes = append(e.Notes, observe.CodePath{Code: n.Code, Path: binding.SafePath(t.byName, sent, n.Path)})
	}
	for _, w := range res.Warnings {
		e.Warnings = append(e.Warnings, observe.CodePath{Code: w.Code, Path: binding.SafePath(t.byName, sent, w.Path)})
	}
	if res.Envelope != nil {
		e.Outcome = string(res.Envelope.Code)
		for _, is := range res.Envelope.Issues {
			e.Issues = append(e.Issues, observe.CodePath{Code: string(is.Code), Path: binding.SafePath(t.byName, sent, is.Path)})
		}
	}
	return e
}
