package eli

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, s string) {
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, func(x any) agentinput.Outcome[ELI] { return Read(x, Options{}) }, func(e ELI) any { return Format(e) }, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
