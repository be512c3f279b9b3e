package enum

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, e *Reader, s string) {
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, e.Read, func(s string) any { return s }, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
