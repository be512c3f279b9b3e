package shown

import (
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

func TestShown(t *testing.T) {
	for _, c := range []struct {
		in, want string
		warnings int
	}{
		{"plain text, with tabs\tand\nlines", "plain text, with tabs\tand\nlines", 0},
		{"pay \u202Eliame\u202C now", `pay \u202Eliame\u202C now`, 2},
		{"note\u200B", `note\u200B`, 1},
		{"\uFEFFbom", `\uFEFFbom`, 1},
		{"tag\U000E0041\U000E0042", `tag\U000E0041\U000E0042`, 2},
		{"ශ්\u200Dරී ලංකාව", "ශ්\u200Dරී ලංකාව", 0}, // a joiner that writes Sinhala
		{"a\u2028b", `a\u2028b`, 1},
		{"\u0440ay\u0440al", "\u0440ay\u0440al", 1}, // Cyrillic р in a Latin word: shown, named
		{"Москва and Paris", "Москва and Paris", 0},
		{"bell\x07", `bell\u0007`, 1},
	} {
		got, warnings := Shown(c.in)
		if got != c.want || len(warnings) != c.warnings {
			t.Errorf("Shown(%q) = %q, %q; want %q and %d warnings", c.in, got, warnings, c.want, c.warnings)
		}
	}
}

// Whatever the text, what Shown returns holds no character that does not
// show (but a joiner between two letters of a joining script), and every
// character of the text that does not show has a warning.
func TestShownHidesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.OneOf(rapid.RuneFrom([]rune("aé ж\t\n\u202E\u202D\u2066\u200B\u200C\u200D\u00AD\uFEFF\u2028\x00\x1b\U000E0001\uFE0F"), unicode.Latin, unicode.Cyrillic))).Draw(t, "s")
		got, warnings := Shown(s)
		prev := rune(0)
		for i, c := range got {
			if Unseen(c) && !spelling.WrittenJoiner(prev, got, i) {
				t.Fatalf("Shown(%q) = %q still holds %U", s, got, c)
			}
			prev = c
		}
		for _, c := range s {
			if Unseen(c) && c != '\u200C' && c != '\u200D' && !strings.Contains(strings.Join(warnings, "|"), spelling.CodePoint(c)) {
				t.Fatalf("Shown(%q): no warning names %s: %q", s, spelling.CodePoint(c), warnings)
			}
		}
	})
}
