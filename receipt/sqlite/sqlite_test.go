package sqlite_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"agentinput.dev/receipt"
	"agentinput.dev/receipt/receipttest"
	"agentinput.dev/receipt/sqlite"
)

// epoch is the tests' clock, as in receipttest: every time is given.
var epoch = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

const lease = 10 * time.Second

var (
	ctx   = context.Background()
	scope = receipt.Scope{Tool: "do_tag_decision", Key: "order-7731"}
	args  = sha256.Sum256([]byte(`{"order":7731}`))
)

// open opens the store at path and closes it when the test ends.
func open(t testing.TB, path string, opts sqlite.Options) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// harness opens each store in a fresh file; Reopen closes it and opens
// the same file again, as a restarted process would.
func harness(opts sqlite.Options) receipttest.Harness {
	var mu sync.Mutex
	paths := map[receipt.Store]string{}
	return receipttest.Harness{
		New: func(t *testing.T) receipt.Store {
			path := filepath.Join(t.TempDir(), "receipts.db")
			s := open(t, path, opts)
			mu.Lock()
			paths[s] = path
			mu.Unlock()
			return s
		},
		Reopen: func(t *testing.T, s receipt.Store) receipt.Store {
			mu.Lock()
			path := paths[s]
			mu.Unlock()
			if err := s.(*sqlite.Store).Close(); err != nil {
				t.Fatal(err)
			}
			return open(t, path, opts)
		},
		Retention: opts.Retention,
	}
}

func TestConformance(t *testing.T) {
	receipttest.Run(t, harness(sqlite.Options{}))
}

func TestConformanceClaimSyncAtCommit(t *testing.T) {
	receipttest.Run(t, harness(sqlite.Options{ClaimSync: sqlite.SyncAtCommit}))
}

func TestConformanceRetentionOption(t *testing.T) {
	receipttest.Run(t, harness(sqlite.Options{Retention: time.Hour}))
}

func claim(t *testing.T, s receipt.Store, sc receipt.Scope, now time.Time) receipt.Claim {
	t.Helper()
	c, err := s.Claim(ctx, sc, args, now, receipt.Terms{Lease: lease})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Two Stores on one file, as two processes would open it, share every
// record, and of 64 claims racing through both exactly one is claimed.
func TestTwoStoresRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "receipts.db")
	stores := []receipt.Store{open(t, path, sqlite.Options{}), open(t, path, sqlite.Options{})}
	const n = 64
	count := receipttest.RaceClaims(t, stores, n, scope, args, epoch, lease)
	if count[receipt.Claimed] != 1 || count[receipt.InProgress] != n-1 {
		t.Fatalf("racing claims over two stores answered %v, want 1 claimed and %d in progress", count, n-1)
	}
}

// What one Store writes, another on the same file reads at once.
func TestTwoStoresShareRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "receipts.db")
	a, b := open(t, path, sqlite.Options{}), open(t, path, sqlite.Options{})
	c := claim(t, a, scope, epoch)
	if got := claim(t, b, scope, epoch).State; got != receipt.InProgress {
		t.Fatalf("the other store answered %v, want in_progress", got)
	}
	if err := b.Commit(ctx, scope, c.Token, []byte(`"b"`), epoch); err != nil {
		t.Fatalf("a commit through the other store: %v", err)
	}
	if r := claim(t, a, scope, epoch); r.State != receipt.Replay || string(r.Result) != `"b"` {
		t.Fatalf("after the other store's commit: %v %q, want replay of \"b\"", r.State, r.Result)
	}
}

// A commit is on disk when it returns: closed and reopened, the call
// replays.
func TestCommitDurable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "receipts.db")
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := claim(t, s, scope, epoch)
	if err := s.Commit(ctx, scope, c.Token, []byte(`{"id":1}`), epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	r := claim(t, open(t, path, sqlite.Options{}), scope, epoch.Add(time.Hour))
	if r.State != receipt.Replay || string(r.Result) != `{"id":1}` {
		t.Fatalf("reopened: %v %q, want replay", r.State, r.Result)
	}
}

