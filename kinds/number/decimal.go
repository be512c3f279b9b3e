package number

import (
	"cmp"
	"errors"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Decimal is an exact decimal number: coefficient × 10^exp, with the sign
// apart. It is what a number property reads to: "12345678901234567890" and
// "0.1" keep every digit, with no binary rounding.
//
// A Decimal is canonical by construction (no leading or trailing zeros in
// the coefficient, zero is +0 with exponent 0), so == compares values. The
// zero Decimal is 0.
type Decimal struct {
	coef uint64 // the coefficient when it fits in 19 digits (big == "")
	big  string // the coefficient's digits otherwise, no leading or trailing zeros
	exp  int32
	neg  bool
}

// maxSmallDigits is how many digits always fit in coef.
const maxSmallDigits = 19

// FromInt64 returns the Decimal of i.
func FromInt64(i int64) Decimal {
	var d Decimal
	if i < 0 {
		d.neg = true
		d.coef = uint64(-(i + 1)) + 1
	} else {
		d.coef = uint64(i)
	}
	return d.normal()
}

// normal strips trailing zeros of a small coefficient into the exponent and
// gives zero its one form.
func (d Decimal) normal() Decimal {
	if d.big != "" {
		return d
	}
	if d.coef == 0 {
		return Decimal{}
	}
	for d.coef%10 == 0 {
		d.coef /= 10
		d.exp++
	}
	return d
}

// clampExp keeps an exponent inside int32; callers reject such exponents as
// out of the float64 range long before they matter.
func clampExp(e int64) int32 {
	if e > math.MaxInt32 {
		return math.MaxInt32
	}
	if e < math.MinInt32 {
		return math.MinInt32
	}
	return int32(e)
}

// digits returns the coefficient's digits.
func (d Decimal) digits() string {
	if d.big != "" {
		return d.big
	}
	return strconv.FormatUint(d.coef, 10)
}

// numDigits returns how many digits the coefficient has.
func (d Decimal) numDigits() int {
	if d.big != "" {
		return len(d.big)
	}
	if d.coef == 0 {
		return 1
	}
	// 1233/4096 ≈ log10(2).
	n := (bits.Len64(d.coef) * 1233) >> 12
	if n < len(pow10) && d.coef >= pow10[n] {
		n++
	}
	return n
}

var pow10 = [...]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
	1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// adjusted returns the exponent of the leading digit: 1234 → 3, 0.05 → -2.
func (d Decimal) adjusted() int64 {
	return int64(d.exp) + int64(d.numDigits()) - 1
}

// IsZero reports whether d is 0.
func (d Decimal) IsZero() bool { return d.big == "" && d.coef == 0 }

// IsInteger reports whether d is a whole number.
func (d Decimal) IsInteger() bool { return d.exp >= 0 }

// Neg reports whether d is below zero.
func (d Decimal) Neg() bool { return d.neg }

// Int64 returns d as an int64 and true when d is a whole number in the
// int64 range; otherwise 0 and false.
func (d Decimal) Int64() (int64, bool) {
	if d.exp < 0 || d.big != "" {
		return 0, false
	}
	c := d.coef
	for range d.exp {
		hi, lo := bits.Mul64(c, 10)
		if hi != 0 {
			return 0, false
		}
		c = lo
	}
	if d.neg {
		if c > 1<<63 {
			return 0, false
		}
		return -int64(c-1) - 1, true
	}
	if c > math.MaxInt64 {
		return 0, false
	}
	return int64(c), true
}

// Float64 returns the float64 nearest to d, and whether it is exactly d:
// "2.5" and "1e20" are exact, "0.1" and "12345678901234567890" are not
// (the float64 is the nearest binary value, not the decimal that was sent).
func (d Decimal) Float64() (float64, bool) {
	f, err := strconv.ParseFloat(d.String(), 64)
	if err != nil {
		return f, false
	}
	exact, ok := new(big.Rat).SetString(d.String())
	return f, ok && exact.Cmp(new(big.Rat).SetFloat64(f)) == 0
}

// FromFloat64Exact returns the shortest Decimal that reads back as f, for a
// finite f; NaN and the infinities give 0.
func FromFloat64Exact(f float64) Decimal {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Decimal{}
	}
	return fromFloat64(f)
}

