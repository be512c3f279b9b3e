package lint_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/census/lint"
	"agentinput.dev/cmd/agentinput/demo"
	"agentinput.dev/factory"
)

type quiet struct{}

func (quiet) Observe(context.Context, factory.Event) {}

const good = "Reads the orders of one customer, newest first, one page at a time. Use when the user asks about past orders."

func schema(props string) json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{` + props + `}}`)
}

// BadCatalog breaks each rule exactly once (promcp-prefix only with
// Options.ProMCP). The tool-level rules are broken by tools that keep every
// other rule.
func BadCatalog() []lint.Tool {
	ok := schema(`"customer_id":{"type":"string","description":"The customer"}`)
	tools := []lint.Tool{
		{Name: "Read-Orders", Title: "Orders of a customer", Description: good, InputSchema: ok},                                              // name-snake-case, promcp-prefix
		{Name: "read_short", Title: "Short", Description: "Reads. Use when asked.", InputSchema: ok},                                          // description-length
		{Name: "read_no_when", Title: "No when", Description: strings.Repeat("Reads orders. ", 5), InputSchema: ok},                           // description-use-when
		{Name: "read_untitled", Description: good, InputSchema: ok},                                                                           // title-present
		{Name: "read_same", Title: "Read Same", Description: good, InputSchema: ok},                                                           // title-distinct
		{Name: "read_array", Title: "Array", Description: good, InputSchema: json.RawMessage(`[]`)},                                           // input-schema-object
		{Name: "read_undescribed", Title: "Undescribed", Description: good, InputSchema: schema(`"customer_id":{"type":"string"}`)},           // property-description
		{Name: "read_opaque", Title: "Opaque", Description: good, InputSchema: schema(`"p1":{"type":"string","description":"The customer"}`)}, // property-name-semantic
		{Name: "read_twice", Title: "Twice", Description: good, InputSchema: ok},
		{Name: "read_twice", Title: "Twice again", Description: good, InputSchema: ok}, // name-unique
	}
	return tools // 10 tools: too-many-tools
}

func count(fs []lint.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Rule]++
	}
	return m
}

func TestOneFindingPerRule(t *testing.T) {
	got := lint.Lint(BadCatalog(), lint.Options{ProMCP: true})
	for _, f := range got {
		t.Log(f.Severity, f.Rule, f.Tool, f.Property, f.Message)
	}
	want := []string{lint.RuleNameSnakeCase, lint.RuleNameUnique, lint.RulePromcpPrefix, lint.RuleDescriptionLength,
		lint.RuleDescriptionUseWhen, lint.RuleTitlePresent, lint.RuleTitleDistinct, lint.RuleInputSchemaObject,
		lint.RulePropertyDescription, lint.RulePropertyNameSemantic, lint.RuleTooManyTools}
	c := count(got)
	for _, id := range want {
		if c[id] != 1 {
			t.Errorf("%s: %d findings, want 1", id, c[id])
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d findings, want %d", len(got), len(want))
	}
	for _, f := range got {
		r, ok := lint.RuleByID(f.Rule)
		if !ok || f.Severity != r.Severity || f.Fix == "" || strings.Contains(f.Fix, "\n") {
			t.Errorf("finding %+v: no rule, wrong severity, or a fix that is not one line", f)
		}
	}
	if c := count(lint.Lint(BadCatalog(), lint.Options{})); c[lint.RulePromcpPrefix] != 0 {
		t.Errorf("promcp-prefix without ProMCP")
	}
}

func TestRulesStable(t *testing.T) {
	// The ids are an interface: a renamed id breaks users' filters.
	var ids []string
	for _, r := range lint.Rules() {
		ids = append(ids, r.ID+"/"+string(r.Severity))
	}
	const want = "name-snake-case/error name-unique/error promcp-prefix/error description-length/error description-use-when/error title-present/error title-distinct/error input-schema-object/error property-description/error property-name-semantic/warning too-many-tools/warning catalog-drift/error list-budget/error list-pagination/error"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("rules\n%s\nwant\n%s", got, want)
	}
}

func TestPromcp(t *testing.T) {
	for name, ok := range map[string]bool{
		"read_orders": true, "do_refund": true, "can_do": true, "can_do_refund": true,
		"get_orders": false, "read_": false, "do_read_orders": false, "read_do_x": false, "can_do_read_x": false,
		"reading": false, "candor": false, "doc_search": false,
	} {
		tool := lint.Tool{Name: name, Title: "A title", Description: good, InputSchema: schema("")}
		if got := count(lint.Lint([]lint.Tool{tool}, lint.Options{ProMCP: true}))[lint.RulePromcpPrefix] == 0; got != ok {
			t.Errorf("%s: promcp ok %v, want %v", name, got, ok)
		}
	}
}

func TestSemanticNames(t *testing.T) {
	for name, opaque := range map[string]bool{
		"x": true, "Q": true, "p1": true, "a10": true, "arg2": true, "data": true, "Params": true, "value_": true, "42": true,
		"customer_id": false, "date_from": false, "query": false, "ipv4": false, "limit": false, "id": false, "data_source": false,
	} {
		tool := lint.Tool{Name: "read_x", Title: "A title", Description: good,
			InputSchema: schema(`"` + name + `":{"type":"string","description":"d"}`)}
		if got := count(lint.Lint([]lint.Tool{tool}, lint.Options{}))[lint.RulePropertyNameSemantic] == 1; got != opaque {
			t.Errorf("%s: opaque %v, want %v", name, got, opaque)
		}
	}
}

func TestNestedProperties(t *testing.T) {
	tool := lint.Tool{Name: "read_x", Title: "A title", Description: good, InputSchema: schema(
		`"filter":{"type":"object","description":"d","properties":{"court":{"type":"string"}}},` +
			`"rows":{"type":"array","description":"d","items":{"type":"object","properties":{"x":{"type":"string","description":"d"}}}}`)}
	got := lint.Lint([]lint.Tool{tool}, lint.Options{})
	if len(got) != 2 || got[0].Property != "filter.court" || got[1].Property != "rows[].x" {
		t.Errorf("%+v", got)
	}
}

func TestDigestStable(t *testing.T) {
	a := []lint.Tool{
		{Name: "b", Title: "B", Description: "d", InputSchema: json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)},
		{Name: "a", Title: "A", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}
	b := []lint.Tool{
		{Name: "a", Annotations: json.RawMessage(`{"title":"A"}`), Description: "d", InputSchema: json.RawMessage(`{ "type" : "object" }`)},
		{Name: "b", Title: "B", Description: "d", InputSchema: json.RawMessage(`{"properties":{"x":{"type":"string"}},"type":"object"}`)},
	}
	if lint.Digest(a) != lint.Digest(b) {
		t.Errorf("the digest depends on order, key order or spacing")
	}
	if !strings.HasPrefix(lint.Digest(a), "sha256:") || len(lint.Digest(a)) != 71 {
		t.Errorf("digest %s", lint.Digest(a))
	}
	b[1].Description = "changed"
	if lint.Digest(a) == lint.Digest(b) {
		t.Errorf("a changed description keeps the digest")
	}
	if lint.Digest(nil) == lint.Digest(a[:1]) {
		t.Errorf("an empty catalog digests like a tool")
	}
}

func TestDrift(t *testing.T) {
	tools := lint.From(demoTools(t))
	pin, err := lint.ParsePin(lint.PinFile(tools))
	if err != nil {
		t.Fatal(err)
	}
	if d := lint.Drift(tools, pin); len(d) != 0 {
		t.Fatalf("drift against its own pin: %+v", d)
	}
	changed := append([]lint.Tool(nil), tools[1:]...)
	changed[0].Description += " Changed."
	changed = append(changed, lint.Tool{Name: "read_new", InputSchema: schema("")})
	d := lint.Drift(changed, pin)
	if len(d) != 3 {
		t.Fatalf("drift %+v", d)
	}
	for _, f := range d {
		if f.Rule != lint.RuleCatalogDrift || f.Severity != lint.Error || f.Tool == "" {
			t.Errorf("%+v", f)
		}
	}
	// A pin of the digest alone.
	only, err := lint.ParsePin([]byte(lint.Digest(tools) + "\n"))
	if err != nil || len(lint.Drift(tools, only)) != 0 || len(lint.Drift(changed, only)) != 1 {
		t.Errorf("digest-only pin: %v", err)
	}
	for _, bad := range []string{"", "# nothing\n", "sha256:12\n", "catalog md5:00\n", "tool sha256:" + strings.Repeat("0", 64) + " unquoted\n", "what\n"} {
		if _, err := lint.ParsePin([]byte(bad)); err == nil {
			t.Errorf("ParsePin(%q) read a pin", bad)
		}
	}
}

func demoTools(t *testing.T) []*factory.Tool {
	t.Helper()
	tools, err := demo.Tools(demo.NewStore(), make([]byte, 32), quiet{})
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// The demonstration registry is clean, proMCP included.
func TestDemoRegistryClean(t *testing.T) {
	tools := lint.From(demoTools(t))
	if len(tools) != 5 {
		t.Fatalf("%d tools", len(tools))
	}
	for _, f := range lint.Lint(tools, lint.Options{ProMCP: true}) {
		t.Errorf("%+v", f)
	}
}

// The factory's own schemas of shapes lint clean: a nested object, a list
// of them and a union whose every branch property is described.
type shapeOrigin interface{ isShapeOrigin() }

type shapeWeb struct {
	URL string `json:"url" agentinput:"required" desc:"The page's address."`
}

type shapeFile struct {
	Path     string `json:"path" agentinput:"required" desc:"The file's path."`
	Encoding string `json:"encoding" agentinput:"enum,values=utf8|latin1" desc:"The file's encoding."`
}

func (shapeWeb) isShapeOrigin()  {}
func (shapeFile) isShapeOrigin() {}

func TestFactoryShapesLintClean(t *testing.T) {
	type entry struct {
		Name  string `json:"name" agentinput:"required" desc:"The entry's name."`
		Count int    `json:"count" desc:"How many."`
	}
	spec := factory.Spec{Name: "read_import", Title: "Preview an import", Intent: factory.IntentRead, Observer: quiet{},
		Description: "Previews what an import from a web page or a file would bring in. Use when the user asks what an import would add.",
		Unions: []factory.Union{factory.NewUnion[shapeOrigin]("kind",
			factory.Case[shapeWeb]("web", "A web page, by its address."),
			factory.Case[shapeFile]("file", "A file, by its path."))}}
	tool, err := factory.New(spec, func(_ context.Context, _ struct {
		Origin  shapeOrigin `json:"origin" agentinput:"required" desc:"Where to import from."`
		Entries []entry     `json:"entries" desc:"The entries to import."`
	}, _ *factory.Call) (struct{}, error) {
		return struct{}{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range lint.Lint(lint.From([]*factory.Tool{tool}), lint.Options{ProMCP: true}) {
		t.Errorf("%+v", f)
	}
}
