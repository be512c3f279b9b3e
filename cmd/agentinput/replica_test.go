package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/reply"
	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/longtest"
)

// The tests in this file run `agentinput serve` as real child processes:
// the test binary itself, re-executed with AGENTINPUT_TEST_CHILD=serve,
// runs the command line's own run with the arguments it was given. The
// environment adds what only a test needs: an effect log the demo's write
// appends to before it changes anything (one line a handler run), a
// decision whose write hangs mid-way, a slower write, a shorter lease.

func TestMain(m *testing.M) {
	switch os.Getenv("AGENTINPUT_TEST_CHILD") {
	case "serve":
		os.Exit(childServe())
	case "main":
		main() // exactly the command: no hook is set
	case "upstream":
		os.Exit(childUpstream())
	case "upstream-sdk":
		os.Exit(childUpstreamSDK())
	case "forward":
		os.Exit(childForward())
	}
	os.Exit(m.Run())
}

// commandBinary returns a path that runs the agentinput command, and the
// environment it needs: the test binary itself, whose TestMain runs main
// under AGENTINPUT_TEST_CHILD=main, so that a test of the command as a
// child process needs no `go build` (a link of the whole command, seconds
// on a shared machine). The environment is inherited by the processes the
// command starts in turn (lint's server).
//
// With long tests on (AGENTINPUT_LONG_TESTS=1, as .ci/run sets), it is the
// command built with go build instead, once for the whole package: the
// binary a user runs, at the cost of a build.
func commandBinary(t *testing.T) (path string, env []string) {
	t.Helper()
	if longtest.On() {
		built, err := buildOnce()
		if err != nil {
			t.Fatalf("go build: %v", err)
		}
		return built, os.Environ()
	}
	path, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return path, append(os.Environ(), "AGENTINPUT_TEST_CHILD=main")
}

var buildOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "agentinput-bin-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "agentinput")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return bin, nil
})

func childServe() int {
	effects, hang := os.Getenv("AGENTINPUT_TEST_EFFECTS"), os.Getenv("AGENTINPUT_TEST_HANG")
	slow, _ := time.ParseDuration(os.Getenv("AGENTINPUT_TEST_SLOW"))
	lease, _ := time.ParseDuration(os.Getenv("AGENTINPUT_TEST_LEASE"))
	var mu sync.Mutex
	testHookDemo = func(o *demo.Options) {
		o.Lease = lease
		o.BeforeTag = func(id string) {
			if effects != "" {
				mu.Lock()
				f, err := os.OpenFile(effects, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
				if err == nil {
					fmt.Fprintln(f, id)
					f.Sync()
					f.Close()
				}
				mu.Unlock()
			}
			if id == hang {
				select {} // mid-write until the process is killed
			}
			time.Sleep(slow)
		}
	}
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// child is one `agentinput serve` process.
type child struct {
	cmd    *exec.Cmd
	addr   string // the HTTP address, for --http
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func childCommand(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve"}, args...)...)
	cmd.Env = append(os.Environ(), append([]string{"AGENTINPUT_TEST_CHILD=serve", "XDG_STATE_HOME=" + t.TempDir()}, env...)...)
	return cmd
}

var listening = regexp.MustCompile(`agentinput serve: listening" addr=(\S+)`)

// startHTTP starts `serve --http 127.0.0.1:0 ARGS` and waits for the
// address it bound.
func startHTTP(t *testing.T, env []string, args ...string) *child {
	t.Helper()
	cmd := childCommand(t, env, append([]string{"--http", "127.0.0.1:0"}, args...)...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: &lockedBuffer{}}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			c.stderr.Write([]byte(line + "\n"))
			if m := listening.FindStringSubmatch(line); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	select {
	case addr, ok := <-found:
		if !ok {
			t.Fatalf("serve exited before it listened:\n%s", c.stderr.String())
		}
		c.addr = addr
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within a minute:\n%s", c.stderr.String())
	}
	return c
}

func (c *child) client(t *testing.T) *sdk.ClientSession {
	t.Helper()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: "http://" + c.addr}, nil)
	if err != nil {
		t.Fatalf("connect to %s: %v\n%s", c.addr, err, c.stderr.String())
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func tagCall(t *testing.T, cs *sdk.ClientSession, decision, key string) *sdk.CallToolResult {
	t.Helper()
	args := map[string]any{"decision_id": decision, "tags": []string{"tax"}}
	if key != "" {
		args["idempotency_key"] = key
	}
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "do_tag_decision", Arguments: args})
	if err != nil {
		t.Fatalf("do_tag_decision %s: %v", decision, err)
	}
	return res
}

func write(t *testing.T, res *sdk.CallToolResult) (effect string, replayed bool) {
	t.Helper()
	w, ok := res.Meta[reply.WriteKey].(map[string]any)
	if !ok {
		t.Fatalf("no write state in _meta: %s", callText(res))
	}
	effect, _ = w["effect"].(string)
	replayed, _ = w["replayed"].(bool)
	return effect, replayed
}

func envelopeCode(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if !res.IsError {
		return ""
	}
	var e struct{ Code string }
	json.Unmarshal(envelopeJSON(res), &e)
	return e.Code
}

// envelopeJSON is an error result's envelope, from its _meta (every error
// result carries it there; a tool with an output schema only there).
func envelopeJSON(res *sdk.CallToolResult) []byte {
	b, _ := json.Marshal(res.Meta[reply.EnvelopeKey])
	return b
}

// runs counts the lines of the effect log that name decision.
func runs(t *testing.T, effects, decision string) int {
	t.Helper()
	data, err := os.ReadFile(effects)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == decision {
			n++
		}
	}
	return n
}

