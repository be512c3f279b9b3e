package number

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// Generators. Every draw is labelled so that a failing case reads as the
// spelling it was.

// The spelling classes' members (separators, signs, quotes, whitespace,
// digit blocks) and the helpers that write them (groupWestern,
// groupIndian, wrap) live in spell.go: the Speller and these tests draw
// from one source.

// wholeDigits draws the digits of a whole number with no leading zero.
func wholeDigits(t *rapid.T, label string, minLen, maxLen int) string {
	n := rapid.IntRange(minLen, maxLen).Draw(t, label+"_len")
	var b strings.Builder
	b.WriteByte(byte('1' + rapid.IntRange(0, 8).Draw(t, label+"_lead")))
	for i := 1; i < n; i++ {
		b.WriteByte(byte('0' + rapid.IntRange(0, 9).Draw(t, label+"_digit")))
	}
	return b.String()
}

// wrapT surrounds s with random whitespace and, sometimes, one pair of
// quotes: spell.go's wrap, drawn by rapid.
func wrapT(t *rapid.T, s string) (string, bool) {
	out, _ := wrap(oracle.Draws(t), s, nil)
	return out, out != s
}

// decimalOf reads a canonical spelling with the strict parser.
func decimalOf(t *rapid.T, s string) Decimal {
	d, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return d
}

func wantValue(t *rapid.T, in string, o agentinput.Outcome[Decimal], want Decimal, codes ...agentinput.NoteCode) {
	v, ok := o.Value()
	if !ok {
		a, _ := o.Ask()
		t.Fatalf("Read(%q): %s, want value %s", in, a.Message(), want)
	}
	if v != want {
		t.Fatalf("Read(%q) = %s, want %s", in, v, want)
	}
	if o.NoteCount() == 0 {
		t.Fatalf("Read(%q): a repaired spelling has no note", in)
	}
	notes := o.Notes()
	for _, c := range codes {
		found := false
		for _, n := range notes {
			found = found || n.Code == c
		}
		if !found {
			t.Fatalf("Read(%q): notes %v lack %s", in, notes, c)
		}
	}
}

// TestSpellingClasses renders random values in random members of each
// spelling class of the package doc (doc.go) and reads them back.
func TestSpellingClasses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		digits := wholeDigits(t, "whole", 4, 16)
		whole := decimalOf(t, digits)
		neg := rapid.Bool().Draw(t, "negative")
		sign := ""
		if neg {
			sign = rapid.SampledFrom(minusSigns).Draw(t, "minus")
			whole = decimalOf(t, "-"+digits)
		}
		frac := wholeDigits(t, "fraction", 1, 6)
		fracText := frac
		if len(fracText) == 3 {
			fracText += "1" // keep the decimal-comma class unambiguous
		}
		withFrac := decimalOf(t, strings.TrimPrefix(whole.String(), "")+"."+fracText)
		class := rapid.IntRange(0, 7).Draw(t, "class")
		var text string
		want := whole
		var code agentinput.NoteCode
		switch class {
		case 0: // space-like grouping, any Unicode space per separator
			text = groupWestern(digits, func() string { return rapid.SampledFrom(spaceSeps).Draw(t, "space") })
			code = agentinput.NoteGrouping
		case 1: // apostrophe or underscore grouping, one mark throughout
			mark := rapid.SampledFrom(append(apostropheSeps, "_")).Draw(t, "mark")
			text = groupWestern(digits, func() string { return mark })
			code = agentinput.NoteGrouping
		case 2: // comma or dot grouping, two or more groups
			if len(digits) < 7 {
				digits += "000"
				want = decimalOf(t, strings.TrimSuffix(whole.String(), "")+"000")
			}
			mark := rapid.SampledFrom([]string{",", "."}).Draw(t, "mark")
			text = groupWestern(digits, func() string { return mark })
			code = agentinput.NoteGrouping
		case 3: // Indian grouping
			if len(digits) < 6 {
				digits += "00"
				want = decimalOf(t, whole.String()+"00")
			}
			text = groupIndian(digits, ",")
			code = agentinput.NoteGrouping
		case 4: // both separators: the last is the decimal mark
			pair := rapid.SampledFrom([][2]string{{",", "."}, {".", ","}, {" ", ","}, {"\u00a0", ","}, {"'", "."}}).Draw(t, "pair")
			text = groupWestern(digits, func() string { return pair[0] }) + pair[1] + frac
			want = decimalOf(t, whole.String()+"."+frac)
			if neg {
				want = decimalOf(t, "-"+digits+"."+frac)
			}
			code = agentinput.NoteGrouping
		case 5: // decimal comma, not before exactly three digits
			text = digits + "," + fracText
			want = withFrac
			code = agentinput.NoteDecimalComma
		case 6: // Unicode digits of one script
			zero := rapid.SampledFrom(digitZeros[1:]).Draw(t, "script")
			var b strings.Builder
			for _, c := range digits {
				b.WriteRune(zero + (c - '0'))
			}
			text = b.String()
			code = agentinput.NoteUnicodeDigits
		case 7: // decimal comma before an exponent: "1,5e3"
			exp := rapid.IntRange(-9, 9).Draw(t, "exponent")
			text = digits + "," + fracText + "e" + strconv.Itoa(exp)
			want = decimalOf(t, strings.TrimPrefix(withFrac.String(), "")+"e"+strconv.Itoa(exp))
			code = agentinput.NoteDecimalComma
		}
		in, _ := wrapT(t, sign+text)
		wantValue(t, in, Read(in, Options{}), want, code)
	})
}

