package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	asqlite "agentinput.dev/approval/sqlite"
	"agentinput.dev/factory/reply"
	"agentinput.dev/internal/longtest"
)

// The proxy as a child process, in front of an upstream server, driven by
// a go-sdk client.

func writeFile(t *testing.T, path, text string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// startProxy runs `agentinput proxy --bind BIND --store sqlite:DB -- UPSTREAM`
// and connects a go-sdk client to it.
func startProxy(t *testing.T, bind, db string, env []string, upstream ...string) *sdk.ClientSession {
	t.Helper()
	bin, benv := commandBinary(t)
	cmd := exec.Command(bin, append([]string{"proxy", "--bind", bind, "--store", "sqlite:" + db, "--"}, upstream...)...)
	cmd.Env = append(benv, env...)
	cs, _ := connectProxy(t, cmd)
	return cs
}

// connectProxy starts the proxy command cmd and connects a go-sdk client
// to it over its stdio; its standard error is kept, and logged when the
// test fails.
func connectProxy(t *testing.T, cmd *exec.Cmd) (*sdk.ClientSession, *lockedBuffer) {
	t.Helper()
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "proxy-test", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connecting to the proxy: %v\n%s", err, stderr.String())
	}
	t.Cleanup(func() {
		cs.Close()
		if t.Failed() {
			t.Logf("the proxy's standard error:\n%s", stderr.String())
		}
	})
	return cs, stderr
}

func callTool(t *testing.T, cs *sdk.ClientSession, name string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// answer is a proxy result's structured content: a success envelope or
// a failure envelope.
type answer struct {
	Text       []string        `json:"text"`
	Structured json.RawMessage `json:"structured"`
	Code       string          `json:"code"`
	Message    string          `json:"message"`
}

func answerOf(t *testing.T, res *sdk.CallToolResult) answer {
	t.Helper()
	content := res.StructuredContent
	if e, ok := res.Meta[reply.EnvelopeKey]; ok && content == nil {
		content = e // a tool with an output schema: its failure's envelope
	}
	raw, err := json.Marshal(content)
	if err != nil {
		t.Fatal(err)
	}
	var a answer
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return a
}

func allText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// intentOf is the intent id and effect in a write's _meta.
func intentOf(t *testing.T, res *sdk.CallToolResult) (string, string) {
	t.Helper()
	m, _ := res.Meta[HostKey].(map[string]any)
	id, _ := m["intent_id"].(string)
	effect, _ := m["effect"].(string)
	if id == "" {
		t.Fatalf("no intent in %v", res.Meta)
	}
	return id, effect
}

func approveIntent(t *testing.T, db, id string) {
	t.Helper()
	s, err := asqlite.Open(db, asqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Decide(context.Background(), id, true, "operator", "checked", time.Now()); err != nil {
		t.Fatal(err)
	}
}

func toolNames(t *testing.T, cs *sdk.ClientSession) string {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	return strings.Join(names, " ")
}

var uuidPattern = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// In front of agentinput's own demo server: only the bound tools, read
// leniently, and the write behind an approval.
func TestProxyInFrontOfTheDemoServer(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	dir := t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), `{"server_id": "demo", "tools": [
		{"remote": "read_decisions", "local": "decisions", "policy": "read", "scope": "none", "concurrency": "parallel"},
		{"remote": "do_tag_decision", "local": "tag_decision", "policy": "confirm", "effect": "write", "concurrency": "serial",
		 "binding_id": "demo-tag", "binding_revision": "1", "scope": {"id": "tags", "revision": "1", "allow": {"tags": [["contract"]]}}}]}`)
	db := filepath.Join(dir, "approvals.db")
	bin, _ := commandBinary(t)
	cs := startProxy(t, bind, db, nil, bin, "serve", "--store", "memory")
	if got := toolNames(t, cs); got != "decisions dispatch_approved_write tag_decision" {
		t.Fatalf("tools %q", got)
	}
	res := callTool(t, cs, "decisions", map[string]any{"court": "ns", "date_from": "1. 1. 2020", "limit": "2"})
	// read_decisions advertises an output schema: the structured content
	// is its read result itself, which the schema describes.
	var rd struct {
		Value   json.RawMessage `json:"value"`
		Quality string          `json:"quality"`
	}
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &rd); err != nil || res.IsError || rd.Quality != "good" || !strings.Contains(allText(res), `Read \"1. 1. 2020\" as \"2020-01-01\"`) && !strings.Contains(allText(res), `Read "1. 1. 2020" as "2020-01-01"`) {
		t.Fatalf("%v %s\n%s", res.IsError, raw, allText(res))
	}
	decision := uuidPattern.FindString(string(rd.Value))
	if decision == "" {
		t.Fatalf("no decision id in %s", rd.Value)
	}
	// Out of scope: refused, nothing prepared.
	res = callTool(t, cs, "tag_decision", map[string]any{"decision_id": decision, "tags": "tax"})
	if a := answerOf(t, res); !res.IsError || a.Code != "mcp_scope_denied" {
		t.Fatalf("out of scope: %s", allText(res))
	}
	res = callTool(t, cs, "tag_decision", map[string]any{"decision_id": strings.ToUpper(decision), "tags": "contract"})
	if a := answerOf(t, res); !res.IsError || a.Code != "requires_human_approval" {
		t.Fatalf("a write: %s", allText(res))
	}
	id, effect := intentOf(t, res)
	if effect != "pending" {
		t.Fatalf("effect %s", effect)
	}
	if res := callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id}); answerOf(t, res).Code != "requires_human_approval" {
		t.Fatalf("dispatched before approval: %s", allText(res))
	}
	approveIntent(t, db, id)
	res = callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id})
	if _, effect := intentOf(t, res); res.IsError || effect != "committed" {
		t.Fatalf("after approval: %s", allText(res))
	}
	again := callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id})
	if _, effect := intentOf(t, again); again.IsError || effect != "committed" || allText(again) != allText(res) {
		t.Fatalf("a second dispatch: %s", allText(again))
	}
}

