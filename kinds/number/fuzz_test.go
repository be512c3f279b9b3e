package number

import (
	"encoding/json"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// FuzzRead checks the invariants of internal/oracle (exactly one outcome,
// a value's canonical spelling reads back as itself with no note, an ask
// is complete and its readings are canonical) on any string, read both
// as a string and, when it is JSON text, as the value it decodes to, under
// several options. Seeded from testdata/cases.txt.
func FuzzRead(f *testing.F) {
	oracle.Seed(f, "testdata/cases.txt")
	cs, _ := ConventionFor("cs")
	en, _ := ConventionFor("en")
	min, max := FromInt64(1), FromInt64(100)
	options := []Options{{}, {Integer: true}, {Convention: cs}, {Convention: en, Integer: true}, {Min: &min, Max: &max}}
	canon := func(d Decimal) any { return json.Number(d.String()) }
	f.Fuzz(func(t *testing.T, s string) {
		for _, opts := range options {
			read := func(v any) agentinput.Outcome[Decimal] { return Read(v, opts) }
			for _, v := range oracle.Inputs(s) {
				oracle.Check(t, read, canon, v)
			}
		}
	})
}
