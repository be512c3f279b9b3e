package number

import (
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// readGrouped is the fast path of the commonest lenient spelling: ASCII
// digits grouped in threes by one separator that only groups ("4 000",
// "12 345 678" with no-break spaces, "1'000'000", "1_000"), and perhaps a
// decimal mark and a fraction after the groups ("1 234,56"). It reads t
// to the Decimal, adding the notes scanString and interpret would add, in
// their order, without building a scan: the scan's arrays are most of the
// cost of so short a string. For any other string it reports false and
// adds nothing; Read then scans t. TestReadGroupedAgrees holds the two
// paths to the same Decimal and notes.
func readGrouped(t string, from agentinput.Spelling, notes *agentinput.Notes) (Decimal, bool) {
	if len(t) > maxGroupedLen || len(t) < 5 || t[0] < '1' || t[0] > '9' {
		return Decimal{}, false
	}
	// The first run: one to three digits, the first not 0 (interpret
	// turns a leading zero away, and "1234 567" is no grouping).
	var coef uint64
	i := 0
	for i < len(t) && i < 3 && isDigit(t[i]) {
		coef = coef*10 + uint64(t[i]-'0')
		i++
	}
	if i == len(t) {
		return Decimal{}, false
	}
	r, n := utf8.DecodeRuneInString(t[i:])
	group, wide := classify(r)
	if !group.groupOnly() {
		return Decimal{}, false
	}
	sepText := t[i : i+n] // every group after this one uses the same spelling
	digits := i
	for strings.HasPrefix(t[i:], sepText) {
		i += n
		for k := 0; k < 3; k++ {
			if i == len(t) || !isDigit(t[i]) {
				return Decimal{}, false
			}
			coef = coef*10 + uint64(t[i]-'0')
			i++
		}
		digits += 3
	}
	var mark sep
	frac := 0
	if i < len(t) {
		// The decimal mark, and at least one digit after it.
		r, n := utf8.DecodeRuneInString(t[i:])
		var markWide bool
		mark, markWide = classify(r)
		if mark == sepNone || mark.groupOnly() {
			return Decimal{}, false
		}
		wide = wide || markWide
		for i += n; i < len(t); i++ {
			if !isDigit(t[i]) {
				return Decimal{}, false
			}
			coef = coef*10 + uint64(t[i]-'0')
			frac++
		}
		if frac == 0 {
			return Decimal{}, false
		}
	}
	if digits+frac > maxSmallDigits {
		return Decimal{}, false // the scan keeps every digit
	}
	if wide {
		notes.Add(agentinput.NoteUnicodeDigits, from, reasonUnicode)
	}
	notes.Add(agentinput.NoteGrouping, from, group.groupsReason())
	if mark != sepNone && mark != sepDot {
		notes.Add(agentinput.NoteDecimalComma, from, mark.markReason())
	}
	d := Decimal{coef: coef, exp: int32(-frac)}
	return d.normal(), true
}

// maxGroupedLen bounds the strings readGrouped tries: nineteen digits in
// groups (a coefficient that fits in a uint64) with three-byte separators.
const maxGroupedLen = 48

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