func freshKey(t *testing.T) string {
	t.Helper()
	b := make([]byte, 12)
	rand.Read(b)
	return "test-" + base64.RawURLEncoding.EncodeToString(b)
}

// A child serve on SQLite is killed with SIGKILL while a handler is
// mid-write. After a restart on the same file, that call answers
// effect_unknown and does not run again; a call committed before the kill
// replays, with no second effect.
func TestSQLiteReceiptsSurviveSIGKILL(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	if testing.Short() {
		t.Skip("runs child processes")
	}
	dir := t.TempDir()
	db, effects := filepath.Join(dir, "receipts.db"), filepath.Join(dir, "effects")
	decisions := demo.Generate()
	committed, hung := decisions[0].ID, decisions[1].ID
	env := []string{"AGENTINPUT_TEST_EFFECTS=" + effects, "AGENTINPUT_TEST_LEASE=1s"}

	first := childCommand(t, append(env, "AGENTINPUT_TEST_HANG="+hung), "--store", "sqlite:"+db)
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: first}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if effect, _ := write(t, tagCall(t, cs, committed, "")); effect != "committed" {
		t.Fatalf("the first call: effect %q", effect)
	}
	go cs.CallTool(ctx, &sdk.CallToolParams{Name: "do_tag_decision", Arguments: map[string]any{"decision_id": hung, "tags": []string{"tax"}}})
	for deadline := time.Now().Add(time.Minute); runs(t, effects, hung) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hanging write never started")
		}
	}
	if err := first.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	first.Wait()
	cs.Close()

	second := childCommand(t, env, "--store", "sqlite:"+db)
	cs, err = sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res := tagCall(t, cs, hung, "")
	if code := envelopeCode(t, res); code != "effect_unknown" {
		t.Fatalf("the call killed mid-write answered %q after the restart:\n%s", code, callText(res))
	}
	if effect, _ := write(t, res); effect != "unknown" || !strings.Contains(callText(res), "read_decision") {
		t.Fatalf("effect %q:\n%s", effect, callText(res))
	}
	res = tagCall(t, cs, committed, "")
	if effect, replayed := write(t, res); effect != "committed" || !replayed {
		t.Fatalf("the committed call after the restart: effect %q replayed %v:\n%s", effect, replayed, callText(res))
	}
	if a, b := runs(t, effects, committed), runs(t, effects, hung); a != 1 || b != 1 {
		t.Fatalf("handler runs: %d of the committed call, %d of the killed one; want 1 and 1", a, b)
	}
}