// TestCommaExponentNeedsNotThreeDigits: a single comma before an exponent
// is read as the decimal mark exactly when three digits do not follow it;
// before three ("1,500e3") it could group, and the spelling is an ask.
func TestCommaExponentNeedsNotThreeDigits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		head := rapid.StringMatching(`0|[1-9][0-9]{0,3}`).Draw(t, "head")
		tail := rapid.StringMatching(`[0-9]{1,5}`).Draw(t, "tail")
		exp := rapid.IntRange(-5, 5).Draw(t, "exponent")
		in := head + "," + tail + "e" + strconv.Itoa(exp)
		o := Read(in, Options{})
		if len(tail) == 3 {
			if o.Status() != agentinput.StatusAsk {
				t.Fatalf("Read(%q) = %s, want an ask", in, o.Status())
			}
			return
		}
		wantValue(t, in, o, decimalOf(t, head+"."+tail+"e"+strconv.Itoa(exp)), agentinput.NoteDecimalComma)
	})
}

// TestEmDashIsNoSign: an em dash or a horizontal bar before a number is a
// bullet or a quotation dash as often as a sign: never a value.
func TestEmDashIsNoSign(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dash := rapid.SampledFrom([]string{"—", "―"}).Draw(t, "dash")
		in, _ := wrapT(t, dash+wholeDigits(t, "digits", 1, 8))
		if o := Read(in, Options{}); o.Status() != agentinput.StatusAsk {
			t.Fatalf("Read(%q) = %s, want an ask", in, o.Status())
		}
	})
}

// TestNoAmbiguousSpellingYieldsValue: a single comma or dot before exactly
// three digits, after a whole part of one to three digits that are not all
// zeros, never yields a value without the integer option or a declared
// convention, whatever wraps it; the ask names both readings.
func TestNoAmbiguousSpellingYieldsValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		head := rapid.StringMatching(`[0-9]{1,3}`).Filter(func(s string) bool { return strings.Trim(s, "0") != "" }).Draw(t, "head")
		tail := rapid.StringMatching(`[0-9]{3}`).Draw(t, "tail")
		mark := rapid.SampledFrom([]string{",", ".", "，", "．"}).Draw(t, "mark")
		sign := rapid.SampledFrom([]string{"", "-", "−", "+"}).Draw(t, "sign")
		in, _ := wrapT(t, sign+head+mark+tail)
		opts := Options{}
		if rapid.Bool().Draw(t, "bounded") {
			lo, hi := FromInt64(-1_000_000), FromInt64(1_000_000)
			opts.Min, opts.Max = &lo, &hi
		}
		o := Read(in, opts)
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q) = %s, want an ambiguous ask", in, o.Status())
		}
		minus := ""
		if sign == "-" || sign == "−" {
			minus = "-"
		}
		grouped := decimalOf(t, minus+strings.TrimLeft(head+tail, "0"))
		point := decimalOf(t, minus+strings.TrimLeft(head, "0")+"."+tail)
		if strings.TrimLeft(head, "0") == "" {
			t.Skip()
		}
		if len(a.Readings) != 2 || string(a.Readings[0].Value) != grouped.String() || string(a.Readings[1].Value) != point.String() {
			t.Fatalf("Read(%q) readings %v, want %s and %s", in, a.Readings, grouped, point)
		}
		// Each reading is canonical: reading it back gives it, with no note.
		for _, r := range a.Readings {
			back := Read(json.Number(r.Value), Options{})
			if v, ok := back.Value(); !ok || v.String() != string(r.Value) || back.NoteCount() != 0 {
				t.Fatalf("reading %s is not canonical", r.Value)
			}
		}
		// The integer option resolves it, with a note, unless both readings
		// are whole ("1,000": 1000, or 1); a declared convention always does.
		if v, ok := Read(in, Options{Integer: true}).Value(); tail == "000" {
			if ok {
				t.Fatalf("Read(%q, integer) = %v: two whole readings, want an ask", in, v)
			}
		} else if !ok || v != grouped {
			t.Fatalf("Read(%q, integer) = %v, want %s", in, v, grouped)
		}
		cs, _ := ConventionFor("cs")
		want := point
		if mark == "." || mark == "．" {
			want = grouped
		}
		if v, ok := Read(in, Options{Convention: cs}).Value(); !ok || v != want {
			t.Fatalf("Read(%q, cs) = %v, want %s", in, v, want)
		}
	})
}

