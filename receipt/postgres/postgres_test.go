package postgres

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/receipt"
	"agentinput.dev/receipt/receipttest"
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
			tb.Fatalf("%s is not set, and CI is: the PostgreSQL store must be tested against a real server; run the tests as bash .ci/postgres.sh go test ./receipt/postgres/ (as .ci/run does)", dsnEnv)
		}
		tb.Skipf("%s names no PostgreSQL server; to run these tests against a throwaway one: bash .ci/postgres.sh go test ./receipt/postgres/", dsnEnv)
	}
	return dsn
}

// freshTable is a table name no other test uses; the table is dropped at
// the test's Cleanup.
func freshTable(tb testing.TB, dsn string) string {
	tb.Helper()
	var b [8]byte
	rand.Read(b[:])
	table := "receipttest_" + hex.EncodeToString(b[:])
	tb.Cleanup(func() {
		exec(tb, dsn, "DROP TABLE IF EXISTS "+table+"; DROP SEQUENCE IF EXISTS "+table+sequenceSuffix)
	})
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

func open(tb testing.TB, dsn string, opts Options) *Store {
	tb.Helper()
	s, err := Open(context.Background(), dsn, opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}

func TestConformance(t *testing.T) {
	dsn := testDSN(t)
	for _, retention := range []time.Duration{0, time.Hour} {
		t.Run("retention="+retention.String(), func(t *testing.T) {
			receipttest.Run(t, receipttest.Harness{
				New: func(t *testing.T) receipt.Store {
					return open(t, dsn, Options{Table: freshTable(t, dsn), Retention: retention})
				},
				// A restarted process: the pool closed, a new one on the
				// same table.
				Reopen: func(t *testing.T, s receipt.Store) receipt.Store {
					old := s.(*Store)
					old.Close()
					return open(t, dsn, Options{Table: old.names.table, Retention: retention})
				},
				Retention: retention,
			})
		})
	}
}

// Claims committed with synchronous_commit off keep every rule of the
// protocol, and leave the pool's connections at the session's default.
func TestConformanceClaimSyncAtCommit(t *testing.T) {
	dsn := testDSN(t)
	receipttest.Run(t, receipttest.Harness{
		New: func(t *testing.T) receipt.Store {
			return open(t, dsn, Options{Table: freshTable(t, dsn), ClaimSync: SyncAtCommit})
		},
		Reopen: func(t *testing.T, s receipt.Store) receipt.Store {
			old := s.(*Store)
			old.Close()
			return open(t, dsn, Options{Table: old.names.table, ClaimSync: SyncAtCommit})
		},
	})
	s := open(t, dsn, Options{Table: freshTable(t, dsn), ClaimSync: SyncAtCommit})
	ctx := context.Background()
	for i := range 8 {
		sc := receipt.Scope{Tool: scope.Tool, Key: strconv.Itoa(i)}
		if c, err := s.Claim(ctx, sc, args, epoch, receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim %d: %v %v", i, c.State, err)
		}
	}
	conns := make([]*pgxpool.Conn, 0, s.pool.Stat().TotalConns())
	for range s.pool.Stat().TotalConns() {
		c, err := s.pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var got string
		if err := c.QueryRow(ctx, "SHOW synchronous_commit").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != "on" {
			t.Errorf("connection %d after claims: synchronous_commit is %s, want on", i, got)
		}
		c.Release()
	}
}

var (
	epoch = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	args  = receipt.Digest(sha256.Sum256([]byte("args")))
	scope = receipt.Scope{Tool: "do_tag_decision", Key: "order-7731"}
)

// race runs n claims of scope at now, spread over the stores, all at once,
// and counts their answers.
func race(t *testing.T, stores []*Store, n int, now time.Time) map[receipt.State]int {
	t.Helper()
	all := make([]receipt.Store, len(stores))
	for i, s := range stores {
		all[i] = s
	}
	return receipttest.RaceClaims(t, all, n, scope, args, now, time.Minute)
}

// replicas opens k stores over one table, as k replicas would, each with
// its own pool of conns connections, every one connected and with the
// claim statement prepared: so that racing claims meet at the server, not
// in a queue for a connection or a first round trip.
func replicas(t *testing.T, dsn string, opts Options, k, conns int) []*Store {
	t.Helper()
	ctx := context.Background()
	stores := make([]*Store, k)
	for i := range stores {
		config, err := pgxpool.ParseConfig(dsn)
		if err != nil {
			t.Fatal(err)
		}
		config.MaxConns = int32(conns)
		pool, err := pgxpool.NewWithConfig(ctx, config)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		s, err := New(ctx, pool, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := warm(ctx, s, i, conns); err != nil {
			t.Fatal(err)
		}
		stores[i] = s
	}
	return stores
}

// warm connects every connection of the pool of s and prepares the claim
// statement on each, claiming scopes of the warm-up tool.
func warm(ctx context.Context, s *Store, replica, conns int) error {
	held := make([]*pgxpool.Conn, 0, conns)
	defer func() {
		for _, conn := range held {
			conn.Release()
		}
	}()
	for range conns {
		conn, err := s.pool.Acquire(ctx)
		if err != nil {
			return err
		}
		held = append(held, conn)
	}
	for j, conn := range held {
		id := receipt.Scope{Tool: "warm-up", Key: strconv.Itoa(replica) + "/" + strconv.Itoa(j)}.ID()
		principal := receipt.Scope{}.PrincipalID()
		if err := conn.QueryRow(ctx, s.sql.claim, id[:], "warm-up", args[:], int64(newToken()), int64(0), int64(0), int64(0), principal[:]).
			Scan(new(bool), new(bool), new(string), new(int64), new(int64), new([]byte), new(int64), new(pgtype.Int8), new(bool)); err != nil {
			return fmt.Errorf("warming connection %d: %w", j, err)
		}
	}
	return nil
}

// Two replicas (two stores, two pools) claim one scope 64 times at once:
// one claim is claimed, the others see it in progress.
func TestReplicasRace(t *testing.T) {
	dsn := testDSN(t)
	stores := replicas(t, dsn, Options{Table: freshTable(t, dsn)}, 2, 32)
	const n = 64
	for round := range 10 {
		at := epoch.Add(time.Duration(round) * 24 * time.Hour) // each round's record outlived
		if count := race(t, stores, n, at); count[receipt.Claimed] != 1 || count[receipt.InProgress] != n-1 {
			t.Fatalf("round %d: racing claims answered %v, want 1 claimed and %d in progress", round, count, n-1)
		}
	}
}

// The same race over a record whose retention ended: the claims that
// replace a row race as the ones that insert it do.
func TestReplicasRaceOverAnExpiredRecord(t *testing.T) {
	dsn := testDSN(t)
	stores := replicas(t, dsn, Options{Table: freshTable(t, dsn), Retention: time.Hour}, 2, 32)
	ctx := context.Background()
	const n = 64
	for round := range 10 {
		at := epoch.Add(time.Duration(round) * 2 * time.Hour)
		c, err := stores[0].Claim(ctx, scope, args, at, receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Claimed {
			t.Fatalf("round %d: first claim: %v %v", round, c.State, err)
		}
		if err := stores[0].Commit(ctx, scope, c.Token, []byte(`1`), at); err != nil {
			t.Fatal(err)
		}
		if count := race(t, stores, n, at.Add(time.Hour)); count[receipt.Claimed] != 1 || count[receipt.InProgress] != n-1 {
			t.Fatalf("round %d: racing claims over an expired record answered %v, want 1 claimed and %d in progress", round, count, n-1)
		}
	}
}

// Replicas that start at once, on a table none has made yet, all open it.
func TestOpenConcurrently(t *testing.T) {
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			s, err := Open(context.Background(), dsn, Options{Table: table})
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// A table of the same name and another shape is refused at Open, not at
// the first claim.
func TestOpenRefusesATableOfAnotherShape(t *testing.T) {
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	exec(t, dsn, "CREATE TABLE "+table+" (scope_id bytea PRIMARY KEY, tool text, digest bytea, token bigint, state text, lease_until timestamptz, expires_at timestamptz, result bytea)")
	s, err := Open(context.Background(), dsn, Options{Table: table})
	if err == nil {
		s.Close()
		t.Fatal("Open accepted a table whose times are timestamptz")
	}
	if !strings.Contains(err.Error(), "lease_until") || !strings.HasPrefix(err.Error(), "postgres receipts: ") {
		t.Fatalf("Open's error does not name the column: %v", err)
	}
}

// A schema-qualified table is made in its schema, with its index.
func TestSchemaTable(t *testing.T) {
	dsn := testDSN(t)
	schema := freshTable(t, dsn) + "_schema"
	exec(t, dsn, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { exec(t, dsn, "DROP SCHEMA "+schema+" CASCADE") })
	s := open(t, dsn, Options{Table: schema + ".receipts"})
	ctx := context.Background()
	if c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	var n int
	if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM pg_indexes WHERE schemaname = $1 AND indexname = 'receipts_expires_at'", schema).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the index in %s: %d, %v", schema, n, err)
	}
}

// Purging deletes rows whose retention ended, oldest first, at most the
// limit, and never a live one.
func TestPurge(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn, Options{Table: freshTable(t, dsn), Retention: time.Hour})
	ctx := context.Background()
	// Five records committed a minute apart, and one claimed later that
	// is still running.
	for i := range 5 {
		sc := receipt.Scope{Tool: scope.Tool, Key: strconv.Itoa(i)}
		at := epoch.Add(time.Duration(i) * time.Minute)
		c, err := s.Claim(ctx, sc, args, at, receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim %d: %v %v", i, c.State, err)
		}
		if err := s.Commit(ctx, sc, c.Token, []byte(`1`), at); err != nil {
			t.Fatal(err)
		}
	}
	running := receipt.Scope{Tool: scope.Tool, Key: "running"}
	if c, err := s.Claim(ctx, running, args, epoch.Add(10*time.Minute), receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	for _, step := range []struct {
		now    time.Time
		limit  int
		purged int64
		kept   []string // the keys whose rows remain, and no other
		why    string
	}{
		{epoch.Add(time.Hour - time.Nanosecond), 10, 0, []string{"0", "1", "2", "3", "4", "running"}, "nothing ended yet"},
		{epoch.Add(time.Hour + 2*time.Minute), 2, 2, []string{"2", "3", "4", "running"}, "three ended, the limit is two: the oldest go"},
		{epoch.Add(time.Hour + 2*time.Minute), 10, 1, []string{"3", "4", "running"}, "then the third"},
		{epoch.Add(time.Hour + 10*time.Minute - time.Nanosecond), 10, 2, []string{"running"}, "all but the running one, to its last instant"},
	} {
		purged, err := s.purge(ctx, step.now, step.limit)
		if err != nil {
			t.Fatal(err)
		}
		if purged != step.purged {
			t.Fatalf("%s: purged %d rows, want %d", step.why, purged, step.purged)
		}
		var ids [][]byte
		for _, key := range step.kept {
			ids = append(ids, idOf(key))
		}
		var kept, total int
		if err := s.pool.QueryRow(ctx, "SELECT count(*) FILTER (WHERE scope_id = ANY($1)), count(*) FROM "+s.names.quoted, ids).Scan(&kept, &total); err != nil {
			t.Fatal(err)
		}
		if kept != len(step.kept) || total != len(step.kept) {
			t.Fatalf("%s: %d rows remain, %d of them of %v", step.why, total, kept, step.kept)
		}
	}
}

func idOf(key string) []byte {
	id := receipt.Scope{Tool: scope.Tool, Key: key}.ID()
	return id[:]
}

// A claim whose answer is lost after it was recorded is dropped again: a
// retry finds no record, not a claim nobody holds.
func TestALostClaimIsDropped(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn, Options{Table: freshTable(t, dsn)})
	ctx := context.Background()
	c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	// As if the connection broke while the claim's answer was on its way.
	err = s.claimFailed(ctx, nil, false, scope.ID(), c.Token, io.ErrUnexpectedEOF)
	if !errors.Is(err, io.ErrUnexpectedEOF) || err.Error() != "postgres receipts: claim: unexpected EOF" {
		t.Fatalf("the error of a lost claim: %v", err)
	}
	if again, err := s.Claim(ctx, scope, args, epoch.Add(time.Second), receipt.Terms{Lease: time.Minute}); err != nil || again.State != receipt.Claimed {
		t.Fatalf("after the lost claim, a claim answered %v %v, want claimed", again.State, err)
	}
}

// A claim whose context ends while it waits (here: for another
// transaction's lock on the row it would replace) fails, and leaves no
// claim of its own behind.
func TestACancelledClaimLeavesNoClaim(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn, Options{Table: freshTable(t, dsn), Retention: time.Hour})
	ctx := context.Background()
	c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	if err := s.Commit(ctx, scope, c.Token, []byte(`1`), epoch); err != nil {
		t.Fatal(err)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT 1 FROM "+s.names.quoted+" WHERE scope_id = $1 FOR UPDATE", idOf(scope.Key)); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	later := epoch.Add(2 * time.Hour) // the record's retention ended
	if c, err := s.Claim(short, scope, args, later, receipt.Terms{Lease: time.Minute}); err == nil {
		t.Fatalf("a claim behind a row lock answered %v, though its context ended", c.State)
	} else if !strings.HasPrefix(err.Error(), "postgres receipts: claim: ") || strings.Contains(err.Error(), "dropping") {
		t.Fatalf("the error of a cancelled claim: %v", err)
	}
	// The lock is let go only now: had the cancelled statement not been
	// aborted before Claim returned, it would take the row now.
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if c, err := s.Claim(ctx, scope, args, later, receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
		t.Fatalf("after the cancelled claim, a claim answered %v %v, want claimed", c.State, err)
	}
}

// The tool column is readable: a printable tool as it is, another escaped.
func TestToolColumn(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn, Options{Table: freshTable(t, dsn)})
	ctx := context.Background()
	for tool, want := range map[string]string{
		"do_tag_decision": "do_tag_decision",
		"do_x\x00\xff ü":  `"do_x\x00\xff \u00fc"`,
	} {
		sc := receipt.Scope{Tool: tool, Key: "k"}
		if c, err := s.Claim(ctx, sc, args, epoch, receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim: %v %v", c.State, err)
		}
		id := sc.ID()
		var got string
		if err := s.pool.QueryRow(ctx, "SELECT tool FROM "+s.names.quoted+" WHERE scope_id = $1", id[:]).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("tool %q is held as %s, want %s", tool, got, want)
		}
	}
}

