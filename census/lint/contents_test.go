package lint_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
	"agentinput.dev/census/lint/linttest"
)

// contentFindings runs the resource and prompt rules over an inspection,
// as `agentinput lint` does.
func contentFindings(caps json.RawMessage, in lint.Inspection) []lint.Finding {
	out := lint.LintServer(caps, nil, in.Resources)
	out = append(out, lint.LintPrompts(in.Prompts, in.Resources)...)
	return append(out, lint.LintReads(in.Reads)...)
}

// at is the entry a finding is about: its prompt or resource.
func at(f lint.Finding) string { return f.Prompt + f.Resource }

// checkBreaks holds that each rule of s.Breaks fires once, on its entry,
// and that nothing else is found.
func checkBreaks(t *testing.T, s linttest.Server, fs []lint.Finding) {
	t.Helper()
	got := map[string]int{}
	for _, f := range fs {
		got[f.Rule]++
		if want, ok := s.Breaks[f.Rule]; !ok || at(f) != want {
			t.Errorf("%s: %s fired on %q (%s), want only on %q", s.Name, f.Rule, at(f), f.Message, want)
		}
		if r, ok := lint.RuleByID(f.Rule); !ok || r.Severity != f.Severity || f.Fix != r.Fix || f.Message == "" {
			t.Errorf("%s: finding %+v does not carry its rule", s.Name, f)
		}
	}
	for id, entry := range s.Breaks {
		if got[id] != 1 {
			t.Errorf("%s: %s fired %d times, want once on %q", s.Name, id, got[id], entry)
		}
	}
}

// The fixture breaks each resource and prompt rule on one entry; the
// three compliant servers break none. Over the captured data, as pure
// functions.
func TestLintContentRules(t *testing.T) {
	bad := linttest.Contents()
	if rules := bad.Rules(); !slices.Equal(rules, sortedCopy(linttest.ContentRules())) {
		t.Fatalf("the fixture breaks %v, want every content rule %v", rules, linttest.ContentRules())
	}
	checkBreaks(t, bad, contentFindings(bad.Capabilities(), bad.Inspection()))
	for _, s := range linttest.Compliant() {
		checkBreaks(t, s, contentFindings(s.Capabilities(), s.Inspection()))
	}
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// The same, over a live server: the fixture served as canned frames over
// streamable HTTP (its supportsList is beyond go-sdk), the compliant ones
// from go-sdk servers and as canned frames both.
func TestLintInspectLive(t *testing.T) {
	bad := linttest.Contents()
	fs, in := inspectLive(t, httptest.NewServer(bad.Handler(nil)).URL, lint.DefaultBudget)
	checkBreaks(t, bad, fs)
	if len(in.Reads) != len(bad.Resources) || in.Fetched != 3 || len(in.Prompts) != 4 {
		t.Errorf("%d reads, %d of %d prompts fetched; want %d, 3 of 4", len(in.Reads), in.Fetched, len(in.Prompts), len(bad.Resources))
	}
	for _, s := range linttest.Compliant() {
		srv, err := s.SDK()
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := inspectLive(t, httpServer(t, srv), lint.DefaultBudget)
		checkBreaks(t, s, fs)
		fs, _ = inspectLive(t, httptest.NewServer(s.Handler(nil)).URL, lint.DefaultBudget)
		checkBreaks(t, s, fs)
	}
}

func httpServer(t *testing.T, s *sdk.Server) string {
	t.Helper()
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
	t.Cleanup(ts.Close)
	return ts.URL
}

func inspectLive(t *testing.T, url string, b lint.Budget) ([]lint.Finding, lint.Inspection) {
	t.Helper()
	transport, rec := lint.Record(&sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true}, b.Bytes)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "lint", Version: "v0"}, nil).Connect(context.Background(), transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	listing := lint.ListResources(context.Background(), cs, b)
	in := lint.Inspect(context.Background(), cs, rec, listing.Resources, b)
	return append(append(listing.Findings, in.Findings...), contentFindings(rec.Capabilities(), in)...), in
}

