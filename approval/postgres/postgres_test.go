package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/approval"
	"agentinput.dev/approval/approvaltest"
	"agentinput.dev/approval/postgres"
)

// dsnEnv names the server the tests run against.
const dsnEnv = "AGENTINPUT_TEST_POSTGRES"

// testDSN is the server's URL. Without one the tests skip, except in CI,
// where the store must have been tested against a real server.
func testDSN(tb testing.TB) string {
	tb.Helper()
	dsn := os.Getenv(dsnEnv)
	if dsn == "" {
		if os.Getenv("CI") != "" {
			tb.Fatalf("%s is not set, and CI is: the PostgreSQL store must be tested against a real server; run the tests as bash .ci/postgres.sh go test ./approval/postgres/ (as .ci/run does)", dsnEnv)
		}
		tb.Skipf("%s names no PostgreSQL server; to run these tests against a throwaway one: bash .ci/postgres.sh go test ./approval/postgres/", dsnEnv)
	}
	return dsn
}

// freshTable is a table name no other test uses; the table is dropped at
// the test's Cleanup, after the stores' (Cleanups run last first).
func freshTable(tb testing.TB, dsn string) string {
	tb.Helper()
	var b [8]byte
	rand.Read(b[:])
	table := "approvaltest_" + hex.EncodeToString(b[:])
	tb.Cleanup(func() { exec(tb, dsn, "DROP TABLE IF EXISTS "+table) })
	return table
}

// exec runs one statement on its own connection.
func exec(tb testing.TB, dsn, sql string, args ...any) {
	tb.Helper()
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		tb.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, sql, args...); err != nil {
		tb.Fatalf("%s: %v", sql, err)
	}
}

func open(tb testing.TB, dsn, table string) *postgres.Store {
	tb.Helper()
	s, err := postgres.Open(context.Background(), dsn, postgres.Options{Table: table})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	dsn := testDSN(t)
	approvaltest.Run(t, func(t *testing.T) (approval.Store, func(*testing.T) approval.Store) {
		table := freshTable(t, dsn)
		return open(t, dsn, table), func(t *testing.T) approval.Store { return open(t, dsn, table) }
	})
}

// Replicas that start at once on a database without the table create it
// once, and all open.
func TestSetupRace(t *testing.T) {
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			s, err := postgres.Open(context.Background(), dsn, postgres.Options{Table: table})
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: %v", i, err)
		}
	}
}

// Open refuses a table name that is not a plain identifier, and a table
// of another shape.
func TestOpenRefuses(t *testing.T) {
	for _, table := range []string{"Approvals", "a.b.c", "1st", "a-b", "x;DROP TABLE y", strings.Repeat("a", 60)} {
		if _, err := postgres.Open(context.Background(), "postgres://127.0.0.1:1/none", postgres.Options{Table: table}); err == nil || !strings.Contains(err.Error(), "table") {
			t.Errorf("Open with table %q: %v, want a refusal naming the table", table, err)
		}
	}
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	exec(t, dsn, "CREATE TABLE "+table+" (id int)")
	if s, err := postgres.Open(context.Background(), dsn, postgres.Options{Table: table}); err == nil {
		s.Close()
		t.Error("Open of a table of another shape succeeded")
	}
}

// A table made before Resolve (without its columns) gets them when a store
// opens it: its intents kept, an unknown one resolvable.
func TestOpenAddsResolveColumns(t *testing.T) {
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	ctx := context.Background()
	s := open(t, dsn, table)
	in, err := s.Prepare(ctx, approvaltest.Sample(), approvaltest.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Decide(ctx, in.ID, true, "alice", "", approvaltest.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, in.ID, approvaltest.Now()); err != nil {
		t.Fatal(err)
	}
	before, err := s.Get(ctx, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	exec(t, dsn, "ALTER TABLE "+table+" DROP COLUMN resolved, DROP COLUMN resolved_by, DROP COLUMN resolve_reason")

	s = open(t, dsn, table)
	defer s.Close()
	got, err := s.Get(ctx, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	approvaltest.Same(t, "the intent after the columns were added", got, before)
	got, err = s.Resolve(ctx, in.ID, approval.NotStarted, "carol", "no such issue on the remote", approvaltest.Now())
	if err != nil || got.State != approval.NotStarted || got.ResolvedBy != "carol" {
		t.Errorf("Resolve after the columns were added: %+v, %v", got, err)
	}
}
