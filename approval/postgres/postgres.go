// Package postgres is the PostgreSQL approval store, for a host that runs
// as several replicas: every replica opens the same database and table,
// and an approved intent is dispatched by exactly one of them.
//
//	store, err := postgres.Open(ctx, "postgres://app@db/app", postgres.Options{})
//	if err != nil { ... }
//	defer store.Close()
//
// An application that owns a pgxpool.Pool gives it to New instead.
//
// Every move is one statement, its own transaction: an UPDATE ... WHERE
// id = $1 AND state = <the state it starts from> RETURNING the row.
// PostgreSQL takes the row's lock for it and, under READ COMMITTED (the
// default), a concurrent move waits for the first to commit and then
// evaluates its WHERE against the row's new version, which no longer
// matches: of racing Claims in any number of processes, exactly one
// changes the row, and the others answer approval.ErrState. (Under a
// stricter default isolation the losers fail to serialize instead, which
// is an error, never a second win.) A move that changed no row reads the
// intent once more, to tell a missing intent from one in another state.
//
// The table (Options.Table, DefaultTable by default) is created when
// missing, under a transaction-scoped advisory lock so that replicas
// starting at once create it once. Times are bigint nanoseconds since the
// Unix epoch (an unreached time is NULL), the arguments and result bytea,
// byte for byte; text is text, so the database's encoding must be UTF8
// (or SQL_ASCII, which keeps bytes as sent): Open refuses any other.
package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/approval"
)

// DefaultTable is the table of a Store whose Options name none.
const DefaultTable = "agentinput_approvals"

// Options configure a Store. The zero Options keep the intents in
// DefaultTable.
type Options struct {
	// Table is the table of the intents: a plain SQL identifier
	// (lowercase ASCII letters, digits and underscores, not starting with
	// a digit), optionally after a schema ("approvals.intents"); "" is
	// DefaultTable. It is created when missing.
	Table string
}

// Store is the PostgreSQL approval.Store. It is safe for concurrent use by
// many goroutines, and many processes may share its table.
type Store struct {
	pool     *pgxpool.Pool
	ownsPool bool
	table    string // quoted
}

var _ approval.Store = (*Store)(nil)

// Open connects to the database that dsn names (a PostgreSQL URL or
// key=value string, as pgxpool.ParseConfig reads it), creates the table
// when missing, and returns the Store. Close closes its connections.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	if _, _, err := opts.names(); err != nil {
		return nil, err
	}
	config, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres approvals: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, fmt.Errorf("postgres approvals: %w", err)
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
// pool open.
func New(ctx context.Context, pool *pgxpool.Pool, opts Options) (*Store, error) {
	table, index, err := opts.names()
	if err != nil {
		return nil, err
	}
	if pool == nil {
		return nil, errors.New("postgres approvals: New needs a pool")
	}
	s := &Store{pool: pool, table: table}
	if err := s.setup(ctx, index); err != nil {
		name := opts.Table
		if name == "" {
			name = DefaultTable
		}
		return nil, fmt.Errorf("postgres approvals: table %s: %w", name, err)
	}
	return s, nil
}

// Close closes the pool that Open made; a Store from New leaves its pool
// to its owner.
func (s *Store) Close() error {
	if s.ownsPool {
		s.pool.Close()
	}
	return nil
}

// maxIdentifier is the longest identifier PostgreSQL keeps (NAMEDATALEN-1).
const maxIdentifier = 63

// indexSuffixes name the table's indexes.
var indexSuffixes = [...]string{"_newest", "_state"}

