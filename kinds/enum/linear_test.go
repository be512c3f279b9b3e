package enum

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A value is folded, split into words (camelCase, snake_case,
// inflected forms) and compared with each declared value, then searched
// for a near miss: many words, many separators, a long near miss and
// repeated values are its worst classes.
func TestLinear(t *testing.T) {
	r, err := New(Options{Values: []string{"draft", "in_review", "published", "archived", "status_0001_long_name"},
		Synonyms: map[string]string{"live": "published"}})
	if err != nil {
		t.Fatal(err)
	}
	read := func(v any) { _ = r.Read(v) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("one_word", "", "abcdefgh", ""),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("values", "", "draft ", ""),
		oracle.Repeat("values_commas", "", "draft, ", ""),
		oracle.Repeat("near_misses", "", "publishd ", ""),
		oracle.Repeat("spaced_value", "", "in review ", ""),
		oracle.Repeat("camel_case", "", "InReview", ""),
		oracle.Repeat("underscores", "", "_", ""),
		oracle.Repeat("value_prefix", "", "status_", ""),
		oracle.Repeat("negations", "", "not ", "draft"),
		oracle.Repeat("dashes", "", "- ", ""),
		oracle.Repeat("digits", "", "1234567890", ""),
		oracle.Repeat("accented", "", "žluťoučký ", ""),
		oracle.Repeat("parens", "", "(", ")"),
	)
}
