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
// A property whose schema no kind reads (an object, a number with a
// multipleOf, anything unusual) passes through untouched, as do properties
// the schema admits without declaring them. A name rule that would bind a
// kind the schema's type contradicts is not applied; the uuid rule (id,
// *_id) applies only with format "uuid", since an existing server's ids
// are often not UUIDs; the cursor rule never applies, since the cursor
// belongs to the server's own codec.
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
		p, err := schemaProperty(name, ps, slices.Contains(required, name))
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
func schemaProperty(name string, s map[string]any, required bool) (*property, error) {
	p := &property{name: name, required: required}
	p.description, _ = s["description"].(string)
	kind, opts, goType := schemaKind(name, s)
	if kind == "" {
		p.kind = "passthrough"
		p.binding = passthrough()
		return p, nil
	}
	b, err := binders[kind].bind(goType, opts)
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

// schemaKind picks the kind of a property from its schema and name.
func schemaKind(name string, s map[string]any) (string, tagOptions, reflect.Type) {
	opts := tagOptions{flags: map[string]bool{}, values: map[string]string{}}
	typ, _ := s["type"].(string)
	format, _ := s["format"].(string)
	stringType := reflect.TypeFor[string]()
	if _, ok := s["multipleOf"]; ok {
		return "", opts, nil
	}
	switch typ {
	case "integer", "number":
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
