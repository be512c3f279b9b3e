package stringlist

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/internal/placeholder"
	"agentinput.dev/kinds/vocabulary"
)

func sameList[T any](a, b []T) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return err1 == nil && err2 == nil && string(x) == string(y)
}

func courtsVocabulary(t testing.TB) *vocabulary.Reader {
	t.Helper()
	f, err := os.Open("../vocabulary/testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// courtLists are lists of courts, split or not, unique or not, with the
// vocabulary as the item speller.
func courtLists(t testing.TB) map[[2]bool]*Reader[string] {
	c := courtsVocabulary(t)
	out := map[[2]bool]*Reader[string]{}
	for _, split := range []bool{false, true} {
		for _, unique := range []bool{false, true} {
			l, err := New(Options[string]{Item: c.Read, ItemSpeller: c, Split: split, Unique: unique})
			if err != nil {
				t.Fatal(err)
			}
			out[[2]bool{split, unique}] = l
		}
	}
	return out
}

// drawCourts draws a list of court ids, distinct when unique.
func drawCourts(t *rapid.T, unique bool) []string {
	ids := []string{"NS", "NSS", "US", "KS-PRAHA", "KS-BRNO"}
	if unique {
		return rapid.SliceOfNDistinct(rapid.SampledFrom(ids), 0, 5, rapid.ID[string]).Draw(t, "courts")
	}
	return rapid.SliceOfN(rapid.SampledFrom(ids), 0, 6).Draw(t, "courts")
}

// drawTexts draws free-text items: words of letters and spaces, none a
// placeholder.
func drawTexts(t *rapid.T) []string {
	items := rapid.SliceOfN(rapid.StringMatching(`[A-Za-zÀ-ž][a-zà-ž ]{0,10}[a-z]`), 0, 5).Draw(t, "texts")
	return slices.DeleteFunc(items, func(s string) bool { return placeholder.Is(s, false) || placeholder.NoItems(s) })
}

// TestSpellReadsBack: every spelling Spell draws of a list reads back as
// the list: courts (split, unique, spelled by the vocabulary), free text
// (SplitText, no item speller), uuids.
func TestSpellReadsBack(t *testing.T) {
	courts := courtLists(t)
	text, err := New(Options[string]{Item: Text, SplitText: true})
	if err != nil {
		t.Fatal(err)
	}
	uuids := uuidList(true, false)
	rapid.Check(t, func(t *rapid.T) {
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0:
			split, unique := rapid.Bool().Draw(t, "split"), rapid.Bool().Draw(t, "unique")
			l := courts[[2]bool{split, unique}]
			v := drawCourts(t, unique)
			oracle.ReadsBack(t, l, l.Spell(oracle.Draws(t), v), v, sameList)
		case 1:
			v := drawTexts(t)
			oracle.ReadsBack(t, text, text.Spell(oracle.Draws(t), v), v, sameList)
		default:
			ids := drawIDs(t, 0, 5)
			v := uuids.Read(ids)
			want, ok := v.Value()
			if !ok {
				t.Fatalf("uuids %v do not read", ids)
			}
			oracle.ReadsBack(t, uuids, uuids.Spell(oracle.Draws(t), want), want, sameList)
		}
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with
// the list among its readings; a list of courts holding one court other
// than US (whose spellings no other court shares) has one, and so has a
// list of two or more free-text items under SplitText (without a
// conjunction word).
func TestAmbiguousAsks(t *testing.T) {
	courts := courtLists(t)
	text, err := New(Options[string]{Item: Text, SplitText: true})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		var l *Reader[string]
		var v []string
		var must bool
		if rapid.Bool().Draw(t, "courts") {
			split, unique := rapid.Bool().Draw(t, "split"), rapid.Bool().Draw(t, "unique")
			l = courts[[2]bool{split, unique}]
			v = drawCourts(t, unique)
			must = slices.ContainsFunc(v, func(id string) bool { return id != "US" })
		} else {
			l = text
			v = drawTexts(t)
			// A conjunction word ("a, b and c") is a list marker the
			// split list leaves out: items holding one may not read back.
			must = len(v) >= 2 && !slices.ContainsFunc(v, func(s string) bool {
				return slices.ContainsFunc(strings.Fields(strings.ToLower(s)), func(w string) bool { return slices.Contains(conjunctions, w) })
			})
		}
		s, ok := l.Ambiguous(oracle.Draws(t), v)
		if !ok {
			if must {
				t.Fatalf("Ambiguous(%q) has none", v)
			}
			return
		}
		oracle.AsksAbout(t, l, s, v, sameList)
	})
}

// TestSpellClasses shows a spelling of a few classes.
func TestSpellClasses(t *testing.T) {
	l := courtLists(t)[[2]bool{true, true}]
	v := []string{"NS", "US"}
	for _, tc := range []struct {
		choices oracle.Sequence
		want    string
		class   string
	}{
		{oracle.Sequence{0}, `["NS","US"]`, "canonical"},
		{oracle.Sequence{1}, `["NS","US"]`, "array"},
		{oracle.Sequence{2}, `"[\"NS\",\"US\"]"`, "list in string"},
		{oracle.Sequence{3}, `"NS, US"`, "separated"},
		{oracle.Sequence{5}, `["NS","NS","US"]`, "array + repeated item"},
	} {
		s := l.Spell(&tc.choices, v)
		got, _ := json.Marshal(s.Value)
		if string(got) != tc.want || s.Class != tc.class {
			t.Errorf("%s (%s), want %s (%s)", got, s.Class, tc.want, tc.class)
		}
	}
	text, _ := New(Options[string]{Item: Text, SplitText: true})
	s, ok := text.Ambiguous(&oracle.Sequence{}, []string{"Smith", "John"})
	if !ok || s.Value != "Smith, John" || !strings.HasPrefix(s.Class, "text") {
		t.Errorf("Ambiguous = %q (%s), %v", s.Value, s.Class, ok)
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is one spelling of a list of one to four courts
// (split, unique, spelled by the vocabulary).
func BenchmarkSpell(b *testing.B) {
	l := courtLists(b)[[2]bool{true, true}]
	ids := []string{"NS", "NSS", "US", "KS-PRAHA", "KS-BRNO"}
	x := oracle.Xorshift(88172645463325252)
	lists := make([][]string, 10000)
	for i := range lists {
		n := 1 + x.Choose("", 4)
		lists[i] = ids[:n]
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = l.Spell(&x, lists[i%len(lists)])
		i++
	}
}
