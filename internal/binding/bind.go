package binding

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/number"
)

// The struct tags a tool's input declares its properties with:
//
//	Limit    int      `json:"limit"`
//	Court    string   `json:"court" agentinput:"text,required" desc:"The court's name."`
//	Confirm  bool     `json:"confirm" agentinput:"exact,required"`
//
// The agentinput tag holds an optional kind name first, then options:
// required, exact, noguide (no generated guidance sentence), example=V
// (advertised, and read as a placeholder when sent back), and the kind's
// own options (number: integer, min=N, max=N, clamp, convention=NAME;
// boolean: languages=cs|de). The desc tag is the property's description;
// without one, go-sdk's jsonschema tag is (its whole text, as
// jsonschema.For reads it).
const (
	TagKind = "agentinput"
	tagDesc = "desc"
)

// tagOptions are the parsed options of one agentinput tag.
type tagOptions struct {
	// env holds what a tag names but cannot carry: the tool's declared
	// vocabularies.
	env *Env
	// name is the property's name, for what a nested object's asks say;
	// within are the struct types whose properties are being bound around
	// it, outermost first (a type that holds itself is a declaration
	// error); refHint, inside a union with a reference form, is what a
	// too_large ask about inline bytes offers instead.
	name    string
	within  []reflect.Type
	refHint string
	// keyOwned is set on a do tool's own arguments: the factory owns
	// their idempotency_key (key.go), which is bound as no kind.
	keyOwned bool
	// item: the value is an item of a list or a value of a map.
	item bool
	// typeFirst: the property's name rule gave a kind its Go type cannot
	// take, so the name yields to the type (bindFieldIn).
	typeFirst bool
	kind      string
	flags     map[string]bool
	values    map[string]string
	order     []string // every key, in tag order, for error messages
}

func (o tagOptions) flag(name string) bool { return o.flags[name] }

func (o tagOptions) value(name string) (string, bool) {
	v, ok := o.values[name]
	return v, ok
}

// list is the list option name's items (a|b|c), nil when the tag does not
// give it.
func (o tagOptions) list(name string) []string {
	v, ok := o.values[name]
	if !ok {
		return nil
	}
	return strings.Split(v, "|")
}

// parseTag parses an agentinput tag. A first item without "=" that names a
// kind is the kind; every other item is an option.
func parseTag(tag string) (tagOptions, error) {
	o := tagOptions{flags: map[string]bool{}, values: map[string]string{}}
	if strings.TrimSpace(tag) == "" {
		return o, nil
	}
	for i, item := range strings.Split(tag, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return o, fmt.Errorf("tag %q has an empty item", tag)
		}
		key, val, hasValue := strings.Cut(item, "=")
		if i == 0 && !hasValue {
			if _, ok := kindNamed(key); ok {
				o.kind = key
				continue
			}
		}
		if _, dup := o.flags[key]; dup {
			return o, fmt.Errorf("tag %q repeats %s", tag, key)
		}
		if _, dup := o.values[key]; dup {
			return o, fmt.Errorf("tag %q repeats %s", tag, key)
		}
		if hasValue {
			o.values[key] = val
		} else {
			o.flags[key] = true
		}
		o.order = append(o.order, key)
	}
	return o, nil
}

// commonOptions are the options every property takes, whatever its kind.
// A list also takes besteffort: its items that read reach the handler, and
// the others come back as issues beside the result.
var commonOptions = map[string]bool{"required": true, "exact": true, "noguide": true, "example": true}

// nameRule binds a property by its name: the rules of docs/factory.md, data
// with one owner, so that every tool inherits them and no tool carries its
// own tolerance code. A name binds a kind only where it says how the value
// is spelled (a page size, a day, a language, a country): an identifier's
// name says what it identifies, not its spelling ("ORD-1042"), so id and
// *_id have no rule: a uuid.UUID binds uuid by its type, a string is text
// unless its tag says uuid.
type nameRule struct {
	// exact names, and a suffix ("_id") that also binds.
	names  []string
	suffix string
	// kind and options, as a tag would spell them.
	tag string
	// why, for the docs and declaration errors.
	why string
}

