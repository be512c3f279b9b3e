package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/vocabulary"
)

// Lenient returns a receiving middleware that makes an existing go-sdk
// server lenient without rewriting its tools. It learns each tool's
// advertised input schema (from tools/list, asking the server itself when a
// call comes first), binds kinds from it (factory.FromSchema), and reads
// tools/call arguments before the SDK validates them: a call whose
// arguments read is forwarded with the normalized arguments, and its result
// gets the notes (in _meta and an "Input read" text block); a call whose
// arguments do not read is answered with the envelope as a tool error,
// instead of the SDK's one-line validation message.
//
//	server.AddReceivingMiddleware(mcp.Lenient())
//
// It reads every schema go-sdk's jsonschema.For writes from Go types
// (docs/retrofit.md has the table): a slice or a pointer field, advertised
// as a union with "null", reads as its type, null being absence; a list's
// items by their kind; a nested object as the schema says; a value the
// schema rejects is an ask naming what it admits. A value that the schema
// admits but the SDK cannot decode into the handler's Go type (a time.Time
// field is advertised as a plain string) is an ask too, naming what to
// send, instead of the SDK's "json: cannot unmarshal".
//
// A tool annotated readOnlyHint reads placeholders as absence; any other
// tool is treated as one that changes data, where a placeholder is asked
// about (the safe side when a server does not say). Lenient is
// LenientWith(LenientOptions{}).
func Lenient() sdk.Middleware { return LenientWith(LenientOptions{}) }

// LenientOptions configures LenientWith. The zero value is Lenient's.
type LenientOptions struct {
	// Vocabularies are data-owned value sets, each by the name of the
	// property it reads: a string property (or a list of strings) of that
	// name, in any tool, is read by the vocabulary, so "Supreme court"
	// reaches the handler as the vocabulary's id. A property with an enum
	// or a format keeps the schema's reading.
	Vocabularies map[string]*vocabulary.Reader
	// Observer receives one observe.Event per call Lenient reads (its
	// kinds, notes and asks, never the values); nil is silent.
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
	// Relax says, tool by tool, which of the classes Lenient stands by it
	// lets through as sent where the server alone takes the call; nil
	// relaxes none.
	Relax func(tool string) Relaxed
}

// Relaxed names the classes of value that Lenient asks about even where
// the server alone takes the call, because the server would take them
// wrongly. Any other value the server takes reaches it as sent, never
// refused: a retrofit never makes a call fail that the server alone
// accepts (docs/retrofit.md, "What Lenient refuses"). Each class set here
// is let through as sent too, with a warning sent_as_is.
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

// LenientWith is Lenient with options.
func LenientWith(o LenientOptions) sdk.Middleware {
	observer := o.Observer
	if observer == nil {
		observer = quiet{}
	}
	// unannotated is how the tool named is read when it says nothing:
	// a read (placeholders are absence) or a write (they are asked about).
	readsAs := func(i factory.Intent) (factory.Intent, bool) {
		switch i {
		case factory.IntentRead, factory.IntentCanDo:
			return factory.IntentRead, true
		case factory.IntentDo:
			return factory.IntentDo, true
		}
		return "", false
	}
	unannotated := func(tool string) factory.Intent {
		if o.IntentOf != nil {
			if i, ok := readsAs(o.IntentOf(tool)); ok {
				return i
			}
		}
		if i, ok := readsAs(o.Unannotated); ok {
			return i
		}
		return factory.IntentDo
	}
	var mu sync.Mutex
	learned := map[string]*learnedTool{}
	learn := func(tools []*sdk.Tool) {
		mu.Lock()
		defer mu.Unlock()
		for _, t := range tools {
			schema, err := json.Marshal(t.InputSchema)
			if err != nil {
				continue
			}
			if l, ok := learned[t.Name]; ok && l.schema == string(schema) {
				continue
			}
			intent := factory.IntentDo
			switch {
			case t.Annotations == nil:
				intent = unannotated(t.Name)
			case t.Annotations.ReadOnlyHint:
				intent = factory.IntentRead
			}
			ft, err := factory.FromSchema(factory.Spec{Name: t.Name, Title: t.Title, Description: t.Description, Intent: intent, Observer: observer, Vocabularies: o.Vocabularies}, schema)
			if err != nil {
				// A schema the factory cannot read: the tool keeps the
				// server's own handling.
				learned[t.Name] = &learnedTool{schema: string(schema)}
				continue
			}
			learned[t.Name] = &learnedTool{schema: string(schema), tool: ft, typed: t.OutputSchema != nil, writes: intent == factory.IntentDo}
		}
	}
	lookup := func(name string) (*learnedTool, bool) {
		mu.Lock()
		defer mu.Unlock()
		l, ok := learned[name]
		return l, ok
	}
	relax := func(tool string) Relaxed {
		if o.Relax == nil {
			return Relaxed{}
		}
		return o.Relax(tool)
	}
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			switch method {
			case "tools/list":
				res, err := next(ctx, method, req)
				if list, ok := res.(*sdk.ListToolsResult); ok && err == nil {
					learn(list.Tools)
				}
				return res, err
			case "tools/call":
				call, ok := req.(*sdk.CallToolRequest)
				if !ok || call.Params == nil {
					return next(ctx, method, req)
				}
				l, known := lookup(call.Params.Name)
				if !known {
					learn(listAll(ctx, next, call.Session))
					l, _ = lookup(call.Params.Name)
				}
				if l == nil || l.tool == nil {
					return next(ctx, method, req)
				}
				tool, typed := l.tool, l.typed
				read := tool.Call(ctx, call.Params.Arguments)
				read.HasOutputSchema = typed // the server's own tool advertises it
				if read.Envelope != nil {
					stood, admitted := standBy(l, relax(call.Params.Name), read, call.Params.Arguments)
					switch {
					case !admitted:
						// The server alone refuses the call too: the
						// envelope says what to send instead.
						return Result(read), nil
					case len(stood) > 0:
						refused := tool.Refuse(&factory.Result{Notes: read.Notes, Warnings: read.Warnings}, stood...)
						refused.HasOutputSchema = typed
						return Result(refused), nil
					}
					// The server takes the call as it was sent, and no
					// value of it is of a class Lenient stands by: it
					// goes through unchanged, with a warning for each
					// value Lenient would have asked about.
					res, err := next(ctx, method, req)
					if out, ok := res.(*sdk.CallToolResult); ok && err == nil && out != nil {
						attachNotes(out, &factory.Result{Warnings: sentAsIs(read.Envelope.Issues)})
					}
					return res, err
				}
				args, err := json.Marshal(read.Arguments)
				if err != nil {
					return next(ctx, method, req)
				}
				call.Params.Arguments = args
				res, err := next(ctx, method, req)
				if out, ok := res.(*sdk.CallToolResult); ok && err == nil && out != nil {
					if issue, ok := undecoded(out, read.Arguments); ok {
						refused := tool.Refuse(read, issue)
						refused.HasOutputSchema = typed
						return Result(refused), nil
					}
					attachNotes(out, read)
				}
				return res, err
			}
			return next(ctx, method, req)
		}
	}
}

