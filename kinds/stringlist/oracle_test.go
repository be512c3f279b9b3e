package stringlist

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"encoding/json"
	"testing"

	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/number"
)

func checkOracle(t *testing.T, l *Reader[string], s string) {
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

// checkNumberOracle checks a list of numbers (Options.SplitAsks).
func checkNumberOracle(t *testing.T, l *Reader[number.Decimal], s string) {
	canon := func(items []number.Decimal) any {
		out := make([]any, len(items))
		for i, d := range items {
			out[i] = json.Number(d.String())
		}
		return out
	}
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, l.Read, canon, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
