package enum

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameString(a, b string) bool { return a == b }

// spellSpec draws a declared set: drawSpec's small-alphabet values that
// collide and come near each other, or a fixed set of identifiers with
// synonyms, numbers and booleans.
func spellSpec(t *rapid.T) Options {
	if rapid.Bool().Draw(t, "fixed spec") {
		return fixedSpec
	}
	return drawSpec(t)
}

var fixedSpec = Options{
	Values: []string{"draft", "published_at", "re-set", "reset", "tax", "contracts", "Café_Crème", "HTTPServer",
		"not_started", "10", "true", "do_tag_decision", "archive"},
	Synonyms: map[string]string{"ok": "published_at", "Live Now": "published_at", "crème brûlée": "Café_Crème"},
}

// TestSpellReadsBack: every spelling Spell draws of a declared value reads
// back as that value.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := spellSpec(t)
		e, err := New(spec)
		if err != nil {
			t.Fatalf("New(%+v): %v", spec, err)
		}
		v := rapid.SampledFrom(spec.Values).Draw(t, "value")
		oracle.ReadsBack(t, e, e.Spell(oracle.Draws(t), v), v, sameString)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with v
// among the readings; the fixed set's values re-set, reset, tax,
// contracts, published_at and do_tag_decision always have one.
func TestAmbiguousAsks(t *testing.T) {
	fixed, err := New(fixedSpec)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		spec := spellSpec(t)
		e, err := New(spec)
		if err != nil {
			t.Fatalf("New(%+v): %v", spec, err)
		}
		v := rapid.SampledFrom(spec.Values).Draw(t, "value")
		if s, ok := e.Ambiguous(oracle.Draws(t), v); ok {
			oracle.AsksAbout(t, e, s, v, sameString)
		}
		v = rapid.SampledFrom([]string{"re-set", "reset", "tax", "contracts", "published_at", "do_tag_decision"}).Draw(t, "known")
		s, ok := fixed.Ambiguous(oracle.Draws(t), v)
		if !ok {
			t.Fatalf("Ambiguous(%q): none", v)
		}
		oracle.AsksAbout(t, fixed, s, v, sameString)
	})
}

// TestSpellCanonical: choice 0 everywhere is the declared value.
func TestSpellCanonical(t *testing.T) {
	e, _ := New(fixedSpec)
	for _, v := range fixedSpec.Values {
		if s := e.Spell(oracle.Plain{}, v); s.Value != v || s.Class != "canonical" {
			t.Fatalf("Spell(%q) at choice 0 = %#v", v, s)
		}
	}
}

// TestSpellExamples lists a spelling of each class drawn for the fixed set.
func TestSpellExamples(t *testing.T) {
	e, _ := New(fixedSpec)
	seen := map[string]bool{}
	c := oracle.Seeded(7)
	for range 2000 {
		v := fixedSpec.Values[c.Choose("v", len(fixedSpec.Values))]
		s := e.Spell(c, v)
		if got, ok := e.Read(s.Value).Value(); !ok || got != v {
			t.Fatalf("%s %#v: not read back as %q", s.Class, s.Value, v)
		}
		if !seen[s.Class] {
			seen[s.Class] = true
			t.Logf("%-45s %#v → %q", s.Class, s.Value, v)
		}
		if a, ok := e.Ambiguous(c, v); ok && !seen["ask "+a.Class] {
			seen["ask "+a.Class] = true
			t.Logf("asks: %-40s %#v → %q", a.Class, a.Value, v)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is 10,000 spellings of random declared values.
func BenchmarkSpell(b *testing.B) {
	e, _ := New(fixedSpec)
	c := oracle.Seeded(88172645463325252)
	for b.Loop() {
		for range 10000 {
			sinkSpelled = e.Spell(c, fixedSpec.Values[c.Choose("v", len(fixedSpec.Values))])
		}
	}
}
