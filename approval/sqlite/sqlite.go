// Package sqlite is the SQLite approval store: the embedded default of a
// host that runs as one process (or a few processes on one machine) and
// must keep its approval intents across a restart.
//
// Open takes the path of a database file. The file is created, readable
// by its owner only, when it is missing; its directory is not. The file
// may be the store's own, or a receipt/sqlite file that the approvals
// share (in a table of their own): Open adds its table to a receipt
// store's file. The other way round does not work: receipt/sqlite
// refuses a file that this package created, so a shared file is made by
// the receipt store first. Open refuses any other program's database.
//
// Every move is durable before it returns. The file is in WAL mode with
// synchronous=FULL, and each move is one transaction (BEGIN IMMEDIATE:
// it takes the file's write lock at once), committed or rolled back: an
// intent claimed before a SIGKILL or a power cut is dispatching after it,
// and one whose Claim had not returned is approved or dispatching, never
// anything in between. A move is one conditional UPDATE (WHERE state =
// the state it starts from), so of racing moves, in any number of
// goroutines and processes, exactly one changes the row. Within a process
// writes take turns; between processes SQLite's file locks decide, and a
// write waits for another process's lock up to Options.BusyTimeout (5 s
// by default) or the end of its context. Readers never wait for a writer.
//
// Times are stored as integer nanoseconds since the Unix epoch (an
// unreached time as NULL); text as TEXT and the arguments and result as
// BLOBs, byte for byte.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"agentinput.dev/approval"
	"agentinput.dev/internal/sqlitefile"
)

// DefaultBusyTimeout is how long a write waits for another process's
// lock on the file when Options.BusyTimeout is zero.
const DefaultBusyTimeout = 5 * time.Second

// Options configures a Store. The zero Options is the default store.
type Options struct {
	// BusyTimeout is how long a write waits for a lock that another
	// process holds on the file before it fails; zero is
	// DefaultBusyTimeout. A call's context ends the wait sooner.
	BusyTimeout time.Duration
}

// Store is an approval.Store in a SQLite file. It is safe for concurrent
// use by many goroutines, and by many processes that open the same file.
type Store struct {
	db *sql.DB
	// writes lets one write transaction of this process run at a time,
	// as in receipt/sqlite: a connection that finds the file locked by
	// another connection of this process would sleep before it tries
	// again; waiting here hands the turn over at once.
	writes chan struct{}
}

var _ approval.Store = (*Store)(nil)

const (
	// applicationID marks a file this package created ("AIAP").
	applicationID = 0x41494150
	// receiptsID is receipt/sqlite's mark ("AIRC"): a file it created
	// may hold the approvals too.
	receiptsID = 0x41495243

	// schemaVersion is the version of the approvals' tables, kept in
	// approval_schema (user_version is the receipts' when they share
	// the file). Version 2 added what a person resolved (Resolve);
	// init brings a version 1 file up to it.
	schemaVersion = 2

	// seq orders intents prepared at the same instant, in the order
	// they were prepared: it is the rowid.
	schema = `
CREATE TABLE approval_schema (version INTEGER NOT NULL);
CREATE TABLE approval_intents (
	seq              INTEGER PRIMARY KEY,
	id               TEXT    NOT NULL UNIQUE,
	tool             TEXT    NOT NULL,
	remote           TEXT    NOT NULL,
	binding_id       TEXT    NOT NULL,
	binding_revision TEXT    NOT NULL,
	scope_id         TEXT    NOT NULL,
	scope_revision   TEXT    NOT NULL,
	arguments        BLOB    NOT NULL,
	state            TEXT    NOT NULL CHECK (state IN ('pending', 'denied', 'approved', 'dispatching', 'committed', 'not_started', 'unknown')),
	prepared         INTEGER NOT NULL,
	decided          INTEGER,
	claimed          INTEGER,
	finished         INTEGER,
	decided_by       TEXT    NOT NULL DEFAULT '',
	reason           TEXT    NOT NULL DEFAULT '',
	result           BLOB,
	code             TEXT    NOT NULL DEFAULT '',
	resolved         INTEGER,
	resolved_by      TEXT    NOT NULL DEFAULT '',
	resolve_reason   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX approval_intents_newest ON approval_intents (prepared, seq);
CREATE INDEX approval_intents_state ON approval_intents (state, prepared, seq);`

	columns = `id, tool, remote, binding_id, binding_revision, scope_id, scope_revision, arguments,
	state, prepared, decided, claimed, finished, decided_by, reason, result, code,
	resolved, resolved_by, resolve_reason`

	// migrate1 brings the tables of version 1 to version 2.
	migrate1 = `
ALTER TABLE approval_intents ADD COLUMN resolved INTEGER;
ALTER TABLE approval_intents ADD COLUMN resolved_by TEXT NOT NULL DEFAULT '';
ALTER TABLE approval_intents ADD COLUMN resolve_reason TEXT NOT NULL DEFAULT '';
UPDATE approval_schema SET version = 2;`
)

