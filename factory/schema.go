package factory

import (
	"errors"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
)

// buildSchema generates the schema the tool advertises: an object whose
// every property has its canonical type, its description (with the kind's
// guidance), and its declared examples.
func (t *Tool) buildSchema() map[string]any {
	props := map[string]any{}
	var required []any
	for _, p := range t.props {
		props[p.Name] = p.Schema()
		if p.Required {
			required = append(required, p.Name)
		}
	}
	if t.spec.Intent == IntentDo {
		// Every do tool's own: the key a model must be able to see.
		props[IdempotencyKeyProperty] = keySchema(t.spec)
		if t.spec.KeyRequired {
			required = append(required, IdempotencyKeyProperty)
		}
	}
	schema := map[string]any{
		"type":                 "object",
		"properties":           props,
		"additionalProperties": t.spec.Open,
	}
	if len(required) > 0 {
		schema["required"] = required
	}
	return schema
}

// compile compiles a schema from memory, once a tool: for a tool New
// declares, when its first call validates; for FromSchema's, at declaration.
func compile(name string, schema map[string]any) (*jsonschema.Schema, error) {
	// The compiler takes the document as decoded JSON; examples are
	// json.RawMessage, which it does not read, so hand it a decoded copy.
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(binding.MustJSON(schema))))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	url := "mem://tool/" + name
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// violations validates normalized arguments and turns every failure into an
// issue at the instance path, with the closed code schema_violation: after
// normalization a failure is a bug in a kind or a declaration, and the
// issue names where, never the validator's own words. A tool declared
// elsewhere (FromSchema) is the exception: its schema is the server's, and
// a failure is an ask naming what the schema admits (schemaAsk).
func (t *Tool) violations(args map[string]any) []agentinput.Issue {
	compiled, err := t.compiled()
	if err != nil {
		return []agentinput.Issue{{Path: "", Ask: agentinput.Ask{
			Code:   agentinput.AskSchemaViolation,
			Reason: "the tool's schema could not be compiled",
			Hint:   "This is a bug in the tool, not in the call: report it to the tool's author",
		}}}
	}
	if err = compiled.Validate(args); err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []agentinput.Issue{{Path: "", Ask: agentinput.Ask{
			Code:   agentinput.AskSchemaViolation,
			Reason: "the normalized arguments could not be validated",
			Hint:   "This is a bug in the tool, not in the call: report it to the tool's author",
		}}}
	}
	var out []agentinput.Issue
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		path := binding.Pointer(e.InstanceLocation)
		if t.run == nil {
			// A tool declared elsewhere: its schema is the server's, and a
			// value it rejects is the caller's to correct.
			out = append(out, agentinput.Issue{Path: path, Ask: binding.SchemaAsk(e.ErrorKind, valueAt(args, e.InstanceLocation))})
			return
		}
		rule := "schema"
		if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
			rule = strings.Join(kp, "/")
		}
		out = append(out, agentinput.Issue{Path: path, Ask: agentinput.Ask{
			Code:     agentinput.AskSchemaViolation,
			Received: agentinput.Received(valueAt(args, e.InstanceLocation)),
			Reason:   "the normalized value breaks the advertised schema's " + rule + " rule",
			Hint:     "This is a bug in the tool, not in the call: report it to the tool's author",
		}})
	}
	walk(ve)
	return out
}

func valueAt(args map[string]any, loc []string) any {
	var v any = args
	for _, tok := range loc {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			// The validator's own index, found by spelling each index
			// rather than parsing the token (the census: numbers are the
			// number kind's to parse). A list holds at most
			// agentinput.MaxArrayItems items.
			found := false
			for i := range x {
				if strconv.Itoa(i) == tok {
					v, found = x[i], true
					break
				}
			}
			if !found {
				return nil
			}
		default:
			return nil
		}
	}
	return v
}
