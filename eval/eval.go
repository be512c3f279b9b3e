// Package eval scores a corpus of tool calls, spelled as a model sends
// them, against tools built with the factory: does each call get through on
// the first attempt, on the second (by copying what the ask names), and is
// any call ever accepted with a value other than the one the model meant (a
// guess)?
//
// A corpus is JSONL, one call a line:
//
//	{"tool": "read_decisions", "arguments": {"limit": "20"}, "intended": {"limit": 20}, "label": "number-string"}
//
// intended holds the canonical arguments the model meant; a property
// missing from intended (or null there) means "meant absent". See
// docs/eval.md for the scoring rules and the cursor markers.
package eval

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/promcp"
)

// Outcome is the score of one call.
type Outcome string

// The outcomes, in the order reports list them.
const (
	// Exact: accepted, no notes or warnings, arguments equal intended.
	Exact Outcome = "exact"
	// Repaired: accepted with notes (or warnings), arguments equal
	// intended.
	Repaired Outcome = "repaired"
	// AskedRecoverable: an ask whose every issue names the way to the
	// intended value, and whose second attempt (copying it) was accepted
	// with arguments equal to intended. A filter dropped with a warning
	// filter_dropped counts as an ask: the result says the filter was not
	// applied and names the values it could have meant.
	AskedRecoverable Outcome = "asked_recoverable"
	// AskedDeadEnd: an ask (or a failure) that names no way to the
	// intended value, or whose second attempt did not succeed.
	AskedDeadEnd Outcome = "asked_dead_end"
	// Wrong: accepted with arguments that differ from intended — a guess.
	Wrong Outcome = "wrong"
)

// Outcomes lists every outcome in report order.
var Outcomes = []Outcome{Exact, Repaired, AskedRecoverable, AskedDeadEnd, Wrong}

// Case is one line of a corpus.
type Case struct {
	// Line is the 1-based line number in the corpus file.
	Line int `json:"line"`
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Arguments are the arguments as a model sends them.
	Arguments json.RawMessage `json:"arguments"`
	// Intended are the canonical arguments the model meant.
	Intended json.RawMessage `json:"intended"`
	// Label groups calls in the report (a spelling class).
	Label string `json:"label"`
	// CursorFrom, when set, are arguments of a first call to the same tool
	// whose output's next_cursor replaces the markers $NEXT_CURSOR,
	// $NEXT_CURSOR_TRUNCATED and $NEXT_CURSOR_FLIPPED in Arguments and
	// Intended before the call. The first call is not scored.
	CursorFrom json.RawMessage `json:"cursor_from,omitempty"`
}

// Load reads a JSONL corpus. Blank lines and lines starting with # or //
// are skipped.
func Load(r io.Reader) ([]Case, error) {
	var cases []Case
	err := eachLine(r, func(n int, line []byte) error {
		var c Case
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return err
		}
		if c.Tool == "" {
			return errors.New("no tool")
		}
		if len(c.Arguments) == 0 {
			c.Arguments = json.RawMessage(`{}`)
		}
		if len(c.Intended) == 0 {
			c.Intended = json.RawMessage(`{}`)
		}
		var probe map[string]any
		if err := json.Unmarshal(c.Intended, &probe); err != nil || probe == nil {
			return errors.New("intended is not a JSON object")
		}
		if c.Label == "" {
			c.Label = "(none)"
		}
		c.Line = n
		cases = append(cases, c)
		return nil
	})
	return cases, err
}

// eachLine calls f with each line of a JSONL corpus and its 1-based
// number, skipping blank lines and lines starting with # or //; an error
// of f is the corpus's, at that line.
func eachLine(r io.Reader, f func(n int, line []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' || bytes.HasPrefix(line, []byte("//")) {
			continue
		}
		if err := f(n, line); err != nil {
			return fmt.Errorf("line %d: %v", n, err)
		}
	}
	return sc.Err()
}

