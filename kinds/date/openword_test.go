package date

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// TestPropertyOpenWords: a word for "all" or "any" in any of the library's
// languages (spelling.AllWords), an infinity or "open", in any case and in
// brackets or not, is no bound on a range bound (absent, note open_bound)
// and never a date on a property that is one date.
func TestPropertyOpenWords(t *testing.T) {
	var all []string
	for _, lang := range spelling.AllWordLanguages() {
		all = append(all, spelling.AllWords(lang)...)
	}
	all = append(all, "infinity", "∞", "-∞", "open", "unbounded", "any time", "*")
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(all).Draw(t, "word")
		if rapid.Bool().Draw(t, "upper") {
			w = strings.ToUpper(w)
		}
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {"[", "]"}, {"(", ")"}, {" ", " "}}).Draw(t, "wrap")
		in := wrap[0] + w + wrap[1]
		bound := rapid.SampledFrom([]Bound{BoundFrom, BoundTo}).Draw(t, "bound")
		o := Read(in, Options{Bound: bound})
		codes := o.NoteCodes()
		if o.Status() != agentinput.StatusAbsent || len(codes) == 0 || codes[len(codes)-1] != agentinput.NoteOpenBound {
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) on a %s bound = %s, want absent with open_bound", in, bound, b)
		}
		if _, ok := Read(in, Options{}).Value(); ok {
			t.Fatalf("Read(%q) on a date is a value", in)
		}
	})
}
