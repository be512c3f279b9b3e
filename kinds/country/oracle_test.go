package country

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, s string) {
	canon := func(c string) any { return c }
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, func(x any) agentinput.Outcome[string] { return Read(x, Options{}) }, canon, v)
		oracle.Check(t, func(x any) agentinput.Outcome[string] { return Read(x, Options{Admit: []string{"CZ", "SK"}}) }, canon, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
