package number

import (
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// sep is a class of separator between digit runs.
type sep uint8

const (
	sepNone       sep = iota
	sepSpace          // any Unicode space separator (Zs): U+0020, U+00A0, U+202F, U+2009 …
	sepApostrophe     // ' ’ ‘ ʼ ′ ´ `
	sepUnderscore     // _
	sepComma          // , and its fullwidth and small forms
	sepDot            // . and its fullwidth and small forms
	sepArabicDec      // U+066B ARABIC DECIMAL SEPARATOR: a decimal mark only
	sepArabicThou     // U+066C ARABIC THOUSANDS SEPARATOR: a group mark only
)

// groupOnly reports whether the class only ever groups digits.
func (s sep) groupOnly() bool {
	return s == sepSpace || s == sepApostrophe || s == sepUnderscore || s == sepArabicThou
}

// name is how notes and asks name the class.
func (s sep) name() string {
	switch s {
	case sepSpace:
		return "space"
	case sepApostrophe:
		return "apostrophe"
	case sepUnderscore:
		return "underscore"
	case sepComma:
		return "comma"
	case sepDot:
		return "dot"
	case sepArabicDec:
		return "Arabic decimal separator"
	case sepArabicThou:
		return "Arabic thousands separator"
	}
	return "separator"
}

// groupsReason is the reason of a grouping note, a constant so that the
// note costs no allocation.
func (s sep) groupsReason() string {
	switch s {
	case sepSpace:
		return "space groups digits"
	case sepApostrophe:
		return "apostrophe groups digits"
	case sepUnderscore:
		return "underscore groups digits"
	case sepComma:
		return "comma groups digits"
	case sepDot:
		return "dot groups digits"
	case sepArabicThou:
		return "Arabic thousands separator groups digits"
	}
	return "separator groups digits"
}

// markReason is the reason of a decimal-mark note.
func (s sep) markReason() string {
	switch s {
	case sepComma:
		return "comma is the decimal mark"
	case sepArabicDec:
		return "Arabic decimal separator is the decimal mark"
	}
	return "dot is the decimal mark"
}

// maxGroups bounds the digit runs of one number: every run holds at least
// one digit, so the digit budget bounds them too.
const maxGroups = agentinput.MaxNumberDigits + 1

// A run's end offset is at most MaxNumberDigits and is kept in a uint8.
var _ [255 - agentinput.MaxNumberDigits]struct{}

// scan is one string taken apart: a sign, digit runs with the separator
// after each, and an exponent. Digits are stored as ASCII whatever script
// they were written in.
type scan struct {
	digits   [agentinput.MaxNumberDigits]byte
	nd       int
	runEnd   [maxGroups]uint8 // end offset in digits of each run
	seps     [maxGroups]sep   // the separator after each run but the last
	nruns    int
	neg      bool
	plus     bool // a leading '+'
	unicode  bool // non-ASCII digits, signs or marks were read
	leadDot  bool // ".5": a separator before the first run
	trailDot bool // "5.": a separator after the last run
	hasExp   bool
	expNeg   bool
	exp      int64 // the exponent's magnitude, saturated at 1e15
}

// scanProblem says why a string is not a number at all.
type scanProblem uint8

const (
	scanOK scanProblem = iota
	scanEmpty
	scanTooManyDigits
	scanInvisible // control, format (zero-width, bidi) or invalid UTF-8
	scanMixedScripts
	scanWord     // letters: a word, a unit or a name
	scanPercent  // a percent or per-mille sign
	scanCurrency // a currency sign
	scanMisplaced
	scanSpecial // NaN or Infinity
)

// digitZero returns the zero of r's block of ten decimal digits, and false
// when r is not a decimal digit (Unicode Nd). Every Nd block in Unicode is
// ten consecutive code points starting at its zero.
func digitZero(r rune) (rune, bool) {
	if r >= '0' && r <= '9' {
		return '0', true
	}
	if r < utf8.RuneSelf || !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return rune(rg.Lo) + (r-rune(rg.Lo))/10*10, true
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return rune(rg.Lo) + (r-rune(rg.Lo))/10*10, true
		}
	}
	return 0, false
}

// classify returns the separator class of r, or sepNone.
func classify(r rune) (sep, bool) {
	switch r {
	case ' ':
		return sepSpace, false
	case '\'', '`':
		return sepApostrophe, false
	case '_':
		return sepUnderscore, false
	case ',':
		return sepComma, false
	case '.':
		return sepDot, false
	case '’', '‘', 'ʼ', '′', '＇', '´':
		return sepApostrophe, true
	case '，', '﹐':
		return sepComma, true
	case '．', '﹒':
		return sepDot, true
	case '٫':
		return sepArabicDec, true
	case '٬':
		return sepArabicThou, true
	}
	if r >= utf8.RuneSelf && unicode.Is(unicode.Zs, r) {
		return sepSpace, true
	}
	return sepNone, false
}

