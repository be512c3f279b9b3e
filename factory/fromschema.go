package factory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
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
	spec.Open = binding.SchemaOpen(doc)
	t := &Tool{spec: spec, byName: map[string]*property{}, observer: spec.Observer}
	if t.observer == nil {
		t.observer = observe.None{}
	}
	env := spec.env()
	for _, name := range binding.SortedKeys(props) {
		ps, _ := props[name].(map[string]any)
		p, err := binding.SchemaProperty(name, ps, slices.Contains(required, name), env)
		if err != nil {
			return nil, fmt.Errorf("factory: tool %s: property %s: %w", spec.Name, name, err)
		}
		t.props = append(t.props, p)
		p.Path = binding.Pointer([]string{name})
		p.RangeTo, _ = binding.PairOf(name)
		t.byName[name] = p
	}
	t.schema = doc
	compiled, err := compile(spec.Name, doc)
	if err != nil {
		return nil, fmt.Errorf("factory: tool %s: the input schema does not compile: %w", spec.Name, err)
	}
	t.compiled = func() (*jsonschema.Schema, error) { return compiled, nil }
	return t, nil
}

// Admits reports whether arguments, as they were sent, satisfy the schema
// the tool advertises: whether a server that validates calls against it
// takes them (formats are not asserted, as go-sdk does not). A retrofit
// (factory/mcp.Lenient) asks about such a call only for the classes it
// stands by (docs/retrofit.md) and otherwise lets it through as sent.
// Arguments over agentinput.MaxArgumentBytes, or that are not JSON, are
// not admitted.
func (t *Tool) Admits(arguments json.RawMessage) bool {
	if len(arguments) > agentinput.MaxArgumentBytes {
		return false
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(arguments))
	if err != nil {
		return false
	}
	compiled, err := t.compiled()
	return err == nil && compiled.Validate(v) == nil
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
