package factory

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/promcp"
)

// Result is what one call comes to: the handler's output with the notes
// and warnings of the read beside it, or an envelope.
type Result struct {
	// Output is the handler's result; nil when Envelope is set.
	Output any
	// Arguments are the normalized arguments, canonical JSON values by
	// property name, as the schema validated them and the handler got them.
	// They are kept on an envelope that came after the arguments read: the
	// handler's failure or refusal, or the receipt protocol's (fuzz.Tool
	// compares them whatever the handler answered).
	Arguments map[string]any
	Notes     []agentinput.Remark
	Warnings  []agentinput.Remark
	// Dropped are the filters the call sent and did not apply (each also
	// a filter_dropped warning): a read result (promcp.Read) carries them
	// as its dropped_filters, and factory/mcp states them first, before
	// the result (dropped.go). Empty when the call was refused: its
	// envelope lists them among the issues.
	Dropped []promcp.DroppedFilter
	// Envelope is set when the call did not reach a result.
	Envelope *Envelope
	// Issues are the items of best-effort lists that did not read: the
	// call went ahead with the others, and these say what to send for the
	// rest.
	Issues []agentinput.Issue
	// IssuesNotListed counts the entries of best-effort lists that did not
	// read beyond the agentinput.MaxIssues that Issues lists.
	IssuesNotListed int
	// Replayed is true when a do call repeated an earlier one and Output
	// is the stored result (JSON) of that call: the handler did not run.
	Replayed bool
	// Unchanged is true when a do call's handler reported that it changed
	// nothing (a promcp.Do whose changed is false): the state was already
	// as the call asked.
	Unchanged bool
	// Effect is what a do call did to the world, as its receipt records
	// it (the proMCP do contract's effect); "" for read and can_do tools.
	// promcp.EffectNotStarted: the call was refused before its handler
	// ran (an ask, a conflict, a refused claim), or its handler refused
	// with a domain code before changing anything. promcp.EffectCommitted: the
	// handler returned a result and its receipt was written (or, replayed,
	// had been). promcp.EffectUnknown: the handler started and no commit was
	// recorded (a panic, an error, a cancellation, a process that died):
	// the change may or may not have happened; never retried by itself.
	Effect promcp.Effect
	// HasOutputSchema is true when the tool advertises an output schema:
	// structuredContent must then validate against it, so a transport
	// keeps an envelope elsewhere (factory/mcp: in _meta, with its text).
	HasOutputSchema bool
	// IdempotencyKey is the key a do call was claimed under: the caller's
	// idempotency_key, or the one derived from the arguments; "" when the
	// call was refused before its key was known.
	IdempotencyKey string

	handlerWarnings []agentinput.Remark // the handler's own warnings, kept in the receipt
	read            map[string]any      // of refused arguments, those that read (CanDo reports on them)
	cause           error               // what the server logs of a failure; never shown to the model
}

// Call lets a handler add warnings to its result, issue the cursor of its
// next page, and reach the request the call came in (request.go): its
// session, its token, progress notifications and client logging.
type Call struct {
	warnings []agentinput.Remark
	codec    *cursor.Reader
	session  string
	filters  string
	// ctx and req are the call's context and the request it came in
	// (request.go).
	ctx context.Context
	req *protocol.Request
}

// NextCursor returns the cursor of the page that starts at offset, bound to
// this call's session and arguments (Spec.Cursors signs it). It panics when
// the tool declares no Cursors: a program's mistake.
func (c *Call) NextCursor(offset int64, pageSize int) string {
	if c.codec == nil {
		panic("factory: NextCursor on a tool without Spec.Cursors")
	}
	return c.codec.Encode(cursor.Position{Offset: offset, PageSize: pageSize, Session: c.session, Filters: c.filters})
}

// filterHash is what a cursor is bound to: the normalized, defaulted
// arguments but the cursor itself, as canonical JSON (sorted keys). A page
// size is part of it: a token issued for pages of 10 does not continue
// pages of 50. Defaulted: a property whose field is not a pointer gets its
// zero value when it is left out, so a value the handler cannot tell from
// absence (false, 0, an empty list) is bound as absence, and a cursor
// minted with the property omitted continues when it is sent so.
func (t *Tool) filterHash(args map[string]any) string {
	rest := make(map[string]any, len(args))
	for k, v := range args {
		p := t.byName[k]
		if p != nil && (p.ReadsLast() || t.isDefault(p, v)) {
			continue
		}
		rest[k] = v
	}
	// The tool's name first: a token one tool issued does not page
	// another that shares the codec.
	return t.spec.Name + "\x00" + string(binding.MustJSON(rest))
}

