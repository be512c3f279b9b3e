// Package jsonscan is the module's one lexical reader of JSON text: where
// a string, a number and whitespace end, whether JSON's grammar takes
// them, and what in a string encoding/json would replace. The factory's
// scan of a call's arguments, its fast decoder and the stdio frame screen
// (factory/mcp) read JSON text through it, so that what a string is, where
// it ends and what a number is are decided in one place; each keeps only
// what it does with the answer (TestAgree in each of them holds it to
// encoding/json over jsonscantest's cases).
package jsonscan

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// IsSpace reports whether c is whitespace in JSON's grammar.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace (len(b) when there is none).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// Number returns the index after the JSON number that starts at b[i], or
// -1 when none does: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func Number(b []byte, i int) int {
	digits := func() int {
		n := 0
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return -1
		}
	}
	return i
}

// Hex4 reads the four hex digits at b[k:k+4] of a \u escape.
func Hex4(b []byte, k int) (rune, bool) {
	if k < 0 || k+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[k : k+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// String is what one scan of a JSON string finds.
type String struct {
	// End is the index after the closing quote; len(b) when b ends
	// first. Closed says whether it does not.
	End    int
	Closed bool
	// Invalid is the offset of the first byte JSON's grammar refuses in
	// the string (a control character, an escape JSON has not), -1 when
	// there is none. Cut is the offset of an escape that b ends inside,
	// -1 when none does. The scan goes on past both, stepping over a bad
	// escape's two bytes, as a reader that leaves the verdict to
	// encoding/json does.
	Invalid, Cut int
	// Replaced is the offset of the first thing encoding/json would
	// replace with U+FFFD — a byte that is not UTF-8, a \u escape of half
	// a UTF-16 surrogate pair without its other half — and What says
	// which; -1 and "" when there is none.
	Replaced int
	What     string
	// Plain says the string holds no escape, no control character and
	// only UTF-8: its bytes between the quotes are its value.
	Plain bool
}

// Grammar returns what a validating reader makes of the string: the
// index after it when JSON's grammar takes it, -1 when it refuses a byte
// of it, and -len(b)-1 when b ends inside it, whichever comes first.
// Bytes that are not UTF-8 and lone surrogate escapes are taken (the
// grammar has no word on them; Replaced has).
func (s String) Grammar(b []byte) int {
	switch {
	case s.Invalid >= 0 && (s.Cut < 0 || s.Invalid < s.Cut):
		return -1
	case s.Cut >= 0 || !s.Closed:
		return -len(b) - 1
	}
	return s.End
}

// ScanString scans the JSON string that starts at b[i] (a quote), in time
// linear in its length and with no allocation unless it finds something to
// replace.
func ScanString(b []byte, i int) String {
	s := String{Invalid: -1, Cut: -1, Replaced: -1, Plain: true}
	replaced := func(j int, what string) {
		if s.Replaced < 0 {
			s.Replaced, s.What = j, what
		}
	}
	for j := i + 1; j < len(b); {
		switch c := b[j]; {
		case c == '"':
			s.End, s.Closed = j+1, true
			return s
		case c == '\\':
			s.Plain = false
			if j+1 >= len(b) {
				if s.Cut < 0 {
					s.Cut = j
				}
				j += 2
				continue
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
				continue
			case 'u':
			default:
				if s.Invalid < 0 {
					s.Invalid = j
				}
				j += 2
				continue
			}
			r, ok := Hex4(b, j+2)
			if !ok {
				if j+6 > len(b) {
					if s.Cut < 0 {
						s.Cut = j
					}
				} else if s.Invalid < 0 {
					s.Invalid = j
				}
				j += 2
				continue
			}
			if utf16.IsSurrogate(r) {
				if lo, ok := Hex4(b, j+8); ok && r < 0xDC00 && b[j+6] == '\\' && b[j+7] == 'u' && lo >= 0xDC00 && lo < 0xE000 {
					j += 12
					continue
				}
				replaced(j, "the escape "+string(b[j:j+6])+", half of a UTF-16 surrogate pair without its other half, which is no character")
			}
			j += 6
		case c < 0x20:
			s.Plain = false
			if s.Invalid < 0 {
				s.Invalid = j
			}
			j++
		case c < utf8.RuneSelf:
			j++
		default:
			r, size := utf8.DecodeRune(b[j:])
			if r == utf8.RuneError && size == 1 {
				s.Plain = false
				replaced(j, "the byte 0x"+strings.ToUpper(strconv.FormatUint(uint64(c), 16))+", which is not UTF-8")
			}
			j += size
		}
	}
	s.End = len(b)
	return s
}
