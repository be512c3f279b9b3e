package locale

import (
	"bytes"
	"testing"

	"agentinput.dev/agentinput"
)

// FuzzRead checks the invariants on any string: reading is pure, a value
// reads back as itself with no note (or, for a language whose code is
// asked about, "se", as an ask), an ask encodes.
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
			back := Read(v.String(), Options{})
			if w, ok := back.Value(); ok && (w != v || back.NoteCount() != 0) {
				t.Fatalf("Read(%q) = %s, which reads as %s with %d notes", s, v, w, back.NoteCount())
			}
			if a, ok := back.Ask(); ok && a.Code != agentinput.AskAmbiguous {
				t.Fatalf("Read(%q) = %s, which is an ask %s", s, v, a.Code)
			}
		}
	})
}
