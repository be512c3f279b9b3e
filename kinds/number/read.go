package number

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Read reads one decoded JSON value as a number: a JSON number as itself, a
// string in any spelling with one meaning (with a note per repair), and an
// ask for every other value. See doc.go for the spelling classes.
//
// Text is read here rather than in a function of its own, and the common
// outcomes are built here rather than by finish: an outcome is returned by
// copying it, and a copy fewer is a measurable share of a lenient read
// (docs/performance.md).
func Read(v any, opts Options) agentinput.Outcome[Decimal] {
	// Each case passes v itself on as the received value: re-boxing the
	// typed value would allocate on the hot path.
	var s string
	switch x := v.(type) {
	case json.Number:
		if d, ok := parseJSON(string(x)); ok {
			if opts.plain() && d.comfortable() {
				// The common case: no range or option to check.
				return agentinput.Canonical(d)
			}
			return finish(v, d, agentinput.Notes{}, opts)
		}
		s = string(x) // read as text, as a string would be
	case string:
		s = x
	case float64:
		// A JSON number decoded without UseNumber: its shortest digits,
		// read directly (fromFloat64).
		if !math.IsNaN(x) && !math.IsInf(x, 0) && opts.plain() {
			if d := fromFloat64(x); d.comfortable() {
				return agentinput.Canonical(d) // what readFloat returns
			}
		}
		return readFloat(v, x, opts)
	default:
		return readOther(v, opts)
	}

	if len(s) > agentinput.MaxScalarBytes {
		return tooLarge(v, opts, "it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the longest string a number is read from")
	}
	var notes agentinput.Notes
	t, trimmed := s, false
	if !digitsAtEnds(s) {
		// A string that starts and ends in an ASCII digit has nothing to
		// trim: no whitespace, and no quote at either end.
		t, trimmed = spelling.Trim(s)
	}
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.JSONValue(v), agentinput.Text(t), "surrounding whitespace or quotes removed")
	}
	from := agentinput.Text(t)
	// The canonical JSON spelling inside a string: the common case.
	if d, ok := parseJSON(t); ok && !dotGroupsLike(t) {
		notes.Add(agentinput.NoteFromString, from, "a number sent as a string")
		if opts.plain() && d.comfortable() {
			return agentinput.Value(d, notes) // what finish returns
		}
		return finish(v, d, notes, opts)
	}
	if d, ok := readGrouped(t, from, &notes); ok {
		if opts.plain() && d.comfortable() {
			return agentinput.Value(d, notes) // what finish returns
		}
		return finish(v, d, notes, opts)
	}
	var sc scan
	switch p := sc.scanString(t); p {
	case scanOK:
	case scanTooManyDigits:
		return tooLarge(v, opts, "it has more than "+strconv.Itoa(agentinput.MaxNumberDigits)+" digits")
	default:
		if isSpecial(t) {
			p = scanSpecial
		}
		if p == scanWord {
			if o, ok := readWord(v, t, from, notes, opts); ok {
				return o
			}
		}
		if p == scanWord || p == scanCurrency {
			// An example from the input when it names a number ("five
			// items", "€50"): never one it did not (issue 32).
			if d, ok := exampleFrom(t, opts); ok {
				return agentinput.Asking[Decimal](agentinput.Ask{
					Code:     agentinput.AskInvalid,
					Received: agentinput.Received(v),
					Reason:   p.reason(),
					Expected: Expected(opts),
					Hint:     sendFrom(d),
				})
			}
		}
		return ask(v, opts, agentinput.AskInvalid, p.reason())
	}
	r := sc.interpret(from, &notes, opts)
	switch {
	case r.invalid != "":
		return ask(v, opts, agentinput.AskInvalid, r.invalid)
	case r.ambiguous != sepNone:
		return sc.ambiguous(v, notes, r.ambiguous, opts)
	}
	d := sc.decimal(r.whole)
	if opts.plain() && d.comfortable() {
		return agentinput.Value(d, notes) // what finish returns
	}
	return finish(v, d, notes, opts)
}

// digitsAtEnds reports whether s starts and ends in an ASCII digit.
func digitsAtEnds(s string) bool {
	return len(s) > 0 && s[0] >= '0' && s[0] <= '9' && s[len(s)-1] >= '0' && s[len(s)-1] <= '9'
}

