package eli

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A citation is split into tokens (words and marks), the act's
// number found among them and the words around it read: many words, many
// marks (each a token), many numbers and a long URI path are its worst
// classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("words_before_a_number", "", "Regulation ", "2016/679"),
		oracle.Repeat("words_after_a_number", "Regulation (EU) 2016/679 ", "on the ", ""),
		oracle.Repeat("marks", "", "(", ")"),
		oracle.Repeat("commas", "", ", ", ""),
		oracle.Repeat("dashes", "", "- ", ""),
		oracle.Repeat("numbers", "", "12 34 ", ""),
		oracle.Repeat("number_parts", "2016/679", "/EU", ""),
		oracle.Repeat("uri_path", "http://data.europa.eu/eli/reg/", "a/", ""),
		oracle.Repeat("one_word", "", "abcdefgh", ""),
		oracle.Repeat("czech", "", "zákon č. ", "89/2012 Sb."),
	)
}
