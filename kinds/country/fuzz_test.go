package country

import (
	"bytes"
	"testing"
)

// FuzzRead checks the invariants on any string: reading is pure, a value
// is canonical (it reads as itself with no note), an ask encodes.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, s)
		o := Read(s, Options{})
		first, err := o.MarshalJSON()
		if err != nil {
			t.Fatalf("Read(%q) does not encode: %v", s, err)
		}
		if second, _ := Read(s, Options{}).MarshalJSON(); !bytes.Equal(first, second) {
			t.Fatalf("Read(%q) is not pure", s)
		}
		if v, ok := o.Value(); ok {
			back := Read(v, Options{})
			if w, ok := back.Value(); !ok || w != v || back.NoteCount() != 0 {
				t.Fatalf("Read(%q) = %q, which does not read as itself", s, v)
			}
		}
	})
}
