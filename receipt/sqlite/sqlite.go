package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"time"

	"agentinput.dev/internal/sqlitefile"
	"agentinput.dev/receipt"
)

// DefaultBusyTimeout is how long a write waits for another process's
// lock on the file when Options.BusyTimeout is zero.
const DefaultBusyTimeout = 5 * time.Second

// Options configures a Store. The zero Options is the default store.
type Options struct {
	// Retention is how long a record lives after its commit (or, never
	// committed, after its claim); zero is receipt.DefaultRetention.
	Retention time.Duration
	// BusyTimeout is how long a write waits for a lock that another
	// process holds on the file before it fails; zero is
	// DefaultBusyTimeout. A call's context ends the wait sooner.
	BusyTimeout time.Duration
	// ClaimSync says how a claim reaches the disk. SyncEvery (the zero
	// value) syncs every write: a durable do call costs two syncs, its
	// claim's and its commit's, and a claim survives a power cut.
	// SyncAtCommit writes a claim without waiting for the disk: the claim
	// survives a killed process (the operating system holds the write),
	// and the commit's sync makes both durable, one sync a call; a power
	// cut or a crash of the operating system while the handler runs loses
	// the claim, and the call retried after the restart runs again.
	ClaimSync Sync
}

// Sync is when a claim's write reaches the disk (Options.ClaimSync).
type Sync uint8

const (
	// SyncEvery syncs each claim before it answers.
	SyncEvery Sync = iota
	// SyncAtCommit leaves a claim's write to the commit's sync.
	SyncAtCommit
)

// Store is a receipt.Store in a SQLite file. It is safe for concurrent
// use by many goroutines, and by many processes that open the same file.
type Store struct {
	db        *sql.DB
	retention time.Duration
	claimSync Sync

	// writes lets one write transaction of this process run at a time.
	// SQLite would serialize them anyway, but a connection that finds
	// the file locked by another connection sleeps (1, 2, 5, 10 ms...)
	// before it tries again; waiting here instead hands the turn over
	// at once, and ends the wait when the call's context does.
	writes chan struct{}
	// inserted counts the claims this Store wrote, to purge now and
	// then; guarded by writes.
	inserted uint64

	look, claim, renew, commit, extend, release, abandon, purge *sql.Stmt
}

// The schema, version 2. A record's primary key is the scope's ID (32
// bytes: a key of any bytes fits); its state is claimed, committed or
// abandoned; lease_until, expires_at and committed_at are Unix
// nanoseconds. principal is the scope's receipt.Scope.PrincipalID, and
// settled the record's place in the order of its principal's settled
// writes (commits and abandons): a record is its principal's latest write
// when no record of the principal has a higher one. The index on
// expires_at lets a purge find expired records without a scan; the one on
// (principal, settled) answers "latest" and numbers a settling.
const (
	schemaVersion = 2
	// applicationID marks the file as a receipt store ("AIRC"), so that
	// Open refuses another program's database rather than add a table to
	// it, and file(1) can tell what the file is.
	applicationID = 0x41495243

	schema = `
CREATE TABLE receipts (
	id           BLOB    NOT NULL PRIMARY KEY,
	tool         TEXT    NOT NULL,
	digest       BLOB    NOT NULL,
	token        INTEGER NOT NULL,
	state        TEXT    NOT NULL CHECK (state IN ('claimed', 'committed', 'abandoned')),
	lease_until  INTEGER NOT NULL,
	expires_at   INTEGER NOT NULL,
	result       BLOB,
	principal    BLOB    NOT NULL DEFAULT x'',
	committed_at INTEGER,
	settled      INTEGER
) WITHOUT ROWID;
CREATE INDEX receipts_expires_at ON receipts (expires_at);
CREATE INDEX receipts_settled ON receipts (principal, settled);`

	// migrateFrom1 brings a file of schema version 1 to version 2. Its
	// records have no principal and no settling number, so none of them
	// is fresh for a keyless retry: a retry of a call committed before
	// the upgrade runs anew, as any call older than the retry window does.
	migrateFrom1 = `
ALTER TABLE receipts ADD COLUMN principal BLOB NOT NULL DEFAULT x'';
ALTER TABLE receipts ADD COLUMN committed_at INTEGER;
ALTER TABLE receipts ADD COLUMN settled INTEGER;
CREATE INDEX receipts_settled ON receipts (principal, settled);`
)

