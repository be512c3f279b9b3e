// Package shown writes text as a person should see it before acting on it:
// what does not show escaped and named, look-alike mixed-script words named.
// It is apart from internal/spelling, which every kind imports, so that the
// names of Unicode characters (x/text/unicode/runenames) are linked only into
// the programs that show text to people (approvals, the host).
package shown

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"

	"agentinput.dev/internal/spelling"
)

// Unseen reports whether c is a character a person reading text on a
// screen cannot see, or that changes how the text around it is shown: a
// control character other than tab and the line ends, a format character
// (the bidi embeddings, overrides and isolates, the zero-width characters,
// the soft hyphen, the byte-order mark, the tag characters), an invisible
// mark (the combining grapheme joiner, variation selectors), or the line
// and paragraph separators. spelling.Hidden is what a kind asks about; Unseen is
// what a display marks.
func Unseen(c rune) bool {
	switch {
	case c == '\t' || c == '\n' || c == '\r':
		return false
	case c == '\u2028' || c == '\u2029':
		return true
	}
	return unicode.IsControl(c) || unicode.In(c, unicode.Cf) || spelling.InvisibleMark(c)
}

// Shown is s as a person should see it before acting on it (approving a
// write, reading a remote server's description): every unseen character
// escaped as \uXXXX (\UXXXXXXXX past the BMP), a zero-width joiner between
// two letters of a script written with joiners kept, and what was marked
// said in warnings, one a kind: each unseen character by its code point
// and name, and each word that mixes Latin letters with Greek or Cyrillic
// ones (a "раypal" whose first letters are Cyrillic), which is shown as it
// is but named. A string with nothing to mark is returned as it is, with
// no warning.
func Shown(s string) (shown string, warnings []string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	seen := map[rune]bool{}
	prev := rune(0)
	for i, c := range s {
		keep := spelling.WrittenJoiner(prev, s, i)
		if !Unseen(c) || keep {
			b.WriteRune(c)
			prev = c
			continue
		}
		esc := escaped(c)
		b.WriteString(esc)
		if !seen[c] {
			seen[c] = true
			warnings = append(warnings, "the text holds "+spelling.CodePoint(c)+name(c)+", which does not show: marked "+esc)
		}
		prev = c
	}
	for _, w := range mixedWords(s) {
		warnings = append(warnings, "the word "+strconv.Quote(w)+" mixes Latin letters with Greek or Cyrillic ones that look alike")
	}
	if len(seen) == 0 {
		return s, warnings
	}
	return b.String(), warnings
}

// escaped spells c as Go and JSON escape it: \uXXXX, or \UXXXXXXXX past
// the Basic Multilingual Plane.
func escaped(c rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(c), 16))
	if c <= 0xFFFF {
		return `\u` + strings.Repeat("0", 4-len(h)) + h
	}
	return `\U` + strings.Repeat("0", 8-len(h)) + h
}

// name is c's Unicode name in parentheses after a space, or "".
func name(c rune) string {
	if n := runenames.Name(c); n != "" {
		return " (" + n + ")"
	}
	return ""
}

// mixedWords returns the words of s (runs of letters and marks) that hold
// Latin letters and Greek or Cyrillic ones, each once.
func mixedWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsMark(c) }) {
		latin, other := false, false
		for _, c := range w {
			switch {
			case unicode.Is(unicode.Latin, c):
				latin = true
			case unicode.In(c, unicode.Greek, unicode.Cyrillic):
				other = true
			}
		}
		if latin && other && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
