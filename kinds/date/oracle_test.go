package date

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, s string, opts Options) {
	canon := func(d Date) any { return Format(d) }
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, func(x any) agentinput.Outcome[Date] { return Read(x, opts) }, canon, v)
	}
}

// seedOracle adds each row of testdata/cases.txt as JSON text and, when
// it is a string, as itself, for each bound.
func seedOracle(f *testing.F) {
	for _, r := range casefile.Load(f, "testdata/cases.txt").Rows() {
		for b := range uint8(3) {
			f.Add(r.Raw, b)
			if s, ok := r.Input.(string); ok {
				f.Add(s, b)
			}
		}
	}
}