// Attempt is one call the eval made.
type Attempt struct {
	Arguments json.RawMessage `json:"arguments"`
	// Accepted is true when the call reached the handler (or a replay).
	Accepted bool `json:"accepted"`
	// Normalized are the factory's normalized arguments of an accepted
	// call.
	Normalized json.RawMessage `json:"normalized,omitempty"`
	Notes      []string        `json:"notes,omitempty"`
	// Warnings are the codes and paths of an accepted call's warnings
	// (filter_dropped, replayed, …).
	Warnings []string `json:"warnings,omitempty"`
	// Partial are the items of best-effort lists that did not read.
	Partial []agentinput.Issue `json:"partial,omitempty"`
	// Envelope is the answer of a call that was not accepted.
	Envelope *factory.Envelope `json:"envelope,omitempty"`
}

// Scored is the score of one case.
type Scored struct {
	Line    int     `json:"line"`
	Tool    string  `json:"tool"`
	Label   string  `json:"label"`
	Outcome Outcome `json:"outcome"`
	// Written are the arguments as the corpus line writes them, before
	// the cursor markers are replaced.
	Written  json.RawMessage `json:"written"`
	Intended json.RawMessage `json:"intended"`
	First    Attempt         `json:"first"`
	// Second is the second attempt of an ask that named a way to the
	// intended value.
	Second *Attempt `json:"second,omitempty"`
	// Why says in words why the call scored as it did, for dead ends and
	// wrong calls.
	Why string `json:"why,omitempty"`
}

// Caller makes one call of a tool by name and returns what the factory
// made of it: Arguments, Notes and Warnings of an accepted call, or the
// Envelope. In process, Tools calls factory tools; over MCP, MCP calls a
// server that echoes its normalized arguments. An error is a failure of
// the transport, not of the call, and stops the run.
type Caller interface {
	Call(ctx context.Context, tool string, arguments json.RawMessage) (*factory.Result, error)
	// Declared lists the tool's declared properties (its input schema's
	// properties), to tell an unknown property from a declared one.
	Declared(tool string) []string
}

// Tools is a Caller over factory tools in process.
type Tools map[string]*factory.Tool

// NewTools indexes tools by name.
func NewTools(tools []*factory.Tool) Tools {
	m := Tools{}
	for _, t := range tools {
		m[t.Name()] = t
	}
	return m
}

// Call calls the tool named tool.
func (m Tools) Call(ctx context.Context, tool string, arguments json.RawMessage) (*factory.Result, error) {
	t := m[tool]
	if t == nil {
		return nil, fmt.Errorf("no tool %q", tool)
	}
	return t.Call(ctx, arguments), nil
}

// Declared lists the tool's properties.
func (m Tools) Declared(tool string) []string {
	if t := m[tool]; t != nil {
		return t.Properties()
	}
	return nil
}

// Run drives every case through tools in process, in corpus order, with
// ctx (carry a session with protocol.WithPrincipal: cursors are bound to it),
// and scores each. The tools should be fresh for a deterministic run: do
// tools change their store and remember receipts.
func Run(ctx context.Context, tools []*factory.Tool, cases []Case) (*Report, error) {
	return RunWith(ctx, NewTools(tools), cases)
}

// RunWith is Run through any Caller.
func RunWith(ctx context.Context, caller Caller, cases []Case) (*Report, error) {
	rep := &Report{}
	for _, c := range cases {
		written := c.Arguments
		c, err := substituteCursor(ctx, caller, c)
		if err != nil {
			return nil, err
		}
		s, err := score(ctx, caller, c)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", c.Line, err)
		}
		s.Written = written
		rep.Calls = append(rep.Calls, s)
	}
	rep.summarize()
	return rep, nil
}

