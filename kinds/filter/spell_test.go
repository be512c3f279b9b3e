package filter

import (
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/vocabulary"
)

func sameString(a, b string) bool { return a == b }

// stringFilters are the filters of string the spell tests draw from: over
// the courts vocabulary under each Miss, and over the courts' read
// function as another kind, with the vocabulary as its Speller and its ids
// as the declared values.
func stringFilters(t testing.TB) (map[string]*Reader[string], *vocabulary.Reader) {
	c := courts(t)
	out := map[string]*Reader[string]{}
	for name, opts := range map[string]Options[string]{
		"drop":  {Vocabulary: c},
		"ask":   {Vocabulary: c, Miss: MissAsk},
		"other": {Read: c.Read, Expected: c.Expected(), Example: c.Example(), Values: c.IDs(), Speller: c},
	} {
		f, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = f
	}
	return out, c
}

// TestSpellReadsBack: every spelling Spell draws reads back through the
// filter as the value: over a vocabulary (the vocabulary's spellings),
// over another kind with a Speller, and over numbers with none (the
// canonical JSON).
func TestSpellReadsBack(t *testing.T) {
	fs, c := stringFilters(t)
	numbers, err := New(Options[number.Decimal]{Read: func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, number.Options{}) }})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		which := rapid.SampledFrom([]string{"drop", "ask", "other", "numbers"}).Draw(t, "filter")
		if which == "numbers" {
			d, err := number.Parse(strconv.FormatInt(rapid.Int64().Draw(t, "n"), 10))
			if err != nil {
				t.Fatal(err)
			}
			oracle.ReadsBack(t, numbers, numbers.Spell(oracle.Draws(t), d), d, func(a, b number.Decimal) bool { return a.String() == b.String() })
			return
		}
		f := fs[which]
		id := rapid.SampledFrom(c.IDs()).Draw(t, "id")
		oracle.ReadsBack(t, f, f.Spell(oracle.Draws(t), id), id, sameString)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about, the
// value among the readings; every court has one under MissAsk and over
// another kind (a pattern of its id at least), and NS under MissDrop too
// ("*ns" matches it alone).
func TestAmbiguousAsks(t *testing.T) {
	fs, c := stringFilters(t)
	rapid.Check(t, func(t *rapid.T) {
		which := rapid.SampledFrom([]string{"drop", "ask", "other"}).Draw(t, "filter")
		f := fs[which]
		id := rapid.SampledFrom(c.IDs()).Draw(t, "id")
		s, ok := f.Ambiguous(oracle.Draws(t), id)
		if !ok {
			if which != "drop" || id == "NS" {
				t.Fatalf("%s: Ambiguous(%s) has none", which, id)
			}
			return
		}
		oracle.AsksAbout(t, f, s, id, sameString)
	})
}

// TestSpellClasses shows the classes: the kind's, and the filter's
// patterns.
func TestSpellClasses(t *testing.T) {
	fs, _ := stringFilters(t)
	if s := fs["drop"].Spell(&oracle.Sequence{1, 2}, "NS"); s.Value != "Nejvyšší soud České republiky" || s.Class != "name" {
		t.Errorf("Spell = %q (%s)", s.Value, s.Class)
	}
	if s, ok := fs["drop"].Ambiguous(&oracle.Sequence{}, "NS"); !ok || s.Value != "*ns" || s.Class != "pattern" {
		t.Errorf("Ambiguous = %q (%s), %v", s.Value, s.Class, ok)
	}
	if s, ok := fs["other"].Ambiguous(&oracle.Sequence{}, "NSS"); !ok || s.Value != "nss*" || s.Class != "pattern" {
		t.Errorf("Ambiguous = %q (%s), %v", s.Value, s.Class, ok)
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is one spelling of a court's id through a filter
// over the courts vocabulary.
func BenchmarkSpell(b *testing.B) {
	fs, c := stringFilters(b)
	f, ids := fs["drop"], c.IDs()
	x := oracle.Xorshift(88172645463325252)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = f.Spell(&x, ids[i%len(ids)])
		i++
	}
}