var nameRules = []nameRule{
	{names: []string{"limit", "page_size"}, tag: "number,integer,min=1,max=100,clamp", why: "a page size: a whole number from 1 to 100, clamped"},
	{names: []string{"date_from", "since"}, suffix: "_from", tag: "date,bound=from", why: "the first day of a period"},
	{names: []string{"date_to", "until"}, suffix: "_to", tag: "date,bound=to", why: "the last day of a period"},
	{names: []string{"cursor"}, tag: "cursor", why: "a page cursor the server issued"},
	{names: []string{"locale", "language", "lang"}, tag: "locale", why: "a language tag"},
	{names: []string{"country"}, tag: "country", why: "a country code"},
}

// ruleFor returns the name rule that binds name, if any.
func ruleFor(name string) (nameRule, bool) {
	for _, r := range nameRules {
		for _, n := range r.names {
			if n == name {
				return r, true
			}
		}
	}
	for _, r := range nameRules {
		if r.suffix != "" && strings.HasSuffix(name, r.suffix) && len(name) > len(r.suffix) {
			return r, true
		}
	}
	return nameRule{}, false
}

// property is one bound input property.
type Property struct {
	Name        string
	Path        string // the JSON Pointer of the property, /name
	RangeTo     string // for a from bound, its to property's name (pairOf)
	Field       []int
	Ptr         bool // the field is a pointer: absent leaves it nil
	Kind        string
	Required    bool
	exact       bool
	BestEffort  bool
	noguide     bool
	description string
	examples    []json.RawMessage
	binding     binding
}

// BindStruct binds every exported field of an input struct type. It
// reports every field's problems at once, one error a problem (joined),
// so that a port from go-sdk meets them together rather than one a run.
func BindStruct(t reflect.Type, spec *Env) ([]*Property, error) {
	props, err := bindStructIn(t, tagOptions{env: spec, within: []reflect.Type{t}, keyOwned: spec.KeyOwned})
	if err != nil {
		return nil, err
	}
	var problems []error
	for _, p := range props {
		if err := checkDepth(p, 1); err != nil {
			problems = append(problems, err)
		}
	}
	return props, errors.Join(problems...)
}

// checkDepth checks that the values of p, a property of an object at
// level outer (the arguments object is level 1), fit the depth budget a
// call's arguments are decoded within: a declaration whose values could
// not arrive is an error, not an ask at every call.
func checkDepth(p *Property, outer int) error {
	if levels := outer + p.binding.depth; levels > agentinput.MaxJSONDepth {
		return fmt.Errorf("property %s: its values nest %d levels deep, counting the arguments object, over the budget of %d (agentinput.MaxJSONDepth) that every call is decoded within: declare a flatter shape",
			p.Name, levels, agentinput.MaxJSONDepth)
	}
	return nil
}

// bindStructIn binds the fields of a struct type that is the tool's input
// or a nested object of it (outer.within holds every struct type around
// the fields, t last).
func bindStructIn(t reflect.Type, outer tagOptions) ([]*Property, error) {
	spec := outer.env
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("the input type %s is not a struct", t)
	}
	var props []*Property
	var problems []error
	seen := map[string]bool{}
	owned := 0 // fields the factory owns, bound as no property
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if j, ok := f.Tag.Lookup("json"); ok {
			jname, _, _ := strings.Cut(j, ",")
			if jname == "-" {
				continue
			}
			if jname != "" {
				name = jname
			}
		}
		fail := func(err error) {
			problems = append(problems, fmt.Errorf("property %s (field %s): %w", name, f.Name, err))
		}
		if outer.keyOwned && name == KeyProperty {
			// The factory's own property, checked by keyField.
			seen[name] = true
			owned++
			continue
		}
		if seen[name] {
			fail(errors.New("another field has the same name"))
			continue
		}
		seen[name] = true
		desc, descErr := Description(f.Tag)
		if descErr != nil {
			fail(descErr)
		}
		p, err := bindFieldIn(name, f.Type, f.Tag.Get(TagKind), tagOptions{env: spec, within: outer.within, refHint: outer.refHint})
		if err != nil {
			fail(err)
			if descErr == nil && strings.TrimSpace(desc) == "" {
				fail(ErrNoDescription)
			}
			continue
		}
		if descErr != nil {
			continue
		}
		if err := p.describe(desc); err != nil {
			fail(err)
			continue
		}
		p.Field = f.Index
		props = append(props, p)
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	// An empty struct is a tool without arguments; a struct whose fields
	// are none of them a property (all unexported, or json:"-") is more
	// likely a mistake than that.
	if len(props) == 0 && owned == 0 && t.NumField() > 0 {
		return nil, fmt.Errorf("the input type %s declares no property", t)
	}
	return props, nil
}

