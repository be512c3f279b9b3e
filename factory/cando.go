package factory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/number"
	"agentinput.dev/promcp"
)

// Action is one do tool a generic can_do answers for, and its
// precondition.
type Action struct {
	// Tool is the do tool (declared with New).
	Tool *Tool
	// Check says whether the action may run now with these arguments,
	// normalized by the action's own declaration; nil means it may. It
	// must not change anything: can_do is a read.
	Check func(ctx context.Context, arguments map[string]any) Verdict
	// RelatedReads names the read_* tools worth calling before acting
	// (the report's context.related_reads).
	RelatedReads []string
}

// Verdict is an action's precondition: whether it may run now and what the
// answer rests on. The zero Verdict is "allowed, valid for
// DefaultValidFor".
type Verdict struct {
	// Permission is promcp.Allowed when empty; RequiresHumanApproval
	// keeps the action a candidate; any other permission blocks it and
	// needs a Reason.
	Permission promcp.Permission
	Reason     string
	Details    string
	// CurrentState is the value the action would change, when it has one.
	CurrentState *promcp.State
	// Constraints replaces the bounds read from the action's schema.
	Constraints *promcp.Constraints
	// ValidFor is how long the answer holds (DefaultValidFor when zero).
	ValidFor time.Duration
	// Latency is how long the action is expected to take.
	Latency time.Duration
	// Observations are what the answer was based on, by name.
	Observations map[string]any
}

// DefaultValidFor is how long a can_do answer holds when the precondition
// does not say.
const DefaultValidFor = 30 * time.Second

// FoldedConfidence is a candidate's confidence when the action's name was
// read with a note (a case or spacing variant): the exact name is 1. A
// name farther off is an ask before any candidate is made, so no candidate
// is ever below it.
const FoldedConfidence = 0.9

// The properties of a generic can_do.
const (
	ActionProperty    = "action"
	ArgumentsProperty = "arguments"
)

