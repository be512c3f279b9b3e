package host

import (
	"context"
	"errors"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// SurveyResult is what Survey found: a snapshot of every listed tool that
// fits the profile and the budgets, each bound as a parallel read without
// a scope (a starting point a person edits into bindings), and the tools
// that do not fit, with why.
type SurveyResult struct {
	Snapshot    *Snapshot // nil when no tool fits
	Unsupported []Unsupported
}

// Unsupported is a listed tool a host cannot bind, and why.
type Unsupported struct {
	Remote string
	Reason string
}

// Survey discovers every tool a server lists, as `agentinput discover`
// prints it. It binds nothing for use: its snapshot is to read.
func Survey(ctx context.Context, cs *sdk.ClientSession, mon *Monitor, opts Options) (*SurveyResult, error) {
	probe, err := New(cs, mon, opts, Binding{Remote: "-", Local: "probe", Policy: PolicyRead, NoScope: true, Concurrency: Parallel})
	if err != nil {
		return nil, err
	}
	_, tools, err := probe.list(ctx)
	if err != nil {
		return nil, err
	}
	res := &SurveyResult{}
	var fit []Binding
	for _, t := range tools {
		b := Binding{Remote: t.Name, Local: t.Name, Policy: PolicyRead, NoScope: true, Concurrency: Parallel}
		if checkBinding(b) != nil {
			res.Unsupported = append(res.Unsupported, Unsupported{Remote: t.Name, Reason: "the name cannot be a local name; bind it under another"})
			continue
		}
		if _, err := probe.bind(b, t); err != nil {
			reason := err.Error()
			var he *Error
			if errors.As(err, &he) {
				reason = string(he.Code) + ": " + he.Reason
			}
			res.Unsupported = append(res.Unsupported, Unsupported{Remote: t.Name, Reason: reason})
			continue
		}
		fit = append(fit, b)
	}
	if len(fit) == 0 {
		return res, nil
	}
	h, err := New(cs, mon, opts, fit...)
	if err != nil {
		return nil, err
	}
	if res.Snapshot, err = h.Discover(ctx); err != nil {
		return nil, err
	}
	return res, nil
}
