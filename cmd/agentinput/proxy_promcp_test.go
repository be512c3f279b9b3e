package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/census/lint"
	"agentinput.dev/factory/reply"
	"agentinput.dev/host"
	"agentinput.dev/internal/longtest"
	"agentinput.dev/promcp"
)

// proMCP through the proxy: a compliant upstream proxied with "promcp":
// true lints clean, and its writes are approved without a tool outside
// the triad.

// demoProMCP binds every demo tool under its own name: reads as reads,
// each do as a write, and can_do through declared schemas (its open
// "arguments" object closed over the do tools' properties, its report's
// open current_observations closed); do_set_tags has a plan guard.
func demoProMCP(t *testing.T) string {
	data, err := os.ReadFile(filepath.Join("testdata", "bind", "demo-promcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestLintProMCPThroughTheProxy(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	bin, env := commandBinary(t)
	dir := t.TempDir()
	lintProxy := func(file string) (lintReport, string) {
		bind := writeFile(t, filepath.Join(dir, "bind.json"), file)
		cmd := exec.Command(bin, "lint", "--json", "--promcp", "--", bin, "proxy", "--bind", bind, "--store", "sqlite:"+filepath.Join(dir, "approvals.db"),
			"--", bin, "serve", "--store", "memory")
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, _ := cmd.Output()
		return decodeReport(t, string(out)), string(out) + stderr.String()
	}
	rep, out := lintProxy(demoProMCP(t))
	if rep.Tools != 6 || len(rep.Findings) != 0 || rep.Server.Name != "agentinput-proxy" {
		t.Fatalf("the proxied proMCP catalog:\n%s", out)
	}
	// The same file without "promcp": the dispatch tool is served, and
	// it is outside the triad.
	rep, out = lintProxy(strings.Replace(demoProMCP(t), `"promcp": true,`, "", 1))
	if rep.Tools != 7 || len(rep.Findings) != 1 || rep.Findings[0].Rule != lint.RulePromcpPrefix || rep.Findings[0].Tool != host.DefaultDispatchTool {
		t.Fatalf("without promcp:\n%s", out)
	}
}

// A proMCP proxy's write: requires_human_approval (the envelope in _meta,
// as a typed tool's failure), the same intent when called again before
// approval, and once approved the same call sends it, once, answering the
// upstream's do result — under the idempotency key the model sent.
func TestProxyProMCPWrite(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	dir := t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), demoProMCP(t))
	db := filepath.Join(dir, "approvals.db")
	bin, _ := commandBinary(t)
	cs := startProxy(t, bind, db, nil, bin, "serve", "--store", "memory")
	if got := toolNames(t, cs); got != "can_do do_set_tags do_tag_decision do_untag_decision read_decision read_decisions" {
		t.Fatalf("tools %q", got)
	}
	res := callTool(t, cs, "read_decisions", map[string]any{"limit": "1"})
	decision := uuidPattern.FindString(allText(res))
	if res.IsError || decision == "" {
		t.Fatalf("read: %s", allText(res))
	}
	args := map[string]any{"decision_id": decision, "tags": "contract", "idempotency_key": "tag-1"}
	res = callTool(t, cs, "do_tag_decision", args)
	if a := answerOf(t, res); !res.IsError || res.StructuredContent != nil || a.Code != "requires_human_approval" {
		t.Fatalf("a write: %s", allText(res))
	}
	if _, ok := res.Meta[reply.EnvelopeKey]; !ok {
		t.Fatalf("no envelope in _meta: %v", res.Meta)
	}
	id, _ := intentOf(t, res)
	if again := callTool(t, cs, "do_tag_decision", args); answerOf(t, again).Code != "requires_human_approval" {
		t.Fatalf("again before approval: %s", allText(again))
	} else if id2, _ := intentOf(t, again); id2 != id {
		t.Fatalf("a second intent %s for the same arguments (first %s)", id2, id)
	}
	approveIntent(t, db, id)
	res = callTool(t, cs, "do_tag_decision", args)
	if _, effect := intentOf(t, res); res.IsError || effect != "committed" {
		t.Fatalf("after approval: %s", allText(res))
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var d struct {
		Status      promcp.Status `json:"status"`
		Key         string        `json:"idempotency_key"`
		Compensable *bool         `json:"compensable"`
	}
	if err := json.Unmarshal(raw, &d); err != nil || d.Status != promcp.Success || d.Key != "tag-1" || d.Compensable == nil {
		t.Fatalf("the do result %s", raw)
	}
	// Called again within the replay window: the same answer, not sent
	// again.
	again := callTool(t, cs, "do_tag_decision", args)
	raw2, _ := json.Marshal(again.StructuredContent)
	if again.IsError || string(raw2) != string(raw) {
		t.Fatalf("again after the dispatch: %s", raw2)
	}
}

// A proMCP binding file whose local names break the triad, or a guard
// that names no bound can_do, is refused before the upstream starts,
// naming the tool.
func TestProxyProMCPBindingFileRefused(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"tag_decision": `{"server_id": "demo", "promcp": true, "tools": [
			{"remote": "do_tag_decision", "local": "tag_decision", "policy": "confirm", "effect": "write", "concurrency": "serial",
			 "binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"}}]}`,
		"read_decisions": `{"server_id": "demo", "promcp": true, "tools": [
			{"remote": "read_decisions", "policy": "confirm", "effect": "write", "concurrency": "serial",
			 "binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"}}]}`,
		"can_do": `{"server_id": "demo", "tools": [
			{"remote": "do_tag_decision", "policy": "confirm", "effect": "write", "concurrency": "serial",
			 "binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"}, "guard": {"can_do": "can_do", "stop_on": ["degraded"]}}]}`,
		"smoky": `{"server_id": "demo", "tools": [
			{"remote": "read_decisions", "policy": "read", "scope": "none", "concurrency": "parallel"},
			{"remote": "do_tag_decision", "policy": "confirm", "effect": "write", "concurrency": "serial",
			 "binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"}, "guard": {"stop_on": ["smoky"]}}]}`,
	}
	for name, file := range cases {
		bind := writeFile(t, filepath.Join(dir, name+".json"), file)
		var out, errb bytes.Buffer
		code := run([]string{"proxy", "--bind", bind, "--store", "sqlite:" + filepath.Join(dir, "a.db"), "--", "false"}, strings.NewReader(""), &out, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), name) {
			t.Errorf("%s: exit %d\n%s", name, code, errb.String())
		}
	}
}

