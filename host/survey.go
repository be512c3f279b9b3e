package host

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// SurveyResult is what Survey found: a snapshot of every listed tool that
// fits the profile and the budgets, each bound as a parallel read without
// a scope (a starting point a person edits into bindings), and the tools
// that do not fit, with why.
type SurveyResult struct {
	Snapshot    *Snapshot // nil when no tool fits
	Unsupported []Unsupported
	// Suggested are the tools that do not fit as they are, with a
	// declared schema derived from the remote's and proved a subset of it
	// (they are bound with it in the snapshot).
	Suggested []Suggestion
}

// Suggestion is a declared schema Survey offers for a tool whose own does
// not fit the profile: proved a subset of the remote's, so that a binding
// that declares it binds. A person reads it before using it: a suggestion
// may leave an optional property out (Notes say which).
type Suggestion struct {
	Remote string
	// Reason is why the tool does not bind as it is.
	Reason string
	// InputSchema and OutputSchema are the suggested declared schemas
	// (canonical JSON); nil where the remote's fits as it is.
	InputSchema, OutputSchema json.RawMessage
	// Notes say what the suggestion leaves out.
	Notes []string
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
		_, err := probe.bind(b, t)
		if err == nil {
			fit = append(fit, b)
			continue
		}
		reason := err.Error()
		var he *Error
		if errors.As(err, &he) {
			reason = string(he.Code) + ": " + he.Reason
		}
		sg, why := probe.suggestFor(b, t)
		if why != "" {
			res.Unsupported = append(res.Unsupported, Unsupported{Remote: t.Name, Reason: reason + "; no strict schema can be suggested: " + why})
			continue
		}
		sg.Reason = reason
		res.Suggested = append(res.Suggested, *sg)
		b.InputSchema, b.OutputSchema = sg.InputSchema, sg.OutputSchema
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

// suggestFor derives declared schemas for the sides of t that do not fit
// the profile, and binds t with them as a host would: the profile, the
// subset proof and the reader. It answers the suggestion, or why none.
func (h *Host) suggestFor(b Binding, t *sdk.Tool) (*Suggestion, string) {
	sg := &Suggestion{Remote: t.Name}
	for _, side := range []struct {
		name    string
		remote  any
		formats map[string]bool
		out     *json.RawMessage
	}{{"input", t.InputSchema, inputFormats, &sg.InputSchema}, {"output", t.OutputSchema, outputFormats, &sg.OutputSchema}} {
		if side.remote == nil {
			continue
		}
		_, doc, err := h.canonical(side.remote)
		if err != nil {
			return nil, "the " + side.name + " schema " + err.Error()
		}
		if checkProfile(doc, side.formats) == "" {
			continue
		}
		d, notes, why := suggest(doc, side.formats)
		if why != "" {
			return nil, "the " + side.name + " schema: " + why
		}
		raw, err := json.Marshal(d)
		if err != nil {
			return nil, "the " + side.name + " schema does not encode"
		}
		*side.out = raw
		for _, n := range notes {
			sg.Notes = append(sg.Notes, side.name+" "+n)
		}
	}
	b.InputSchema, b.OutputSchema = sg.InputSchema, sg.OutputSchema
	if err := checkDeclared(b, h.budget.SchemaBytes); err != nil {
		return nil, strings.TrimPrefix(err.Error(), "host: binding "+b.Remote+": ")
	}
	if _, err := h.bind(b, t); err != nil {
		var he *Error
		if errors.As(err, &he) {
			return nil, he.Reason
		}
		return nil, err.Error()
	}
	return sg, ""
}