// The statements. A claim takes two steps: look reads the record outside
// any transaction; only when there is no live record, or a stale one (a
// keyless retry's, receipt.Terms), does the claim open a write
// transaction (BEGIN IMMEDIATE, which takes the file's write lock at
// once) and insert the record or replace an expired one with one
// conditional upsert. When the upsert changes nothing, another claim won
// since the look, or the record is stale: a look inside the transaction
// says which, and a stale record is renewed. Under the write lock nothing
// changes between that look and the write.
//
// The read first is what makes a replay, a conflict or an in-progress
// poll cheap: under WAL it runs beside any writer and never waits for one
// or takes the write lock, and its answer is the record as committed when
// the read began, which is a true answer at an instant within the call.
// A claim that fails rolls back: it never claimed.
const (
	lookSQL = `SELECT digest = ?2, state, lease_until, expires_at, result, token, committed_at,
	settled IS NOT NULL AND NOT EXISTS (
		SELECT 1 FROM receipts o WHERE o.principal = r.principal AND o.settled > r.settled)
FROM receipts r WHERE id = ?1`
	claimSQL = `INSERT INTO receipts (id, tool, principal, digest, token, state, lease_until, expires_at, result)
VALUES (?1, ?2, ?8, ?3, ?4, 'claimed', ?5, ?6, NULL)
ON CONFLICT (id) DO UPDATE SET
	tool = excluded.tool, principal = excluded.principal, digest = excluded.digest, token = excluded.token,
	state = 'claimed', lease_until = excluded.lease_until, expires_at = excluded.expires_at, result = NULL,
	committed_at = NULL, settled = NULL
WHERE receipts.expires_at <= ?7`
	// renewSQL replaces a stale committed record, the one with the token
	// the look saw, by a new claim.
	renewSQL = `UPDATE receipts SET token = ?3, state = 'claimed', lease_until = ?4, expires_at = ?5,
	result = NULL, committed_at = NULL, settled = NULL
WHERE id = ?1 AND token = ?2 AND state = 'committed'`
	// A held claim is the record with its token, not yet committed;
	// as in receipt.Memory, an abandoned claim is still held (it may
	// commit, release or abandon again), and extending it changes
	// nothing. A commit and an abandon take the next settling number of
	// the principal.
	commitSQL = `UPDATE receipts SET state = 'committed', result = ?3, expires_at = ?4, committed_at = ?5,
	settled = (SELECT coalesce(max(o.settled), 0) + 1 FROM receipts o WHERE o.principal = receipts.principal)
WHERE id = ?1 AND token = ?2 AND state <> 'committed'`
	extendSQL = `UPDATE receipts SET lease_until = CASE state WHEN 'claimed' THEN ?3 ELSE lease_until END
WHERE id = ?1 AND token = ?2 AND state <> 'committed'`
	releaseSQL = `DELETE FROM receipts
WHERE id = ?1 AND token = ?2 AND state <> 'committed'`
	abandonSQL = `UPDATE receipts SET state = 'abandoned',
	settled = (SELECT coalesce(max(o.settled), 0) + 1 FROM receipts o WHERE o.principal = receipts.principal)
WHERE id = ?1 AND token = ?2 AND state <> 'committed'`
	purgeSQL = `DELETE FROM receipts WHERE id IN
(SELECT id FROM receipts WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)`
)

// Purging: every purgeEvery-th claim this Store writes (the first one
// included, so a restarted process starts clean) also deletes at most
// purgeBatch expired records, in the claim's transaction (one sync for
// both). The batch is larger than the interval, so purging outpaces a
// steady stream of new claims, and bounded, so that no claim pays for a
// long backlog at once.
const (
	purgeEvery = 64
	purgeBatch = 256
)

// Open opens the store in the SQLite file at path, creating the file (but
// not its directory) when it is missing, and its table when the file is
// new. It fails on a file that holds anything but receipts, or receipts
// of a newer schema than this package knows.
func Open(path string, opts Options) (*Store, error) {
	if opts.Retention < 0 || opts.BusyTimeout < 0 {
		return nil, fmt.Errorf("sqlite receipts: negative Options (Retention %v, BusyTimeout %v): give a duration, or zero for the default", opts.Retention, opts.BusyTimeout)
	}
	if path == "" {
		return nil, errors.New("sqlite receipts: no path: give the database file's path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite receipts: %w", err)
	}
	busy := opts.BusyTimeout
	if busy == 0 {
		busy = DefaultBusyTimeout
	}
	db, err := sqlitefile.Open(abs, busy)
	if err != nil {
		return nil, fmt.Errorf("sqlite receipts: open %s: %w", abs, err)
	}
	if opts.ClaimSync > SyncAtCommit {
		db.Close()
		return nil, fmt.Errorf("sqlite receipts: ClaimSync %d is neither SyncEvery nor SyncAtCommit", opts.ClaimSync)
	}
	s := &Store{db: db, retention: opts.Retention, writes: make(chan struct{}, 1), claimSync: opts.ClaimSync}
	if s.retention == 0 {
		s.retention = receipt.DefaultRetention
	}
	if err := s.init(); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite receipts: open %s: %w", abs, err)
	}
	return s, nil
}

