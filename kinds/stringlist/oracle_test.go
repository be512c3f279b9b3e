package stringlist

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, l *List[string], s string) {
	canon := func(items []string) any {
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = it
		}
		return out
	}
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, l.Read, canon, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
