package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// The one parser of --store, for the receipts and the approvals.
func TestParseStore(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	for _, c := range []struct {
		spec string
		want storeSpec
		bad  string // the error, when the spec is refused
	}{
		{spec: "memory", want: storeSpec{kind: "memory"}},
		{spec: "", want: storeSpec{kind: "sqlite", path: filepath.Join(state, "agentinput", "x.db")}},
		{spec: "sqlite:rel/a.db", want: storeSpec{kind: "sqlite", path: "rel/a.db"}},
		{spec: "sqlite:/abs/a?b#c.db", want: storeSpec{kind: "sqlite", path: "/abs/a?b#c.db"}},
		{spec: "postgres://u:secret@db/app", want: storeSpec{kind: "postgres", dsn: "postgres://u:secret@db/app"}},
		{spec: "postgresql://db/app", want: storeSpec{kind: "postgres", dsn: "postgresql://db/app"}},
		// Spellings that name no store: never a guess at one.
		{spec: "sqlite:", bad: "needs a path"},
		{spec: "Memory", bad: `"Memory": want memory, sqlite:PATH or postgres://DSN`},
		{spec: "a.db", bad: "want memory, sqlite:PATH"},
		{spec: "host=db dbname=app", bad: "want memory, sqlite:PATH"},
		{spec: "mysql://db", bad: "want memory, sqlite:PATH"},
	} {
		got, err := parseStore(c.spec, "x.db")
		if c.bad != "" {
			var bad badStore
			if !errors.As(err, &bad) || !strings.Contains(err.Error(), c.bad) {
				t.Errorf("parseStore(%q) = %+v, %v; want a badStore saying %q", c.spec, got, err, c.bad)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("parseStore(%q) = %+v, %v; want %+v", c.spec, got, err, c.want)
		}
		if strings.Contains(got.String(), "secret") {
			t.Errorf("the store %q is logged as %q, with its password", c.spec, got)
		}
	}
}

// The approvals refuse memory, as a usage error, and the receipts take it.
func TestOpenApprovalsRefusesMemory(t *testing.T) {
	_, _, err := openApprovals(context.Background(), "memory", true)
	var bad badStore
	if !errors.As(err, &bad) || !strings.Contains(err.Error(), "approvals need a durable store") {
		t.Errorf("openApprovals(memory): %v, want a badStore saying why", err)
	}
	s, closeStore, where, err := openStore(context.Background(), "memory")
	if err != nil || s == nil || !strings.HasPrefix(where, "memory") {
		t.Fatalf("openStore(memory): %v, %q", err, where)
	}
	closeStore()
	// With create, the proxy's opener makes the file and its directory.
	path := filepath.Join(t.TempDir(), "new", "approvals.db")
	a, where, err := openApprovals(context.Background(), "sqlite:"+path, true)
	if err != nil || where != "sqlite:"+path {
		t.Fatalf("openApprovals(create): %v, %q", err, where)
	}
	a.Close()
}
