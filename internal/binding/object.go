package binding

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
)

// The kinds that hold properties: a nested object (a struct field, a
// pointer to one, the items of a slice of them), a map[string]T, a union
// (union.go), and the free JSON value. An object and a union are read by
// the same phases as a tool's arguments — unknown properties, each
// property through the absence rule and its kind, from/to pairs — and
// every issue, note and warning is at its own path inside
// (/source/url, /items/2/name).

// object is a bound struct type: a nested object's properties, read by
// the phases of a tool's arguments.
type object struct {
	owner  string // what the asks call it: "source", "kind \"url\" of source"
	goType reflect.Type
	ptr    bool // a list's []*T: the item is a pointer
	props  []*Property
	byName map[string]*Property
	names  []string
	// unknownHint, when set, says more about an undeclared name (a
	// union's variant: the other variants that declare it).
	unknownHint func(name string) (string, bool)
	// open: an object from another server's schema that admits
	// properties it does not declare, which are passed on as sent (a
	// misspelling of a declared one is asked about); goType is nil there.
	open bool
}

// newObject binds the struct type t (or *t, for a list's items) whose
// properties o names.
func newObject(t reflect.Type, o tagOptions) (*object, error) {
	ob := &object{owner: o.name, byName: map[string]*Property{}}
	if t.Kind() == reflect.Pointer {
		ob.ptr, t = true, t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, cannotFill("object", t, "a struct")
	}
	if slices.Contains(o.within, t) {
		return nil, fmt.Errorf("the type %s holds itself: a recursive shape cannot be advertised to a model; declare the levels you need", t)
	}
	ob.goType = t
	inner := o
	inner.within = append(slices.Clip(o.within), t)
	props, err := bindStructIn(t, inner)
	if err != nil {
		return nil, err
	}
	ob.props = props
	for _, p := range props {
		ob.byName[p.Name] = p
		ob.names = append(ob.names, p.Name)
	}
	if ob.owner == "" {
		ob.owner = "the object"
	}
	return ob, nil
}

func bindObject(t reflect.Type, o tagOptions) (binding, error) {
	ob, err := newObject(t, o)
	if err != nil {
		return binding{}, err
	}
	return ob.binding(), nil
}

// binding is the object's binding: its tree reader, its schema (a nested
// object schema, every property described) and its example.
func (ob *object) binding() binding {
	props := map[string]any{}
	var required []any
	depth := 0
	members := map[string]*binding{}
	example := map[string]json.RawMessage{}
	for _, p := range ob.props {
		props[p.Name] = p.Schema()
		if p.Required {
			required = append(required, p.Name)
			example[p.Name] = p.binding.example
		}
		depth = max(depth, p.binding.depth)
		members[p.Name] = &p.binding
	}
	if len(example) == 0 && len(ob.props) > 0 {
		example[ob.props[0].Name] = ob.props[0].binding.example
	}
	schema := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		schema["required"] = required
	}
	ex := MustJSON(example)
	b := binding{
		schema:     schema,
		expected:   "a JSON object of " + ob.declaredList() + ", for example " + string(ex),
		example:    ex,
		collection: true,
		depth:      depth + 1,
		members:    members,
	}
	b.tree = func(raw any, at string, mode Mode) PropertyRead {
		args, ok := raw.(map[string]any)
		if !ok {
			return notAnObject(raw, at, b.expected, ob.owner, b.example)
		}
		return ob.read(args, at, mode)
	}
	b.read = treeOutcome(b.tree)
	return b
}

