package binding

import (
	"encoding/json"
	"strings"

	"agentinput.dev/agentinput"
	generic "agentinput.dev/internal/placeholder"
	"agentinput.dev/internal/spelling"
)

// Mode says whether a tool reads or writes, for the absence rule: a
// placeholder is absence when a tool reads and an ask when it writes.
type Mode uint8

const (
	// ModeRead is the mode of read and can_do tools.
	ModeRead Mode = iota
	// ModeWrite is the mode of do tools.
	ModeWrite
)

// Property is what the absence rule needs to know about one property.
// The zero value is an optional property of a read tool whose kind is a
// scalar.
type Absence struct {
	// Name is the property's name, used in hints ("the property" when
	// empty).
	Name string
	// Mode is the tool's mode.
	Mode Mode
	// Required makes absence an ask missing_required.
	Required bool
	// Collection is true when the kind reads lists or objects, so that
	// [] and {} are values rather than placeholders.
	Collection bool
	// Expected and Example describe the kind, for the asks this rule makes:
	// what is accepted, and one canonical value in JSON.
	Expected string
	Example  json.RawMessage
	// Examples are the examples the tool's schema advertises for the
	// property: a value equal to one is a placeholder (models copy
	// examples).
	Examples []json.RawMessage
	// Declared are the values the kind declares itself (an enum's values,
	// a vocabulary's ids): a generic placeholder spelling that is one of
	// them, in any letter case, is read by the kind, so that an enum can
	// declare "none".
	Declared []string
	// UnknownIsAnAnswer keeps the kind's ask about "unknown", "TBD", "?"
	// and their kin instead of reading them as absence: for a boolean,
	// "unknown" is a third answer (docs/decisions.md asks about it), and absence
	// would silently apply the default.
	UnknownIsAnAnswer bool
}

// Read reads one property: the absence rule (docs/factory.md, "A call", step 2),
// then, for a present value, the kind's own read. present is false when the
// property is missing from the arguments. It is the one place this rule
// lives: every property a tool or a Binding reads goes through it.
//
//   - missing and JSON null are absent on every tool, with no note;
//   - a generic placeholder (see IsPlaceholder) and a kind's own
//     placeholder are absent on a read tool, with a note, and an ask
//     placeholder_on_write on a write tool;
//   - a spelling that says the value is not known yet (TBD, unknown, "?" —
//     see internal/placeholder.Unknown) is a placeholder too, but only when
//     the kind has no reading of it: the kind reads it first, and only its
//     ask invalid gives way ("unknown" stays a word in free text, "NA" a
//     country);
//   - absence of a required property is an ask missing_required.
func Read[T any](raw any, present bool, p Absence, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	return readAbsence(raw, present, &p, read)
}

// readAbsence is Read of the property *p: every property of a call is
// read through it, and the property is not copied on the way.
func readAbsence[T any](raw any, present bool, p *Absence, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	if !present || raw == nil {
		if p.Required {
			return missing[T](raw, p)
		}
		return agentinput.Absent[T](agentinput.Notes{})
	}
	isGeneric := IsPlaceholder(raw, p.Collection) && !declared(raw, p.Declared)
	if example := isExample(raw, p.Examples); isGeneric || example {
		reason := "a placeholder"
		if !isGeneric {
			reason = "the schema's own example, copied"
		}
		var notes agentinput.Notes
		notes.Add(agentinput.NotePlaceholder, agentinput.JSONValue(raw), reason)
		return placeholder(agentinput.Placeholder[T](notes), raw, p)
	}
	o := read(raw)
	// One look at the status for a value, the common case: each method
	// of the outcome copies it.
	switch o.Status() {
	case agentinput.StatusAbsent:
		if o.IsPlaceholder() {
			return placeholder(o, raw, p)
		}
		if p.Required {
			return missing[T](raw, p)
		}
	case agentinput.StatusAsk:
		if a, _ := o.Ask(); a.Code == agentinput.AskInvalid && !p.UnknownIsAnAnswer && generic.Unknown(raw) {
			var notes agentinput.Notes
			notes.Add(agentinput.NotePlaceholder, agentinput.JSONValue(raw), "a placeholder: it says the value is not known")
			return placeholder(agentinput.Placeholder[T](notes), raw, p)
		}
	}
	return o
}

