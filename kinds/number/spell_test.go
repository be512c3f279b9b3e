package number

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/oracle"
)

func eqDecimal(a, b Decimal) bool { return a == b }

// drawDecimal draws a canonical value over the whole value space: small
// whole numbers (the number words' range), numbers of up to 30 digits near
// one, and numbers across the float64 range.
func drawDecimal(t *rapid.T, label string) Decimal {
	var d Decimal
	switch rapid.IntRange(0, 2).Draw(t, label+"_kind") {
	case 0:
		d = FromInt64(int64(rapid.IntRange(-2000, 2000).Draw(t, label+"_int")))
	case 1:
		digits := rapid.StringMatching(`[1-9][0-9]{0,29}`).Draw(t, label+"_digits")
		d = fromDigitBytes(rapid.Bool().Draw(t, label+"_neg"), []byte(digits), int64(rapid.IntRange(-40, 40).Draw(t, label+"_exp")))
	default:
		digits := rapid.StringMatching(`[1-9][0-9]{0,16}`).Draw(t, label+"_digits")
		d = fromDigitBytes(rapid.Bool().Draw(t, label+"_neg"), []byte(digits), int64(rapid.IntRange(-330, 300).Draw(t, label+"_exp")))
	}
	if _, err := Parse(d.String()); err != nil {
		return FromInt64(4000) // beyond the float64 range
	}
	return d
}

// drawReader draws the options of a Reader that accepts v: the integer
// option (for a whole v), bounds about v, clamping, a declared convention,
// a set of number-word languages.
func drawReader(t *rapid.T, v Decimal) *Reader {
	var opts Options
	opts.Integer = v.IsInteger() && rapid.Bool().Draw(t, "integer")
	if rapid.IntRange(0, 2).Draw(t, "bounded") == 0 {
		b := drawDecimal(t, "bound")
		if b.Compare(v) <= 0 {
			opts.Min = &b
		} else {
			opts.Max = &b
		}
		if rapid.Bool().Draw(t, "bound is v") {
			w := v
			opts.Max = &w
		}
	}
	opts.Clamp = rapid.Bool().Draw(t, "clamp")
	if rapid.Bool().Draw(t, "convention") {
		opts.Convention = rapid.SampledFrom(Conventions()).Draw(t, "convention name")
	}
	if rapid.Bool().Draw(t, "languages") {
		all := DefaultNumberLanguages()
		for _, l := range all {
			if rapid.IntRange(0, 3).Draw(t, "language "+l) == 0 {
				opts.Languages = append(opts.Languages, l)
			}
		}
	}
	r, err := New(opts)
	if err != nil {
		t.Fatalf("New(%+v): %v", opts, err)
	}
	return r
}

// TestSpellReadsBack: every spelling Spell draws, under random options,
// reads back as the value it spells.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := drawDecimal(t, "v")
		r := drawReader(t, v)
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, eqDecimal)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about, with v
// among the ask's readings; and the values the doc names have one.
func TestAmbiguousAsks(t *testing.T) {
	oks := 0
	rapid.Check(t, func(t *rapid.T) {
		v := drawDecimal(t, "v")
		r := drawReader(t, v)
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		if ok {
			oks++
			oracle.AsksAbout(t, r, s, v, eqDecimal)
		}
		// A whole number of four to six digits has the grouping reading
		// of a single comma or dot with no declared convention, unless the
		// integer option resolves it; a fraction of one to three digits
		// after a whole part of one to three, the decimal reading; a word
		// with two meanings, a number of the words table.
		plain, _ := New(Options{})
		for _, w := range []Decimal{FromInt64(1234), FromInt64(-999_999), decimalOf(t, "1.5"), decimalOf(t, "-12.25"), FromInt64(2), FromInt64(3)} {
			s, ok := plain.Ambiguous(oracle.Draws(t), w)
			if !ok {
				t.Fatalf("Ambiguous(%s) under the zero Options: none", w)
			}
			oracle.AsksAbout(t, plain, s, w, eqDecimal)
		}
		if _, ok := plain.Ambiguous(oracle.Draws(t), FromInt64(12345678)); ok {
			t.Fatalf("Ambiguous(12345678): a spelling, want none")
		}
	})
	if oks == 0 {
		t.Fatal("Ambiguous drew no spelling over the run")
	}
}

