package date

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A date is scanned into numbers, words and separators and its
// words are looked up in the languages' tables (months, weekdays,
// relative words): many numbers, many words, many separators and many
// dates are its worst classes.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("dates", "", "2024-01-01 ", ""),
		oracle.Repeat("numbers", "", "12 34 ", ""),
		oracle.Repeat("digits", "", "1234567890", ""),
		oracle.Repeat("months", "", "January ", ""),
		oracle.Repeat("relative", "", "next ", "week"),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("dashes", "", "- ", ""),
		oracle.Repeat("slashes", "1", "/1", ""),
		oracle.Repeat("dots", "", "1.", ""),
		oracle.Repeat("ranges", "2024-01-01", " to 2024-01-02", ""),
		oracle.Repeat("negations", "", "not ", "today"),
		oracle.Repeat("accented", "", "září ", ""),
	)
}