// The reading budget: the first MaxReads listed resources are read, the
// ninth is not; the first MaxPromptGets prompts without a required
// argument are fetched, the ninth is not, and a prompt with a required
// argument is never fetched. A read or get that fails is no finding.
func TestLintInspectBudget(t *testing.T) {
	var s linttest.Server
	s.Name = "many"
	s.Reads, s.Gets = map[string]json.RawMessage{}, map[string]json.RawMessage{}
	for i := 1; i <= lint.MaxReads+1; i++ {
		uri := fmt.Sprintf("notes://n/%d", i)
		s.Resources = append(s.Resources, json.RawMessage(fmt.Sprintf(`{"uri":%q,"name":"n"}`, uri)))
		if i != 2 { // the second fails: resource not found
			s.Reads[uri] = json.RawMessage(fmt.Sprintf(`{"contents":[{"uri":%q,"text":"x"}]}`, uri))
		}
	}
	s.Prompts = append(s.Prompts, json.RawMessage(`{"name":"brief-with-topic","arguments":[{"name":"topic","required":true}]}`))
	for i := 1; i <= lint.MaxPromptGets+1; i++ {
		name := fmt.Sprintf("brief-%c", 'a'+i)
		s.Prompts = append(s.Prompts, json.RawMessage(fmt.Sprintf(`{"name":%q}`, name)))
		if i != 3 { // the third fails: no such prompt
			s.Gets[name] = json.RawMessage(`{"messages":[{"role":"user","content":{"type":"text","text":"Brief {{who}}."}}]}`)
		}
	}
	var mu sync.Mutex
	served := map[string]bool{}
	ts := httptest.NewServer(s.Handler(func(method, target string) {
		mu.Lock()
		defer mu.Unlock()
		served[method+" "+target] = true
	}))
	defer ts.Close()
	fs, in := inspectLive(t, ts.URL, lint.DefaultBudget)
	ninth := fmt.Sprintf("notes://n/%d", lint.MaxReads+1)
	if !served["resources/read notes://n/8"] || served["resources/read "+ninth] || len(in.Reads) != lint.MaxReads {
		t.Errorf("read %d resources (%v); want the first %d and not %s", len(in.Reads), served, lint.MaxReads, ninth)
	}
	last := fmt.Sprintf("brief-%c", 'a'+lint.MaxPromptGets+1)
	if !served["prompts/get brief-i"] || served["prompts/get "+last] || served["prompts/get brief-with-topic"] || in.Fetched != lint.MaxPromptGets-1 {
		t.Errorf("fetched %d prompts (%v); want %d and not %s nor brief-with-topic", in.Fetched, served, lint.MaxPromptGets-1, last)
	}
	c := count(fs)
	// Seven reads answered (eight asked, one failed): a contents without
	// _meta each. Seven gets answered, a placeholder each.
	if c[lint.RuleMetaContents] != lint.MaxReads-1 || c[lint.RulePromptArguments] != lint.MaxPromptGets-1 {
		t.Errorf("findings %v; want %d resource-meta-contents and %d prompt-arguments-declared", c, lint.MaxReads-1, lint.MaxPromptGets-1)
	}

	// A byte budget smaller than the results: nothing over it is judged.
	fs, in = inspectLive(t, ts.URL, lint.Budget{Bytes: 700})
	if c := count(fs); in.Bytes > 700 || c[lint.RuleMetaContents]+c[lint.RulePromptArguments] >= lint.MaxReads+lint.MaxPromptGets-2 {
		t.Errorf("%d bytes judged, findings %v; want at most 700 bytes and fewer findings", in.Bytes, c)
	}
}

func TestLintPromptNameClass(t *testing.T) {
	others := []string{"summary", "summary2", "review"}
	for name, bad := range map[string]bool{
		// opaque
		"x": true, "p1": true, "data": true, "42": true,
		// camelCase
		"summarizeIncident": true, "WeeklyReview": true,
		// tool verbs first
		"get_summary": true, "list-orders": true, "read_notes": true, "do_refund": true, "can_do": true, "can_do_refund": true,
		"fetch.report": true, "delete_branch": true, "query-logs": true, "invoke_agent": true, "GET_ORDERS": true,
		// code words
		"test": true, "test_review": true, "review-tmp": true, "simple-prompt": true, "incident_handler": true,
		"summary_fn": true, "foo": true,
		// a number as the distinction
		"review_3": true, "draft-v2": true, "summary2": true,
		// words of a task
		"summarize-incident": false, "weekly review": false, "release-notes": false, "write-tests": false,
		"review": false, "getting-started": false, "listen-back": false, "ipv4-audit": false, "top-10-risks": false,
		"explain_code": false, "can-we-ship": false, "base64-decoding": false, "summary": false,
	} {
		why := lint.PromptNameProblem(name, append(others, name))
		if (why != "") != bad {
			t.Errorf("%q: %q, want a problem %v", name, why, bad)
		}
	}
}