// readOther reads a value that is not text.
func readOther(v any, opts Options) agentinput.Outcome[Decimal] {
	switch x := v.(type) {
	case Decimal:
		return finish(v, x, agentinput.Notes{}, opts)
	case float64:
		return readFloat(v, x, opts)
	case float32:
		return readFloat(v, float64(x), opts)
	case int:
		return finish(v, FromInt64(int64(x)), agentinput.Notes{}, opts)
	case int64:
		return finish(v, FromInt64(x), agentinput.Notes{}, opts)
	case int32:
		return finish(v, FromInt64(int64(x)), agentinput.Notes{}, opts)
	case uint64:
		d := Decimal{coef: x}
		return finish(v, d.normal(), agentinput.Notes{}, opts)
	case uint:
		d := Decimal{coef: uint64(x)}
		return finish(v, d.normal(), agentinput.Notes{}, opts)
	case nil:
		return agentinput.Absent[Decimal](agentinput.Notes{})
	case bool:
		return ask(v, opts, agentinput.AskWrongType, "a boolean is not a number")
	case []any:
		return ask(v, opts, agentinput.AskWrongType, "a list is not a number")
	case map[string]any:
		return ask(v, opts, agentinput.AskWrongType, "an object is not a number")
	}
	return ask(v, opts, agentinput.AskWrongType, "it is not a JSON value a number is read from")
}

func readFloat(raw any, f float64, opts Options) agentinput.Outcome[Decimal] {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return ask(raw, opts, agentinput.AskInvalid, "it is not a finite number")
	}
	return finish(raw, FromFloat64Exact(f), agentinput.Notes{}, opts)
}

func (p scanProblem) reason() string {
	switch p {
	case scanEmpty:
		return "it holds no digits"
	case scanInvisible:
		return "it contains invisible, control or malformed characters"
	case scanMixedScripts:
		return "it mixes digits of different scripts"
	case scanWord:
		return "it contains letters: words, units and names are not read as numbers"
	case scanPercent:
		return "a percentage is not read as a number: its scale is not clear"
	case scanCurrency:
		return "an amount with a currency sign is not read as a number"
	case scanSpecial:
		return "it is not a finite number"
	}
	return "its signs or separators are out of place"
}

// dotGroupsLike reports whether a string in the JSON grammar could also be
// a dot grouping thousands: "1.234", "-12.500" (one to three whole digits,
// not all zeros, a dot, exactly three digits, no exponent). As text it has
// two meanings, and the scanner asks about it; as a JSON number it has one.
func dotGroupsLike(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	dot := -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			dot = i
		case c < '0' || c > '9':
			return false
		}
	}
	return dot >= 1 && dot <= 3 && len(s)-dot-1 == 3 && s[0] != '0'
}

// isSpecial reports whether s spells NaN or an infinity.
func isSpecial(s string) bool {
	f := spelling.Fold(s)
	switch f {
	case "nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "∞", "+∞", "-∞", "−∞":
		return true
	}
	return false
}

// reading is what interpret makes of the scanned runs and separators: the
// number whose whole part is runs [0, whole), or an ask — invalid with a
// reason, or ambiguous between the two meanings of one separator. It is
// small, so that the outcome is built once, by the caller.
type reading struct {
	whole     int
	invalid   string // the reason of an invalid ask, when not ""
	ambiguous sep    // the separator of an ambiguous spelling, when not sepNone
}

// reasonUnicode is the reason of the unicode_digits note.
const reasonUnicode = "non-ASCII digits, signs or marks"

func invalidReading(reason string) reading { return reading{invalid: reason} }