// fromFloat64 is FromFloat64Exact of a finite f, built from strconv's
// shortest digits without spelling them as a JSON number and parsing that
// back: what FromFloat64Exact did, to the same Decimal for every finite
// float64 (TestPropertyFromFloat64).
func fromFloat64(f float64) Decimal {
	var d Decimal
	if f < 0 {
		d.neg, f = true, -f
	}
	if f == 0 {
		return Decimal{} // -0 too: zero has one form
	}
	if f <= 1<<53 && f == math.Trunc(f) {
		// A whole number up to 2^53: every neighbour is a float64 of its
		// own, so its shortest spelling is all its digits.
		d.coef = uint64(f)
		return d.normal()
	}
	// The shortest digits that read back as f, as d[.ddd]e±dd: at most 17
	// digits, which fit in coef.
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	i, n := 0, 0
	for ; i < len(b) && b[i] != 'e'; i++ {
		if b[i] != '.' {
			d.coef = d.coef*10 + uint64(b[i]-'0')
			n++
		}
	}
	i++ // the 'e'
	neg := i < len(b) && b[i] == '-'
	i++ // its sign, which strconv always writes
	e := 0
	for ; i < len(b); i++ {
		e = e*10 + int(b[i]-'0')
	}
	if neg {
		e = -e
	}
	d.exp = int32(e - (n - 1))
	return d.normal()
}

// Compare returns -1, 0 or +1 as d is below, equal to or above e.
func (d Decimal) Compare(e Decimal) int {
	switch {
	case d.IsZero() && e.IsZero():
		return 0
	case d.neg != e.neg || d.IsZero() || e.IsZero():
		return cmp.Compare(d.sign(), e.sign()) // the signs differ, or one is zero
	}
	c := compareMagnitude(d, e)
	if d.neg {
		return -c
	}
	return c
}

func (d Decimal) sign() int {
	switch {
	case d.IsZero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

func compareMagnitude(d, e Decimal) int {
	if ad, ae := d.adjusted(), e.adjusted(); ad != ae {
		if ad < ae {
			return -1
		}
		return 1
	}
	// Same leading position: compare digit strings left-aligned.
	a, b := d.digits(), e.digits()
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y byte = '0', '0'
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// String returns the canonical JSON spelling of d: plain decimal notation
// when the leading digit's exponent is in [-7, 21) (the rule JavaScript
// uses), otherwise scientific notation with one digit before the point
// ("1e+21", "1.5e-8"). Integers have no fraction.
func (d Decimal) String() string {
	return string(d.AppendText(nil))
}

// AppendText appends String's spelling to b.
func (d Decimal) AppendText(b []byte) []byte {
	if d.IsZero() {
		return append(b, '0')
	}
	if d.neg {
		b = append(b, '-')
	}
	var buf [24]byte
	var digits []byte
	if d.big != "" {
		digits = []byte(d.big)
	} else {
		digits = strconv.AppendUint(buf[:0], d.coef, 10)
	}
	adj := int64(d.exp) + int64(len(digits)) - 1
	switch {
	case adj >= -7 && adj < 21 && d.exp >= 0:
		b = append(b, digits...)
		for range d.exp {
			b = append(b, '0')
		}
	case adj >= -7 && adj < 21:
		point := len(digits) + int(d.exp) // digits before the point
		if point <= 0 {
			b = append(b, '0', '.')
			for range -point {
				b = append(b, '0')
			}
			b = append(b, digits...)
		} else {
			b = append(b, digits[:point]...)
			b = append(b, '.')
			b = append(b, digits[point:]...)
		}
	default:
		b = append(b, digits[0])
		if len(digits) > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if adj >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, adj, 10)
	}
	return b
}

// MarshalJSON encodes d as its canonical JSON number.
func (d Decimal) MarshalJSON() ([]byte, error) {
	return d.AppendText(nil), nil
}

// ErrSyntax is returned by Parse for a string that is not a canonical JSON
// number in range.
var ErrSyntax = errors.New("number: not a JSON number within the float64 range")
