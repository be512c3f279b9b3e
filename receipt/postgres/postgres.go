package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/receipt"
)

// DefaultTable is the table of a Store whose Options name none.
const DefaultTable = "agentinput_receipts"

// Options configure a Store. The zero Options keep receipts a day in
// DefaultTable.
type Options struct {
	// Retention is how long a record lives after its commit (or, never
	// committed, after its claim); zero is receipt.DefaultRetention. Every
	// replica sharing a table should be given the same.
	Retention time.Duration
	// Table is the table of the receipts: a plain SQL identifier
	// (lowercase ASCII letters, digits and underscores, not starting with
	// a digit), optionally after a schema ("receipts.agentinput"); ""
	// is DefaultTable. It is created when missing.
	Table string
	// ClaimSync says how a claim reaches the disk. SyncEvery (the zero
	// value) commits a claim with the session's synchronous_commit (on,
	// by default): a durable do call waits for two WAL flushes, its
	// claim's and its commit's. SyncAtCommit commits a claim with
	// synchronous_commit off: the server has it, and a killed replica
	// loses nothing; the commit's flush makes both durable, one flush a
	// call; a crash of the database server while the handler runs can
	// lose the claim (up to wal_writer_delay of them), and the call
	// retried after its restart runs again.
	ClaimSync Sync
}

// Sync is when a claim's write reaches the disk (Options.ClaimSync).
type Sync uint8

const (
	// SyncEvery flushes each claim before it answers.
	SyncEvery Sync = iota
	// SyncAtCommit leaves a claim's flush to the commit's.
	SyncAtCommit
)

// Store is the PostgreSQL receipt.Store. It is safe for concurrent use by
// many goroutines, and many processes may share its table.
type Store struct {
	pool      *pgxpool.Pool
	ownsPool  bool
	retention time.Duration
	names     tableNames
	sql       statements
	claims    atomic.Uint64 // claims made, for the purge's schedule
	claimSync Sync
}

var _ receipt.Store = (*Store)(nil)

// Open connects to the database that dsn names (a PostgreSQL URL or
// key=value string, as pgxpool.ParseConfig reads it), creates the table
// when missing, and returns the Store. Close closes its connections.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	if _, err := opts.names(); err != nil {
		return nil, err
	}
	config, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres receipts: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, fmt.Errorf("postgres receipts: %w", err)
	}
	s, err := New(ctx, pool, opts)
	if err != nil {
		pool.Close()
		return nil, err
	}
	s.ownsPool = true
	return s, nil
}

// New returns a Store over a pool the application owns, creating the
// table when missing (which is why it takes a context). Close leaves the
// pool open. Each call is one statement on the pool, its own transaction;
// with the pool's default statement cache a call is one round trip once
// its connection has prepared the statement.
func New(ctx context.Context, pool *pgxpool.Pool, opts Options) (*Store, error) {
	names, err := opts.names()
	if err != nil {
		return nil, err
	}
	if pool == nil {
		return nil, errors.New("postgres receipts: New needs a pool")
	}
	if opts.ClaimSync > SyncAtCommit {
		return nil, fmt.Errorf("postgres receipts: ClaimSync %d is neither SyncEvery nor SyncAtCommit", opts.ClaimSync)
	}
	s := &Store{pool: pool, retention: opts.Retention, names: names, sql: newStatements(names), claimSync: opts.ClaimSync}
	if s.retention == 0 {
		s.retention = receipt.DefaultRetention
	}
	if err := s.setup(ctx, names); err != nil {
		return nil, fmt.Errorf("postgres receipts: table %s: %w", names.table, err)
	}
	return s, nil
}

// Close closes the pool that Open made; a Store from New leaves its pool
// to its owner. Close may be called more than once.
func (s *Store) Close() {
	if s.ownsPool {
		s.pool.Close()
	}
}

// tableNames are the quoted names of a store's objects.
type tableNames struct {
	table string // the table, as given: schema.table or table
	// quoted is the table's quoted name, to put into statements; index
	// is the index's unqualified quoted name (an index lives in its
	// table's schema) and indexQualified its name to look it up by;
	// settled and settledQualified are those of the index that finds a
	// principal's latest write, and sequence the qualified quoted name
	// of the sequence that numbers settled writes.
	quoted, index, indexQualified string
	settled, settledQualified     string
	sequence                      string
}