// isDefault reports whether canonical value v of property p is what the
// handler gets when p is left out: the zero value of a field that is not a
// pointer (for a list or a map, also an empty one).
func (t *Tool) isDefault(p *property, v any) bool {
	if p.Ptr || t.inType == nil {
		return false
	}
	ft := t.inType.FieldByIndex(p.Field).Type
	got := string(binding.MustJSON(v))
	if k := ft.Kind(); k == reflect.Slice || k == reflect.Map {
		return got == "[]" || got == "{}" || got == "null"
	}
	return got == string(binding.MustJSON(reflect.Zero(ft).Interface()))
}

// Warn adds a warning about the value at path (a JSON Pointer into the
// arguments, "" for the call as a whole).
func (c *Call) Warn(code agentinput.WarningCode, path, message string) {
	c.warnings = append(c.warnings, agentinput.Remark{Code: string(code), Path: path, Message: message})
}

// Call runs one call: decode the arguments within the budgets, read each
// property with its kind's owner under the absence rule, check unknown
// properties and from/to pairs, validate the normalized arguments against
// the advertised schema, and only then call the handler. Agent data never
// panics here.
func (t *Tool) Call(ctx context.Context, arguments json.RawMessage) *Result {
	start := time.Now()
	var sent map[string]any
	res := t.call(ctx, arguments, &sent)
	res.HasOutputSchema = t.output != nil
	res.Notes, res.Warnings = capRemarks(res.Notes, "notes"), capRemarks(res.Warnings, "warnings")
	if len(res.Issues) > agentinput.MaxIssues {
		res.IssuesNotListed = len(res.Issues) - agentinput.MaxIssues
		res.Issues = res.Issues[:agentinput.MaxIssues:agentinput.MaxIssues]
	}
	t.observer.Observe(ctx, newEvent(t, res, sent, time.Since(start)))
	return res
}

// call runs the phases of one call in order. Each phase is a method of
// its own, testable alone: decode, claim (the caller's idempotency key),
// unknown properties, read, ranges, schema, run and, for a do tool, the
// receipt (write.go). It leaves the decoded arguments in *sent, for the
// telemetry's paths.
func (t *Tool) call(ctx context.Context, arguments json.RawMessage, sent *map[string]any) *Result {
	res, callerKey, assign, done := t.readCall(ctx, arguments, sent, t.spec.Intent.mode())
	switch {
	case done:
		return res
	case t.direct != nil:
		// A tool the factory answers itself (CanDo).
		return t.direct(ctx, res)
	case t.run == nil:
		// A tool declared elsewhere (FromSchema): reading ends here, and
		// the caller forwards res.Arguments to the tool's own handler.
		return res
	}
	return t.runHandler(ctx, res, callerKey, assign)
}

// readCall runs the phases before the handler: decode, claim, unknown
// properties, read (under the absence rule of mode), ranges, schema. done
// is true when the call ends there (res then holds the envelope);
// otherwise res holds the normalized arguments, and callerKey and assign
// what the run phase needs.
func (t *Tool) readCall(ctx context.Context, arguments json.RawMessage, sent *map[string]any, mode binding.Mode) (res *Result, callerKey string, assign []slot, done bool) {
	args, res, refused := t.decode(arguments)
	*sent = args
	if refused != nil {
		*sent = looseArguments(arguments, refused)
		if t.spec.Intent == IntentDo {
			refused.Effect = promcp.EffectNotStarted
		}
		return refused, "", nil, true
	}
	callerKey, issues := t.claimKey(args, res)
	issues = append(issues, t.unknownProperties(args, res)...)
	assign, readIssues := t.readProperties(ctx, args, res, mode)
	issues = append(issues, readIssues...)
	if len(issues) == 0 {
		issues = t.reversedRanges(res.Arguments, args)
	}
	if len(issues) == 0 {
		// The schema validates a required key's presence (claimKey has
		// checked its value); the normalized arguments, which the call's
		// digest is taken of, are the properties without it.
		// A tool without a handler (FromSchema: a host's or a
		// retrofit's reading of another server's tool) claims no key:
		// an idempotency_key its schema declares is an argument like
		// the others, passed on.
		added := callerKey != "" && t.spec.KeyRequired
		if added {
			res.Arguments[IdempotencyKeyProperty] = callerKey
		}
		issues = t.violations(res.Arguments)
		if added {
			delete(res.Arguments, IdempotencyKeyProperty)
		}
	}
	if len(issues) > 0 || mode == binding.ModeWrite {
		// A refused call lists the filters it would drop among its issues,
		// so that one corrected call fixes all; a write never goes ahead
		// without a filter it was sent (dropped.go).
		var drops []agentinput.Issue
		res.Warnings, drops = dropsAsIssues(res.Warnings)
		issues = append(issues, drops...)
	}
	if len(issues) > 0 {
		return t.refusedArguments(res, issues), "", nil, true
	}
	res.Dropped = droppedFilters(res.Warnings)
	return res, callerKey, assign, false
}

