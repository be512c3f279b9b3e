// Package sqlitefile opens the SQLite file of one of agentinput's durable
// stores (receipt/sqlite, approval/sqlite) the one way they share: the
// file created when missing and readable by its owner only, the pure-Go
// driver (modernc.org/sqlite, no cgo), WAL with synchronous=FULL, a busy
// timeout, BEGIN IMMEDIATE for every transaction, a bounded pool, and WAL
// checked to be in effect.
package sqlitefile

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Open opens the SQLite file at the absolute path, creating the file (but
// not its directory) when it is missing, with every connection waiting up
// to busy for a lock.
func Open(path string, busy time.Duration) (*sql.DB, error) {
	if err := create(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path, busy))
	if err != nil {
		return nil, err
	}
	// Readers beyond the CPUs do not read faster; the one more is the
	// writer's. A bound keeps a burst of reads from opening (and then
	// closing) a connection each.
	conns := min(runtime.GOMAXPROCS(0), 8) + 1
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	var mode string
	if err := db.QueryRowContext(context.Background(), "PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, err
	}
	if !strings.EqualFold(mode, "wal") {
		db.Close()
		return nil, fmt.Errorf("the journal mode is %q, not WAL: the file system may not support WAL's shared memory (a network file system?)", mode)
	}
	return db, nil
}

// create creates the file at path when it is missing, readable and
// writable by its owner only: a store's records may hold what others
// should not read. SQLite gives its -wal and -shm files the same
// permissions.
func create(path string) error {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the directory %s does not exist (Open does not create it)", filepath.Dir(path))
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// dsn is the driver's name for the file at path: a file: URI, so that a
// path holding '?' or '#' stays a path, with the pragmas every connection
// runs as it opens. _txlock=immediate makes every BeginTx a BEGIN
// IMMEDIATE: the stores open transactions only to write.
func dsn(path string, busy time.Duration) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows volume: file:///C:/...
	}
	ms := (busy + time.Millisecond - 1) / time.Millisecond
	q := url.Values{
		"_busy_timeout": {strconv.FormatInt(int64(ms), 10)},
		"_journal_mode": {"WAL"},
		"_synchronous":  {"FULL"},
		"_txlock":       {"immediate"},
	}
	return (&url.URL{Scheme: "file", Path: p}).String() + "?" + q.Encode()
}