// maxIdentifier is the longest identifier PostgreSQL keeps (NAMEDATALEN-1);
// a longer one is cut, and two tables so cut would share an index name.
const maxIdentifier = 63

// The suffixes of the store's other objects' names, after the table's:
// indexSuffix is the longest, and names() keeps room for it.
const (
	indexSuffix    = "_expires_at"
	settledSuffix  = "_settled"
	sequenceSuffix = "_seq"
)

// names validates the options and names the table and its index.
func (opts Options) names() (tableNames, error) {
	if opts.Retention < 0 {
		return tableNames{}, fmt.Errorf("postgres receipts: retention %v is negative: give a positive duration, or zero for receipt.DefaultRetention", opts.Retention)
	}
	table := opts.Table
	if table == "" {
		table = DefaultTable
	}
	parts := strings.Split(table, ".")
	if len(parts) > 2 {
		return tableNames{}, fmt.Errorf("postgres receipts: table %q: name a table, or one schema and a table (schema.table)", table)
	}
	for i, part := range parts {
		limit := maxIdentifier
		if i == len(parts)-1 {
			limit -= len(indexSuffix) // room for the index's name
		}
		if err := checkIdentifier(part, limit); err != nil {
			return tableNames{}, fmt.Errorf("postgres receipts: table %q: %v", table, err)
		}
	}
	n := tableNames{table: table, quoted: pgx.Identifier(parts).Sanitize()}
	schema, last := parts[:len(parts)-1:len(parts)-1], parts[len(parts)-1]
	n.index = pgx.Identifier{last + indexSuffix}.Sanitize()
	n.indexQualified = pgx.Identifier(append(schema, last+indexSuffix)).Sanitize()
	n.settled = pgx.Identifier{last + settledSuffix}.Sanitize()
	n.settledQualified = pgx.Identifier(append(schema, last+settledSuffix)).Sanitize()
	n.sequence = pgx.Identifier(append(schema, last+sequenceSuffix)).Sanitize()
	return n, nil
}

// checkIdentifier accepts a plain SQL identifier in lowercase, the form
// an operator can type unquoted and find the same table.
func checkIdentifier(s string, limit int) error {
	if s == "" {
		return errors.New("a part of the name is empty")
	}
	if len(s) > limit {
		return fmt.Errorf("%q is %d bytes long; the longest is %d", s, len(s), limit)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c == '_':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return fmt.Errorf("%q has %q at byte %d: use lowercase ASCII letters, digits and underscores, not starting with a digit", s, c, i)
		}
	}
	return nil
}

// setupLock is the key of the transaction-scoped advisory lock under
// which a store creates its table: "agentinp" in ASCII, one key for every
// receipt table, so that two names of one table (with and without its
// schema) share it too.
const setupLock = 0x6167656e74696e70

// columns are the table's columns and their types, as a store reads them.
var columns = [...]struct {
	name string
	oid  uint32
}{
	{"scope_id", pgtype.ByteaOID},
	{"tool", pgtype.TextOID},
	{"digest", pgtype.ByteaOID},
	{"token", pgtype.Int8OID},
	{"state", pgtype.TextOID},
	{"lease_until", pgtype.Int8OID},
	{"expires_at", pgtype.Int8OID},
	{"result", pgtype.ByteaOID},
	{"principal", pgtype.ByteaOID},
	{"committed_at", pgtype.Int8OID},
	{"settled", pgtype.Int8OID},
}

// added are the columns a table made before keyless retries had a window
// lacks, and how each is added (docs/writes.md: the latest-write rule).
// Its rows have no principal and no settling number, so none of them is
// fresh for a keyless retry: a retry of a call committed before the
// upgrade runs anew, as any call older than the retry window does.
var added = [...]struct{ name, definition string }{
	{"principal", "bytea NOT NULL DEFAULT ''::bytea"},
	{"committed_at", "bigint"},
	{"settled", "bigint"},
}