// TestCanonicalFixedPoint: the canonical spelling of any value reads as
// that value with no note, as a JSON number; Parse and String are inverse.
func TestCanonicalFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		digits := rapid.StringMatching(`[1-9][0-9]{0,30}`).Draw(t, "digits")
		exp := rapid.IntRange(-40, 40).Draw(t, "exp")
		neg := rapid.Bool().Draw(t, "neg")
		d := fromDigitBytes(neg, []byte(digits), int64(exp))
		text := d.String()
		o := Read(json.Number(text), Options{})
		v, ok := o.Value()
		if !ok || v != d || o.NoteCount() != 0 {
			t.Fatalf("Read(%s) = %v (notes %d), want %v with no note", text, v, o.NoteCount(), d)
		}
		p, err := Parse(text)
		if err != nil || p != d || p.String() != text {
			t.Fatalf("Parse(%s) = %v, %v", text, p, err)
		}
		// The same value as big.Rat: the decimal is exact.
		r, _ := new(big.Rat).SetString(text)
		want := refRat(neg, digits, "", int64(exp))
		if r.Cmp(want) != 0 {
			t.Fatalf("%s is %s, want %s", text, r.RatString(), want.RatString())
		}
	})
}

// TestPure: reading is pure; the same input gives the same outcome, down
// to the rendered JSON.
func TestPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := numberish(t)
		a, _ := Read(in, Options{}).MarshalJSON()
		b, _ := Read(in, Options{}).MarshalJSON()
		if string(a) != string(b) {
			t.Fatalf("Read(%q) is not pure:\n%s\n%s", in, a, b)
		}
	})
}

// numberish draws strings that are close to numbers: digit runs of random
// scripts joined by random separators, with signs, exponents, stray
// characters and wrapping.
func numberish(t *rapid.T) string {
	var b strings.Builder
	b.WriteString(rapid.SampledFrom([]string{"", "", "-", "+", "−", "－", "\u2010", "\u2011", "—"}).Draw(t, "sign"))
	zero := '0'
	if rapid.IntRange(0, 4).Draw(t, "script_roll") == 0 {
		zero = rapid.SampledFrom(digitZeros).Draw(t, "script")
	}
	runs := rapid.IntRange(0, 5).Draw(t, "runs")
	seps := []string{",", ".", " ", "\u00a0", "'", "’", "´", "`", "_", "٫", "٬", ",", ".", ",,", ""}
	for i := 0; i < runs; i++ {
		if i > 0 || rapid.IntRange(0, 9).Draw(t, "lead_sep") == 0 {
			b.WriteString(rapid.SampledFrom(seps).Draw(t, "sep"))
		}
		n := rapid.IntRange(1, 4).Draw(t, "run_len")
		for range n {
			d := rune(rapid.IntRange(0, 9).Draw(t, "digit"))
			if rapid.IntRange(0, 30).Draw(t, "mix") == 0 {
				b.WriteRune('0' + d) // occasionally a digit of another script
			} else {
				b.WriteRune(zero + d)
			}
		}
	}
	switch rapid.IntRange(0, 9).Draw(t, "tail") {
	case 0:
		b.WriteString("e" + rapid.SampledFrom([]string{"", "+", "-"}).Draw(t, "exp_sign") + rapid.StringMatching(`[0-9]{0,2}`).Draw(t, "exp"))
	case 1:
		b.WriteString(rapid.SampledFrom([]string{".", ",", "%", " km", "x", "\u200b", "e"}).Draw(t, "junk"))
	}
	s, _ := wrapT(t, b.String())
	return s
}