// Open opens the store in the SQLite file at path, creating the file (but
// not its directory) when it is missing, and the approvals' tables when
// the file has none.
func Open(path string, opts Options) (*Store, error) {
	if opts.BusyTimeout < 0 {
		return nil, fmt.Errorf("sqlite approvals: negative BusyTimeout %v: give a duration, or zero for the default", opts.BusyTimeout)
	}
	if path == "" {
		return nil, errors.New("sqlite approvals: no path: give the database file's path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite approvals: %w", err)
	}
	busy := opts.BusyTimeout
	if busy == 0 {
		busy = DefaultBusyTimeout
	}
	db, err := sqlitefile.Open(abs, busy)
	if err != nil {
		return nil, fmt.Errorf("sqlite approvals: open %s: %w", abs, err)
	}
	s := &Store{db: db, writes: make(chan struct{}, 1)}
	if err := s.init(); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite approvals: open %s: %w", abs, err)
	}
	return s, nil
}

// init checks the journal mode and creates or checks the tables, in one
// write transaction, so that two processes opening a new file at once
// create them once.
func (s *Store) init() error {
	ctx := context.Background()
	return s.write(ctx, func(tx *sql.Tx) error {
		var app, userVersion, objects, tables int64
		if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&userVersion); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE type = 'table' AND name = 'approval_schema')
FROM sqlite_schema`).Scan(&objects, &tables); err != nil {
			return err
		}
		switch {
		case app == 0 && userVersion == 0 && objects == 0:
			// A new file: the approvals'.
			if _, err := tx.ExecContext(ctx, "PRAGMA application_id = "+strconv.Itoa(applicationID)); err != nil {
				return err
			}
		case app != applicationID && app != receiptsID:
			return errors.New("the file is another program's database, not an approval or receipt store: give the store a file of its own")
		case tables == 1:
			var version int64
			if err := tx.QueryRowContext(ctx, "SELECT version FROM approval_schema").Scan(&version); err != nil {
				return fmt.Errorf("reading the approvals' schema version: %w", err)
			}
			switch {
			case version == schemaVersion:
				return nil
			case version == 1:
				if _, err := tx.ExecContext(ctx, migrate1); err != nil {
					return fmt.Errorf("bringing the approvals' tables from version 1 to 2: %w", err)
				}
				return nil
			case version > schemaVersion:
				return fmt.Errorf("the approvals have schema version %d, newer than this package's %d: a newer agentinput wrote them", version, schemaVersion)
			default:
				return fmt.Errorf("the approvals have schema version %d, which this package does not know", version)
			}
		}
		// A receipt store's file, or the approvals' own file that a
		// crash left without tables (the pragma and the tables are one
		// transaction, so that cannot happen): add the tables.
		if _, err := tx.ExecContext(ctx, schema); err != nil {
			return fmt.Errorf("create the tables: %w", err)
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO approval_schema (version) VALUES (?)", schemaVersion)
		return err
	})
}

// Close closes the store's connections. Calls after Close fail.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("sqlite approvals: close: %w", err)
	}
	return nil
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
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO approval_intents
(id, tool, remote, binding_id, binding_revision, scope_id, scope_revision, arguments, state, prepared)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
			out.ID, out.Tool, out.Remote, out.BindingID, out.BindingRevision, out.ScopeID, out.ScopeRevision,
			[]byte(out.Arguments), now.UnixNano())
		return err
	})
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
	in, err := scan(s.db.QueryRowContext(ctx, "SELECT "+columns+" FROM approval_intents WHERE id = ?", id))
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
	q, args := "SELECT "+columns+" FROM approval_intents ORDER BY prepared DESC, seq DESC LIMIT ?", []any{limit}
	if f.State != "" {
		q, args = "SELECT "+columns+" FROM approval_intents WHERE state = ? ORDER BY prepared DESC, seq DESC LIMIT ?", []any{string(f.State), limit}
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
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
	return s.move(ctx, "decide", id, []approval.State{approval.Pending}, "state = ?, decided = ?, decided_by = ?, reason = ?",
		string(to), now.UnixNano(), by, reason)
}

// Claim implements approval.Store.
func (s *Store) Claim(ctx context.Context, id string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckTime(now); err != nil {
		return approval.Intent{}, err
	}
	return s.move(ctx, "claim", id, []approval.State{approval.Approved}, "state = 'dispatching', claimed = ?", now.UnixNano())
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
	return s.move(ctx, "finish", id, []approval.State{approval.Dispatching}, "state = ?, finished = ?, result = ?, code = ?",
		string(to), now.UnixNano(), blob, code)
}

// Resolve implements approval.Store.
func (s *Store) Resolve(ctx context.Context, id string, to approval.State, by, reason string, now time.Time) (approval.Intent, error) {
	if err := approval.CheckResolve(to, by, reason, now); err != nil {
		return approval.Intent{}, err
	}
	return s.move(ctx, "resolve", id, approval.Resolvable, "state = ?, resolved = ?, resolved_by = ?, resolve_reason = ?",
		string(to), now.UnixNano(), by, reason)
}

// move makes one move of the intent id, from one of the states from,
// setting the columns set names to args, in one write transaction: one
// conditional UPDATE, and when it changed no row, one read of the intent
// to tell a missing intent from one in another state.
func (s *Store) move(ctx context.Context, op, id string, from []approval.State, set string, args ...any) (approval.Intent, error) {
	id, err := approval.ParseID(id)
	if err != nil {
		return approval.Intent{}, err
	}
	var out approval.Intent
	var moved bool
	err = s.write(ctx, func(tx *sql.Tx) error {
		var err error
		where := "state = ?"
		params := append(args, id, string(from[0]))
		for _, st := range from[1:] {
			where += " OR state = ?"
			params = append(params, string(st))
		}
		out, err = scan(tx.QueryRowContext(ctx, "UPDATE approval_intents SET "+set+" WHERE id = ? AND ("+where+") RETURNING "+columns,
			params...))
		if err == nil {
			moved = true
			return nil
		}
		if !errors.Is(err, approval.ErrNotFound) {
			return err
		}
		out, err = scan(tx.QueryRowContext(ctx, "SELECT "+columns+" FROM approval_intents WHERE id = ?", id))
		return err
	})
	switch {
	case err != nil:
		return approval.Intent{}, wrap(op+" "+id, err)
	case !moved:
		return out, approval.NewStateError(op, out, from[0])
	}
	return out, nil
}

// write runs f in a write transaction, after the other writes of this
// process. The transaction commits when f returns nil and rolls back
// otherwise. ctx bounds the wait for the turn and for the file's lock.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error) error {
	select {
	case s.writes <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.writes }()
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

type scanner interface{ Scan(dest ...any) error }

// scan reads one row of columns; no row is approval.ErrNotFound.
func scan(row scanner) (approval.Intent, error) {
	var (
		in                         approval.Intent
		state                      string
		prepared                   int64
		decided, claimed, finished sql.NullInt64
		resolved                   sql.NullInt64
		args, result               []byte
	)
	err := row.Scan(&in.ID, &in.Tool, &in.Remote, &in.BindingID, &in.BindingRevision, &in.ScopeID, &in.ScopeRevision,
		&args, &state, &prepared, &decided, &claimed, &finished, &in.DecidedBy, &in.Reason, &result, &in.Code,
		&resolved, &in.ResolvedBy, &in.ResolveReason)
	if errors.Is(err, sql.ErrNoRows) {
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
		src sql.NullInt64
	}{{&in.Decided, decided}, {&in.Claimed, claimed}, {&in.Finished, finished}, {&in.Resolved, resolved}} {
		if t.src.Valid {
			*t.dst = approval.Time(t.src.Int64)
		}
	}
	return in, nil
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("sqlite approvals: %s: %w", op, err)
}
