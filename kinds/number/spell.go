package number

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[Decimal] = (*Reader)(nil)

// The spelling classes' members: the one source the Speller and the
// property tests draw from.
var (
	// spaceSeps are the Unicode space separators (Zs), each of which
	// groups digits; the ASCII space first.
	spaceSeps = zsSpaces()
	// apostropheSeps are the apostrophes that group digits, with the
	// prime, the acute accent and the backtick of Swiss numbers.
	apostropheSeps = []string{"'", "’", "ʼ", "′", "´", "`", "‘", "＇"}
	// minusSigns: ASCII, U+2212, the figure and en dashes, the hyphens
	// U+2010 and U+2011, the small and fullwidth hyphen-minus. Never the
	// em dash, a list's bullet.
	minusSigns = []string{"-", "−", "‒", "–", "\u2010", "\u2011", "﹣", "－"}
	plusSigns  = []string{"+", "＋"}
	// commaMarks and dotMarks: the comma and the dot, and their fullwidth
	// and small forms.
	commaMarks = []string{",", "，", "﹐"}
	dotMarks   = []string{".", "．", "﹒"}
	// Arabic separators: one that only groups, one that only marks.
	arabicGroup, arabicDecimal = "٬", "٫"
	// quotePairs are quotes a value may be wrapped in (spelling.Trim
	// removes one pair).
	quotePairs = spelling.WrapQuotes
	// outerSpaces is whitespace that may surround a value, none first.
	outerSpaces = spelling.WrapSpaces
	// digitZeros are the zeros of every block of ten decimal digits (Nd),
	// ASCII first.
	digitZeros = ndZeros()
)

func zsSpaces() []string {
	out := []string{" "}
	for _, rg := range unicode.Zs.R16 {
		for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
			if r != ' ' {
				out = append(out, string(r))
			}
		}
	}
	return out
}

func ndZeros() []rune {
	var out []rune
	add := func(lo, hi, stride rune) {
		for z := lo; z+9 <= hi && stride == 1; z += 10 {
			out = append(out, z)
		}
	}
	for _, rg := range unicode.Nd.R16 {
		add(rune(rg.Lo), rune(rg.Hi), rune(rg.Stride))
	}
	for _, rg := range unicode.Nd.R32 {
		add(rune(rg.Lo), rune(rg.Hi), rune(rg.Stride))
	}
	return out
}

// choose draws one of xs by c.
func choose[E any](c agentinput.Chooser, label string, xs []E) E {
	return xs[c.Choose(label, len(xs))]
}