// substituteCursor runs the case's CursorFrom call and puts its next_cursor
// (intact or damaged) in place of the markers.
func substituteCursor(ctx context.Context, caller Caller, c Case) (Case, error) {
	if len(c.CursorFrom) == 0 {
		return c, nil
	}
	res, err := caller.Call(ctx, c.Tool, c.CursorFrom)
	if err != nil {
		return c, fmt.Errorf("line %d: cursor_from: %v", c.Line, err)
	}
	if res.Envelope != nil {
		return c, fmt.Errorf("line %d: cursor_from was not accepted: %s", c.Line, res.Envelope.Message)
	}
	out, err := json.Marshal(res.Output)
	if err != nil {
		return c, fmt.Errorf("line %d: cursor_from output: %v", c.Line, err)
	}
	// The page's next_cursor, at the top of the result or inside a proMCP
	// read result's value.
	var page struct {
		NextCursor string `json:"next_cursor"`
		Value      struct {
			NextCursor string `json:"next_cursor"`
		} `json:"value"`
	}
	err = json.Unmarshal(out, &page)
	tok := cmp.Or(page.NextCursor, page.Value.NextCursor)
	if err != nil || len(tok) < 12 {
		return c, fmt.Errorf("line %d: cursor_from gave no next_cursor", c.Line)
	}
	flipped := []byte(tok)
	mid := len(flipped) / 2
	if flipped[mid] == 'A' {
		flipped[mid] = 'B'
	} else {
		flipped[mid] = 'A'
	}
	r := strings.NewReplacer(
		"$NEXT_CURSOR_TRUNCATED", tok[:len(tok)-6],
		"$NEXT_CURSOR_FLIPPED", string(flipped),
		"$NEXT_CURSOR", tok,
	)
	c.Arguments = json.RawMessage(r.Replace(string(c.Arguments)))
	c.Intended = json.RawMessage(r.Replace(string(c.Intended)))
	return c, nil
}

func attempt(ctx context.Context, caller Caller, tool string, args json.RawMessage) (Attempt, *factory.Result, error) {
	res, err := caller.Call(ctx, tool, args)
	if err != nil {
		return Attempt{}, nil, err
	}
	a := Attempt{Arguments: args}
	if res.Envelope != nil {
		a.Envelope = res.Envelope
		return a, res, nil
	}
	a.Accepted = true
	a.Normalized, _ = json.Marshal(res.Arguments)
	for _, n := range res.Notes {
		a.Notes = append(a.Notes, n.Code+" "+n.Path)
	}
	for _, w := range res.Warnings {
		a.Warnings = append(a.Warnings, w.Code+" "+w.Path)
	}
	a.Partial = res.Issues
	return a, res, nil
}

func score(ctx context.Context, caller Caller, c Case) (Scored, error) {
	s, _, err := scoreCall(ctx, caller, c)
	return s, err
}

// scoreCall scores one call, and returns the result of its accepted
// attempt (the first, or the second of an ask that named the way), nil
// when none was accepted with the intended arguments.
func scoreCall(ctx context.Context, caller Caller, c Case) (Scored, *factory.Result, error) {
	s, res, err := scoreAttempts(ctx, caller, c)
	if err != nil || (s.Outcome != Exact && s.Outcome != Repaired && s.Outcome != AskedRecoverable) {
		return s, nil, err
	}
	return s, res, nil
}

func scoreAttempts(ctx context.Context, caller Caller, c Case) (Scored, *factory.Result, error) {
	s := Scored{Line: c.Line, Tool: c.Tool, Label: c.Label, Intended: c.Intended}
	intended := objectOf(c.Intended)
	first, res, err := attempt(ctx, caller, c.Tool, c.Arguments)
	if err != nil {
		return s, nil, err
	}
	s.First = first
	var second map[string]any
	switch {
	case first.Accepted && equalArgs(res.Arguments, intended):
		if len(res.Notes) == 0 && len(res.Warnings) == 0 {
			s.Outcome = Exact
		} else {
			s.Outcome = Repaired
		}
		return s, res, nil
	case first.Accepted:
		// Accepted with other arguments: a guess, unless every property
		// that differs was dropped with a warning filter_dropped — the
		// result says that filter was not applied, which is an ask with a
		// result beside it (docs/eval.md: a filter never empties a search).
		next, why, dropped := droppedFilters(objectOf(c.Arguments), res, intended)
		if !dropped {
			s.Outcome = Wrong
			s.Why = "accepted " + string(first.Normalized) + ", meant " + string(canonical(intended))
			if len(first.Warnings) > 0 {
				s.Why += " (warnings: " + strings.Join(first.Warnings, ", ") + ")"
			}
			return s, res, nil
		}
		if next == nil {
			s.Outcome = AskedDeadEnd
			s.Why = why
			return s, res, nil
		}
		second = next
	default:
		env := res.Envelope
		if len(env.Issues) == 0 {
			s.Outcome = AskedDeadEnd
			s.Why = "no issue: " + string(env.Code)
			return s, res, nil
		}
		var why string
		second, why = secondArguments(declaredFor(caller, c.Tool, intended), objectOf(c.Arguments), intended, env.Issues)
		if second == nil {
			s.Outcome = AskedDeadEnd
			s.Why = why
			return s, res, nil
		}
	}
	raw, _ := json.Marshal(second)
	a2, res2, err := attempt(ctx, caller, c.Tool, raw)
	if err != nil {
		return s, nil, err
	}
	s.Second = &a2
	switch {
	case !a2.Accepted:
		s.Outcome = AskedDeadEnd
		s.Why = "the second attempt was not accepted: " + res2.Envelope.Message
	case !equalArgs(res2.Arguments, intended):
		// The second attempt copied what the ask named and was accepted
		// with something else: a guess, on the second attempt.
		s.Outcome = Wrong
		s.Why = "second attempt accepted " + string(a2.Normalized) + ", meant " + string(canonical(intended))
	default:
		s.Outcome = AskedRecoverable
	}
	return s, res2, nil
}