// TagSchema is go-sdk's description tag (github.com/google/jsonschema-go's
// jsonschema.For): its whole text is the property's description. A server
// ported from go-sdk keeps its tags; desc, when both are there, wins.
const TagSchema = "jsonschema"

// sdkReserved is what jsonschema-go reserves in its tag for future use: a
// text that starts with a word and "=" ("minimum=1"), which it refuses.
var sdkReserved = regexp.MustCompile(`^[^ \t\n]*=`)

// Description returns a field's Description: its desc tag, or else its
// jsonschema tag. A jsonschema tag go-sdk would refuse (empty, or
// "WORD=…", which jsonschema-go reserves) is a declaration error here too,
// since its meaning is not a Description.
func Description(tag reflect.StructTag) (string, error) {
	if d, ok := tag.Lookup(tagDesc); ok {
		return d, nil
	}
	d, ok := tag.Lookup(TagSchema)
	if !ok {
		return "", nil
	}
	switch {
	case strings.TrimSpace(d) == "":
		return "", fmt.Errorf("its %s tag is empty: write the description there, or in a %s tag", TagSchema, tagDesc)
	case sdkReserved.MatchString(d):
		return "", fmt.Errorf("its %s tag %q starts with WORD=, which go-sdk reserves and refuses: put the description in a %s tag, and options in the %s tag", TagSchema, d, tagDesc, TagKind)
	}
	return d, nil
}

// bindField binds one property from its name, its Go type and its
// agentinput tag: the one binder of a property, which a tool's input
// struct and BindProperty both go through.
func bindField(name string, t reflect.Type, tag string, spec *Env) (*Property, error) {
	return bindFieldIn(name, t, tag, tagOptions{env: spec})
}

