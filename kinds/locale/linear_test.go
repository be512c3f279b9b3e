package locale

import (
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/internal/growth"
)

// repeatTo repeats unit, character by character, until the result and
// tail are n bytes long (or a character less), then appends tail.
func repeatTo(n int, unit, tail string) string {
	var b strings.Builder
	for b.Len()+len(tail) < n {
		for _, r := range unit {
			if b.Len()+len(tail)+utf8.RuneLen(r) > n {
				return b.String() + tail
			}
			b.WriteRune(r)
		}
	}
	return b.String() + tail
}

// TestLinear holds rule 4 of the contract: a read costs at most about
// linearly more for a longer input of the kind's worst classes. A string
// that is no tag goes through the names: every split of its words is a
// head and a tail the regional lookup tries ("US English"), so a sentence
// of many words, a run of marks that fold away before a language's name,
// many connectives ("of"), and a tag of many subtags are its worst.
func TestLinear(t *testing.T) {
	read := func(v any) { _ = Read(v, Options{}) }
	growth.Check(t, 64, read,
		growth.Class{Name: "sentence", Build: func(n int) any {
			return repeatTo(n, "the quick brown fox jumps ", "")
		}},
		growth.Class{Name: "sentence_accented", Build: func(n int) any {
			return repeatTo(n, "příliš žluťoučký kůň ", "")
		}},
		growth.Class{Name: "marks_before_a_name", Build: func(n int) any {
			return repeatTo(n, "- ", "English")
		}},
		growth.Class{Name: "head_then_marks_before_a_name", Build: func(n int) any {
			return "Blah " + repeatTo(n-5, ", ", "English")
		}},
		growth.Class{Name: "connectives", Build: func(n int) any {
			return "English " + repeatTo(n-8, "of ", "Canada")
		}},
		growth.Class{Name: "name_then_marks_then_connective", Build: func(n int) any {
			return "English " + repeatTo(n-8, "- ", "of Canada")
		}},
		growth.Class{Name: "words_then_a_name", Build: func(n int) any {
			return repeatTo(n, "blah ", "English")
		}},
		growth.Class{Name: "subtags", Build: func(n int) any {
			return "en-" + repeatTo(n-3, "abcdefgh-", "x")
		}},
		growth.Class{Name: "underscores", Build: func(n int) any {
			return "en_" + repeatTo(n-3, "US_", "x")
		}},
		growth.Class{Name: "parenthesis", Build: func(n int) any {
			return "English (" + repeatTo(n-10, "blah ", ")")
		}},
		growth.Class{Name: "commas", Build: func(n int) any {
			return repeatTo(n, "en, ", "fr")
		}},
	)
}
