package main

import (
	"bufio"
	"context"
	"encoding/json"

	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/longtest"
)

// The proxy in front of an upstream that misbehaves, each a real process:
// the test binary as a hand-written stdio server (childUpstream), its
// catalog and pid in a directory the test reads and changes.

// upstreamRequest is what the test upstreams (childUpstream over stdio,
// handUpstream over HTTP) read of a request the proxy sends.
type upstreamRequest struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	} `json:"params"`
}

// childUpstream is a stdio MCP server written line by line, so that it
// can write what no SDK would: garbage, a 50 MB line. Its tools:
// read_orders and read_notes (reads), control (does what its action
// says: garbage, big, change), and, once its catalog changed, new_tool.
// It writes its pid to $AGENTINPUT_TEST_UPSTREAM_DIR/pid; the file
// "changed" there changes its catalog (read_notes' description; new_tool
// added), and is kept across restarts.
func childUpstream() int {
	dir := os.Getenv("AGENTINPUT_TEST_UPSTREAM_DIR")
	if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		return 1
	}
	schema := func(props string, required string) json.RawMessage {
		return json.RawMessage(`{"type":"object","additionalProperties":false,"properties":` + props + `,"required":[` + required + `]}`)
	}
	catalog := func() []map[string]any {
		_, err := os.Stat(filepath.Join(dir, "changed"))
		changed := err == nil
		notes := "Lists notes."
		if changed {
			notes = "Lists notes, and now something else."
		}
		tools := []map[string]any{
			{"name": "read_orders", "description": "Lists orders.", "inputSchema": schema(`{"limit":{"type":"integer","minimum":1,"maximum":100}}`, "")},
			{"name": "read_notes", "description": notes, "inputSchema": schema(`{"limit":{"type":"integer","minimum":1,"maximum":100}}`, "")},
			{"name": "control", "description": "Misbehaves on purpose.", "inputSchema": schema(`{"action":{"type":"string","enum":["garbage","big","change"]}}`, `"action"`)},
		}
		if changed {
			tools = append(tools, map[string]any{"name": "new_tool", "description": "Came later.", "inputSchema": schema(`{}`, "")})
		}
		return tools
	}
	out := os.Stdout
	send := func(v any) {
		b, _ := json.Marshal(v)
		out.Write(append(b, '\n'))
	}
	reply := func(id json.RawMessage, result any) {
		send(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	}
	text := func(s string) any {
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 2<<20)
	for sc.Scan() {
		var m upstreamRequest
		if json.Unmarshal(sc.Bytes(), &m) != nil || m.ID == nil {
			continue // a notification
		}
		switch m.Method {
		case "initialize":
			reply(m.ID, map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{"tools": map[string]any{"listChanged": true}},
				"serverInfo": map[string]any{"name": "flaky", "version": "v1"}})
		case "ping":
			reply(m.ID, map[string]any{})
		case "tools/list":
			reply(m.ID, map[string]any{"tools": catalog()})
		case "tools/call":
			args, _ := json.Marshal(m.Params.Arguments)
			switch action, _ := m.Params.Arguments["action"].(string); {
			case m.Params.Name != "control":
				reply(m.ID, text(m.Params.Name+" "+string(args)))
			case action == "garbage":
				out.Write([]byte("this is not JSON {\n"))
			case action == "big":
				// A 50 MB line, written in pieces: the server does not hold it either.
				w := bufio.NewWriterSize(out, 1<<20)
				w.WriteString(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"content":[{"type":"text","text":"`)
				chunk := strings.Repeat("x", 1<<20)
				for range 50 {
					w.WriteString(chunk)
				}
				w.WriteString("\"}]}}\n")
				w.Flush()
			case action == "change":
				os.WriteFile(filepath.Join(dir, "changed"), nil, 0o600)
				send(map[string]any{"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
				reply(m.ID, text("changed"))
			}
		default:
			send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32601, "message": "no"}})
		}
	}
	return 0
}

// flakyProxy starts the proxy (on stdio, --timeout 120s: an answer that
// waited for the budget would be mcp_timeout) in front of childUpstream.
func flakyProxy(t *testing.T) (cs *sdk.ClientSession, proxy *exec.Cmd, dir string, stderr *lockedBuffer) {
	t.Helper()
	if _, err := exec.LookPath("env"); err != nil {
		t.Skip("env is missing")
	}
	dir = t.TempDir()
	bind := writeFile(t, filepath.Join(dir, "bind.json"), flakyBindings)
	bin, benv := commandBinary(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	proxy = exec.Command(bin, "proxy", "--bind", bind, "--timeout", "120s", "--max-calls-per-session", "0", "--",
		"env", "AGENTINPUT_TEST_CHILD=upstream", "AGENTINPUT_TEST_UPSTREAM_DIR="+dir, self)
	proxy.Env = benv
	cs, stderr = connectProxy(t, proxy)
	return cs, proxy, dir, stderr
}

// flakyBindings binds the test upstreams' three tools (childUpstream's,
// and the HTTP ones') as reads.
const flakyBindings = `{"server_id": "flaky", "tools": [
		{"remote": "read_orders", "local": "orders", "policy": "read", "scope": "none", "concurrency": "parallel"},
		{"remote": "read_notes", "local": "notes", "policy": "read", "scope": "none", "concurrency": "parallel"},
		{"remote": "control", "local": "control", "policy": "read", "scope": "none", "concurrency": "parallel"}]}`

// codeOf calls a tool through the proxy and answers its envelope's code
// ("" for a success) and message.
func codeOf(t *testing.T, cs *sdk.ClientSession, name string, args any) (string, string) {
	t.Helper()
	a := answerOf(t, callTool(t, cs, name, args))
	return a.Code, a.Message
}

// until calls name until its code is want (its message containing
// message), within a generous bound (the test waits on the proxy's own
// schedule; it asserts on what is answered, not on when).
func until(t *testing.T, cs *sdk.ClientSession, name, want, message string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		code, msg := codeOf(t, cs, name, map[string]any{})
		if code == want && strings.Contains(msg, message) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %q (%s), want %q", name, code, msg, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func upstreamPID(t *testing.T, dir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, ok := wholeNumber(string(b))
	if !ok {
		t.Fatalf("pid file %q", b)
	}
	return int(pid)
}

// A line that is not JSON answers the call it came for with
// mcp_protocol_error at once (not mcp_timeout after the 120 s budget), and
// the next call is served.
func TestProxyUpstreamWritesGarbage(t *testing.T) {
	longtest.Skip(t, "starts the proxy and an upstream as processes")
	cs, _, _, _ := flakyProxy(t)
	if code, _ := codeOf(t, cs, "control", map[string]any{"action": "garbage"}); code != "mcp_protocol_error" {
		t.Fatalf("garbage: %q", code)
	}
	if code, msg := codeOf(t, cs, "orders", map[string]any{"limit": "5"}); code != "" {
		t.Fatalf("the next call: %s %s", code, msg)
	}
}

// A 50 MB result answers mcp_result_too_large, the next call is served,
// and the proxy never held the line: its peak resident memory stays under
// the line's size.
func TestProxyUpstreamSends50MB(t *testing.T) {
	longtest.Skip(t, "starts the proxy and an upstream as processes")
	cs, proxy, _, _ := flakyProxy(t)
	if code, _ := codeOf(t, cs, "control", map[string]any{"action": "big"}); code != "mcp_result_too_large" {
		t.Fatalf("50 MB: %q", code)
	}
	if code, msg := codeOf(t, cs, "orders", map[string]any{}); code != "" {
		t.Fatalf("the next call: %s %s", code, msg)
	}
	kb := peakRSS(t, proxy.Process.Pid) >> 10
	t.Logf("the proxy's peak resident memory: %d KiB", kb)
	if kb > 40<<10 {
		t.Fatalf("the proxy's peak resident memory is %d KiB: the 50 MB line was kept", kb)
	}
}

// Killed, the upstream is restarted; while it is away calls answer
// mcp_connection_closed; once it is back and its catalog rediscovered
// unchanged, every tool serves again.
func TestProxyUpstreamKilledAndUnchanged(t *testing.T) {
	longtest.Skip(t, "starts the proxy and an upstream as processes")
	cs, _, dir, _ := flakyProxy(t)
	first := upstreamPID(t, dir)
	if err := syscall.Kill(first, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	until(t, cs, "orders", "", "")
	if pid := upstreamPID(t, dir); pid == first {
		t.Fatalf("served, but by the upstream that was killed (%d)", pid)
	}
	if code, msg := codeOf(t, cs, "notes", map[string]any{}); code != "" {
		t.Fatalf("notes after the restart: %s %s", code, msg)
	}
}

// Killed and restarted with a changed catalog, the changed tool stays
// mcp_catalog_stale, the unchanged ones serve, and the new tool never
// appears.
func TestProxyUpstreamKilledAndChanged(t *testing.T) {
	longtest.Skip(t, "starts the proxy and an upstream as processes")
	cs, _, dir, _ := flakyProxy(t)
	writeFile(t, filepath.Join(dir, "changed"), "")
	if err := syscall.Kill(upstreamPID(t, dir), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	until(t, cs, "orders", "", "")
	for range 3 {
		if code, msg := codeOf(t, cs, "notes", map[string]any{}); code != "mcp_catalog_stale" || !strings.Contains(msg, "changed notes") {
			t.Fatalf("the changed tool: %s %s", code, msg)
		}
	}
	if got := toolNames(t, cs); got != "control notes orders" {
		t.Fatalf("tools %q", got)
	}
}

// changeCatalog has the upstream change its catalog (notes changes, a new
// tool appears) and checks what the proxy makes of its list_changed: notes
// stale, orders serving, the tools listed as bound.
func changeCatalog(t *testing.T, cs *sdk.ClientSession) {
	t.Helper()
	code, _ := codeOf(t, cs, "control", map[string]any{"action": "change"})
	if code != "" && code != "mcp_catalog_stale" { // the notification may come before the answer
		t.Fatalf("change: %q", code)
	}
	until(t, cs, "notes", "mcp_catalog_stale", "changed notes")
	if code, msg := codeOf(t, cs, "orders", map[string]any{}); code != "" {
		t.Fatalf("orders after the change: %s %s", code, msg)
	}
	if got := toolNames(t, cs); got != "control notes orders" {
		t.Fatalf("tools %q", got)
	}
}

// tools/list_changed has the catalog rediscovered: the unchanged tools
// keep serving, the changed one is stale, the new one never appears.
func TestProxyUpstreamListChanged(t *testing.T) {
	longtest.Skip(t, "starts the proxy and an upstream as processes")
	cs, _, _, _ := flakyProxy(t)
	changeCatalog(t, cs)
	if res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "new_tool", Arguments: map[string]any{}}); err == nil && !res.IsError {
		t.Fatal("new_tool was served")
	}
}
