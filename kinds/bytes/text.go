package bytes

import (
	"encoding/base64"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// Plain text in a base64 property (issue 33). A string that reads as
// words ("good work", "Dear John", "yes") is never decoded as base64 in
// silence: base64 has no spaces, and a word that happens to be made of
// base64's characters is still more likely the text. Whitespace inside
// base64 is only a line break at a fixed width, MIME's 76 characters or
// PEM's 64 (lineWidths); any other space, tab or break makes the string
// no base64 at all.
//
// A string reads as words (readsAsWords) when it is more than one
// character, holds a letter, every rune is a letter, a digit, whitespace
// or punctuation (- _ and / only in a string with whitespace: without, they
// are base64's), and every run of ASCII letters and digits is either
// digits alone or letters alone written as a word is: in lower case
// ("yes"), capitalized ("Dear"), or, in a string of several runs of
// letters, in capitals ("HELLO WORLD"). Base64 of binary data mixes cases and digits within a run, and
// so is no words. Such a string is an ask whose readings are its UTF-8
// bytes (in canonical base64) and, when it is base64 without whitespace,
// the bytes that base64 spells; the canonical base64 spelling of a value,
// which reads as itself whatever it looks like, is read as base64 with a
// warning also_text instead (as also_hex for hex), unless it is hex.

// lineWidths are the fixed widths at which base64 breaks lines: MIME's
// (RFC 2045) and PEM's (RFC 7468).
var lineWidths = [...]int{76, 64}

// maxTextReading is the longest text whose UTF-8 bytes an ask offers as a
// reading; a longer one is named in the hint, so that an ask is never
// larger than what was sent by more than the encoding.
const maxTextReading = agentinput.MaxScalarBytes

// fixedWidth reports whether the line breaks of s (LF or CRLF, no other
// whitespace) break it at one of lineWidths: every line but the last
// has that width, the last is no longer and not empty.
func fixedWidth(s string) bool {
	width := -1
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return width < 0 || len(s) <= width && strings.IndexByte(s, '\r') < 0
		}
		line := s[:i]
		line = strings.TrimSuffix(line, "\r")
		if strings.IndexByte(line, '\r') >= 0 {
			return false
		}
		if width < 0 {
			width = len(line)
			if width != lineWidths[0] && width != lineWidths[1] {
				return false
			}
		} else if len(line) != width {
			return false
		}
		s = s[i+1:]
	}
	return true
}

// readsAsWords reports whether s reads as words (see above).
func readsAsWords(s string) bool {
	letter, runs, capitals, space, marks := false, 0, 0, false, false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && (isASCIILetter(c) || '0' <= c && c <= '9') {
			j := i
			for j < len(s) && s[j] < utf8.RuneSelf && (isASCIILetter(s[j]) || '0' <= s[j] && s[j] <= '9') {
				j++
			}
			switch shape(s[i:j]) {
			case shapeMixed:
				return false
			case shapeCapitals:
				capitals++
				letter = true
			case shapeWord:
				letter = true
			}
			if shape(s[i:j]) != shapeDigits {
				runs++
			}
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return false
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			letter = true
		case r == '-' || r == '_' || r == '/':
			marks = true
		case unicode.IsSpace(r):
			space = true
		case unicode.IsDigit(r), unicode.IsPunct(r):
		default:
			return false
		}
		i += size
	}
	// A lone run of letters in capitals ("AAAA", "QUJD", "DEADBEEF 0000")
	// is what base64 or hex of a few bytes looks like, not a word; so are - _ / without a space between
	// words (base64's characters, "_w"), and a lone letter.
	return letter && !(capitals > 0 && runs == 1) && (space || !marks) && utf8.RuneCountInString(s) > 1
}

// The shapes of a run of ASCII letters and digits.
const (
	shapeDigits   = iota
	shapeWord     // lower case, or one capital and lower case
	shapeCapitals // capitals only, more than one
	shapeMixed    // letters and digits, or letters in no word's case
)

