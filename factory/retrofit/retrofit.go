// Package retrofit reads the tool calls of a server written with another
// SDK by the kinds its advertised input schemas imply: what
// factory/mcp.Lenient does for go-sdk and agentinput.dev/mcpgo for
// mcp-go, in no SDK's types. A server's tools are learned from what it
// advertises (Learn), and each call is read before the server validates
// it (Read): normalized arguments go on to the server's own handler, an
// ask is answered with the envelope, and a call the server alone takes is
// never refused but for the classes a retrofit stands by
// (docs/retrofit.md, "What Lenient refuses").
package retrofit

import (
	"context"
	"encoding/json"
	"sync"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/vocabulary"
)

// Options configures a retrofit. The zero value reads every tool by its
// schema, asks about a placeholder sent to a tool that does not say it
// only reads, and relaxes nothing.
type Options struct {
	// Vocabularies are data-owned value sets, each by the name of the
	// property it reads: a string property (or a list of strings) of that
	// name, in any tool, is read by the vocabulary, so "Supreme court"
	// reaches the handler as the vocabulary's id. A property with an enum
	// or a format keeps the schema's reading.
	Vocabularies map[string]*vocabulary.Reader
	// Observer receives one observe.Event per call read (its kinds, notes
	// and asks, never the values); nil is silent.
	Observer observe.Observer
	// Unannotated is how a tool without annotations is treated:
	// factory.IntentDo (the default, when empty) treats it as one that may
	// write, where a placeholder ("N/A", "none") is asked about;
	// factory.IntentRead reads a placeholder as absence. A tool with
	// annotations is read by its readOnlyHint, whatever this says.
	Unannotated factory.Intent
	// IntentOf, when set, says tool by tool how a tool without annotations
	// is treated, by its name (a map's lookup, a naming rule: a server's
	// search_* tools read, the rest may write): factory.IntentRead or
	// factory.IntentDo, as for Unannotated; "" (or any other answer) is
	// Unannotated's. A tool with annotations is read by its readOnlyHint,
	// whatever this says.
	IntentOf func(tool string) factory.Intent
	// Relax says, tool by tool, which of the classes a retrofit stands by
	// it lets through as sent where the server alone takes the call; nil
	// relaxes none.
	Relax func(tool string) Relaxed
}

// Relaxed names the classes of value that a retrofit asks about even
// where the server alone takes the call, because the server would take
// them wrongly. Any other value the server takes reaches it as sent,
// never refused: a retrofit never makes a call fail that the server alone
// accepts. Each class set here is let through as sent too, with a warning
// sent_as_is.
type Relaxed struct {
	// UnknownProperties: a property the schema does not declare but
	// admits, named like a declared one (contnets for contents), which
	// the server would ignore and leave the declared one at its default.
	UnknownProperties bool
	// PlaceholdersOnWrite: "N/A", "none", "" and their kin, or the
	// schema's own example, sent to a tool that may change data, which
	// would store them as they are.
	PlaceholdersOnWrite bool
	// Ambiguous: a spelling with two meanings ("01/02/2026" for a date),
	// which the server would read one way, unasked.
	Ambiguous bool
}

// Tool is what a server advertises of one of its tools.
type Tool struct {
	Name, Title, Description string
	// Annotated: the tool has annotations, and ReadOnly is their
	// readOnlyHint.
	Annotated, ReadOnly bool
	// InputSchema is the advertised input schema, as JSON.
	InputSchema json.RawMessage
	// Typed: the tool advertises an output schema.
	Typed bool
}

// Tools are the tools a retrofit has learned from one server, safe for
// concurrent use.
type Tools struct {
	o        Options
	observer observe.Observer
	mu       sync.Mutex
	learned  map[string]*learned
}

type learned struct {
	schema string
	tool   *factory.Tool // nil: the factory cannot read this schema
	typed  bool          // the server's tool advertises an output schema
	writes bool          // the tool is read as one that may change data
}

// New returns a retrofit that has learned no tool yet.
func New(o Options) *Tools {
	ts := &Tools{o: o, observer: o.Observer, learned: map[string]*learned{}}
	if ts.observer == nil {
		ts.observer = observe.None{}
	}
	return ts
}

// Learn learns tools as the server advertises them; a tool whose schema
// did not change since it was learned is not bound again.
func (ts *Tools) Learn(tools []Tool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, t := range tools {
		ts.learnLocked(t)
	}
}

// learnLocked learns t unless its schema is the one learned, and returns
// what is learned of it; ts.mu is held.
func (ts *Tools) learnLocked(t Tool) *learned {
	if l, ok := ts.learned[t.Name]; ok && l.schema == string(t.InputSchema) {
		return l
	}
	intent := factory.IntentDo
	switch {
	case !t.Annotated:
		intent = ts.unannotated(t.Name)
	case t.ReadOnly:
		intent = factory.IntentRead
	}
	ft, err := factory.FromSchema(factory.Spec{Name: t.Name, Title: t.Title, Description: t.Description, Intent: intent,
		Observer: ts.observer, Vocabularies: ts.o.Vocabularies}, t.InputSchema)
	l := &learned{schema: string(t.InputSchema)}
	if err == nil {
		l.tool, l.typed, l.writes = ft, t.Typed, intent == factory.IntentDo
	}
	// A schema the factory cannot read (no tool): the tool keeps the
	// server's own handling.
	ts.learned[t.Name] = l
	return l
}

// Known reports whether a tool of that name has been learned.
func (ts *Tools) Known(name string) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	_, ok := ts.learned[name]
	return ok
}