// init checks the journal mode, creates or checks the schema, and
// prepares the statements.
func (s *Store) init() error {
	ctx := context.Background()
	if err := s.migrate(ctx); err != nil {
		return err
	}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&s.look, lookSQL}, {&s.claim, claimSQL}, {&s.renew, renewSQL}, {&s.commit, commitSQL}, {&s.extend, extendSQL},
		{&s.release, releaseSQL}, {&s.abandon, abandonSQL}, {&s.purge, purgeSQL},
	} {
		st, err := s.db.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.stmt = st
	}
	return nil
}

// migrate brings the file to schemaVersion, in one write transaction so
// that two processes opening a new file at once create the table once. A
// later schema adds a step from each older version here.
func (s *Store) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var app, version, objects int64
	if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&objects); err != nil {
		return err
	}
	switch {
	case app == 0 && version == 0 && objects == 0:
		// A new file.
	case app != applicationID:
		return errors.New("the file is another program's database, not a receipt store: give the store a file of its own")
	case version == schemaVersion:
		return nil
	case version > schemaVersion:
		return fmt.Errorf("the receipts have schema version %d, newer than this package's %d: a newer agentinput wrote them", version, schemaVersion)
	case version != 1:
		return fmt.Errorf("the receipts have schema version %d, which this package does not know", version)
	}
	steps := []string{schema, "PRAGMA application_id = " + strconv.Itoa(applicationID)}
	if version == 1 {
		steps = []string{migrateFrom1}
	}
	for _, stmt := range append(steps, "PRAGMA user_version = "+strconv.Itoa(schemaVersion)) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("create the schema: %w", err)
		}
	}
	return tx.Commit()
}

// Close closes the store's connections. Calls after Close fail.
func (s *Store) Close() error {
	for _, st := range []*sql.Stmt{s.look, s.claim, s.renew, s.commit, s.extend, s.release, s.abandon, s.purge} {
		if st != nil {
			st.Close()
		}
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("sqlite receipts: close: %w", err)
	}
	return nil
}

// Claim implements receipt.Store. An error means the scope was not
// claimed.
func (s *Store) Claim(ctx context.Context, scope receipt.Scope, digest receipt.Digest, now time.Time, terms receipt.Terms) (receipt.Claim, error) {
	id := scope.ID()
	at := unixNano(now)
	c, seen, err := answer(s.look.QueryRowContext(ctx, id[:], digest[:]), now, terms)
	if err != nil || seen == live {
		return c, wrap("claim", err)
	}
	token := newToken()
	err = s.writeSynced(ctx, s.claimSync == SyncEvery, func(tx *sql.Tx) error {
		// Under the write lock: the record cannot change before this
		// transaction ends. The upsert takes a missing or expired record
		// (the common case, one statement); when it changes nothing, the
		// record is live or stale, and a look inside the transaction says
		// which.
		principal := scope.PrincipalID()
		res, err := tx.StmtContext(ctx, s.claim).ExecContext(ctx,
			id[:], scope.Tool, digest[:], int64(token), unixNano(now.Add(terms.Lease)), unixNano(now.Add(s.retention)), at, principal[:])
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			c, seen, err = answer(tx.StmtContext(ctx, s.look).QueryRowContext(ctx, id[:], digest[:]), now, terms)
			switch {
			case err != nil:
				return err
			case seen == live:
				return nil
			case seen == none:
				return errors.New("the upsert kept a record that is not live")
			}
			if _, err := tx.StmtContext(ctx, s.renew).ExecContext(ctx,
				id[:], int64(c.Token), int64(token), unixNano(now.Add(terms.Lease)), unixNano(now.Add(s.retention))); err != nil {
				return err
			}
		}
		c = receipt.Claim{State: receipt.Claimed, Token: token}
		s.inserted++
		if s.inserted%purgeEvery == 1 {
			_, err = tx.StmtContext(ctx, s.purge).ExecContext(ctx, at, purgeBatch)
		}
		return err
	})
	if err != nil {
		return receipt.Claim{}, wrap("claim", err)
	}
	return c, nil
}

// What a look found of a scope's record.
type found uint8

const (
	// none: no record, or one whose retention ended; a claim takes it.
	none found = iota
	// live: a record that answers the claim.
	live
	// staleRecord: a committed record that does not replay under the
	// claim's terms; a claim renews it (its token is the answer's).
	staleRecord
)

