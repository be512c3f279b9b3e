package number

import (
	"encoding/json"
)

// Options are a number property's options. The zero value reads any
// finite number, with no range and no declared convention.
type Options struct {
	// Integer admits whole numbers only: "10.0" reads as 10, "10.5" is an
	// ask, and a single separator before three digits ("1,234") is grouping.
	Integer bool
	// Min and Max bound the value when set.
	Min, Max *Decimal
	// Clamp replaces a value outside [Min, Max] by the nearest bound, with
	// a note, instead of asking (the page-size rule), when the value is not
	// on the other side of zero from that bound (0 is on the side of every
	// bound that is not zero). A value on the other side is outside the
	// property's domain and asks out_of_range: a page size of -5 is never
	// 1, though 0 is.
	Clamp bool
	// Convention is the declared decimal-mark convention of the field
	// (see ConventionFor); the zero Convention declares none.
	Convention Convention
	// Languages are the codes of the languages whose cardinal number words
	// are read ("five", "pět": words.go); empty means every language of
	// the table (DefaultNumberLanguages).
	Languages []string
}

// Expected says in words what a property with these options accepts, with
// one canonical example.
func Expected(opts Options) string {
	if opts.Min == nil && opts.Max == nil {
		// The words of a property with no bound, every ask of which says
		// them: made once, not per ask (TestExpectedUnbounded).
		if opts.Integer {
			return expectedInteger
		}
		return expectedNumber
	}
	return expected(opts)
}

// The Expected of a property with no bound.
var (
	expectedNumber  = expected(Options{})
	expectedInteger = expected(Options{Integer: true})
)

func expected(opts Options) string {
	what := "a JSON number"
	if opts.Integer {
		what = "a whole number as a JSON number"
	}
	switch {
	case opts.Min != nil && opts.Max != nil:
		what += " from " + opts.Min.String() + " to " + opts.Max.String()
	case opts.Min != nil:
		what += " of at least " + opts.Min.String()
	case opts.Max != nil:
		what += " of at most " + opts.Max.String()
	}
	return what + ", for example " + string(Example(opts))
}

// Example returns one canonical value a property with these options
// accepts: 4000, or the nearest bound when 4000 is out of range.
func Example(opts Options) json.RawMessage {
	e := FromInt64(4000)
	if opts.Max != nil && e.Compare(*opts.Max) > 0 {
		e = *opts.Max
	}
	if opts.Min != nil && e.Compare(*opts.Min) < 0 {
		e = *opts.Min
	}
	if opts.Integer && !e.IsInteger() {
		e = e.floor().add1()
	}
	return json.RawMessage(e.String())
}

// Parse reads the canonical spelling of a number strictly: the JSON number
// grammar, within the float64 range and the digit budget. It is the
// inverse of Decimal.String.
func Parse(s string) (Decimal, error) {
	d, ok := parseJSON(s)
	if !ok || outsideFloat(d) != "" {
		return Decimal{}, ErrSyntax
	}
	return d, nil
}
