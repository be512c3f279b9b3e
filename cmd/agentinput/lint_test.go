package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
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
	if rep.Tools != 5 || rep.Pages != 1 || len(rep.Findings) != 0 || rep.Server.Name != "agentinput-demo" {
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

const goodDescription = "Reads the orders of one customer, newest first, one page at a time. Use when the user asks about past orders."

// badServer breaks each rule of the catalog once, on 10 tools listed 3 to
// a page.
func badServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "bad", Version: "v0"}, &sdk.ServerOptions{PageSize: 3})
	ok := map[string]any{"type": "object", "properties": map[string]any{"customer_id": map[string]any{"type": "string", "description": "The customer"}}}
	add := func(name, title, desc string, schema any) {
		s.AddTool(&sdk.Tool{Name: name, Title: title, Description: desc, InputSchema: schema}, noop)
	}
	add("Read-Orders", "Orders of a customer", goodDescription, ok)                                              // name-snake-case, promcp-prefix
	add("read_short", "Short", "Reads. Use when asked.", ok)                                                     // description-length
	add("read_no_when", "No when", strings.Repeat("Reads orders. ", 5), ok)                                      // description-use-when
	add("read_untitled", "", goodDescription, ok)                                                                // title-present
	add("read_same", "Read Same", goodDescription, ok)                                                           // title-distinct
	add("read_scalar", "Scalar", goodDescription, map[string]any{"type": "object", "properties": map[string]any{ // property-description
		"customer_id": map[string]any{"type": "string"}}})
	add("read_opaque", "Opaque", goodDescription, map[string]any{"type": "object", "properties": map[string]any{ // property-name-semantic
		"p1": map[string]any{"type": "string", "description": "The customer"}}})
	add("read_a", "A", goodDescription, ok)
	add("read_b", "B", goodDescription, ok)
	add("read_c", "C", goodDescription, ok) // 10 tools: too-many-tools
	return s
}

func TestLintOneViolationPerRule(t *testing.T) {
	url := httpServer(t, badServer())
	code, out, errs := runLintCmd(t, "--json", "--promcp", "--url", url)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	rep := decodeReport(t, out)
	if rep.Tools != 10 || rep.Pages != 4 {
		t.Errorf("%d tools on %d pages, want 10 on 4", rep.Tools, rep.Pages)
	}
	got := map[string]int{}
	for _, f := range rep.Findings {
		got[f.Rule]++
		if f.Fix == "" || f.Message == "" || (f.Severity != lint.Error && f.Severity != lint.Warning) {
			t.Errorf("%+v", f)
		}
	}
	// input-schema-object and name-unique are not reachable through the
	// go-sdk server, which refuses such tools; the lint package's tests
	// cover them.
	for _, id := range []string{lint.RuleNameSnakeCase, lint.RulePromcpPrefix, lint.RuleDescriptionLength, lint.RuleDescriptionUseWhen,
		lint.RuleTitlePresent, lint.RuleTitleDistinct, lint.RulePropertyDescription, lint.RulePropertyNameSemantic, lint.RuleTooManyTools} {
		if got[id] != 1 {
			t.Errorf("%s: %d findings, want 1", id, got[id])
		}
	}
	if len(rep.Findings) != 9 || rep.Errors != 7 || rep.Warnings != 2 {
		t.Errorf("%d findings, %d errors, %d warnings; want 9, 7, 2", len(rep.Findings), rep.Errors, rep.Warnings)
	}

	// The text report: one line per finding, each rule's fix once.
	code, out, _ = runLintCmd(t, "--promcp", "--url", url)
	if code != exitFindings || strings.Count(out, "\nfix ") != 9 || !strings.Contains(out, "7 errors, 2 warnings") {
		t.Fatalf("exit %d\n%s", code, out)
	}

	// Warnings alone exit 0.
	code, out, _ = runLintCmd(t, "--url", httpServer(t, onlyWarnings()))
	if code != exitOK || !strings.Contains(out, "0 errors, 1 warning") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

func onlyWarnings() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "warn", Version: "v0"}, nil)
	s.AddTool(&sdk.Tool{Name: "read_x", Title: "Ex", Description: goodDescription, InputSchema: map[string]any{"type": "object",
		"properties": map[string]any{"data": map[string]any{"type": "string", "description": "d"}}}}, noop)
	return s
}

func TestLintBudgets(t *testing.T) {
	url := httpServer(t, badServer())
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
	bin, env := commandBinary(t)
	cmd := exec.Command(bin, "lint", "--json", "--promcp", "--", bin, "serve", "--store", "memory")
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rep := decodeReport(t, string(out))
	if rep.Tools != 5 || len(rep.Findings) != 0 {
		t.Fatalf("%s", out)
	}
}
