package catalog

import (
	"context"
	"fmt"
	"reflect"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

// params is a declared parameter struct — a template's URI variables or a
// prompt's arguments — bound by the same binders as a tool's properties:
// the tags, the name rules and the kind table of internal/binding.
type params struct {
	typ    reflect.Type
	props  []*binding.Property
	byName map[string]*binding.Property
	names  []string
}

// bindParams binds a parameter struct type.
func bindParams(t reflect.Type, vocabularies map[string]*vocabulary.Reader) (*params, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("the parameters are a %s, not a struct", t)
	}
	props, err := binding.BindStruct(t, &binding.Env{Vocabularies: vocabularies, Mode: binding.ModeRead})
	if err != nil {
		return nil, err
	}
	ps := &params{typ: t, props: props, byName: map[string]*binding.Property{}}
	for _, p := range props {
		if p.ReadsLast() {
			return nil, fmt.Errorf("%s is a cursor: a URI or a prompt does not page", p.Name)
		}
		ps.byName[p.Name] = p
		ps.names = append(ps.names, p.Name)
	}
	return ps, nil
}

// reading is what reading the sent values came to: the struct to hand the
// handler, the normalized values (as the kinds write them in JSON), and
// the notes, warnings and issues at each parameter's path.
type reading struct {
	in         reflect.Value
	normalized map[string]any
	notes      []agentinput.Remark
	warnings   []agentinput.Remark
	issues     []agentinput.Issue
}

// read reads the sent values — every one a string, as a URI and a
// prompt's arguments carry them — with each parameter's kind, under the
// absence rule of a read (null spellings and placeholders are absent; a
// required parameter absent is asked for). owner names the template or
// prompt in the ask about a name it does not declare.
func (ps *params) read(ctx context.Context, owner string, sent map[string]string) reading {
	r := reading{in: reflect.New(ps.typ).Elem(), normalized: map[string]any{}}
	for _, name := range sortedNames(sent) {
		if _, ok := ps.byName[name]; !ok {
			r.issues = append(r.issues, binding.UnknownIssue(owner, ps.names, name, sent[name], ""))
		}
	}
	session := protocol.PrincipalOf(ctx)
	assign := make([]binding.Slot, len(ps.props))
	for i, p := range ps.props {
		v, present := sent[p.Name]
		var raw any
		if present {
			raw = v
		}
		pr := binding.PropertyRead{Notes: r.notes, Warnings: r.warnings}
		s, ok := p.ReadInto(&pr, raw, present, binding.ModeRead, session, "", p.Path, len(ps.props))
		r.notes, r.warnings = withoutFromString(pr.Notes), pr.Warnings
		r.issues = append(r.issues, pr.Issues...)
		r.issues = append(r.issues, pr.BestEffort...)
		if ok {
			assign[i] = s
			r.normalized[p.Name] = s.JSON
		}
	}
	if len(r.issues) == 0 {
		binding.SetFields(r.in, ps.props, assign)
	}
	return r
}

// withoutFromString drops the notes that say a scalar was sent as a
// string (from_string): a URI and a prompt's arguments carry nothing but
// strings, so "123" is the canonical spelling of the number 123 there,
// not a repair to report on every read.
func withoutFromString(notes []agentinput.Remark) []agentinput.Remark {
	out := notes[:0]
	for _, n := range notes {
		if n.Code != string(agentinput.NoteFromString) {
			out = append(out, n)
		}
	}
	return out
}

// text is a normalized value as a URI or a prompt carries it: a string as
// itself, anything else as its JSON text.
func text(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return string(binding.MustJSON(v))
}

func sortedNames(m map[string]string) []string {
	keys := make(map[string]any, len(m))
	for k := range m {
		keys[k] = nil
	}
	return binding.SortedKeys(keys)
}
