// Package spelling holds the text handling that every kind shares and no
// kind owns: trimming the wrapping a model puts around a value (whitespace,
// one pair of quotes) and folding letter case and diacritics for word
// lookups. It reads no kind: it never says what a spelling means.
package spelling

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// quotePairs are the surrounding quotes trimmed from a string: one pair,
// matching, outermost.
var quotePairs = [...][2]rune{
	{'"', '"'}, {'\'', '\''}, {'`', '`'},
	{'“', '”'}, {'„', '“'}, {'„', '”'}, {'‚', '‘'}, {'‘', '’'}, {'”', '”'},
	{'«', '»'}, {'»', '«'}, {'‹', '›'}, {'›', '‹'},
	{'「', '」'}, {'『', '』'}, {'＂', '＂'},
}

// IsSpace reports whether r is whitespace that may surround a value:
// Unicode White_Space plus the zero-width no-break space (a byte-order
// mark pasted at the start of a line).
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\uFEFF'
}

// Trim removes surrounding whitespace, then one pair of matching surrounding
// quotes, then the whitespace inside them. It reports whether it removed
// anything.
func Trim(s string) (string, bool) {
	if len(s) > 0 && plainEdge(s[0]) && plainEdge(s[len(s)-1]) {
		return s, false // nearly every value: nothing to trim
	}
	return trimFull(s)
}

// trimFull is Trim without its fast exit (TestTrimFastExit compares them).
func trimFull(s string) (string, bool) {
	t := trimSpace(s)
	if len(t) >= 2 {
		first, n1 := utf8.DecodeRuneInString(t)
		last, n2 := utf8.DecodeLastRuneInString(t)
		if len(t) >= n1+n2 {
			for _, p := range quotePairs {
				if first == p[0] && last == p[1] {
					t = trimSpace(t[n1 : len(t)-n2])
					break
				}
			}
		}
	}
	return t, len(t) != len(s)
}

// plainEdge reports whether a string that begins or ends with the byte c
// has nothing to trim at that end: an ASCII byte that is neither
// whitespace nor a quote of quotePairs (every other pair is non-ASCII).
func plainEdge(c byte) bool {
	return c > ' ' && c < utf8.RuneSelf && c != '"' && c != '\'' && c != '`'
}

func trimSpace(s string) string {
	// The ASCII loop first: almost every value has no surrounding space.
	start := 0
	for start < len(s) {
		c := s[start]
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
				start++
				continue
			}
			break
		}
		r, n := utf8.DecodeRuneInString(s[start:])
		if !IsSpace(r) {
			break
		}
		start += n
	}
	end := len(s)
	for end > start {
		c := s[end-1]
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
				end--
				continue
			}
			break
		}
		r, n := utf8.DecodeLastRuneInString(s[start:end])
		if !IsSpace(r) {
			break
		}
		end -= n
	}
	return s[start:end]
}

// strokes maps letters whose diacritic is not a combining mark in Unicode
// (a stroke or a ligature) to the letters a model types without them.
var strokes = strings.NewReplacer(
	"ł", "l", "đ", "d", "ø", "o", "ħ", "h", "ŧ", "t", "ƀ", "b", "ı", "i",
	"æ", "ae", "œ", "oe", "ß", "ss", "ς", "σ",
)

// Fold returns s in the form word tables are keyed by: compatibility
// decomposed (so full-width letters and ligatures read as their plain
// letters), lower-cased, with combining marks (diacritics) removed, letters
// with strokes replaced by their base letter, and every run of whitespace,
// hyphens, underscores and dots made one space. "Áno" and "ano", "NÃO" and
// "nao", "ｙｅｓ" and "yes" fold alike.
func Fold(s string) string {
	if ascii, ok := foldASCII(s); ok {
		return ascii
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFKD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return squeeze(strokes.Replace(b.String()))
}

// foldASCII folds an ASCII string without the Unicode machinery.
func foldASCII(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return "", false
		}
	}
	return squeeze(strings.ToLower(s)), true
}

// squeeze makes every run of separators (whitespace, '-', '_', '.') one
// space and drops them at the ends.
func squeeze(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '-' || c == '_' || c == '.' || c == '\t' || c == '\n' || c == '\r' || c >= utf8.RuneSelf ||
			(c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ')) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	pending := false
	for _, r := range s {
		if IsSpace(r) || r == '-' || r == '_' || r == '.' {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