// groupWestern writes digits in groups of three, with sep() between
// groups.
func groupWestern(digits string, sep func() string) string {
	first := len(digits) % 3
	if first == 0 {
		first = 3
	}
	var b strings.Builder
	b.WriteString(digits[:first])
	for i := first; i < len(digits); i += 3 {
		b.WriteString(sep())
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// groupIndian writes digits as lakh and crore: the last three, then twos.
func groupIndian(digits string, sep string) string {
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var groups []string
	for len(head) > 2 {
		groups = append([]string{head[len(head)-2:]}, groups...)
		head = head[:len(head)-2]
	}
	groups = append([]string{head}, groups...)
	return strings.Join(groups, sep) + sep + tail
}

// inScript writes the ASCII digits of s in the block whose zero is zero,
// leaving every other character as it is.
func inScript(s string, zero rune) string {
	if zero == '0' {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			c = zero + (c - '0')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// wrap surrounds s, by c's choices, with one pair of quotes and with
// whitespace, adding the classes it used to labels.
func wrap(c agentinput.Chooser, s string, labels []string) (string, []string) {
	if q := c.Choose("quotes", len(quotePairs)+1); q > 0 {
		s = quotePairs[q-1][0] + s + quotePairs[q-1][1]
		labels = append(labels, "quotes")
	}
	before := choose(c, "space before", outerSpaces)
	after := choose(c, "space after", outerSpaces)
	if before != "" || after != "" {
		labels = append(labels, "outer whitespace")
	}
	return before + s + after, labels
}

// wordVariant writes the number word w, by c's choices, without its
// diacritics (a word without a hyphen) and in lower, upper or title case.
func wordVariant(c agentinput.Chooser, w string) (string, []string) {
	var labels []string
	if c.Choose("folded", 2) == 1 && !strings.Contains(w, "-") {
		if f := spelling.Fold(w); f != w {
			w = f
			labels = append(labels, "diacritics dropped")
		}
	}
	switch c.Choose("case", 3) {
	case 1:
		if u := strings.ToUpper(w); u != w {
			w = u
			labels = append(labels, "upper case")
		}
	case 2:
		r := []rune(w)
		if t := strings.ToUpper(string(r[0])) + string(r[1:]); t != w {
			w = t
			labels = append(labels, "title case")
		}
	}
	return w, labels
}

// wordsOf returns the words of the table for n in language l (forms and
// genders), and nil for a number the table has no word for.
func wordsOf(l numberLanguage, n int64) []string {
	switch {
	case n >= 0 && n <= 20:
		return strings.Fields(l.words[n])
	case n >= 30 && n <= 90 && n%10 == 0:
		return strings.Fields(l.tens[(n-30)/10])
	case n == 100:
		return strings.Fields(l.hundred)
	case n == 1000:
		return strings.Fields(l.thousand)
	}
	return nil
}

// numberWord is one word of the table that names one number, with no
// other meaning, under a language set.
type numberWord struct {
	word string
	lang string
}

// plainWords caches, per language set, the words each number has that
// are read as it with no ask: key → n → words.
var plainWords sync.Map

func (r *Reader) plainWordsOf(n int64) []numberWord {
	key := strings.Join(r.opts.Languages, ",")
	if m, ok := plainWords.Load(key); ok {
		return m.(map[int64][]numberWord)[n]
	}
	m := map[int64][]numberWord{}
	for k := int64(0); k <= 1000; k++ {
		for _, l := range numberLanguages {
			if len(r.opts.Languages) > 0 && !slices.Contains(r.opts.Languages, l.code) {
				continue
			}
			for _, w := range wordsOf(l, k) {
				if r.wordReads(w, k) {
					m[k] = append(m[k], numberWord{w, l.code})
				}
			}
		}
	}
	plainWords.Store(key, m)
	return m[n]
}

// wordReads reports whether the Reader reads the word w as n, with no ask.
func (r *Reader) wordReads(w string, n int64) bool {
	m := lookupWord(w, r.opts)
	return m != nil && !m.homograph && len(m.values) == 1 && m.values[0] == n
}

// askingWords caches, per language set, the words each number has that
// are asked about: a homograph, or a word for several numbers.
var askingWords sync.Map

func (r *Reader) askingWordsOf(n int64) []string {
	key := strings.Join(r.opts.Languages, ",")
	if m, ok := askingWords.Load(key); ok {
		return m.(map[int64][]string)[n]
	}
	m := map[int64][]string{}
	ix := wordIndex(r.opts.Languages)
	keys := make([]string, 0, len(ix))
	for k := range ix {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		mn := ix[k]
		if strings.Contains(k, " ") || len(k) > 32 || lookupWord(k, r.opts) != mn || (len(mn.values) == 1 && !mn.homograph) {
			continue
		}
		for _, v := range mn.values {
			m[v] = append(m[v], k)
		}
	}
	askingWords.Store(key, m)
	return m[n]
}

// parts are a value's digits written positionally: the whole part (no
// leading zeros; "0" below one) and the fraction (no trailing zeros).
type parts struct {
	neg        bool
	whole      string
	frac       string
	positional bool // false when the digits would be too many to write out
}

func partsOf(v Decimal) parts {
	p := parts{neg: v.neg}
	digits := v.digits()
	exp := int64(v.exp)
	switch {
	case exp >= 0:
		if int64(len(digits))+exp+4 > agentinput.MaxNumberDigits {
			return p
		}
		p.whole = digits + strings.Repeat("0", int(exp))
	case int64(len(digits)) > -exp:
		p.whole, p.frac = digits[:int64(len(digits))+exp], digits[int64(len(digits))+exp:]
	default:
		if -exp+1+4 > agentinput.MaxNumberDigits {
			return p
		}
		p.whole, p.frac = "0", strings.Repeat("0", int(-exp)-len(digits))+digits
	}
	p.positional = len(p.whole)+len(p.frac)+4 <= agentinput.MaxNumberDigits
	return p
}

// singleAmbiguous reports whether whole, a comma or dot, then frac, with
// no other separator and no exponent, carries two meanings: three digits
// after the mark, one to three before it, not all zeros.
func singleAmbiguous(whole, frac string) bool {
	return len(frac) == 3 && len(whole) >= 1 && len(whole) <= 3 && strings.Trim(whole, "0") != ""
}

// markReadsAsDecimal reports whether the Reader reads a single comma
// (comma) or dot between whole and frac as the decimal mark.
func (r *Reader) markReadsAsDecimal(comma bool, whole, frac string) bool {
	if !singleAmbiguous(whole, frac) {
		return true
	}
	cv := r.opts.Convention
	return cv.Name != "" && cv.DecimalComma == comma
}

// markReadsAsGroup reports whether the Reader reads a single comma
// (comma) or dot between the whole number's digits whole and its last
// three, last, as grouping.
func (r *Reader) markReadsAsGroup(comma bool, whole, last string) bool {
	if !singleAmbiguous(whole, last) {
		return len(whole) >= 1 && len(whole) <= 3 && whole[0] != '0' && len(last) == 3
	}
	if cv := r.opts.Convention; cv.Name != "" {
		return cv.DecimalComma != comma
	}
	return r.opts.Integer && last != "000"
}

// Spell writes v, a value r accepts (in range, whole under the integer
// option), in a spelling r reads back as v, drawn by c from the classes
// of the package doc:
//
//   - canonical: the JSON number of Decimal.String;
//   - a JSON number in another form (scientific notation, an upper-case
//     E, trailing zeros, plain notation for a value written in scientific
//     notation), and a JSON number decoded as a float64 when that float64
//     is exactly v's shortest digits;
//   - a string: plain or scientific notation; a leading plus; a Unicode
//     minus sign; leading zeros, trailing zeros, a bare leading or
//     trailing decimal point; grouping by any Unicode space, by one
//     apostrophe or underscore, by commas or dots (two or more groups, a
//     decimal mark of the other class, or one group that the declared
//     convention or the integer option resolves), Indian grouping, Arabic
//     separators; a decimal comma (with a declared convention also before
//     exactly three digits), the Arabic decimal separator, and the
//     fullwidth and small comma and dot; the digits of any one script;
//   - a cardinal number word of an enabled language that names v alone,
//     as written or without its diacritics, in lower, upper or title case;
//   - a string in one pair of quotes, and outer whitespace.
//
// Classes stack; Class names them joined by " + ".
func (r *Reader) Spell(c agentinput.Chooser, v Decimal) agentinput.Spelled {
	var words []numberWord
	n, whole := v.Int64()
	if whole && n >= 0 && n <= 1000 {
		words = r.plainWordsOf(n)
	}
	f, err := strconv.ParseFloat(v.String(), 64)
	float := err == nil && !math.IsInf(f, 0) && fromFloat64(f) == v
	forms := []string{"canonical", "string", "JSON number"}
	if float {
		forms = append(forms, "float64")
	}
	if len(words) > 0 {
		forms = append(forms, "word")
	}
	switch choose(c, "form", forms) {
	case "string":
		s, labels := r.spellText(c, v)
		if len(labels) == 0 {
			labels = []string{"number as a string"}
		}
		s, labels = wrap(c, s, labels)
		return spelled(s, labels)
	case "JSON number":
		s, labels := spellJSON(c, v)
		return spelled(json.Number(s), labels)
	case "float64":
		return agentinput.Spelled{Value: f, Class: "JSON number decoded as float64"}
	case "word":
		w := choose(c, "word", words)
		s, labels := wordVariant(c, w.word)
		if !r.wordReads(s, n) {
			s, labels = w.word, nil
		}
		labels = append([]string{"number word (" + w.lang + ")"}, labels...)
		s, labels = wrap(c, s, labels)
		return spelled(s, labels)
	}
	return agentinput.Spelled{Value: json.Number(v.String()), Class: "canonical"}
}

func spelled(v any, labels []string) agentinput.Spelled {
	if len(labels) == 0 {
		labels = []string{"canonical"}
	}
	return agentinput.Spelled{Value: v, Class: strings.Join(labels, " + ")}
}

// scientific writes v's magnitude as a mantissa and an exponent: one digit
// before the point (form 0) or the whole coefficient (form 1).
func scientific(v Decimal, form int) (whole, frac string, exp int64) {
	digits := v.digits()
	if form == 0 {
		return digits[:1], digits[1:], v.adjusted()
	}
	return digits, "", int64(v.exp)
}

// exponentText writes an exponent by c's choices: e or E, and a plus sign
// on one that is not negative.
func exponentText(c agentinput.Chooser, exp int64) (string, []string) {
	var labels []string
	e := "e"
	if c.Choose("exponent letter", 2) == 1 {
		e = "E"
		labels = append(labels, "upper-case E")
	}
	if exp >= 0 && c.Choose("exponent plus", 2) == 1 {
		e += "+"
	}
	return e + strconv.FormatInt(exp, 10), labels
}

// spellJSON writes v as a JSON number other than its canonical one, when
// it has one: scientific or plain notation, or trailing zeros.
func spellJSON(c agentinput.Chooser, v Decimal) (string, []string) {
	p := partsOf(v)
	canon := v.String()
	sign := ""
	if p.neg {
		sign = "-"
	}
	scientificCanon := strings.ContainsAny(canon, "e")
	switch c.Choose("JSON form", 3) {
	case 1:
		if p.positional {
			z := strings.Repeat("0", 1+c.Choose("trailing zeros", 3))
			if p.frac == "" {
				return sign + p.whole + "." + z, []string{"JSON number with trailing zeros"}
			}
			return sign + p.whole + "." + p.frac + z, []string{"JSON number with trailing zeros"}
		}
	case 2:
		if scientificCanon && p.positional {
			s := sign + p.whole
			if p.frac != "" {
				s += "." + p.frac
			}
			return s, []string{"JSON number in plain notation"}
		}
	}
	if v.IsZero() {
		return "0.0", []string{"JSON number with trailing zeros"}
	}
	whole, frac, exp := scientific(v, c.Choose("mantissa", 2))
	e, labels := exponentText(c, exp)
	s := sign + whole
	if frac != "" {
		s += "." + frac
	}
	s += e
	if s == canon {
		return s, nil
	}
	return s, append([]string{"JSON number in scientific notation"}, labels...)
}

// spellText writes v as text, by c's choices, with the labels of the
// classes it used (none for v's canonical spelling as a string).
func (r *Reader) spellText(c agentinput.Chooser, v Decimal) (string, []string) {
	p := partsOf(v)
	var labels []string
	sign := ""
	if p.neg {
		if sign = choose(c, "minus", minusSigns); sign != "-" {
			labels = append(labels, "Unicode minus sign")
		}
	} else if k := c.Choose("plus", len(plusSigns)+1); k > 0 {
		sign = plusSigns[k-1]
		labels = append(labels, "leading plus")
	}
	canon := strings.TrimPrefix(v.String(), "-")
	scientificCanon := strings.Contains(canon, "e")
	// Notation: v's own (plain, or scientific beyond plain's range), or
	// the other.
	notation := c.Choose("notation", 2)
	if scientificCanon && !p.positional || !scientificCanon && v.IsZero() {
		notation = 0
	}
	if scientificCanon == (notation == 0) {
		var ls []string
		s := r.scientificText(c, v, &ls)
		if s != canon {
			labels = append(labels, "scientific notation")
		}
		return sign + s, append(labels, ls...)
	}
	if scientificCanon {
		labels = append(labels, "plain notation")
	}
	return sign + r.positionalText(c, p, &labels), labels
}

// scientificText writes v's magnitude in scientific notation: a dot or a
// comma before the mantissa's fraction (not before exactly three digits,
// where a comma could group), an exponent.
func (r *Reader) scientificText(c agentinput.Chooser, v Decimal, labels *[]string) string {
	whole, frac, exp := scientific(v, c.Choose("mantissa", 2))
	s := whole
	if frac != "" {
		marks := dotMarks
		if len(frac) != 3 {
			marks = append(slices.Clone(dotMarks), commaMarks...)
		}
		m := choose(c, "mark", marks)
		if slices.Contains(commaMarks, m) {
			*labels = append(*labels, "decimal comma")
		}
		if m != "." && m != "," {
			*labels = append(*labels, "fullwidth or small mark")
		}
		s += m + frac
	}
	e, ls := exponentText(c, exp)
	*labels = append(*labels, ls...)
	return s + e
}

// The group marks of positionalText.
const (
	groupNone = iota
	groupSpaces
	groupApostrophes
	groupUnderscores
	groupCommas
	groupDots
	groupLakh // Indian grouping
	groupArabic
)

var groupLabels = [...]string{"", "grouped by spaces", "grouped by apostrophes", "grouped by underscores", "grouped by commas", "grouped by dots", "Indian grouping", "Arabic separators"}

// positionalText writes p's magnitude in plain notation.
func (r *Reader) positionalText(c agentinput.Chooser, p parts, labels *[]string) string {
	whole, frac := p.whole, p.frac
	// Padding, or a bare decimal point.
	const (
		padNone = iota
		padLeadingZeros
		padTrailingZeros
		padLeadingPoint
		padTrailingPoint
	)
	pad := c.Choose("padding", 5)
	switch {
	case pad == padLeadingPoint && (whole != "0" || frac == ""):
		pad = padNone
	case pad == padTrailingPoint && frac != "":
		pad = padNone
	}
	switch pad {
	case padLeadingZeros:
		whole = strings.Repeat("0", 1+c.Choose("leading zeros", 3)) + whole
		*labels = append(*labels, "leading zeros")
	case padTrailingZeros:
		frac += strings.Repeat("0", 1+c.Choose("trailing zeros", 3))
		*labels = append(*labels, "trailing zeros")
	case padLeadingPoint:
		whole = ""
		*labels = append(*labels, "leading decimal point")
	case padTrailingPoint:
		*labels = append(*labels, "trailing decimal point")
	}
	// Grouping, of a whole part of four digits or more with no leading
	// zero and no bare point.
	group := groupNone
	if pad != padLeadingZeros && pad != padTrailingPoint && len(whole) >= 4 {
		var groups []int
		for g := groupNone; g <= groupArabic; g++ {
			switch g {
			case groupCommas, groupDots:
				comma := g == groupCommas
				if len(whole) < 7 && frac == "" && !r.markReadsAsGroup(comma, whole[:len(whole)-3], whole[len(whole)-3:]) {
					continue
				}
			case groupLakh:
				if len(whole) < 6 {
					continue
				}
			}
			groups = append(groups, g)
		}
		group = choose(c, "grouping", groups)
	}
	zero := choose(c, "script", digitZeros)
	var s string
	switch group {
	case groupNone:
		s = whole
	case groupSpaces:
		s = groupWestern(whole, func() string { return choose(c, "space", spaceSeps) })
	case groupApostrophes:
		mark := choose(c, "apostrophe", apostropheSeps)
		s = groupWestern(whole, func() string { return mark })
	case groupUnderscores:
		s = groupWestern(whole, func() string { return "_" })
	case groupCommas, groupDots:
		marks := commaMarks
		if group == groupDots {
			marks = dotMarks
		}
		mark := choose(c, "group mark", marks)
		s = groupWestern(whole, func() string { return mark })
	case groupLakh:
		mark := choose(c, "group mark", append(slices.Clone(commaMarks), dotMarks...))
		s = groupIndian(whole, mark)
	case groupArabic:
		s = groupWestern(whole, func() string { return arabicGroup })
	}
	if group != groupNone {
		*labels = append(*labels, groupLabels[group])
	}
	// The decimal mark: any class but the group mark's.
	if frac != "" || pad == padTrailingPoint {
		marks := []string{}
		commaGroups := group == groupCommas || group == groupLakh && strings.ContainsAny(s, ",，﹐")
		dotGroups := group == groupDots || group == groupLakh && strings.ContainsAny(s, ".．﹒")
		single := group == groupNone && pad != padLeadingPoint && pad != padTrailingPoint
		dotOK := !dotGroups && (!single || r.markReadsAsDecimal(false, whole, frac))
		commaOK := !commaGroups && pad != padTrailingPoint && (!single || r.markReadsAsDecimal(true, whole, frac))
		if !dotOK && !commaOK && single && !dotGroups {
			// "1.234" as 1.234 with no declared convention: a trailing
			// zero gives it one meaning.
			frac += "0"
			*labels = append(*labels, "trailing zeros")
			dotOK, commaOK = true, true
		}
		if dotOK {
			marks = append(marks, dotMarks...)
		}
		if commaOK {
			marks = append(marks, commaMarks...)
		}
		if pad != padTrailingPoint {
			marks = append(marks, arabicDecimal)
		}
		m := choose(c, "decimal mark", marks)
		switch {
		case slices.Contains(commaMarks, m):
			*labels = append(*labels, "decimal comma")
		case m == arabicDecimal:
			*labels = append(*labels, "Arabic decimal separator")
		}
		if m != "." && m != "," && m != arabicDecimal {
			*labels = append(*labels, "fullwidth or small mark")
		}
		if single && (m == "." || m == "," || m == "．" || m == "，" || m == "﹒" || m == "﹐") && singleAmbiguous(whole, frac) {
			*labels = append(*labels, "declared convention")
		}
		s += m + frac
	}
	if group == groupCommas || group == groupDots {
		if len(whole) < 7 && frac == "" && singleAmbiguous(whole[:len(whole)-3], whole[len(whole)-3:]) {
			if r.opts.Convention.Name != "" {
				*labels = append(*labels, "declared convention")
			} else {
				*labels = append(*labels, "whole-number option")
			}
		}
	}
	if zero != '0' {
		*labels = append(*labels, "digits of another script")
	}
	return inScript(s, zero)
}

// Ambiguous writes v in a spelling r asks about, one of whose readings is
// v, drawn by c from the classes of the package doc that carry two
// meanings:
//
//   - a single comma or dot before exactly three digits, after one to
//     three digits not all zeros, with no declared convention: v as its
//     grouping reading ("1,234" for 1234; unless the integer option
//     resolves it, as it does unless the last three digits are zeros), or
//     v as its decimal reading (1.5 as "1,500");
//   - a number word of an enabled language that also names another number
//     in another language, or also has another meaning ("tres", "to").
//
// Each may have a Unicode minus sign, the digits of another script, the
// fullwidth comma or dot, quotes and outer whitespace. ok is false when v
// has none of them under r's options.
func (r *Reader) Ambiguous(c agentinput.Chooser, v Decimal) (agentinput.Spelled, bool) {
	p := partsOf(v)
	var forms []string
	noConvention := r.opts.Convention.Name == ""
	if noConvention && p.positional && p.frac == "" && len(p.whole) >= 4 && len(p.whole) <= 6 &&
		(!r.opts.Integer || strings.HasSuffix(p.whole, "000")) {
		forms = append(forms, "grouping")
	}
	if noConvention && p.positional && len(p.frac) >= 1 && len(p.frac) <= 3 && singleAmbiguous(p.whole, "000") {
		forms = append(forms, "decimal")
	}
	var words []string
	if n, ok := v.Int64(); ok && n >= 0 && n <= 1000 {
		words = r.askingWordsOf(n)
	}
	if len(words) > 0 {
		forms = append(forms, "word")
	}
	if len(forms) == 0 {
		return agentinput.Spelled{}, false
	}
	var s string
	var labels []string
	switch choose(c, "ambiguous form", forms) {
	case "word":
		w := choose(c, "word", words)
		m := lookupWord(w, r.opts)
		labels = []string{"number word with another meaning"}
		if len(m.values) > 1 {
			labels = []string{"number word for two numbers"}
		}
		var ls []string
		s, ls = wordVariant(c, w)
		if lookupWord(s, r.opts) != m {
			s, ls = w, nil
		}
		labels = append(labels, ls...)
	default:
		whole, frac := p.whole, p.frac
		if frac == "" {
			whole, frac = whole[:len(whole)-3], whole[len(whole)-3:]
			labels = []string{"comma or dot grouping: thousands or decimal"}
		} else {
			frac += strings.Repeat("0", 3-len(frac))
			labels = []string{"comma or dot decimal: decimal or thousands"}
		}
		mark := choose(c, "mark", append(slices.Clone(commaMarks), dotMarks...))
		if mark != "," && mark != "." {
			labels = append(labels, "fullwidth or small mark")
		}
		zero := choose(c, "script", digitZeros)
		if zero != '0' {
			labels = append(labels, "digits of another script")
		}
		s = inScript(whole+mark+frac, zero)
		if p.neg {
			sign := choose(c, "minus", minusSigns)
			if sign != "-" {
				labels = append(labels, "Unicode minus sign")
			}
			s = sign + s
		}
	}
	s, labels = wrap(c, s, labels)
	return spelled(s, labels), true
}