func placeholder[T any](o agentinput.Outcome[T], raw any, p *Absence) agentinput.Outcome[T] {
	if p.Required {
		return missing[T](raw, p)
	}
	if p.Mode == ModeWrite {
		hint := "Send the value you mean" + exampleClause(p, raw) + ", or leave " + propertyName(p) + " out to send none"
		if p.Collection {
			// A list: "none" may mean no items, which [] says (issue 32).
			hint = "Send [] for no items, or the items you mean" + exampleClause(p, raw) + ", or leave " + propertyName(p) + " out to send none"
		}
		return agentinput.Asking[T](agentinput.Ask{
			Code:     agentinput.AskPlaceholderOnWrite,
			Received: agentinput.Received(raw),
			Reason:   "it is a placeholder, and this tool changes data, where a placeholder read as absent could change what the call does",
			Expected: p.Expected,
			Hint:     hint,
		})
	}
	return o
}

func missing[T any](raw any, p *Absence) agentinput.Outcome[T] {
	received := agentinput.Received(raw)
	// The message already opens with "A value is required"; the reason
	// only says why a value that was sent does not count.
	var reason string
	if raw != nil {
		reason = string(received) + " reads as absent"
	}
	return agentinput.Asking[T](agentinput.Ask{
		Code:     agentinput.AskMissingRequired,
		Received: received,
		Reason:   reason,
		Expected: p.Expected,
		Hint:     "Send " + propertyName(p) + " with a value" + exampleClause(p, raw),
	})
}

func propertyName(p *Absence) string {
	if p.Name == "" {
		return "the property"
	}
	return p.Name
}

// exampleClause is ", for example EXAMPLE", or "" when the property has
// no example or raw, the refused value, is its example or one of the
// schema's (issue 32: an ask never offers back the value it refused, and
// a copied schema example is what it refused).
func exampleClause(p *Absence, raw any) string {
	if len(p.Example) == 0 {
		return ""
	}
	if raw != nil && (isExample(raw, []json.RawMessage{p.Example}) || isExample(raw, p.Examples)) {
		return ", not the schema's example"
	}
	return ", for example " + string(p.Example)
}

// IsPlaceholder reports whether a decoded JSON value is one of the generic
// placeholder spellings of docs/factory.md: an empty or whitespace string, one of
// the null-like words (null, nil, none, undefined, N/A, <nil> …) in any
// letter case and within surrounding quotes, a dash alone; and, when the
// kind is not a collection, an empty array or object. 0 and false never are.
// The table lives in internal/placeholder, below both the factory and the
// kinds that read list items (stringlist), which ask about a placeholder
// item rather than drop it.
func IsPlaceholder(v any, collection bool) bool {
	return generic.Is(v, collection)
}

// declared reports whether raw is a string that, trimmed, is one of the
// kind's declared values in any letter case.
func declared(raw any, values []string) bool {
	s, ok := raw.(string)
	if !ok || len(values) == 0 {
		return false
	}
	t, _ := spelling.Trim(s)
	for _, v := range values {
		if strings.EqualFold(t, v) {
			return true
		}
	}
	return false
}

// isExample reports whether raw equals one of the advertised examples: the
// same JSON value, or for strings the same text once trimmed.
func isExample(raw any, examples []json.RawMessage) bool {
	if len(examples) == 0 {
		return false
	}
	text, err := json.Marshal(raw)
	if err != nil {
		return false
	}
	s, isString := raw.(string)
	for _, ex := range examples {
		if string(ex) == string(text) {
			return true
		}
		var exs string
		if isString && json.Unmarshal(ex, &exs) == nil {
			if t, _ := spelling.Trim(s); t == exs {
				return true
			}
		}
	}
	return false
}