// unknownNames are the names in args the object does not declare,
// sorted; nil, with nothing sorted, when it declares them all.
func (ob *object) unknownNames(args map[string]any) []string {
	var unknown []string
	for name := range args {
		if _, ok := ob.byName[name]; !ok {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	return unknown
}

// declaredList names the declared properties, the required ones marked.
func (ob *object) declaredList() string {
	parts := make([]string, len(ob.props))
	for i, p := range ob.props {
		parts[i] = p.Name
		if p.Required {
			parts[i] += " (required)"
		}
	}
	return strings.Join(parts, ", ")
}

// read reads a nested object's properties: the unknown ones asked about,
// each declared one through the absence rule and its kind at its own
// path, then from/to pairs.
func (ob *object) read(args map[string]any, at string, mode Mode) PropertyRead {
	var r PropertyRead
	var passed map[string]any
	for _, name := range ob.unknownNames(args) {
		if _, near := LikelyMeant(name, ob.names); ob.open && !near {
			if passed == nil {
				passed = map[string]any{}
			}
			passed[name] = args[name]
			continue
		}
		is := UnknownIssue(ob.owner, ob.names, name, args[name], at)
		if ob.unknownHint != nil {
			if h, ok := ob.unknownHint(name); ok {
				is.Hint = h
			}
		}
		r.Issues = append(r.Issues, is)
	}
	values := make(map[string]any, len(ob.props)+len(passed))
	for name, v := range passed {
		values[name] = v
	}
	assign := make([]Slot, len(ob.props))
	for i, p := range ob.props {
		raw, present := args[p.Name]
		if s, ok := p.ReadInto(&r, raw, present, mode, "", "", at+p.Path, len(ob.props)); ok {
			values[p.Name] = s.JSON
			assign[i] = s
		}
	}
	if len(r.Issues) == 0 {
		r.Issues = ReversedRanges(ob.props, ob.byName, values, args, at)
	}
	if len(r.Issues) > 0 {
		return r
	}
	if ob.goType == nil {
		// An object of another server's schema: its values are the
		// normalized arguments, set on no Go value.
		r.value = &Slot{JSON: values, assign: func(reflect.Value) {}}
		return r
	}
	r.value = &Slot{JSON: values, assign: func(dst reflect.Value) {
		if ob.ptr {
			dst.Set(reflect.New(ob.goType))
			dst = dst.Elem()
		}
		SetFields(dst, ob.props, assign)
	}}
	return r
}

// SetFields sets the read properties on the struct value dst: assign
// holds the read value of each of props, or an empty slot.
func SetFields(dst reflect.Value, props []*Property, assign []Slot) {
	for i, p := range props {
		if !assign[i].Filled() {
			continue
		}
		field := dst.FieldByIndex(p.Field)
		if p.Ptr {
			field.Set(reflect.New(field.Type().Elem()))
			field = field.Elem()
		}
		assign[i].put(field)
	}
}

// merge adds what reading a part found to r (not its value).
func (r *PropertyRead) merge(pr PropertyRead) {
	r.Issues = append(r.Issues, pr.Issues...)
	r.BestEffort = append(r.BestEffort, pr.BestEffort...)
	r.Notes = append(r.Notes, pr.Notes...)
	r.Warnings = append(r.Warnings, pr.Warnings...)
}

// notAnObject is the ask about a value where an object is wanted.
func notAnObject(raw any, at, expected, owner string, example json.RawMessage) PropertyRead {
	return PropertyRead{Issues: []agentinput.Issue{{Path: at, Ask: agentinput.Ask{
		Code:     agentinput.AskWrongType,
		Received: agentinput.Received(raw),
		Reason:   "it is not a JSON object",
		Expected: expected,
		Hint:     "Send " + owner + " as a JSON object, for example " + string(example),
	}}}}
}

// treeOutcome is the one-outcome reading of a kind that holds properties,
// for Binding.Read and a filter: its value, or the first issue's ask, the
// path inside named in its reason.
func treeOutcome(tree func(raw any, at string, mode Mode) PropertyRead) func(raw any) agentinput.Outcome[Slot] {
	return func(raw any) agentinput.Outcome[Slot] {
		r := tree(raw, "", ModeRead)
		if len(r.Issues) > 0 {
			a := r.Issues[0].Ask
			if r.Issues[0].Path != "" {
				a.Reason = "at " + r.Issues[0].Path + ": " + a.Reason
			}
			return agentinput.Asking[Slot](a)
		}
		if r.value == nil {
			return agentinput.Absent[Slot](agentinput.Notes{})
		}
		// The notes inside, each at its path: a repair is never silent.
		var notes agentinput.Notes
		for _, n := range r.Notes {
			at := n.Path
			if at == "" {
				at = "the value"
			}
			notes.Add(agentinput.NoteCode(n.Code), agentinput.Words(at), n.Message)
		}
		o := agentinput.Value(*r.value, notes)
		for _, w := range r.Warnings {
			o = o.WithWarning(agentinput.Warning{Code: agentinput.WarningCode(w.Code), Message: w.Path + ": " + w.Message, Ask: w.Ask})
		}
		return o
	}
}

// readItem reads one item of a list, or one value of a map, at its path:
// never absent (a placeholder there is an ask, not a silently shorter
// list), then by the item's kind.
func readItem(b *binding, raw any, at string, mode Mode) PropertyRead {
	if raw == nil || IsPlaceholder(raw, b.collection) {
		return PropertyRead{Issues: []agentinput.Issue{{Path: at, Ask: agentinput.Ask{
			Code:     agentinput.AskInvalid,
			Received: agentinput.Received(raw),
			Reason:   "it is a placeholder, and an item cannot be absent",
			Expected: b.expected,
			Hint:     "Send the item you mean at " + at + ", or leave the item out",
		}}}}
	}
	p := &Property{Name: "", binding: *b, Required: true}
	return p.read(raw, true, mode, "", "", at)
}

// treeList is the binding of a list whose items hold properties (a slice
// of structs, of unions, of maps): each item read at its own path
// (/items/2/name). A lone object is a one-item list, with a note; a
// best-effort list reaches the handler with the items that read.
func treeList(item binding, bestEffort bool) binding {
	b := binding{
		schema:     map[string]any{"type": "array", "items": item.schema},
		expected:   "a JSON array of " + item.expected,
		example:    json.RawMessage("[" + string(item.example) + "]"),
		collection: true,
		depth:      item.depth + 1,
		elem:       &item,
	}
	b.tree = func(raw any, at string, mode Mode) PropertyRead {
		var r PropertyRead
		list, ok := raw.([]any)
		if !ok {
			if _, isObject := raw.(map[string]any); !isObject {
				return PropertyRead{Issues: []agentinput.Issue{{Path: at, Ask: agentinput.Ask{
					Code:     agentinput.AskWrongType,
					Received: agentinput.Received(raw),
					Reason:   "it is not a JSON array",
					Expected: b.expected,
					Hint:     "Send a JSON array, for example " + string(b.example),
				}}}}
			}
			list = []any{raw}
			r.Notes = append(r.Notes, agentinput.Remark{Code: string(agentinput.NoteOneItem), Path: at,
				Message: "Read the lone object as a one-item list"})
		}
		var good []Slot
		var failed []agentinput.Issue
		for i, it := range list {
			ir := readItem(&item, it, at+"/"+strconv.Itoa(i), mode)
			failed = append(failed, ir.Issues...)
			ir.Issues = nil
			r.merge(ir)
			if ir.value != nil {
				good = append(good, *ir.value)
			}
		}
		if len(failed) > 0 && (!bestEffort || len(good) == 0) {
			r.Issues = append(r.Issues, failed...)
			return r
		}
		r.BestEffort = append(r.BestEffort, failed...)
		s := listSlot(good)
		r.value = &s
		return r
	}
	b.read = treeOutcome(b.tree)
	return b
}

// bindMap binds a map[string]T: an object whose keys the caller chooses
// and whose values are read by T's kind (or the tag's item=KIND, with its
// options), each at its own path (/labels/team). A key is any string but
// the empty one; a value cannot be absent.
func bindMap(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.Map {
		return binding{}, cannotFill("map", t, "a map[string]T")
	}
	if t.Key().Kind() != reflect.String {
		return binding{}, fmt.Errorf("a map's keys are JSON property names: use map[string]T, not %s", t)
	}
	item, _, err := bindItem(t.Elem(), o, "map")
	if err != nil {
		return binding{}, err
	}
	b := binding{
		schema:     map[string]any{"type": "object", "additionalProperties": item.schema, "propertyNames": map[string]any{"minLength": 1}},
		expected:   "a JSON object whose values are each " + item.expected,
		example:    json.RawMessage(`{"name":` + string(item.example) + `}`),
		collection: true,
		depth:      item.depth + 1,
		elem:       &item,
	}
	b.tree = func(raw any, at string, mode Mode) PropertyRead {
		obj, ok := raw.(map[string]any)
		if !ok {
			return notAnObject(raw, at, b.expected, o.name, b.example)
		}
		var r PropertyRead
		values := make(map[string]any, len(obj))
		keys := SortedKeys(obj)
		slots := make([]Slot, 0, len(keys))
		for _, k := range keys {
			kat := at + Pointer([]string{k})
			if strings.TrimSpace(k) == "" {
				r.Issues = append(r.Issues, agentinput.Issue{Path: kat, Ask: agentinput.Ask{
					Code:     agentinput.AskInvalid,
					Received: agentinput.Received(k),
					Reason:   "a key of this object is a name, and this one is empty",
					Expected: "a non-empty key",
					Hint:     "Send the entry under the name you mean, or leave it out",
				}})
				continue
			}
			ir := readItem(&item, obj[k], kat, mode)
			r.merge(ir)
			if ir.value != nil {
				values[k] = ir.value.JSON
				slots = append(slots, *ir.value)
			}
		}
		if len(r.Issues) > 0 {
			return r
		}
		r.value = &Slot{JSON: values, assign: func(dst reflect.Value) {
			m := reflect.MakeMapWithSize(dst.Type(), len(keys))
			i := 0
			for _, k := range keys {
				if _, ok := values[k]; !ok {
					continue
				}
				v := reflect.New(dst.Type().Elem()).Elem()
				slots[i].put(v)
				m.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), v)
				i++
			}
			dst.Set(m)
		}}
		return r
	}
	b.read = treeOutcome(b.tree)
	return b, nil
}

