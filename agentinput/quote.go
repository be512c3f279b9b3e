package agentinput

import (
	"encoding/json"
	"unicode/utf8"
)

// quote returns the JSON text of the string s as encoding/json writes it
// with HTML escaping off (a received "<nil>" stays "<nil>"): every note and
// ask quotes what was received, so this is on every lenient read's path,
// and it costs one allocation instead of an encoder's four.
func quote(s string) json.RawMessage {
	return appendQuoted(make([]byte, 0, len(s)+2), s)
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends the JSON string of s to b, byte for byte as
// encoding/json's encoder with SetEscapeHTML(false) does: quote and
// backslash escaped, \b \f \n \r \t by name, other control characters as
// \u00XX, invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped (some
// JavaScript parsers take them for line ends). TestQuoteAgreesWithJSON
// holds the two equal.
func appendQuoted[S ~string | ~[]byte](b []byte, s S) []byte {
	b = append(b, '"')
	b = appendEscaped(b, s)
	return append(b, '"')
}

// appendEscaped appends s as the inside of a JSON string, escaped as
// appendQuoted escapes it. Escaping is rune by rune, so the escape of a
// text is the escapes of its pieces put together whenever the pieces meet
// at an ASCII character: the messages are escaped piece by piece as they
// are written (see msgWriter).
func appendEscaped[S ~string | ~[]byte](b []byte, s S) []byte {
	start, words := 0, 0
	for i := 0; i < len(s); {
		// Eight bytes at a time while none needs a look: the messages
		// are long runs of plain ASCII. After a word that has one, its
		// eight bytes go one at a time (words is where the test may run
		// again), so that text with many such bytes is not slowed.
		if i >= words && len(s)-i >= 8 {
			if t := s[i : i+8]; plainWord(uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
				uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56) {
				i += 8
				continue
			}
		}
		if i >= words {
			words = i + 8
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		// utf8.DecodeRune reads at most UTFMax bytes: a copy of them
		// decodes the same for a string and for bytes.
		var head [utf8.UTFMax]byte
		r, size := utf8.DecodeRune(head[:copy(head[:], s[i:])])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// plainWord reports whether each of the eight bytes of w is ASCII that a
// JSON string holds as it is: at least 0x20, neither '"' nor '\\'. (A
// byte b of w is below n, for n ≤ 0x80 and every byte ASCII, exactly when
// some byte of (w - n·ones) &^ w has its high bit set; a byte equals c
// when the same holds of w ^ c·ones and 1.)
func plainWord(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	if w&highs != 0 {
		return false
	}
	below := (w - 0x20*ones) &^ w
	q := w ^ '"'*ones
	quote := (q - ones) &^ q
	bs := w ^ '\\'*ones
	backslash := (bs - ones) &^ bs
	return (below|quote|backslash)&highs == 0
}
