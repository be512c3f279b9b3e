package uuid

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A UUID is read by its hex digits and dashes, within braces, a URN
// prefix or quotes, and a placeholder ("<uuid>", "your id here") by its
// folded words: many hex digits, many dashes, many words are its worst
// classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("hex", "", "0123456789abcdef", ""),
		oracle.Repeat("hex_dashes", "", "0123-", ""),
		oracle.Repeat("dashes", "", "-", ""),
		oracle.Repeat("braces", "", "{", "}"),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("placeholder_words", "", "your uuid ", "here"),
		oracle.Repeat("urn", "urn:uuid:", "0123", ""),
		oracle.Repeat("quotes", "", "\"'", ""),
	)
}