// Names and retentions are checked before anything connects.
func TestOptionsRefused(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{Table: "Receipts"}, `"Receipts" has 'R' at byte 0: use lowercase ASCII letters`},
		{Options{Table: "receipts; DROP TABLE x"}, `has ';' at byte 8`},
		{Options{Table: `"receipts"`}, `has '"' at byte 0`},
		{Options{Table: "1receipts"}, `has '1' at byte 0`},
		{Options{Table: "a.b.c"}, `name a table, or one schema and a table`},
		{Options{Table: "public."}, `a part of the name is empty`},
		{Options{Table: strings.Repeat("r", 53)}, `is 53 bytes long; the longest is 52`},
		{Options{Table: strings.Repeat("s", 64) + ".r"}, `is 64 bytes long; the longest is 63`},
		{Options{Retention: -time.Hour}, `retention -1h0m0s is negative`},
	} {
		// The address answers nothing: a refusal comes from the options.
		_, err := Open(context.Background(), "postgres://127.0.0.1:1/x?connect_timeout=1", tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "postgres receipts: ") {
			t.Errorf("Open(%+v): %v, want an error with %q", tc.opts, err, tc.want)
		}
	}
	for _, table := range []string{"agentinput_receipts", "r", "_r2", "app.receipts", strings.Repeat("r", 52)} {
		if _, err := (Options{Table: table}).names(); err != nil {
			t.Errorf("table %q: %v", table, err)
		}
	}
}