type learnedTool struct {
	schema string
	tool   *factory.Tool // nil: the factory cannot read this schema
	typed  bool          // the server's tool advertises an output schema
	writes bool          // the tool is read as one that may change data
}

// standBy sorts the issues of a refused read. admitted is whether the
// server alone takes the arguments as they were sent (its schema admits
// them, and the envelope lists every issue); stood are the issues of the
// classes Lenient stands by there (Relaxed), which r does not relax. A
// call the server admits with none of them goes through as sent.
func standBy(l *learnedTool, r Relaxed, read *factory.Result, args json.RawMessage) (stood []agentinput.Issue, admitted bool) {
	issues := read.Envelope.Issues
	if len(issues) >= agentinput.MaxIssues || !l.tool.Admits(args) {
		// More issues than the envelope lists may hide one of a class
		// Lenient stands by: the envelope is answered as it is.
		return nil, false
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

// listAll pages through the server's own tools/list, within a budget of
// pages.
func listAll(ctx context.Context, next sdk.MethodHandler, session *sdk.ServerSession) []*sdk.Tool {
	var tools []*sdk.Tool
	cursor := ""
	for range 100 {
		res, err := next(ctx, "tools/list", &sdk.ListToolsRequest{Session: session, Params: &sdk.ListToolsParams{Cursor: cursor}})
		list, ok := res.(*sdk.ListToolsResult)
		if err != nil || !ok {
			break
		}
		tools = append(tools, list.Tools...)
		if list.NextCursor == "" {
			break
		}
		cursor = list.NextCursor
	}
	return tools
}

// attachNotes adds the notes and warnings of the read to a result of the
// server's own handler: the filters it dropped first, before the result,
// the rest after it.
func attachNotes(out *sdk.CallToolResult, read *factory.Result) {
	if len(read.Notes) == 0 && len(read.Warnings) == 0 {
		return
	}
	if text := DroppedText(read); text != "" {
		out.Content = append([]sdk.Content{&sdk.TextContent{Text: text}}, out.Content...)
	}
	if out.Meta == nil {
		out.Meta = sdk.Meta{}
	}
	out.Meta[MetaKey] = map[string]any{"notes": read.Notes, "warnings": read.Warnings}
	out.Content = append(out.Content, &sdk.TextContent{Text: InputReadText(read)})
}

type quiet struct{}

func (quiet) Observe(context.Context, observe.Event) {}

// timeExpected is what a time.Time field takes: go-sdk advertises it as a
// plain string, and only its decoding says RFC 3339.
const timeExpected = `a date and time in RFC 3339, with its offset, for example "2026-10-01T09:30:00Z"`

// undecoded recognizes the tool error go-sdk answers with when the
// normalized arguments, which the schema admits, do not decode into the
// handler's Go type (a json.UnmarshalTypeError, which names the field): the
// handler never ran, and the call is an ask at that property naming what
// to send, not the decoder's message. Any other error is the handler's own.
func undecoded(out *sdk.CallToolResult, args map[string]any) (agentinput.Issue, bool) {
	var ute *json.UnmarshalTypeError
	if !out.IsError || !errors.As(out.GetError(), &ute) || ute.Field == "" {
		return agentinput.Issue{}, false
	}
	loc := strings.Split(ute.Field, ".")
	var v any = args
	for _, tok := range loc {
		m, ok := v.(map[string]any)
		if !ok {
			return agentinput.Issue{}, false
		}
		if v, ok = m[tok]; !ok {
			return agentinput.Issue{}, false // not a value of these arguments: the handler's own decoding
		}
	}
	path := ""
	for _, tok := range loc {
		path += "/" + strings.ReplaceAll(strings.ReplaceAll(agentinput.Cut(tok), "~", "~0"), "/", "~1")
	}
	ask := agentinput.Ask{
		Code:     agentinput.AskWrongType,
		Received: agentinput.Received(v),
		Reason:   "the tool cannot take it as the value of this property",
		Expected: "the value the property's description asks for",
	}
	if ute.Type == reflect.TypeFor[time.Time]() {
		ask.Code = agentinput.AskInvalid
		ask.Reason = "it is not a date and time in RFC 3339"
		ask.Expected = timeExpected
	}
	ask.Hint = "Send " + ask.Expected
	return agentinput.Issue{Path: path, Ask: ask}, true
}
