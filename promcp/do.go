package promcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Do is the result of a do_* tool: what happened, under which idempotency
// key, the value set and the value it replaced, the side effects, and
// whether (and how) the action can be reversed.
//
// A tool built with agentinput's factory leaves Effect, IdempotencyKey and
// Timestamp unset: the factory fills them with the call's effect, the key
// it actually used and the instant it committed (see [Do.CompleteDo]).
type Do[T any] struct {
	Status Status `json:"status"`
	// Effect is what the call did to the world, as its receipt records it
	// (committed, for a result; the other effects come with an error).
	Effect Effect `json:"effect"`
	// Changed says whether the action changed anything (agentinput's
	// extension of the contract). A handler may leave it nil: it is then
	// false when AppliedValue and PreviousValue are both set and encode
	// to the same JSON, true otherwise. A result that changed nothing has
	// no side effects and nothing to reverse.
	Changed        *bool  `json:"changed"`
	IdempotencyKey string `json:"idempotency_key"`
	// AppliedValue and PreviousValue are the value the action set and the
	// one it replaced, or nil (JSON null) when the action sets no value.
	AppliedValue  *T `json:"applied_value"`
	PreviousValue *T `json:"previous_value"`
	// SideEffects names every effect beyond the value itself ("sends an
	// email to the owner"); empty, never null, when there is none.
	SideEffects []string `json:"side_effects"`
	Compensable bool     `json:"compensable"`
	// CompensationHint is the call that reverses the action, exactly:
	// the tool's name, a space and its JSON arguments, as Compensate
	// writes it ("do_untag_decision {\"id\":\"d-1\",\"tags\":[\"tax\"]}"),
	// computed from the change this call made; set exactly when
	// Compensable is true.
	CompensationHint *string   `json:"compensation_hint"`
	Timestamp        time.Time `json:"timestamp"`
}

// NewDo checks and normalizes a do result a handler built: an unset Status
// is Success, nil SideEffects are empty, Timestamp is in UTC, an unset
// Changed is what the values say. The key and the timestamp may be left
// for [Do.Complete]; everything else must hold.
func NewDo[T any](d Do[T]) (Do[T], error) {
	if d.Status == "" {
		d.Status = Success
	}
	d.SideEffects = list(d.SideEffects)
	d.Timestamp = utc(d.Timestamp)
	if d.Changed == nil {
		changed := !sameValue(d.AppliedValue, d.PreviousValue)
		d.Changed = &changed
	}
	return d, d.check(false)
}

// sameValue reports whether the applied and the previous value are both
// set and encode to the same JSON: the action set what was there.
func sameValue[T any](applied, previous *T) bool {
	if applied == nil || previous == nil {
		return false
	}
	a, aerr := json.Marshal(applied)
	p, perr := json.Marshal(previous)
	return aerr == nil && perr == nil && bytes.Equal(a, p)
}

// Unchanged reports whether d says that its action changed nothing.
func (d Do[T]) Unchanged() bool { return d.Changed != nil && !*d.Changed }

// Compensate is d made compensable by the call tool with arguments (a
// value that encodes as a JSON object): the hint is the tool's name, a
// space and the arguments' JSON, which a caller sends as it is. Build the
// arguments from the change the call made (the tags it added, the value
// it replaced), never from what it was asked: following the hint must
// never undo anything that was there before the call.
func (d Do[T]) Compensate(tool string, arguments any) (Do[T], error) {
	hint, err := CompensationCall(tool, arguments)
	if err != nil {
		return d, err
	}
	d.Compensable, d.CompensationHint = true, &hint
	return d, nil
}

// CompensationCall writes a compensation hint: the tool's name, a space
// and the JSON of arguments, which must encode as an object.
func CompensationCall(tool string, arguments any) (string, error) {
	if !toolName(tool) {
		return "", fmt.Errorf("promcp: compensation: %q is not a tool name", tool)
	}
	b, err := json.Marshal(arguments)
	if err != nil {
		return "", fmt.Errorf("promcp: compensation: the arguments do not encode: %w", err)
	}
	if len(b) == 0 || b[0] != '{' {
		return "", fmt.Errorf("promcp: compensation: the arguments encode as %s, not a JSON object", b)
	}
	return tool + " " + string(b), nil
}

// ParseCompensation reads a compensation hint as CompensationCall writes
// it: the tool and its JSON arguments object.
func ParseCompensation(hint string) (tool string, arguments json.RawMessage, err error) {
	tool, args, ok := strings.Cut(hint, " ")
	if !ok || !toolName(tool) {
		return "", nil, errors.New("promcp: a compensation hint is a tool name, a space and a JSON object")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(args), &obj); err != nil || obj == nil {
		return "", nil, errors.New("promcp: a compensation hint's arguments are not a JSON object")
	}
	return tool, json.RawMessage(args), nil
}