// decode is the decode phase: the arguments within the budgets, an object
// sent inside a JSON string unwrapped with a note. It returns the decoded
// arguments and the result the other phases fill, or the refused result
// of arguments that do not decode.
func (t *Tool) decode(arguments json.RawMessage) (map[string]any, *Result, *Result) {
	inner, inString := argumentsInString(arguments)
	args, issue := decodeArgumentsNamed(inner, t.byName)
	if issue != nil && issue.Code == agentinput.AskTooLarge {
		if hint := binding.TooLargeHint(t.byName, issue.Path); hint != "" {
			// Inline bytes over the string budget: the tool's reference
			// form, never "send a shorter value".
			issue.Hint = hint
		}
	}
	if issue != nil {
		return nil, nil, &Result{Envelope: invalidArguments(t.spec.Name, []agentinput.Issue{*issue})}
	}
	res := &Result{Arguments: make(map[string]any, len(t.props)), Notes: []agentinput.Remark{}, Warnings: []agentinput.Remark{}, Issues: []agentinput.Issue{}}
	if inString {
		res.Notes = append(res.Notes, agentinput.Remark{Code: string(agentinput.NoteObjectInString), Path: "",
			Message: "Read the arguments " + string(agentinput.Received(string(inner))) + ", sent as a JSON string, as the object it holds"})
	}
	return args, res, nil
}

// looseArguments are the arguments of a call refused at decoding, for the
// telemetry's paths: when the issue is deep inside (over a budget there),
// what was sent decoded once more, only to tell which segments of the path
// are array indices; otherwise nil.
func looseArguments(arguments json.RawMessage, refused *Result) map[string]any {
	if refused.Envelope == nil || len(refused.Envelope.Issues) != 1 || strings.Count(refused.Envelope.Issues[0].Path, "/") < 2 {
		return nil
	}
	inner, _ := argumentsInString(arguments)
	if len(inner) > agentinput.MaxArgumentBytes {
		return nil
	}
	var loose map[string]any
	if json.Unmarshal(inner, &loose) != nil {
		return nil
	}
	return loose
}

// unknownProperties is the phase of the properties the tool does not
// declare: never silently dropped. An open tool keeps them (a tool
// declared elsewhere forwards them untouched) or warns that it ignores
// them; any other tool asks about each.
func (t *Tool) unknownProperties(args map[string]any, res *Result) []agentinput.Issue {
	var issues []agentinput.Issue
	if t.allDeclared(args) {
		return nil
	}
	for _, name := range binding.SortedKeys(args) {
		if _, ok := t.byName[name]; ok {
			continue
		}
		if t.spec.Open {
			if t.run == nil && t.passes != nil && !t.passes(name) {
				// A generic can_do passes its action's arguments through,
				// but not a misspelling of its own (actoin).
				issues = append(issues, t.unknown(name, args[name]))
				continue
			}
			if t.run == nil {
				// A tool declared elsewhere passes what it does not
				// declare on to its server, which ignores it: unless the
				// name is a misspelling of a declared property, which
				// the server would leave at its default (contnets for
				// contents), unasked.
				if _, near := binding.LikelyMeant(name, t.Properties()); near {
					issues = append(issues, t.unknown(name, args[name]))
					continue
				}
				res.Arguments[name] = args[name]
				continue
			}
			res.Warnings = append(res.Warnings, agentinput.Remark{Code: string(agentinput.WarningUnknownProperty), Path: binding.Pointer([]string{name}),
				Message: "Ignored " + agentinput.Cut(name) + ": " + t.spec.Name + " does not declare it"})
			continue
		}
		issues = append(issues, t.unknown(name, args[name]))
	}
	return issues
}

// allDeclared reports whether every property of args is declared: then
// there is nothing to sort and ask about.
func (t *Tool) allDeclared(args map[string]any) bool {
	for name := range args {
		if _, ok := t.byName[name]; !ok {
			return false
		}
	}
	return true
}

