package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"agentinput.dev/internal/longtest"
	"agentinput.dev/receipt"
	"agentinput.dev/receipt/sqlite"
)

// The tests below run the test binary again as a child process, which
// opens the same file and does what childEnv names; they are real
// processes, with their own file locks, killed as a crash would kill
// them.
const (
	childEnv = "AGENTINPUT_RECEIPT_SQLITE_CHILD"
	pathEnv  = "AGENTINPUT_RECEIPT_SQLITE_PATH"
	// syncEnv, "commit", opens the child's store with SyncAtCommit.
	syncEnv = "AGENTINPUT_RECEIPT_SQLITE_SYNC"
)

var (
	claimedScope   = receipt.Scope{Tool: scope.Tool, Key: "claimed"}
	committedScope = receipt.Scope{Tool: scope.Tool, Key: "committed"}
)

func TestMain(m *testing.M) {
	if role := os.Getenv(childEnv); role != "" {
		if err := child(role, os.Getenv(pathEnv)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child plays one role on the store at path, says "ready" on its
// standard output when it has done what the parent waits for, and
// (for the roles that are killed) waits to be killed.
func child(role, path string) error {
	ctx := context.Background()
	var opts sqlite.Options
	if os.Getenv(syncEnv) == "commit" {
		opts.ClaimSync = sqlite.SyncAtCommit
	}
	s, err := sqlite.Open(path, opts)
	if err != nil {
		return err
	}
	switch role {
	case "claim-and-commit":
		// One call claimed and never committed, one committed: then
		// SIGKILL, with no Close.
		c, err := s.Claim(ctx, claimedScope, args, epoch, receipt.Terms{Lease: lease})
		if err != nil || c.State != receipt.Claimed {
			return fmt.Errorf("claim: %v %v", c.State, err)
		}
		c, err = s.Claim(ctx, committedScope, args, epoch, receipt.Terms{Lease: lease})
		if err != nil || c.State != receipt.Claimed {
			return fmt.Errorf("claim: %v %v", c.State, err)
		}
		if err := s.Commit(ctx, committedScope, c.Token, []byte(`"done"`), epoch); err != nil {
			return err
		}
		fmt.Println("ready")
		time.Sleep(time.Hour)
	case "race":
		// Wait for the parent's go, then claim one scope from many
		// goroutines and print what each answered.
		fmt.Println("ready")
		if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
			return err
		}
		const n = 16
		states := make([]string, n)
		var wg sync.WaitGroup
		var failed error
		var mu sync.Mutex
		for i := range n {
			wg.Go(func() {
				c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: lease})
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
				}
				states[i] = c.State.String()
			})
		}
		wg.Wait()
		if failed != nil {
			return failed
		}
		fmt.Println(strings.Join(states, " "))
		return s.Close()
	}
	return fmt.Errorf("unknown child role %q", role)
}

// kid is a child process.
type kid struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *strings.Builder
}

// start runs the test binary as a child in role on the file at path,
// and returns it once it said "ready".
func start(t *testing.T, role, path string) kid {
	t.Helper()
	// The bound is for a child that hangs: a test that passes never
	// comes near it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	k := kid{cmd: exec.CommandContext(ctx, bin, "-test.run=^$"), stderr: new(strings.Builder)}
	k.cmd.Env = append(os.Environ(), childEnv+"="+role, pathEnv+"="+path)
	k.cmd.Stderr = k.stderr
	stdin, err := k.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := k.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := k.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		k.cmd.Process.Kill()
		k.cmd.Wait()
	})
	k.stdin, k.stdout = stdin, bufio.NewReader(out)
	if line, err := k.stdout.ReadString('\n'); line != "ready\n" {
		k.cmd.Process.Kill()
		k.cmd.Wait()
		t.Fatalf("child %s said %q (%v), want ready; its stderr: %s", role, line, err, k.stderr)
	}
	return k
}

// A process killed with SIGKILL after it claimed one call and committed
// another leaves both on disk: the claimed call is in progress for its
// lease and unknown after it, the committed call replays.
func TestKilledProcess(t *testing.T) {
	longtest.Skip(t, "starts the test binary as child processes")
	t.Run("claims synced", func(t *testing.T) { killedProcess(t, "") })
	// A claim left to the commit's sync is in the file all the same
	// after a killed process: the operating system wrote it.
	t.Run("claims synced at commit", func(t *testing.T) { killedProcess(t, "commit") })
}

func killedProcess(t *testing.T, sync string) {
	t.Setenv(syncEnv, sync)
	path := filepath.Join(t.TempDir(), "receipts.db")
	k := start(t, "claim-and-commit", path)
	if err := k.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := k.cmd.Wait(); err == nil {
		t.Fatal("the child exited cleanly, want it killed")
	}
	s := open(t, path, sqlite.Options{})
	if got := claim(t, s, claimedScope, epoch.Add(time.Second)).State; got != receipt.InProgress {
		t.Errorf("the killed process's claim within its lease answered %v, want in_progress", got)
	}
	if got := claim(t, s, claimedScope, epoch.Add(lease)).State; got != receipt.Unknown {
		t.Errorf("the killed process's claim after its lease answered %v, want unknown", got)
	}
	r := claim(t, s, committedScope, epoch.Add(time.Second))
	if r.State != receipt.Replay || string(r.Result) != `"done"` {
		t.Errorf("the killed process's commit answered %v %q, want replay of \"done\"", r.State, r.Result)
	}
}

// Claims racing from three processes, sixteen goroutines each: exactly
// one is claimed.
func TestProcessesRace(t *testing.T) {
	longtest.Skip(t, "starts the test binary as child processes")
	path := filepath.Join(t.TempDir(), "receipts.db")
	open(t, path, sqlite.Options{}) // the schema, before the race
	var kids []kid
	for range 3 {
		kids = append(kids, start(t, "race", path))
	}
	for _, k := range kids {
		if _, err := io.WriteString(k.stdin, "go\n"); err != nil {
			t.Fatal(err)
		}
	}
	count := map[string]int{}
	for i, k := range kids {
		line, err := k.stdout.ReadString('\n')
		if err == nil {
			err = k.cmd.Wait()
		}
		if err != nil {
			t.Fatalf("child %d: %v; its stderr: %s", i, err, k.stderr)
		}
		for _, st := range strings.Fields(line) {
			count[st]++
		}
	}
	if count["claimed"] != 1 || count["in_progress"] != 3*16-1 {
		t.Fatalf("claims racing from three processes answered %v, want 1 claimed and %d in_progress", count, 3*16-1)
	}
}