// toolName reports whether s can name a tool in a compensation hint:
// letters, digits, "_", "-" and ".", not empty (MCP's tool names).
func toolName(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '-', c == '.':
		default:
			return false
		}
	}
	return true
}

// Complete is d with the idempotency key and the timestamp filled where
// they are unset, checked as a whole contract (an effect included).
func (d Do[T]) Complete(key string, at time.Time) (Do[T], error) {
	d, err := NewDo(d)
	if err != nil {
		return d, err
	}
	if d.IdempotencyKey == "" {
		d.IdempotencyKey = key
	}
	if d.Timestamp.IsZero() {
		d.Timestamp = utc(at)
	}
	return d, d.Validate()
}

// Validate reports what makes d break the do contract.
func (d Do[T]) Validate() error { return d.check(true) }

func (d Do[T]) check(whole bool) error {
	p := problems{contract: "do"}
	if !d.Status.known() {
		p.add("status %q is not one of %s", d.Status, names(Statuses()))
	}
	if (whole || d.Effect != "") && !member(d.Effect, Effects()) {
		p.add("effect %q is not one of %s", d.Effect, names(Effects()))
	}
	if whole {
		p.text("idempotency_key", d.IdempotencyKey)
		p.instant("timestamp", d.Timestamp)
		if d.SideEffects == nil {
			p.add("side_effects is null (send an empty list for none)")
		}
	} else if !d.Timestamp.IsZero() {
		p.instant("timestamp", d.Timestamp)
	}
	for i, s := range d.SideEffects {
		p.text(sideEffect(i), s)
	}
	switch hint := d.CompensationHint; {
	case d.Compensable && (hint == nil || *hint == ""):
		p.add("compensable is true but compensation_hint does not name the call that reverses it")
	case !d.Compensable && hint != nil:
		p.add("compensation_hint is set but compensable is false")
	case d.Compensable:
		if _, _, err := ParseCompensation(*hint); err != nil {
			p.add("compensation_hint %q is not the reversing call (a tool name, a space and its JSON arguments: Compensate writes it)", *hint)
		}
	}
	switch {
	case whole && d.Changed == nil:
		p.add("changed is not set")
	case d.Changed != nil && !*d.Changed && d.Compensable:
		p.add("changed is false (nothing changed) but compensable is true: there is nothing to reverse")
	case d.Changed != nil && !*d.Changed && len(d.SideEffects) > 0:
		p.add("changed is false (nothing changed) but side_effects is not empty")
	}
	return p.err()
}

func sideEffect(i int) string { return fmt.Sprintf("side_effects[%d]", i) }

// DoFill is what the factory knows of a do call that its handler's result
// may leave out: its effect, the idempotency key the call used, the
// instant it took effect, and the side effects the tool declares.
type DoFill struct {
	Effect      Effect
	Key         string
	At          time.Time
	SideEffects []string
}

// Completer is implemented by [Do]: the factory completes a do result with
// what the call knows, and checks it whole.
type Completer interface {
	CompleteDo(DoFill) (any, error)
}

// CompleteDo is d with the fill's side effects when d names none and
// changed something, and the key and the instant where they are unset,
// checked as a whole contract ([Do.Complete]). The compensating call is
// the handler's alone: only it knows the change it made.
func (d Do[T]) CompleteDo(f DoFill) (any, error) {
	d, err := NewDo(d)
	if err != nil {
		return d, err
	}
	if len(d.SideEffects) == 0 && len(f.SideEffects) > 0 && *d.Changed {
		d.SideEffects = append([]string(nil), f.SideEffects...)
	}
	if d.Effect == "" {
		d.Effect = f.Effect
	}
	return d.Complete(f.Key, f.At)
}

// Effect is what a do call did to the world (agentinput's writes,
// docs/writes.md): the state its receipt records.
type Effect string

// The three effects.
const (
	// EffectNotStarted: refused before anything changed.
	EffectNotStarted Effect = "not_started"
	// EffectCommitted: the change was made and its receipt kept.
	EffectCommitted Effect = "committed"
	// EffectUnknown: the call started and no commit was recorded; the
	// change may or may not have happened.
	EffectUnknown Effect = "unknown"
)

// Effects lists every effect.
func Effects() []Effect { return []Effect{EffectNotStarted, EffectCommitted, EffectUnknown} }