// A call's context ends a wait for the file's lock, and the claim that
// failed claimed nothing.
func TestCanceledClaimClaimsNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "receipts.db")
	s := open(t, path, sqlite.Options{})
	lock := lockFile(t, path)
	c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if got, err := s.Claim(c, scope, args, epoch, receipt.Terms{Lease: lease}); err == nil {
		t.Fatalf("a claim while another connection holds the write lock answered %v, want an error", got.State)
	}
	lock()
	if got := claim(t, s, scope, epoch).State; got != receipt.Claimed {
		t.Fatalf("once the lock is released the claim answered %v, want claimed", got)
	}
}

// A store whose busy timeout ends fails the claim, and claimed nothing.
func TestBusyTimeout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "receipts.db")
	s := open(t, path, sqlite.Options{BusyTimeout: 20 * time.Millisecond})
	lock := lockFile(t, path)
	if got, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: lease}); err == nil {
		t.Fatalf("a claim past its busy timeout answered %v, want an error", got.State)
	}
	lock()
	if got := claim(t, s, scope, epoch).State; got != receipt.Claimed {
		t.Fatalf("once the lock is released the claim answered %v, want claimed", got)
	}
}

// lockFile takes the write lock of the file at path through a connection
// of its own, and returns the function that releases it.
func lockFile(t *testing.T, path string) (release func()) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Error(err)
			}
			conn.Close()
			db.Close()
		})
	}
	t.Cleanup(release)
	return release
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()

	t.Run("a path of any bytes a file name holds", func(t *testing.T) {
		path := filepath.Join(dir, "re?ceipts #1 %41 ü.db")
		s := open(t, path, sqlite.Options{})
		claim(t, s, scope, epoch)
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("the file is not where it was asked for: %v", err)
		}
	})

	t.Run("a new file is its owner's only", func(t *testing.T) {
		path := filepath.Join(dir, "private.db")
		open(t, path, sqlite.Options{})
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm&0o077 != 0 {
			t.Fatalf("the new file's permissions are %v, want none for group and others", perm)
		}
	})

	t.Run("refused", func(t *testing.T) {
		foreign := filepath.Join(dir, "foreign.db")
		execSQL(t, foreign, "CREATE TABLE orders (id INTEGER PRIMARY KEY)")
		newer := filepath.Join(dir, "newer.db")
		open(t, newer, sqlite.Options{}).Close()
		execSQL(t, newer, "PRAGMA user_version = 99")
		for _, tc := range []struct {
			name, path string
			opts       sqlite.Options
			want       string
		}{
			{"no path", "", sqlite.Options{}, "no path"},
			{"a missing directory", filepath.Join(dir, "missing", "receipts.db"), sqlite.Options{}, "does not exist"},
			{"a negative retention", filepath.Join(dir, "a.db"), sqlite.Options{Retention: -time.Hour}, "negative"},
			{"a negative busy timeout", filepath.Join(dir, "a.db"), sqlite.Options{BusyTimeout: -time.Second}, "negative"},
			{"another program's database", foreign, sqlite.Options{}, "another program's database"},
			{"a newer schema", newer, sqlite.Options{}, "schema version 99"},
		} {
			s, err := sqlite.Open(tc.path, tc.opts)
			if err == nil {
				s.Close()
				t.Errorf("%s: Open succeeded, want an error", tc.name)
				continue
			}
			if !bytes.Contains([]byte(err.Error()), []byte(tc.want)) || !bytes.HasPrefix([]byte(err.Error()), []byte("sqlite receipts: ")) {
				t.Errorf("%s: %v, want an error that says %q", tc.name, err, tc.want)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Open made the missing directory: %v", err)
		}
	})
}

// execSQL runs one statement on the file at path, outside any store.
func execSQL(t *testing.T, path, stmt string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, stmt); err != nil {
		t.Fatal(err)
	}
}

// Calls after Close fail rather than claim.
func TestClosed(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "receipts.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: lease}); err == nil {
		t.Fatalf("a claim after Close answered %v, want an error", c.State)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
}

// BenchmarkClaimCommit is a durable do call's writes: its claim and its
// commit, each claims synced and synced at commit; BenchmarkRawInsert is
// their baseline, one INSERT of a row of the same size, synced.
func BenchmarkClaimCommit(b *testing.B) {
	b.Run("sync=every", func(b *testing.B) { benchClaimCommit(b, sqlite.Options{}) })
	b.Run("sync=commit", func(b *testing.B) { benchClaimCommit(b, sqlite.Options{ClaimSync: sqlite.SyncAtCommit}) })
}