// unannotated is how the tool named is read when it says nothing: a read
// (placeholders are absence) or a write (they are asked about).
func (ts *Tools) unannotated(tool string) factory.Intent {
	if ts.o.IntentOf != nil {
		if i, ok := readsAs(ts.o.IntentOf(tool)); ok {
			return i
		}
	}
	if i, ok := readsAs(ts.o.Unannotated); ok {
		return i
	}
	return factory.IntentDo
}

func readsAs(i factory.Intent) (factory.Intent, bool) {
	switch i {
	case factory.IntentRead, factory.IntentCanDo:
		return factory.IntentRead, true
	case factory.IntentDo:
		return factory.IntentDo, true
	}
	return "", false
}

// Call is what a retrofit does with one tools/call.
type Call struct {
	// Pass: the retrofit does not read this tool (not learned, or a schema
	// the factory cannot read): the server's own handling, untouched.
	Pass bool
	// Refusal, when set, is the answer: the call does not reach the
	// server.
	Refusal *factory.Result
	// Arguments are what the server's handler gets: the normalized
	// arguments, or the arguments as sent.
	Arguments json.RawMessage
	// Read holds the notes and warnings the server's result carries
	// (reply.InputReadText, reply.MetaKey).
	Read *factory.Result
	// Tool is the tool's reader, for Refuse after the server answered
	// (a value its handler could not decode).
	Tool *factory.Tool
}

// Read reads one call of the tool named, with its arguments as sent, by
// what was last learned of it.
func (ts *Tools) Read(ctx context.Context, name string, args json.RawMessage) Call {
	ts.mu.Lock()
	l := ts.learned[name]
	ts.mu.Unlock()
	return ts.read(ctx, l, name, args)
}

// ReadTool reads one call of the tool t describes, learning t first when
// its schema is new: for a server that keeps several schemas under one
// name (a session's own tools), each call is read by its own.
func (ts *Tools) ReadTool(ctx context.Context, t Tool, args json.RawMessage) Call {
	ts.mu.Lock()
	l := ts.learnLocked(t)
	ts.mu.Unlock()
	return ts.read(ctx, l, t.Name, args)
}

func (ts *Tools) read(ctx context.Context, l *learned, name string, args json.RawMessage) Call {
	if l == nil || l.tool == nil {
		return Call{Pass: true}
	}
	read := l.tool.Call(ctx, args)
	read.HasOutputSchema = l.typed // the server's own tool advertises it
	if read.Envelope == nil {
		normalized, err := json.Marshal(read.Arguments)
		if err != nil {
			return Call{Pass: true}
		}
		return Call{Arguments: normalized, Read: read, Tool: l.tool}
	}
	stood, admitted := ts.standBy(l, name, read, args)
	switch {
	case !admitted:
		// The server alone refuses the call too: the envelope says what
		// to send instead.
		return Call{Refusal: read, Tool: l.tool}
	case len(stood) > 0:
		refused := l.tool.Refuse(&factory.Result{Notes: read.Notes, Warnings: read.Warnings}, stood...)
		refused.HasOutputSchema = l.typed
		return Call{Refusal: refused, Tool: l.tool}
	}
	// The server takes the call as it was sent, and no value of it is of
	// a class the retrofit stands by: it goes through unchanged, with a
	// warning for each value the retrofit would have asked about.
	return Call{Arguments: args, Read: &factory.Result{Warnings: sentAsIs(read.Envelope.Issues), HasOutputSchema: l.typed}, Tool: l.tool}
}

// standBy sorts the issues of a refused read. admitted is whether the
// server alone takes the arguments as they were sent (its schema admits
// them, and the envelope lists every issue); stood are the issues of the
// classes the retrofit stands by there (Relaxed), which the tool's Relax
// does not relax. A call the server admits with none of them goes through
// as sent.
func (ts *Tools) standBy(l *learned, name string, read *factory.Result, args json.RawMessage) (stood []agentinput.Issue, admitted bool) {
	issues := read.Envelope.Issues
	if len(issues) >= agentinput.MaxIssues || !l.tool.Admits(args) {
		// More issues than the envelope lists may hide one of a class the
		// retrofit stands by: the envelope is answered as it is.
		return nil, false
	}
	var r Relaxed
	if ts.o.Relax != nil {
		r = ts.o.Relax(name)
	}
	for _, is := range issues {
		var relaxed bool
		switch is.Ask.Code {
		case agentinput.AskUnknownProperty:
			relaxed = r.UnknownProperties
		case agentinput.AskAmbiguous:
			relaxed = r.Ambiguous
		case agentinput.AskPlaceholderOnWrite:
			relaxed = r.PlaceholdersOnWrite
		case agentinput.AskMissingRequired:
			// A placeholder sent for a required property of a tool that
			// may change data is a placeholder on a write; one sent to a
			// read, or a property left out or null, is not.
			if sent := string(is.Ask.Received); sent == "" || sent == "null" || !l.writes {
				continue
			}
			relaxed = r.PlaceholdersOnWrite
		default:
			continue
		}
		if !relaxed {
			stood = append(stood, is)
		}
	}
	return stood, true
}

// sentAsIs is the warning of each issue whose value went to the server as
// it was sent.
func sentAsIs(issues []agentinput.Issue) []agentinput.Remark {
	out := make([]agentinput.Remark, len(issues))
	for i, is := range issues {
		msg := "Passed " + string(is.Ask.Received) + " on as it was sent, which the tool takes; read on its own it would have been asked about"
		if is.Ask.Reason != "" {
			msg += " (" + is.Ask.Reason + ")"
		}
		out[i] = agentinput.Remark{Code: string(agentinput.WarningSentAsIs), Path: is.Path, Message: msg}
	}
	return out
}