// CanDo declares the generic can_do of a server's do tools: it takes an
// action's name and its arguments, nested in arguments or beside action,
// reads them with the action's own declaration (the same kinds, notes and
// asks; paths under /arguments when nested), calls the action's Check, and
// answers a promcp.CapabilityReport — a candidate with permission,
// confidence, constraints, side effects and valid_until, or a blocked
// entry with its reason. It changes nothing. The spec's intent is can_do
// (an empty intent is taken as can_do); its name must be can_do or start
// with can_do_.
func CanDo(spec Spec, actions ...Action) (*Tool, error) {
	if spec.Intent == "" {
		spec.Intent = IntentCanDo
	}
	problems := spec.check()
	if triad, _ := promcp.NameTriad(spec.Name); triad != promcp.TriadCanDo {
		problems = append(problems, fmt.Errorf("factory: tool %s: a generic can_do is named can_do or can_do_*", spec.Name))
	}
	if spec.Intent != IntentCanDo {
		problems = append(problems, fmt.Errorf("factory: tool %s: a generic can_do has intent can_do", spec.Name))
	}
	if len(actions) == 0 {
		problems = append(problems, fmt.Errorf("factory: tool %s: a generic can_do needs at least one action", spec.Name))
	}
	byName := map[string]Action{}
	var names []any
	for i, a := range actions {
		switch {
		case a.Tool == nil:
			problems = append(problems, fmt.Errorf("factory: tool %s: action %d has no tool", spec.Name, i))
			continue
		case a.Tool.spec.Intent != IntentDo:
			problems = append(problems, fmt.Errorf("factory: tool %s: action %s is not a do tool", spec.Name, a.Tool.Name()))
		case byName[a.Tool.Name()].Tool != nil:
			problems = append(problems, fmt.Errorf("factory: tool %s: action %s is named twice", spec.Name, a.Tool.Name()))
		}
		byName[a.Tool.Name()] = a
		names = append(names, a.Tool.Name())
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	listed := make([]string, len(names))
	for i, n := range names {
		listed[i] = n.(string)
	}
	schema, _ := json.Marshal(map[string]any{
		"type":     "object",
		"required": []any{ActionProperty},
		"properties": map[string]any{
			ActionProperty: map[string]any{"type": "string", "enum": names,
				"description": "The action to check: " + strings.Join(listed, ", ") + "."},
			ArgumentsProperty: map[string]any{"type": "object",
				"description": "The action's arguments, as the action itself takes them; they may also be sent beside action instead."},
		},
	})
	t, err := FromSchema(spec, schema)
	if err != nil {
		return nil, err
	}
	t.output = promcp.CapabilityReportSchema()
	t.direct = func(ctx context.Context, res *Result) *Result { return canDo(ctx, t, byName, res) }
	own := t.Properties()
	t.passes = func(name string) bool {
		for _, a := range byName {
			if a.Tool.byName[name] != nil || name == IdempotencyKeyProperty {
				return true
			}
		}
		_, misspelt := binding.LikelyMeant(name, own)
		return !misspelt
	}
	return t, nil
}

// canDo answers one call of a generic can_do whose own arguments read.
func canDo(ctx context.Context, t *Tool, actions map[string]Action, res *Result) *Result {
	start := time.Now()
	name, _ := res.Arguments[ActionProperty].(string)
	act := actions[name]
	nested, isNested := res.Arguments[ArgumentsProperty]
	flat := map[string]any{}
	for k, v := range res.Arguments {
		if k != ActionProperty && k != ArgumentsProperty {
			flat[k] = v
		}
	}
	if isNested && len(flat) > 0 {
		var issues []agentinput.Issue
		for _, k := range binding.SortedKeys(flat) {
			issues = append(issues, agentinput.Issue{Path: binding.Pointer([]string{k}), Ask: agentinput.Ask{
				Code:     agentinput.AskUnknownProperty,
				Received: agentinput.Received(flat[k]),
				Reason:   "the arguments of " + name + " are sent inside arguments, and this one beside them",
				Expected: "every argument of the action in one place",
				Hint:     "Send " + agentinput.Cut(k) + " inside arguments with the others",
			}})
		}
		return t.refusedArguments(res, issues)
	}
	sentArgs := flat
	prefix := ""
	if isNested {
		m, _ := nested.(map[string]any) // the schema admitted only an object
		sentArgs, prefix = m, "/"+ArgumentsProperty
	}
	raw, err := json.Marshal(sentArgs)
	if err != nil {
		return &Result{Envelope: t.failed(err, ""), Notes: res.Notes, Warnings: res.Warnings, cause: err}
	}
	// Read as a read: can_do changes nothing, so a placeholder is absence
	// here, not the ask it is on the write itself.
	var sent map[string]any
	read, _, _, done := act.Tool.readCall(ctx, raw, &sent, binding.ModeRead)
	for _, n := range read.Notes {
		n.Path = prefix + n.Path
		res.Notes = append(res.Notes, n)
	}
	for _, w := range read.Warnings {
		w.Path = prefix + w.Path
		res.Warnings = append(res.Warnings, w)
	}
	if done && onlyMissing(read.Envelope) {
		// Arguments the action needs and the call left out: the action
		// cannot run as asked, which is can_do's answer, not an ask.
		res.Arguments = normalized(name, isNested, read.read)
		var missing []string
		for _, is := range read.Envelope.Issues {
			missing = append(missing, strings.TrimPrefix(is.Path, "/"))
		}
		return answer(t, res, name, start, Verdict{Permission: promcp.OutOfRange,
			Reason: name + " needs " + strings.Join(missing, " and ")}, act)
	}
	if done {
		e := *read.Envelope
		e.Issues = make([]agentinput.Issue, len(read.Envelope.Issues))
		for i, is := range read.Envelope.Issues {
			is.Path = prefix + is.Path
			e.Issues[i] = is
		}
		if e.Code == agentinput.EnvelopeInvalidArguments {
			return &Result{Envelope: invalidArguments(t.spec.Name, e.Issues), Notes: res.Notes, Warnings: res.Warnings}
		}
		return &Result{Envelope: &e, Notes: res.Notes, Warnings: res.Warnings}
	}
	res.Arguments = normalized(name, isNested, read.Arguments)

	var v Verdict
	if act.Check != nil {
		v = act.Check(ctx, read.Arguments)
	}
	return answer(t, res, name, start, v, act)
}

// normalized are a can_do call's normalized arguments, in the shape they
// were sent: the action's nested in arguments, or beside action.
func normalized(name string, nested bool, args map[string]any) map[string]any {
	if nested {
		if args == nil {
			args = map[string]any{}
		}
		return map[string]any{ActionProperty: name, ArgumentsProperty: args}
	}
	out := map[string]any{ActionProperty: name}
	for k, v := range args {
		out[k] = v
	}
	return out
}

// onlyMissing reports whether an envelope asks only for required
// arguments that were left out.
func onlyMissing(e *Envelope) bool {
	if e == nil || e.Code != agentinput.EnvelopeInvalidArguments || len(e.Issues) == 0 {
		return false
	}
	for _, is := range e.Issues {
		if is.Code != agentinput.AskMissingRequired || strings.Count(is.Path, "/") != 1 {
			return false
		}
	}
	return true
}

// answer is the capability report of action name under verdict v.
func answer(t *Tool, res *Result, name string, start time.Time, v Verdict, act Action) *Result {
	report := promcp.CapabilityReport{Context: promcp.Context{RelatedReads: act.RelatedReads, CurrentObservations: v.Observations}}
	perm := v.Permission
	if perm == "" {
		perm = promcp.Allowed
	}
	source := t.spec.Name
	if perm.Runnable() {
		confidence := 1.0
		for _, n := range res.Notes {
			if n.Path == "/"+ActionProperty {
				confidence = FoldedConfidence
			}
		}
		constraints := v.Constraints
		if constraints == nil {
			constraints = act.Tool.constraints()
		}
		validFor := v.ValidFor
		if validFor <= 0 {
			validFor = DefaultValidFor
		}
		report.Candidates = []promcp.Candidate{{Capability: name, Source: source, Confidence: confidence, Permission: perm,
			CurrentState: v.CurrentState, Constraints: *constraints, SideEffects: act.Tool.spec.SideEffects,
			ValidUntil: start.Add(validFor), EstimatedLatencyMS: v.Latency.Milliseconds()}}
	} else {
		b := promcp.Blocked{Capability: name, Source: source, Permission: perm, Reason: v.Reason}
		if v.Details != "" {
			b.Details = &v.Details
		}
		report.Blocked = []promcp.Blocked{b}
	}
	report.Metadata = promcp.Metadata{Timestamp: start, TotalLatencyMS: time.Since(start).Milliseconds()}
	out, err := promcp.NewCapabilityReport(report)
	if err != nil {
		// A precondition that broke the contract (a blocking permission
		// without a reason, an unknown one): the server's bug.
		return &Result{Envelope: t.failed(err, ""), Notes: res.Notes, Warnings: res.Warnings, cause: err}
	}
	res.Output = out
	return res
}

// constraints are the bounds a candidate reports from the action's
// schema: those of its first property (in declaration order) that has an
// enum, an enum of items, or numeric bounds.
func (t *Tool) constraints() *promcp.Constraints {
	c := &promcp.Constraints{EnumValues: []string{}}
	props, _ := t.schema["properties"].(map[string]any)
	for _, p := range t.props {
		s, _ := props[p.Name].(map[string]any)
		if items, ok := s["items"].(map[string]any); ok && s["enum"] == nil {
			s = items
		}
		if enum, ok := s["enum"].([]any); ok {
			for _, e := range enum {
				if str, ok := e.(string); ok {
					c.EnumValues = append(c.EnumValues, str)
				}
			}
			return c
		}
		lo, okLo := bound(s["minimum"])
		hi, okHi := bound(s["maximum"])
		if okLo || okHi {
			if okLo {
				c.Min = &lo
			}
			if okHi {
				c.Max = &hi
			}
			return c
		}
	}
	return c
}

// bound is a schema bound (the factory writes them as json.Number) as a
// float64, read by the number kind.
func bound(v any) (float64, bool) {
	if v == nil {
		return 0, false
	}
	d, ok := number.Read(v, number.Options{}).Value()
	if !ok {
		return 0, false
	}
	return d.Float64()
}
