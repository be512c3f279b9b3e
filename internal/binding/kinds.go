package binding

import (
	"encoding/json"
	"fmt"
	"reflect"

	"agentinput.dev/agentinput"
)

// binding is a bound property: how to read a raw value, and how the schema
// describes the result. A kind's binder fills the first group from the
// kind's reader (the kind contract); the factory derives the second; the
// third is the structure of the kinds that hold values (lists, maps,
// objects, unions). No field belongs to one kind.
type binding struct {
	// The kind's reader: read, or perCall for a kind whose reading
	// depends on the call (the contract's per-call form, the cursor's
	// Bind: against the session and the hash of the tool's other
	// normalized arguments, so the property is read after them,
	// Property.ReadsLast).
	read    func(raw any) agentinput.Outcome[Slot]
	perCall func(raw any, session, filters string) agentinput.Outcome[Slot]
	// value, when set, is Binding's path for a kind whose field type is
	// the kind's own (number.Decimal, date.Date): read's outcome with the
	// Go value itself instead of a slot, with no JSON form, closure or
	// reflection per value. It reads exactly as read does; a wrapper that
	// replaces read (a filter) clears it.
	value *typed
	// What the schema and the asks say of it: the schema, "a …, for
	// example …", one canonical value.
	schema   map[string]any
	expected string
	example  json.RawMessage
	// guide is the property's guidance sentence where the kind writes
	// its own ("" for "Send <expected>."), and legend what each of its
	// values means ("NS" (Nejvyšší soud, …)), which a list of them adds
	// after its own sentence (Property.describe).
	guide  string
	legend string
	// overBudget is the hint of an ask about a value over a budget (the
	// kind's or the call's string budget) where the property says what to
	// send instead (inline bytes: the tool's reference form, or that it
	// has none); "" for the generic hint.
	overBudget string

	// declared are the values the kind declares (enum values, vocabulary
	// ids), read by the kind even when one is a generic placeholder: the
	// schema's enum (enumOf), set by textBinding, never by a kind.
	declared []string
	// choices are the values of a kind with a closed set that declares
	// none (country: the admitted codes), for Property.Choices.
	choices []string
	// kind is the row of the kind that reads the value (the kind a filter
	// is over), whose facts hold for every binding of it; set by
	// kindRow.binding, nil for the shapes a binder builds inside itself.
	kind *kindRow

	// collection: the value is a list, a map or an object, for which an
	// empty array or object is no placeholder (IsPlaceholder).
	collection bool
	// items, for a list, reads item by item: the value of the items that
	// read (nil when the list itself does not read), and each item's ask
	// with its index. The factory names each item's path (/tags/3), and a
	// best-effort property reaches the handler with the items that read.
	items func(raw any) (*Slot, []indexedAsk)
	// tree, for a kind that holds properties (an object, a union, a map,
	// a list of them), reads a present value with every issue, note and
	// warning at its own path under at; read is then its one-outcome form.
	tree func(raw any, at string, mode Mode) PropertyRead
	// depth is how many levels of arrays and objects a value takes: 0 for
	// a scalar, one more for each container around it.
	depth int
	// spell writes a canonical value in a spelling of the kind (its
	// agentinput.Speller: spellerOf), for Property.Spell and the fuzz
	// package; nil where the kind spells nothing (free text, a cursor's
	// token, a free JSON value) and for the kinds that hold properties,
	// which are spelled member by member.
	spell spellFunc

	// members are the declared properties of an object or a union, and
	// elem the items of a list or the values of a map, that hold
	// properties: the shape a path walks (telemetry, budgets).
	members map[string]*binding
	elem    *binding
}

// indexedAsk is the ask of one item of a list.
type indexedAsk struct {
	index int
	ask   agentinput.Ask
}

// slot is a read value on its way into the handler's input: its canonical
// JSON value (for the normalized arguments and the schema) and how to set
// it on the field.
type Slot struct {
	JSON   any
	assign func(dst reflect.Value)
	// set, when assign is nil, sets the field from json: a field that
	// takes the canonical JSON value as it is (a string, a bool) is set
	// by a function of the binding's, not by a closure made per call.
	set func(dst reflect.Value, json any)
}

// put sets dst, the field, to the slot's value.
func (s Slot) put(dst reflect.Value) {
	if s.assign != nil {
		s.assign(dst)
		return
	}
	s.set(dst, s.JSON)
}

// Filled reports whether the slot holds a read value.
func (s Slot) Filled() bool { return s.assign != nil || s.set != nil }

// setString and setBool set a field from a canonical JSON string or
// boolean (slot.set).
func setString(dst reflect.Value, json any) { dst.SetString(json.(string)) }
func setBool(dst reflect.Value, json any)   { dst.SetBool(json.(bool)) }

// kindForType binds a property by its Go type when neither a tag nor a
// name rule does: the basic Go kinds, then a kind's own type (the kind
// table's types), then the shapes.
func kindForType(t reflect.Type) (string, bool) {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", true
	case reflect.String:
		return "text", true
	}
	if k, ok := kindOfType[t]; ok {
		return k, true
	}
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "bytes", true // base64, never a list of numbers
		}
		return "stringlist", true
	case reflect.Struct:
		return "object", true
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct {
			return "object", true // a list's items, []*T
		}
	case reflect.Map:
		return "map", true
	case reflect.Interface:
		if t.NumMethod() > 0 {
			return "union", true // declared in Spec.Unions
		}
	}
	return "", false
}

