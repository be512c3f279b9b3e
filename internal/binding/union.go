package binding

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/enum"
)

// Union is a discriminated union as factory.NewUnion declares it (its
// documentation says how a call is read).
type Union struct {
	iface         reflect.Type
	discriminator string
	cases         []Variant
}

// Variant is one variant of a Union: its struct type, its discriminator
// value and a description for the model.
type Variant struct {
	value, description string
	goType             reflect.Type
	reference          bool
}

// NewUnion is factory.NewUnion over the interface type iface.
func NewUnion(iface reflect.Type, discriminator string, variants ...Variant) Union {
	return Union{iface: iface, discriminator: discriminator, cases: slices.Clone(variants)}
}

// Case is factory.Case of the struct type goType.
func Case(goType reflect.Type, value, description string) Variant {
	return Variant{value: value, description: description, goType: goType}
}

// Reference is factory.Variant.Reference.
func (v Variant) Reference() Variant {
	v.reference = true
	return v
}

// unionCase is a bound variant.
type unionCase struct {
	Variant
	object *object
	schema map[string]any
}

// bindUnion binds a property of an interface type to the union that
// Spec.Unions declares for it.
func bindUnion(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.Interface {
		return binding{}, fmt.Errorf("kind union fills a field of an interface type that Spec.Unions declares, not %s", t)
	}
	var u *Union
	if o.env != nil {
		for i := range o.env.Unions {
			if o.env.Unions[i].iface == t {
				u = &o.env.Unions[i]
				break
			}
		}
	}
	if u == nil {
		return binding{}, fmt.Errorf("no union declares the interface %s: add factory.NewUnion[%s](discriminator, factory.Case[V](value, description), …) to Spec.Unions", t, t)
	}
	return u.bind(o)
}

// bind checks the union's declaration and binds each variant as an
// object.
func (u *Union) bind(o tagOptions) (binding, error) {
	if !SnakeCase.MatchString(u.discriminator) {
		return binding{}, fmt.Errorf("union %s: the discriminator %q is not a snake_case property name", u.iface, u.discriminator)
	}
	if len(u.cases) < 2 {
		return binding{}, fmt.Errorf("union %s: a union has at least two variants", u.iface)
	}
	values := make([]string, len(u.cases))
	var problems []error
	refs := 0
	for i, c := range u.cases {
		values[i] = c.value
		vt := c.goType
		if vt == nil {
			problems = append(problems, fmt.Errorf("union %s: variant %d has no type (declare it with factory.Case)", u.iface, i))
			continue
		}
		if !vt.Implements(u.iface) {
			problems = append(problems, fmt.Errorf("union %s: variant %q: %s does not implement %s", u.iface, c.value, vt, u.iface))
		}
		if strings.TrimSpace(c.description) == "" {
			problems = append(problems, fmt.Errorf("union %s: variant %q has no description (the model's only briefing on it)", u.iface, c.value))
		}
		if c.reference {
			refs++
		}
	}
	if refs > 1 {
		problems = append(problems, fmt.Errorf("union %s: %d variants are marked Reference; a union has one reference form", u.iface, refs))
	}
	disc, err := enum.New(enum.Options{Values: values})
	if err != nil {
		problems = append(problems, fmt.Errorf("union %s: its discriminator values: %w", u.iface, err))
	}
	if len(problems) > 0 {
		return binding{}, errors.Join(problems...)
	}
	owner := o.name
	if owner == "" {
		owner = "the object"
	}
	ub := &unionBinding{union: u, disc: disc, owner: owner}
	for _, c := range u.cases {
		if c.reference {
			ub.reference = c.value
		}
	}
	// The reference variant first, so that the other variants' bytes know
	// its example.
	order := slices.Clone(u.cases)
	slices.SortStableFunc(order, func(a, b Variant) int {
		switch {
		case a.reference && !b.reference:
			return -1
		case b.reference && !a.reference:
			return 1
		}
		return 0
	})
	bound := map[string]*unionCase{}
	for _, c := range order {
		vo := o
		vo.name = u.discriminator + " " + strconv.Quote(c.value) + " of " + owner
		if !c.reference && ub.reference != "" {
			vo.refHint = ub.referenceHint(bound[ub.reference])
		}
		vt := c.goType
		if vt.Kind() == reflect.Pointer {
			vt = vt.Elem() // the union takes the address (read)
		}
		ob, err := newObject(vt, vo)
		if err != nil {
			problems = append(problems, fmt.Errorf("variant %q: %w", c.value, err))
			continue
		}
		if _, clash := ob.byName[u.discriminator]; clash {
			problems = append(problems, fmt.Errorf("variant %q: %s declares a property %s, which is the union's discriminator", c.value, c.goType, u.discriminator))
			continue
		}
		bound[c.value] = &unionCase{Variant: c, object: ob}
	}
	if len(problems) > 0 {
		return binding{}, errors.Join(problems...)
	}
	for _, c := range u.cases {
		ub.cases = append(ub.cases, bound[c.value])
	}
	return ub.binding(), nil
}