// nodeOrSkip finds node, skipping with a how-to when it is missing, and
// failing under CI=true, where it must be installed.
func nodeOrSkip(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range append([]string{"node"}, tools...) {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing, and CI=true: install Node.js 20 or newer (with npm)", tool)
			}
			t.Skipf("%s is missing: install Node.js 20 or newer (with npm) to run the proxy against a server in JavaScript", tool)
		}
	}
}

// The done criterion: a server in another language (JavaScript, with no
// SDK) behind the proxy reads "4 000" and "1. 10. 2026" leniently, and
// cannot be written to without a durable approval.
func TestProxyMakesANonGoServerLenientAndSafe(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	nodeOrSkip(t)
	dir := t.TempDir()
	ledger := filepath.Join(dir, "ledger.jsonl")
	bind := writeFile(t, filepath.Join(dir, "bind.json"), `{"server_id": "invoices", "tools": [
		{"remote": "quote_invoice", "policy": "read", "scope": "none", "concurrency": "parallel"},
		{"remote": "book_payment", "policy": "confirm", "effect": "write", "concurrency": "serial",
		 "binding_id": "invoices-book", "binding_revision": "1", "scope": {"id": "ledger", "revision": "1"}}]}`)
	db := filepath.Join(dir, "approvals.db")
	script, err := filepath.Abs("testdata/invoices.mjs")
	if err != nil {
		t.Fatal(err)
	}
	cs := startProxy(t, bind, db, []string{"INVOICES_LEDGER=" + ledger}, "node", script)
	res := callTool(t, cs, "quote_invoice", map[string]any{"amount": "4 000", "issued_on": "1. 10. 2026"})
	if a := answerOf(t, res); res.IsError || len(a.Text) != 1 || a.Text[0] != `quote: {"amount":4000,"issued_on":"2026-10-01"}` {
		t.Fatalf("%s", allText(res))
	}
	if text := allText(res); !strings.Contains(text, `Read "4 000" as 4000`) || !strings.Contains(text, `Read "1. 10. 2026" as "2026-10-01"`) {
		t.Errorf("the notes: %s", text)
	}
	res = callTool(t, cs, "book_payment", map[string]any{"amount": "4 000", "issued_on": "1. 10. 2026"})
	if a := answerOf(t, res); !res.IsError || a.Code != "requires_human_approval" {
		t.Fatalf("a write (annotated readOnlyHint by the server, which grants nothing): %s", allText(res))
	}
	id, _ := intentOf(t, res)
	if res := callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id}); answerOf(t, res).Code != "requires_human_approval" {
		t.Fatalf("dispatched before approval: %s", allText(res))
	}
	if data, _ := os.ReadFile(ledger); len(data) != 0 {
		t.Fatalf("the server was written to before approval: %s", data)
	}
	approveIntent(t, db, id)
	res = callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id})
	if _, effect := intentOf(t, res); res.IsError || effect != "committed" {
		t.Fatalf("after approval: %s", allText(res))
	}
	callTool(t, cs, "dispatch_approved_write", map[string]any{"intent_id": id})
	if data, _ := os.ReadFile(ledger); string(data) != "{\"amount\":4000,\"issued_on\":\"2026-10-01\"}\n" {
		t.Fatalf("the ledger holds %q, want the one approved write", data)
	}
}