func TestUnixNanosHoldsAtTheEnds(t *testing.T) {
	for _, tc := range []struct {
		t    time.Time
		want int64
	}{
		{time.Unix(0, 0), 0},
		{epoch, epoch.UnixNano()},
		{time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC), 1<<63 - 1},
		{time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC), -1 << 63},
		{time.Time{}, -1 << 63},
	} {
		if got := unixNanos(tc.t); got != tc.want {
			t.Errorf("unixNanos(%v) = %d, want %d", tc.t, got, tc.want)
		}
	}
}

// BenchmarkClaimCommit is a durable do call's writes, each claims synced
// and synced at commit; BenchmarkRawInsert is their baseline, one INSERT
// of a row of the same size.
func BenchmarkClaimCommit(b *testing.B) {
	b.Run("sync=every", func(b *testing.B) { benchClaimCommit(b, Options{}) })
	b.Run("sync=commit", func(b *testing.B) { benchClaimCommit(b, Options{ClaimSync: SyncAtCommit}) })
}

func BenchmarkRawInsert(b *testing.B) {
	dsn := testDSN(b)
	table := freshTable(b, dsn)
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, "CREATE TABLE "+table+" (id bytea PRIMARY KEY, tool text, digest bytea, token bigint, result bytea, until bigint)"); err != nil {
		b.Fatal(err)
	}
	result := []byte(`{"decision_id":"x","applied_tags":["tax"]}`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		id := sha256.Sum256([]byte(strconv.Itoa(i)))
		if _, err := pool.Exec(ctx, "INSERT INTO "+table+" VALUES ($1, $2, $3, $4, $5, $6)", id[:], scope.Tool, args[:], int64(i+1), result, int64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

func benchClaimCommit(b *testing.B, opts Options) {
	dsn := testDSN(b)
	opts.Table = freshTable(b, dsn)
	s := open(b, dsn, opts)
	ctx := context.Background()
	now := time.Now()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sc := receipt.Scope{Tool: scope.Tool, Key: strconv.Itoa(i)}
		c, err := s.Claim(ctx, sc, args, now, receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Claimed {
			b.Fatalf("claim: %v %v", c.State, err)
		}
		if err := s.Commit(ctx, sc, c.Token, []byte(`{"decision_id":"x","applied_tags":["tax"]}`), now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClaimReplay(b *testing.B) {
	dsn := testDSN(b)
	s := open(b, dsn, Options{Table: freshTable(b, dsn)})
	ctx := context.Background()
	now := time.Now()
	c, err := s.Claim(ctx, scope, args, now, receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Claimed {
		b.Fatalf("claim: %v %v", c.State, err)
	}
	if err := s.Commit(ctx, scope, c.Token, []byte(`{"decision_id":"x","applied_tags":["tax"]}`), now); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if c, err := s.Claim(ctx, scope, args, now, receipt.Terms{Lease: time.Minute}); err != nil || c.State != receipt.Replay {
			b.Fatalf("claim: %v %v", c.State, err)
		}
	}
}

// A role that may not create tables uses one an operator made and granted
// it, and is told why when there is none.
func TestARoleThatCannotCreateUsesAnOperatorsTable(t *testing.T) {
	dsn := testDSN(t)
	ctx := context.Background()
	table := freshTable(t, dsn)
	role := table + "_role"
	var mayCreateRoles bool
	admin := open(t, dsn, Options{Table: table})
	if err := admin.pool.QueryRow(ctx, "SELECT rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = current_user").Scan(&mayCreateRoles); err != nil {
		t.Fatal(err)
	}
	if !mayCreateRoles {
		t.Skipf("the role of %s may not create roles", dsnEnv)
	}
	exec(t, dsn, "CREATE ROLE "+role+" LOGIN PASSWORD 'receipts'")
	t.Cleanup(func() { exec(t, dsn, "DROP OWNED BY "+role+"; DROP ROLE "+role) })
	exec(t, dsn, "GRANT SELECT, INSERT, UPDATE, DELETE ON "+table+" TO "+role)
	exec(t, dsn, "GRANT USAGE ON SEQUENCE "+table+sequenceSuffix+" TO "+role)
	config, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	config.ConnConfig.User, config.ConnConfig.Password = role, "receipts"
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	s, err := New(ctx, pool, Options{Table: table})
	if err != nil {
		t.Fatalf("New over a granted table: %v", err)
	}
	c, err := s.Claim(ctx, scope, args, epoch, receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("claim: %v %v", c.State, err)
	}
	if err := s.Commit(ctx, scope, c.Token, []byte(`1`), epoch); err != nil {
		t.Fatalf("commit (which numbers the write with the table's sequence): %v", err)
	}
	var mayCreate bool
	if err := pool.QueryRow(ctx, "SELECT has_schema_privilege('public', 'CREATE')").Scan(&mayCreate); err != nil {
		t.Fatal(err)
	}
	if mayCreate {
		t.Skip("every role may create tables in public on this server (the default before PostgreSQL 15)")
	}
	_, err = New(ctx, pool, Options{Table: table + "_missing"})
	if err == nil || !strings.Contains(err.Error(), "creating it") || !strings.Contains(err.Error(), "permission denied") {
		t.Fatalf("New over a missing table the role may not create: %v", err)
	}
}

// A table made before keyless retries had a window gains their columns,
// index and sequence on Open: its rows are kept, a caller's key replays as
// before, and a keyless retry of a row from before the upgrade runs anew.
func TestUpgradeAddsTheColumnsOfKeylessRetries(t *testing.T) {
	dsn := testDSN(t)
	table := freshTable(t, dsn)
	exec(t, dsn, "CREATE TABLE "+table+` (
	scope_id bytea PRIMARY KEY CHECK (octet_length(scope_id) = 32),
	tool text NOT NULL,
	digest bytea NOT NULL CHECK (octet_length(digest) = 32),
	token bigint NOT NULL,
	state text NOT NULL CHECK (state IN ('claimed', 'committed', 'abandoned')),
	lease_until bigint NOT NULL,
	expires_at bigint NOT NULL,
	result bytea
)`)
	id := scope.ID()
	exec(t, dsn, "INSERT INTO "+table+" VALUES ($1, 'do_tag_decision', $2, 7, 'committed', $3, $4, $5)",
		id[:], args[:], epoch.UnixNano(), epoch.Add(24*time.Hour).UnixNano(), []byte(`"old"`))
	ctx := context.Background()
	s := open(t, dsn, Options{Table: table})
	c, err := s.Claim(ctx, scope, args, epoch.Add(time.Second), receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Replay || string(c.Result) != `"old"` {
		t.Fatalf("a caller's key after the upgrade: %v %q %v, want a replay of the old row", c.State, c.Result, err)
	}
	c, err = s.Claim(ctx, scope, args, epoch.Add(time.Second), receipt.Terms{Lease: time.Minute, RetryWindow: time.Hour})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("a keyless retry of an old row: %v %v, want claimed", c.State, err)
	}
	if err := s.Commit(ctx, scope, c.Token, []byte(`"new"`), epoch.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	c, err = s.Claim(ctx, scope, args, epoch.Add(3*time.Second), receipt.Terms{Lease: time.Minute, RetryWindow: time.Hour})
	if err != nil || c.State != receipt.Replay || string(c.Result) != `"new"` {
		t.Fatalf("a keyless retry after the upgrade's first commit: %v %q %v, want a replay", c.State, c.Result, err)
	}
}
