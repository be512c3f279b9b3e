package timestamp

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A timestamp is split into its date, its time and its zone (an
// offset, an abbreviation or a place's name), each read by its owner:
// many words, many separators, many offsets or zones and a long fraction
// are its worst classes.
func TestLinear(t *testing.T) {
	r, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	read := func(v any) { _ = r.Read(v) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("timestamps", "", "2024-01-01T10:00:00Z ", ""),
		oracle.Repeat("dates", "", "2024-01-01 ", ""),
		oracle.Repeat("times", "", "10:00 ", ""),
		oracle.Repeat("zones", "2024-01-01T10:00:00 ", "Europe/Prague ", ""),
		oracle.Repeat("slashes", "2024-01-01T10:00:00 ", "a/", ""),
		oracle.Repeat("offsets", "2024-01-01T10:00:00", "+01:00", ""),
		oracle.Repeat("fraction", "2024-01-01T10:00:00.", "1", "Z"),
		oracle.Repeat("at_words", "2024-01-01 ", "at ", "10:00"),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("numbers", "", "12 34 ", ""),
		oracle.Repeat("colons", "", ": ", ""),
		oracle.Repeat("dashes", "", "- ", ""),
	)
}