// answer reads a record and answers a claim of it at now under terms, as
// receipt.Memory does.
func answer(row *sql.Row, now time.Time, terms receipt.Terms) (receipt.Claim, found, error) {
	var (
		same, latest   bool
		state          string
		lease, expires int64
		result         []byte
		token          int64
		committed      sql.NullInt64
	)
	err := row.Scan(&same, &state, &lease, &expires, &result, &token, &committed, &latest)
	if errors.Is(err, sql.ErrNoRows) {
		return receipt.Claim{}, none, nil
	}
	at := unixNano(now)
	if err != nil || at >= expires {
		return receipt.Claim{}, none, err
	}
	switch {
	case !same:
		return receipt.Claim{State: receipt.Conflict}, live, nil
	case state == "committed" && terms.Replays(receipt.Token(token), time.Unix(0, committed.Int64), latest && committed.Valid, now):
		return receipt.Claim{State: receipt.Replay, Result: result}, live, nil
	case state == "committed":
		return receipt.Claim{Token: receipt.Token(token)}, staleRecord, nil
	case state == "abandoned" || at >= lease:
		return receipt.Claim{State: receipt.Unknown}, live, nil
	default:
		return receipt.Claim{State: receipt.InProgress, Token: receipt.Token(token)}, live, nil
	}
}

// Commit implements receipt.Store.
func (s *Store) Commit(ctx context.Context, scope receipt.Scope, token receipt.Token, result []byte, now time.Time) error {
	return s.held(ctx, "commit", s.commit, scope, token, result, unixNano(now.Add(s.retention)), unixNano(now))
}

// Extend implements receipt.Store.
func (s *Store) Extend(ctx context.Context, scope receipt.Scope, token receipt.Token, until time.Time) error {
	return s.held(ctx, "extend", s.extend, scope, token, unixNano(until))
}

// Release implements receipt.Store.
func (s *Store) Release(ctx context.Context, scope receipt.Scope, token receipt.Token) error {
	return s.held(ctx, "release", s.release, scope, token)
}

// Abandon implements receipt.Store.
func (s *Store) Abandon(ctx context.Context, scope receipt.Scope, token receipt.Token) error {
	return s.held(ctx, "abandon", s.abandon, scope, token)
}

// held runs stmt, one of the statements on the claim that token holds,
// with the scope's ID, the token and args; a statement that changed no
// record found no such claim: receipt.ErrNotHeld.
func (s *Store) held(ctx context.Context, op string, stmt *sql.Stmt, scope receipt.Scope, token receipt.Token, args ...any) error {
	id := scope.ID()
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.StmtContext(ctx, stmt).ExecContext(ctx, append([]any{id[:], int64(token)}, args...)...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err == nil && n == 0 {
			err = receipt.ErrNotHeld
		}
		return err
	})
	return wrap(op, err)
}

// write runs f in a write transaction, after the other writes of this
// process. The transaction commits when f returns nil and rolls back
// otherwise, so an error means nothing was written. ctx bounds the
// wait for the turn and for the file's lock.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error) error {
	return s.writeSynced(ctx, true, f)
}

// writeSynced is write; when synced is false, the transaction commits
// with synchronous=NORMAL (WAL: written, not synced), on a connection
// that is set back to FULL before it returns to the pool, or discarded.
func (s *Store) writeSynced(ctx context.Context, synced bool, f func(*sql.Tx) error) error {
	select {
	case s.writes <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.writes }()
	if synced {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := f(tx); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() {
		// Back to FULL for the pool's next user, on a context of its
		// own: the call's may be over. A connection that cannot be set
		// back is discarded, never returned.
		if _, err := conn.ExecContext(context.Background(), "PRAGMA synchronous = FULL"); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}()
	if _, err := conn.ExecContext(ctx, "PRAGMA synchronous = NORMAL"); err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("sqlite receipts: %s: %w", op, err)
}

// newToken draws a claim's token: 63 random bits (an INTEGER column holds
// a signed 64-bit value), never zero. Random rather than a counter kept
// in the file: a counter would be one more row that every claim of every
// process writes, while two successive claims of a scope draw the same
// token with probability 2^-63.
func newToken() receipt.Token {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	if t := binary.LittleEndian.Uint64(b[:]) >> 1; t != 0 {
		return receipt.Token(t)
	}
	return 1
}

var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

// unixNano is t in nanoseconds since the Unix epoch, held to the range
// of an int64 (the years 1678 to 2262): a lease of a century from now
// ends in 2262, not in 1700.
func unixNano(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}
