package binding

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
)

// ReadInto is read with its remarks appended to r (whose value it
// leaves), and the value returned: a scalar's outcome goes straight into
// r, with no propertyRead and no pointer in between. size is how many
// notes r.notes makes room for at its first: a call's properties.
func (p *Property) ReadInto(r *PropertyRead, raw any, present bool, mode Mode, session, filters, at string, size int) (Slot, bool) {
	if p.binding.tree == nil {
		o := p.outcome(raw, present, mode, session, filters)
		if _, asked := o.Ask(); !asked {
			r.Notes = appendNotes(r.Notes, o, at, size)
			r.Warnings = appendWarnings(r.Warnings, o, at)
			return o.Value()
		}
		pr := remarksAt(o, at, p, raw)
		r.merge(pr)
		if pr.value != nil {
			return *pr.value, true
		}
		return Slot{}, false
	}
	pr := p.read(raw, present, mode, session, filters, at)
	r.merge(pr)
	if pr.value != nil {
		return *pr.value, true
	}
	return Slot{}, false
}

// appendNotes appends the notes of o at path at to list, as remarksAt
// renders them; a first note makes room for size notes.
func appendNotes(list []agentinput.Remark, o agentinput.Outcome[Slot], at string, size int) []agentinput.Remark {
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
func appendWarnings(list []agentinput.Remark, o agentinput.Outcome[Slot], at string) []agentinput.Remark {
	for _, w := range o.Warnings() {
		list = append(list, agentinput.Remark{Code: string(w.Code), Path: at, Message: w.Message, Ask: w.Ask})
	}
	return list
}

// PropertyRead is what reading one property comes to in a call.
type PropertyRead struct {
	value      *Slot              // nil when the property is absent or asked about
	Issues     []agentinput.Issue // what stops the call
	BestEffort []agentinput.Issue // the items of a best-effort list that did not read
	Notes      []agentinput.Remark
	Warnings   []agentinput.Remark
}

// outcome reads one property as one outcome: the absence rule, the kind
// (a cursor against session and filters) and exact. It is what a
// property's Binding reads with, and the first step of read.
func (p *Property) outcome(raw any, present bool, mode Mode, session, filters string) agentinput.Outcome[Slot] {
	read := p.binding.read
	if p.binding.perCall != nil {
		read = func(raw any) agentinput.Outcome[Slot] { return p.binding.perCall(raw, session, filters) }
	}
	return propertyOutcome(p, raw, present, mode, read)
}

// propertyOutcome reads one value of p with read: the absence rule, then
// the kind, then exact. A slot for a tool's call, the Go value itself for
// a Binding (binding.value).
func propertyOutcome[T any](p *Property, raw any, present bool, mode Mode, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	a := p.absence(mode)
	return readProperty(p, &a, raw, present, read)
}

// readProperty is propertyOutcome with the absence rule's view of the
// property made already (abs is p.absence of the mode).
func readProperty[T any](p *Property, abs *Absence, raw any, present bool, read func(any) agentinput.Outcome[T]) agentinput.Outcome[T] {
	o := readAbsence(raw, present, abs, read)
	if p.exact && o.Status() == agentinput.StatusValue && o.NoteCount() > 0 {
		return agentinput.Asking[T](agentinput.Ask{
			Code:     agentinput.AskInvalid,
			Received: agentinput.Received(raw),
			Reason:   "this property takes only the canonical value, with no repair",
			Expected: p.binding.expected,
			Hint:     "Send " + propertyName(&Absence{Name: p.Name}) + " exactly as " + string(p.binding.example) + " is written",
		})
	}
	return o
}

// absence is what the absence rule needs to know of the property.
func (p *Property) absence(mode Mode) Absence {
	return Absence{
		Name: p.Name, Mode: mode, Required: p.Required, Collection: p.binding.collection,
		Expected: p.binding.expected, Example: p.binding.example, Examples: p.examples,
		Declared: p.binding.declared, UnknownIsAnAnswer: p.binding.kind != nil && p.binding.kind.unknownIsAnAnswer,
	}
}

// read reads one property of a call at its path at: its outcome, and for
// a list that asks, each item that did not read at its own path
// (/tags/3); a best-effort list goes ahead with the items that read. A
// kind that holds properties (an object, a union, a map, a list of them)
// answers with every issue at its own path inside (/source/url).
func (p *Property) read(raw any, present bool, mode Mode, session, filters, at string) PropertyRead {
	if p.binding.tree != nil {
		return p.readTree(raw, present, mode, at)
	}
	o := p.outcome(raw, present, mode, session, filters)
	return remarksAt(o, at, p, raw)
}

// readTree reads a property whose kind holds properties: the absence rule
// about the property itself, then its tree reader.
func (p *Property) readTree(raw any, present bool, mode Mode, at string) PropertyRead {
	var tr PropertyRead
	ran := false
	o := Read(raw, present, p.absence(mode), func(raw any) agentinput.Outcome[Slot] {
		ran = true
		tr = p.binding.tree(raw, at, mode)
		if tr.value == nil {
			a := agentinput.Ask{Code: agentinput.AskInvalid}
			if len(tr.Issues) > 0 {
				a = tr.Issues[0].Ask
			}
			return agentinput.Asking[Slot](a)
		}
		return agentinput.Value(*tr.value, agentinput.Notes{})
	})
	_, asked := o.Ask()
	if ran && (o.Status() == agentinput.StatusValue || asked && tr.value == nil && len(tr.Issues) > 0) {
		return tr
	}
	return remarksAt(o, at, p, raw)
}

// remarksAt is a property's outcome at path at, as a call reports it.
func remarksAt(o agentinput.Outcome[Slot], at string, p *Property, raw any) PropertyRead {
	if a, ok := o.Ask(); ok {
		var asks []indexedAsk
		var good *Slot
		// Item by item only when the list itself was read: an ask of the
		// absence rule (a placeholder on a write, a missing required
		// list) is about the property.
		if p.binding.items != nil && a.Code != agentinput.AskPlaceholderOnWrite && a.Code != agentinput.AskMissingRequired {
			good, asks = p.binding.items(raw)
		}
		if len(asks) == 0 {
			return PropertyRead{Issues: []agentinput.Issue{{Path: at, Ask: a}}}
		}
		itemIssues := make([]agentinput.Issue, len(asks))
		for k, ia := range asks {
			itemIssues[k] = agentinput.Issue{Path: at + "/" + strconv.Itoa(ia.index), Ask: ia.ask}
		}
		if !p.BestEffort || good == nil {
			return PropertyRead{Issues: itemIssues}
		}
		return PropertyRead{value: good, BestEffort: itemIssues}
	}
	var r PropertyRead
	for _, n := range o.Notes() {
		r.Notes = append(r.Notes, agentinput.Remark{Code: string(n.Code), Path: at, Message: n.Message})
	}
	for _, w := range o.Warnings() {
		r.Warnings = append(r.Warnings, agentinput.Remark{Code: string(w.Code), Path: at, Message: w.Message, Ask: w.Ask})
	}
	if s, ok := o.Value(); ok {
		r.value = &s
	}
	return r
}

// UnknownIssue is the issue of a property that owner (a tool, or a
// nested object) does not declare, in the object at path at.
func UnknownIssue(owner string, declared []string, name string, raw any, at string) agentinput.Issue {
	if len(declared) == 0 {
		reason, hint := owner+" takes no arguments", "Leave "+agentinput.Cut(name)+" out: call "+owner+" with {}"
		if at != "" {
			reason, hint = owner+" declares no properties", "Leave "+agentinput.Cut(name)+" out: send "+at+" as {}"
		}
		return agentinput.Issue{Path: at + Pointer([]string{name}), Ask: agentinput.Ask{
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
	if best, ok := LikelyMeant(name, declared); ok {
		hint = "Send it as " + best + " (the declared properties: " + list + ")"
	}
	return agentinput.Issue{Path: at + Pointer([]string{name}), Ask: agentinput.Ask{
		Code:     agentinput.AskUnknownProperty,
		Received: agentinput.Received(raw),
		Reason:   owner + " has no property " + strconv.Quote(agentinput.Cut(name)),
		Expected: "one of the declared properties: " + list,
		Hint:     hint,
	}}
}

// LikelyMeant returns the one declared property an unknown name most
// likely stands for, compared without letter case, underscores and
// hyphens: the same name (dateFrom, date-from), a name the unknown one
// begins (lang → language, at least three letters), a name whose last
// word it is (id → decision_id, from → date_from), or the nearest by
// edits (a swap of neighbours is one) — at most one edit for names of up
// to five letters, two beyond. A tie names none: "sort" is as far from
// "court" as from "port", and a wrong suggestion sends a value where it
// does not belong.
func LikelyMeant(name string, declared []string) (string, bool) {
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

// swapped returns the values of a reversed pair sent the other way round:
// each end's spelling read by the other end's binding, so that a period
// keeps its whole extent ("2024" and "2020" swap to 2020-01-01 and
// 2024-12-31, not to 2020-12-31 and 2024-01-01). When either spelling does
// not read as a value at the other end, the two read values swap as they
// are (fromJSON and toJSON are those, already swapped).
func swapped(from, to *Property, sent map[string]any, swapFrom, swapTo []byte) ([]byte, []byte) {
	if from == nil || to == nil || from.binding.read == nil || to.binding.read == nil {
		return swapFrom, swapTo
	}
	a, okA := from.binding.read(sent[to.Name]).Value()
	b, okB := to.binding.read(sent[from.Name]).Value()
	if !okA || !okB || later(from.Kind, a.JSON, b.JSON) {
		return swapFrom, swapTo
	}
	return MustJSON(a.JSON), MustJSON(b.JSON)
}

// PairOf returns the "to" property of a "from" property name.
func PairOf(name string) (string, bool) {
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

// TooLargeHint is the hint of a value at path (a JSON Pointer into the
// arguments) that is over a budget, when the declared shape names the
// value and its kind has a hint of its own (inline bytes in a union with
// a reference form); "" otherwise.
func TooLargeHint(byName map[string]*Property, path string) string {
	if b := bindingAt(byName, path); b != nil {
		return b.overBudget
	}
	return ""
}

// bindingAt returns the binding of the value at path (a JSON Pointer into
// the arguments) when the declared shape names it: a property, a nested
// object's or a union variant's property, an item of a list or a value of
// a map that holds properties; nil otherwise.
func bindingAt(byName map[string]*Property, path string) *binding {
	if path == "" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	p := byName[UnescapePointer(segs[0])]
	if p == nil {
		return nil
	}
	b := &p.binding
	for _, seg := range segs[1:] {
		if m, ok := b.members[UnescapePointer(seg)]; ok {
			b = m
			continue
		}
		if b.elem == nil {
			return nil
		}
		b = b.elem
	}
	return b
}

// SchemaProperty binds one property of an advertised schema.
func SchemaProperty(name string, s map[string]any, required bool, env *Env) (*Property, error) {
	return schemaProperty(name, s, required, env, 1)
}

// schemaProperty is SchemaProperty for a property of an object at level
// (the arguments object is level 1): an object with properties, and a
// list of them, are read property by property, at their own paths.
func schemaProperty(name string, s map[string]any, required bool, env *Env, level int) (*Property, error) {
	p := &Property{Name: name, Required: required}
	p.description, _ = s["description"].(string)
	switch schemaType(s) {
	case "object":
		if b, ok, err := schemaObject(name, s, env, level+1); err != nil || ok {
			p.Kind, p.binding = "object", b
			return p, err
		}
		// A map: the values of additionalProperties, each read by its
		// kind at its own path (/labels/team).
		values, _ := s["additionalProperties"].(map[string]any)
		if props, _ := s["properties"].(map[string]any); len(props) == 0 && values != nil && level < agentinput.MaxJSONDepth {
			if kind, opts, goType := schemaKind("", name, values, env); kind != "" && goType != nil {
				opts.values["item"] = kind
				b, err := kindIndex["map"].binding(reflect.MapOf(reflect.TypeFor[string](), goType), opts)
				p.Kind, p.binding = "map", b
				return p, err
			}
		}
	case "array":
		items, _ := s["items"].(map[string]any)
		if b, ok, err := schemaObject(name, items, env, level+2); err != nil || ok {
			p.Kind, p.binding = "object", treeList(b, false)
			return p, err
		}
	}
	kind, opts, goType := schemaKind(name, name, s, env)
	if kind == "" {
		p.Kind = "passthrough"
		p.binding = passthrough()
		return p, nil
	}
	b, err := kindIndex[kind].binding(goType, opts)
	if err != nil {
		return nil, err
	}
	p.Kind, p.binding = kind, b
	if ex, ok := s["examples"].([]any); ok {
		for _, e := range ex {
			p.examples = append(p.examples, MustJSON(e))
		}
	}
	return p, nil
}

// schemaObject binds an object schema with properties (false when s is
// none, or nests deeper than a call's arguments may): each property by
// its own schema, the required ones required; an object open to other
// properties passes them on as sent, unless one's name is a misspelling
// of a declared one.
func schemaObject(owner string, s map[string]any, env *Env, level int) (binding, bool, error) {
	props, _ := s["properties"].(map[string]any)
	if schemaType(s) != "object" || len(props) == 0 || level > agentinput.MaxJSONDepth {
		return binding{}, false, nil
	}
	var required []string
	if list, ok := s["required"].([]any); ok {
		for _, r := range list {
			if name, ok := r.(string); ok {
				required = append(required, name)
			}
		}
	}
	ob := &object{owner: owner, byName: map[string]*Property{}, open: SchemaOpen(s)}
	for _, name := range SortedKeys(props) {
		ps, _ := props[name].(map[string]any)
		p, err := schemaProperty(name, ps, slices.Contains(required, name), env, level)
		if err != nil {
			return binding{}, false, fmt.Errorf("property %s: %w", name, err)
		}
		p.Path = Pointer([]string{name})
		ob.props = append(ob.props, p)
		ob.byName[name] = p
		ob.names = append(ob.names, name)
	}
	return ob.binding(), true, nil
}

// SchemaOpen reports whether an object schema admits properties it does
// not declare: additionalProperties absent, true, or a schema other than
// {"not": {}}.
func SchemaOpen(s map[string]any) bool {
	switch ap := s["additionalProperties"].(type) {
	case bool:
		return ap
	case map[string]any:
		_, not := ap["not"]
		return !(not && len(ap) == 1)
	}
	return true
}

// schemaType is the one JSON type a property's schema names: "type" as a
// string, or a union of one type with "null" (go-sdk's inference writes a
// slice or a pointer field so), since null is absence to every kind. A
// union of two other types, or no type, is "".
func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		one := ""
		for _, v := range t {
			name, _ := v.(string)
			switch {
			case name == "null":
			case one == "":
				one = name
			default:
				return ""
			}
		}
		return one
	}
	return ""
}

// schemaKind picks the kind of a property from its schema and name (the
// name rules); vocab is the name the property's vocabulary is known by in
// env.Vocabularies (a list's items have the list's).
func schemaKind(name, vocab string, s map[string]any, env *Env) (string, tagOptions, reflect.Type) {
	opts := tagOptions{env: env, flags: map[string]bool{}, values: map[string]string{}}
	typ := schemaType(s)
	format, _ := s["format"].(string)
	stringType := reflect.TypeFor[string]()
	if _, ok := s["multipleOf"]; ok {
		return "", opts, nil
	}
	switch typ {
	case "array":
		// A list: its items read by their own kind, the list by
		// stringlist's rules (a lone value, a separated string). Items no
		// kind reads (objects, lists) leave the list to the schema.
		items, _ := s["items"].(map[string]any)
		if items == nil {
			return "", opts, nil
		}
		kind, itemOpts, itemType := schemaKind("", vocab, items, env)
		if kind == "" {
			return "", opts, nil
		}
		opts.values["item"] = kind
		for k, v := range itemOpts.values {
			opts.values[k] = v
		}
		for k, v := range itemOpts.flags {
			opts.flags[k] = v
		}
		if u, _ := s["uniqueItems"].(bool); u {
			opts.flags["unique"] = true
		}
		return "stringlist", opts, reflect.SliceOf(itemType)
	case "integer", "number":
		if _, ok := s["enum"]; ok {
			return "", opts, nil // the schema's own values: the validator asks
		}
		for key, schemaKey := range map[string]string{"min": "minimum", "max": "maximum"} {
			if n, ok := s[schemaKey].(json.Number); ok {
				opts.values[key] = n.String()
			}
		}
		if r, ok := ruleFor(name); ok && strings.HasPrefix(r.tag, "number,") && typ == "integer" {
			// A page size: clamp to the schema's own bounds.
			opts.flags["clamp"] = true
		}
		if typ == "integer" {
			return "number", opts, reflect.TypeFor[int64]()
		}
		return "number", opts, reflect.TypeFor[number.Decimal]()
	case "boolean":
		return "boolean", opts, reflect.TypeFor[bool]()
	case "string":
		if values, ok := s["enum"].([]any); ok {
			var vs []string
			for _, v := range values {
				str, ok := v.(string)
				if !ok {
					return "", opts, nil
				}
				vs = append(vs, str)
			}
			opts.values["values"] = strings.Join(vs, "|")
			return "enum", opts, stringType
		}
		switch format {
		case "date":
			if r, ok := ruleFor(name); ok && strings.HasPrefix(r.tag, "date,") {
				opts.values["bound"] = strings.TrimPrefix(r.tag, "date,bound=")
			}
			return "date", opts, stringType
		case "uuid":
			return "uuid", opts, stringType
		case "":
		default:
			return "", opts, nil // date-time, email, uri …: the server's own business
		}
		if env != nil && env.Vocabularies[vocab] != nil {
			opts.values["of"] = vocab
			return "vocabulary", opts, stringType
		}
		if r, ok := ruleFor(name); ok {
			kind, rest, _ := strings.Cut(r.tag, ",")
			switch kind {
			case "date":
				opts.values["bound"] = strings.TrimPrefix(rest, "bound=")
				return "date", opts, stringType
			case "locale", "country":
				return kind, opts, stringType
			}
		}
		return "text", opts, stringType
	}
	return "", opts, nil
}

// passthrough is the binding of a property no kind reads: its value as it
// came.
func passthrough() binding {
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return agentinput.Value(Slot{JSON: raw, assign: func(reflect.Value) {}}, agentinput.Notes{})
		},
		schema:     map[string]any{},
		expected:   "the value the tool's schema describes",
		example:    json.RawMessage(`null`),
		collection: true,
	}
}

// Schema is the property's Schema: its kind's, with its description and
// its declared examples.
func (p *Property) Schema() map[string]any {
	s := maps.Clone(p.binding.schema)
	s["description"] = p.description
	if len(p.examples) > 0 {
		ex := make([]any, len(p.examples))
		for i, e := range p.examples {
			ex[i] = e
		}
		s["examples"] = ex
	}
	return s
}

// ReversedRanges is the from/to check of the properties of one object
// (the arguments, or a nested object at path at): args normalized, sent
// as they came.
func ReversedRanges(props []*Property, byName map[string]*Property, args, sent map[string]any, at string) []agentinput.Issue {
	var out []agentinput.Issue
	for _, p := range props {
		to := p.RangeTo
		if to == "" {
			continue
		}
		from, fok := args[p.Name]
		upto, tok := args[to]
		if !fok || !tok || !later(p.Kind, from, upto) {
			continue
		}
		fromJSON, toJSON := MustJSON(from), MustJSON(upto)
		swapFrom, swapTo := swapped(p, byName[to], sent, toJSON, fromJSON)
		out = append(out, agentinput.Issue{Path: at + Pointer([]string{p.Name}), Ask: agentinput.Ask{
			Code:     agentinput.AskRangeReversed,
			Received: json.RawMessage(fromJSON),
			Reason:   p.Name + " " + string(fromJSON) + " is after " + to + " " + string(toJSON),
			Expected: p.Name + " on or before " + to,
			Hint:     "Send " + p.Name + " " + string(swapFrom) + " and " + to + " " + string(swapTo) + " if you meant that period",
		}})
	}
	return out
}

func MustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte("null")
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// pointer spells an instance location as a JSON Pointer.
// pointer is the JSON Pointer of loc, each segment cut like a received
// value (agentinput.Cut): a path echoes the caller's property names, and
// a reply never echoes more of them than that.
func Pointer(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(agentinput.Cut(tok), "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// unescapePointer undoes a JSON Pointer segment's escapes.
func UnescapePointer(seg string) string {
	return strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
}

// SnakeCase is the shape of a tool's name and of a variant's value:
// lower-case words joined by underscores.
var SnakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// SafePath keeps a path out of telemetry when it could carry a value:
// only a declared property (the first segment) and the indices of values
// that are arrays in what was sent are kept; any other segment is the
// caller's own text — an object key, a PIN perhaps — and is reported as
// "(key)" (or "(undeclared)" for an undeclared property's name).
func SafePath(byName map[string]*Property, sent map[string]any, path string) string {
	if path == "" {
		return path
	}
	if p, ok := byName[path[1:]]; ok && p.Path == path {
		return path // a declared property's own path, the common case
	}
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var at any       // the value the next segment is a member of, nil once unknown
	var cur *binding // the declared shape at, nil once unknown
	for i, seg := range segs {
		if i == 0 {
			p, ok := byName[seg]
			if !ok {
				segs[i] = "(undeclared)"
				continue
			}
			at, cur = sent[seg], &p.binding
			continue
		}
		list, isList := at.([]any)
		n, isIdx := Index(seg)
		if isList && isIdx && n < len(list) {
			at = list[n]
			if cur != nil {
				cur = cur.elem
			}
			continue
		}
		if cur != nil && cur.members[seg] != nil {
			// A nested object's declared property: a name the tool's
			// author wrote, not the caller.
			cur = cur.members[seg]
			if obj, ok := at.(map[string]any); ok {
				at = obj[seg]
			} else {
				at = nil
			}
			continue
		}
		if cur != nil {
			cur = cur.elem // a map's value: its key is the caller's
		}
		if _, isText := at.(string); i == 1 && isText && isIdx && byName[segs[0]].binding.items != nil {
			// An item of a list sent as one string: the index is the
			// factory's own count.
			at = nil
			continue
		}
		segs[i] = "(key)"
		if obj, ok := at.(map[string]any); ok {
			at = obj[UnescapePointer(seg)]
		} else {
			at = nil
		}
	}
	return "/" + strings.Join(segs, "/")
}

// Index reads a path segment as an array Index: ASCII digits without a
// leading zero (but "0" itself).
func Index(seg string) (int, bool) {
	if seg == "" || len(seg) > 9 || (len(seg) > 1 && seg[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return 0, false
		}
		n = n*10 + int(seg[i]-'0')
	}
	return n, true
}

// ReadsLast reports whether the property's kind reads against the call
// (a page cursor): a call reads it after the other properties, against
// their normalized values, which it is bound to and is no part of.
func (p *Property) ReadsLast() bool { return p.binding.perCall != nil }

// Choices are the canonical values of a property whose kind has a closed
// set — an enum's values, a vocabulary's ids, the admitted countries —
// for a completion; nil for any other kind (and a list or filter of
// them, whose value is not one of the set).
func (p *Property) Choices() []string {
	switch p.Kind {
	case "enum", "vocabulary", "country":
		if len(p.binding.declared) > 0 {
			return p.binding.declared
		}
		return p.binding.choices
	}
	return nil
}

// ReadOne reads one value of the property as a call's would be read,
// under the absence rule of mode, and returns its normalized JSON value
// and whether it read to one (no ask, not absent): for a completion, the
// value a partial spelling already names.
func (p *Property) ReadOne(raw any, mode Mode) (any, bool) {
	var r PropertyRead
	s, ok := p.ReadInto(&r, raw, true, mode, "", "", p.Path, 1)
	if !ok || len(r.Issues) > 0 {
		return nil, false
	}
	return s.JSON, true
}

// Doc is the property's description as its author wrote it, without the
// kind's guidance: for a prompt's argument, which MCP carries as a string
// whatever the kind, so that "Send … as a JSON number" would mislead.
func (p *Property) Doc() string { return p.description }