// names validates the options and quotes the table and its indexes'
// base name (indexes live in the table's schema).
func (opts Options) names() (table string, indexBase string, err error) {
	name := opts.Table
	if name == "" {
		name = DefaultTable
	}
	parts := strings.Split(name, ".")
	if len(parts) > 2 {
		return "", "", fmt.Errorf("postgres approvals: table %q: name a table, or one schema and a table (schema.table)", name)
	}
	for i, part := range parts {
		limit := maxIdentifier
		if i == len(parts)-1 {
			limit -= len("_newest") // room for the indexes' names
		}
		if err := checkIdentifier(part, limit); err != nil {
			return "", "", fmt.Errorf("postgres approvals: table %q: %v", name, err)
		}
	}
	return pgx.Identifier(parts).Sanitize(), parts[len(parts)-1], nil
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
// which a store creates its table: "agentapr" in ASCII, one key for every
// approval table.
const setupLock = 0x6167656e74617072

const columns = `id::text, tool, remote, binding_id, binding_revision, scope_id, scope_revision, arguments,
	state, prepared, decided, claimed, finished, decided_by, reason, result, code,
	resolved, resolved_by, resolve_reason`

// resolveColumns are the columns Resolve writes, which a table created
// before it lacks: setup adds them.
const resolveColumns = `ADD COLUMN IF NOT EXISTS resolved bigint,
	ADD COLUMN IF NOT EXISTS resolved_by text NOT NULL DEFAULT '',
	ADD COLUMN IF NOT EXISTS resolve_reason text NOT NULL DEFAULT ''`

// setup checks the database's encoding, creates the table and its
// indexes when missing, and checks that the table has the columns the
// store reads. The existence check comes first because CREATE ... IF NOT
// EXISTS needs the right to create in the schema even when the table is
// there.
func (s *Store) setup(ctx context.Context, indexBase string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var encoding string
	if err := tx.QueryRow(ctx, "SHOW server_encoding").Scan(&encoding); err != nil {
		return fmt.Errorf("reading the database's encoding: %w", err)
	}
	if encoding != "UTF8" && encoding != "SQL_ASCII" {
		return fmt.Errorf("the database's encoding is %s: text of any language needs UTF8 (CREATE DATABASE ... ENCODING 'UTF8')", encoding)
	}
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(setupLock)); err != nil {
		return fmt.Errorf("taking the setup lock: %w", err)
	}
	var have bool
	if err := tx.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", s.table).Scan(&have); err != nil {
		return fmt.Errorf("looking for it: %w", err)
	}
	if !have {
		newest := pgx.Identifier{indexBase + indexSuffixes[0]}.Sanitize()
		state := pgx.Identifier{indexBase + indexSuffixes[1]}.Sanitize()
		for _, stmt := range []string{`CREATE TABLE ` + s.table + ` (
	seq bigint GENERATED ALWAYS AS IDENTITY,
	id uuid PRIMARY KEY,
	tool text NOT NULL,
	remote text NOT NULL,
	binding_id text NOT NULL,
	binding_revision text NOT NULL,
	scope_id text NOT NULL,
	scope_revision text NOT NULL,
	arguments bytea NOT NULL,
	state text NOT NULL CHECK (state IN ('pending', 'denied', 'approved', 'dispatching', 'committed', 'not_started', 'unknown')),
	prepared bigint NOT NULL,
	decided bigint,
	claimed bigint,
	finished bigint,
	decided_by text NOT NULL DEFAULT '',
	reason text NOT NULL DEFAULT '',
	result bytea,
	code text NOT NULL DEFAULT '',
	resolved bigint,
	resolved_by text NOT NULL DEFAULT '',
	resolve_reason text NOT NULL DEFAULT ''
)`,
			"CREATE INDEX " + newest + " ON " + s.table + " (prepared DESC, seq DESC)",
			"CREATE INDEX " + state + " ON " + s.table + " (state, prepared DESC, seq DESC)",
		} {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("creating it: %w", err)
			}
		}
	}
	var resolvable bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_attribute
WHERE attrelid = $1::regclass AND attname = 'resolve_reason' AND NOT attisdropped)`, s.table).Scan(&resolvable); err != nil {
		return fmt.Errorf("looking for its columns: %w", err)
	}
	if !resolvable {
		// A table made before Resolve: add what it records.
		if _, err := tx.Exec(ctx, "ALTER TABLE "+s.table+" "+resolveColumns); err != nil {
			return fmt.Errorf("adding the columns of Resolve: %w", err)
		}
	}
	rows, err := tx.Query(ctx, "SELECT seq, "+columns+" FROM "+s.table+" LIMIT 0")
	if err != nil {
		return fmt.Errorf("reading its columns (is it a table of another shape?): %w", err)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading its columns (is it a table of another shape?): %w", err)
	}
	return tx.Commit(ctx)
}

// Prepare implements approval.Store.
func (s *Store) Prepare(ctx context.Context, in approval.Intent, now time.Time) (approval.Intent, error) {
	if err := approval.CheckPrepare(in, now); err != nil {
		return approval.Intent{}, err
	}
	out := in
	out.ID = approval.NewID()
	out.State = approval.Pending
	out.Prepared = approval.Time(now.UnixNano())
	out.Arguments = append(json.RawMessage{}, in.Arguments...)
	_, err := s.pool.Exec(ctx, `INSERT INTO `+s.table+`
(id, tool, remote, binding_id, binding_revision, scope_id, scope_revision, arguments, state, prepared)
VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
		out.ID, out.Tool, out.Remote, out.BindingID, out.BindingRevision, out.ScopeID, out.ScopeRevision,
		[]byte(out.Arguments), now.UnixNano())
	if err != nil {
		return approval.Intent{}, wrap("prepare", err)
	}
	return out, nil
}

// Get implements approval.Store.
func (s *Store) Get(ctx context.Context, id string) (approval.Intent, error) {
	id, err := approval.ParseID(id)
	if err != nil {
		return approval.Intent{}, err
	}
	in, err := scan(s.pool.QueryRow(ctx, "SELECT "+columns+" FROM "+s.table+" WHERE id = $1::uuid", id))
	if err != nil {
		return approval.Intent{}, wrap("get "+id, err)
	}
	return in, nil
}

