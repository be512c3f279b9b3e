package factory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/vocabulary"
)

// FromSchema makes the reading half of a tool that is declared elsewhere,
// from the input schema it advertises: each property is bound to a kind by
// its schema (type, format, enum, bounds) and by the name rules, read
// leniently under the absence rule, and the normalized arguments are
// validated with that same schema. The tool has no handler: its Call
// returns the normalized Arguments (or the envelope), and the caller hands
// them to the tool's own handler. This is what makes an existing server
// lenient without rewriting its tools (factory/mcp.Lenient).
//
// A type that is a union of one type with "null" (what go-sdk's
// jsonschema.For writes for a slice or a pointer field) is read as that
// type, null being absence. An array whose items a kind reads is a list of
// that kind, read by stringlist's rules (a lone value is a one-item list; a
// separated string is split only for kinds whose values never hold a comma,
// never for free text). A string property, or a list of strings, whose name
// is a key of spec.Vocabularies is read by that vocabulary.
//
// A property whose schema no kind reads (an object, a map, a number with a
// multipleOf or an enum, a string with a format such as date-time or email)
// passes through untouched, as do properties the schema admits without
// declaring them; the schema then validates them, and a value it rejects
// (a wrong type, a bound such as exclusiveMinimum, a missing nested
// property) is an ask that names what the schema admits. A name rule that
// would bind a kind the schema's type contradicts is not applied; the uuid
// rule (id, *_id) applies only with format "uuid", since an existing
// server's ids are often not UUIDs; the cursor rule never applies, since
// the cursor belongs to the server's own codec.
//
// The spec's name, title and description are not held to New's rules here:
// a tool declared elsewhere is what it is (the contract linter reports on
// it); Spec.Name is only used in messages.
func FromSchema(spec Spec, schema json.RawMessage) (*Tool, error) {
	if spec.Name == "" {
		return nil, fmt.Errorf("factory: a tool from a schema needs a name")
	}
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("factory: tool %s: the input schema is not a JSON object: %w", spec.Name, err)
	}
	if t, _ := doc["type"].(string); t != "object" {
		return nil, fmt.Errorf("factory: tool %s: the input schema's type is not object", spec.Name)
	}
	props, _ := doc["properties"].(map[string]any)
	var required []string
	if list, ok := doc["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				required = append(required, s)
			}
		}
	}
	switch ap := doc["additionalProperties"].(type) {
	case bool:
		spec.Open = ap
	case map[string]any:
		_, not := ap["not"]
		spec.Open = !(not && len(ap) == 1)
	default:
		spec.Open = true
	}
	t := &Tool{spec: spec, byName: map[string]*property{}, observer: spec.Observer}
	if t.observer == nil {
		t.observer = NoObserver{}
	}
	for _, name := range sortedKeys(props) {
		ps, _ := props[name].(map[string]any)
		p, err := schemaProperty(name, ps, slices.Contains(required, name), &spec)
		if err != nil {
			return nil, fmt.Errorf("factory: tool %s: property %s: %w", spec.Name, name, err)
		}
		t.props = append(t.props, p)
		p.path = pointer([]string{name})
		p.rangeTo, _ = pairOf(name)
		t.byName[name] = p
	}
	var err error
	t.schema = doc
	if t.compiled, err = compile(spec.Name, doc); err != nil {
		return nil, fmt.Errorf("factory: tool %s: the input schema does not compile: %w", spec.Name, err)
	}
	return t, nil
}

// schemaProperty binds one property of an advertised schema.
func schemaProperty(name string, s map[string]any, required bool, env *Spec) (*property, error) {
	p := &property{name: name, required: required}
	p.description, _ = s["description"].(string)
	kind, opts, goType := schemaKind(name, name, s, env)
	if kind == "" {
		p.kind = "passthrough"
		p.binding = passthrough()
		return p, nil
	}
	b, err := kindIndex[kind].bind(goType, opts)
	if err != nil {
		return nil, err
	}
	p.kind, p.binding = kind, b
	if ex, ok := s["examples"].([]any); ok {
		for _, e := range ex {
			p.examples = append(p.examples, mustJSON(e))
		}
	}
	return p, nil
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
func schemaKind(name, vocab string, s map[string]any, env *Spec) (string, tagOptions, reflect.Type) {
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
		read: func(raw any) agentinput.Outcome[slot] {
			return agentinput.Value(slot{json: raw, assign: func(reflect.Value) {}}, agentinput.Notes{})
		},
		schema:     map[string]any{},
		expected:   "the value the tool's schema describes",
		example:    json.RawMessage(`null`),
		collection: true,
	}
}

// Refuse turns a read that its tool's own handler could not take into a
// refusal: the envelope of the issues, with the read's notes and
// warnings. It is for a tool declared elsewhere (FromSchema), whose
// handler decodes the normalized arguments itself and may still reject a
// value the schema admits (go-sdk advertises a time.Time field as a plain
// string, and only its decoding asks for RFC 3339): factory/mcp.Lenient
// answers such a call with this refusal, an ask naming what to send.
func (t *Tool) Refuse(read *Result, issues ...agentinput.Issue) *Result {
	return t.refusedArguments(read, issues)
}

// Vocabularies are data-owned value sets by name, as Spec.Vocabularies
// holds them: the type a layer above the factory (factory/mcp's
// LenientOptions) names them by without importing the kind.
type Vocabularies = map[string]*vocabulary.Reader
