// Package linttest holds the linter's fixture catalog: tools that break
// every tool-level rule exactly once, each tool naming the rules it breaks,
// so that the lint package's tests and the command's tests (which serve the
// same tools from a real go-sdk server) check one list.
package linttest

import (
	"encoding/json"
	"strings"

	"agentinput.dev/census/lint"
	"agentinput.dev/promcp"
)

// Case is one tool of the fixture and the rules it breaks, with
// Options.ProMCP set. The catalog as a whole also breaks too-many-tools.
type Case struct {
	Tool   lint.Tool
	Breaks []string
}

// Good is a description that keeps both description rules.
const Good = "Reads the orders of one customer, newest first, one page at a time. Use when the user asks about past orders."

// Catalog is the fixture, in listing order. A tool that breaks
// input-schema-object or name-unique cannot be served by a go-sdk server
// (it refuses such tools), so a test over a live server leaves those out.
func Catalog() []Case {
	ok := Object(`"customer_id":{"type":"string","description":"The customer"}`)
	ro := json.RawMessage(`{"readOnlyHint":true}`)
	rw := json.RawMessage(`{"readOnlyHint":false,"destructiveHint":false}`)
	read := func(name, title, description string, schema json.RawMessage, breaks ...string) Case {
		return Case{lint.Tool{Name: name, Title: title, Description: description, InputSchema: schema, Annotations: ro,
			OutputSchema: Without(promcp.ReadSchema(nil))}, breaks}
	}
	answers := func(c Case, annotations json.RawMessage, output json.RawMessage) Case {
		c.Tool.Annotations, c.Tool.OutputSchema = annotations, output
		return c
	}
	return []Case{
		{lint.Tool{Name: "Read-Orders", Title: "Orders of a customer", Description: Good, InputSchema: ok},
			[]string{lint.RuleNameSnakeCase, lint.RulePromcpPrefix}},
		read("read_short", "Short", "Reads. Use when asked.", ok, lint.RuleDescriptionLength),
		read("read_no_when", "No when", strings.Repeat("Reads orders. ", 5), ok, lint.RuleDescriptionUseWhen),
		read("read_untitled", "", Good, ok, lint.RuleTitlePresent),
		read("read_same", "Read Same", Good, ok, lint.RuleTitleDistinct),
		read("read_array", "Array", Good, json.RawMessage(`[]`), lint.RuleInputSchemaObject),
		read("read_undescribed", "Undescribed", Good, Object(`"customer_id":{"type":"string"}`), lint.RulePropertyDescription),
		read("read_opaque", "Opaque", Good, Object(`"p1":{"type":"string","description":"The customer"}`), lint.RulePropertyNameSemantic),
		read("read_twice", "Twice", Good, ok),
		read("read_twice", "Twice again", Good, ok, lint.RuleNameUnique),
		answers(read("read_writes", "Writes", Good, ok, lint.RulePromcpAnnotations), rw, Without(promcp.ReadSchema(nil))),
		answers(read("read_unshaped", "Unshaped", Good, ok, lint.RuleOutputSchema), ro, nil),
		answers(read("read_unqualified", "Unqualified", Good, ok, lint.RuleReadResult), ro, Without(promcp.ReadSchema(nil), "quality")),
		answers(read("do_uncompensated", "Uncompensated", Good, ok, lint.RuleDoCompensable), rw, Without(promcp.DoSchema(nil), "compensable")),
		answers(read("do_unkeyed", "Unkeyed", Good, ok, lint.RuleDoResult), rw, Without(promcp.DoSchema(nil), "idempotency_key")),
		answers(read("can_do", "Whether it can", Good, ok, lint.RuleCandidateValidity), ro,
			Without(promcp.CapabilityReportSchema(), "candidates", "valid_until")),
		answers(read("can_do_guess", "Whether it can, unsure", Good, ok, lint.RuleCandidateResult), ro,
			Without(promcp.CapabilityReportSchema(), "candidates", "confidence")),
		// agentinput's own results break nothing.
		answers(read("read_compliant", "A compliant read", Good, ok), ro, Without(promcp.ReadSchema(nil))),
		answers(read("do_compliant", "A compliant write", Good, ok), rw, Without(promcp.DoSchema(nil))),
		answers(read("can_do_compliant", "A compliant check", Good, ok), ro, Without(promcp.CapabilityReportSchema())),
	}
}

// Tools is the catalog's tools alone.
func Tools() []lint.Tool {
	var out []lint.Tool
	for _, c := range Catalog() {
		out = append(out, c.Tool)
	}
	return out
}

// Object is an object schema with the given properties (JSON members).
func Object(props string) json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{` + props + `}}`)
}

// Without is an object schema as JSON with the property at the end of path
// (through properties, and the items of an array) taken out of its
// properties and its required list; with no path, the schema whole.
func Without(root map[string]any, path ...string) json.RawMessage {
	s := root
	for i, name := range path {
		props := s["properties"].(map[string]any)
		if i < len(path)-1 {
			s = props[name].(map[string]any)
			if items, ok := s["items"].(map[string]any); ok {
				s = items
			}
			continue
		}
		delete(props, name)
		var req []any
		for _, r := range s["required"].([]any) {
			if r != name {
				req = append(req, r)
			}
		}
		s["required"] = req
	}
	b, err := json.Marshal(root)
	if err != nil {
		panic("linttest: a schema does not encode: " + err.Error()) // a bug in the fixture
	}
	return b
}
