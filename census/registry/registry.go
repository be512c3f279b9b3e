// Package registry is the registry census: it checks a set of factory tools
// against the rules every tool of a server should keep, so that a test of
// the server fails when a declaration drifts from them.
//
//   - id: every id property (named id or *_id) is read by the uuid kind;
//   - description: every property has a description in the schema the tool
//     advertises (the model's only briefing on it);
//   - name-rule: a property whose name a factory name rule recognises
//     (limit, date_from, cursor, language, …) is bound to that rule's kind,
//     unless Expect.Overrides names it with a reason;
//   - anti-vacuity: the census fails when it saw fewer tools or properties
//     than the caller says exist, so a registry that lost its tools (or a
//     test that passed none) cannot pass.
//
// An override is declared in Expect.Overrides, keyed "tool.property", with
// the reason as its value; an override without a reason, or one that names
// no property that needs it, is itself a finding, so overrides disappear
// with the declarations they excused.
package registry

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"agentinput.dev/factory"
	"agentinput.dev/internal/binding"
)

// Rule ids of the registry census. They are stable: tests and docs name them.
const (
	RuleIDUUID         = "id-uuid"
	RuleDescription    = "property-description"
	RuleNameKind       = "name-rule-kind"
	RuleOverride       = "override-reason"
	RuleTooFewTools    = "too-few-tools"
	RuleTooFewProps    = "too-few-properties"
	RuleSchemaMismatch = "schema-properties"
)

// Expect is what the caller knows about the registry: at least how many
// tools and properties (summed over the tools) it holds, and the documented
// overrides of the name rules.
type Expect struct {
	Tools, Properties int
	// Overrides maps "tool.property" to the reason the property is not
	// bound to its name rule's kind (for an id, not to uuid).
	Overrides map[string]string
}

// Finding is one broken rule.
type Finding struct {
	Rule     string `json:"rule"`
	Tool     string `json:"tool,omitempty"`
	Property string `json:"property,omitempty"`
	Message  string `json:"message"`
}

func (f Finding) String() string {
	at := f.Tool
	if f.Property != "" {
		at += "." + f.Property
	}
	if at == "" {
		return fmt.Sprintf("%s: %s", f.Rule, f.Message)
	}
	return fmt.Sprintf("%s: %s: %s", f.Rule, at, f.Message)
}

// isID reports whether a property name names an identifier.
func isID(name string) bool {
	return name == "id" || (strings.HasSuffix(name, "_id") && len(name) > len("_id"))
}

// Check runs the registry census over tools. It returns no findings when
// every rule holds; the order of findings is the order of the tools and
// their properties, then the registry-wide findings.
func Check(tools []*factory.Tool, want Expect) []Finding {
	var out []Finding
	used := map[string]bool{}
	nTools, nProps := 0, 0
	for _, t := range tools {
		if t == nil {
			continue
		}
		nTools++
		name := t.Name()
		described, err := schemaDescriptions(t.InputSchema())
		if err != nil {
			out = append(out, Finding{Rule: RuleSchemaMismatch, Tool: name, Message: "the advertised input schema has no properties object: " + err.Error()})
		}
		for _, p := range t.Properties() {
			nProps++
			kind, _ := t.PropertyKind(p)
			key := name + "." + p
			reason, overridden := want.Overrides[key]
			if d, ok := described[p]; !ok && err == nil {
				out = append(out, Finding{Rule: RuleSchemaMismatch, Tool: name, Property: p, Message: "declared but not in the advertised input schema"})
			} else if ok && strings.TrimSpace(d) == "" {
				out = append(out, Finding{Rule: RuleDescription, Tool: name, Property: p, Message: "no description in the advertised schema: add a desc tag"})
			}
			ruleKind, recognised := binding.NameRule(p)
			needs := false
			switch {
			case isID(p) && kind != "uuid":
				needs = true
				if !overridden {
					out = append(out, Finding{Rule: RuleIDUUID, Tool: name, Property: p, Message: fmt.Sprintf("an id property read as %s, not uuid: declare it uuid (agentinput:\"uuid\" or a uuid.UUID field), or document an override", kind)})
				}
			case recognised && kind != ruleKind:
				needs = true
				if !overridden {
					out = append(out, Finding{Rule: RuleNameKind, Tool: name, Property: p, Message: fmt.Sprintf("the name rule binds %s, but it is read as %s: drop its kind from the tag, rename it, or document an override", ruleKind, kind)})
				}
			}
			if overridden {
				used[key] = true
				switch {
				case !needs:
					out = append(out, Finding{Rule: RuleOverride, Tool: name, Property: p, Message: "an override of a property its name rule already binds (or no rule recognises): remove the override"})
				case strings.TrimSpace(reason) == "":
					out = append(out, Finding{Rule: RuleOverride, Tool: name, Property: p, Message: "an override without a reason: say why it is not bound to its rule's kind"})
				}
			}
		}
	}
	var stale []string
	for key := range want.Overrides {
		if !used[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		out = append(out, Finding{Rule: RuleOverride, Message: fmt.Sprintf("override %q names no declared property: remove it", key)})
	}
	if nTools < want.Tools || nTools == 0 {
		out = append(out, Finding{Rule: RuleTooFewTools, Message: fmt.Sprintf("saw %d tools, expected at least %d", nTools, max(want.Tools, 1))})
	}
	if nProps < want.Properties {
		out = append(out, Finding{Rule: RuleTooFewProps, Message: fmt.Sprintf("saw %d properties, expected at least %d", nProps, want.Properties)})
	}
	return out
}

// schemaDescriptions reads the description of every top-level property of
// an advertised input schema.
func schemaDescriptions(schema json.RawMessage) (map[string]string, error) {
	var s struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		return nil, fmt.Errorf("it does not decode")
	}
	out := make(map[string]string, len(s.Properties))
	for k, v := range s.Properties {
		out[k] = v.Description
	}
	return out, nil
}
