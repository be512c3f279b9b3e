package number

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// FuzzRead checks the invariants of internal/oracle (exactly one outcome,
// a value's canonical spelling reads back as itself with no note, an ask
// is complete and its readings are canonical) on any string, read both
// as a string and, when it is JSON text, as the value it decodes to, under
// several options; and, for the string under the zero Options, that Read
// agrees with the reference reader (reference_test.go), so that a fuzzer
// that finds a wrong value fails. Seeded from testdata/cases.txt.
func FuzzRead(f *testing.F) {
	oracle.Seed(f, "testdata/cases.txt")
	cs, _ := ConventionFor("cs")
	en, _ := ConventionFor("en")
	min, max := FromInt64(1), FromInt64(100)
	options := []Options{{}, {Integer: true}, {Convention: cs}, {Convention: en, Integer: true}, {Min: &min, Max: &max}}
	canon := func(d Decimal) any { return json.Number(d.String()) }
	f.Fuzz(func(t *testing.T, s string) {
		if inReferenceDomain(s) {
			if msg := disagreement(s, Read(s, Options{})); msg != "" {
				t.Fatal(msg)
			}
		}
		for _, opts := range options {
			read := func(v any) agentinput.Outcome[Decimal] { return Read(v, opts) }
			for _, v := range oracle.Inputs(s) {
				oracle.Check(t, read, canon, v)
			}
		}
	})
}

// inReferenceDomain: the reference reader models strings within the size
// budget whose values lie inside float64's range, the JSON number range
// Read admits (the reference does not check that range, and with an
// exponent of four digits or more it would compute a huge big.Rat).
func inReferenceDomain(s string) bool {
	if len(s) > agentinput.MaxScalarBytes {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != 'e' && s[i] != 'E' {
			continue
		}
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k-j > 3 {
			return false
		}
	}
	ref := refRead(s)
	for _, r := range append([]*big.Rat{ref.value}, ref.readings...) {
		if r != nil && !inFloat64Range(r) {
			return false
		}
	}
	return true
}

var (
	maxFloat64 = new(big.Rat).SetFloat64(math.MaxFloat64)
	minFloat64 = new(big.Rat).SetFloat64(math.SmallestNonzeroFloat64)
)

func inFloat64Range(r *big.Rat) bool {
	a := new(big.Rat).Abs(r)
	return a.Sign() == 0 || (a.Cmp(maxFloat64) <= 0 && a.Cmp(minFloat64) >= 0)
}
