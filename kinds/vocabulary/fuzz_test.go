package vocabulary

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

func trimForOracle(s string) (string, bool) { return spelling.Trim(s) }

// FuzzRead checks, for any string, the invariants the properties check for
// drawn ones: no panic, purity, a value only when the brute-force oracle
// finds exactly that entry, an ask ambiguous naming each entry when it
// finds several. Seeded from testdata/cases.txt.
func FuzzRead(f *testing.F) {
	v := courts(f)
	var entries []Entry
	for _, id := range v.IDs() {
		e, _ := v.Entry(id)
		entries = append(entries, e)
	}
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, v, s)
		o := v.Read(s)
		a, _ := o.MarshalJSON()
		b, _ := v.Read(s).MarshalJSON()
		if string(a) != string(b) {
			t.Fatalf("%q: not pure", s)
		}
		if len(s) > agentinput.MaxScalarBytes || spelling.Hidden(s) != "" {
			return
		}
		t2, _ := trimForOracle(s)
		want, value := oracleRead(entries, t2)
		switch id, ok := o.Value(); {
		case ok && (!value || want[0] != id):
			t.Fatalf("%q: value %s, oracle %v", s, id, want)
		case len(want) > 1 && o.Status() != agentinput.StatusAsk:
			t.Fatalf("%q: oracle %v, got %s", s, want, a)
		}
	})
}
