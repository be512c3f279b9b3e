package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"agentinput.dev/promcp"
)

// The fields the proMCP rules ask of each category's output schema: the
// ones the convention requires or the orchestration reads. They are a part
// of what agentinput's own results always send (promcp.ReadFields and its
// siblings; a test holds them to it).
var (
	readNeeds      = []string{"value", "timestamp", "quality"}
	doNeeds        = []string{"status", "idempotency_key", "side_effects", "timestamp"}
	candidateNeeds = []string{"permission", "confidence"}
)

// hints are the annotations the proMCP rules read; nil is MCP's default
// (readOnlyHint false, destructiveHint true).
type hints struct {
	ReadOnly    *bool `json:"readOnlyHint"`
	Destructive *bool `json:"destructiveHint"`
}

// lintPromcp checks that a tool's annotations and output schema agree with
// the category its name declares. A name without a triad prefix is
// promcp-prefix's finding alone.
func lintPromcp(t Tool) []Finding {
	triad, exact := promcp.NameTriad(t.Name)
	if !exact {
		return nil
	}
	var out []Finding
	var h hints
	if len(t.Annotations) > 0 {
		_ = json.Unmarshal(t.Annotations, &h) // not JSON: no hints, MCP's defaults
	}
	readOnly := h.ReadOnly != nil && *h.ReadOnly
	destructive := h.Destructive != nil && *h.Destructive
	switch {
	case triad == promcp.TriadDo && readOnly:
		out = append(out, NewFinding(RulePromcpAnnotations, t.Name, "", "a do_ tool annotated readOnlyHint true: clients will retry and cache a write"))
	case triad != promcp.TriadDo && !readOnly:
		out = append(out, NewFinding(RulePromcpAnnotations, t.Name, "", fmt.Sprintf(
			"a %s tool without readOnlyHint true: MCP's default tells clients it may write", triad)))
	case triad != promcp.TriadDo && destructive:
		out = append(out, NewFinding(RulePromcpAnnotations, t.Name, "", fmt.Sprintf(
			"a %s tool annotated destructiveHint true", triad)))
	}
	if len(t.OutputSchema) == 0 {
		return append(out, NewFinding(RuleOutputSchema, t.Name, "", fmt.Sprintf("a %s tool without an output schema: its result contract is unknown", triad)))
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(t.OutputSchema))
	dec.UseNumber()
	if dec.Decode(&doc) != nil || doc == nil {
		doc = map[string]any{}
	}
	switch triad {
	case promcp.TriadRead:
		if missing := missingFields(doc, readNeeds); missing != "" {
			out = append(out, NewFinding(RuleReadResult, t.Name, "", "the output schema has no "+missing))
		}
	case promcp.TriadDo:
		if missingFields(doc, []string{"compensable"}) != "" {
			out = append(out, NewFinding(RuleDoCompensable, t.Name, "", "the output schema has no required compensable"))
		}
		if missing := missingFields(doc, doNeeds); missing != "" {
			out = append(out, NewFinding(RuleDoResult, t.Name, "", "the output schema has no "+missing))
		}
	case promcp.TriadCanDo:
		candidate := itemsOf(property(doc, "candidates"))
		if missingFields(candidate, []string{"valid_until"}) != "" {
			out = append(out, NewFinding(RuleCandidateValidity, t.Name, "candidates[]", "a candidate has no required valid_until"))
		}
		if missing := missingFields(candidate, candidateNeeds); missing != "" {
			out = append(out, NewFinding(RuleCandidateResult, t.Name, "candidates[]", "a candidate has no "+missing))
		}
	}
	return out
}

// missingFields names the fields of want that the object schema s does not
// both declare and require, "" when there are none.
func missingFields(s map[string]any, want []string) string {
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				required[name] = true
			}
		}
	}
	var missing []string
	for _, f := range want {
		if _, declared := props[f]; !declared || !required[f] {
			missing = append(missing, "required "+f)
		}
	}
	return strings.Join(missing, ", ")
}

func property(s map[string]any, name string) map[string]any {
	props, _ := s["properties"].(map[string]any)
	p, _ := props[name].(map[string]any)
	return p
}

func itemsOf(s map[string]any) map[string]any {
	items, _ := s["items"].(map[string]any)
	return items
}
