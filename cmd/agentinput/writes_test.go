package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/longtest"
)

// The tests in this file hold serve to the first promise of docs/writes.md:
// no sequence of do calls produces a reply whose reported state differs
// from the state a read returns right after it, on every store, across a
// restart and across replicas.

// untagged is a decision of the demo's dataset that does not have tag.
func untagged(t *testing.T, tag string) string {
	t.Helper()
	for _, d := range demo.Generate() {
		if !slices.Contains(d.Tags, tag) {
			return d.ID
		}
	}
	t.Fatalf("every decision has %s", tag)
	return ""
}

// doResult is a do call's structured result.
type doResult struct {
	Status           string    `json:"status"`
	Changed          bool      `json:"changed"`
	AppliedValue     *[]string `json:"applied_value"`
	PreviousValue    *[]string `json:"previous_value"`
	Compensable      bool      `json:"compensable"`
	CompensationHint *string   `json:"compensation_hint"`
}

// doTags calls a tagging tool (do_tag_decision or do_untag_decision)
// without an idempotency key, as a model that never sends one does, and
// returns its result and whether it was replayed.
func doTags(t *testing.T, cs *sdk.ClientSession, tool, id string, tags ...string) (doResult, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: map[string]any{"decision_id": id, "tags": tags}})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError {
		t.Fatalf("%s: %s", tool, callText(res))
	}
	var d doResult
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &d); err != nil || d.AppliedValue == nil || d.PreviousValue == nil {
		t.Fatalf("%s: result %s (%v)", tool, b, err)
	}
	effect, replayed := write(t, res)
	if effect != "committed" {
		t.Fatalf("%s: effect %q", tool, effect)
	}
	return d, replayed
}

// readTags reads a decision's tags with read_decision.
func readTags(t *testing.T, cs *sdk.ClientSession, id string) []string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_decision", Arguments: map[string]any{"id": id}})
	if err != nil || res.IsError {
		t.Fatalf("read_decision: %v %s", err, callText(res))
	}
	var r struct {
		Value struct {
			Tags []string `json:"tags"`
		} `json:"value"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r.Value.Tags
}

// tagUntagTag sends do_tag_decision, do_untag_decision and do_tag_decision
// with the same tag and no key, the i-th call through at(i) and a read
// after each through at(i+1) (another replica, where there are two), and
// holds each reply to the truth: all three apply, each reports the tags
// before and after as the read finds them, and none is a replay. between,
// when set, runs after the first and the second call (a restart).
func tagUntagTag(t *testing.T, at func(i int) *sdk.ClientSession, between func()) {
	t.Helper()
	const tag = "tort"
	id := untagged(t, tag)
	steps := []struct {
		tool string
		has  bool // whether the decision has the tag after the call
	}{{"do_tag_decision", true}, {"do_untag_decision", false}, {"do_tag_decision", true}}
	for i, step := range steps {
		before := readTags(t, at(i), id)
		d, replayed := doTags(t, at(i), step.tool, id, tag)
		after := readTags(t, at(i+1), id)
		switch {
		case replayed:
			t.Fatalf("call %d (%s) was answered from an earlier receipt", i+1, step.tool)
		case !d.Changed || slices.Contains(*d.AppliedValue, tag) != step.has:
			t.Fatalf("call %d (%s) did not apply: %+v", i+1, step.tool, d)
		case !slices.Equal(*d.PreviousValue, before) || !slices.Equal(*d.AppliedValue, after):
			t.Fatalf("call %d (%s) reported %v → %v; the reads found %v before and %v after", i+1, step.tool, *d.PreviousValue, *d.AppliedValue, before, after)
		}
		if between != nil && i < len(steps)-1 {
			between()
		}
	}
	// A retry right after the last call, no write in between: a replay,
	// still true.
	d, replayed := doTags(t, at(3), "do_tag_decision", id, tag)
	if !replayed || !slices.Equal(*d.AppliedValue, readTags(t, at(4), id)) {
		t.Fatalf("a retry of the last call: replayed %v, reported %v", replayed, *d.AppliedValue)
	}
}

func stdioServe(t *testing.T, args ...string) *sdk.ClientSession {
	t.Helper()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.CommandTransport{Command: childCommand(t, nil, args...)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestTagUntagTagInMemory(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	if testing.Short() {
		t.Skip("runs child processes")
	}
	cs := stdioServe(t, "--store", "memory")
	tagUntagTag(t, func(int) *sdk.ClientSession { return cs }, nil)
}

// On SQLite, with serve restarted after each call: the receipts and the
// demo's tags both outlive the process.
func TestTagUntagTagAcrossSQLiteRestarts(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	if testing.Short() {
		t.Skip("runs child processes")
	}
	db := filepath.Join(t.TempDir(), "receipts.db")
	cs := stdioServe(t, "--store", "sqlite:"+db)
	tagUntagTag(t, func(int) *sdk.ClientSession { return cs }, func() {
		cs.Close()
		cs = stdioServe(t, "--store", "sqlite:"+db)
	})
}

// On PostgreSQL, each call on one replica and each read on the other.
func TestTagUntagTagAcrossPostgresReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes")
	}
	dsn := postgresDSN(t)
	a, b := startHTTP(t, nil, "--store", dsn), startHTTP(t, nil, "--store", dsn)
	sessions := []*sdk.ClientSession{a.client(t), b.client(t)}
	tagUntagTag(t, func(i int) *sdk.ClientSession { return sessions[i%2] }, nil)
}
