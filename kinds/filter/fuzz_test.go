package filter

import (
	"encoding/json"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/number"
)

// FuzzRead checks the invariants of internal/oracle on a filter over a
// vocabulary and one over numbers, for any string read as a string and,
// when it is JSON text, as the value it decodes to. Seeded from
// testdata/cases.txt.
func FuzzRead(f *testing.F) {
	oracle.Seed(f, "testdata/cases.txt")
	courtsFilter, err := New(Options[string]{Vocabulary: courts(f)})
	if err != nil {
		f.Fatal(err)
	}
	numbers, err := New(Options[number.Decimal]{Read: func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, number.Options{}) }})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range oracle.Inputs(s) {
			oracle.Check(t, courtsFilter.Read, func(id string) any { return id }, v)
			oracle.Check(t, numbers.Read, func(d number.Decimal) any { return json.Number(d.String()) }, v)
		}
	})
}
