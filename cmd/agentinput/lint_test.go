package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
	"agentinput.dev/census/lint/linttest"
	"agentinput.dev/internal/longtest"
)

// The contract linter end to end: against the demonstration server (over
// streamable HTTP in process, and over stdio against the built binary), and
// against a server that breaks each rule once.

func httpServer(t *testing.T, server *sdk.Server) string {
	t.Helper()
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil))
	t.Cleanup(ts.Close)
	return ts.URL
}

func runLintCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	if slices.Contains(args, "--url") && !slices.Contains(args, "--") {
		// The test servers are on 127.0.0.1, which --url reaches only
		// with the flag (TestEgress holds the refusal without it).
		args = append([]string{"--" + allowPrivateFlag}, args...)
	}
	var out, errb bytes.Buffer
	code := run(append([]string{"lint"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func decodeReport(t *testing.T, out string) lintReport {
	t.Helper()
	var rep lintReport
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("not a report: %v\n%s", err, out)
	}
	if rep.Findings == nil || !strings.HasPrefix(rep.Digest, "sha256:") {
		t.Fatalf("report without findings array or digest:\n%s", out)
	}
	return rep
}

func TestLintDemoOverHTTP(t *testing.T) {
	server, err := demoServer(false, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	url := httpServer(t, server)
	code, out, errs := runLintCmd(t, "--json", "--promcp", "--url", url)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	rep := decodeReport(t, out)
	if rep.Tools != 6 || rep.Pages != 1 || len(rep.Findings) != 0 || rep.Server.Name != "agentinput-demo" {
		t.Fatalf("%+v", rep)
	}

	// Pin, then lint against the pin: no drift.
	pin := filepath.Join(t.TempDir(), "contract.pin")
	if code, out, errs := runLintCmd(t, "--pin", pin, "--update-pin", "--url", url); code != exitOK || !strings.Contains(out, "pinned to") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, errs := runLintCmd(t, "--pin", pin, "--url", url); code != exitOK || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// A server whose contract drifted: one tool's description changed.
	drifted := sdk.NewServer(&sdk.Implementation{Name: "drifted", Version: "v0"}, nil)
	for _, d := range demoDescriptions(t) {
		if d.Name == "read_decision" {
			d.Description += " Changed."
		}
		drifted.AddTool(d, noop)
	}
	code, out, _ = runLintCmd(t, "--json", "--pin", pin, "--url", httpServer(t, drifted))
	rep = decodeReport(t, out)
	if code != exitFindings || len(rep.Findings) != 1 || rep.Findings[0].Rule != lint.RuleCatalogDrift || rep.Findings[0].Tool != "read_decision" {
		t.Fatalf("exit %d\n%s", code, out)
	}
	// A missing pin is a usage error, never a silent new pin.
	if code, _, errs := runLintCmd(t, "--pin", pin+".missing", "--url", url); code != exitUsage || !strings.Contains(errs, "--update-pin") {
		t.Fatalf("exit %d %s", code, errs)
	}
}

// demoDescriptions lists the demonstration server's tools as a client sees
// them.
func demoDescriptions(t *testing.T) []*sdk.Tool {
	t.Helper()
	server, err := demoServer(false, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

func noop(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	return &sdk.CallToolResult{}, nil
}

// badServer serves the linter's fixture catalog (census/lint/linttest)
// from a go-sdk server, 3 tools to a page: every tool-level rule broken
// once, on the tool that names it. It leaves out the two tools a go-sdk
// server refuses (a schema that is not an object, a second tool of one
// name); the lint package's tests cover those rules.
func badServer(t *testing.T) (*sdk.Server, []linttest.Case) {
	t.Helper()
	s := sdk.NewServer(&sdk.Implementation{Name: "bad", Version: "v0"}, &sdk.ServerOptions{PageSize: 3})
	var served []linttest.Case
	for _, c := range linttest.Catalog() {
		if slices.Contains(c.Breaks, lint.RuleInputSchemaObject) || slices.Contains(c.Breaks, lint.RuleNameUnique) {
			continue
		}
		tool := &sdk.Tool{Name: c.Tool.Name, Title: c.Tool.Title, Description: c.Tool.Description, InputSchema: c.Tool.InputSchema}
		if c.Tool.OutputSchema != nil {
			tool.OutputSchema = c.Tool.OutputSchema
		}
		if c.Tool.Annotations != nil {
			tool.Annotations = new(sdk.ToolAnnotations)
			if err := json.Unmarshal(c.Tool.Annotations, tool.Annotations); err != nil {
				t.Fatal(err)
			}
		}
		s.AddTool(tool, noop)
		served = append(served, c)
	}
	return s, served
}

func TestLintOneViolationPerRule(t *testing.T) {
	server, served := badServer(t)
	url := httpServer(t, server)
	code, out, errs := runLintCmd(t, "--json", "--promcp", "--url", url)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	rep := decodeReport(t, out)
	if pages := (len(served) + 2) / 3; rep.Tools != len(served) || rep.Pages != pages {
		t.Errorf("%d tools on %d pages, want %d on %d", rep.Tools, rep.Pages, len(served), pages)
	}
	want := map[string]string{lint.RuleTooManyTools: ""} // rule → the tool that breaks it
	for _, c := range served {
		for _, r := range c.Breaks {
			want[r] = c.Tool.Name
		}
	}
	got := map[string]int{}
	for _, f := range rep.Findings {
		got[f.Rule]++
		if tool, ok := want[f.Rule]; !ok || tool != f.Tool || f.Fix == "" || f.Message == "" {
			t.Errorf("%+v: want each rule only on its tool (%q)", f, tool)
		}
	}
	for id := range want {
		if got[id] != 1 {
			t.Errorf("%s: %d findings, want 1", id, got[id])
		}
	}
	wantErrors := len(want) - 2 // property-name-semantic and too-many-tools warn
	if len(rep.Findings) != len(want) || rep.Errors != wantErrors || rep.Warnings != 2 {
		t.Errorf("%d findings, %d errors, %d warnings; want %d, %d, 2", len(rep.Findings), rep.Errors, rep.Warnings, len(want), wantErrors)
	}

	// The text report: one line per finding, each rule's fix once.
	code, out, _ = runLintCmd(t, "--promcp", "--url", url)
	if code != exitFindings || strings.Count(out, "\nfix ") != len(want) || !strings.Contains(out, fmt.Sprintf("%d errors, 2 warnings", wantErrors)) {
		t.Fatalf("exit %d\n%s", code, out)
	}

	// Rules switched off or down: by flag, repeated or comma-separated,
	// and by a config file; a misspelled id is a usage error.
	code, out, _ = runLintCmd(t, "--json", "--promcp", "--disable", "promcp-prefix,R006", "--warn", lint.RuleNameSnakeCase, "--url", url)
	if rep := decodeReport(t, out); code != exitFindings || len(rep.Findings) != len(want)-2 || rep.Errors != wantErrors-3 {
		t.Errorf("--disable two, --warn one: exit %d, %d findings, %d errors; want %d, %d", code, len(rep.Findings), rep.Errors, len(want)-2, wantErrors-3)
	}
	config := filepath.Join(t.TempDir(), "lint.json")
	var all []string
	for id := range want {
		all = append(all, id)
	}
	if err := os.WriteFile(config, []byte(`{"warn":["`+strings.Join(all, `","`)+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runLintCmd(t, "--promcp", "--config", config, "--url", url); code != exitOK || !strings.Contains(out, fmt.Sprintf("0 errors, %d warnings", len(want))) {
		t.Errorf("every rule a warning: exit %d\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{{"--disable", "promcp_prefix"}, {"--warn", "R6"}, {"--config", filepath.Join(t.TempDir(), "missing.json")}} {
		if code, _, errs := runLintCmd(t, append(args, "--url", url)...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, want %d with a message", args, code, exitUsage)
		}
	}

	// Warnings alone exit 0.
	code, out, _ = runLintCmd(t, "--url", httpServer(t, onlyWarnings()))
	if code != exitOK || !strings.Contains(out, "0 errors, 1 warning") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

func onlyWarnings() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "warn", Version: "v0"}, nil)
	s.AddTool(&sdk.Tool{Name: "read_x", Title: "Ex", Description: linttest.Good, InputSchema: map[string]any{"type": "object",
		"properties": map[string]any{"data": map[string]any{"type": "string", "description": "d"}}}}, noop)
	return s
}

func TestLintBudgets(t *testing.T) {
	server, _ := badServer(t)
	url := httpServer(t, server)
	for _, args := range [][]string{{"--max-pages", "2"}, {"--max-tools", "5"}, {"--max-bytes", "500"}} {
		code, out, errs := runLintCmd(t, append(args, "--json", "--url", url)...)
		rep := decodeReport(t, out)
		if code != exitFindings || rep.Findings[0].Rule != lint.RuleListBudget || rep.Tools >= 10 {
			t.Errorf("%v: exit %d, %d tools, %+v %s", args, code, rep.Tools, rep.Findings[0], errs)
		}
	}
}

func TestLintCannotConnect(t *testing.T) {
	ts := httptest.NewServer(http.NotFoundHandler())
	ts.Close()
	for _, args := range [][]string{
		{"--url", ts.URL},
		{"--timeout", "2s", "--", filepath.Join(t.TempDir(), "no-such-server")},
		{"--timeout", "2s", "--", "sh", "-c", "echo not a server; echo broken >&2"},
	} {
		code, out, errs := runLintCmd(t, args...)
		if code != exitConnect || out != "" || !strings.Contains(errs, "could not connect") {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
	}
}

func TestLintUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--url", "http://x", "--", "cmd"}, {"--update-pin", "--url", "http://x"}, {"--max-pages", "0", "--url", "http://x"}, {"--nope"}} {
		if code, _, _ := runLintCmd(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
	if code, out, _ := runLintCmd(t, "-h"); code != exitOK || !strings.Contains(out, "usage: agentinput lint") {
		t.Errorf("help: %d %s", code, out)
	}
}

func TestLintServeOverStdio(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	bin, env := commandBinary(t)
	cmd := exec.Command(bin, "lint", "--json", "--promcp", "--", bin, "serve", "--store", "memory")
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rep := decodeReport(t, string(out))
	if rep.Tools != 6 || len(rep.Findings) != 0 {
		t.Fatalf("%s", out)
	}
}

// A server's resources are listed (resources and templates, paged) and
// held to the rules that need no tool call; its capabilities are read as
// sent, and go-sdk's omitted subscribe (it has no subscribe handler) is
// what a server that cannot be subscribed to should say: no finding.
func TestLintResources(t *testing.T) {
	s := sdk.NewServer(&sdk.Implementation{Name: "resources", Version: "v0"}, &sdk.ServerOptions{PageSize: 2})
	read := func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{}, nil
	}
	for _, uri := range []string{"notes://a", "notes://b", "https://example.com/page"} {
		s.AddResource(&sdk.Resource{URI: uri, Name: uri}, read)
	}
	s.AddResourceTemplate(&sdk.ResourceTemplate{URITemplate: "http://example.com/{id}", Name: "web"}, read)
	s.AddTool(&sdk.Tool{Name: "read_notes", Title: "Notes", Description: linttest.Good, InputSchema: map[string]any{"type": "object"}}, noop)
	code, out, errs := runLintCmd(t, "--json", "--url", httpServer(t, s))
	rep := decodeReport(t, out)
	got := map[string]int{}
	for _, f := range rep.Findings {
		got[f.Rule]++
	}
	if code != exitOK || rep.Resources != 4 || got[lint.RuleResourceWebProxy] != 2 || got[lint.RuleResourceSubscribe] != 0 || got[lint.RuleCapabilities] != 0 {
		t.Errorf("exit %d, %d resources, findings %v\n%s", code, rep.Resources, got, errs)
	}
	// The demo serves one template (decision://{id}), and is clean.
	server, err := demoServer(false, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ = runLintCmd(t, "--json", "--promcp", "--url", httpServer(t, server))
	if rep := decodeReport(t, out); code != exitOK || rep.Resources != 1 || len(rep.Findings) != 0 {
		t.Errorf("the demo: exit %d, want 1 resource and no finding:\n%s", code, out)
	}
}

// contentRules counts the findings of the resource and prompt rules, by
// rule, and checks that each is about a prompt or a resource.
func contentRules(t *testing.T, rep lintReport) map[string]int {
	t.Helper()
	got := map[string]int{}
	for _, f := range rep.Findings {
		if linttest.IsContentRule(f.Rule) {
			got[f.Rule]++
			if f.Prompt == "" && f.Resource == "" {
				t.Errorf("%+v names neither a prompt nor a resource", f)
			}
		}
	}
	return got
}

// The resource and prompt rules over live servers: the fixture that
// breaks each on one entry (canned frames over streamable HTTP: its
// supportsList is beyond go-sdk), and three compliant servers of other
// shapes (from go-sdk, and as canned frames) where none fires.
func TestLintResourcesAndPrompts(t *testing.T) {
	bad := linttest.Contents()
	ts := httptest.NewServer(bad.Handler(nil))
	defer ts.Close()
	code, out, errs := runLintCmd(t, "--json", "--url", ts.URL)
	rep := decodeReport(t, out)
	if code != exitFindings || rep.Prompts != 4 || rep.Resources != len(bad.Resources)+len(bad.Templates) ||
		rep.ResourcesRead != len(bad.Resources) || rep.PromptsFetched != 3 {
		t.Errorf("exit %d, %d prompts (%d fetched), %d resources (%d read)\n%s", code, rep.Prompts, rep.PromptsFetched, rep.Resources, rep.ResourcesRead, errs)
	}
	if len(rep.Findings) != len(bad.Breaks) {
		t.Errorf("%d findings, want %d: %+v", len(rep.Findings), len(bad.Breaks), rep.Findings)
	}
	for _, f := range rep.Findings {
		if want, ok := bad.Breaks[f.Rule]; !ok || f.Prompt+f.Resource != want {
			t.Errorf("%s fired on %q, want only on %q", f.Rule, f.Prompt+f.Resource, want)
		}
	}
	for id := range bad.Breaks {
		if n := contentRules(t, rep)[id]; n != 1 {
			t.Errorf("%s fired %d times, want once", id, n)
		}
	}
	// The text report names the prompt and the resource.
	_, out, _ = runLintCmd(t, "--url", ts.URL)
	for _, line := range []string{"warning prompt-name-vocabulary prompt get_summary: ", "error   resource-template-shape notes://archive/{year}: ",
		"4 prompts", "3 errors, 6 warnings"} {
		if !strings.Contains(out, line) {
			t.Errorf("the text report lacks %q:\n%s", line, out)
		}
	}

	for _, s := range linttest.Compliant() {
		srv, err := s.SDK()
		if err != nil {
			t.Fatal(err)
		}
		// go-sdk answers tools/list only for a server with tools.
		srv.AddTool(&sdk.Tool{Name: "read_x", Title: "Ex", Description: linttest.Good, InputSchema: map[string]any{"type": "object"}}, noop)
		for _, url := range []string{httpServer(t, srv), httptest.NewServer(s.Handler(nil)).URL} {
			code, out, errs := runLintCmd(t, "--json", "--url", url)
			rep := decodeReport(t, out)
			if code != exitOK || len(rep.Findings) != 0 || rep.Prompts != len(s.Prompts) || rep.Resources != len(s.Resources)+len(s.Templates) ||
				rep.ResourcesRead != len(s.Resources) {
				t.Errorf("%s at %s: exit %d, %d prompts, %d resources, %d read\n%s%s", s.Name, url, code, rep.Prompts, rep.Resources, rep.ResourcesRead, out, errs)
			}
		}
	}
}

// The reading budget through the command: of nine resources the first
// eight are read, and --max-bytes bounds what is judged.
func TestLintReadBudget(t *testing.T) {
	var s linttest.Server
	s.Name = "nine"
	s.Reads = map[string]json.RawMessage{}
	var mu sync.Mutex
	read := map[string]bool{}
	for i := 1; i <= lint.MaxReads+1; i++ {
		uri := fmt.Sprintf("notes://n/%d", i)
		s.Resources = append(s.Resources, json.RawMessage(fmt.Sprintf(`{"uri":%q,"name":"n"}`, uri)))
		s.Reads[uri] = json.RawMessage(fmt.Sprintf(`{"contents":[{"uri":%q,"text":"x"}]}`, uri))
	}
	ts := httptest.NewServer(s.Handler(func(method, target string) {
		mu.Lock()
		defer mu.Unlock()
		if method == "resources/read" {
			read[target] = true
		}
	}))
	defer ts.Close()
	_, out, _ := runLintCmd(t, "--json", "--url", ts.URL)
	rep := decodeReport(t, out)
	got := contentRules(t, rep)
	if rep.ResourcesRead != lint.MaxReads || len(read) != lint.MaxReads || read["notes://n/9"] || got[lint.RuleMetaContents] != lint.MaxReads {
		t.Errorf("read %v (%d judged), findings %v; want the first %d", read, rep.ResourcesRead, got, lint.MaxReads)
	}
	_, out, _ = runLintCmd(t, "--json", "--max-bytes", "300", "--url", ts.URL)
	if rep := decodeReport(t, out); rep.ResourcesRead >= lint.MaxReads || rep.ResourcesRead == 0 || contentRules(t, rep)[lint.RuleMetaContents] != rep.ResourcesRead {
		t.Errorf("--max-bytes 300: %d read, want some but not all", rep.ResourcesRead)
	}
}

// server-everything (npm) over stdio: which resource and prompt rules
// fire there, exactly. Its four prompts carry "prompt" in their names; its
// seven resources and two templates have no annotations; its seven reads
// have no Shape A _meta. Its templates are URI shapes, its one prompt
// without arguments (simple-prompt) asks for nothing and names no
// resource, and nothing is web content.
func TestLintServerEverythingContents(t *testing.T) {
	entry := serverEverything(t)
	code, out, errs := runLintCmd(t, "--json", "--timeout", "60s", "--", "node", entry, "stdio")
	rep := decodeReport(t, out)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	want := map[string]int{lint.RulePromptName: 4, lint.RuleResourceAnnotations: 9, lint.RuleMetaContents: 7}
	got := contentRules(t, rep)
	if fmt.Sprint(got) != fmt.Sprint(want) || rep.Prompts != 4 || rep.PromptsFetched != 1 || rep.Resources != 9 || rep.ResourcesRead != 7 {
		t.Errorf("rules %v, want %v; %d prompts (%d fetched), %d resources (%d read)", got, want, rep.Prompts, rep.PromptsFetched, rep.Resources, rep.ResourcesRead)
	}
}

// TestLintEverything: cmd/everything, built and linted over stdio, has no
// error; its only warnings are the two the conformance suite forces (its
// thirteen tools, its four test_… prompt names), which the server's lint
// config (cmd/everything/lint.json, docs/conformance.md) switches off —
// with it the run is clean.
func TestLintEverything(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/everything")
	}
	bin := filepath.Join(t.TempDir(), "everything")
	if out, err := exec.Command("go", "build", "-o", bin, "../everything").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	code, out, errs := runLintCmd(t, "--json", "--", bin)
	rep := decodeReport(t, out)
	got := map[string]int{}
	for _, f := range rep.Findings {
		got[f.Rule]++
	}
	if code != exitOK || rep.Errors != 0 || len(got) != 2 || got[lint.RuleTooManyTools] != 1 || got[lint.RulePromptName] != 4 || rep.Prompts != 4 {
		t.Errorf("without the config: exit %d, findings %v\n%s\n%s", code, got, out, errs)
	}
	code, out, errs = runLintCmd(t, "--json", "--config", "../everything/lint.json", "--", bin)
	if rep := decodeReport(t, out); code != exitOK || len(rep.Findings) != 0 || rep.Resources == 0 || rep.ResourcesRead == 0 {
		t.Errorf("with its config: exit %d\n%s\n%s", code, out, errs)
	}
}
