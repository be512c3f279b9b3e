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
	if _, err := db.Exec("UPDATE approval_schema SET version = 2"); err != nil {
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