// interpret decides what the scanned runs and separators mean, adding a
// note to notes per repair.
func (sc *scan) interpret(from agentinput.Spelling, notes *agentinput.Notes, opts Options) reading {
	if sc.unicode {
		notes.Add(agentinput.NoteUnicodeDigits, from, reasonUnicode)
	}
	switch {
	case sc.plus:
		notes.Add(agentinput.NoteNumberForm, from, "a leading + dropped")
	case sc.leadingZeros():
		notes.Add(agentinput.NoteNumberForm, from, "leading zeros dropped")
	case sc.trailDot || sc.leadDot:
		notes.Add(agentinput.NoteNumberForm, from, "a bare decimal point completed")
	}
	seps := sc.seps[:sc.nruns-1]
	if sc.hasExp && !sc.expMark(seps) {
		return invalidReading("an exponent goes only with a plain number such as 1.5e3")
	}
	if sc.leadDot && len(seps) > 1 {
		return invalidReading("its signs or separators are out of place")
	}
	if sc.trailDot && len(seps) > 0 {
		return invalidReading("its signs or separators are out of place")
	}
	switch len(seps) {
	case 0:
		return reading{whole: sc.nruns}
	case 1:
		return sc.single(from, notes, seps[0], opts)
	}
	// Two or more separators: every one but possibly the last groups.
	last := seps[len(seps)-1]
	group := seps[0]
	for _, s := range seps[:len(seps)-1] {
		if s != group {
			return invalidReading("its separators are inconsistent: only the last one may differ, as the decimal mark")
		}
	}
	if last == group {
		// All one class: grouping of a whole number ("1,234,567").
		if group == sepArabicDec {
			return invalidReading("it has more than one decimal mark")
		}
		if !sc.grouped(sc.nruns) {
			return invalidReading("its digit groups are inconsistent: groups after the first have three digits (" + "1,234,567" + ") or, in Indian grouping, two (" + "12,34,567" + ")")
		}
		notes.Add(agentinput.NoteGrouping, from, group.groupsReason())
		return reading{whole: sc.nruns}
	}
	// Two classes: the last separator is the decimal mark ("1.234,5").
	if last.groupOnly() || group == sepArabicDec {
		return invalidReading("its digit groups are inconsistent")
	}
	if !sc.grouped(sc.nruns - 1) {
		return invalidReading("its digit groups are inconsistent: groups after the first have three digits")
	}
	notes.Add(agentinput.NoteGrouping, from, group.groupsReason())
	if last != sepDot {
		notes.Add(agentinput.NoteDecimalComma, from, last.markReason())
	}
	return reading{whole: sc.nruns - 1}
}

// expMark reports whether the separators before an exponent are one
// decimal mark: a dot ("1.5e3"), or a comma that cannot group because it is
// not before exactly three digits ("1,5e3" is 1500, with a decimal_comma
// note). "1,500e3" is turned away: grouped or decimal, it has two values,
// and grouping before an exponent is no spelling anyone means.
func (sc *scan) expMark(seps []sep) bool {
	switch {
	case len(seps) == 0:
		return true
	case len(seps) > 1:
		return false
	case seps[0] == sepDot:
		return true
	}
	return seps[0] == sepComma && sc.runLen(1) != 3
}

// single reads a number with exactly one separator.
func (sc *scan) single(from agentinput.Spelling, notes *agentinput.Notes, s sep, opts Options) reading {
	if s.groupOnly() {
		if !sc.grouped(2) {
			return invalidReading("its digit groups are inconsistent: the group after a " + s.name() + " has three digits")
		}
		notes.Add(agentinput.NoteGrouping, from, s.groupsReason())
		return reading{whole: 2}
	}
	if s == sepArabicDec {
		return reading{whole: 1}
	}
	intLen, fracLen := sc.runLen(0), sc.runLen(1)
	ambiguous := !sc.hasExp && fracLen == 3 && intLen >= 1 && intLen <= 3 && !sc.allZeros(0)
	if !ambiguous {
		if s == sepComma {
			notes.Add(agentinput.NoteDecimalComma, from, sepComma.markReason())
		}
		return reading{whole: 1}
	}
	// "1,234" or "1.234": grouping or a decimal mark.
	if opts.Convention.Name != "" {
		mark := sepDot
		if opts.Convention.DecimalComma {
			mark = sepComma
		}
		if s == mark {
			notes.Add(agentinput.NoteConvention, from, opts.Convention.Name+": "+s.name()+" is the decimal mark")
			return reading{whole: 1}
		}
		notes.Add(agentinput.NoteConvention, from, opts.Convention.Name+": "+s.name()+" groups thousands")
		return reading{whole: 2}
	}
	if opts.Integer && !sc.allZeros(1) {
		// Only grouping gives a whole number: the decimal reading has a
		// fraction. ("1,000" is not resolved: as a decimal it is the
		// whole number 1, a second whole reading.)
		notes.Add(agentinput.NoteIntegerGrouping, from, "a whole number: "+s.name()+" groups thousands")
		return reading{whole: 2}
	}
	return reading{ambiguous: s}
}

