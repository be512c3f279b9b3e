package locale

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract: a read costs at most about
// linearly more for a longer input of the kind's worst classes. A string
// that is no tag goes through the names: every split of its words is a
// head and a tail the regional lookup tries ("US English"), so a sentence
// of many words, a run of marks that fold away before a language's name,
// many connectives ("of"), and a tag of many subtags are its worst.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("sentence", "", "the quick brown fox jumps ", ""),
		oracle.Repeat("sentence_accented", "", "příliš žluťoučký kůň ", ""),
		oracle.Repeat("marks_before_a_name", "", "- ", "English"),
		oracle.Repeat("head_then_marks_before_a_name", "Blah ", ", ", "English"),
		oracle.Repeat("connectives", "English ", "of ", "Canada"),
		oracle.Repeat("name_then_marks_then_connective", "English ", "- ", "of Canada"),
		oracle.Repeat("words_then_a_name", "", "blah ", "English"),
		oracle.Repeat("subtags", "en-", "abcdefgh-", "x"),
		oracle.Repeat("underscores", "en_", "US_", "x"),
		oracle.Repeat("parenthesis", "English (", "blah ", ")"),
		oracle.Repeat("commas", "", "en, ", "fr"),
	)
}
