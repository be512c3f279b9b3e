package number

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/runenames"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// The reference reader: slow and obviously correct. It shares no code with
// the fast reader (scan.go, read.go) beyond trimming: it names every rune
// by its Unicode name, rewrites the string into a small ASCII alphabet, and
// decides with one regular expression per spelling class of the package
// doc (doc.go), in its order. Values are big.Rat. Options are not modelled: the
// cross-check runs with the zero Options.

// refOutcome is what the reference reader decides.
type refOutcome struct {
	status   string     // "value", "ambiguous", "invalid"
	value    *big.Rat   // for "value"
	readings []*big.Rat // for "ambiguous": grouped reading first
}

var digitNames = map[string]int{
	"ZERO": 0, "ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4,
	"FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8, "NINE": 9,
}

// refDigit returns a decimal digit's value and its script (the name before
// "DIGIT"), read off the rune's Unicode name.
func refDigit(r rune) (int, string, bool) {
	if !unicode.Is(unicode.Nd, r) {
		return 0, "", false
	}
	name := runenames.Name(r)
	i := strings.LastIndex(name, "DIGIT ")
	if i < 0 {
		return 0, "", false
	}
	v, ok := digitNames[name[i+len("DIGIT "):]]
	return v, name[:i], ok
}

// refNormalize rewrites s into the alphabet
//
//	0-9  digits            -  a minus sign (first rune only)
//	+    a plus sign       s  any space separator
//	'    an apostrophe     _  an underscore
//	,    a comma           .  a dot
//	D    Arabic decimal    T  Arabic thousands
//	e    exponent mark
//
// and reports false for any rune outside it or digits of two scripts.
func refNormalize(s string) (string, bool) {
	var b strings.Builder
	script, seen := "", false
	exponent := false
	for i, r := range s {
		if exponent {
			// After the exponent mark: ASCII signs and digits only.
			if !strings.ContainsRune("+-0123456789", r) {
				return "", false
			}
			b.WriteRune(r)
			continue
		}
		if v, sc, ok := refDigit(r); ok {
			if seen && sc != script {
				return "", false
			}
			script, seen = sc, true
			b.WriteByte(byte('0' + v))
			continue
		}
		switch {
		case i == 0 && strings.ContainsRune("-−﹣－‒–\u2010\u2011", r):
			b.WriteByte('-')
		case i == 0 && (r == '+' || r == '＋'):
			b.WriteByte('+')
		case unicode.Is(unicode.Zs, r):
			b.WriteByte('s')
		case strings.ContainsRune("'’‘ʼ′＇´`", r):
			b.WriteByte('\'')
		case r == '_':
			b.WriteByte('_')
		case strings.ContainsRune(",，﹐", r):
			b.WriteByte(',')
		case strings.ContainsRune(".．﹒", r):
			b.WriteByte('.')
		case r == '٫':
			b.WriteByte('D')
		case r == '٬':
			b.WriteByte('T')
		case r == 'e' || r == 'E':
			b.WriteByte('e')
			exponent = true
		default:
			return "", false
		}
	}
	return b.String(), true
}

var (
	refPlain     = regexp.MustCompile(`^(\d+)$`)
	refPlainDot  = regexp.MustCompile(`^(\d*)\.(\d*)$`)
	refExponent  = regexp.MustCompile(`^(\d*)(?:\.(\d*))?e([+-]?\d+)$`)
	refCommaExp  = regexp.MustCompile(`^(\d*),(\d+)e([+-]?\d+)$`)
	refOneMark   = regexp.MustCompile(`^(\d*)([,D])(\d+)$`)
	refAmbiguous = regexp.MustCompile(`^(\d{1,3})([,.])(\d{3})$`)
)

// refGrouped reports whether whole groups consistently with separator g:
// western (1–3 digits, then threes) or Indian (1–2, twos, last three), no
// leading zero, at least two groups.
func refGrouped(whole string, g byte) bool {
	q := regexp.QuoteMeta(string(g))
	western := regexp.MustCompile(`^[1-9]\d{0,2}(` + q + `\d{3})+$`)
	indian := regexp.MustCompile(`^[1-9]\d?(` + q + `\d{2})+` + q + `\d{3}$`)
	return western.MatchString(whole) || indian.MatchString(whole)
}

