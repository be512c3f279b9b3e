package main

import (
	"bytes"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"agentinput.dev/bench/internal/report"
)

// TestMain lets the report run this test binary as its workers, as it runs
// the built command.
func TestMain(m *testing.M) {
	if report.IsWorker() {
		os.Exit(report.Main(nil, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestReportSmoke runs every row of the report for one round of tiny
// batches (a short read input) and checks that each produced a finite,
// positive figure for both sides and its ratio, and that the table shows
// every row without an error. It checks that the report works, not what it
// measures: no figure is compared with a bound.
func TestReportSmoke(t *testing.T) {
	results, err := report.Run(report.Config{Rounds: 1, ProcessRounds: 1, Batch: time.Millisecond, Lines: 2000}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ids := report.IDs()
	if len(results) != len(ids) {
		t.Fatalf("%d results for %d rows", len(results), len(ids))
	}
	positive := func(xs []float64) bool {
		for _, x := range xs {
			if !(x > 0) || math.IsInf(x, 0) {
				return false
			}
		}
		return len(xs) == 1
	}
	for i, r := range results {
		if r.ID != ids[i] {
			t.Errorf("result %d is %q, want %q", i, r.ID, ids[i])
		}
		if r.Err != "" {
			t.Errorf("%s: %s", r.ID, r.Err)
			continue
		}
		if !positive(r.Ratios) || !positive(r.OursNs) || !positive(r.AnchorNs) {
			t.Errorf("%s: ratios %v, ours %v ns/op, anchor %v ns/op: want one finite positive figure each", r.ID, r.Ratios, r.OursNs, r.AnchorNs)
		}
		if r.OursN < 1 || r.AnchorN < 1 {
			t.Errorf("%s: batches of %d and %d operations", r.ID, r.OursN, r.AnchorN)
		}
	}
	var table bytes.Buffer
	report.Table(&table, results)
	lines := strings.Split(strings.TrimSpace(table.String()), "\n")
	if len(lines) != 2+len(ids) {
		t.Fatalf("table has %d lines, want a header, a rule and %d rows:\n%s", len(lines), len(ids), table.String())
	}
	for i, id := range ids {
		if l := lines[2+i]; !strings.HasPrefix(l, "| "+id+" |") || strings.Contains(l, "error") {
			t.Errorf("table row %d: %s", i, l)
		}
	}
}
