package lint_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
	"agentinput.dev/census/lint/linttest"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/demo"
)

type quiet struct{}

func (quiet) Observe(context.Context, observe.Event) {}

const good = "Reads the orders of one customer, newest first, one page at a time. Use when the user asks about past orders."

func schema(props string) json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{` + props + `}}`)
}

func count(fs []lint.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Rule]++
	}
	return m
}

// Each tool of the fixture breaks exactly the rules it names, and every
// rule of a tool is broken by one tool: the rule fires there and nowhere
// else.
func TestOneFindingPerRule(t *testing.T) {
	catalog := linttest.Catalog()
	got := lint.Lint(linttest.Tools(), lint.Options{ProMCP: true})
	for _, f := range got {
		t.Log(f.Severity, f.Rule, f.Tool, f.Property, f.Message)
	}
	want := map[string]string{lint.RuleTooManyTools: ""} // rule → the tool that breaks it
	for _, c := range catalog {
		for _, r := range c.Breaks {
			if _, twice := want[r]; twice {
				t.Fatalf("the fixture breaks %s twice", r)
			}
			want[r] = c.Tool.Name
		}
	}
	c := count(got)
	for id, tool := range want {
		if c[id] != 1 {
			t.Errorf("%s: %d findings, want 1 (on %q)", id, c[id], tool)
		}
	}
	for _, f := range got {
		if tool, ok := want[f.Rule]; !ok || f.Tool != tool {
			t.Errorf("%s fired on %q, want only on %q", f.Rule, f.Tool, tool)
		}
		r, ok := lint.RuleByID(f.Rule)
		if !ok || f.Severity != r.Severity || f.Fix == "" || strings.Contains(f.Fix, "\n") {
			t.Errorf("finding %+v: no rule, wrong severity, or a fix that is not one line", f)
		}
	}
	// Every rule that looks at tools is in the fixture.
	for _, r := range lint.Rules() {
		switch r.ID {
		case lint.RuleCatalogDrift, lint.RuleListBudget, lint.RuleListPagination, // the pin's and the listing's
			lint.RuleCapabilities, lint.RuleResourceSubscribe: // the server's (TestLintServer)
		default:
			if linttest.IsContentRule(r.ID) {
				continue // the resources' and prompts' (TestLintContentRules)
			}
			if _, ok := want[r.ID]; !ok {
				t.Errorf("no tool of the fixture breaks %s", r.ID)
			}
		}
	}
	c = count(lint.Lint(linttest.Tools(), lint.Options{}))
	for _, id := range []string{lint.RulePromcpPrefix, lint.RulePromcpAnnotations, lint.RuleOutputSchema, lint.RuleReadResult, lint.RuleDoCompensable,
		lint.RuleDoResult, lint.RuleCandidateValidity, lint.RuleCandidateResult} {
		if c[id] != 0 {
			t.Errorf("%s without ProMCP", id)
		}
	}
}

func TestRulesStable(t *testing.T) {
	// The ids are an interface: a renamed id breaks users' filters.
	var ids []string
	for _, r := range lint.Rules() {
		ids = append(ids, r.ID+"/"+string(r.Severity))
	}
	const want = "name-snake-case/error name-unique/error promcp-prefix/error description-length/error description-use-when/error title-present/error title-distinct/error input-schema-object/error property-description/error property-name-semantic/warning too-many-tools/warning catalog-drift/error list-budget/error list-pagination/error promcp-annotations/error capabilities-declared/error resources-subscribe-declared/error resource-web-proxy/warning promcp-output-schema/error promcp-read-result/error promcp-do-result/error promcp-candidate-result/error R006/error R010/error" +
		" prompt-name-vocabulary/warning prompt-arguments-declared/warning prompt-embeds-resources/warning resource-template-shape/error resource-annotations/warning resource-meta-envelope/error resource-meta-contents/warning resource-content-sha256/error"
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
	// A read tool turned destructive, or answering another shape, drifts.
	base := lint.Tool{Name: "read_x", Title: "X", Description: "d", InputSchema: schema(""),
		Annotations: json.RawMessage(`{"readOnlyHint":true}`), OutputSchema: json.RawMessage(`{"type":"object"}`)}
	for name, edit := range map[string]func(*lint.Tool){
		"annotation": func(t *lint.Tool) { t.Annotations = json.RawMessage(`{"readOnlyHint":false,"destructiveHint":true}`) },
		"no output":  func(t *lint.Tool) { t.OutputSchema = nil },
		"output":     func(t *lint.Tool) { t.OutputSchema = json.RawMessage(`{"type":"object","required":["value"]}`) },
	} {
		changed := base
		edit(&changed)
		if lint.Digest([]lint.Tool{base}) == lint.Digest([]lint.Tool{changed}) {
			t.Errorf("a changed %s keeps the digest", name)
		}
	}
	spaced := base
	spaced.Annotations = json.RawMessage(`{ "title": "X", "readOnlyHint" : true }`)
	if lint.Digest([]lint.Tool{base}) != lint.Digest([]lint.Tool{spaced}) {
		t.Errorf("the annotations' title (the tool's title already) or spacing changes the digest")
	}
}

func TestPromcpAnnotations(t *testing.T) {
	cases := []struct {
		name, annotations string
		finding           bool
	}{
		{"read_x", `{"readOnlyHint":true}`, false},
		{"read_x", ``, true}, // MCP's default readOnlyHint is false
		{"read_x", `{"readOnlyHint":false}`, true},
		{"read_x", `{"readOnlyHint":true,"destructiveHint":true}`, true},
		{"can_do", `{"readOnlyHint":true}`, false},
		{"can_do", `{"destructiveHint":false}`, true},
		{"do_x", `{"readOnlyHint":true}`, true},
		{"do_x", `{"destructiveHint":true}`, false},
		{"do_x", ``, false},
		{"search_x", `{"readOnlyHint":false}`, false}, // no triad: promcp-prefix's finding alone
	}
	for _, c := range cases {
		tool := lint.Tool{Name: c.name, Title: "A title", Description: good, InputSchema: schema(""), Annotations: json.RawMessage(c.annotations)}
		if got := count(lint.Lint([]lint.Tool{tool}, lint.Options{ProMCP: true}))[lint.RulePromcpAnnotations] == 1; got != c.finding {
			t.Errorf("%s %s: finding %v, want %v", c.name, c.annotations, got, c.finding)
		}
	}
}

// Every property of every branch of a union is described too: a model reads
// the branch it sends.
func TestBranchProperties(t *testing.T) {
	tool := lint.Tool{Name: "read_x", Title: "A title", Description: good, InputSchema: schema(
		`"source":{"description":"d","oneOf":[` +
			`{"type":"object","properties":{"type":{"const":"url","description":"d"},"url":{"type":"string","description":"d"}}},` +
			`{"type":"object","properties":{"type":{"const":"file"},"path":{"type":"string","description":"d"}}}]},` +
			`"when":{"description":"d","anyOf":[{"type":"object","properties":{"day":{"type":"string"}}}]},` +
			`"both":{"description":"d","allOf":[{"type":"object","properties":{"x1":{"type":"string","description":"d"}}}]}`)}
	var got []string
	for _, f := range lint.Lint([]lint.Tool{tool}, lint.Options{}) {
		got = append(got, f.Rule+" "+f.Property)
	}
	const want = "property-name-semantic both.allOf[0].x1|property-description source.oneOf[1].type|property-description when.anyOf[0].day"
	if strings.Join(got, "|") != want {
		t.Errorf("findings %q", got)
	}
}

func TestConfig(t *testing.T) {
	fs := lint.Lint(linttest.Tools(), lint.Options{ProMCP: true})
	c, err := lint.ParseConfig([]byte(`{"disable":["promcp-prefix","R006"],"warn":["name-snake-case"]}`))
	if err != nil {
		t.Fatal(err)
	}
	got := c.Apply(fs)
	if len(got) != len(fs)-2 {
		t.Errorf("%d findings after disabling two rules, want %d", len(got), len(fs)-2)
	}
	for _, f := range got {
		switch {
		case f.Rule == lint.RulePromcpPrefix || f.Rule == lint.RuleDoCompensable:
			t.Errorf("disabled rule %s reported", f.Rule)
		case f.Rule == lint.RuleNameSnakeCase && f.Severity != lint.Warning:
			t.Errorf("%s kept severity %s", f.Rule, f.Severity)
		}
	}
	if lint.Errors(got) != lint.Errors(fs)-3 {
		t.Errorf("%d errors, want %d", lint.Errors(got), lint.Errors(fs)-3)
	}
	for _, bad := range []string{`{"disable":["promcp_prefix"]}`, `{"warn":["r006"]}`, `{"disable":["R006"],"warn":["R006"]}`, `{"ignore":[]}`, `[]`} {
		if _, err := lint.ParseConfig([]byte(bad)); err == nil {
			t.Errorf("ParseConfig(%s) accepted", bad)
		}
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
	if len(tools) != 6 {
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
	for _, f := range lint.Lint(lint.From([]*factory.Tool{tool}), lint.Options{}) {
		t.Errorf("%+v", f)
	}
}

func TestLintServer(t *testing.T) {
	tools := linttest.Tools()[:1]
	https := []lint.Resource{{URI: "HTTPS://example.com/page"}, {URI: "http://example.com/{id}", Template: true}, {URI: "notes://today"}}
	cases := []struct {
		name      string
		caps      string
		tools     []lint.Tool
		resources []lint.Resource
		want      string // rule ids, in order
	}{
		{"clean", `{"tools":{},"resources":{"subscribe":false}}`, tools, https[2:], ""},
		{"no tools capability", `{"resources":{"subscribe":true}}`, tools, nil, "capabilities-declared"},
		{"no tools, none declared", `{}`, nil, nil, ""},
		{"no resources capability", `{"tools":{}}`, tools, https[2:], "capabilities-declared"},
		// A server that cannot be subscribed to leaves subscribe out
		// (docs/decisions.md): nothing to find.
		{"subscribe left out", `{"tools":{},"resources":{"listChanged":true}}`, tools, https[2:], ""},
		{"web content", `{"tools":{},"resources":{"subscribe":false}}`, tools, https, "resource-web-proxy resource-web-proxy"},
		{"not an object", `[]`, tools, nil, "capabilities-declared"},
		{"capabilities unknown", ``, tools, https, "resource-web-proxy resource-web-proxy"},
	}
	for _, c := range cases {
		var caps json.RawMessage
		if c.caps != "" {
			caps = json.RawMessage(c.caps)
		}
		var got []string
		for _, f := range lint.LintServer(caps, c.tools, c.resources) {
			got = append(got, f.Rule)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %q", c.name, got, c.want)
		}
	}
}

// TestProbeSubscribe: a declared subscribe is tried on the first listed
// resource. A server that implements it passes; one that declares it and
// answers method not found is a finding; one that leaves it out is not
// tried.
func TestProbeSubscribe(t *testing.T) {
	read := func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{}, nil
	}
	subscribed := 0
	subscribe := func(context.Context, *sdk.SubscribeRequest) error { subscribed++; return nil }
	unsubscribe := func(context.Context, *sdk.UnsubscribeRequest) error { return nil }
	for _, c := range []struct {
		name      string
		opts      *sdk.ServerOptions
		refuse    bool // the server answers resources/subscribe with method not found
		want      string
		subscribe int
	}{
		{"implemented", &sdk.ServerOptions{SubscribeHandler: subscribe, UnsubscribeHandler: unsubscribe}, false, "", 1},
		{"declared, not implemented", &sdk.ServerOptions{SubscribeHandler: subscribe, UnsubscribeHandler: unsubscribe}, true, "resources-subscribe-declared", 0},
		{"left out", nil, false, "", 0},
	} {
		subscribed = 0
		s := sdk.NewServer(&sdk.Implementation{Name: "resources", Version: "v0"}, c.opts)
		s.AddResource(&sdk.Resource{URI: "notes://a", Name: "a"}, read)
		if c.refuse {
			s.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
				return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
					if method == "resources/subscribe" {
						return nil, &jsonrpc.Error{Code: -32601, Message: "method not found"}
					}
					return next(ctx, method, req)
				}
			})
		}
		// Over HTTP: the capture reads the initialize result off the wire,
		// which the in-memory transport hands over already decoded.
		srv := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
		capture, capabilities := lint.CaptureInitialize(&sdk.StreamableClientTransport{Endpoint: srv.URL})
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "lint", Version: "v0"}, nil).Connect(context.Background(), capture, nil)
		if err != nil {
			t.Fatal(err)
		}
		listing := lint.ListResources(context.Background(), cs, lint.DefaultBudget)
		var got []string
		for _, f := range lint.ProbeSubscribe(context.Background(), cs, capabilities(), listing.Resources) {
			got = append(got, f.Rule)
		}
		cs.Close()
		srv.Close()
		if strings.Join(got, " ") != c.want || subscribed != c.subscribe {
			t.Errorf("%s: %v (subscribed %d times), want %q (%d)", c.name, got, subscribed, c.want, c.subscribe)
		}
	}
}