func shape(run string) int {
	upper, lower, digit := 0, 0, 0
	for i := 0; i < len(run); i++ {
		switch c := run[i]; {
		case 'a' <= c && c <= 'z':
			lower++
		case 'A' <= c && c <= 'Z':
			upper++
		default:
			digit++
		}
	}
	switch {
	case digit == len(run):
		return shapeDigits
	case digit > 0:
		return shapeMixed
	case upper == 0, upper == 1 && 'A' <= run[0] && run[0] <= 'Z':
		return shapeWord
	case lower == 0 && upper > 1:
		return shapeCapitals
	}
	return shapeMixed
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// textReading is the reading of s as text: its UTF-8 bytes.
func textReading(s string) agentinput.Reading {
	return agentinput.Reading{Value: quoted(base64.StdEncoding.EncodeToString([]byte(s))), Meaning: "the text itself, as its UTF-8 bytes: " + count(len(s))}
}

// textHint names what to send when a text's bytes are too long to offer.
func textHint(n int) string {
	return "If the text itself was meant, send its UTF-8 bytes (" + count(n) + ") as standard base64; if base64 was meant, send it without spaces (line breaks only every 76 or 64 characters)"
}

// alsoText is the warning of a canonical spelling that also reads as
// words.
func alsoText(s string) agentinput.Warning {
	msg := "Read " + string(agentinput.Received(s)) + " as base64 (" + count(len(s)/4*3-strings.Count(s, "=")) + "); it also reads as text"
	if enc := base64.StdEncoding.EncodeToString([]byte(s)); len(enc) <= agentinput.MaxReceivedChars {
		msg += `: if the text itself was meant, send its UTF-8 bytes as base64, "` + enc + `"`
	} else {
		msg += ": if the text itself was meant, send its UTF-8 bytes as base64"
	}
	return agentinput.Warning{Code: agentinput.WarningAlsoText, Message: msg}
}

// cutHexPrefix returns the digits of a string of hex digits with a 0x
// prefix ("0x48656c6c6f"), and whether s is one.
func cutHexPrefix(s string) (string, bool) {
	if len(s) < 3 || s[0] != '0' || s[1] != 'x' && s[1] != 'X' {
		return "", false
	}
	digits := s[2:]
	for i := 0; i < len(digits); i++ {
		if hexValue[digits[i]] > 15 {
			return "", false
		}
	}
	return digits, true
}

// hexPrefixedShape is cutHexPrefix's test, for the fast path: cheap for
// a string that does not start with "0x".
func hexPrefixedShape(s string) bool {
	if len(s) < 3 || s[0] != '0' || s[1]|0x20 != 'x' {
		return false
	}
	_, ok := cutHexPrefix(s)
	return ok
}

// hexPrefixed is the ask about a string of hex digits with a 0x prefix:
// hex, not base64, which this property takes. With an even number of
// digits it names their bytes as its one reading.
func (r *Reader) hexPrefixed(v any, digits string) agentinput.Outcome[Bytes] {
	if len(digits)%2 != 0 {
		return r.ask(v, agentinput.AskInvalid, "it is hex digits after 0x, an odd number of them, and this property takes base64",
			"Send the bytes as one JSON string of standard base64, for example \""+example+"\"")
	}
	if len(digits)/2 > r.max {
		return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
	}
	reading := agentinput.Reading{Value: quoted(base64.StdEncoding.EncodeToString(fromHex(digits))), Meaning: "hex digits: " + count(len(digits)/2)}
	hint := "Send the reading exactly as written if these are the bytes you mean: it is their standard base64"
	if len(digits)%4 == 2 && len(digits) <= agentinput.MaxReceivedChars {
		// The whole is also canonical base64, which this property reads
		// only inside a data: URI.
		hint += `; if the string is base64 after all, send it as "data:;base64,0x` + digits + `"`
	}
	return agentinput.Asking[Bytes](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   "it is hex digits after 0x, and this property takes base64",
		Expected: r.expected,
		Hint:     hint,
		Readings: []agentinput.Reading{reading},
	})
}

// notBase64 is the ask about a string that is no base64 because of its
// whitespace (spaces, tabs, or line breaks at no fixed width), or that
// reads as words: readings are the text's bytes when it reads as words,
// the hex bytes of its characters when they are hex digits, and the bytes
// of the base64 it holds when it is base64 with no whitespace, or with
// whitespace but not words. ws says whether whitespace made it no base64.
func (r *Reader) notBase64(v any, s string, ws, words bool) agentinput.Outcome[Bytes] {
	var rs []agentinput.Reading
	over := false // a reading left out for the budget
	if sc := scan(s); sc.bad < 0 && !sc.padInside && !(sc.std && sc.url) && sc.n > 0 {
		text := compact(s, sc)
		enc := rawStd
		if sc.url {
			enc = rawURL
		}
		data := make([]byte, enc.DecodedLen(len(text)))
		// Text with spaces is never read as the base64 its words spell
		// once the spaces are dropped.
		digits, prefixed := cutHexPrefix(string(text))
		if n, err := enc.Decode(data, text); err == nil && sc.n%4 != 1 && !(ws && words) && !prefixed {
			// (Hex after 0x is offered as hex alone: its base64 spelling
			// is asked about when sent back.)
			if n > r.max {
				over = true
			} else {
				rs = append(rs, agentinput.Reading{Value: quoted(base64.StdEncoding.EncodeToString(data[:n])), Meaning: "base64: " + count(n)})
			}
		}
		if !prefixed {
			digits = string(text)
		}
		if sc.pads == 0 && hexLike(digits) {
			if len(digits)/2 > r.max {
				over = true
			} else {
				rs = append(rs, agentinput.Reading{Value: quoted(base64.StdEncoding.EncodeToString(fromHex(digits))), Meaning: "hex digits: " + count(len(digits)/2)})
			}
		}
	}
	hint := "Send one of the readings exactly as written: each is the standard base64 of the bytes it names"
	if words {
		switch {
		case len(s) > r.max:
			over = true
		case len(s) <= maxTextReading:
			rs = append(rs, textReading(s))
		case len(rs) == 0:
			return r.ask(v, agentinput.AskInvalid, "it reads as text, not base64", textHint(len(s)))
		}
	}
	if over && len(rs) == 0 {
		return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
	}
	reason := "it reads as text, and base64 is never read from text"
	if ws {
		reason = "it has spaces or line breaks inside, and base64 breaks lines only every 76 (MIME) or 64 (PEM) characters"
		if words {
			reason = "it reads as text: it has spaces or line breaks inside, which base64 has only every 76 or 64 characters"
		}
	}
	if len(rs) == 0 {
		return r.ask(v, agentinput.AskInvalid, reason, hintSend)
	}
	if len(rs) == 1 {
		hint = "Send the reading exactly as written if these are the bytes you mean: it is their standard base64"
	}
	return agentinput.Asking[Bytes](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: r.expected,
		Hint:     hint,
		Readings: rs,
	})
}