// unionBinding reads one union property.
type unionBinding struct {
	union     *Union
	disc      *enum.Reader
	owner     string
	cases     []*unionCase
	reference string // the value of the reference variant, "" for none
}

// referenceHint is what a too_large ask about inline bytes in another
// variant says: send the reference form instead. It never asks to shorten
// the content.
func (ub *unionBinding) referenceHint(ref *unionCase) string {
	if ref == nil {
		return ""
	}
	return "Send " + ub.owner + " as a reference instead: " + ub.union.discriminator + " " + strconv.Quote(ref.value) +
		", for example " + string(ub.example(ref)) + " (" + strings.TrimSuffix(ref.description, ".") + ")"
}

// example is a variant's example, with its discriminator.
func (ub *unionBinding) example(c *unionCase) json.RawMessage {
	var ex map[string]json.RawMessage
	_ = json.Unmarshal(c.object.binding().example, &ex)
	if ex == nil {
		ex = map[string]json.RawMessage{}
	}
	ex[ub.union.discriminator] = MustJSON(c.value)
	return MustJSON(ex)
}

func (ub *unionBinding) byValue(v string) *unionCase {
	for _, c := range ub.cases {
		if c.value == v {
			return c
		}
	}
	return nil
}

// variantList names the variants: "url" (A web page…) or "file" (…).
func (ub *unionBinding) variantList(cases []*unionCase) string {
	parts := make([]string, len(cases))
	for i, c := range cases {
		parts[i] = strconv.Quote(c.value) + " (" + strings.TrimSuffix(c.description, ".") + ")"
	}
	switch len(parts) {
	case 1:
		return parts[0]
	case 2:
		return parts[0] + " or " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// binding is the union's binding: oneOf a branch a variant, each an
// object schema with its discriminator as a const and in required.
func (ub *unionBinding) binding() binding {
	d := ub.union.discriminator
	branches := make([]any, len(ub.cases))
	members := map[string]*binding{}
	depth := 0
	for i, c := range ub.cases {
		vb := c.object.binding()
		s := maps.Clone(vb.schema)
		props := maps.Clone(s["properties"].(map[string]any))
		props[d] = map[string]any{"type": "string", "const": c.value,
			"description": "Which variant " + ub.owner + " is: " + strconv.Quote(c.value) + " for this one (" + strings.TrimSuffix(c.description, ".") + ")."}
		s["properties"] = props
		required := []any{d}
		if r, ok := s["required"].([]any); ok {
			required = append(required, r...)
		}
		s["required"] = required
		s["description"] = c.description
		c.schema = s
		branches[i] = s
		for name, m := range vb.members {
			// A name two variants declare: the one whose budget hint
			// offers the reference form, for the decode phase's ask.
			if prev, ok := members[name]; !ok || prev.overBudget == "" {
				members[name] = m
			}
		}
		depth = max(depth, vb.depth)
		ob := c.object
		ob.unknownHint = func(name string) (string, bool) { return ub.elsewhere(c, name) }
	}
	members[d] = &binding{}
	b := binding{
		schema:     map[string]any{"type": "object", "oneOf": branches},
		expected:   "a JSON object whose " + d + " is " + ub.variantList(ub.cases) + ", with that variant's properties, for example " + string(ub.example(ub.cases[0])),
		example:    ub.example(ub.cases[0]),
		collection: true,
		depth:      depth,
		members:    members,
	}
	b.tree = func(raw any, at string, mode Mode) PropertyRead {
		obj, ok := raw.(map[string]any)
		if !ok {
			return notAnObject(raw, at, b.expected, ub.owner, b.example)
		}
		return ub.read(obj, at, mode)
	}
	b.read = treeOutcome(b.tree)
	return b
}

// elsewhere is the hint about a property that variant c does not declare
// and other variants do: send their discriminator, or leave it out.
func (ub *unionBinding) elsewhere(c *unionCase, name string) (string, bool) {
	var others []*unionCase
	for _, o := range ub.cases {
		if o != c && o.object.byName[name] != nil {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		return "", false
	}
	return "Leave " + name + " out of " + strconv.Quote(c.value) + ", or send " + ub.union.discriminator + " " + ub.variantList(others) + ", which has it", true
}

// read reads a union's value: the discriminator (or the variant it
// infers), then the variant's properties at their paths.
func (ub *unionBinding) read(obj map[string]any, at string, mode Mode) PropertyRead {
	d := ub.union.discriminator
	dat := at + Pointer([]string{d})
	rest := maps.Clone(obj)
	delete(rest, d)
	sent, present := obj[d]
	// The discriminator under the absence rule, as a read tool reads it:
	// its absence only leads to an inference that never guesses, so a
	// placeholder there cannot change what a write does.
	o := Read(sent, present, Absence{Name: d, Expected: ub.disc.Expected(), Example: ub.disc.Example(), Declared: ub.disc.Values()}, ub.disc.Read)
	var r PropertyRead
	var c *unionCase
	switch o.Status() {
	case agentinput.StatusAsk:
		a, _ := o.Ask()
		a.Hint = "Send " + d + " as " + ub.variantList(ub.cases)
		return PropertyRead{Issues: []agentinput.Issue{{Path: dat, Ask: a}}}
	case agentinput.StatusValue:
		v, _ := o.Value()
		c = ub.byValue(v)
		r = remarksAt(agentinput.Map(o, func(s string) Slot { return Slot{JSON: s} }), dat, &Property{}, sent)
		r.value = nil
	default:
		r = remarksAt(agentinput.Map(o, func(s string) Slot { return Slot{JSON: s} }), dat, &Property{}, sent)
		var issue *agentinput.Issue
		c, issue = ub.infer(rest, dat, obj)
		if issue != nil {
			r.Issues = append(r.Issues, *issue)
			return r
		}
		r.Notes = append(r.Notes, agentinput.Remark{Code: string(agentinput.NoteVariantInferred), Path: dat,
			Message: "Read " + ub.owner + ", sent without " + d + ", as " + d + " " + strconv.Quote(c.value) +
				": it has that variant's required properties, and no other variant could hold them"})
	}
	vr := c.object.read(rest, at, mode)
	r.merge(vr)
	if vr.value == nil {
		return r
	}
	values := vr.value.JSON.(map[string]any)
	values[d] = c.value
	inner := *vr.value
	r.value = &Slot{JSON: values, assign: func(dst reflect.Value) {
		t := c.object.goType
		v := reflect.New(t).Elem()
		inner.put(v)
		if c.goType.Kind() == reflect.Pointer {
			v = v.Addr()
		}
		dst.Set(v)
	}}
	return r
}

// infer finds the variant of an object sent without its discriminator:
// the one variant whose required properties are all sent, when no other
// variant could hold every property sent. Otherwise it asks, naming the
// variants the object could be (or all of them) and the discriminator.
func (ub *unionBinding) infer(rest map[string]any, dat string, sent map[string]any) (*unionCase, *agentinput.Issue) {
	var complete, holding []*unionCase
	for _, c := range ub.cases {
		all := true
		for _, p := range c.object.props {
			if v, ok := rest[p.Name]; p.Required && (!ok || v == nil) {
				all = false
			}
		}
		fits := true
		for name, v := range rest {
			if v != nil && c.object.byName[name] == nil {
				fits = false
			}
		}
		if all {
			complete = append(complete, c)
		}
		if fits {
			holding = append(holding, c)
		}
	}
	if len(complete) == 1 && (len(holding) == 0 || len(holding) == 1 && holding[0] == complete[0]) {
		return complete[0], nil
	}
	d := ub.union.discriminator
	var candidates []*unionCase
	for _, c := range ub.cases {
		if slices.Contains(complete, c) || slices.Contains(holding, c) {
			candidates = append(candidates, c)
		}
	}
	sentAny := false
	for _, v := range rest {
		sentAny = sentAny || v != nil
	}
	if len(candidates) >= 2 && sentAny {
		readings := make([]agentinput.Reading, len(candidates))
		for i, c := range candidates {
			readings[i] = agentinput.Reading{Value: MustJSON(c.value), Meaning: strings.TrimSuffix(c.description, ".")}
		}
		return nil, &agentinput.Issue{Path: dat, Ask: agentinput.Ask{
			Code:     agentinput.AskAmbiguous,
			Received: agentinput.Received(sent),
			Reason:   ub.owner + " has no " + d + ", and what was sent fits " + strconv.Itoa(len(candidates)) + " variants",
			Readings: readings,
			Expected: d + ", one of " + ub.variantList(ub.cases),
			Hint:     "Send " + d + " as " + ub.variantList(candidates),
		}}
	}
	return nil, &agentinput.Issue{Path: dat, Ask: agentinput.Ask{
		Code:     agentinput.AskMissingRequired,
		Received: agentinput.Received(sent),
		Reason:   ub.owner + " has no " + d + ", and what was sent is no one variant's",
		Expected: d + ", one of " + ub.variantList(ub.cases),
		Hint:     "Send " + d + " as " + ub.variantList(ub.cases) + ", with that variant's properties",
	}}
}