func TestLintAsksForInput(t *testing.T) {
	for _, c := range []struct {
		description, text string
		asks              bool
	}{
		{"Reviews a draft.", "Review this: {{draft}}", true},
		{"Reviews a draft.", "Review this: {{ draft }}", true},
		{"Reviews a draft.", "Review {draft} for tone.", true},
		{"Reviews a draft.", "Review <draft text> for tone.", true},
		{"Reviews a draft.", "Review <DRAFT> for tone.", true},
		{"Reviews a draft.", "Review [insert draft here] for tone.", true},
		{"Reviews a draft.", "Review [Paste the draft] for tone.", true},
		{"Reviews a draft.", "Dear ____, thanks.", true},
		{"Reviews {draft}.", "", true},
		{"Reviews the given draft.", "", true},
		{"Reviews a draft provided by the user.", "", true},
		{"Reviews the user's draft.", "", true},
		{"Reviews the user’s draft.", "", true},
		{"Reviews your draft.", "", true},
		{"Reviews the following draft.", "", true},
		{"Reviews the week's changes.", "Review the week.", false},
		{"Reviews the week.", "Use <b>bold</b> and <code>x</code>.", false},
		{"Reviews the week.", "Answer as JSON: {\"ok\": true}.", false},
		{"Reviews the week.", "Heading\n___\nBody", false},
		{"Reviews the week.", "See [the changelog](notes://changelog).", false},
		{"Reviews the week.", "snake_case_name is fine", false},
	} {
		var texts []string
		if c.text != "" {
			texts = []string{c.text}
		}
		if why := lint.AsksForInput(c.description, texts); (why != "") != c.asks {
			t.Errorf("%q / %q: %q, want asks %v", c.description, c.text, why, c.asks)
		}
	}
}

func TestLintPromptEmbeds(t *testing.T) {
	resources := []lint.Resource{{URI: "notes://today"}, {URI: "day://{date}", Template: true}}
	get := func(blocks ...string) json.RawMessage {
		var ms []string
		for _, b := range blocks {
			ms = append(ms, `{"role":"user","content":`+b+`}`)
		}
		return json.RawMessage(`{"messages":[` + strings.Join(ms, ",") + `]}`)
	}
	text := func(s string) string { return `{"type":"text","text":"` + s + `"}` }
	for _, c := range []struct {
		name string
		got  json.RawMessage
		want bool
	}{
		{"listed URI as text", get(text("Read notes://today.")), true},
		{"template scheme as text", get(text("Read DAY://2026-12-01 first.")), true},
		{"embedded", get(text("Read notes://today."), `{"type":"resource","resource":{"uri":"notes://today","text":"x"}}`), false},
		{"linked", get(text("Read day://2026-12-01."), `{"type":"resource_link","uri":"day://2026-12-01","name":"d"}`), false},
		{"another URI", get(text("Read other://today and https://example.com.")), false},
		{"not fetched", nil, false},
		{"not JSON", json.RawMessage(`{`), false},
	} {
		fs := lint.LintPrompts([]lint.Prompt{{Name: "daily-brief", Arguments: []lint.PromptArgument{{Name: "topic"}}, Got: c.got}}, resources)
		if got := count(fs)[lint.RulePromptEmbeds] == 1; got != c.want || len(fs) != count(fs)[lint.RulePromptEmbeds] {
			t.Errorf("%s: %v, want prompt-embeds-resources %v", c.name, fs, c.want)
		}
	}
}

