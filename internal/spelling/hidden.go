package spelling

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden names the first character of s that the caller cannot see in what
// it sent — a control character, or an invisible one (a format character
// such as a zero-width space or a bidi override, a variation selector) —
// as "it contains the control character U+0007", or returns "". Tab and
// line ends are whitespace, not hidden; a zero-width (non-)joiner between
// two letters of a script written with joiners is part of how Indic and
// Arabic scripts are written ("ශ්‍රී ලංකාව") and is not hidden either. Kinds that read words call it
// before folding, which would drop such characters and hide them.
func Hidden(s string) string {
	prev := rune(0)
	for i, c := range s {
		switch {
		case c < utf8.RuneSelf && c >= 0x20 && c != 0x7f:
		case c == '\t' || c == '\n' || c == '\r':
		case WrittenJoiner(prev, s, i):
		case unicode.IsControl(c):
			return "it contains the control character " + CodePoint(c)
		case unicode.In(c, unicode.Cf) || InvisibleMark(c):
			return "it contains the invisible character " + CodePoint(c)
		}
		prev = c
	}
	return ""
}

// WrittenJoiner reports whether the character at byte i of s, after prev,
// is a zero-width joiner or non-joiner between two letters of a script
// written with joiners: part of how the word is written, not a hidden
// character. s may be invalid UTF-8.
func WrittenJoiner(prev rune, s string, i int) bool {
	c, size := utf8.DecodeRuneInString(s[i:])
	return (c == '\u200C' || c == '\u200D') && joins(prev) && joins(next(s[i+size:]))
}

// joins reports whether c is a letter or mark of a script written with
// zero-width joiners (Indic, Arabic …): not Latin, Greek or Cyrillic, where
// a joiner only hides itself.
func joins(c rune) bool {
	return (unicode.IsLetter(c) || unicode.In(c, unicode.Mn, unicode.Mc)) &&
		!unicode.In(c, unicode.Latin, unicode.Greek, unicode.Cyrillic)
}

func next(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// InvisibleMark reports whether c is a nonspacing mark that shows nothing
// of its own: the combining grapheme joiner, variation selectors, the
// Mongolian free variation selectors.
func InvisibleMark(c rune) bool {
	return c == 0x34F || (c >= 0x180B && c <= 0x180F) ||
		(c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF)
}

// CodePoint spells c as U+XXXX, the way asks name a character the caller
// cannot see.
func CodePoint(c rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(c), 16))
	if len(h) < 4 {
		h = strings.Repeat("0", 4-len(h)) + h
	}
	return "U+" + h
}

// Word is the first step of reading a word-like value (an enum value, a
// vocabulary entry): it trims the string (trimmed reports whether anything
// was removed) and says why the rest cannot be read as a word — not
// UTF-8, empty, or holding a character the caller cannot see — or "".
func Word(raw string) (s string, trimmed bool, problem string) {
	if !utf8.ValidString(raw) {
		return raw, false, "it is not valid UTF-8"
	}
	s, trimmed = Trim(raw)
	switch {
	case s == "":
		return s, trimmed, "it is empty"
	default:
		return s, trimmed, Hidden(s)
	}
}
