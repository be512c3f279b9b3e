package sqlite_test

import (
	"bufio"
	"context"
	"errors"
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

	"agentinput.dev/approval"
	"agentinput.dev/approval/approvaltest"
	"agentinput.dev/approval/sqlite"
	"agentinput.dev/internal/longtest"
)

// The tests below run the test binary again as a child process, which
// opens the same file and does what childEnv names: real processes, with
// their own file locks, killed as a crash would kill them.
const (
	childEnv = "AGENTINPUT_APPROVAL_SQLITE_CHILD"
	pathEnv  = "AGENTINPUT_APPROVAL_SQLITE_PATH"
	idsEnv   = "AGENTINPUT_APPROVAL_SQLITE_IDS"
)

func TestMain(m *testing.M) {
	if role := os.Getenv(childEnv); role != "" {
		if err := child(role, os.Getenv(pathEnv), strings.Fields(os.Getenv(idsEnv))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child plays one role on the store at path, and says "ready" on its
// standard output when it starts.
func child(role, path string, ids []string) error {
	ctx := context.Background()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		return err
	}
	fmt.Println("ready")
	switch role {
	case "claim":
		// Claim each intent in turn, saying so after each, until
		// killed (with no Close).
		for _, id := range ids {
			if _, err := s.Claim(ctx, id, now); err != nil {
				return err
			}
			fmt.Println("claimed", id)
		}
		time.Sleep(time.Hour)
	case "race":
		// Wait for the parent's go, then claim the one intent from
		// many goroutines and print how many won.
		if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
			return err
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		var failed error
		for range 16 {
			wg.Go(func() {
				_, err := s.Claim(ctx, ids[0], now)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case !errors.Is(err, approval.ErrState):
					failed = err
				}
			})
		}
		wg.Wait()
		if failed != nil {
			return failed
		}
		fmt.Println(won)
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
func start(t *testing.T, role, path string, ids []string) kid {
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
	k.cmd.Env = append(os.Environ(), childEnv+"="+role, pathEnv+"="+path, idsEnv+"="+strings.Join(ids, " "))
	k.cmd.Stderr = k.stderr
	if k.stdin, err = k.cmd.StdinPipe(); err != nil {
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
	k.stdout = bufio.NewReader(out)
	if line, err := k.stdout.ReadString('\n'); line != "ready\n" {
		k.cmd.Process.Kill()
		k.cmd.Wait()
		t.Fatalf("child %s said %q (%v), want ready; its stderr: %s", role, line, err, k.stderr)
	}
	return k
}

// approvedIntents prepares and approves n intents in the file at path.
func approvedIntents(t *testing.T, path string, n int) []string {
	t.Helper()
	s := open(t, path)
	defer s.Close()
	var ids []string
	for range n {
		in, err := s.Prepare(context.Background(), approvaltest.Sample(), now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Decide(context.Background(), in.ID, true, "ops", "", now); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, in.ID)
	}
	return ids
}

// A process killed with SIGKILL in the middle of its Claims leaves every
// intent it was told it claimed dispatching, and every other one approved
// or dispatching, nothing in between; the dispatching ones are never
// claimable again, the approved ones still are.
func TestKilledMidClaim(t *testing.T) {
	longtest.Skip(t, "starts the test binary as child processes")
	path := filepath.Join(t.TempDir(), "approvals.db")
	ids := approvedIntents(t, path, 200)
	k := start(t, "claim", path, ids)
	var told []string
	for len(told) < 5 {
		line, err := k.stdout.ReadString('\n')
		if err != nil {
			t.Fatalf("the child: %v; its stderr: %s", err, k.stderr)
		}
		told = append(told, strings.TrimPrefix(strings.TrimSpace(line), "claimed "))
	}
	// The child is claiming the intents after these as it dies.
	if err := k.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := k.cmd.Wait(); err == nil {
		t.Fatal("the child exited cleanly, want it killed")
	}
	s := open(t, path)
	defer s.Close()
	dispatching := 0
	for i, id := range ids {
		in, err := s.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case i < len(told) && (id != told[i] || in.State != approval.Dispatching):
			t.Errorf("intent %d, which the child said it claimed (%s), is %s, want dispatching", i, told[i], in.State)
		case in.State == approval.Dispatching:
			if dispatching != i {
				t.Errorf("intent %d is dispatching after intent %d was not: the child claimed in order", i, dispatching)
			}
			dispatching++
		case in.State != approval.Approved:
			t.Errorf("intent %d is %s, want approved or dispatching", i, in.State)
		}
	}
	for i, id := range ids {
		_, err := s.Claim(context.Background(), id, now.Add(time.Minute))
		if i < dispatching && !errors.Is(err, approval.ErrState) {
			t.Errorf("Claim of intent %d, left dispatching by the killed process: %v, want ErrState", i, err)
		}
		if i >= dispatching && err != nil {
			t.Errorf("Claim of intent %d, still approved: %v", i, err)
		}
	}
}

// Claims of one intent racing from three processes, sixteen goroutines
// each: exactly one wins.
func TestProcessesRace(t *testing.T) {
	longtest.Skip(t, "starts the test binary as child processes")
	path := filepath.Join(t.TempDir(), "approvals.db")
	ids := approvedIntents(t, path, 1)
	var kids []kid
	for range 3 {
		kids = append(kids, start(t, "race", path, ids))
	}
	for _, k := range kids {
		if _, err := io.WriteString(k.stdin, "go\n"); err != nil {
			t.Fatal(err)
		}
	}
	won := 0
	for i, k := range kids {
		var n int
		line, err := k.stdout.ReadString('\n')
		if err == nil {
			_, err = fmt.Sscan(line, &n)
		}
		if err == nil {
			err = k.cmd.Wait()
		}
		if err != nil {
			t.Fatalf("child %d: %v; its stderr: %s", i, err, k.stderr)
		}
		won += n
	}
	if won != 1 {
		t.Fatalf("claims racing from three processes: %d won, want 1", won)
	}
}
