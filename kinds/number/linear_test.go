package number

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A number is scanned once for its digits, group separators, a
// decimal mark, an exponent and a unit or a word around it: many digits,
// many groups, many words and long exponents are its worst classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("digits", "", "1234567890", ""),
		oracle.Repeat("groups", "1", ",000", ""),
		oracle.Repeat("spaced_groups", "1", " 000", ""),
		oracle.Repeat("fraction", "0.", "1234567890", ""),
		oracle.Repeat("exponent", "1e", "1", ""),
		oracle.Repeat("exponents", "1", "e1", ""),
		oracle.Repeat("numbers", "", "12 34 ", ""),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("unit_words", "5 ", "kg ", ""),
		oracle.Repeat("signs", "", "-+", "1"),
		oracle.Repeat("dots", "", "1.", ""),
	)
}
