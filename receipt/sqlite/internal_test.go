package sqlite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"agentinput.dev/receipt"
)

// Claims purge expired records in bounded batches, until none is left,
// and never a live one.
func TestPurge(t *testing.T) {
	ctx := context.Background()
	epoch := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	s, err := Open(filepath.Join(t.TempDir(), "receipts.db"), Options{Retention: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	d := sha256.Sum256([]byte("args"))
	add := func(prefix string, n int, now time.Time, commit bool) []receipt.Scope {
		t.Helper()
		var scopes []receipt.Scope
		for i := range n {
			sc := receipt.Scope{Tool: "t", Key: prefix + strconv.Itoa(i)}
			c, err := s.Claim(ctx, sc, d, now, receipt.Terms{Lease: time.Minute})
			if err != nil || c.State != receipt.Claimed {
				t.Fatalf("claim %s: %v %v", sc.Key, c.State, err)
			}
			if commit {
				if err := s.Commit(ctx, sc, c.Token, []byte(`1`), now); err != nil {
					t.Fatal(err)
				}
			}
			scopes = append(scopes, sc)
		}
		return scopes
	}
	count := func(where string, args ...any) int {
		t.Helper()
		var n int
		if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM receipts WHERE "+where, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	const old = 3 * purgeBatch
	add("old-", old, epoch, true)
	add("never-committed-", 10, epoch, false)
	live := add("live-", 10, epoch.Add(30*time.Minute), true)
	now := epoch.Add(time.Hour) // the old records' last instant has passed
	expired := func() int { return count("expires_at <= ?", now.UnixNano()) }
	if got := expired(); got != old+10 {
		t.Fatalf("%d expired records before purging, want %d", got, old+10)
	}
	// Each claim either purges at most purgeBatch records or none.
	for i := 0; expired() > 0; i++ {
		if i > 10*purgeEvery*(old/purgeBatch+1) {
			t.Fatalf("%d expired records left after %d claims", expired(), i)
		}
		before := expired()
		add("new-"+strconv.Itoa(i)+"-", 1, now, false)
		if purged := before - expired(); purged < 0 || purged > purgeBatch {
			t.Fatalf("a claim purged %d records, want at most %d", purged, purgeBatch)
		}
	}
	for _, sc := range live {
		c, err := s.Claim(ctx, sc, d, now, receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Replay {
			t.Fatalf("live record %s after purging: %v %v, want replay", sc.Key, c.State, err)
		}
	}
	if got := count("expires_at > ?", now.UnixNano()); got < len(live) {
		t.Fatalf("%d live records after purging, want at least %d", got, len(live))
	}
}

// Every connection of the pool runs with the pragmas the package promises:
// a commit in WAL is synced (FULL), and a lock is waited for.
func TestPragmas(t *testing.T) {
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "receipts.db"), Options{BusyTimeout: 1500 * time.Microsecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	// Hold every connection the pool allows at once, so that it opens
	// them all.
	var conns []*sql.Conn
	for range s.db.Stats().MaxOpenConnections {
		c, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "busy_timeout": "2"} {
			var got string
			if err := c.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("connection %d: PRAGMA %s is %s, want %s", i, pragma, got, want)
			}
		}
		c.Close()
	}
}

// A claim left to the commit's sync runs on a connection set to
// synchronous=NORMAL, which is back at FULL when it returns to the pool:
// every other write stays synced.
func TestClaimSyncAtCommitRestoresFull(t *testing.T) {
	ctx := context.Background()
	s, err := Open(filepath.Join(t.TempDir(), "receipts.db"), Options{ClaimSync: SyncAtCommit})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for i := range 8 {
		sc := receipt.Scope{Tool: "do_x", Key: strconv.Itoa(i)}
		if c, err := s.Claim(ctx, sc, receipt.Digest{}, time.Unix(0, 0), receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim %d: %v %v", i, c.State, err)
		}
	}
	var conns []*sql.Conn
	for range s.db.Stats().MaxOpenConnections {
		c, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var got string
		if err := c.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != "2" {
			t.Errorf("connection %d after claims synced at commit: synchronous is %s, want 2 (FULL)", i, got)
		}
		c.Close()
	}
}
