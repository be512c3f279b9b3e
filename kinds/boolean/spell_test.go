package boolean

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameBool(a, b bool) bool { return a == b }

// spellReader draws a Reader over a random language set (drawLanguages).
func spellReader(t *rapid.T) *Reader {
	codes, _ := drawLanguages(t)
	r, err := New(Options{Languages: codes})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSpellReadsBack: every spelling Spell draws reads back as its value,
// in every language set.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := spellReader(t)
		v := rapid.Bool().Draw(t, "v")
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, sameBool)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with v
// among the readings; a set with Greek and Czech always has one ("ne").
func TestAmbiguousAsks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := spellReader(t)
		v := rapid.Bool().Draw(t, "v")
		if s, ok := r.Ambiguous(oracle.Draws(t), v); ok {
			oracle.AsksAbout(t, r, s, v, sameBool)
		}
		el, _ := New(Options{Languages: []string{"cs", "el"}})
		s, ok := el.Ambiguous(oracle.Draws(t), v)
		if !ok {
			t.Fatalf("Ambiguous(%v) with cs and el: none, want \"ne\"", v)
		}
		oracle.AsksAbout(t, el, s, v, sameBool)
	})
	if _, ok := (&Reader{}).Ambiguous(oracle.Plain{}, true); ok {
		t.Fatal("the default languages have an ambiguous word")
	}
}

// TestSpellCanonical: choice 0 everywhere is the canonical spelling.
func TestSpellCanonical(t *testing.T) {
	for _, v := range []bool{true, false} {
		if s := (&Reader{}).Spell(oracle.Plain{}, v); s.Value != v || s.Class != "canonical" {
			t.Fatalf("Spell(%v) at choice 0 = %#v", v, s)
		}
	}
}

// TestSpellExamples lists a few spellings of each class.
func TestSpellExamples(t *testing.T) {
	r, _ := New(Options{Languages: []string{"en", "cs", "el", "pt"}})
	seen := map[string]bool{}
	c := oracle.Seeded(1)
	for range 400 {
		v := c.Choose("v", 2) == 1
		s := r.Spell(c, v)
		if !seen[s.Class] && len(seen) < 40 {
			seen[s.Class] = true
			t.Logf("%-60s %#v → %v", s.Class, s.Value, v)
		}
		if got, ok := r.Read(s.Value).Value(); !ok || got != v {
			t.Fatalf("%s %#v: not read back as %v", s.Class, s.Value, v)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is 10,000 spellings of random values.
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{Languages: []string{"en", "cs", "de", "el"}})
	c := oracle.Seeded(88172645463325252)
	for b.Loop() {
		for range 10000 {
			sinkSpelled = r.Spell(c, c.Choose("v", 2) == 1)
		}
	}
}