// droppedFilters scores an accepted call whose arguments differ from
// intended. dropped is true when every property that differs was sent,
// reads as absent, and carries a warning filter_dropped at its path: the
// server did not guess, it said the filter was not applied. next is then
// the second attempt, each such property with its intended value, or nil,
// with the reason, when a warning does not name the intended value.
func droppedFilters(args map[string]any, res *factory.Result, intended map[string]any) (next map[string]any, why string, dropped bool) {
	warned := map[string]string{}
	for _, w := range res.Warnings {
		if w.Code == string(agentinput.WarningFilterDropped) {
			warned[w.Path] = w.Message
		}
	}
	if len(warned) == 0 {
		return nil, "", false
	}
	next = map[string]any{}
	for k, v := range args {
		next[k] = v
	}
	keys := map[string]bool{}
	for k := range res.Arguments {
		keys[k] = true
	}
	for k := range intended {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		got, have := res.Arguments[k]
		want, meant := intended[k]
		if have == meant && (!have || bytes.Equal(canonical(got), canonical(want))) {
			continue
		}
		message, ok := warned["/"+k]
		if _, sent := args[k]; !ok || !sent || have {
			return nil, "", false
		}
		if !meant {
			delete(next, k)
			continue
		}
		if !strings.Contains(message, string(canonical(want))) {
			why = "/" + k + " (filter_dropped): the warning does not name the intended value"
			return nil, why, true
		}
		next[k] = want
	}
	return next, "", true
}

// declaredFor are the properties a call of tool may send: its declared
// ones, and for a proMCP can_do also those of the action the model meant,
// which it takes beside action (factory.CanDo).
func declaredFor(caller Caller, tool string, intended map[string]any) []string {
	props := caller.Declared(tool)
	if triad, _ := promcp.NameTriad(tool); triad == promcp.TriadCanDo {
		if action, ok := intended[factory.ActionProperty].(string); ok {
			props = append(append([]string(nil), props...), caller.Declared(action)...)
		}
	}
	return props
}

// secondArguments builds the second attempt: each property an issue is
// about takes its intended value (or is left out when meant absent). It
// returns nil, with the reason, when some issue names no way to the
// intended value.
func secondArguments(properties []string, args, intended map[string]any, issues []agentinput.Issue) (map[string]any, string) {
	declared := map[string]bool{}
	for _, p := range properties {
		declared[p] = true
	}
	next := map[string]any{}
	for k, v := range args {
		next[k] = v
	}
	// Properties an unknown property's hint sends the value to: a
	// missing_required issue on one of them is the same mistake.
	moved := map[string]bool{}
	for _, is := range issues {
		if segs := splitPointer(is.Path); len(segs) > 0 && !declared[segs[0]] {
			for q := range intended {
				if _, sent := args[q]; !sent && declared[q] && mentionsProperty(is.Hint, q) {
					moved[q] = true
				}
			}
		}
	}
	for _, is := range issues {
		segs := splitPointer(is.Path)
		if len(segs) == 0 {
			return nil, "an issue about the arguments as a whole (" + string(is.Code) + ")"
		}
		prop := segs[0]
		if declared[prop] && moved[prop] && len(segs) == 1 && is.Code == agentinput.AskMissingRequired {
			continue
		}
		if is.Code == agentinput.AskRangeReversed {
			// The ask is about a pair: both take their intended values,
			// and the hint must name both.
			for _, q := range []string{prop, pairOf(prop)} {
				want, meant := intended[q]
				if !meant || want == nil || !named(is, want) {
					return nil, is.Path + " (" + string(is.Code) + "): the hint does not name the intended " + q
				}
				next[q] = want
			}
			continue
		}
		if !declared[prop] {
			// An unknown property: the way is the declared property its
			// hint names, which the model meant and did not send.
			target := ""
			for q := range intended {
				if _, sent := args[q]; !sent && declared[q] && mentionsProperty(is.Hint, q) {
					target = q
				}
			}
			delete(next, prop)
			if target == "" {
				if _, meant := intended[prop]; !meant && mentionsLeaveOut(is.Hint) {
					continue
				}
				return nil, "unknown property " + prop + ": the hint names no intended property"
			}
			next[target] = intended[target]
			continue
		}
		want, meant := lookup(intended, segs)
		if !meant {
			if _, whole := intended[prop]; !whole && mentionsLeaveOut(is.Hint) {
				delete(next, prop)
				continue
			}
			return nil, is.Path + " (" + string(is.Code) + "): meant absent, and the ask does not say to leave it out"
		}
		if !named(is, want) {
			return nil, is.Path + " (" + string(is.Code) + "): the intended value is neither a reading nor in the hint"
		}
		if v, ok := intended[prop]; ok {
			next[prop] = v
		} else {
			delete(next, prop)
		}
	}
	return next, ""
}