// The npm servers the issue names, whose schemas are draft-07 and open:
// discover writes a suggested declared schema for their tools (proved a
// subset of the remote's), and the proxy binds the checked-in binding
// files (testdata/bind) and serves them to a go-sdk client, reading
// leniently against the declared schemas, with a write held for approval.
func TestProxyBindsNpmServersThroughDeclaredSchemas(t *testing.T) {
	longtest.Skip(t, "installs and runs Node.js servers and agentinput as a child process")
	everything := npmServer(t, "server-everything")
	filesystem := npmServer(t, "server-filesystem")
	memory := npmServer(t, "server-memory")
	dir := t.TempDir()
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "notes.txt"), "first line\nsecond line\n")
	memoryFile := filepath.Join(root, "memory.jsonl")
	t.Setenv("MEMORY_FILE_PATH", memoryFile)
	upstreams := map[string][]string{
		"everything": {"node", everything, "stdio"},
		"filesystem": {"node", filesystem, root},
		"memory":     {"node", memory},
	}
	for name, upstream := range upstreams {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"discover", "--"}, upstream...), nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("discover %s: exit %d: %s", name, code, stderr.String())
		}
		var file bindFile
		if err := json.Unmarshal(stdout.Bytes(), &file); err != nil {
			t.Fatal(err)
		}
		suggested := 0
		for _, tool := range file.Tools {
			if tool.InputSchema != nil && strings.Contains(tool.DeclaredBecause, "draft-07") {
				suggested++
			}
		}
		if suggested < 9 {
			t.Errorf("discover %s: %d tools with a suggested schema: %s", name, suggested, stdout.String())
		}
	}

	db := filepath.Join(dir, "approvals.db")
	bind := func(name string) string {
		path, err := filepath.Abs(filepath.Join("testdata", "bind", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		return path
	}
	reads := []struct {
		server, tool string
		args         map[string]any
		text, note   string
	}{
		{"everything", "get-sum", map[string]any{"a": "4 000", "b": 2}, "4002", `Read "4 000" as 4000`},
		{"everything", "get-structured-content", map[string]any{"location": "new york"}, "temperature", `Read "new york" as "New York"`},
		{"filesystem", "read_text_file", map[string]any{"path": filepath.Join(root, "notes.txt"), "head": "1"}, "first line", `Read "1" as 1`},
		{"filesystem", "list_directory_with_sizes", map[string]any{"path": root, "sortBy": "Size"}, "notes.txt", `Read "Size" as "size"`},
		{"memory", "open_nodes", map[string]any{"names": "Alice"}, "entities", `Read "Alice" as ["Alice"]`},
	}
	sessions := map[string]*sdk.ClientSession{}
	for _, r := range reads {
		cs := sessions[r.server]
		if cs == nil {
			cs = startProxy(t, bind(r.server), db, []string{"MEMORY_FILE_PATH=" + memoryFile}, upstreams[r.server]...)
			sessions[r.server] = cs
		}
		res := callTool(t, cs, r.tool, r.args)
		if text := allText(res); res.IsError || !strings.Contains(text, r.text) || !strings.Contains(text, r.note) {
			t.Errorf("%s %s: %s", r.server, r.tool, text)
		}
	}
	// What the declared schema leaves out is refused before it is sent:
	// server-filesystem's head is a number there, a whole count here.
	res := callTool(t, sessions["filesystem"], "read_text_file", map[string]any{"path": filepath.Join(root, "notes.txt"), "head": 1.5})
	if a := answerOf(t, res); !res.IsError || a.Code != "mcp_invalid_arguments" {
		t.Errorf("head 1.5: %s", allText(res))
	}
	res = callTool(t, sessions["memory"], "create_entities", map[string]any{"entities": []any{map[string]any{"name": "Alice", "entityType": "person", "observations": []any{"likes tea"}}}})
	if a := answerOf(t, res); !res.IsError || a.Code != "requires_human_approval" {
		t.Fatalf("a write: %s", allText(res))
	}
	if _, err := os.Stat(memoryFile); !os.IsNotExist(err) {
		t.Fatalf("server-memory wrote %s before an approval (%v)", memoryFile, err)
	}
	// Approved, the write is sent once, and the result validated against
	// the declared output schema.
	id, _ := intentOf(t, res)
	approveIntent(t, db, id)
	res = callTool(t, sessions["memory"], "dispatch_approved_write", map[string]any{"intent_id": id})
	if _, effect := intentOf(t, res); res.IsError || effect != "committed" {
		t.Fatalf("after approval: %s", allText(res))
	}
	if data, err := os.ReadFile(memoryFile); err != nil || !strings.Contains(string(data), `"name":"Alice"`) {
		t.Errorf("server-memory's file after the approved write: %q %v", data, err)
	}
}

// npmPackages are the npm servers the tests run, pinned.
var npmPackages = map[string]string{
	"server-everything": "@modelcontextprotocol/server-everything@2026.8.31",
	"server-filesystem": "@modelcontextprotocol/server-filesystem@2026.8.31",
	"server-memory":     "@modelcontextprotocol/server-memory@2026.8.31",
}

// serverEverything is the entry point of server-everything (npmServer).
func serverEverything(t *testing.T) string { return npmServer(t, "server-everything") }

// npmServer is the entry point (dist/index.js) of one of npmPackages,
// npm-installed once into the user's cache; the test skips when node or
// npm is missing or npm cannot install it (offline), and fails instead
// under CI=true.
func npmServer(t *testing.T, name string) string {
	t.Helper()
	nodeOrSkip(t, "npm")
	pkg := npmPackages[name]
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	prefix := filepath.Join(cache, "agentinput-test", strings.ReplaceAll(strings.TrimPrefix(pkg, "@modelcontextprotocol/"), "@", "-"))
	entry := filepath.Join(prefix, "node_modules", "@modelcontextprotocol", name, "dist", "index.js")
	if _, err := os.Stat(entry); err != nil {
		out, err := exec.Command("npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", prefix, pkg).CombinedOutput()
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("npm install: %v\n%s", err, out)
			}
			t.Skipf("npm could not install %s (offline?): %v", pkg, err)
		}
	}
	return entry
}

