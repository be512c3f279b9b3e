package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"agentinput.dev/approval"
	"agentinput.dev/approval/postgres"
	"agentinput.dev/approval/sqlite"
	"agentinput.dev/internal/longtest"
)

// approvalsCLI runs `agentinput approvals ARGS` as a child process (the
// command a user runs: see commandBinary), and answers its standard
// output, standard error and exit status.
func approvalsCLI(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	bin, childEnv := commandBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"approvals"}, args...)...)
	cmd.Env = append(childEnv, env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("agentinput approvals %v: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

var cliNow = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

// prepared opens the SQLite approval store at path, prepares one intent
// for each tool name, and closes the store, as a proxy that exits would.
func prepared(t *testing.T, path string, tools ...string) []approval.Intent {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out []approval.Intent
	for i, tool := range tools {
		in, err := s.Prepare(context.Background(), approval.Intent{
			Tool: tool, Remote: "remote_" + tool, BindingID: "b1", BindingRevision: "sha256:ab",
			ScopeID: "repo:acme/widgets", ScopeRevision: "3",
			Arguments: json.RawMessage(`{"title": "Crash", "n": 1.50}`),
		}, cliNow.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, in)
	}
	return out
}

// reopened opens the store at path again and gets the intent id.
func reopened(t *testing.T, path, id string) approval.Intent {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// An intent prepared by one process is approved by the command, another
// process, and a store opened after it sees the approval: then it is
// claimed, and approving it again is refused.
func TestApprovalsAcrossRestart(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	path := filepath.Join(t.TempDir(), "approvals.db")
	store := "sqlite:" + path
	ins := prepared(t, path, "create_issue", "close_issue")

	out, errOut, code := approvalsCLI(t, nil, "list", "--store", store)
	if code != exitOK {
		t.Fatalf("list: exit %d, %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "ID ") ||
		!strings.HasPrefix(lines[1], ins[1].ID+"  pending  2026-12-01T09:31:00Z  close_issue") ||
		!strings.HasPrefix(lines[2], ins[0].ID+"  pending  2026-12-01T09:30:00Z  create_issue") {
		t.Fatalf("list printed\n%s\nwant a header and the two intents, newest first", out)
	}

	// The flags may come after the id.
	out, errOut, code = approvalsCLI(t, nil, "approve", ins[0].ID, "--store", store, "--by", "alice", "--reason", "title checked")
	if code != exitOK || !strings.HasPrefix(out, "approved "+ins[0].ID+": create_issue") {
		t.Fatalf("approve: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	got := reopened(t, path, ins[0].ID)
	if got.State != approval.Approved || got.DecidedBy != "alice" || got.Reason != "title checked" || got.Decided.IsZero() {
		t.Fatalf("after approve the reopened store has %s by %q (%q) at %v, want approved by alice", got.State, got.DecidedBy, got.Reason, got.Decided)
	}
	if !bytes.Equal(got.Arguments, ins[0].Arguments) {
		t.Errorf("the arguments changed: %s, want %s", got.Arguments, ins[0].Arguments)
	}

	// Claimed by the host, it is dispatching; approving or denying it
	// again is refused with exit 4.
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(context.Background(), ins[0].ID, cliNow.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, verb := range []string{"approve", "deny"} {
		out, errOut, code = approvalsCLI(t, nil, verb, "--store", store, "--by", "bob", ins[0].ID)
		if code != exitNotPending || out != "" || !strings.Contains(errOut, "is dispatching (decided by alice at ") || !strings.Contains(errOut, "not pending") {
			t.Errorf("%s of a dispatching intent: exit %d, stdout %q, stderr %q; want exit %d naming the state", verb, code, out, errOut, exitNotPending)
		}
	}
	if got := reopened(t, path, ins[0].ID); got.State != approval.Dispatching || got.DecidedBy != "alice" {
		t.Errorf("a refused decision changed the intent: %s by %q", got.State, got.DecidedBy)
	}

	// Denied, with the user's name by default.
	out, errOut, code = approvalsCLI(t, []string{"USER=carol"}, "deny", "--store", store, "--reason", "wrong repo", ins[1].ID)
	if code != exitOK || !strings.HasPrefix(out, "denied "+ins[1].ID) {
		t.Fatalf("deny: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := reopened(t, path, ins[1].ID); got.State != approval.Denied || got.DecidedBy == "" || got.Reason != "wrong repo" {
		t.Errorf("after deny: %s by %q (%q), want denied by the current user", got.State, got.DecidedBy, got.Reason)
	}

	// --state selects, and --json prints one intent a line.
	out, errOut, code = approvalsCLI(t, nil, "list", "--store", store, "--state", "denied", "--json")
	if code != exitOK {
		t.Fatalf("list --json: exit %d, %s", code, errOut)
	}
	var listed []approval.Intent
	for line := range strings.Lines(out) {
		var in approval.Intent
		if err := json.Unmarshal([]byte(line), &in); err != nil {
			t.Fatalf("list --json printed %q: %v", line, err)
		}
		listed = append(listed, in)
	}
	if len(listed) != 1 || listed[0].ID != ins[1].ID || listed[0].State != approval.Denied || listed[0].Reason != "wrong repo" {
		t.Errorf("list --state denied --json printed %q, want the denied intent", out)
	}
	out, errOut, code = approvalsCLI(t, nil, "list", "--store", store, "--state", "pending")
	if code != exitOK || out != "" || !strings.Contains(errOut, "no pending intents") {
		t.Errorf("list of no pending intents: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// show prints the whole intent as JSON; the id is read as the uuid kind
// reads it (upper case, braces).
func TestApprovalsShow(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	path := filepath.Join(t.TempDir(), "approvals.db")
	in := prepared(t, path, "create_issue")[0]
	out, errOut, code := approvalsCLI(t, nil, "show", "--store", "sqlite:"+path, "{"+strings.ToUpper(in.ID)+"}")
	if code != exitOK {
		t.Fatalf("show: exit %d, %s", code, errOut)
	}
	var got approval.Intent
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("show printed %q: %v", out, err)
	}
	var args, wantArgs any
	json.Unmarshal(got.Arguments, &args)
	json.Unmarshal(in.Arguments, &wantArgs)
	if got.ID != in.ID || got.State != approval.Pending || got.Tool != in.Tool || got.ScopeRevision != "3" ||
		!got.Prepared.Equal(in.Prepared) || !strings.Contains(out, `"n": 1.50`) || args == nil || !jsonEqual(args, wantArgs) {
		t.Errorf("show printed\n%s\nwant the intent %+v", out, in)
	}
	if strings.Contains(out, `"decided"`) || strings.Contains(out, `"result"`) {
		t.Errorf("show printed times and fields not reached:\n%s", out)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// A name holding control characters is quoted in the table, never
// printed raw to the terminal.
func TestApprovalsTableQuotes(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	path := filepath.Join(t.TempDir(), "approvals.db")
	prepared(t, path, "evil\x1b[2J\u202etool")
	out, errOut, code := approvalsCLI(t, nil, "list", "--store", "sqlite:"+path)
	if code != exitOK {
		t.Fatalf("list: exit %d, %s", code, errOut)
	}
	if strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(out, `"evil\x1b[2J\u202etool"`) {
		t.Errorf("list printed %q, want the tool name quoted with escapes", out)
	}
	// show prints the same intent as JSON with the override escaped (the
	// same value) and names it on stderr.
	id := strings.Fields(strings.Split(out, "\n")[1])[0]
	out, errOut, code = approvalsCLI(t, nil, "show", "--store", "sqlite:"+path, id)
	var got approval.Intent
	if code != exitOK || strings.ContainsAny(out, "\x1b\u202e") || json.Unmarshal([]byte(out), &got) != nil ||
		got.Tool != "evil\x1b[2J\u202etool" || !strings.Contains(errOut, "U+202E") {
		t.Errorf("show: exit %d, printed %q, stderr %q", code, out, errOut)
	}
}

// visibleJSON escapes what does not show and keeps the value.
func TestVisibleJSON(t *testing.T) {
	in := []byte(`{"note":"pay \u202eliame\u202c","id":"a\u200bb","tag":"x` + "\U000E0041" + `","ok":"Москва"}`)
	var want map[string]string
	json.Unmarshal(in, &want)
	decoded, _ := json.Marshal(want) // the characters raw, as encoding/json writes them
	out, warnings := visibleJSON(decoded)
	var got map[string]string
	if err := json.Unmarshal(out, &got); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("visibleJSON(%s) = %s (%v), not the same value", decoded, out, err)
	}
	for _, c := range "\u202e\u202c\u200b\U000E0041" {
		if strings.ContainsRune(string(out), c) {
			t.Errorf("visibleJSON left %U in %s", c, out)
		}
	}
	if len(warnings) != 4 || !bytes.Contains(out, []byte("Москва")) {
		t.Errorf("warnings %q, output %s", warnings, out)
	}
}

// Every failure has its exit status and says what to do.
func TestApprovalsFailures(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	dir := t.TempDir()
	path := filepath.Join(dir, "approvals.db")
	in := prepared(t, path, "create_issue")[0]
	store := "sqlite:" + path
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, exitUsage, "usage: agentinput approvals list"},
		{"an unknown command", []string{"purge"}, exitUsage, `unknown command "purge"`},
		{"an unknown flag", []string{"list", "--store", store, "--since", "1h"}, exitUsage, "flag provided but not defined: -since"},
		{"no id", []string{"show", "--store", store}, exitUsage, "give one intent id"},
		{"two ids", []string{"approve", "--store", store, in.ID, in.ID}, exitUsage, "give one intent id (got 2"},
		{"an id to list", []string{"list", "--store", store, in.ID}, exitUsage, "list takes no id"},
		{"an id that is no UUID", []string{"approve", "--store", store, "42"}, exitUsage, `"42" is not an intent id`},
		{"a long id, repeated short", []string{"show", "--store", store, strings.Repeat("f", 100)}, exitUsage, `"` + strings.Repeat("f", 64) + `…" is not an intent id`},
		{"a placeholder id", []string{"show", "--store", store, "00000000-0000-0000-0000-000000000000"}, exitUsage, "is not an intent id"},
		{"a state that is none", []string{"list", "--store", store, "--state", "Pending"}, exitUsage, `--state "Pending" is not a state`},
		{"a limit too large", []string{"list", "--store", store, "--limit", "5000"}, exitUsage, "--limit 5000: want 1 to 1000"},
		{"a memory store", []string{"list", "--store", "memory"}, exitUsage, "approvals need a durable store"},
		{"a store spec of no kind", []string{"list", "--store", "mysql://x"}, exitUsage, "want memory, sqlite:PATH or postgres://DSN"},
		{"a missing file", []string{"list", "--store", "sqlite:" + filepath.Join(dir, "typo.db")}, exitIO, "no approval store at " + filepath.Join(dir, "typo.db")},
		{"the default store, missing", []string{"list"}, exitIO, "no approval store at " + filepath.Join(dir, "state", "agentinput", "approvals.db")},
		{"an unknown id", []string{"show", "--store", store, "6ba7b810-9dad-41d1-80b4-00c04fd430c8"}, exitNotFound, "no intent 6ba7b810-9dad-41d1-80b4-00c04fd430c8 in " + store},
		{"an unknown id to approve", []string{"approve", "--store", store, "--by", "a", "6ba7b810-9dad-41d1-80b4-00c04fd430c8"}, exitNotFound, "no intent"},
		{"a reason that is not UTF-8", []string{"deny", "--store", store, "--by", "a", "--reason", "\xff", in.ID}, exitUsage, "reason is not UTF-8"},
	} {
		out, errOut, code := approvalsCLI(t, []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state")}, c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d saying %q", c.name, code, out, errOut, c.code, c.want)
		}
	}
	if got := reopened(t, path, in.ID); got.State != approval.Pending {
		t.Errorf("a failed command changed the intent to %s", got.State)
	}
	if out, _, code := approvalsCLI(t, nil, "--help"); code != exitOK || !strings.Contains(out, "Exit status:") {
		t.Errorf("approvals --help: exit %d, %q", code, out)
	}
}

// The same command on a PostgreSQL store (the default table), when a
// server is at hand (bash .ci/postgres.sh, as .ci/run runs the tests).
func TestApprovalsPostgres(t *testing.T) {
	dsn := os.Getenv("AGENTINPUT_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("AGENTINPUT_TEST_POSTGRES names no PostgreSQL server; run bash .ci/postgres.sh go test ./cmd/agentinput/ -run Approvals")
	}
	s, err := postgres.Open(context.Background(), dsn, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in, err := s.Prepare(context.Background(), approval.Intent{
		Tool: "t", Remote: "r", BindingID: "b", BindingRevision: "1", ScopeID: "s", ScopeRevision: "1",
		Arguments: json.RawMessage(`{}`),
	}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := approvalsCLI(t, nil, "approve", "--store", dsn, "--by", "dana", in.ID); code != exitOK {
		t.Fatalf("approve: exit %d, %q, %q", code, out, errOut)
	}
	if got, err := s.Get(context.Background(), in.ID); err != nil || got.State != approval.Approved || got.DecidedBy != "dana" {
		t.Errorf("after approve: %s by %q (%v), want approved by dana", got.State, got.DecidedBy, err)
	}
}

// resolve records what a person found on the remote side of an intent its
// host left dispatching, or whose effect is unknown; any other intent is
// exit 4, and the flags say one finding.
func TestApprovalsResolve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "approvals.db")
	store := "sqlite:" + path
	ins := prepared(t, path, "create_issue", "close_issue", "tag_issue")
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, in := range ins[:2] {
		if _, err := s.Decide(ctx, in.ID, true, "alice", "", cliNow); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Claim(ctx, in.ID, cliNow); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Finish(ctx, ins[1].ID, approval.Unknown, nil, "mcp_timeout", cliNow); err != nil {
		t.Fatal(err)
	}
	s.Close()
	cli := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run(append([]string{"approvals"}, args...), strings.NewReader(""), &out, &errOut)
		return out.String(), errOut.String(), code
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"resolve", "--store", store, ins[0].ID}, "--committed or --not-started"},
		{[]string{"resolve", "--store", store, "--committed", "--not-started", ins[0].ID}, "--committed or --not-started"},
		{[]string{"resolve", "--store", store, "--committed"}, "give one intent id"},
	} {
		if out, errOut, code := cli(c.args...); code != exitUsage || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("approvals %v: exit %d, stdout %q, stderr %q; want exit %d saying %q", c.args, code, out, errOut, exitUsage, c.want)
		}
	}

	// The dispatching one took effect; the unknown one did not.
	out, errOut, code := cli("resolve", "--store", store, "--committed", "--by", "carol", "--reason", "issue #7 exists", ins[0].ID)
	if code != exitOK || !strings.HasPrefix(out, "resolved "+ins[0].ID+" as committed: create_issue") {
		t.Fatalf("resolve --committed: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := reopened(t, path, ins[0].ID); got.State != approval.Committed || got.ResolvedBy != "carol" || got.ResolveReason != "issue #7 exists" || got.Resolved.IsZero() {
		t.Errorf("after resolve --committed the store has %+v", got)
	}
	out, errOut, code = cli("resolve", "--store", store, "--not-started", "--by", "dave", strings.ToUpper(ins[1].ID))
	if code != exitOK || !strings.HasPrefix(out, "resolved "+ins[1].ID+" as not_started") {
		t.Fatalf("resolve --not-started: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := reopened(t, path, ins[1].ID); got.State != approval.NotStarted || got.ResolvedBy != "dave" || got.Code != "mcp_timeout" {
		t.Errorf("after resolve --not-started the store has %+v", got)
	}

	// Resolved already, or pending: exit 4, nothing changed.
	for _, in := range []approval.Intent{ins[0], ins[2]} {
		before := reopened(t, path, in.ID)
		out, errOut, code := cli("resolve", "--store", store, "--not-started", "--by", "erin", in.ID)
		if code != exitNotPending || out != "" || !strings.Contains(errOut, "not dispatching or unknown") {
			t.Errorf("resolve of a %s intent: exit %d, stdout %q, stderr %q; want exit %d", before.State, code, out, errOut, exitNotPending)
		}
		if after := reopened(t, path, in.ID); after.State != before.State || after.ResolvedBy != before.ResolvedBy {
			t.Errorf("a refused resolve changed the intent: %+v", after)
		}
	}
}
