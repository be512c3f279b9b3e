package uuid

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/oracle"
)

func eqUUID(a, b UUID) bool { return a == b }

// TestSpellReadsBack: every spelling Spell draws of an id that is no
// placeholder reads back as that id.
func TestSpellReadsBack(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		v, err := Parse(drawID(t))
		if err != nil {
			t.Fatal(err)
		}
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, eqUUID)
	})
}

// TestAmbiguousAsks: a UUID has no spelling with two meanings, so
// Ambiguous has none for any id, a placeholder's or another's (the set of
// values with one is empty); were it to draw one, the Reader must ask.
func TestAmbiguousAsks(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		c := drawID(t)
		if rapid.Bool().Draw(t, "placeholder") {
			c = drawPlaceholder(t)
		}
		v, _ := Parse(c)
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		if ok {
			oracle.AsksAbout(t, r, s, v, eqUUID)
			t.Fatalf("Ambiguous(%s) = %q: a UUID spelling has one meaning or none", c, s.Value)
		}
	})
}

// TestSpellExamples lists a spelling per class, for reading.
func TestSpellExamples(t *testing.T) {
	r, _ := New(Options{})
	v, _ := Parse(exampleID)
	for _, c := range []struct {
		choose      oracle.Labels
		want, class string
	}{
		{oracle.Labels{}, exampleID, "canonical"},
		{oracle.Labels{"case": 1}, "4E6A3FAC-9262-4826-91F0-E77195E54C58", "upper case"},
		{oracle.Labels{"no hyphens": 1}, "4e6a3fac9262482691f0e77195e54c58", "no hyphens"},
		{oracle.Labels{"wrap": 1}, "{" + exampleID + "}", "braces"},
		{oracle.Labels{"wrap": 2, "prefix upper": 1}, "URN:UUID:" + exampleID, "urn:uuid: prefix"},
		{oracle.Labels{"quoted": 1, "quotes": 3, "inner left": 1, "left": 3}, "\t“ " + exampleID + "”", "quotes + outer whitespace"},
	} {
		s := r.Spell(c.choose, v)
		if s.Value != c.want || s.Class != c.class {
			t.Errorf("Spell(%v) = %q (%s), want %q (%s)", c.choose, s.Value, s.Class, c.want, c.class)
		}
	}
}

// BenchmarkSpell spells 10,000 random ids per op.
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{})
	x := oracle.Xorshift(88172645463325252)
	vs := make([]UUID, 10_000)
	for i := range vs {
		for j := range vs[i] {
			vs[i][j] = byte(x.Choose("byte", 256))
		}
	}
	var sink any
	b.ResetTimer()
	for b.Loop() {
		for _, v := range vs {
			sink = r.Spell(&x, v)
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(vs)), "ns/spelling")
}