// TestAgreesWithReference cross-checks the fast reader against the slow,
// obviously-correct one in reference_test.go on number-like strings.
func TestAgreesWithReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := numberish(t)
		if msg := disagreement(in, Read(in, Options{})); msg != "" {
			t.Fatal(msg)
		}
	})
}

// TestPropertyClampSign: under Clamp, a whole number outside [Min, Max]
// reads as the bound it is beyond exactly when it is not on the other side
// of zero from that bound (zero is on every side of a bound that is not
// zero; issue 33); otherwise it is the ask out_of_range. Inside the range
// it is itself.
func TestPropertyClampSign(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.IntRange(-50, 50).Draw(t, "min")
		hi := rapid.IntRange(lo, lo+100).Draw(t, "max")
		v := rapid.IntRange(-200, 200).Draw(t, "value")
		min, max := FromInt64(int64(lo)), FromInt64(int64(hi))
		opts := Options{Integer: rapid.Bool().Draw(t, "integer"), Min: &min, Max: &max, Clamp: true}
		in := any(json.Number(strconv.Itoa(v)))
		if rapid.Bool().Draw(t, "as a string") {
			in = strconv.Itoa(v)
		}
		o := Read(in, opts)
		sign := func(n int) int {
			return map[bool]int{true: 1, false: 0}[n > 0] - map[bool]int{true: 1, false: 0}[n < 0]
		}
		want, clamped := v, false
		switch {
		case v < lo && sign(lo) != 0 && sign(v) != -sign(lo):
			want, clamped = lo, true
		case v > hi && sign(hi) != 0 && sign(v) != -sign(hi):
			want, clamped = hi, true
		case v < lo || v > hi:
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskOutOfRange {
				j, _ := o.MarshalJSON()
				t.Fatalf("Read(%v) in [%d, %d]: %s, want out_of_range: outside the domain, not clamped", in, lo, hi, j)
			}
			return
		}
		d, ok := o.Value()
		if !ok || d.Compare(FromInt64(int64(want))) != 0 {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%v) in [%d, %d]: %s, want %d", in, lo, hi, j, want)
		}
		if got := slices.ContainsFunc(o.Notes(), func(n agentinput.Note) bool { return n.Code == agentinput.NoteClamped }); got != clamped {
			t.Fatalf("Read(%v) in [%d, %d]: note clamped %v, want %v", in, lo, hi, got, clamped)
		}
	})
}

// TestPropertyNumberWords: every cardinal word of the table (0 to 20, the
// tens, 100, 1000), as written or without its diacritics, in any case and
// wrapping, reads as the reference says: its number with a note word when
// it names one number and has no other meaning, otherwise an ask whose
// readings hold its number, never a value (issue 32). A phrase with the
// word ("five items") asks with the word's number as its example.
func TestPropertyNumberWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := numberLanguages[rapid.IntRange(0, len(numberLanguages)-1).Draw(t, "language")]
		var n int64
		switch k := rapid.IntRange(0, 29).Draw(t, "number"); {
		case k <= 20:
			n = int64(k)
		case k <= 27:
			n = int64(30 + 10*(k-21))
		case k == 28:
			n = 100
		default:
			n = 1000
		}
		// A word of the table, as written or folded, in any case: the
		// Speller's word class (spell.go), every word of it.
		w := rapid.SampledFrom(wordsOf(l, n)).Draw(t, "word")
		w, _ = wordVariant(oracle.Draws(t), w)
		in := rapid.SampledFrom([]string{"", " ", `"`}).Draw(t, "wrap")
		in = in + w + in
		o := Read(in, Options{})
		ref, _ := refWord(w)
		if msg := disagreement(in, o); msg != "" {
			t.Fatal(msg)
		}
		if v, ok := o.Value(); ok {
			if ref.status != "value" || v.Compare(FromInt64(n)) != 0 {
				t.Fatalf("Read(%q) = %s, the %s word for %d", in, v, l.name, n)
			}
			return
		}
		a, _ := o.Ask()
		if !slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool { return string(r.Value) == strconv.FormatInt(n, 10) }) {
			t.Fatalf("Read(%q): %s, without the reading %d", in, a.Message(), n)
		}
		if a2, ok := Read(w+" items", Options{}).Ask(); ok && !strings.HasSuffix(a2.Hint, "for example "+strconv.FormatInt(n, 10)) && ref.status == "value" {
			t.Fatalf("Read(%q): hint %q, not derived from the word", w+" items", a2.Hint)
		}
	})
}