// minusSign reports whether r is a minus sign (and whether it is ASCII):
// the hyphen-minus, the minus sign U+2212, its small and fullwidth forms,
// the figure dash U+2012, the en dash U+2013, and the hyphens U+2010 and
// U+2011 (a word processor's "‐5"). The em dash U+2014 and the horizontal
// bar U+2015 are not: before a number they are a list's bullet or a
// quotation dash as often as a sign, so "—5" is an ask.
func minusSign(r rune) (ok, ascii bool) {
	switch r {
	case '-':
		return true, true
	case '−', '﹣', '－', '‒', '–', '\u2010', '\u2011':
		return true, false
	}
	return false, false
}

// scanString takes s apart. It reads each rune once: linear in len(s).
func (sc *scan) scanString(s string) scanProblem {
	i := 0
	// Sign.
	if i < len(s) {
		r, n := utf8.DecodeRuneInString(s)
		if ok, ascii := minusSign(r); ok {
			sc.neg = true
			sc.unicode = sc.unicode || !ascii
			i += n
		} else if r == '+' || r == '＋' {
			sc.plus = true
			sc.unicode = sc.unicode || r != '+'
			i += n
		}
	}
	var zero rune = -1 // the zero of the digit block in use
	runOpen := false   // inside a digit run
	pending := sepNone // a separator seen after the last run
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return scanInvisible
		}
		z, ok := rune('0'), r >= '0' && r <= '9' // digitZero without a call
		if !ok && r >= utf8.RuneSelf {
			z, ok = digitZero(r)
		}
		if ok {
			if zero >= 0 && z != zero {
				return scanMixedScripts
			}
			zero = z
			if r >= utf8.RuneSelf {
				sc.unicode = true
			}
			if sc.nd == len(sc.digits) {
				return scanTooManyDigits
			}
			if !runOpen {
				if pending != sepNone {
					if sc.nruns == 0 {
						// ".5": a mark before any digit.
						if pending != sepDot && pending != sepComma && pending != sepArabicDec {
							return scanMisplaced
						}
						sc.leadDot = true
						sc.seps[0] = pending
						sc.runEnd[0] = 0
						sc.nruns = 1
					} else {
						sc.seps[sc.nruns-1] = pending
					}
					pending = sepNone
				} else if sc.nruns > 0 {
					return scanMisplaced
				}
				if sc.nruns == maxGroups {
					return scanTooManyDigits
				}
				sc.nruns++
				runOpen = true
			}
			sc.digits[sc.nd] = byte('0' + r - zero)
			sc.nd++
			i += n
			// The rest of a run of ASCII digits, without decoding runes:
			// what the loop would do for each of them.
			for zero == '0' && i < len(s) && s[i] >= '0' && s[i] <= '9' && sc.nd < len(sc.digits) {
				sc.digits[sc.nd] = s[i]
				sc.nd++
				i++
			}
			sc.runEnd[sc.nruns-1] = uint8(sc.nd)
			continue
		}
		if c, wide := classify(r); c != sepNone {
			if pending != sepNone {
				return scanMisplaced // two separators in a row
			}
			sc.unicode = sc.unicode || wide
			pending = c
			runOpen = false
			i += n
			continue
		}
		if (r == 'e' || r == 'E') && sc.nruns > 0 {
			if pending != sepNone {
				if pending != sepDot {
					return scanMisplaced
				}
				sc.trailDot = true
				pending = sepNone
			}
			return sc.scanExponent(s[i+n:])
		}
		return problemOf(s[i:])
	}
	if pending != sepNone {
		if sc.nruns == 0 || pending != sepDot {
			return scanMisplaced
		}
		sc.trailDot = true
	}
	if sc.nruns == 0 {
		if sc.neg || sc.plus {
			return scanMisplaced
		}
		return scanEmpty
	}
	return scanOK
}

// scanExponent reads the part after 'e': an optional sign and ASCII digits.
func (sc *scan) scanExponent(s string) scanProblem {
	sc.hasExp = true
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		sc.expNeg = s[i] == '-'
		i++
	}
	if i == len(s) {
		return scanMisplaced
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return problemOf(s[i:])
		}
		if sc.exp < 1e15 {
			sc.exp = sc.exp*10 + int64(c-'0')
		}
	}
	return scanOK
}

// problemOf names what stops s from being a number, from its first
// character that no number spelling uses.
func problemOf(rest string) scanProblem {
	for _, r := range rest {
		switch {
		case r == utf8.RuneError:
			return scanInvisible
		case unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r):
			return scanInvisible
		case r == '%' || r == '‰' || r == '‱' || r == '％':
			return scanPercent
		case unicode.Is(unicode.Sc, r):
			return scanCurrency
		}
	}
	for _, r := range rest {
		if unicode.IsLetter(r) {
			return scanWord
		}
	}
	return scanMisplaced
}
