package timestamp

import (
	"testing"
	"time"
)

// FuzzRead checks the oracle's invariants on any string, with and without
// a default zone, and that a value the fast path does not read agrees
// with time.Parse wherever time.Parse reads RFC 3339.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, s)
		ref, err := time.Parse(time.RFC3339Nano, s)
		if err != nil || ref.Year() < 1 || ref.Year() > 9999 {
			return
		}
		if v, ok := plain.Read(s).Value(); ok && !v.Equal(ref) {
			t.Fatalf("Read(%q) = %s; time.Parse reads %s", s, Format(v), Format(ref))
		}
	})
}
