package catalog

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/cursor"
)

// Budgets of the catalog, documented in docs/resources.md.
const (
	// DefaultPageSize is a listing's page size when Options.PageSize is 0.
	DefaultPageSize = 50
	// MaxPageSize is the largest page size a catalog takes.
	MaxPageSize = 500
	// MaxURIBytes is the longest URI resources/read reads; a longer one
	// is asked about (too_large), never matched.
	MaxURIBytes = 8 << 10
	// MaxCompletions is the most values a completion answers (MCP's cap).
	MaxCompletions = 100
	// MaxPromptArguments is the most arguments prompts/get reads.
	MaxPromptArguments = 64
)

// JSON-RPC error codes of the catalog's structured errors.
const (
	// CodeInvalidParams: a URI parameter or a prompt argument to fix, or
	// a cursor this server did not issue.
	CodeInvalidParams = -32602
	// CodeResourceNotFound: no resource at the URI (MCP's code).
	CodeResourceNotFound = -32002
	// CodeInternal: a handler failed; the message says no more.
	CodeInternal = -32603
)

// Error is the structured error of a read, a prompt or a listing: a
// JSON-RPC error whose data names the URI (or the prompt), the next call
// (Hint) and each issue with its readings.
type Error struct {
	Code    int
	Message string
	Data    ErrorData
}