// noKindError is the declaration error of a field no rule binds, saying
// what to declare instead.
func noKindError(t reflect.Type) error {
	if t.Kind() == reflect.Interface && t.NumMethod() == 0 {
		return fmt.Errorf("no rule binds a %s, which says nothing of its shape: declare a struct, a map[string]T, "+
			"a union (an interface in Spec.Unions), or kind json in the %s tag for a free JSON value the factory reads as sent", t, TagKind)
	}
	return fmt.Errorf("no rule binds a %s: give it a kind in the %s tag", t, TagKind)
}

// fillError is a binder's refusal of a field's Go type: the kind cannot
// fill it. A name rule yields to the Go type on it (bindFieldIn).
type fillError struct {
	kind string
	t    reflect.Type
	use  string // the types it fills
}

func (e *fillError) Error() string {
	return "kind " + e.kind + " cannot fill a field of type " + e.t.String() + " (use " + e.use + ")"
}

// cannotFill is the error of a kind that cannot fill a field of type t.
func cannotFill(kind string, t reflect.Type, use string) error {
	return &fillError{kind: kind, t: t, use: use}
}

// outcome converts a kind's outcome into a slot outcome.
func outcome[T any](o agentinput.Outcome[T], toJSON func(T) any, assign func(dst reflect.Value, v T)) agentinput.Outcome[Slot] {
	return agentinput.Map(o, func(v T) Slot {
		return Slot{JSON: toJSON(v), assign: func(dst reflect.Value) { assign(dst, v) }}
	})
}

// typed is a binding's value path (binding.value).
type typed struct {
	// read is the kind's outcome with its value boxed as it is.
	read func(raw any) agentinput.Outcome[any]
	// appendRead, when set, appends the JSON of the property's outcome
	// (read's, through the absence and exact rules) without boxing the
	// value: the bytes AppendJSON writes for it (Binding.AppendRead).
	appendRead func(p *Property, abs *Absence, dst []byte, raw any, present bool) ([]byte, error)
}

// typedOf is the value path of a kind that reads T. appendJSON, when not
// nil, is T's own AppendJSON, which Outcome.AppendJSON calls for a T
// (agentinput's appendValue): then appendRead writes the same bytes
// without the box.
func typedOf[T any](read func(any) agentinput.Outcome[T], appendJSON func(T, []byte) ([]byte, error)) *typed {
	tp := &typed{read: func(raw any) agentinput.Outcome[any] { return agentinput.Any(read(raw)) }}
	if appendJSON != nil {
		value := func(b []byte, v T) ([]byte, error) { return appendJSON(v, b) }
		tp.appendRead = func(p *Property, abs *Absence, dst []byte, raw any, present bool) ([]byte, error) {
			return readProperty(p, abs, raw, present, read).AppendJSONWith(dst, value)
		}
	}
	return tp
}

// stringOr binds a kind whose canonical value is a string spelling to a
// field of the kind's own type T or of type string. For a string field
// (not of type T) it returns nil: textBinding then sets the field from the canonical
// string, format(v), with no closure per call.
func stringOr[T any](t reflect.Type, kind string, format func(T) string) (func(dst reflect.Value, v T), error) {
	switch {
	case t == reflect.TypeFor[T]():
		return func(dst reflect.Value, v T) { dst.Set(reflect.ValueOf(v)) }, nil
	case t.Kind() == reflect.String:
		return nil, nil
	}
	use := "string"
	if own := reflect.TypeFor[T](); own != reflect.TypeFor[string]() {
		use = own.String() + " or string"
	}
	return nil, cannotFill(kind, t, use)
}

// asIs is the format of a value that is its own canonical spelling: an
// enum's declared value, a vocabulary's id (kinds/enum and
// kinds/vocabulary have no Format; see docs/decisions.md).
func asIs(s string) string { return s }

// textBinding is the binding of a kind whose canonical JSON is a string.
// A nil assign is a string field, set to the canonical string.
func textBinding[T any](read func(any) agentinput.Outcome[T], format func(T) string, assign func(reflect.Value, T),
	schema map[string]any, expected string, example json.RawMessage) binding {
	if assign == nil {
		return binding{
			read: func(raw any) agentinput.Outcome[Slot] {
				return agentinput.Map(read(raw), func(v T) Slot { return Slot{JSON: format(v), set: setString} })
			},
			schema:   schema,
			expected: expected,
			example:  example,
			declared: enumOf(schema),
		}
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return outcome(read(raw), func(v T) any { return format(v) }, assign)
		},
		// A non-nil assign is stringOr's for a field of type T itself.
		value:    typedOf[T](read, nil),
		schema:   schema,
		expected: expected,
		example:  example,
		declared: enumOf(schema),
	}
}

// enumOf returns the string values of a schema's enum: the values a kind
// declares (an enum's values, a vocabulary's ids), which the schema
// advertises and the binding's declared are, one fact in one place.
func enumOf(schema map[string]any) []string {
	values, _ := schema["enum"].([]any)
	if len(values) == 0 {
		return nil
	}
	out := make([]string, 0, len(values))
	for _, v := range values {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
