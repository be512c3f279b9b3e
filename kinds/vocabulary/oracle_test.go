package vocabulary

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, v *Reader, s string) {
	for _, x := range oracle.Inputs(s) {
		oracle.Check(t, v.Read, func(id string) any { return id }, x)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