// bindItem binds the items of a list or the values of a map (container):
// the tag's item=KIND, else their Go type's kind, with the tag's options
// that are neither the container's own (own) nor every property's. It
// returns the item kind's row too.
func bindItem(elem reflect.Type, o tagOptions, container string, own ...string) (binding, *kindRow, error) {
	of := "values"
	if container == "list" {
		of = "items"
	}
	itemKind, ok := o.value("item")
	if !ok {
		if itemKind, ok = kindForType(elem); !ok {
			return binding{}, nil, fmt.Errorf("the %s of a %s: %w", of, container, noKindError(elem))
		}
	}
	r, ok := kindNamed(itemKind)
	switch {
	case !ok:
		return binding{}, nil, fmt.Errorf("item=%s: unknown kind %q", itemKind, itemKind)
	case container == "list" && itemKind == "stringlist":
		return binding{}, nil, fmt.Errorf("item=%s: the items of a list are not lists", itemKind)
	}
	itemOpts := tagOptions{kind: itemKind, item: true, env: o.env, name: o.name, within: o.within, refHint: o.refHint,
		flags: map[string]bool{}, values: map[string]string{}}
	mine := func(key string) bool { return key == "item" || commonOptions[key] || slices.Contains(own, key) }
	for k, v := range o.flags {
		if !mine(k) {
			itemOpts.flags[k] = v
		}
	}
	for k, v := range o.values {
		if !mine(k) {
			itemOpts.values[k] = v
		}
	}
	for _, key := range o.order {
		if !mine(key) && !r.takesOption(key) {
			return binding{}, nil, fmt.Errorf("option %q does not apply to a %s of %s", key, container, itemKind)
		}
	}
	item, err := r.binding(elem, itemOpts)
	if err != nil {
		return binding{}, nil, fmt.Errorf("item: %w", err)
	}
	return item, r, nil
}

// bindJSON binds a free JSON value: a json.RawMessage field, or an any
// field whose tag says kind json. The factory reads it as it was sent —
// no kind has a spelling to repair in it — under the absence rule and the
// budgets; the schema says only that it is any JSON value.
func bindJSON(t reflect.Type, o tagOptions) (binding, error) {
	var assign func(dst reflect.Value, v any)
	switch {
	case t == reflect.TypeFor[json.RawMessage]():
		assign = func(dst reflect.Value, v any) { dst.SetBytes(MustJSON(v)) }
	case t.Kind() == reflect.Interface && t.NumMethod() == 0:
		assign = func(dst reflect.Value, v any) {
			if v != nil {
				dst.Set(reflect.ValueOf(v))
			}
		}
	default:
		return binding{}, cannotFill("json", t, "json.RawMessage or any")
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return agentinput.Value(Slot{JSON: raw, assign: func(dst reflect.Value) { assign(dst, raw) }}, agentinput.Notes{})
		},
		schema:     map[string]any{},
		expected:   "any JSON value",
		example:    json.RawMessage(`{}`),
		collection: true,
	}, nil
}