// List implements approval.Store.
func (s *Store) List(ctx context.Context, f approval.Filter) ([]approval.Intent, error) {
	limit, err := approval.CheckFilter(f)
	if err != nil {
		return nil, err
	}
	q, args := "SELECT "+columns+" FROM "+s.table+" ORDER BY prepared DESC, seq DESC LIMIT $1", []any{limit}
	if f.State != "" {
		q, args = "SELECT "+columns+" FROM "+s.table+" WHERE state = $2 ORDER BY prepared DESC, seq DESC LIMIT $1", []any{limit, string(f.State)}
	}
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, wrap("list", err)
	}
	defer rows.Close()
	var out []approval.Intent
	for rows.Next() {
		in, err := scan(rows)
		if err != nil {
			return nil, wrap("list", err)
		}
		out = append(out, in)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("list", err)
	}
	return out, nil
}

// Decide implements approval.Store.
func (s *Store) Decide(ctx context.Context, id string, approve bool, by, reason string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckDecide(by, reason, now); err != nil {
		return approval.Intent{}, err
	}
	to := approval.Denied
	if approve {
		to = approval.Approved
	}
	return s.move(ctx, "decide", id, []approval.State{approval.Pending}, "state = $3, decided = $4, decided_by = $5, reason = $6",
		string(to), now.UnixNano(), by, reason)
}

// Claim implements approval.Store.
func (s *Store) Claim(ctx context.Context, id string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckTime(now); err != nil {
		return approval.Intent{}, err
	}
	return s.move(ctx, "claim", id, []approval.State{approval.Approved}, "state = 'dispatching', claimed = $3", now.UnixNano())
}

// Finish implements approval.Store.
func (s *Store) Finish(ctx context.Context, id string, to approval.State, result json.RawMessage, code string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckFinish(to, result, code, now); err != nil {
		return approval.Intent{}, err
	}
	var blob []byte
	if result != nil {
		blob = []byte(result)
	}
	return s.move(ctx, "finish", id, []approval.State{approval.Dispatching}, "state = $3, finished = $4, result = $5, code = $6",
		string(to), now.UnixNano(), blob, code)
}

// Resolve implements approval.Store.
func (s *Store) Resolve(ctx context.Context, id string, to approval.State, by, reason string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckResolve(to, by, reason, now); err != nil {
		return approval.Intent{}, err
	}
	return s.move(ctx, "resolve", id, approval.Resolvable, "state = $3, resolved = $4, resolved_by = $5, resolve_reason = $6",
		string(to), now.UnixNano(), by, reason)
}

// move makes one move of the intent id from one of the states from,
// setting what set says ($1 is the id, $2 the states from, $3... args):
// one conditional UPDATE, and when it changed no row, one read of the
// intent to tell a missing intent from one in another state. That read
// is a true answer at an instant after the UPDATE: the intent was not in
// from then.
func (s *Store) move(ctx context.Context, op, id string, from []approval.State, set string, args ...any) (approval.Intent, error) {
	id, err := approval.ParseID(id)
	if err != nil {
		return approval.Intent{}, err
	}
	states := make([]string, len(from))
	for i, st := range from {
		states[i] = string(st)
	}
	out, err := scan(s.pool.QueryRow(ctx, "UPDATE "+s.table+" SET "+set+" WHERE id = $1::uuid AND state = ANY($2::text[]) RETURNING "+columns,
		append([]any{id, states}, args...)...))
	if err == nil {
		return out, nil
	}
	if !errors.Is(err, approval.ErrNotFound) {
		return approval.Intent{}, wrap(op+" "+id, err)
	}
	out, err = scan(s.pool.QueryRow(ctx, "SELECT "+columns+" FROM "+s.table+" WHERE id = $1::uuid", id))
	if err != nil {
		return approval.Intent{}, wrap(op+" "+id, err)
	}
	return out, approval.NewStateError(op, out, from[0])
}

// scan reads one row of columns; no row is approval.ErrNotFound.
func scan(row pgx.Row) (approval.Intent, error) {
	var (
		in                         approval.Intent
		state                      string
		prepared                   int64
		decided, claimed, finished *int64
		resolved                   *int64
		args, result               []byte
	)
	err := row.Scan(&in.ID, &in.Tool, &in.Remote, &in.BindingID, &in.BindingRevision, &in.ScopeID, &in.ScopeRevision,
		&args, &state, &prepared, &decided, &claimed, &finished, &in.DecidedBy, &in.Reason, &result, &in.Code,
		&resolved, &in.ResolvedBy, &in.ResolveReason)
	if errors.Is(err, pgx.ErrNoRows) {
		return approval.Intent{}, approval.ErrNotFound
	}
	if err != nil {
		return approval.Intent{}, err
	}
	in.State = approval.State(state)
	in.Arguments = json.RawMessage(args)
	if result != nil {
		in.Result = json.RawMessage(result)
	}
	in.Prepared = approval.Time(prepared)
	for _, t := range []struct {
		dst *time.Time
		src *int64
	}{{&in.Decided, decided}, {&in.Claimed, claimed}, {&in.Finished, finished}, {&in.Resolved, resolved}} {
		if t.src != nil {
			*t.dst = approval.Time(*t.src)
		}
	}
	return in, nil
}

func wrap(op string, err error) error {
	return fmt.Errorf("postgres approvals: %s: %w", op, err)
}
