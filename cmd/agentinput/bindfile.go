package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"agentinput.dev/host"
	"agentinput.dev/promcp"
)

// maxBindFile bounds a binding file.
const maxBindFile = 1 << 20

// bindFile is the binding file of `agentinput proxy --bind` (docs/host.md):
// which remote tools the proxy takes, under which local names, policies and
// scopes. `agentinput discover` prints a starting one.
type bindFile struct {
	// ServerID names the upstream server in the snapshot.
	ServerID string `json:"server_id"`
	// Digest, when set, pins the snapshot: the proxy refuses to serve a
	// catalog whose digest differs.
	Digest string `json:"digest,omitempty"`
	// ProMCP serves the tools as a proMCP catalog (host.Options.ProMCP):
	// local names of the triad, checked against each policy, and no
	// dispatch tool.
	ProMCP bool       `json:"promcp,omitempty"`
	Tools  []bindTool `json:"tools"`
	// Snapshot and Unsupported are what discover saw: kept for the reader,
	// ignored by the proxy.
	Snapshot    json.RawMessage   `json:"snapshot,omitempty"`
	Unsupported []unsupportedTool `json:"unsupported,omitempty"`
}

type bindTool struct {
	Remote      string `json:"remote"`
	Local       string `json:"local"`
	Policy      string `json:"policy"`      // read | confirm
	Concurrency string `json:"concurrency"` // parallel | serial
	// Scope is "none", or a scope object.
	Scope json.RawMessage `json:"scope"`
	// A write's authorization (policy confirm).
	Effect          string `json:"effect,omitempty"` // write | destructive
	BindingID       string `json:"binding_id,omitempty"`
	BindingRevision string `json:"binding_revision,omitempty"`
	// InputSchema and OutputSchema, when given, are the schemas the host
	// declares for the tool (docs/host.md, "Declared schemas"): in the
	// profile, and a subset of the remote's, or the proxy refuses to bind.
	InputSchema  json.RawMessage `json:"input_schema,omitempty"`
	OutputSchema json.RawMessage `json:"output_schema,omitempty"`
	// DeclaredBecause and SuggestionNotes are what discover wrote beside a
	// suggested schema (why the remote's does not bind, what the
	// suggestion leaves out): kept for the reader, ignored by the proxy.
	DeclaredBecause string   `json:"declared_because,omitempty"`
	SuggestionNotes []string `json:"suggestion_notes,omitempty"`
	// Guard is a write's plan guard (host.Guard).
	Guard *bindGuard `json:"guard,omitempty"`
}

// bindGuard is a write's plan guard in the file: the local name of the
// can_do it needs, and the read qualities that stop it.
type bindGuard struct {
	CanDo  string   `json:"can_do,omitempty"`
	StopOn []string `json:"stop_on,omitempty"`
}

// bindScope is a scope in the file: its identity, and optionally the
// values each named argument may take. A scope is granted while the file
// holds it, unchanged: the validator reads the file again before every
// call and every dispatch, so editing or removing a scope revokes it.
type bindScope struct {
	ID       string                       `json:"id"`
	Revision string                       `json:"revision"`
	Allow    map[string][]json.RawMessage `json:"allow,omitempty"`
}

type unsupportedTool struct {
	Remote string `json:"remote"`
	Reason string `json:"reason"`
}

func readBindFile(path string) (*bindFile, error) {
	data, err := readBounded(path, maxBindFile)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f bindFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("the binding file %s: %v", path, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("the binding file %s: more than one JSON value", path)
	}
	return &f, nil
}

// scopeOf parses a tool's scope: nil for "none".
func (t bindTool) scopeOf() (*bindScope, error) {
	if bytes.Equal(bytes.TrimSpace(t.Scope), []byte(`"none"`)) {
		return nil, nil
	}
	if len(t.Scope) == 0 {
		return nil, fmt.Errorf("tool %s: give a scope: \"none\" on purpose, or {\"id\", \"revision\"}", t.Remote)
	}
	dec := json.NewDecoder(bytes.NewReader(t.Scope))
	dec.DisallowUnknownFields()
	var s bindScope
	if err := dec.Decode(&s); err != nil || s.ID == "" || s.Revision == "" {
		return nil, fmt.Errorf("tool %s: a scope is \"none\" or {\"id\": …, \"revision\": …, \"allow\": {…}}", t.Remote)
	}
	return &s, nil
}

// bindings turns the file into host bindings, each scope validated
// against the file as it is at the time of the call.
func (f *bindFile) bindings(path string) ([]host.Binding, error) {
	var out []host.Binding
	var errs []error
	for _, t := range f.Tools {
		s, err := t.scopeOf()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		b := host.Binding{Remote: t.Remote, Local: t.Local, Policy: host.Policy(t.Policy), Concurrency: host.Concurrency(t.Concurrency),
			InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
		if b.Local == "" {
			b.Local = t.Remote
		}
		if g := t.Guard; g != nil {
			b.Guard = &host.Guard{CanDo: g.CanDo}
			for _, q := range g.StopOn {
				b.Guard.StopOn = append(b.Guard.StopOn, promcp.Quality(q))
			}
		}
		if s == nil {
			b.NoScope = true
		} else {
			b.Scope = fileScope(path, t.Remote, *s)
		}
		if b.Policy == host.PolicyConfirm {
			a := &host.Authorization{Effect: host.Effect(t.Effect), BindingID: t.BindingID, BindingRevision: t.BindingRevision}
			if s != nil {
				a.ScopeID, a.ScopeRevision = s.ID, s.Revision
			}
			b.Write = a
		} else if t.Effect != "" || t.BindingID != "" || t.BindingRevision != "" {
			errs = append(errs, fmt.Errorf("tool %s: effect, binding_id and binding_revision belong to a write (policy confirm)", t.Remote))
		}
		out = append(out, b)
	}
	return out, errors.Join(errs...)
}

// fileScope is the scope validator of a tool in the file: the file read
// again must still hold the same scope for the tool, and each argument it
// constrains must be one of its allowed values.
func fileScope(path, remote string, granted bindScope) host.ScopeFunc {
	return func(_ context.Context, c host.ScopeCall) error {
		f, err := readBindFile(path)
		if err != nil {
			return errors.New("the binding file cannot be read")
		}
		for _, t := range f.Tools {
			if t.Remote != remote {
				continue
			}
			s, err := t.scopeOf()
			if err != nil || s == nil || s.ID != granted.ID || s.Revision != granted.Revision || !reflect.DeepEqual(s.Allow, granted.Allow) {
				return errors.New("the scope changed or was revoked")
			}
			for name, allowed := range s.Allow {
				got, err := json.Marshal(c.Arguments[name])
				if err != nil {
					return errors.New("an argument does not encode")
				}
				ok := false
				for _, a := range allowed {
					if canonicalJSON(a) == string(got) {
						ok = true
						break
					}
				}
				if !ok {
					return fmt.Errorf("%s is not an allowed value", name)
				}
			}
			return nil
		}
		return errors.New("the tool is no longer bound")
	}
}

func canonicalJSON(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// writeBindFile renders a binding file as discover prints it.
func writeBindFile(f *bindFile) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}