func refRat(neg bool, whole, frac string, exp int64) *big.Rat {
	r, ok := new(big.Rat).SetString("0" + whole + "." + frac + "0")
	if !ok {
		panic("reference: bad digits " + whole + "." + frac)
	}
	if exp != 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(exp)), nil)
		f := new(big.Rat).SetInt(p)
		if exp > 0 {
			r.Mul(r, f)
		} else {
			r.Quo(r, f)
		}
	}
	if neg {
		r.Neg(r)
	}
	return r
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// refRead is the reference reader for a string, with the zero Options. It
// does not check the float64 range (callers keep exponents small).
func refRead(s string) refOutcome {
	invalid := refOutcome{status: "invalid"}
	t, _ := spelling.Trim(s)
	if r, ok := refWord(t); ok {
		return r
	}
	n, ok := refNormalize(t)
	if !ok || n == "" {
		return invalid
	}
	neg := false
	if n[0] == '-' || n[0] == '+' {
		neg = n[0] == '-'
		n = n[1:]
	}
	value := func(whole, frac string, exp int64) refOutcome {
		return refOutcome{status: "value", value: refRat(neg, whole, frac, exp)}
	}
	// Plain forms.
	if m := refPlain.FindStringSubmatch(n); m != nil {
		return value(m[1], "", 0)
	}
	if m := refAmbiguous.FindStringSubmatch(n); m != nil && strings.Trim(m[1], "0") != "" {
		return refOutcome{status: "ambiguous", readings: []*big.Rat{
			refRat(neg, m[1]+m[3], "", 0), refRat(neg, m[1], m[3], 0),
		}}
	}
	if m := refPlainDot.FindStringSubmatch(n); m != nil && m[1]+m[2] != "" {
		return value(m[1], m[2], 0)
	}
	exponent := refExponent.FindStringSubmatch(n)
	if m := refCommaExp.FindStringSubmatch(n); m != nil && len(m[2]) != 3 {
		// A comma before an exponent not before three digits: the
		// decimal mark, since a grouping comma needs three.
		exponent = m
	}
	if m := exponent; m != nil && m[1]+m[2] != "" {
		var e int64
		for _, c := range strings.TrimLeft(m[3], "+-") {
			e = e*10 + int64(c-'0')
		}
		if strings.HasPrefix(m[3], "-") {
			e = -e
		}
		return value(m[1], m[2], e)
	}
	if m := refOneMark.FindStringSubmatch(n); m != nil {
		return value(m[1], m[3], 0)
	}
	// Grouping of a whole number, any one separator class, one or more
	// separators (a single comma or dot was settled above).
	for _, g := range []byte{'s', '\'', '_', 'T', ',', '.'} {
		if strings.Count(n, string(g)) >= 1 && refGrouped(n, g) {
			return value(strings.ReplaceAll(n, string(g), ""), "", 0)
		}
	}
	// A grouped whole part and a different decimal mark as the last separator.
	for _, mark := range []byte{',', '.', 'D'} {
		i := strings.LastIndexByte(n, mark)
		if i < 0 || strings.Count(n, string(mark)) != 1 {
			continue
		}
		whole, frac := n[:i], n[i+1:]
		if frac == "" || strings.Trim(frac, "0123456789") != "" {
			continue
		}
		for _, g := range []byte{'s', '\'', '_', 'T', ',', '.'} {
			if g != mark && refGrouped(whole, g) {
				return value(strings.ReplaceAll(whole, string(g), ""), frac, 0)
			}
		}
	}
	return invalid
}

// disagreement compares o, what Read(in, Options{}) returned, with the
// reference reader, and says how they differ ("" when they agree): the
// property test and the fuzz target both call it.
func disagreement(in string, o agentinput.Outcome[Decimal]) string {
	ref := refRead(in)
	switch ref.status {
	case "value":
		v, ok := o.Value()
		if !ok {
			a, _ := o.Ask()
			return fmt.Sprintf("Read(%q): %s; the reference reads %s", in, a.Message(), ref.value.RatString())
		}
		got, _ := new(big.Rat).SetString(v.String())
		if got.Cmp(ref.value) != 0 {
			return fmt.Sprintf("Read(%q) = %s; the reference reads %s", in, v, ref.value.RatString())
		}
	case "ambiguous":
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != len(ref.readings) {
			return fmt.Sprintf("Read(%q) = %s; the reference finds it ambiguous", in, o.Status())
		}
		for i, r := range a.Readings {
			got, _ := new(big.Rat).SetString(string(r.Value))
			if got.Cmp(ref.readings[i]) != 0 {
				return fmt.Sprintf("Read(%q) reading %d = %s; the reference has %s", in, i, r.Value, ref.readings[i].RatString())
			}
		}
	default:
		if o.Status() != agentinput.StatusAsk {
			v, _ := o.Value()
			return fmt.Sprintf("Read(%q) = %s %s; the reference finds it invalid", in, o.Status(), v)
		}
	}
	return ""
}

// refWord is the reference for a number word: every word of every
// language of the table, and the folded form of every word, compared with
// t in lower case one by one; when none matches, with t folded. One number
// and no homograph is a value; anything else that matches, an ask naming
// each number in the table's order.
func refWord(t string) (refOutcome, bool) {
	var found []int64
	homograph := false
	pass := func(k string) {
		match := func(words string, n int64) {
			for _, w := range strings.Fields(words) {
				if strings.ToLower(w) == k || spelling.Fold(w) == k {
					if !slices.Contains(found, n) {
						found = append(found, n)
					}
					homograph = slices.Contains(numberHomographs, k)
				}
			}
		}
		for _, l := range numberLanguages {
			for n, words := range l.words {
				match(words, int64(n))
			}
			for i, words := range l.tens {
				match(words, int64(30+10*i))
			}
			match(l.hundred, 100)
			match(l.thousand, 1000)
		}
	}
	if len(t) > 32 || strings.ContainsAny(t, " \t") {
		return refOutcome{}, false
	}
	if pass(strings.ToLower(t)); len(found) == 0 {
		pass(spelling.Fold(t))
	}
	switch {
	case len(found) == 0:
		return refOutcome{}, false
	case len(found) == 1 && !homograph:
		return refOutcome{status: "value", value: new(big.Rat).SetInt64(found[0])}, true
	}
	r := refOutcome{status: "ambiguous"}
	for _, n := range found {
		r.readings = append(r.readings, new(big.Rat).SetInt64(n))
	}
	return r, true
}
