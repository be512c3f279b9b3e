package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/demo"
)

// The docs cite what a whole call gives in a second checkable form (the
// convention is written in docs/codes.md's introduction):
//
//	`call TOOL ARGUMENTS → OUTCOME[, ask CODE [at PATH]][, note CODE [at PATH]][, warning CODE [at PATH]]`
//
// TOOL is one of the demo server's tools (internal/demo, what
// `agentinput serve` serves) or read_import_preview, factory's
// ExampleNewUnion (a required union "source": url {url} or file {path}).
// ARGUMENTS is the call's arguments as JSON. OUTCOME is `called` (the
// tool ran) or `envelope CODE`; an ask is an issue of the envelope (or,
// after `called`, of a best-effort list), a note or warning one of the
// result's. PATH is a JSON Pointer, `""` for the arguments as a whole.

// callCitation is one checkable example of a call.
type callCitation struct {
	where     string
	text      string
	tool      string
	arguments string
	envelope  string // "" for called
	asks      []remark
	notes     []remark
	warnings  []remark
}

// remark is one cited code, at a path when the citation names one.
type remark struct {
	code, path string
	hasPath    bool
}

func (r remark) String() string {
	switch {
	case !r.hasPath:
		return r.code
	case r.path == "":
		return r.code + ` at ""`
	}
	return r.code + " at " + r.path
}

// parseCallCitation parses `call TOOL ARGUMENTS → OUTCOME...`.
func parseCallCitation(text string) (callCitation, error) {
	c := callCitation{text: "`" + text + "`"}
	lhs, rhs, _ := strings.Cut(strings.TrimPrefix(text, "call "), " → ")
	tool, args, _ := strings.Cut(strings.TrimSpace(lhs), " ")
	args = strings.TrimSpace(args)
	if tool == "" || args == "" {
		return c, fmt.Errorf("want call TOOL ARGUMENTS before →")
	}
	if !json.Valid([]byte(args)) {
		return c, fmt.Errorf("the arguments %s are not JSON", args)
	}
	c.tool, c.arguments = tool, args
	items := strings.Split(strings.TrimSpace(rhs), ",")
	switch head := strings.Fields(items[0]); {
	case len(head) == 1 && head[0] == "called":
	case len(head) == 2 && head[0] == "envelope":
		c.envelope = head[1]
	default:
		return c, fmt.Errorf("want called or envelope CODE, got %q", items[0])
	}
	for _, item := range items[1:] {
		f := strings.Fields(item)
		if len(f) != 2 && (len(f) != 4 || f[2] != "at") {
			return c, fmt.Errorf("want \", ask|note|warning CODE [at PATH]\", got %q", item)
		}
		r := remark{code: f[1]}
		if len(f) == 4 {
			r.path, r.hasPath = f[3], true
			if r.path == `""` {
				r.path = ""
			}
		}
		switch f[0] {
		case "ask":
			c.asks = append(c.asks, r)
		case "note":
			c.notes = append(c.notes, r)
		case "warning":
			c.warnings = append(c.warnings, r)
		default:
			return c, fmt.Errorf("want ask, note or warning, got %q", f[0])
		}
	}
	return c, nil
}

// docTools are the tools a call citation may name, fresh for each call:
// a citation never sees another's receipts.
func docTools() (map[string]*factory.Tool, error) {
	ts, err := demo.Tools(demo.NewStore(), []byte("docs-examples-key-0123456789abcdef"), observe.None{})
	if err != nil {
		return nil, err
	}
	preview, err := factory.New(factory.Spec{
		Name:        "read_import_preview",
		Title:       "Preview an import",
		Description: "Shows what importing from a web page or a file would bring in, changing nothing. Use when the user asks what an import would add.",
		Intent:      factory.IntentRead,
		Observer:    observe.None{},
		Unions: []factory.Union{factory.NewUnion[docSource]("kind",
			factory.Case[docURLSource]("url", "A web page, by its address."),
			factory.Case[docFileSource]("file", "A file on the server, by its path."))},
	}, func(_ context.Context, in struct {
		Source docSource `json:"source" agentinput:"required" desc:"Where to import from."`
	}, _ *factory.Call) (string, error) {
		return fmt.Sprintf("%#v", in.Source), nil
	})
	if err != nil {
		return nil, err
	}
	out := map[string]*factory.Tool{preview.Name(): preview}
	for _, t := range ts {
		out[t.Name()] = t
	}
	return out, nil
}

// docSource and its variants are ExampleNewUnion's union (factory).
type docSource interface{ source() }

type docURLSource struct {
	URL string `json:"url" agentinput:"required" desc:"The page's address."`
}

type docFileSource struct {
	Path string `json:"path" agentinput:"required" desc:"The file's path on the server."`
}

func (docURLSource) source()  {}
func (docFileSource) source() {}

func (c callCitation) at() string { return c.where }
func (c callCitation) count() int { return 1 }

// check makes the call and returns a message when its outcome differs.
func (c callCitation) check() []string {
	tools, err := docTools()
	if err != nil {
		return []string{fmt.Sprintf("%s: %s: the tools do not build: %v", c.where, c.text, err)}
	}
	tool := tools[c.tool]
	if tool == nil {
		return []string{fmt.Sprintf("%s: %s: no tool %q among the docs' tools", c.where, c.text, c.tool)}
	}
	res := tool.Call(protocol.WithPrincipal(context.Background(), "docs"), json.RawMessage(c.arguments))
	got := callOutcome(res)
	var issues []agentinput.Issue
	if res.Envelope != nil {
		issues = res.Envelope.Issues
	}
	issues = append(issues, res.Issues...)
	// Every issue the call raised is cited: an example that leaves one out
	// shows a call that does not happen. Notes and warnings are cited by
	// the ones the example is about.
	ok := (res.Envelope == nil) == (c.envelope == "") && (res.Envelope == nil || string(res.Envelope.Code) == c.envelope) &&
		len(issues) == len(c.asks)
	for _, want := range c.asks {
		ok = ok && slices.ContainsFunc(issues, func(is agentinput.Issue) bool { return want.matches(string(is.Code), is.Path) })
	}
	for _, want := range c.notes {
		ok = ok && slices.ContainsFunc(res.Notes, func(r agentinput.Remark) bool { return want.matches(r.Code, r.Path) })
	}
	for _, want := range c.warnings {
		ok = ok && slices.ContainsFunc(res.Warnings, func(r agentinput.Remark) bool { return want.matches(r.Code, r.Path) })
	}
	if ok {
		return nil
	}
	return []string{fmt.Sprintf("%s: %s: the call gave %s", c.where, c.text, got)}
}

func (r remark) matches(code, path string) bool {
	return code == r.code && (!r.hasPath || path == r.path)
}

// callOutcome spells what a call gave in the citation's terms.
func callOutcome(res *factory.Result) string {
	var b strings.Builder
	b.WriteString("called")
	issues := res.Issues
	if res.Envelope != nil {
		b.Reset()
		b.WriteString("envelope " + string(res.Envelope.Code))
		issues = append(slices.Clone(res.Envelope.Issues), issues...)
	}
	for _, is := range issues {
		fmt.Fprintf(&b, ", ask %s", remark{string(is.Code), is.Path, true})
	}
	for _, n := range res.Notes {
		fmt.Fprintf(&b, ", note %s", remark{n.Code, n.Path, true})
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(&b, ", warning %s", remark{w.Code, w.Path, true})
	}
	return b.String()
}