// ambiguous is the ask about a single separator s before three digits,
// which groups thousands or is the decimal mark.
func (sc *scan) ambiguous(raw any, notes agentinput.Notes, s sep, opts Options) agentinput.Outcome[Decimal] {
	whole := sc.decimal(2)
	frac := sc.decimal(1)
	// A reading the property's range rejects is no meaning the caller can
	// send: it is left out (and with none left, the value is out of range).
	// One reading left is still an ask: the range does not say which
	// convention the caller wrote in.
	var readings []agentinput.Reading
	var sends []string
	for _, r := range []struct {
		d       Decimal
		meaning string
	}{{whole, s.name() + " groups thousands"}, {frac, s.name() + " is the decimal mark"}} {
		if !inRange(r.d, opts) && !clamps(r.d, opts) {
			continue
		}
		readings = append(readings, agentinput.Reading{Value: json.RawMessage(r.d.String()), Meaning: r.meaning})
		sends = append(sends, r.d.String())
	}
	if len(readings) == 0 {
		return outOfRange(raw, whole, nearestBound(whole, opts), "the nearest accepted value", notes, Options{Min: opts.Min, Max: opts.Max, Integer: opts.Integer})
	}
	hint := "Send the number you mean, " + strings.Join(sends, " or ") + ", as a JSON number"
	if len(sends) == 1 {
		hint = "Send " + sends[0] + " as a JSON number if that is the number you mean"
	}
	return agentinput.Asking[Decimal](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(raw),
		Expected: Expected(opts),
		Hint:     hint,
		Readings: readings,
	})
}

// inRange reports whether d is inside the options' bounds.
func inRange(d Decimal, opts Options) bool {
	return (opts.Min == nil || d.Compare(*opts.Min) >= 0) && (opts.Max == nil || d.Compare(*opts.Max) <= 0)
}

// nearestBound returns the bound nearest to an out-of-range d.
func nearestBound(d Decimal, opts Options) Decimal {
	if opts.Min != nil && d.Compare(*opts.Min) < 0 {
		return *opts.Min
	}
	if opts.Max != nil {
		return *opts.Max
	}
	return d
}

// runLen returns the number of digits in run i.
func (sc *scan) runLen(i int) int {
	return int(sc.runEnd[i]) - sc.runStart(i)
}

func (sc *scan) runStart(i int) int {
	if i == 0 {
		return 0
	}
	return int(sc.runEnd[i-1])
}

func (sc *scan) allZeros(i int) bool {
	for _, c := range sc.digits[sc.runStart(i):sc.runEnd[i]] {
		if c != '0' {
			return false
		}
	}
	return true
}

// leadingZeros reports a whole part written with a superfluous leading
// zero ("007", "00.5"), which JSON does not allow.
func (sc *scan) leadingZeros() bool {
	return sc.runLen(0) > 1 && sc.digits[0] == '0'
}

// grouped reports whether runs [0, n) group a whole number consistently:
// western (first 1–3 digits, then threes) or Indian (first 1–2 digits, then
// twos, last three), with no leading zero.
func (sc *scan) grouped(n int) bool {
	if n < 2 {
		return true
	}
	if sc.digits[0] == '0' {
		return false
	}
	first := sc.runLen(0)
	western := first >= 1 && first <= 3
	for i := 1; i < n && western; i++ {
		western = sc.runLen(i) == 3
	}
	if western {
		return true
	}
	if n < 3 || first > 2 || sc.runLen(n-1) != 3 {
		return false
	}
	for i := 1; i < n-1; i++ {
		if sc.runLen(i) != 2 {
			return false
		}
	}
	return true
}

// decimal returns the number whose whole part is runs [0, whole) and
// whose fraction is the rest, times 10^exponent.
func (sc *scan) decimal(whole int) Decimal {
	frac := 0
	if whole < sc.nruns {
		frac = sc.nd - int(sc.runEnd[whole-1])
	}
	exp := -int64(frac)
	if sc.hasExp {
		if sc.expNeg {
			exp -= sc.exp
		} else {
			exp += sc.exp
		}
	}
	return fromDigitBytes(sc.neg, sc.digits[:sc.nd], exp)
}

// finish checks the range of a JSON number and applies the options.
func finish(raw any, d Decimal, notes agentinput.Notes, opts Options) agentinput.Outcome[Decimal] {
	if p := outsideFloat(d); p != "" {
		return ask(raw, opts, agentinput.AskInvalid, p)
	}
	if opts.Integer && !d.IsInteger() {
		lo, hi := d.floor(), d.floor().add1()
		return agentinput.Asking[Decimal](agentinput.Ask{
			Code:     agentinput.AskNotWhole,
			Received: agentinput.Received(raw),
			Reason:   "it has a fraction, and this property takes whole numbers",
			Expected: Expected(opts),
			Hint:     "Send a whole number, such as " + lo.String() + " or " + hi.String(),
		})
	}
	if opts.Min != nil && d.Compare(*opts.Min) < 0 {
		return outOfRange(raw, d, *opts.Min, "the smallest accepted value", notes, opts)
	}
	if opts.Max != nil && d.Compare(*opts.Max) > 0 {
		return outOfRange(raw, d, *opts.Max, "the largest accepted value", notes, opts)
	}
	return agentinput.Value(d, notes)
}

