package promcp

import (
	"fmt"
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
	Effect         Effect `json:"effect"`
	IdempotencyKey string `json:"idempotency_key"`
	// AppliedValue and PreviousValue are the value the action set and the
	// one it replaced, or nil (JSON null) when the action sets no value.
	AppliedValue  *T `json:"applied_value"`
	PreviousValue *T `json:"previous_value"`
	// SideEffects names every effect beyond the value itself ("sends an
	// email to the owner"); empty, never null, when there is none.
	SideEffects []string `json:"side_effects"`
	Compensable bool     `json:"compensable"`
	// CompensationHint names the call that reverses the action (tool and
	// value); set exactly when Compensable is true.
	CompensationHint *string   `json:"compensation_hint"`
	Timestamp        time.Time `json:"timestamp"`
}

// NewDo checks and normalizes a do result a handler built: an unset Status
// is Success, nil SideEffects are empty, Timestamp is in UTC. The key and
// the timestamp may be left for [Do.Complete]; everything else must hold.
func NewDo[T any](d Do[T]) (Do[T], error) {
	if d.Status == "" {
		d.Status = Success
	}
	d.SideEffects = list(d.SideEffects)
	d.Timestamp = utc(d.Timestamp)
	return d, d.check(false)
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
	}
	return p.err()
}

func sideEffect(i int) string { return fmt.Sprintf("side_effects[%d]", i) }

// DoFill is what the factory knows of a do call that its handler's result
// may leave out: its effect, the idempotency key the call used, the
// instant it took effect, and the side effects and compensating call the
// tool declares.
type DoFill struct {
	Effect           Effect
	Key              string
	At               time.Time
	SideEffects      []string
	CompensationHint string
}

// Completer is implemented by [Do]: the factory completes a do result with
// what the call knows, and checks it whole.
type Completer interface {
	CompleteDo(DoFill) (any, error)
}

// CompleteDo is d with the fill's side effects when d names none, the
// fill's compensating call when d declares none (which makes it
// compensable), and the key and the instant where they are unset, checked
// as a whole contract ([Do.Complete]).
func (d Do[T]) CompleteDo(f DoFill) (any, error) {
	if len(d.SideEffects) == 0 && len(f.SideEffects) > 0 {
		d.SideEffects = append([]string(nil), f.SideEffects...)
	}
	if !d.Compensable && d.CompensationHint == nil && f.CompensationHint != "" {
		hint := f.CompensationHint
		d.Compensable, d.CompensationHint = true, &hint
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
