package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"agentinput.dev/approval"
	approvalpostgres "agentinput.dev/approval/postgres"
	approvalsqlite "agentinput.dev/approval/sqlite"
	"agentinput.dev/receipt"
	"agentinput.dev/receipt/postgres"
	"agentinput.dev/receipt/sqlite"
)

// storeSpec is what a --store value names. The receipts (serve) and the
// approvals (approvals, proxy) read their --store with this one parser:
//
//	memory          the receipts in memory (refused for approvals)
//	sqlite:PATH     a SQLite file
//	postgres://DSN  a PostgreSQL database (postgresql:// too)
//	""              (the flag not given) SQLite in the user's state directory
type storeSpec struct {
	kind string // "memory", "sqlite" or "postgres"
	path string // the SQLite file
	dsn  string // the PostgreSQL URL
}

// badStore is the error of a --store value that names no store the
// command can use: a usage error, not a failing store.
type badStore string

func (e badStore) Error() string { return string(e) }

// parseStore reads a --store value; defaultFile is the name of the SQLite
// file in the user's state directory when spec is "".
func parseStore(spec, defaultFile string) (storeSpec, error) {
	switch {
	case spec == "memory":
		return storeSpec{kind: "memory"}, nil
	case spec == "":
		path, err := statePath(defaultFile)
		if err != nil {
			return storeSpec{}, err
		}
		return storeSpec{kind: "sqlite", path: path}, nil
	case strings.HasPrefix(spec, "sqlite:"):
		path := strings.TrimPrefix(spec, "sqlite:")
		if path == "" {
			return storeSpec{}, badStore("--store sqlite: needs a path: sqlite:PATH")
		}
		return storeSpec{kind: "sqlite", path: path}, nil
	case strings.HasPrefix(spec, "postgres://") || strings.HasPrefix(spec, "postgresql://"):
		return storeSpec{kind: "postgres", dsn: spec}, nil
	}
	return storeSpec{}, badStore(fmt.Sprintf("--store %q: want memory, sqlite:PATH or postgres://DSN", spec))
}

// String says where the store is, for a log or a message: never the
// DSN, which may hold a password.
func (s storeSpec) String() string {
	switch s.kind {
	case "sqlite":
		return "sqlite:" + s.path
	case "postgres":
		return "postgres"
	}
	return s.kind
}

// statePath is the file name in the user's state directory:
// $XDG_STATE_HOME/agentinput/NAME, or ~/.local/state/agentinput/NAME.
func statePath(name string) (string, error) {
	if dir := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "agentinput", name), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state directory for the store (set XDG_STATE_HOME, or pass --store): %w", err)
	}
	return filepath.Join(home, ".local", "state", "agentinput", name), nil
}

// The SQLite files of the default stores, in the user's state directory.
const (
	defaultReceiptsFile  = "demo.db"
	defaultApprovalsFile = "approvals.db"
)

// openStore opens the receipt store a --store value names, and says where
// it is for the log (never a password).
func openStore(ctx context.Context, flag string) (receipt.Store, func(), string, error) {
	spec, err := parseStore(flag, defaultReceiptsFile)
	if err != nil {
		return nil, nil, "", err
	}
	switch spec.kind {
	case "memory":
		return &receipt.Memory{}, func() {}, "memory (receipts end with the process)", nil
	case "sqlite":
		if err := os.MkdirAll(filepath.Dir(spec.path), 0o700); err != nil {
			return nil, nil, "", fmt.Errorf("the receipt store's directory: %w", err)
		}
		s, err := sqlite.Open(spec.path, sqlite.Options{})
		if err != nil {
			return nil, nil, "", err
		}
		return s, func() { s.Close() }, spec.String(), nil
	}
	s, err := postgres.Open(ctx, spec.dsn, postgres.Options{})
	if err != nil {
		return nil, nil, "", err
	}
	return s, func() { s.Close() }, spec.String(), nil
}

// errMemoryApprovals is the answer to --store memory for approvals.
var errMemoryApprovals error = badStore("--store memory: approvals need a durable store, since an approval outlives the process that asked for it and is given from another (agentinput approvals): give sqlite:PATH or postgres://DSN (docs/approvals.md)")

// openApprovals opens the approval store a --store value names, and says
// where it is (never a password). With create, a missing SQLite file
// (and its directory) is created, as a proxy does on its first start;
// without, a missing file is an error, so that an operator's mistyped
// path is not answered as an empty store.
func openApprovals(ctx context.Context, flag string, create bool) (approval.Store, string, error) {
	spec, err := parseStore(flag, defaultApprovalsFile)
	if err != nil {
		return nil, "", err
	}
	switch spec.kind {
	case "memory":
		return nil, "", errMemoryApprovals
	case "sqlite":
		if create {
			if err := os.MkdirAll(filepath.Dir(spec.path), 0o700); err != nil {
				return nil, "", fmt.Errorf("the approval store's directory: %w", err)
			}
		} else if _, err := os.Stat(spec.path); errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("no approval store at %s: check the path (--store sqlite:PATH); the proxy creates it on its first start", spec.path)
		}
		s, err := approvalsqlite.Open(spec.path, approvalsqlite.Options{})
		if err != nil {
			return nil, "", err
		}
		return s, spec.String(), nil
	}
	s, err := approvalpostgres.Open(ctx, spec.dsn, approvalpostgres.Options{})
	if err != nil {
		return nil, "", err
	}
	return s, spec.String(), nil
}