// readProperties is the read phase: every declared property through
// readProperty, the cursor last (a token is bound to the other normalized
// arguments). It records the normalized arguments, notes, warnings and
// best-effort issues on res, and returns the read value of each field
// (indexed like t.props; an empty slot for one not read) and the issues.
func (t *Tool) readProperties(ctx context.Context, args map[string]any, res *Result, mode binding.Mode) ([]slot, []agentinput.Issue) {
	assign := make([]slot, len(t.props))
	var issues []agentinput.Issue
	session := protocol.PrincipalOf(ctx)
	for _, last := range []bool{false, true} {
		for i, p := range t.props {
			if p.ReadsLast() != last {
				continue
			}
			var filters string
			if last {
				filters = t.filterHash(res.Arguments)
			}
			raw, present := args[p.Name]
			r := binding.PropertyRead{Notes: res.Notes, Warnings: res.Warnings}
			s, ok := p.ReadInto(&r, raw, present, mode, session, filters, p.Path, len(t.props))
			issues = append(issues, r.Issues...)
			res.Issues = append(res.Issues, r.BestEffort...)
			res.Notes, res.Warnings = r.Notes, r.Warnings
			if ok {
				res.Arguments[p.Name] = s.JSON
				assign[i] = s
			}
		}
	}
	return assign, issues
}

// refusedArguments is the result of a call that does not reach its handler: the
// envelope of its issues (the best-effort ones after), with the notes and
// warnings so far; a do call that is refused has not started.
func (t *Tool) refusedArguments(res *Result, issues []agentinput.Issue) *Result {
	r := &Result{Envelope: invalidArguments(t.spec.Name, append(issues, res.Issues...)), Notes: res.Notes, Warnings: res.Warnings,
		read: res.Arguments}
	if t.spec.Intent == IntentDo {
		r.Effect = promcp.EffectNotStarted
	}
	return r
}

// handler is the run phase, not yet run: the handler's input built from
// the read fields, and the handler called with it under guard (a panic
// is a failure, not a crash).
func (t *Tool) handler(ctx context.Context, res *Result, assign []slot) func() (any, error) {
	return guard(func() (any, error) { return t.runInput(ctx, res, assign) })
}

// runInput builds the handler's input from the read fields and calls the
// handler with it (not guarded: see handler and runGuarded).
func (t *Tool) runInput(ctx context.Context, res *Result, assign []slot) (any, error) {
	in := reflect.New(t.inType).Elem()
	binding.SetFields(in, t.props, assign)
	if t.keyField != nil {
		setKey(in.FieldByIndex(t.keyField), res.IdempotencyKey)
	}
	call := &Call{ctx: ctx, req: protocol.RequestOf(ctx)}
	if t.spec.Cursors != nil {
		call.codec, call.session, call.filters = t.spec.Cursors, protocol.PrincipalOf(ctx), t.filterHash(res.Arguments)
	}
	out, err := t.run(ctx, in, call)
	res.handlerWarnings = call.warnings
	return out, err
}

// runGuarded is handler run at once, as guard runs it: a panic is a
// failure, not a crash. A read tool's handler runs so, with no closure
// to keep for later.
func (t *Tool) runGuarded(ctx context.Context, res *Result, assign []slot) (out any, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = nil, panicked(v)
		}
	}()
	return t.runInput(ctx, res, assign)
}

// runHandler runs the handler: a do tool's under the receipt protocol
// (write.go), any other's once. The handler's warnings join a result it
// gave (not a replayed one, whose warnings the receipt keeps).
func (t *Tool) runHandler(ctx context.Context, res *Result, callerKey string, assign []slot) *Result {
	if t.spec.Intent == IntentDo {
		res = t.write(ctx, res, callerKey, t.handler(ctx, res, assign))
	} else {
		out, err := t.runGuarded(ctx, res, assign)
		if err != nil {
			// The handler ran: the arguments it got stay on the result.
			return &Result{Envelope: t.failed(err, ""), Arguments: res.Arguments, Notes: res.Notes, Warnings: res.Warnings, cause: err}
		}
		res.Output = narrowed(out, res.Dropped)
	}
	if res.Envelope == nil && !res.Replayed {
		res.Warnings = append(res.Warnings, res.handlerWarnings...)
	}
	return res
}

// unknown is the issue of a property the tool does not declare: it names
// the declared property the caller most likely meant (see likelyMeant),
// or, when none is close, says to leave it out; and it lists them all.
func (t *Tool) unknown(name string, raw any) agentinput.Issue {
	declared := t.Properties()
	if t.spec.Intent == IntentDo && t.run != nil {
		declared = append(declared, IdempotencyKeyProperty)
	}
	return binding.UnknownIssue(t.spec.Name, declared, name, raw, "")
}

// reversedRanges finds from/to pairs whose from is after its to: an issue
// naming both, never a silent swap.
func (t *Tool) reversedRanges(args, sent map[string]any) []agentinput.Issue {
	return binding.ReversedRanges(t.props, t.byName, args, sent, "")
}