func TestLintTemplateShape(t *testing.T) {
	for tpl, ok := range map[string]bool{
		"notes://{id}": true, "notes://{+path}": true, "notes://search{?q,limit}": true, "notes://{id:3}": true,
		"notes://{list*}": true, "notes://a%20b/{x}": true, "notes://{#frag}{/seg}{;p}{&more}{.ext}": true, "notes://{a.b}": true,
		"notes://fixed": false, "notes://{id": false, "notes://id}": false, "notes://{=x}": false, "notes://{}": false,
		"notes://a b/{x}": false, "notes://{x:0}": false, "notes://{x:10000}": false, "notes://{x-y}": false, "notes://%zz/{x}": false,
		"notes://{a..b}": false,
	} {
		fs := lint.LintServer(nil, nil, []lint.Resource{{URI: tpl, Template: true}})
		if got := count(fs)[lint.RuleTemplateShape] == 0; got != ok {
			t.Errorf("%s: %v, want shape ok %v", tpl, fs, ok)
		}
	}
	for listed, ok := range map[string]bool{
		`{"uriTemplate":"notes://{id}","name":"n","title":"t","description":"d","mimeType":"m","annotations":{},"icons":[],"_meta":{}}`: true,
		`{"uriTemplate":"notes://{id}","name":"n","supportsList":true}`:                                                                 false,
		`{"uriTemplate":"notes://{id}","name":"n","uri":"notes://1"}`:                                                                   false,
		`{"uriTemplate":"notes://{id}","name":"n","listChanged":false}`:                                                                 false,
	} {
		fs := lint.LintServer(nil, nil, []lint.Resource{{URI: "notes://{id}", Template: true, Listed: json.RawMessage(listed)}})
		if got := count(fs)[lint.RuleTemplateShape] == 0; got != ok {
			t.Errorf("%s: %v, want shape ok %v", listed, fs, ok)
		}
	}
}

func TestLintAnnotations(t *testing.T) {
	for _, c := range []struct {
		listed   string
		template bool
		missing  string // "" for no finding
	}{
		{`{"uri":"n://a","annotations":{"audience":["user"],"priority":0,"lastModified":"2026-12-01T00:00:00Z"}}`, false, ""},
		{`{"uri":"n://a","annotations":{"audience":["user"],"priority":1}}`, false, "annotations.lastModified"},
		{`{"uri":"n://a","annotations":{"audience":null,"priority":1,"lastModified":"x"}}`, false, "annotations.audience"},
		{`{"uri":"n://a"}`, false, "annotations.audience, annotations.priority, annotations.lastModified"},
		{`{"uriTemplate":"n://{a}","annotations":{"audience":["user"],"priority":0.5}}`, true, ""},
		{`{"uriTemplate":"n://{a}","annotations":{"priority":0.5}}`, true, "annotations.audience"},
	} {
		fs := lint.LintServer(nil, nil, []lint.Resource{{URI: "n://a", Template: c.template, Listed: json.RawMessage(c.listed)}})
		var got string
		for _, f := range fs {
			if f.Rule == lint.RuleResourceAnnotations {
				got = f.Message
			}
		}
		if c.missing == "" && got != "" || c.missing != "" && !strings.HasSuffix(got, "no "+c.missing) {
			t.Errorf("%s: %q, want missing %q", c.listed, got, c.missing)
		}
	}
	// Without the entry as listed, the annotations are not judged.
	if fs := lint.LintServer(nil, nil, []lint.Resource{{URI: "n://a"}}); len(fs) != 0 {
		t.Errorf("%v", fs)
	}
}