// ErrorData is the data member of an Error.
type ErrorData struct {
	URI    string             `json:"uri,omitempty"`
	Prompt string             `json:"prompt,omitempty"`
	Hint   string             `json:"hint"`
	Issues []agentinput.Issue `json:"issues,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// Options configure a catalog.
type Options struct {
	Resources []*Resource
	Templates []*Template
	Prompts   []*Prompt
	// Cursors issues and reads the listings' cursors; nil uses a key of
	// this process's own, whose cursors do not page on another replica
	// or after a restart.
	Cursors *cursor.Reader
	// PageSize is the number of entries of a listing's page (0:
	// DefaultPageSize, at most MaxPageSize).
	PageSize int
}

// Catalog is a server's resources, templates and prompts, served beside
// its tools. It is safe for concurrent use.
type Catalog struct {
	resources []*Resource
	byURI     map[string]*Resource
	templates []*Template
	prompts   []*Prompt
	byName    map[string]*Prompt
	cursors   *cursor.Reader
	pageSize  int
}

// New builds a catalog; a URI, template or prompt name declared twice is
// an error.
func New(opts Options) (*Catalog, error) {
	c := &Catalog{resources: opts.Resources, templates: opts.Templates, prompts: opts.Prompts,
		byURI: map[string]*Resource{}, byName: map[string]*Prompt{}, cursors: opts.Cursors, pageSize: opts.PageSize}
	var problems []error
	for _, r := range opts.Resources {
		if c.byURI[r.spec.URI] != nil {
			problems = append(problems, fmt.Errorf("catalog: the resource %s is declared twice", r.spec.URI))
		}
		c.byURI[r.spec.URI] = r
	}
	seen := map[string]bool{}
	for _, t := range opts.Templates {
		if seen[t.spec.URITemplate] {
			problems = append(problems, fmt.Errorf("catalog: the template %s is declared twice", t.spec.URITemplate))
		}
		seen[t.spec.URITemplate] = true
	}
	for _, p := range opts.Prompts {
		if c.byName[p.spec.Name] != nil {
			problems = append(problems, fmt.Errorf("catalog: the prompt %s is declared twice", p.spec.Name))
		}
		c.byName[p.spec.Name] = p
	}
	switch {
	case c.pageSize == 0:
		c.pageSize = DefaultPageSize
	case c.pageSize < 0 || c.pageSize > MaxPageSize:
		problems = append(problems, fmt.Errorf("catalog: PageSize %d is not between 1 and %d", c.pageSize, MaxPageSize))
	}
	if c.cursors == nil {
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		r, err := cursor.New(cursor.Options{Keys: [][]byte{key}})
		if err != nil {
			return nil, err
		}
		c.cursors = r
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return c, nil
}

// Capabilities say what the catalog serves, for initialize: resources
// (with templates), prompts, and completions (when a template parameter
// or prompt argument has a closed set of values). Subscriptions and list
// changes are not served: the catalog is fixed once built.
type Capabilities struct {
	Resources, Prompts, Completions bool
}

// Capabilities is what the catalog serves.
func (c *Catalog) Capabilities() Capabilities {
	caps := Capabilities{Resources: len(c.resources)+len(c.templates) > 0, Prompts: len(c.prompts) > 0}
	for _, t := range c.templates {
		caps.Completions = caps.Completions || t.params.completes()
	}
	for _, p := range c.prompts {
		caps.Completions = caps.Completions || p.params.completes()
	}
	return caps
}

// page reads a listing's cursor and returns the range of the page and the
// cursor of the next (or ""). A cursor is bound to the session and the
// listing; a spelling of the first page reads as none.
func (c *Catalog) page(ctx context.Context, method, sent string, n int) (from, to int, next string, err *Error) {
	var raw any
	if sent != "" {
		raw = sent
	}
	o := c.cursors.Read(raw, protocol.PrincipalOf(ctx), method)
	if a, asked := o.Ask(); asked {
		return 0, 0, "", &Error{Code: CodeInvalidParams, Message: method + " was not answered: the cursor needs attention.",
			Data: ErrorData{Hint: a.Hint, Issues: []agentinput.Issue{{Path: "/cursor", Ask: a}}}}
	}
	if p, ok := o.Value(); ok {
		from = int(min(p.Offset, int64(n)))
	}
	to = min(from+c.pageSize, n)
	if to < n {
		next = c.cursors.Encode(cursor.Position{Offset: int64(to), PageSize: c.pageSize, Session: protocol.PrincipalOf(ctx), Filters: method, Issued: time.Now()})
	}
	return from, to, next, nil
}

// ListResources is a page of resources/list.
func (c *Catalog) ListResources(ctx context.Context, cursor string) ([]Describe, string, *Error) {
	from, to, next, err := c.page(ctx, "resources/list", cursor, len(c.resources))
	if err != nil {
		return nil, "", err
	}
	out := make([]Describe, 0, to-from)
	for _, r := range c.resources[from:to] {
		out = append(out, r.Describe())
	}
	return out, next, nil
}

// ListTemplates is a page of resources/templates/list.
func (c *Catalog) ListTemplates(ctx context.Context, cursor string) ([]Describe, string, *Error) {
	from, to, next, err := c.page(ctx, "resources/templates/list", cursor, len(c.templates))
	if err != nil {
		return nil, "", err
	}
	out := make([]Describe, 0, to-from)
	for _, t := range c.templates[from:to] {
		out = append(out, t.Describe())
	}
	return out, next, nil
}

// ListPrompts is a page of prompts/list.
func (c *Catalog) ListPrompts(ctx context.Context, cursor string) ([]PromptInfo, string, *Error) {
	from, to, next, err := c.page(ctx, "prompts/list", cursor, len(c.prompts))
	if err != nil {
		return nil, "", err
	}
	out := make([]PromptInfo, 0, to-from)
	for _, p := range c.prompts[from:to] {
		out = append(out, p.Describe())
	}
	return out, next, nil
}

// ReadResult is what resources/read answers: the contents, served under
// the canonical URI, and the notes of a template's parameters that were
// read from another spelling (the contents' URI then differs from the
// one requested, and a note says so first).
type ReadResult struct {
	Requested   string
	Contents    []Contents
	Annotations Annotations
	Notes       []agentinput.Remark
	Warnings    []agentinput.Remark
}

// Embedded is the read's first contents as an embedded resource block,
// with its _meta and the resource's annotations.
func (r *ReadResult) Embedded() protocol.Block {
	c := r.Contents[0]
	b := protocol.Block{Type: protocol.BlockResource, URI: c.URI, MIMEType: c.MIMEType, Text: c.Text, Data: c.Blob, Meta: c.Meta}
	b.Annotations = r.Annotations.Protocol()
	return b
}

// Protocol is the annotations in the protocol's shape.
func (a Annotations) Protocol() *protocol.Annotations {
	p := &protocol.Annotations{Audience: a.Audience, Priority: a.Priority}
	if !a.LastModified.IsZero() {
		p.LastModified = a.LastModified.UTC().Format(time.RFC3339)
	}
	return p
}

// Read answers resources/read: a static resource by its exact URI, else
// the first template the URI matches, its parameters read by their kinds.
// A parameter read from another spelling is served under the canonical
// URI, with a note; one that is ambiguous or does not read is an Error
// (invalid params) whose data names the URI and, for each reading, the
// URI to read instead. No resource is CodeResourceNotFound with data.uri.
func (c *Catalog) Read(ctx context.Context, uri string) (*ReadResult, *Error) {
	if len(uri) > MaxURIBytes {
		return nil, &Error{Code: CodeInvalidParams, Message: "resources/read was not answered: the URI is longer than " + strconv.Itoa(MaxURIBytes) + " bytes.",
			Data: ErrorData{URI: string(agentinput.Cut(uri)), Hint: "Read a URI of at most " + strconv.Itoa(MaxURIBytes) + " bytes; resources/templates/list shows their shapes."}}
	}
	if r := c.byURI[uri]; r != nil {
		return c.readStatic(ctx, r, uri)
	}
	for _, t := range c.templates {
		sent, err := t.uri.match(uri)
		if err != nil {
			continue
		}
		return c.readTemplate(ctx, t, uri, sent)
	}
	return nil, notFound(uri)
}

func notFound(uri string) *Error {
	return &Error{Code: CodeResourceNotFound, Message: "Resource not found: no resource or template of this server has the URI " + string(agentinput.Received(uri)) + ".",
		Data: ErrorData{URI: uri, Hint: "Read a URI that resources/list lists, or one of the shapes resources/templates/list shows."}}
}

func (c *Catalog) readStatic(ctx context.Context, r *Resource, uri string) (*ReadResult, *Error) {
	body, err := guard(func() (Body, error) { return r.read(ctx) })
	if err != nil {
		return nil, handlerError(err, uri, "")
	}
	return &ReadResult{Requested: uri, Contents: []Contents{contents(uri, r.spec.MIMEType, r.spec.Provenance, body)}, Annotations: r.spec.Annotations,
		Notes: []agentinput.Remark{}, Warnings: []agentinput.Remark{}}, nil
}

func (c *Catalog) readTemplate(ctx context.Context, t *Template, uri string, sent map[string]string) (*ReadResult, *Error) {
	rd := t.params.read(ctx, t.spec.URITemplate, sent)
	if len(rd.issues) > 0 {
		return nil, t.refused(uri, sent, rd.issues)
	}
	vals := map[string]string{}
	for name, v := range rd.normalized {
		vals[name] = text(v)
	}
	canonical := t.uri.expand(vals)
	body, err := guard(func() (Body, error) { return t.read(ctx, rd.in) })
	if err != nil {
		return nil, handlerError(err, canonical, "")
	}
	res := &ReadResult{Requested: uri, Contents: []Contents{contents(canonical, t.spec.MIMEType, t.spec.Provenance, body)}, Annotations: t.spec.Annotations,
		Notes: rd.notes, Warnings: rd.warnings}
	if res.Notes == nil {
		res.Notes = []agentinput.Remark{}
	}
	if res.Warnings == nil {
		res.Warnings = []agentinput.Remark{}
	}
	if canonical != uri {
		res.Notes = append([]agentinput.Remark{{Code: string(agentinput.NoteCanonicalURI), Path: "",
			Message: "Served " + string(agentinput.Received(uri)) + " under its canonical URI " + string(agentinput.Received(canonical))}}, res.Notes...)
	}
	return res, nil
}

// refused is the structured error of a template read whose parameters did
// not all read: each issue's hint names the URIs to read instead — one
// for each reading of an ambiguous value — with the other parameters as
// they were sent.
func (t *Template) refused(uri string, sent map[string]string, issues []agentinput.Issue) *Error {
	for i, is := range issues {
		name := strings.TrimPrefix(is.Path, "/")
		if len(is.Readings) == 0 || t.params.byName[name] == nil {
			is.Hint = strings.TrimSuffix(is.Hint, ".") + ", in the URI " + t.spec.URITemplate + "."
			issues[i] = is
			continue
		}
		var uris []string
		for _, r := range is.Readings {
			dec := json.NewDecoder(bytes.NewReader(r.Value))
			dec.UseNumber()
			var v any
			if dec.Decode(&v) != nil {
				continue
			}
			vals := map[string]string{}
			for k, s := range sent {
				vals[k] = s
			}
			vals[name] = text(v)
			uris = append(uris, t.uri.expand(vals))
		}
		is.Hint = "Read the URI of the meaning intended: " + strings.Join(uris, " or ") + "."
		issues[i] = is
	}
	total := len(issues)
	if total > agentinput.MaxIssues {
		issues = issues[:agentinput.MaxIssues]
	}
	return &Error{Code: CodeInvalidParams,
		Message: "resources/read of " + string(agentinput.Received(uri)) + " (" + t.spec.URITemplate + ") was not answered: " + firstAsk(issues, total),
		Data:    ErrorData{URI: uri, Hint: issues[0].Hint, Issues: issues}}
}

// firstAsk is the first issue's ask in words, at its parameter, and how
// many more there are: the message says it whole, because many clients
// show a JSON-RPC error's message and not its data.
func firstAsk(issues []agentinput.Issue, total int) string {
	msg := strings.TrimPrefix(issues[0].Path, "/") + ": " + issues[0].Message()
	if total > 1 {
		msg += " (" + strconv.Itoa(total-1) + " more in data.issues)"
	}
	return msg
}

// handlerError is the Error of a handler's failure: a factory.Failure
// with EnvelopeNotFound is resource not found; another Failure says its
// message; any other error only that the read failed.
func handlerError(err error, uri, prompt string) *Error {
	var f *factory.Failure
	if errors.As(err, &f) {
		if f.Code == agentinput.EnvelopeNotFound && prompt == "" {
			e := notFound(uri)
			if f.Message != "" {
				e.Message = "Resource not found: " + f.Message
			}
			if f.Hint != "" {
				e.Data.Hint = f.Hint
			}
			return e
		}
		return &Error{Code: CodeInternal, Message: f.Message, Data: ErrorData{URI: uri, Prompt: prompt, Hint: f.Hint}}
	}
	what := "The resource could not be read"
	if prompt != "" {
		what = "The prompt could not be built"
	}
	return &Error{Code: CodeInternal, Message: what + "; the server's log has the cause.",
		Data: ErrorData{URI: uri, Prompt: prompt, Hint: "Try again later; if it fails again, the server needs its operator."}}
}

// guard runs a handler; a panic is an error, not a crash.
func guard[T any](f func() (T, error)) (out T, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("catalog: handler panicked: %v", v)
		}
	}()
	return f()
}

// PromptResult is what prompts/get answers.
type PromptResult struct {
	Description string
	Messages    []protocol.Message
	Notes       []agentinput.Remark
}

// Get answers prompts/get: the arguments read by their kinds (absent on a
// null spelling or a placeholder), the handler's messages, preceded, when
// an argument was read from another spelling, by a short user message
// that says how ("Arguments read: …"). Arguments that do not read are an
// Error (invalid params) with data.prompt and the issues.
func (c *Catalog) Get(ctx context.Context, name string, args map[string]string) (*PromptResult, *Error) {
	p := c.byName[name]
	if p == nil {
		names := make([]string, 0, len(c.prompts))
		for _, q := range c.prompts {
			names = append(names, q.spec.Name)
		}
		return nil, &Error{Code: CodeInvalidParams, Message: "Unknown prompt " + string(agentinput.Received(name)) + ".",
			Data: ErrorData{Prompt: string(agentinput.Cut(name)), Hint: "Get one of the prompts prompts/list lists: " + strings.Join(names, ", ") + "."}}
	}
	if len(args) > MaxPromptArguments {
		return nil, &Error{Code: CodeInvalidParams, Message: "prompts/get of " + name + " was not answered: more than " + strconv.Itoa(MaxPromptArguments) + " arguments.",
			Data: ErrorData{Prompt: name, Hint: "Send only the arguments prompts/list names for " + name + "."}}
	}
	rd := p.params.read(ctx, name, args)
	if len(rd.issues) > 0 {
		for i, is := range rd.issues {
			if len(is.Readings) > 0 {
				// Each reading is a value to send: name them all.
				var vals []string
				for _, r := range is.Readings {
					vals = append(vals, string(r.Value)+" ("+r.Meaning+")")
				}
				rd.issues[i].Hint = "Get " + name + " again with " + strings.TrimPrefix(is.Path, "/") + " set to the meaning intended: " + strings.Join(vals, " or ") + "."
				continue
			}
			if h := is.Hint; h != "" {
				rd.issues[i].Hint = "Get " + name + " again: " + strings.ToLower(h[:1]) + h[1:]
			}
		}
		total := len(rd.issues)
		issues := rd.issues
		if total > agentinput.MaxIssues {
			issues = issues[:agentinput.MaxIssues]
		}
		return nil, &Error{Code: CodeInvalidParams, Message: "prompts/get of " + name + " was not answered: " + firstAsk(issues, total),
			Data: ErrorData{Prompt: name, Hint: issues[0].Hint, Issues: issues}}
	}
	msgs, err := guard(func() ([]protocol.Message, error) { return p.get(ctx, rd.in, &PromptCall{ctx: ctx, cat: c}) })
	if err != nil {
		var re *Error
		if errors.As(err, &re) {
			// An embedded read that failed: its own error.
			return nil, re
		}
		return nil, handlerError(err, "", name)
	}
	res := &PromptResult{Description: p.spec.Description, Messages: msgs, Notes: rd.notes}
	if len(rd.notes) > 0 {
		parts := make([]string, len(rd.notes))
		for i, n := range rd.notes {
			parts[i] = n.Message
		}
		res.Messages = append([]protocol.Message{{Role: "user", Content: protocol.Text("Arguments read: " + strings.Join(parts, "; ") + ".")}}, msgs...)
	}
	return res, nil
}

// Ref names what a completion is for: a template (by its URI template)
// or a prompt (by its name).
type Ref struct {
	// Type is "ref/resource" or "ref/prompt".
	Type string
	URI  string
	Name string
}

// Completion is a completion's answer: at most MaxCompletions values, the
// total that matched, and whether there are more than the values listed.
type Completion struct {
	Values  []string
	Total   int
	HasMore bool
}

// Complete answers completion/complete for a template parameter or a
// prompt argument whose kind has a closed set of values (enum,
// vocabulary, country): the value the partial spelling already reads as,
// first, then every value that starts with it (in any letter case), up
// to MaxCompletions. Any other argument completes to nothing.
func (c *Catalog) Complete(ref Ref, argument, value string) Completion {
	var ps *params
	switch ref.Type {
	case "ref/resource":
		for _, t := range c.templates {
			if t.spec.URITemplate == ref.URI {
				ps = t.params
			}
		}
	case "ref/prompt":
		if p := c.byName[ref.Name]; p != nil {
			ps = p.params
		}
	}
	// An argument of an open kind (text, a number, a date) has no values
	// to offer: its partial spelling, read, is no completion.
	if ps == nil || ps.byName[argument] == nil || len(ps.byName[argument].Choices()) == 0 {
		return Completion{Values: []string{}}
	}
	return complete(ps.byName[argument], value)
}

func (ps *params) completes() bool {
	for _, p := range ps.props {
		if len(p.Choices()) > 0 {
			return true
		}
	}
	return false
}

func complete(p *binding.Property, value string) Completion {
	choices := p.Choices()
	out := []string{}
	seen := map[string]bool{}
	if strings.TrimSpace(value) != "" {
		if v, ok := p.ReadOne(value, binding.ModeRead); ok {
			if s, ok := v.(string); ok && slices.Contains(choices, s) {
				out, seen[s] = append(out, s), true
			}
		}
	}
	prefix := strings.ToLower(strings.TrimSpace(value))
	total := len(out)
	for _, ch := range choices {
		if seen[ch] || !strings.HasPrefix(strings.ToLower(ch), prefix) {
			continue
		}
		total++
		if len(out) < MaxCompletions {
			out = append(out, ch)
		}
	}
	return Completion{Values: out, Total: total, HasMore: total > len(out)}
}
