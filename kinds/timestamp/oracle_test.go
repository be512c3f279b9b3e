package timestamp

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"
	"time"

	"agentinput.dev/internal/oracle"
)

func mustNew(opts Options) *Reader {
	r, err := New(opts)
	if err != nil {
		panic(err)
	}
	return r
}

var (
	// plain declares nothing: a spelling without a zone asks.
	plain = mustNew(Options{})
	// prague declares Europe/Prague as the default zone.
	prague = mustNew(Options{DefaultZone: "Europe/Prague"})
)

func checkOracle(t *testing.T, s string) {
	t.Helper()
	for _, r := range []*Reader{plain, prague} {
		for _, v := range oracle.Inputs(s) {
			oracle.Check(t, r.Read, func(x time.Time) any { return Format(x) }, v)
		}
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