// named reports whether the ask names want: among its readings (as
// canonical JSON) or, spelled as JSON or as a bare string, in its hint.
func named(is agentinput.Issue, want any) bool {
	w := canonical(want)
	for _, r := range is.Readings {
		if bytes.Equal(canonical(decode(r.Value)), w) {
			return true
		}
	}
	if strings.Contains(is.Hint, string(w)) {
		return true
	}
	if s, ok := want.(string); ok && s != "" && strings.Contains(is.Hint, s) {
		return true
	}
	return false
}

// pairOf names the other end of a from/to pair.
func pairOf(name string) string {
	switch {
	case name == "since":
		return "until"
	case name == "until":
		return "since"
	case strings.HasSuffix(name, "_from"):
		return strings.TrimSuffix(name, "_from") + "_to"
	case strings.HasSuffix(name, "_to"):
		return strings.TrimSuffix(name, "_to") + "_from"
	}
	return name
}

func mentionsProperty(hint, name string) bool {
	return strings.Contains(hint, " "+name+" ") || strings.Contains(hint, " "+name+",") ||
		strings.Contains(hint, " "+name+")") || strings.HasSuffix(hint, " "+name)
}

func mentionsLeaveOut(hint string) bool {
	h := strings.ToLower(hint)
	return strings.Contains(h, "leave") && strings.Contains(h, "out") || strings.Contains(h, "omit")
}

// lookup resolves a JSON Pointer's segments in intended.
func lookup(intended map[string]any, segs []string) (any, bool) {
	var cur any = intended
	for _, s := range segs {
		switch v := cur.(type) {
		case map[string]any:
			x, ok := v[s]
			if !ok || x == nil {
				return nil, false
			}
			cur = x
		case []any:
			i := 0
			if _, err := fmt.Sscanf(s, "%d", &i); err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			cur = v[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func splitPointer(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts
}

// equalArgs compares accepted arguments with intended, as canonical JSON,
// with null (absent) properties dropped on both sides.
func equalArgs(got map[string]any, intended map[string]any) bool {
	return bytes.Equal(canonical(dropNull(decode(mustJSON(got)))), canonical(dropNull(intended)))
}

func dropNull(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, x := range m {
		if x != nil {
			out[k] = x
		}
	}
	return out
}

// canonical is v as JSON with sorted keys and numbers as float64 decoded
// them, so that 20 and 20.0 compare equal.
func canonical(v any) []byte {
	b, err := json.Marshal(decode(mustJSON(v)))
	if err != nil {
		return []byte("?")
	}
	return b
}

func mustJSON(v any) []byte {
	if raw, ok := v.(json.RawMessage); ok {
		return raw
	}
	b, err := json.Marshal(v)
	if err != nil {
		return []byte("null")
	}
	return b
}

func decode(raw []byte) any {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil
	}
	return v
}

func objectOf(raw json.RawMessage) map[string]any {
	m, _ := decode(raw).(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