func BenchmarkRawInsert(b *testing.B) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(b.TempDir(), "raw.db")+"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE r (id BLOB PRIMARY KEY, tool TEXT, digest BLOB, token INTEGER, result BLOB, until INTEGER)"); err != nil {
		b.Fatal(err)
	}
	result := []byte(`{"decision_id":"d-7731","applied_tags":["tax"]}`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		id := sha256.Sum256([]byte(strconv.Itoa(i)))
		if _, err := db.Exec("INSERT INTO r VALUES (?, ?, ?, ?, ?, ?)", id[:], scope.Tool, args[:], int64(i+1), result, int64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

func benchClaimCommit(b *testing.B, opts sqlite.Options) {
	s := open(b, filepath.Join(b.TempDir(), "receipts.db"), opts)
	result := []byte(`{"decision_id":"d-7731","applied_tags":["tax"]}`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sc := receipt.Scope{Tool: scope.Tool, Key: strconv.Itoa(i)}
		c, err := s.Claim(ctx, sc, args, epoch, receipt.Terms{Lease: lease})
		if err != nil || c.State != receipt.Claimed {
			b.Fatalf("claim %d: %v %v", i, c.State, err)
		}
		if err := s.Commit(ctx, sc, c.Token, result, epoch); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClaimReplay(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "receipts.db"), sqlite.Options{})
	result := []byte(`{"decision_id":"d-7731","applied_tags":["tax"]}`)
	c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: lease})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Commit(ctx, scope, c.Token, result, epoch); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: lease})
		if err != nil || r.State != receipt.Replay {
			b.Fatalf("%v %v", r.State, err)
		}
	}
}

// A file of schema version 1 (before keyless retries had a window) is
// brought to version 2 on Open: its records are kept, a caller's key
// replays as before, and a keyless retry of a record from before the
// upgrade runs anew (no record of version 1 knows its principal's order).
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	id := scope.ID()
	for _, stmt := range []string{
		`CREATE TABLE receipts (
	id          BLOB    NOT NULL PRIMARY KEY,
	tool        TEXT    NOT NULL,
	digest      BLOB    NOT NULL,
	token       INTEGER NOT NULL,
	state       TEXT    NOT NULL CHECK (state IN ('claimed', 'committed', 'abandoned')),
	lease_until INTEGER NOT NULL,
	expires_at  INTEGER NOT NULL,
	result      BLOB
) WITHOUT ROWID`,
		"CREATE INDEX receipts_expires_at ON receipts (expires_at)",
		"PRAGMA application_id = 1095324227",
		"PRAGMA user_version = 1",
		"INSERT INTO receipts VALUES (x'" + hex.EncodeToString(id[:]) + "', 'do_tag_decision', x'" + hex.EncodeToString(args[:]) + "', 7, 'committed', " +
			strconv.FormatInt(epoch.UnixNano(), 10) + ", " + strconv.FormatInt(epoch.Add(24*time.Hour).UnixNano(), 10) + ", CAST('\"v1\"' AS BLOB))",
	} {
		execSQL(t, path, stmt)
	}
	s := open(t, path, sqlite.Options{})
	c, err := s.Claim(ctx, scope, args, epoch.Add(time.Second), receipt.Terms{Lease: lease})
	if err != nil || c.State != receipt.Replay || string(c.Result) != `"v1"` {
		t.Fatalf("a caller's key after the upgrade: %v %q %v, want a replay of the version-1 record", c.State, c.Result, err)
	}
	c, err = s.Claim(ctx, scope, args, epoch.Add(time.Second), receipt.Terms{Lease: lease, RetryWindow: time.Hour})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("a keyless retry of a version-1 record: %v %v, want claimed", c.State, err)
	}
	if err := s.Commit(ctx, scope, c.Token, []byte(`"v2"`), epoch.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	c, err = s.Claim(ctx, scope, args, epoch.Add(3*time.Second), receipt.Terms{Lease: lease, RetryWindow: time.Hour})
	if err != nil || c.State != receipt.Replay || string(c.Result) != `"v2"` {
		t.Fatalf("a keyless retry after the upgrade's first commit: %v %q %v, want a replay", c.State, c.Result, err)
	}
	var version int
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != 2 {
		t.Fatalf("user_version %d (%v), want 2", version, err)
	}
}