// The binding file's guard is the host's.
func TestBindFileGuard(t *testing.T) {
	path := writeFile(t, filepath.Join(t.TempDir(), "bind.json"), `{"server_id": "plant", "promcp": true, "tools": [
		{"remote": "can_do", "policy": "read", "scope": "none", "concurrency": "parallel"},
		{"remote": "do_set_level", "policy": "confirm", "effect": "write", "concurrency": "serial",
		 "binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"},
		 "guard": {"can_do": "can_do", "stop_on": ["degraded", "error"]}}]}`)
	f, err := readBindFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := f.bindings(path)
	if err != nil || !f.ProMCP {
		t.Fatal(err)
	}
	g := bs[1].Guard
	if g == nil || g.CanDo != "can_do" || len(g.StopOn) != 2 || g.StopOn[0] != promcp.Degraded || g.StopOn[1] != promcp.Error {
		t.Fatalf("guard %+v", g)
	}
	if err := host.Check(host.Options{ServerID: f.ServerID, ProMCP: true, Approvals: nil}, bs...); err == nil || !strings.Contains(err.Error(), "Approvals") {
		t.Fatalf("%v", err)
	}
	// An unknown field in a guard is refused, as anywhere in the file.
	bad := writeFile(t, filepath.Join(t.TempDir(), "bad.json"), `{"server_id": "p", "tools": [{"remote": "do_x", "policy": "confirm", "scope": "none", "concurrency": "serial", "guard": {"cando": "can_do"}}]}`)
	if _, err := readBindFile(bad); err == nil {
		t.Fatal("an unknown guard field was accepted")
	}
}

// The plan guard through the proxy, against the demo's own can_do:
// do_set_tags is refused until can_do answered it allowed for the same
// arguments, naming the can_do call to make; then it is prepared for
// approval.
func TestProxyPlanGuard(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	dir := t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), demoProMCP(t))
	bin, _ := commandBinary(t)
	cs := startProxy(t, bind, filepath.Join(dir, "approvals.db"), nil, bin, "serve", "--store", "memory")
	res := callTool(t, cs, "read_decisions", map[string]any{"limit": "1"})
	decision := uuidPattern.FindString(allText(res))
	if res.IsError || decision == "" {
		t.Fatalf("read: %s", allText(res))
	}
	args := map[string]any{"decision_id": decision, "tags": []string{"contract"}}
	res = callTool(t, cs, "do_set_tags", args)
	want := `{"action":"do_set_tags","arguments":{"decision_id":"` + decision + `","tags":["contract"]}}`
	if a := answerOf(t, res); a.Code != string(agentinput.EnvelopeMCPCanDoRequired) || !strings.Contains(allText(res), want) {
		t.Fatalf("do_set_tags before can_do: %s", allText(res))
	}
	other := callTool(t, cs, "can_do", map[string]any{"action": "do_set_tags", "arguments": map[string]any{"decision_id": decision, "tags": []string{"tax"}}})
	if other.IsError {
		t.Fatalf("can_do: %s", allText(other))
	}
	if a := answerOf(t, callTool(t, cs, "do_set_tags", args)); a.Code != string(agentinput.EnvelopeMCPCanDoRequired) {
		t.Fatalf("after a can_do for other arguments: %+v", a)
	}
	res = callTool(t, cs, "can_do", map[string]any{"action": "do_set_tags", "arguments": args})
	if res.IsError {
		t.Fatalf("can_do: %s", allText(res))
	}
	if a := answerOf(t, callTool(t, cs, "do_set_tags", args)); a.Code != string(agentinput.EnvelopeRequiresHumanApproval) {
		t.Fatalf("after can_do answered it allowed: %+v", a)
	}
}
