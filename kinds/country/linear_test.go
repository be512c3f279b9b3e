package country

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A name is keyed (single letters run together: "U.S.A."), turned
// around at a comma or a parenthesis, stripped of an official form and
// matched as a run of words of every name: single letters, many words,
// official forms, separators and parentheses are its worst classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("single_letters", "", "a ", "b"),
		oracle.Repeat("single_letters_dotted", "", "u.", ""),
		oracle.Repeat("slashes", "", "a/", ""),
		oracle.Repeat("one_word", "", "abcdefgh", ""),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("official_forms", "", "Republic of ", "Guinea"),
		oracle.Repeat("the", "", "the ", "Czechia"),
		oracle.Repeat("ampersands", "", "& ", "Tobago"),
		oracle.Repeat("commas", "Korea", ", ", "South"),
		oracle.Repeat("parens", "Korea (", "South ", ")"),
		oracle.Repeat("negations", "", "not ", "Germany"),
		oracle.Repeat("dashes", "", "- ", ""),
		oracle.Repeat("digits", "", "1234567890", ""),
		oracle.Repeat("accented", "", "Česká republika ", ""),
	)
}