// TestSpellExamples lists a few spellings per class, for reading.
func TestSpellExamples(t *testing.T) {
	plain, _ := New(Options{})
	cs, _ := ConventionFor("cs")
	czech, _ := New(Options{Convention: cs, Languages: []string{"cs"}})
	whole, _ := New(Options{Integer: true})
	d := func(s string) Decimal {
		v, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		r      *Reader
		v      string
		choose oracle.Labels
		want   any
		class  string
	}{
		{plain, "1234.5", oracle.Labels{}, json.Number("1234.5"), "canonical"},
		{plain, "1234.5", oracle.Labels{"form": 1}, "1234.5", "number as a string"},
		{plain, "1234567", oracle.Labels{"form": 1, "grouping": 1, "space": 1}, "1\u00a0234\u00a0567", "grouped by spaces"},
		{plain, "1234567", oracle.Labels{"form": 1, "grouping": 2, "apostrophe": 4}, "1´234´567", "grouped by apostrophes"},
		{plain, "1234.5", oracle.Labels{"form": 1, "grouping": 4, "decimal mark": 0}, "1,234.5", "grouped by commas"},
		{plain, "1234567.5", oracle.Labels{"form": 1, "grouping": 5, "decimal mark": 0}, "1.234.567,5", "grouped by dots + decimal comma"},
		{plain, "1234567", oracle.Labels{"form": 1, "grouping": 6}, "12,34,567", "Indian grouping"},
		{plain, "12.75", oracle.Labels{"form": 1, "decimal mark": 3}, "12,75", "decimal comma"},
		{plain, "1.234", oracle.Labels{"form": 1}, "1.2340", "trailing zeros"},
		{czech, "1.234", oracle.Labels{"form": 1, "decimal mark": 0}, "1,234", "decimal comma + declared convention"},
		{czech, "1234", oracle.Labels{"form": 1, "grouping": 4}, "1.234", "grouped by dots + declared convention"},
		{whole, "1234", oracle.Labels{"form": 1, "grouping": 4}, "1,234", "grouped by commas + whole-number option"},
		{plain, "-5", oracle.Labels{"form": 1, "minus": 1}, "−5", "Unicode minus sign"},
		{plain, "4000", oracle.Labels{"form": 1, "script": 1}, "٤٠٠٠", "digits of another script"},
		{plain, "0.5", oracle.Labels{"form": 1, "padding": 3}, ".5", "leading decimal point"},
		{plain, "1500", oracle.Labels{"form": 1, "notation": 1, "mantissa": 0}, "1.5e3", "scientific notation"},
		{plain, "1500", oracle.Labels{"form": 2, "JSON form": 0, "exponent letter": 1}, json.Number("1.5E3"), "JSON number in scientific notation + upper-case E"},
		{plain, "5", oracle.Labels{"form": 4, "word": 0}, "five", "number word (en)"},
		{czech, "5", oracle.Labels{"form": 4, "word": 0, "case": 1}, "PĚT", "number word (cs) + upper case"},
		{plain, "7", oracle.Labels{"form": 1, "quotes": 1, "space before": 1}, ` "7"`, "number as a string + quotes + outer whitespace"},
	} {
		s := c.r.Spell(c.choose, d(c.v))
		if s.Value != c.want {
			t.Errorf("Spell(%s, %v) = %q, want %q", c.v, c.choose, s.Value, c.want)
		}
		if s.Class != c.class {
			t.Errorf("Spell(%s, %v) class %q, want %q", c.v, c.choose, s.Class, c.class)
		}
	}
	for _, c := range []struct {
		r    *Reader
		v    string
		want string
	}{
		{plain, "1234", "1,234"},
		{plain, "1.5", "1,500"},
		{plain, "2", "due"},
	} {
		s, ok := c.r.Ambiguous(oracle.Labels{}, d(c.v))
		if !ok || s.Value != c.want {
			t.Errorf("Ambiguous(%s) = %q, %v, want %q", c.v, s.Value, ok, c.want)
		}
	}
}

// BenchmarkSpell spells 10,000 random values per op.
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{})
	x := oracle.Xorshift(88172645463325252)
	vs := make([]Decimal, 10_000)
	for i := range vs {
		digits := make([]byte, 1+x.Choose("len", 12))
		for j := range digits {
			digits[j] = byte('0' + x.Choose("digit", 10))
		}
		digits[0] = byte('1' + x.Choose("lead", 9))
		vs[i] = fromDigitBytes(x.Choose("neg", 2) == 1, digits, int64(x.Choose("exp", 20)-10))
	}
	b.ResetTimer()
	for b.Loop() {
		for _, v := range vs {
			sinkSpelled = r.Spell(&x, v)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(vs)), "ns/spelling")
}

var sinkSpelled any
