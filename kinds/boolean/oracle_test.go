package boolean

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

var oracleGreek, _ = New(Options{Languages: append(DefaultLanguages(), "el")})

func checkOracle(t *testing.T, s string) {
	canon := func(b bool) any { return b }
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, func(x any) agentinput.Outcome[bool] { return Read(x, Options{}) }, canon, v)
		oracle.Check(t, oracleGreek.Read, canon, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
