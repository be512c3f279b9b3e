package binding

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/number"
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

// outcome converts a kind's outcome into a slot outcome.
func outcome[T any](o agentinput.Outcome[T], toJSON func(T) any, assign func(dst reflect.Value, v T)) agentinput.Outcome[Slot] {
	return agentinput.Map(o, func(v T) Slot {
		return Slot{JSON: toJSON(v), assign: func(dst reflect.Value) { assign(dst, v) }}
	})
}

func bindNumber(t reflect.Type, o tagOptions) (binding, error) {
	var opts number.Options
	opts.Integer = o.flag("integer")
	opts.Clamp = o.flag("clamp")
	for _, key := range []string{"min", "max"} {
		text, ok := o.value(key)
		if !ok {
			continue
		}
		d, err := number.Parse(text)
		if err != nil {
			return binding{}, fmt.Errorf("%s=%s is not a JSON number", key, text)
		}
		if key == "min" {
			opts.Min = &d
		} else {
			opts.Max = &d
		}
	}
	if name, ok := o.value("convention"); ok {
		c, ok := number.ConventionFor(name)
		if !ok {
			return binding{}, fmt.Errorf("convention=%s: the number conventions table has no %q", name, name)
		}
		opts.Convention = c
	}
	if langs, ok := o.value("languages"); ok {
		opts.Languages = strings.Split(langs, "|")
		for _, l := range opts.Languages {
			if !slices.Contains(number.DefaultNumberLanguages(), l) {
				return binding{}, fmt.Errorf("languages=%s: the number words table has no language %q", langs, l)
			}
		}
	}
	var assign func(dst reflect.Value, d number.Decimal)
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		opts.Integer = true
		bits := t.Bits()
		lo, hi := number.FromInt64(math.MinInt64>>(64-bits)), number.FromInt64(math.MaxInt64>>(64-bits))
		narrow(&opts, lo, hi)
		assign = func(dst reflect.Value, d number.Decimal) {
			i, _ := d.Int64()
			dst.SetInt(i)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		opts.Integer = true
		bits := t.Bits()
		hi := number.FromInt64(math.MaxInt64)
		if bits < 64 {
			hi = number.FromInt64(int64(1)<<bits - 1)
		}
		narrow(&opts, number.FromInt64(0), hi)
		assign = func(dst reflect.Value, d number.Decimal) {
			i, _ := d.Int64()
			dst.SetUint(uint64(i))
		}
	case reflect.Float32, reflect.Float64:
		assign = func(dst reflect.Value, d number.Decimal) {
			f, _ := d.Float64()
			dst.SetFloat(f)
		}
	default:
		if t != reflect.TypeFor[number.Decimal]() {
			return binding{}, fmt.Errorf("kind number cannot fill a field of type %s (use an integer, a float or number.Decimal)", t)
		}
		assign = func(dst reflect.Value, d number.Decimal) { dst.Set(reflect.ValueOf(d)) }
	}
	schema := map[string]any{"type": "number"}
	if opts.Integer {
		schema["type"] = "integer"
	}
	if opts.Min != nil {
		schema["minimum"] = json.Number(opts.Min.String())
	}
	if opts.Max != nil {
		schema["maximum"] = json.Number(opts.Max.String())
	}
	var value *typed
	if t == reflect.TypeFor[number.Decimal]() {
		value = typedOf(func(raw any) agentinput.Outcome[number.Decimal] { return number.Read(raw, opts) },
			number.Decimal.AppendJSON)
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return outcome(number.Read(raw, opts), func(d number.Decimal) any { return json.Number(d.String()) }, assign)
		},
		value:    value,
		schema:   schema,
		expected: number.Expected(opts),
		example:  number.Example(opts),
	}, nil
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

// narrow keeps the declared bounds inside the Go type's range.
func narrow(opts *number.Options, lo, hi number.Decimal) {
	if opts.Min == nil || opts.Min.Compare(lo) < 0 {
		opts.Min = &lo
	}
	if opts.Max == nil || opts.Max.Compare(hi) > 0 {
		opts.Max = &hi
	}
}

func bindBoolean(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.Bool {
		return binding{}, fmt.Errorf("kind boolean cannot fill a field of type %s (use bool)", t)
	}
	var opts boolean.Options
	if langs, ok := o.value("languages"); ok {
		opts.Languages = strings.Split(langs, "|")
	}
	r, err := boolean.New(opts)
	if err != nil {
		return binding{}, err
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return agentinput.Map(r.Read(raw), func(b bool) Slot { return Slot{JSON: b, set: setBool} })
		},
		schema:   map[string]any{"type": "boolean"},
		expected: boolean.Expected(opts),
		example:  boolean.Example(opts),
	}, nil
}

// bindText binds free text: a string as it is sent. Free text has no
// spelling to repair and no placeholder of its own; only the generic
// absence rule and the budgets apply.
func bindText(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.String {
		return binding{}, fmt.Errorf("kind text cannot fill a field of type %s (use string)", t)
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			if _, ok := raw.(string); !ok {
				return agentinput.Asking[Slot](agentinput.Ask{
					Code:     agentinput.AskWrongType,
					Received: agentinput.Received(raw),
					Reason:   "it is not a JSON string",
					Expected: "a JSON string",
					Hint:     "Send the text as a JSON string",
				})
			}
			return agentinput.Value(Slot{JSON: raw, set: setString}, agentinput.Notes{})
		},
		schema:   map[string]any{"type": "string"},
		expected: `a JSON string, for example "text"`,
		example:  json.RawMessage(`"text"`),
	}, nil
}