// clamps reports whether the property clamps d, a value outside its
// range: it clamps, and d is not on the other side of zero from the bound
// it is beyond. A negative page size is outside the domain, not beyond
// the least bound of 1 (issue 33): it asks; 0 below a bound of 1 is
// beyond it, and is clamped, as is anything beyond a bound of its sign.
func clamps(d Decimal, opts Options) bool {
	if !opts.Clamp {
		return false
	}
	if opts.Min != nil && d.Compare(*opts.Min) < 0 {
		return sameSide(d, *opts.Min)
	}
	if opts.Max != nil && d.Compare(*opts.Max) > 0 {
		return sameSide(d, *opts.Max)
	}
	return true
}

// sameSide reports whether d, beyond bound, is not on the other side of
// zero from it: zero is on the side of every bound that is not zero, and
// a value beyond a bound of zero is always on its other side.
func sameSide(d, bound Decimal) bool {
	b := bound.sign()
	return b != 0 && d.sign() != -b
}

func outOfRange(raw any, d, bound Decimal, which string, notes agentinput.Notes, opts Options) agentinput.Outcome[Decimal] {
	if clamps(d, opts) {
		notes = notes.Resolve(agentinput.JSONValue(d))
		notes.AddStep(agentinput.NoteClamped, agentinput.JSONValue(d), agentinput.Spelling{}, which)
		return agentinput.Value(bound, notes)
	}
	reason := "it is outside the accepted range"
	if opts.Clamp {
		reason = "it is outside the accepted range, on the other side of zero from its nearest bound, so it is not clamped"
	}
	return agentinput.Asking[Decimal](agentinput.Ask{
		Code:     agentinput.AskOutOfRange,
		Received: agentinput.Received(raw),
		Reason:   reason,
		Expected: Expected(opts),
		Hint:     "Send a number in range, for example " + bound.String() + ", " + which,
	})
}

// comfortable reports whether d is far inside the float64 range, so that
// outsideFloat has nothing to check.
func (d Decimal) comfortable() bool {
	return d.big == "" && d.exp > -280 && d.exp < 280
}

// plain reports whether the options check nothing. It takes a pointer so
// that the options are not copied to be checked.
func (o *Options) plain() bool {
	return !o.Integer && o.Min == nil && o.Max == nil
}

// outsideFloat says why d is outside the range of a float64, or "".
func outsideFloat(d Decimal) string {
	if d.IsZero() {
		return ""
	}
	adj := d.adjusted()
	if adj > -308 && adj < 308 {
		return ""
	}
	if adj > 309 {
		return "it is outside the range of a JSON number (about ±1.8e308)"
	}
	if adj < -325 {
		return "it is too close to zero for a JSON number (below about 5e-324)"
	}
	f, err := strconv.ParseFloat(d.String(), 64)
	switch {
	case err != nil && math.IsInf(f, 0):
		return "it is outside the range of a JSON number (about ±1.8e308)"
	case f == 0:
		return "it is too close to zero for a JSON number (below about 5e-324)"
	}
	return ""
}

func ask(raw any, opts Options, code agentinput.AskCode, reason string) agentinput.Outcome[Decimal] {
	return agentinput.Asking[Decimal](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(raw),
		Reason:   reason,
		Expected: Expected(opts),
		Hint:     sendAlone(opts),
	})
}

// sendAlone is the hint of an ask that the number alone answers.
func sendAlone(opts Options) string {
	if opts.Min == nil && opts.Max == nil {
		// Made once for a property with no bound, like Expected
		// (TestExpectedUnbounded).
		if opts.Integer {
			return sendAloneInteger
		}
		return sendAloneNumber
	}
	return sendAloneFor(opts)
}

var (
	sendAloneNumber  = sendAloneFor(Options{})
	sendAloneInteger = sendAloneFor(Options{Integer: true})
)

func sendAloneFor(opts Options) string {
	return "Send the number alone as a JSON number, for example " + string(Example(opts))
}

func tooLarge(raw any, opts Options, reason string) agentinput.Outcome[Decimal] {
	return agentinput.Asking[Decimal](agentinput.Ask{
		Code:     agentinput.AskTooLarge,
		Received: agentinput.Received(raw),
		Reason:   reason,
		Expected: Expected(opts),
		Hint:     sendAlone(opts),
	})
}