func TestProxyUsage(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"no policy":       `{"server_id": "x", "tools": [{"remote": "a", "scope": "none", "concurrency": "parallel"}]}`,
		"discover's file": `{"server_id": "x", "tools": [{"remote": "a", "policy": "read or confirm: choose", "scope": "none", "concurrency": "parallel"}]}`,
		"no scope":        `{"server_id": "x", "tools": [{"remote": "a", "policy": "read", "concurrency": "parallel"}]}`,
		"unknown field":   `{"server_id": "x", "tools": [], "extra": 1}`,
		"write needs store": `{"server_id": "x", "tools": [{"remote": "a", "policy": "confirm", "effect": "write", "concurrency": "serial",
			"binding_id": "b", "binding_revision": "1", "scope": {"id": "s", "revision": "1"}}]}`,
	}
	for name, text := range cases {
		bind := writeFile(t, filepath.Join(dir, "bind.json"), text)
		var stderr bytes.Buffer
		// The file is refused before any upstream starts (false would
		// answer it).
		if code := run([]string{"proxy", "--bind", bind, "--", "false"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != exitUsage {
			t.Errorf("%s: exit %d: %s", name, code, stderr.String())
		}
	}
	var stderr bytes.Buffer
	if code := run([]string{"proxy", "--bind", filepath.Join(dir, "bind.json")}, nil, &bytes.Buffer{}, &stderr); code != exitUsage {
		t.Errorf("no upstream: exit %d", code)
	}
}

var proxyListening = regexp.MustCompile(`agentinput proxy: listening" addr=(\S+)`)

// Over streamable HTTP on both sides: the demo served with --http, the
// proxy's upstream by --url, the proxy itself served with --http.
func TestProxyOverHTTP(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	up := startHTTP(t, nil, "--store", "memory")
	dir := t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), `{"server_id": "demo", "tools": [
		{"remote": "read_decisions", "policy": "read", "scope": "none", "concurrency": "parallel"}]}`)
	bin, env := commandBinary(t)
	cmd := exec.Command(bin, "proxy", "--bind", bind, "--http", "127.0.0.1:0", "--url", "http://"+up.addr, "--allow-private-network")
	cmd.Env = env
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	found := make(chan string, 1)
	log := &lockedBuffer{}
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			log.Write([]byte(sc.Text() + "\n"))
			if m := proxyListening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	var addr string
	select {
	case a, ok := <-found:
		if !ok {
			t.Fatalf("the proxy exited before it listened:\n%s", log.String())
		}
		addr = a
	case <-time.After(60 * time.Second):
		t.Fatalf("the proxy did not listen within a minute:\n%s", log.String())
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: "http://" + addr}, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	defer cs.Close()
	if got := toolNames(t, cs); got != "read_decisions" {
		t.Fatalf("tools %q", got)
	}
	res := callTool(t, cs, "read_decisions", map[string]any{"date_from": "1. 1. 2020", "limit": "2"})
	if res.IsError || !strings.Contains(allText(res), `Read "1. 1. 2020" as "2020-01-01"`) {
		t.Fatalf("%s", allText(res))
	}
}
