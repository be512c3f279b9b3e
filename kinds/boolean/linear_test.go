package boolean

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A boolean is looked up by its folded words in the languages'
// tables, after a negation ("not yes") is taken off: many words, many
// separators, many negations and one long word are its worst classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("one_word", "", "abcdefgh", ""),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("yes_words", "", "yes ", ""),
		oracle.Repeat("negations", "", "not ", "yes"),
		oracle.Repeat("dashes", "", "- ", ""),
		oracle.Repeat("commas", "", ", ", ""),
		oracle.Repeat("dots", "", "._", ""),
		oracle.Repeat("quotes", "", "\"'", ""),
		oracle.Repeat("parens", "", "(", ")"),
		oracle.Repeat("digits", "", "1234567890", ""),
		oracle.Repeat("accented", "", "žluťoučký ", ""),
	)
}
