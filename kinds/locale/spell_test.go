package locale

import (
	"slices"
	"testing"

	"golang.org/x/text/language"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameTag(a, b language.Tag) bool { return a == b }

// namedTags are the tags Spell has a name for, sorted.
var namedTags = func() []string {
	var out []string
	for s := range spellNames() {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}()

// drawSpellTag draws a canonical tag that reads as itself: drawTag's
// (a language of the table, maybe a script, maybe a region), or one a
// name names.
func drawSpellTag(t *rapid.T) language.Tag {
	s := ""
	if rapid.Bool().Draw(t, "named") {
		s = rapid.SampledFrom(namedTags).Draw(t, "named tag")
	} else {
		s = drawTag(t)
	}
	tag := language.MustParse(s)
	if got, ok := Read(spell(tag), Options{}).Value(); !ok || got != tag {
		t.Skip(s + " does not read back")
	}
	return tag
}

// TestSpellReadsBack: every spelling Spell draws reads back as its tag.
func TestSpellReadsBack(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		v := drawSpellTag(t)
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, sameTag)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with v
// among the readings; cs ("cz"), sv ("sv-SV"), gsw and de-CH ("Swiss
// German") and es ("es-LA") always have one.
func TestAmbiguousAsks(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		v := drawSpellTag(t)
		if s, ok := r.Ambiguous(oracle.Draws(t), v); ok {
			oracle.AsksAbout(t, r, s, v, sameTag)
		}
		v = language.MustParse(rapid.SampledFrom([]string{"cs", "sv", "gsw", "de-CH", "es"}).Draw(t, "known"))
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		if !ok {
			t.Fatalf("Ambiguous(%s): none", v)
		}
		oracle.AsksAbout(t, r, s, v, sameTag)
	})
}

// TestSpellCanonical: choice 0 everywhere is the canonical tag, or the
// spelling an ask offers when the canonical tag asks ("sme" for se).
func TestSpellCanonical(t *testing.T) {
	r, _ := New(Options{})
	for _, s := range append(plainLanguages, namedTags...) {
		tag := language.MustParse(s)
		if sp := r.Spell(oracle.Plain{}, tag); sp.Value != spell(tag) || (sp.Class == "canonical") != (spell(tag) == s) {
			t.Fatalf("Spell(%s) at choice 0 = %#v", s, sp)
		}
	}
}

// TestSpellExamples lists a spelling of each class.
func TestSpellExamples(t *testing.T) {
	r, _ := New(Options{})
	seen := map[string]bool{}
	c := oracle.Seeded(5)
	for range 3000 {
		v := language.MustParse(namedTags[c.Choose("v", len(namedTags))])
		s := r.Spell(c, v)
		if got, ok := r.Read(s.Value).Value(); !ok || got != v {
			t.Fatalf("%s %#v: not read back as %s", s.Class, s.Value, v)
		}
		if !seen[s.Class] && len(seen) < 60 {
			seen[s.Class] = true
			t.Logf("%-50s %#v → %s", s.Class, s.Value, v)
		}
		if a, ok := r.Ambiguous(c, v); ok && !seen["ask "+a.Class] {
			seen["ask "+a.Class] = true
			t.Logf("asks: %-44s %#v → %s", a.Class, a.Value, v)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is 10,000 spellings of random tags that have a
// name.
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{})
	tags := make([]language.Tag, len(namedTags))
	for i, s := range namedTags {
		tags[i] = language.MustParse(s)
	}
	c := oracle.Seeded(88172645463325252)
	for b.Loop() {
		for range 10000 {
			sinkSpelled = r.Spell(c, tags[c.Choose("v", len(tags))])
		}
	}
}
