package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agentinput.dev/approval"
	"agentinput.dev/approval/approvaltest"
	"agentinput.dev/approval/sqlite"
	receipts "agentinput.dev/receipt/sqlite"
)

var now = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

func open(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	approvaltest.Run(t, func(t *testing.T) (approval.Store, func(*testing.T) approval.Store) {
		path := filepath.Join(t.TempDir(), "approvals.db")
		return open(t, path), func(t *testing.T) approval.Store { return open(t, path) }
	})
}

// The approvals may live in a receipt store's file, beside the receipts,
// and both stores keep working on it.
func TestSharesReceiptFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	r, err := receipts.Open(path, receipts.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a := open(t, path)
	in, err := a.Prepare(context.Background(), approvaltest.Sample(), now)
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	// Both reopen the shared file.
	r2, err := receipts.Open(path, receipts.Options{})
	if err != nil {
		t.Fatalf("the receipt store refuses the file it shares with the approvals: %v", err)
	}
	r2.Close()
	a2 := open(t, path)
	defer a2.Close()
	if got, err := a2.Get(context.Background(), in.ID); err != nil || got.State != approval.Pending {
		t.Errorf("the shared file's intent: %v %v, want pending", got.State, err)
	}
}

// Open refuses another program's database rather than add a table to it,
// and a file of a newer schema.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (body TEXT)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err := sqlite.Open(other, sqlite.Options{}); err == nil || !strings.Contains(err.Error(), "another program's database") {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open of another program's database: %v, want a refusal", err)
	}

	newer := filepath.Join(dir, "newer.db")
	open(t, newer).Close()
	db, err = sql.Open("sqlite", newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("UPDATE approval_schema SET version = 3"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err := sqlite.Open(newer, sqlite.Options{}); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open of a newer schema: %v, want a refusal", err)
	}

	if _, err := sqlite.Open(filepath.Join(dir, "missing", "a.db"), sqlite.Options{}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Open in a missing directory: %v, want a refusal naming the directory", err)
	}
	if _, err := sqlite.Open("", sqlite.Options{}); err == nil {
		t.Error("Open of no path succeeded")
	}
	if _, err := sqlite.Open(filepath.Join(dir, "b.db"), sqlite.Options{BusyTimeout: -1}); err == nil {
		t.Error("Open with a negative BusyTimeout succeeded")
	}
}

// The file is readable by its owner only.
func TestFileMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "approvals.db")
	open(t, path).Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode is %v, want 0600", fi.Mode().Perm())
	}
}

// A call after Close fails, and says so.
func TestClosed(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "approvals.db"))
	s.Close()
	if _, err := s.Prepare(context.Background(), approvaltest.Sample(), now); err == nil || errors.Is(err, approval.ErrInvalid) {
		t.Errorf("Prepare after Close: %v, want a failure", err)
	}
}

// A file of schema version 1 (before Resolve) is brought to version 2 when
// opened: its intents kept as they were, and an unknown one resolvable.
func TestOpenMigratesVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	s := open(t, path)
	in, err := s.Prepare(context.Background(), approvaltest.Sample(), now)
	if err != nil {
		t.Fatal(err)
	}
	for _, move := range []func() (approval.Intent, error){
		func() (approval.Intent, error) { return s.Decide(context.Background(), in.ID, true, "alice", "", now) },
		func() (approval.Intent, error) { return s.Claim(context.Background(), in.ID, now) },
		func() (approval.Intent, error) {
			return s.Finish(context.Background(), in.ID, approval.Unknown, nil, "mcp_timeout", now)
		},
	} {
		if _, err := move(); err != nil {
			t.Fatal(err)
		}
	}
	before, err := s.Get(context.Background(), in.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Take the file back to version 1: the columns Resolve added gone.
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"ALTER TABLE approval_intents DROP COLUMN resolved",
		"ALTER TABLE approval_intents DROP COLUMN resolved_by",
		"ALTER TABLE approval_intents DROP COLUMN resolve_reason",
		"UPDATE approval_schema SET version = 1",
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	db.Close()

	s = open(t, path)
	defer s.Close()
	approvaltest.Same(t, "the intent after the migration", func() approval.Intent {
		got, err := s.Get(context.Background(), in.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}(), before)
	got, err := s.Resolve(context.Background(), in.ID, approval.Committed, "carol", "the issue is on the remote", now)
	if err != nil {
		t.Fatalf("Resolve after the migration: %v", err)
	}
	if got.State != approval.Committed || got.ResolvedBy != "carol" || got.Code != "mcp_timeout" {
		t.Errorf("after Resolve: %+v", got)
	}
	db, err = sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int
	if err := db.QueryRow("SELECT version FROM approval_schema").Scan(&version); err != nil || version != 2 {
		t.Errorf("the schema version after the migration: %d (%v), want 2", version, err)
	}
}
