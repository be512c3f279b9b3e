// Package tagstore keeps the demo's tag changes beyond one process
// (demo.Changes): in a SQLite file of its own, or in a table of a
// PostgreSQL database that every replica shares. serve puts them where
// its receipts are, so that a receipt never outlives the state it
// reports.
package tagstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/sqlitefile"
)

// SQLite opens the tag changes in the SQLite file at path, creating the
// file and its table when missing. Close closes it.
func SQLite(ctx context.Context, path string) (demo.Changes, func(), error) {
	db, err := sqlitefile.Open(path, 5*time.Second)
	if err != nil {
		return nil, nil, err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS tags (
	decision_id TEXT    NOT NULL PRIMARY KEY,
	tags        TEXT    NOT NULL,
	changed_at  INTEGER NOT NULL
) WITHOUT ROWID`); err != nil {
		db.Close()
		return nil, nil, err
	}
	return sqliteTags{db}, func() { db.Close() }, nil
}

// Postgres opens the tag changes in the database dsn names, creating their
// table when missing. Close closes its pool.
func Postgres(ctx context.Context, dsn string) (demo.Changes, func(), error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, nil, err
	}
	if err := createPostgresTags(ctx, pool); err != nil {
		pool.Close()
		return nil, nil, err
	}
	return postgresTags{pool}, pool.Close, nil
}

// sqliteTags keeps the tag changes in a SQLite file; every transaction is
// BEGIN IMMEDIATE (sqlitefile), so a change holds the file's write lock
// from its read to its commit.
type sqliteTags struct{ db *sql.DB }

func (s sqliteTags) Load(ctx context.Context) (map[string][]string, time.Time, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT decision_id, tags, changed_at FROM tags")
	if err != nil {
		return nil, time.Time{}, err
	}
	defer rows.Close()
	return scanTags(rows)
}

// tagRows are the rows of a query of (decision_id, tags, changed_at):
// database/sql's and pgx's alike.
type tagRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanTags reads every row of rows: the tags by decision, and the latest
// change's instant.
func scanTags(rows tagRows) (map[string][]string, time.Time, error) {
	out := map[string][]string{}
	var latest int64
	for rows.Next() {
		var id, tags string
		var at int64
		if err := rows.Scan(&id, &tags, &at); err != nil {
			return nil, time.Time{}, err
		}
		var list []string
		if err := json.Unmarshal([]byte(tags), &list); err != nil {
			return nil, time.Time{}, fmt.Errorf("decision %s: tags %q: %w", id, tags, err)
		}
		out[id], latest = list, max(latest, at)
	}
	if err := rows.Err(); err != nil {
		return nil, time.Time{}, err
	}
	return out, changedAt(latest), nil
}

func (s sqliteTags) Change(ctx context.Context, id string, generated []string, now time.Time, change func([]string) []string) ([]string, []string, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	before := slices.Clone(generated)
	var stored string
	switch err := tx.QueryRowContext(ctx, "SELECT tags FROM tags WHERE decision_id = ?", id).Scan(&stored); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, nil, err
	default:
		if err := json.Unmarshal([]byte(stored), &before); err != nil {
			return nil, nil, err
		}
	}
	after := change(slices.Clone(before))
	if slices.Equal(before, after) {
		return before, after, tx.Commit()
	}
	b, _ := json.Marshal(after)
	if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO tags (decision_id, tags, changed_at) VALUES (?, ?, ?)", id, string(b), now.UnixNano()); err != nil {
		return nil, nil, err
	}
	return before, after, tx.Commit()
}

// postgresTags keeps the tag changes in a table of the receipts' database,
// shared by every replica; a change locks its decision's row from its read
// to its commit.
type postgresTags struct{ pool *pgxpool.Pool }

// postgresTagsTable is the demo's table; postgresTagsLock the key of the
// advisory lock under which replicas that start together create it.
const (
	postgresTagsTable = "agentinput_demo_tags"
	postgresTagsLock  = 0x64656d6f74616773 // "demotags"
)

func createPostgresTags(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(postgresTagsLock)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+postgresTagsTable+` (
	decision_id text PRIMARY KEY,
	tags text NOT NULL,
	changed_at bigint NOT NULL
)`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (p postgresTags) Load(ctx context.Context) (map[string][]string, time.Time, error) {
	rows, err := p.pool.Query(ctx, "SELECT decision_id, tags, changed_at FROM "+postgresTagsTable)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer rows.Close()
	return scanTags(rows)
}

func (p postgresTags) Change(ctx context.Context, id string, generated []string, now time.Time, change func([]string) []string) ([]string, []string, error) {
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback(ctx)
	initial, _ := json.Marshal(generated)
	// A row for the decision, so that there is one to lock: the generated
	// tags, unchanged (changed_at 0), when no change made one yet.
	if _, err := tx.Exec(ctx, "INSERT INTO "+postgresTagsTable+" (decision_id, tags, changed_at) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING",
		id, string(initial)); err != nil {
		return nil, nil, err
	}
	var stored string
	if err := tx.QueryRow(ctx, "SELECT tags FROM "+postgresTagsTable+" WHERE decision_id = $1 FOR UPDATE", id).Scan(&stored); err != nil {
		return nil, nil, err
	}
	var before []string
	if err := json.Unmarshal([]byte(stored), &before); err != nil {
		return nil, nil, err
	}
	after := change(slices.Clone(before))
	if !slices.Equal(before, after) {
		b, _ := json.Marshal(after)
		if _, err := tx.Exec(ctx, "UPDATE "+postgresTagsTable+" SET tags = $2, changed_at = $3 WHERE decision_id = $1",
			id, string(b), now.UnixNano()); err != nil {
			return nil, nil, err
		}
	}
	return before, after, tx.Commit(ctx)
}

// changedAt is a stored change instant, or zero for none.
func changedAt(nanos int64) time.Time {
	if nanos == 0 {
		return time.Time{}
	}
	return time.Unix(0, nanos).UTC()
}