// bindFieldIn is bindField for a field of a struct that outer describes
// (its Spec, the struct types around it, a union's reference form).
func bindFieldIn(name string, t reflect.Type, tag string, outer tagOptions) (*Property, error) {
	fieldType := t
	opts, err := parseTag(tag)
	if err != nil {
		return nil, err
	}
	opts.env, opts.name, opts.within, opts.refHint = outer.env, name, outer.within, outer.refHint
	// A filter over a kind that of= (a vocabulary) or values= (an enum)
	// does not name: the kind over= names, or else the one the name rule
	// or the Go type gives, read with the filter's "not filtering"
	// spellings in front.
	filterOver := false
	if opts.kind == "filter" && overAnyKind(opts) {
		if m, ok := opts.value("miss"); ok {
			return nil, fmt.Errorf("miss=%s is for a filter over a vocabulary (of=NAME): over another kind a value it cannot read is asked about", m)
		}
		filterOver = true
		opts.kind, _ = opts.value("over")
		delete(opts.values, "over")
		opts.order = slices.DeleteFunc(opts.order, func(k string) bool { return k == "over" })
		if opts.kind != "" {
			if _, ok := kindNamed(opts.kind); !ok {
				return nil, fmt.Errorf("filter over=%s: unknown kind %q", opts.kind, opts.kind)
			}
		}
	}
	p := &Property{Name: name, noguide: opts.flag("noguide")}
	if t.Kind() == reflect.Pointer {
		p.Ptr = true
		t = t.Elem()
	}
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface && p.Ptr {
		return nil, fmt.Errorf("a pointer to %s: declare %s itself (a pointer is for absence, once)", t, t)
	}
	// The kind: the tag, then the name rule, then the Go type.
	kind := opts.kind
	if kind == "" {
		// A Go type that is a kind's own (time.Time) binds that kind even
		// where a name rule binds another: a time.Time called since is an
		// instant, not a calendar date.
		r, ok := ruleFor(name)
		ok = ok && !outer.typeFirst
		// (number.Decimal is number's own type but, as before the kind
		// table, does not override a name rule: a refactor keeps that.)
		if tk, typed := kindOfType[t]; ok && typed && t != reflect.TypeFor[number.Decimal]() {
			if rk, _, _ := strings.Cut(r.tag, ","); rk != tk {
				ok = false
			}
		}
		if ok {
			ruleOpts, err := parseTag(r.tag)
			if err != nil {
				return nil, fmt.Errorf("name rule %q: %w", r.tag, err) // a bug in the rules table
			}
			kind = ruleOpts.kind
			if kind == "" {
				k, _, _ := strings.Cut(r.tag, ",")
				return nil, fmt.Errorf("the name %s binds kind %s (%s), which this build of the factory does not have yet", name, k, r.why)
			}
			// The rule's options, under the tag's own.
			for k, v := range ruleOpts.flags {
				if _, set := opts.values[k]; !set {
					opts.flags[k] = v
				}
			}
			for k, v := range ruleOpts.values {
				if _, set := opts.values[k]; !set && !opts.flags[k] {
					opts.values[k] = v
				}
			}
		}
	}
	if kind == "" {
		k, ok := kindForType(t)
		if !ok {
			return nil, noKindError(t)
		}
		kind = k
	}
	b, ok := kindNamed(kind)
	if !ok {
		return nil, fmt.Errorf("unknown kind %q", kind)
	}
	for _, key := range opts.order {
		if kind == "stringlist" || kind == "map" {
			break // a list or a map checks its options against its item kind's
		}
		// An option no kind of the property takes is a declaration
		// error (a typo must not pass silently).
		if !commonOptions[key] && !b.takesOption(key) {
			return nil, fmt.Errorf("option %q does not apply to kind %s", key, kind)
		}
	}
	p.Kind = kind
	p.Required = opts.flag("required")
	p.exact = opts.flag("exact")
	if p.exact && b.holds {
		return nil, fmt.Errorf("exact applies to one value, not to a %s: put exact on the properties inside it", kind)
	}
	p.BestEffort = opts.flag("besteffort")
	p.binding, err = b.binding(t, opts)
	var fill *fillError
	if err != nil && opts.kind == "" && !outer.typeFirst && errors.As(err, &fill) && fill.kind == kind {
		if _, named := ruleFor(name); named {
			// A name rule's kind that the Go type cannot take: the name
			// yields to the type (a country int is a number, a cursor
			// string the server's own text).
			outer.typeFirst = true
			return bindFieldIn(name, fieldType, tag, outer)
		}
	}
	if err != nil {
		return nil, err
	}
	if filterOver {
		if p.binding, err = filterBinding(kind, p.binding, p.Required); err != nil {
			return nil, err
		}
	}
	if ex, ok := opts.value("example"); ok {
		p.examples = append(p.examples, exampleJSON(ex))
	}
	if b.exampleIsPlaceholder && len(p.binding.example) > 0 {
		// The guidance sentence advertises the kind's example id; a model
		// that copies it back means no id at all (an id is never 4000).
		p.examples = append(p.examples, p.binding.example)
	}
	p.Path = Pointer([]string{name})
	p.RangeTo, _ = PairOf(name)
	return p, nil
}

// describe sets the description the schema advertises: the desc tag, and
// the guidance sentence unless the tag says noguide.
func (p *Property) describe(desc string) error {
	p.description = strings.TrimSpace(desc)
	if p.description == "" {
		return ErrNoDescription
	}
	if !p.noguide {
		guide := p.binding.guide
		if guide == "" {
			guide = "Send " + p.binding.expected + "."
			if p.binding.legend != "" {
				guide += " " + p.binding.legend
			}
		}
		p.description = strings.TrimRight(p.description, ".") + ". " + guide
	}
	return nil
}

// ErrNoDescription is the problem of a property with neither tag.
var ErrNoDescription = fmt.Errorf("it has no description: add a %s tag (or go-sdk's %s tag; the model's only briefing on it)", tagDesc, TagSchema)

// exampleJSON turns a tag's example into JSON: JSON as it is, anything
// else as a string.
func exampleJSON(s string) json.RawMessage {
	if json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	b, _ := json.Marshal(s)
	return b
}

// Prefixed splits an error BindStruct joined into its problems, each with
// prefix (the tool, template or prompt it is about), so that a
// declaration's caller joins them with its own.
func Prefixed(prefix string, err error) []error {
	var out []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			out = append(out, fmt.Errorf("%s%w", prefix, e))
		}
		return out
	}
	return []error{fmt.Errorf("%s%w", prefix, err)}
}