// Two serve --http replicas share one PostgreSQL: a call sent to one and
// retried on the other replays, and 48 racing calls spread over both run
// once.
func TestReplicasSharePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes")
	}
	dsn := postgresDSN(t)
	effects := filepath.Join(t.TempDir(), "effects")
	env := []string{"AGENTINPUT_TEST_EFFECTS=" + effects, "AGENTINPUT_TEST_SLOW=20ms"}
	a := startHTTP(t, env, "--store", dsn)
	b := startHTTP(t, env, "--store", dsn)
	ca, cb := a.client(t), b.client(t)
	decisions := demo.Generate()

	key := freshKey(t)
	if effect, _ := write(t, tagCall(t, ca, decisions[0].ID, key)); effect != "committed" {
		t.Fatalf("the call on replica A: effect %q", effect)
	}
	res := tagCall(t, cb, decisions[0].ID, key)
	if effect, replayed := write(t, res); effect != "committed" || !replayed || runs(t, effects, decisions[0].ID) != 1 {
		t.Fatalf("the retry on replica B: effect %q replayed %v runs %d:\n%s", effect, replayed, runs(t, effects, decisions[0].ID), callText(res))
	}

	key = freshKey(t)
	var wg sync.WaitGroup
	// 24 a replica: under serve's bound of 32 requests at once, with the
	// client's event stream counted (over it a call is refused with 503
	// before it is read, which is the bound's own test).
	results := make([]*sdk.CallToolResult, 48)
	for i := range results {
		cs := ca
		if i%2 == 1 {
			cs = cb
		}
		wg.Go(func() {
			r, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "do_tag_decision",
				Arguments: map[string]any{"decision_id": decisions[1].ID, "tags": []string{"tax"}, "idempotency_key": key}})
			if err != nil {
				t.Errorf("racing call %d: %v", i, err)
			}
			results[i] = r
		})
	}
	wg.Wait()
	replays := 0
	for i, r := range results {
		if r == nil {
			continue
		}
		effect, replayed := write(t, r)
		if effect != "committed" {
			t.Fatalf("racing call %d: effect %q:\n%s", i, effect, callText(r))
		}
		if replayed {
			replays++
		}
	}
	if n := runs(t, effects, decisions[1].ID); n != 1 || replays != len(results)-1 {
		t.Fatalf("%d racing calls over two replicas: %d handler runs and %d replays, want 1 and %d", len(results), n, replays, len(results)-1)
	}
}

// postgresDSN is the DSN of the test server .ci/postgres.sh starts: a CI
// run without it fails, a local run skips.
func postgresDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("AGENTINPUT_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("AGENTINPUT_TEST_POSTGRES is not set: CI must run the PostgreSQL tests (.ci/postgres.sh starts a server)")
		}
		t.Skip("set AGENTINPUT_TEST_POSTGRES to a PostgreSQL DSN, or run: bash .ci/postgres.sh go test ./cmd/agentinput/")
	}
	return dsn
}

// A cursor minted by one replica pages on another that shares its keyring,
// and a rotation (the new key first, the old one kept) keeps it valid for
// one key generation, not two.
func TestCursorsAcrossReplicasAndRotation(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	if testing.Short() {
		t.Skip("runs child processes")
	}
	dir := t.TempDir()
	key := func() string {
		b := make([]byte, 32)
		rand.Read(b)
		return base64.StdEncoding.EncodeToString(b)
	}
	k1, k2, k3 := key(), key(), key()
	ring := func(name string, keys ...string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("# test keyring\n"+strings.Join(keys, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	page := func(cs *sdk.ClientSession, cursor string) (*sdk.CallToolResult, string) {
		args := map[string]any{"limit": 5}
		if cursor != "" {
			args["cursor"] = cursor
		}
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_decisions", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		var read struct {
			Value struct {
				Decisions []struct{ ID string } `json:"decisions"`
				Next      string                `json:"next_cursor"`
			} `json:"value"`
		}
		b, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(b, &read)
		p := read.Value
		first := ""
		if len(p.Decisions) > 0 {
			first = p.Decisions[0].ID
		}
		return res, p.Next + " " + first
	}
	mint := startHTTP(t, nil, "--store", "memory", "--cursor-keys", ring("one", k1))
	_, next := page(mint.client(t), "")
	cursor := strings.Fields(next)[0]

	same := startHTTP(t, nil, "--store", "memory", "--cursor-keys", ring("same", k1))
	res, got := page(same.client(t), cursor)
	want := demo.Generate()
	if res.IsError || len(strings.Fields(got)) != 2 {
		t.Fatalf("the other replica did not page on:\n%s", callText(res))
	}
	_, fromMinter := page(mint.client(t), cursor)
	if strings.Fields(got)[1] != strings.Fields(fromMinter)[1] || len(want) == 0 {
		t.Fatalf("the second page differs between replicas: %q and %q", got, fromMinter)
	}

	rotated := startHTTP(t, nil, "--store", "memory", "--cursor-keys", ring("rotated", k2, k1))
	if res, _ := page(rotated.client(t), cursor); res.IsError {
		t.Fatalf("one rotation later the cursor does not page:\n%s", callText(res))
	}
	twice := startHTTP(t, nil, "--store", "memory", "--cursor-keys", ring("twice", k3, k2))
	res, _ = page(twice.client(t), cursor)
	if !res.IsError || !strings.Contains(callText(res), "invalid_cursor") && !strings.Contains(string(envelopeJSON(res)), "invalid_cursor") {
		t.Fatalf("two rotations later the cursor still pages:\n%s", callText(res))
	}
}
