package cursor

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, c *Reader, s string) {
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, c.For("s", "f"), func(p Position) any { return c.Encode(p) }, v)
	}
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }
