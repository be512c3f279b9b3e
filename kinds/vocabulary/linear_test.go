package vocabulary

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"; issue 23): a read of 16 times the input costs at most about 16
// times as much. A spelling is trimmed, folded, looked up, tried after an
// article, as a partial name and as a name with a country qualifier, then
// searched for its nearest entries by words and trigrams: many words of
// the entries, many separators, letters with dots, an article or a
// negation before them, repeated names, unknown words, one long word,
// diacritics and country qualifiers are its worst classes. They are read
// in a vocabulary whose posting lists are full, and again with every
// entry of a country, so that every split is tried as a qualifier too.
func TestLinear(t *testing.T) {
	plain := synthetic(1000)
	bound := synthetic(1000)
	for i := range bound {
		bound[i].Country = "CZ"
	}
	for name, entries := range map[string][]Entry{"plain": plain, "bound": bound} {
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			read := func(x any) {
				if a, _ := v.Read(x).Ask(); a.Code == agentinput.AskTooLarge {
					t.Fatalf("%d bytes: over the budget, so not measured", len(x.(string)))
				}
			}
			// 64 bytes, then 1,024: the scalar budget.
			oracle.Linear(t, agentinput.MaxScalarBytes/oracle.GrowthFactor, read,
				oracle.Repeat("words_of_entries", "", "okresni soud waa ", ""),
				oracle.Repeat("separators", "", "soud, - ;/ okresní .. ", ""),
				oracle.Repeat("dotted_letters", "", "o.s.w.a.b.", ""),
				oracle.Repeat("after_article", "the ", "okresní soud ", ""),
				oracle.Repeat("after_negation", "not ", "district court ", ""),
				oracle.Repeat("names", "", "Okresní soud wab, District Court wab; ", ""),
				oracle.Repeat("unknown_words", "", "zq xj kv ", ""),
				oracle.Repeat("one_word", "", "okresnisoud", ""),
				oracle.Repeat("diacritics", "", "Žluťoučký kůň úpěl ", ""),
				oracle.Repeat("names_and_countries", "", "Okresní soud wab ČR, ", ""),
				oracle.Repeat("parenthesized_countries", "", "soud (Czech Republic) ", ""),
				oracle.Repeat("name_then_country_words", "Okresní soud wab ", "Czech Republic, ", "CZ"),
			)
		})
	}
}
