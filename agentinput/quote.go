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
	start := 0
	for i := 0; i < len(s); {
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
