package country

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameString(a, b string) bool { return a == b }

// spellReader draws options: alpha-2 or alpha-3 output, and every country
// or an admitted set of one to six.
func spellReader(t *rapid.T) (*Reader, []string) {
	opts := Options{}
	if rapid.Bool().Draw(t, "alpha3") {
		opts.Output = Alpha3
	}
	admitted := Codes()
	if rapid.Bool().Draw(t, "restricted") {
		admitted = rapid.SliceOfNDistinct(rapid.SampledFrom(Codes()), 1, 6, rapid.ID[string]).Draw(t, "admit")
		opts.Admit = admitted
	}
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(admitted))
	for i, a := range admitted {
		c, _ := lookupAlpha2(a)
		out[i] = r.format(c)
	}
	return r, out
}

// TestSpellReadsBack: every spelling Spell draws of an admitted country
// reads back as it, in the output form.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, admitted := spellReader(t)
		v := rapid.SampledFrom(admitted).Draw(t, "v")
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, sameString)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with v
// among the readings; NO ("no"), RS ("YU"), CZ ("Czechoslovakia"), CD
// ("Congo") and KR ("Korea") always have one.
func TestAmbiguousAsks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, admitted := spellReader(t)
		v := rapid.SampledFrom(admitted).Draw(t, "v")
		if s, ok := r.Ambiguous(oracle.Draws(t), v); ok {
			oracle.AsksAbout(t, r, s, v, sameString)
		}
		var d *Reader
		v = rapid.SampledFrom([]string{"NO", "RS", "CZ", "CD", "KR"}).Draw(t, "known")
		s, ok := d.Ambiguous(oracle.Draws(t), v)
		if !ok {
			t.Fatalf("Ambiguous(%q): none", v)
		}
		oracle.AsksAbout(t, defaultReader(), s, v, sameString)
	})
}

// TestSpellCanonical: choice 0 everywhere is the code.
func TestSpellCanonical(t *testing.T) {
	r3, _ := New(Options{Output: Alpha3})
	for _, c := range countries {
		if s := defaultReader().Spell(oracle.Plain{}, c.alpha2); s.Value != c.alpha2 || s.Class != "canonical" {
			t.Fatalf("Spell(%q) at choice 0 = %#v", c.alpha2, s)
		}
		if s := r3.Spell(oracle.Plain{}, c.alpha3); s.Value != c.alpha3 || s.Class != "canonical" {
			t.Fatalf("Spell(%q) at choice 0 = %#v", c.alpha3, s)
		}
	}
}

// TestSpellExamples lists a spelling of each class.
func TestSpellExamples(t *testing.T) {
	r := defaultReader()
	seen := map[string]bool{}
	c := oracle.Seeded(3)
	codes := Codes()
	for range 3000 {
		v := codes[c.Choose("v", len(codes))]
		s := r.Spell(c, v)
		if got, ok := r.Read(s.Value).Value(); !ok || got != v {
			t.Fatalf("%s %#v: not read back as %q", s.Class, s.Value, v)
		}
		if !seen[s.Class] && len(seen) < 60 {
			seen[s.Class] = true
			t.Logf("%-55s %#v → %s", s.Class, s.Value, v)
		}
		if a, ok := r.Ambiguous(c, v); ok && !seen["ask "+a.Class] {
			seen["ask "+a.Class] = true
			t.Logf("asks: %-49s %#v → %s", a.Class, a.Value, v)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is 10,000 spellings of random countries.
func BenchmarkSpell(b *testing.B) {
	r := defaultReader()
	codes := Codes()
	c := oracle.Seeded(88172645463325252)
	r.Spell(c, "CZ") // the tables, built once
	for b.Loop() {
		for range 10000 {
			sinkSpelled = r.Spell(c, codes[c.Choose("v", len(codes))])
		}
	}
}
