package vocabulary

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameID(a, b string) bool { return a == b }

// spellVocabulary draws a vocabulary to spell: the courts of testdata, or
// drawn entries (drawVocabulary) in Czech, Slovak or German or no
// language, bound to a country or not.
func spellVocabulary(t *rapid.T, courtsReader *Reader) (*Reader, []string) {
	if rapid.IntRange(0, 2).Draw(t, "courts") == 0 {
		return courtsReader, courtsReader.IDs()
	}
	entries, _ := drawVocabulary(t)
	lang := rapid.SampledFrom([]string{"", "cs", "sk", "de"}).Draw(t, "language")
	bound := rapid.SampledFrom([]string{"", "CZ", "DE"}).Draw(t, "country")
	for i := range entries {
		entries[i].Language = lang
		entries[i].Country = bound
	}
	v, err := New(Options{Entries: entries})
	if err != nil {
		t.Skip(err)
	}
	return v, v.IDs()
}

// TestSpellReadsBack: every spelling Spell draws of an entry's id reads
// back as that id.
func TestSpellReadsBack(t *testing.T) {
	c := courts(t)
	rapid.Check(t, func(t *rapid.T) {
		v, ids := spellVocabulary(t, c)
		id := rapid.SampledFrom(ids).Draw(t, "id")
		oracle.ReadsBack(t, v, v.Spell(oracle.Draws(t), id), id, sameID)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about, the
// entry among the readings; the entries that share the abbreviation "SHR"
// (drawVocabulary's shared) and the courts NS and NSS, whose names both
// begin "Nejvyšší", always have one.
func TestAmbiguousAsks(t *testing.T) {
	c := courts(t)
	rapid.Check(t, func(t *rapid.T) {
		v, ids := spellVocabulary(t, c)
		id := rapid.SampledFrom(ids).Draw(t, "id")
		s, ok := v.Ambiguous(oracle.Draws(t), id)
		if !ok {
			e, _ := v.Entry(id)
			shared := v == c && (id == "NS" || id == "NSS")
			for _, a := range e.Abbreviations {
				shared = shared || a == "SHR"
			}
			if shared {
				t.Fatalf("Ambiguous(%s) has none", id)
			}
			return
		}
		oracle.AsksAbout(t, v, s, id, sameID)
	})
}

// TestSpellClasses lists a few spellings of the courts by class.
func TestSpellClasses(t *testing.T) {
	v := courts(t)
	for _, tc := range []struct {
		id      string
		choices oracle.Sequence
		want    any
		class   string
	}{
		{"NS", oracle.Sequence{0}, "NS", "canonical"},
		{"KS-PRAHA", oracle.Sequence{1, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2}, "ks-praha", "id + case"},
		{"NS", oracle.Sequence{1, 2}, "Nejvyšší soud České republiky", "name"},
		{"US", oracle.Sequence{1, 1, 0, 1}, "Ustavni soud", "name + diacritics dropped"},
		{"NSS", oracle.Sequence{1, 2, 0, 0}, "Oberstes Verwaltungsgericht", "name (de)"},
		{"NSS", oracle.Sequence{1, 1, 1, 0}, "Nejvyšší správní", "first words of a name"},
		{"NS", oracle.Sequence{1, 5, 2, 0}, "the Supreme Court", "English name + after an article"},
		{"NSS", oracle.Sequence{1, 1, 3, 1}, "Nejvyšší správní soud, CZ", "name + country qualifier"},
		{"NS", oracle.Sequence{1, 8, 0, 0, 0, 0, 0, 0, 1, 0}, "N.S.Č.R.", "abbreviation + letter by letter"},
	} {
		s := v.Spell(&tc.choices, tc.id)
		if s.Value != tc.want || s.Class != tc.class {
			t.Errorf("%s: %q (%s), want %q (%s)", tc.id, s.Value, s.Class, tc.want, tc.class)
		}
		if got, ok := v.Read(s.Value).Value(); !ok || got != tc.id {
			t.Errorf("%s %q does not read back as %s", s.Class, s.Value, tc.id)
		}
	}
	s, ok := v.Ambiguous(&oracle.Sequence{}, "NS")
	if !ok || s.Value != "Nejvyšší" || s.Class != "shared first words" {
		t.Errorf("Ambiguous(NS) = %q (%s), %v", s.Value, s.Class, ok)
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is one spelling of a court's id (the courts of
// testdata in turn, 10,000 spellings a run at -benchtime=10000x).
func BenchmarkSpell(b *testing.B) {
	v := courts(b)
	ids := v.IDs()
	x := oracle.Xorshift(88172645463325252)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = v.Spell(&x, ids[i%len(ids)])
		i++
	}
}