// setup creates the table and its index when missing, and checks that the
// table has the columns the store reads.
//
// CREATE TABLE IF NOT EXISTS alone is not enough when replicas start at
// once: two sessions can both find no table and both insert it into the
// catalog, and one fails on a unique violation. The advisory lock makes
// them take turns; the second finds the table. The existence check comes
// first, too, because CREATE ... IF NOT EXISTS needs the right to create
// in the schema even when the table is there.
func (s *Store) setup(ctx context.Context, n tableNames) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	// After Commit a no-op; before it, the error that ended the setup is
	// the one to report.
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(setupLock)); err != nil {
		return fmt.Errorf("taking the setup lock: %w", err)
	}
	var haveTable, haveIndex bool
	if err := tx.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL, to_regclass($2) IS NOT NULL",
		n.quoted, n.indexQualified).Scan(&haveTable, &haveIndex); err != nil {
		return fmt.Errorf("looking for it: %w", err)
	}
	if !haveTable {
		if _, err := tx.Exec(ctx, `CREATE TABLE `+n.quoted+` (
	scope_id bytea PRIMARY KEY CHECK (octet_length(scope_id) = 32),
	tool text NOT NULL,
	digest bytea NOT NULL CHECK (octet_length(digest) = 32),
	token bigint NOT NULL,
	state text NOT NULL CHECK (state IN ('claimed', 'committed', 'abandoned')),
	lease_until bigint NOT NULL,
	expires_at bigint NOT NULL,
	result bytea,
	principal bytea NOT NULL DEFAULT ''::bytea,
	committed_at bigint,
	settled bigint
)`); err != nil {
			return fmt.Errorf("creating it: %w", err)
		}
	} else if err := addColumns(ctx, tx, n); err != nil {
		return err
	}
	if !haveIndex {
		if _, err := tx.Exec(ctx, "CREATE INDEX "+n.index+" ON "+n.quoted+" (expires_at)"); err != nil {
			return fmt.Errorf("creating its index %s: %w", n.indexQualified, err)
		}
	}
	var haveSettled, haveSequence bool
	if err := tx.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL, to_regclass($2) IS NOT NULL",
		n.settledQualified, n.sequence).Scan(&haveSettled, &haveSequence); err != nil {
		return fmt.Errorf("looking for its index and sequence: %w", err)
	}
	if !haveSettled {
		if _, err := tx.Exec(ctx, "CREATE INDEX "+n.settled+" ON "+n.quoted+" (principal, settled)"); err != nil {
			return fmt.Errorf("creating its index %s: %w", n.settledQualified, err)
		}
	}
	if !haveSequence {
		if _, err := tx.Exec(ctx, "CREATE SEQUENCE "+n.sequence); err != nil {
			return fmt.Errorf("creating its sequence %s: %w", n.sequence, err)
		}
	}
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = c.name
	}
	rows, err := tx.Query(ctx, "SELECT "+strings.Join(names, ", ")+" FROM "+n.quoted+" LIMIT 0")
	if err != nil {
		return fmt.Errorf("reading its columns (is it a table of another shape?): %w", err)
	}
	fields := rows.FieldDescriptions()
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading its columns: %w", err)
	}
	for i, c := range columns {
		if fields[i].DataTypeOID != c.oid {
			return fmt.Errorf("column %s has type oid %d, want %d: it is a table of another shape", c.name, fields[i].DataTypeOID, c.oid)
		}
	}
	return tx.Commit(ctx)
}

// addColumns adds the columns of added that an existing table lacks.
// Adding a column needs the table's owner: a role that may only use the
// table fails here, and the error says what an operator adds.
func addColumns(ctx context.Context, tx pgx.Tx, n tableNames) error {
	names := make([]string, len(added))
	for i, c := range added {
		names[i] = c.name
	}
	rows, err := tx.Query(ctx, `SELECT attname FROM pg_attribute
WHERE attrelid = to_regclass($1) AND attname = ANY($2) AND attnum > 0 AND NOT attisdropped`, n.quoted, names)
	if err != nil {
		return fmt.Errorf("reading its columns: %w", err)
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("reading its columns: %w", err)
	}
	var alter []string
	for _, c := range added {
		if !slices.Contains(have, c.name) {
			alter = append(alter, "ADD COLUMN "+c.name+" "+c.definition)
		}
	}
	if len(alter) == 0 {
		return nil
	}
	stmt := "ALTER TABLE " + n.quoted + " " + strings.Join(alter, ", ")
	if _, err := tx.Exec(ctx, stmt); err != nil {
		return fmt.Errorf("adding the columns of keyless retries (as the table's owner: %s): %w", stmt, err)
	}
	return nil
}

// unixNanos is t in Unix nanoseconds, held at the ends of int64 (the years
// 1678 and 2262), where UnixNano would be undefined.
func unixNanos(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)
