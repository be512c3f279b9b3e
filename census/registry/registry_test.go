package registry_test

import (
	"context"
	"encoding/json"
	"testing"

	"agentinput.dev/census/registry"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
	"agentinput.dev/internal/demo"
)

type quiet struct{}

func (quiet) Observe(context.Context, observe.Event) {}

func demoTools(t *testing.T) []*factory.Tool {
	t.Helper()
	tools, err := demo.Tools(demo.NewStore(), make([]byte, 32), quiet{})
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

func countProps(tools []*factory.Tool) int {
	n := 0
	for _, t := range tools {
		n += len(t.Properties())
	}
	return n
}

// The demonstration server's registry keeps every rule, with no override.
func TestDemoRegistryPasses(t *testing.T) {
	tools := demoTools(t)
	// The counts are pinned here, not computed, so that a tool or property
	// lost from the demo fails this test (the anti-vacuity guard).
	const wantTools, wantProps = 6, 18
	if got := countProps(tools); got != wantProps {
		t.Errorf("the demo declares %d properties; update wantProps (%d) deliberately", got, wantProps)
	}
	for _, f := range registry.Check(tools, registry.Expect{Tools: wantTools, Properties: wantProps}) {
		t.Errorf("finding: %s", f)
	}
}

func TestAntiVacuity(t *testing.T) {
	tools := demoTools(t)
	got := rules(registry.Check(tools[:1], registry.Expect{Tools: 4, Properties: 15}))
	want := map[string]int{registry.RuleTooFewTools: 1, registry.RuleTooFewProps: 1}
	same(t, got, want)
	// No tools at all is never a pass, whatever the caller expects.
	same(t, rules(registry.Check(nil, registry.Expect{})), map[string]int{registry.RuleTooFewTools: 1})
}

type badIn struct {
	// An id read as text, with no override: id-uuid.
	ID string `json:"id" agentinput:"text" desc:"The record"`
	// A recognised name bound to another kind, no override: name-rule-kind.
	Country string `json:"country" agentinput:"text" desc:"Where"`
	// An override with a reason: no finding.
	Language string `json:"language" agentinput:"text" desc:"A programming language, not a human one"`
	// An override of a property the rule already binds: override-reason.
	Limit int `json:"limit" desc:"How many"`
}

const spec = "Reads records of the test registry, one page at a time. Use when a test needs a tool."

func TestBadRegistryOneFindingPerRule(t *testing.T) {
	bad := factory.Must(factory.Spec{Name: "read_records", Title: "Read records", Description: spec, Intent: factory.IntentRead},
		func(context.Context, badIn, *factory.Call) (struct{}, error) { return struct{}{}, nil })
	// A tool from an advertised schema (factory.FromSchema) may lack a
	// description, which factory.New refuses.
	fromSchema, err := factory.FromSchema(factory.Spec{Name: "read_notes"}, json.RawMessage(
		`{"type":"object","properties":{"query":{"type":"string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := registry.Check([]*factory.Tool{bad, fromSchema}, registry.Expect{Tools: 3, Properties: 6, Overrides: map[string]string{
		"read_records.language": "the tool reads programming languages, which no locale names",
		"read_records.limit":    "not needed",
		"read_records.gone":     "a property that was renamed",
	}})
	for _, f := range got {
		t.Log(f)
	}
	same(t, rules(got), map[string]int{
		registry.RuleIDUUID:      1,
		registry.RuleNameKind:    1,
		registry.RuleDescription: 1,
		registry.RuleOverride:    2, // the needless override and the stale one
		registry.RuleTooFewTools: 1,
		registry.RuleTooFewProps: 1,
	})

	// An override without a reason excuses nothing silently.
	got = registry.Check([]*factory.Tool{bad}, registry.Expect{Tools: 1, Overrides: map[string]string{
		"read_records.id": " ", "read_records.country": "documented", "read_records.language": "documented"}})
	same(t, rules(got), map[string]int{registry.RuleOverride: 1})
}

func rules(fs []registry.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Rule]++
	}
	return m
}

func same(t *testing.T, got, want map[string]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("rules %v, want %v", got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("rules %v, want %v", got, want)
			return
		}
	}
}

// BenchmarkCheckDemo runs the registry census over the demonstration tools.
func BenchmarkCheckDemo(b *testing.B) {
	tools, err := demo.Tools(demo.NewStore(), make([]byte, 32), quiet{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		registry.Check(tools, registry.Expect{Tools: 4, Properties: 15})
	}
}

// The kinds the registry holds names to (binding.NameRule) are kinds of
// the factory's kind table: a name rule cannot bind a kind the factory
// does not register.
func TestNameRuleKindsInKindTable(t *testing.T) {
	table := map[string]bool{}
	for _, k := range binding.Kinds() {
		table[k.Name()] = true
	}
	for _, name := range []string{"limit", "page_size", "date_from", "since", "valid_from", "date_to", "until", "valid_to",
		"cursor", "locale", "language", "lang", "country"} {
		kind, ok := binding.NameRule(name)
		if !ok {
			t.Errorf("no name rule recognises %s", name)
			continue
		}
		if !table[kind] {
			t.Errorf("the name rule of %s binds kind %s, which the factory's kind table has no row for", name, kind)
		}
	}
	// An identifier's name says nothing of its spelling: no rule (id-uuid
	// is the registry's own policy, not a name rule).
	for _, name := range []string{"id", "tool_id"} {
		if kind, ok := binding.NameRule(name); ok {
			t.Errorf("a name rule binds %s to %s", name, kind)
		}
	}
}
