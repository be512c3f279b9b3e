package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/promcp"
)

// Result is what one call comes to: the handler's output with the notes
// and warnings of the read beside it, or an envelope.
type Result struct {
	// Output is the handler's result; nil when Envelope is set.
	Output any
	// Arguments are the normalized arguments, canonical JSON values by
	// property name, as the schema validated them and the handler got them.
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
	// Effect is what a do call did (not_started, committed, unknown); ""
	// for read and can_do tools.
	Effect Effect
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
	req *Request
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
		if p != nil && (p.binding.cursor != nil || t.isDefault(p, v)) {
			continue
		}
		rest[k] = v
	}
	// The tool's name first: a token one tool issued does not page
	// another that shares the codec.
	return t.spec.Name + "\x00" + string(mustJSON(rest))
}

// isDefault reports whether canonical value v of property p is what the
// handler gets when p is left out: the zero value of a field that is not a
// pointer (for a list or a map, also an empty one).
func (t *Tool) isDefault(p *property, v any) bool {
	if p.ptr || t.inType == nil {
		return false
	}
	ft := t.inType.FieldByIndex(p.field).Type
	got := string(mustJSON(v))
	if k := ft.Kind(); k == reflect.Slice || k == reflect.Map {
		return got == "[]" || got == "{}" || got == "null"
	}
	return got == string(mustJSON(reflect.Zero(ft).Interface()))
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
func (t *Tool) readCall(ctx context.Context, arguments json.RawMessage, sent *map[string]any, mode Mode) (res *Result, callerKey string, assign []slot, done bool) {
	args, res, refused := t.decode(arguments)
	*sent = args
	if refused != nil {
		*sent = looseArguments(arguments, refused)
		if t.spec.Intent == IntentDo {
			refused.Effect = EffectNotStarted
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
		if callerKey != "" && t.spec.KeyRequired {
			res.Arguments[IdempotencyKeyProperty] = callerKey
		}
		issues = t.violations(res.Arguments)
		delete(res.Arguments, IdempotencyKeyProperty)
	}
	if len(issues) > 0 || mode == ModeWrite {
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
		if b := t.bindingAt(issue.Path); b != nil && b.tooLargeHint != "" {
			// Inline bytes over the string budget: the tool's reference
			// form, never "send a shorter value".
			issue.Hint = b.tooLargeHint
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
	for _, name := range sortedKeys(args) {
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
				res.Arguments[name] = args[name]
				continue
			}
			res.Warnings = append(res.Warnings, agentinput.Remark{Code: string(agentinput.WarningUnknownProperty), Path: pointer([]string{name}),
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
func (t *Tool) readProperties(ctx context.Context, args map[string]any, res *Result, mode Mode) ([]slot, []agentinput.Issue) {
	assign := make([]slot, len(t.props))
	var issues []agentinput.Issue
	session := sessionOf(ctx)
	for _, last := range []bool{false, true} {
		for i, p := range t.props {
			if (p.binding.cursor != nil) != last {
				continue
			}
			var filters string
			if last {
				filters = t.filterHash(res.Arguments)
			}
			raw, present := args[p.name]
			r := propertyRead{notes: res.Notes, warnings: res.Warnings}
			s, ok := p.readInto(&r, raw, present, mode, session, filters, p.path, len(t.props))
			issues = append(issues, r.issues...)
			res.Issues = append(res.Issues, r.bestEffort...)
			res.Notes, res.Warnings = r.notes, r.warnings
			if ok {
				res.Arguments[p.name] = s.json
				assign[i] = s
			}
		}
	}
	return assign, issues
}

// readInto is read with its remarks appended to r (whose value it
// leaves), and the value returned: a scalar's outcome goes straight into
// r, with no propertyRead and no pointer in between. size is how many
// notes r.notes makes room for at its first: a call's properties.
func (p *property) readInto(r *propertyRead, raw any, present bool, mode Mode, session, filters, at string, size int) (slot, bool) {
	if p.binding.tree == nil {
		o := p.outcome(raw, present, mode, session, filters)
		if _, asked := o.Ask(); !asked {
			r.notes = appendNotes(r.notes, o, at, size)
			r.warnings = appendWarnings(r.warnings, o, at)
			return o.Value()
		}
		pr := remarksAt(o, at, p, raw)
		r.merge(pr)
		if pr.value != nil {
			return *pr.value, true
		}
		return slot{}, false
	}
	pr := p.read(raw, present, mode, session, filters, at)
	r.merge(pr)
	if pr.value != nil {
		return *pr.value, true
	}
	return slot{}, false
}

// appendNotes appends the notes of o at path at to list, as remarksAt
// renders them; a first note makes room for size notes.
func appendNotes(list []agentinput.Remark, o agentinput.Outcome[slot], at string, size int) []agentinput.Remark {
	if o.NoteCount() == 0 {
		return list
	}
	if cap(list) == 0 {
		list = make([]agentinput.Remark, 0, max(size, o.NoteCount()))
	}
	for _, n := range o.Notes() {
		list = append(list, agentinput.Remark{Code: string(n.Code), Path: at, Message: n.Message})
	}
	return list
}

// appendWarnings appends the warnings of o at path at to list.
func appendWarnings(list []agentinput.Remark, o agentinput.Outcome[slot], at string) []agentinput.Remark {
	for _, w := range o.Warnings() {
		list = append(list, agentinput.Remark{Code: string(w.Code), Path: at, Message: w.Message, Ask: w.Ask})
	}
	return list
}

// propertyRead is what reading one property comes to in a call.
type propertyRead struct {
	value      *slot              // nil when the property is absent or asked about
	issues     []agentinput.Issue // what stops the call
	bestEffort []agentinput.Issue // the items of a best-effort list that did not read
	notes      []agentinput.Remark
	warnings   []agentinput.Remark
}

// outcome reads one property as one outcome: the absence rule, the kind
// (a cursor against session and filters) and exact. It is what a
// property's Binding reads with, and the first step of read.
func (p *property) outcome(raw any, present bool, mode Mode, session, filters string) agentinput.Outcome[slot] {
	read := p.binding.read
	if p.binding.cursor != nil {
		read = func(raw any) agentinput.Outcome[slot] { return p.binding.cursor(raw, session, filters) }
	}
	return propertyOutcome(p, raw, present, mode, read)
}

// propertyOutcome reads one value of p with read: the absence rule, then
// the kind, then exact. A slot for a tool's call, the Go value itself for
// a Binding (binding.value).
func propertyOutcome[T any](p *property, raw any, present bool, mode Mode, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	a := p.absence(mode)
	return readProperty(p, &a, raw, present, read)
}

// readProperty is propertyOutcome with the absence rule's view of the
// property made already (abs is p.absence of the mode).
func readProperty[T any](p *property, abs *Property, raw any, present bool, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	o := readAbsence(raw, present, abs, read)
	if p.exact && o.Status() == agentinput.StatusValue && o.NoteCount() > 0 {
		return agentinput.Asking[T](agentinput.Ask{
			Code:     agentinput.AskInvalid,
			Received: agentinput.Received(raw),
			Reason:   "this property takes only the canonical value, with no repair",
			Expected: p.binding.expected,
			Hint:     "Send " + propertyName(&Property{Name: p.name}) + " exactly as " + string(p.binding.example) + " is written",
		})
	}
	return o
}

// absence is what the absence rule needs to know of the property.
func (p *property) absence(mode Mode) Property {
	return Property{
		Name: p.name, Mode: mode, Required: p.required, Collection: p.binding.collection,
		Expected: p.binding.expected, Example: p.binding.example, Examples: p.examples,
		Declared: p.binding.declared, UnknownIsAnAnswer: p.binding.unknownIsAnAnswer,
	}
}

// read reads one property of a call at its path at: its outcome, and for
// a list that asks, each item that did not read at its own path
// (/tags/3); a best-effort list goes ahead with the items that read. A
// kind that holds properties (an object, a union, a map, a list of them)
// answers with every issue at its own path inside (/source/url).
func (p *property) read(raw any, present bool, mode Mode, session, filters, at string) propertyRead {
	if p.binding.tree != nil {
		return p.readTree(raw, present, mode, at)
	}
	o := p.outcome(raw, present, mode, session, filters)
	return remarksAt(o, at, p, raw)
}

// readTree reads a property whose kind holds properties: the absence rule
// about the property itself, then its tree reader.
func (p *property) readTree(raw any, present bool, mode Mode, at string) propertyRead {
	var tr propertyRead
	ran := false
	o := Read(raw, present, p.absence(mode), func(raw any) agentinput.Outcome[slot] {
		ran = true
		tr = p.binding.tree(raw, at, mode)
		if tr.value == nil {
			a := agentinput.Ask{Code: agentinput.AskInvalid}
			if len(tr.issues) > 0 {
				a = tr.issues[0].Ask
			}
			return agentinput.Asking[slot](a)
		}
		return agentinput.Value(*tr.value, agentinput.Notes{})
	})
	_, asked := o.Ask()
	if ran && (o.Status() == agentinput.StatusValue || asked && tr.value == nil && len(tr.issues) > 0) {
		return tr
	}
	return remarksAt(o, at, p, raw)
}

// remarksAt is a property's outcome at path at, as a call reports it.
func remarksAt(o agentinput.Outcome[slot], at string, p *property, raw any) propertyRead {
	if a, ok := o.Ask(); ok {
		var asks []indexedAsk
		var good *slot
		// Item by item only when the list itself was read: an ask of the
		// absence rule (a placeholder on a write, a missing required
		// list) is about the property.
		if p.binding.items != nil && a.Code != agentinput.AskPlaceholderOnWrite && a.Code != agentinput.AskMissingRequired {
			good, asks = p.binding.items(raw)
		}
		if len(asks) == 0 {
			return propertyRead{issues: []agentinput.Issue{{Path: at, Ask: a}}}
		}
		itemIssues := make([]agentinput.Issue, len(asks))
		for k, ia := range asks {
			itemIssues[k] = agentinput.Issue{Path: at + "/" + strconv.Itoa(ia.index), Ask: ia.ask}
		}
		if !p.bestEffort || good == nil {
			return propertyRead{issues: itemIssues}
		}
		return propertyRead{value: good, bestEffort: itemIssues}
	}
	var r propertyRead
	for _, n := range o.Notes() {
		r.notes = append(r.notes, agentinput.Remark{Code: string(n.Code), Path: at, Message: n.Message})
	}
	for _, w := range o.Warnings() {
		r.warnings = append(r.warnings, agentinput.Remark{Code: string(w.Code), Path: at, Message: w.Message, Ask: w.Ask})
	}
	if s, ok := o.Value(); ok {
		r.value = &s
	}
	return r
}

// refusedArguments is the result of a call that does not reach its handler: the
// envelope of its issues (the best-effort ones after), with the notes and
// warnings so far; a do call that is refused has not started.
func (t *Tool) refusedArguments(res *Result, issues []agentinput.Issue) *Result {
	r := &Result{Envelope: invalidArguments(t.spec.Name, append(issues, res.Issues...)), Notes: res.Notes, Warnings: res.Warnings,
		read: res.Arguments}
	if t.spec.Intent == IntentDo {
		r.Effect = EffectNotStarted
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
	setFields(in, t.props, assign)
	if t.keyField != nil {
		setKey(in.FieldByIndex(t.keyField), res.IdempotencyKey)
	}
	call := &Call{ctx: ctx, req: requestOf(ctx)}
	if t.spec.Cursors != nil {
		call.codec, call.session, call.filters = t.spec.Cursors, sessionOf(ctx), t.filterHash(res.Arguments)
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
			return &Result{Envelope: t.failed(err, ""), Notes: res.Notes, Warnings: res.Warnings, cause: err}
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
	return unknownIssue(t.spec.Name, declared, name, raw, "")
}

// unknownIssue is the issue of a property that owner (a tool, or a
// nested object) does not declare, in the object at path at.
func unknownIssue(owner string, declared []string, name string, raw any, at string) agentinput.Issue {
	if len(declared) == 0 {
		reason, hint := owner+" takes no arguments", "Leave "+agentinput.Cut(name)+" out: call "+owner+" with {}"
		if at != "" {
			reason, hint = owner+" declares no properties", "Leave "+agentinput.Cut(name)+" out: send "+at+" as {}"
		}
		return agentinput.Issue{Path: at + pointer([]string{name}), Ask: agentinput.Ask{
			Code:     agentinput.AskUnknownProperty,
			Received: agentinput.Received(raw),
			Reason:   reason,
			Expected: "no properties: an empty object {}",
			Hint:     hint,
		}}
	}
	list := strings.Join(declared, ", ")
	// The name is the caller's: echoed cut, like every received value.
	hint := "Leave " + agentinput.Cut(name) + " out, or send what you meant as one of the declared properties: " + list
	if best, ok := likelyMeant(name, declared); ok {
		hint = "Send it as " + best + " (the declared properties: " + list + ")"
	}
	return agentinput.Issue{Path: at + pointer([]string{name}), Ask: agentinput.Ask{
		Code:     agentinput.AskUnknownProperty,
		Received: agentinput.Received(raw),
		Reason:   owner + " has no property " + strconv.Quote(agentinput.Cut(name)),
		Expected: "one of the declared properties: " + list,
		Hint:     hint,
	}}
}

// likelyMeant returns the one declared property an unknown name most
// likely stands for, compared without letter case, underscores and
// hyphens: the same name (dateFrom, date-from), a name the unknown one
// begins (lang → language, at least three letters), a name whose last
// word it is (id → decision_id, from → date_from), or the nearest by
// edits (a swap of neighbours is one) — at most one edit for names of up
// to five letters, two beyond. A tie names none: "sort" is as far from
// "court" as from "port", and a wrong suggestion sends a value where it
// does not belong.
func likelyMeant(name string, declared []string) (string, bool) {
	key := propertyKey(name)
	if key == "" || len(key) > 64 {
		return "", false
	}
	var prefixed []string
	for _, d := range declared {
		dk := propertyKey(d)
		if dk == key {
			return d, true
		}
		if len(key) >= 3 && strings.HasPrefix(dk, key) {
			prefixed = append(prefixed, d)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0], true
	}
	// A name that is the last word of exactly one declared name: id for
	// decision_id, from for date_from.
	var suffixed []string
	for _, d := range declared {
		if len(key) >= 2 && strings.HasSuffix(strings.ToLower(d), "_"+strings.ToLower(name)) {
			suffixed = append(suffixed, d)
		}
	}
	if len(suffixed) == 1 {
		return suffixed[0], true
	}
	limit := 1
	if len(key) > 5 {
		limit = 2
	}
	best, bestDist, tie := "", limit+1, false
	for _, d := range declared {
		switch dist := editDistance(key, propertyKey(d), limit+1); {
		case dist < bestDist:
			best, bestDist, tie = d, dist, false
		case dist == bestDist:
			tie = true
		}
	}
	if best == "" || tie {
		return "", false
	}
	return best, true
}

// propertyKey folds a property name for comparison: ASCII lower case,
// without underscores, hyphens and spaces.
func propertyKey(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == ' ':
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// editDistance is the optimal string alignment distance of a and b (the
// Levenshtein distance where a swap of neighbours is one edit), counted up
// to limit (a longer distance reports limit): property names are short,
// and the bound keeps a long unknown name from costing more.
func editDistance(a, b string, limit int) int {
	if len(a) > 64 || len(b) > 64 {
		return limit
	}
	rows := [3][]int{make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)}
	prev2, prev, cur := rows[0], rows[1], rows[2]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit)
}

// reversedRanges finds from/to pairs whose from is after its to: an issue
// naming both, never a silent swap.
func (t *Tool) reversedRanges(args, sent map[string]any) []agentinput.Issue {
	return reversedRanges(t.props, t.byName, args, sent, "")
}

// reversedRanges is the from/to check of the properties of one object
// (the arguments, or a nested object at path at): args normalized, sent
// as they came.
func reversedRanges(props []*property, byName map[string]*property, args, sent map[string]any, at string) []agentinput.Issue {
	var out []agentinput.Issue
	for _, p := range props {
		to := p.rangeTo
		if to == "" {
			continue
		}
		from, fok := args[p.name]
		upto, tok := args[to]
		if !fok || !tok || !later(p.kind, from, upto) {
			continue
		}
		fromJSON, toJSON := mustJSON(from), mustJSON(upto)
		swapFrom, swapTo := swapped(p, byName[to], sent, toJSON, fromJSON)
		out = append(out, agentinput.Issue{Path: at + pointer([]string{p.name}), Ask: agentinput.Ask{
			Code:     agentinput.AskRangeReversed,
			Received: json.RawMessage(fromJSON),
			Reason:   p.name + " " + string(fromJSON) + " is after " + to + " " + string(toJSON),
			Expected: p.name + " on or before " + to,
			Hint:     "Send " + p.name + " " + string(swapFrom) + " and " + to + " " + string(swapTo) + " if you meant that period",
		}})
	}
	return out
}

// swapped returns the values of a reversed pair sent the other way round:
// each end's spelling read by the other end's binding, so that a period
// keeps its whole extent ("2024" and "2020" swap to 2020-01-01 and
// 2024-12-31, not to 2020-12-31 and 2024-01-01). When either spelling does
// not read as a value at the other end, the two read values swap as they
// are (fromJSON and toJSON are those, already swapped).
func swapped(from, to *property, sent map[string]any, swapFrom, swapTo []byte) ([]byte, []byte) {
	if from == nil || to == nil || from.binding.read == nil || to.binding.read == nil {
		return swapFrom, swapTo
	}
	a, okA := from.binding.read(sent[to.name]).Value()
	b, okB := to.binding.read(sent[from.name]).Value()
	if !okA || !okB || later(from.kind, a.json, b.json) {
		return swapFrom, swapTo
	}
	return mustJSON(a.json), mustJSON(b.json)
}

// pairOf returns the "to" property of a "from" property name.
func pairOf(name string) (string, bool) {
	switch {
	case name == "since":
		return "until", true
	case strings.HasSuffix(name, "_from") && len(name) > len("_from"):
		return strings.TrimSuffix(name, "_from") + "_to", true
	}
	return "", false
}

// later is after for the canonical values of a property of kind: two
// instants by the instants they name, whatever their offsets.
func later(kind string, a, b any) bool {
	x, okA := a.(string)
	y, okB := b.(string)
	if kind != "timestamp" || !okA || !okB {
		return after(a, b)
	}
	ta, errA := timestamp.Parse(x)
	tb, errB := timestamp.Parse(y)
	return errA == nil && errB == nil && ta.After(tb)
}

// after reports whether canonical value a comes after b: dates as their
// ISO spelling, numbers through the number kind.
func after(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x > y
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		dx, err1 := number.Parse(string(x))
		dy, err2 := number.Parse(string(y))
		return err1 == nil && err2 == nil && dx.Compare(dy) > 0
	}
	return false
}

func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte("null")
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
