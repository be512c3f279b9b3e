package date

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// tokKind is the kind of one token of a date spelling.
type tokKind uint8

const (
	tNum   tokKind = iota + 1 // a run of ASCII digits
	tWord                     // a run of letters (with their marks)
	tPunct                    // one punctuation mark
)

// tok is one token: a number, a word or a punctuation mark, and whether
// whitespace came before it.
type tok struct {
	kind       tokKind
	space      bool  // whitespace before the token
	start, end int32 // byte offsets in the spelling
	width      int32 // digits of a number (counted up to the budget)
	val        int   // a number's value (its first 9 digits), a mark's rune
	w          *word
}

// maxTokens is the most tokens a spelling may have. The longest date a
// model writes ("Thursday, 1st of October 2026 at 13:45:00 UTC to …")
// has about 25; anything longer is not one date, and stopping there keeps
// every read short whatever the input.
const maxTokens = 32

// tokens is a fixed-size token list, kept on the stack.
type tokens struct {
	t [maxTokens]tok
	n int
}

// push appends a token, writing its fields in place: a token built whole
// and copied in makes the copy wait on the narrow stores that built it
// (store forwarding). For the same reason the readers look at tokens
// through pointers (&ts[i]) rather than copying them out.
func (ts *tokens) push(kind tokKind, space bool, start, end, width, val int, w *word) {
	t := &ts.t[ts.n]
	t.kind, t.space = kind, space
	t.start, t.end, t.width = int32(start), int32(end), int32(width)
	t.val, t.w = val, w
	ts.n++
}

// isPunct reports whether r is a mark a date spelling may hold.
func isPunct(r rune) bool {
	switch r {
	case '.', ',', '/', '-', ':', '+', '\u2013', '\u2014', '\u2212',
		'~', '\u2192', '\u2026': // marks of a range only: "~", "→", "…"
		return true
	}
	return false
}

// isWordRune reports whether r continues a word: a letter, a nonspacing
// mark (a decomposed accent), or the degree sign of "1°".
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || r == '°' || (unicode.Is(unicode.Mn, r) && !spelling.InvisibleMark(r))
}

// tokenize splits s into tokens, looking every word up in words. It
// returns a reason when s holds something no date spelling has.
func tokenize(s string, words map[string]*word, ts *tokens) string {
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		if ts.n == maxTokens {
			return "it has too many parts to be one date"
		}
		switch {
		case '0' <= c && c <= '9':
			j, v := i, 0
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				if j-i < 9 {
					v = v*10 + int(s[j]-'0')
				}
				j++
			}
			ts.push(tNum, space, i, j, j-i, v, nil)
			i, space = j, false
			continue
		case c == ' ' || c == '\t':
			space = true
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case spelling.IsSpace(r):
			space = true
			i += n
		case isPunct(r):
			ts.push(tPunct, space, i, i+n, 0, int(r), nil)
			i, space = i+n, false
		case unicode.IsLetter(r) || r == '°':
			j := i + n
			for j < len(s) {
				if c := s[j]; c < utf8.RuneSelf {
					// ASCII: a letter continues the word, anything else ends it.
					if 'a' <= c|0x20 && c|0x20 <= 'z' {
						j++
						continue
					}
					break
				}
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += n2
			}
			ts.push(tWord, space, i, j, 0, 0, lookup(words, s[i:j]))
			i, space = j, false
		case unicode.IsControl(r):
			return "it contains the control character " + spelling.CodePoint(r)
		case unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me):
			return "it contains the invisible character " + spelling.CodePoint(r)
		case unicode.IsDigit(r):
			return "it has digits other than 0–9"
		default:
			return "it contains " + strconv.QuoteRune(r) + ", which no date spelling has"
		}
	}
	return ""
}