func TestLintReads(t *testing.T) {
	upper := func(content []byte) string {
		m := linttest.ShapeA(content)
		m["sha256"] = strings.ToUpper(m["sha256"].(string))
		b, _ := json.Marshal(m)
		return string(b)
	}
	meta := func(content []byte, drop ...string) string {
		m := linttest.ShapeA(content)
		for _, k := range drop {
			delete(m, k)
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	blob := []byte{0, 1, 2, 250}
	for _, c := range []struct {
		name, result string
		want         string // rule ids, in order
	}{
		{"text", `{"contents":[{"uri":"n://a","text":"héllo","_meta":` + meta([]byte("héllo")) + `}]}`, ""},
		{"blob", `{"contents":[{"uri":"n://a","blob":"AAEC+g==","_meta":` + meta(blob) + `}]}`, ""},
		{"empty text", `{"contents":[{"uri":"n://a","text":"","_meta":` + meta(nil) + `}]}`, ""},
		{"envelope", `{"_meta":{"authority":"x","contract_version":"1","other":1},"contents":[{"uri":"n://a","text":"a","_meta":` + meta([]byte("a")) + `}]}`, "resource-meta-envelope"},
		{"envelope, other keys", `{"_meta":{"progressToken":1},"contents":[{"uri":"n://a","text":"a","_meta":` + meta([]byte("a")) + `}]}`, ""},
		{"no _meta", `{"contents":[{"uri":"n://a","text":"a"}]}`, "resource-meta-contents"},
		{"two keys missing, sha256 with them", `{"contents":[{"uri":"n://a","text":"a","_meta":` + meta([]byte("a"), "seal_id", "sha256") + `}]}`, "resource-meta-contents"},
		{"another content's sha256", `{"contents":[{"uri":"n://a","text":"b","_meta":` + meta([]byte("a")) + `}]}`, "resource-content-sha256"},
		{"upper-case sha256", `{"contents":[{"uri":"n://a","text":"a","_meta":` + upper([]byte("a")) + `}]}`, "resource-content-sha256"},
		{"blob's sha256 of its base64", `{"contents":[{"uri":"n://a","blob":"AAEC+g==","_meta":` + meta([]byte("AAEC+g==")) + `}]}`, "resource-content-sha256"},
		{"blob not base64", `{"contents":[{"uri":"n://a","blob":"%%%","_meta":` + meta(blob) + `}]}`, "resource-content-sha256"},
		{"sha256 a number", `{"contents":[{"uri":"n://a","text":"a","_meta":{"seal_id":"s","evidence_class":"e","authority":"a","sha256":1,"contract_version":"1"}}]}`, "resource-content-sha256"},
		{"web contents", `{"contents":[{"uri":"https://example.com/a","text":"a","_meta":` + meta([]byte("a")) + `},{"uri":"http://example.com/b","text":"b","_meta":` + meta([]byte("b")) + `}]}`, "resource-web-proxy"},
		{"not an object", `[]`, ""},
	} {
		var got []string
		for _, f := range lint.LintReads([]lint.Read{{URI: "n://a", Result: json.RawMessage(c.result)}, {URI: "n://failed"}}) {
			got = append(got, f.Rule)
			if f.Resource != "n://a" {
				t.Errorf("%s: a finding on %q", c.name, f.Resource)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %q", c.name, got, c.want)
		}
	}
	// A web page read at its own URI is the listing's finding, not again
	// the read's.
	if fs := lint.LintReads([]lint.Read{{URI: "https://example.com/", Result: json.RawMessage(`{"contents":[{"uri":"https://example.com/","text":"a"}]}`)}}); count(fs)[lint.RuleResourceWebProxy] != 0 {
		t.Errorf("%v", fs)
	}
}

func TestLintWebSignals(t *testing.T) {
	for _, c := range []struct {
		r   lint.Resource
		web bool
	}{
		{lint.Resource{URI: "https://example.com/"}, true},
		{lint.Resource{URI: "cache://https://example.com/"}, true},
		{lint.Resource{URI: "proxy://get?u=HTTP://example.com"}, true},
		{lint.Resource{URI: "fetch://{+url}", Template: true}, true},
		{lint.Resource{URI: "web://{page_url}", Template: true}, true},
		{lint.Resource{URI: "web://{Href}", Template: true}, true},
		{lint.Resource{URI: "notes://{id}", Template: true}, false},
		{lint.Resource{URI: "notes://{url}"}, false}, // a resource, not a template: its name is literal
		{lint.Resource{URI: "notes://urls/{curl}", Template: true}, false},
		{lint.Resource{URI: "file:///srv/http/index.html"}, false},
	} {
		if got := count(lint.LintServer(nil, nil, []lint.Resource{c.r}))[lint.RuleResourceWebProxy] == 1; got != c.web {
			t.Errorf("%+v: web %v, want %v", c.r, got, c.web)
		}
	}
}
