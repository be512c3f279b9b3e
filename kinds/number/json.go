package number

import (
	"math/big"

	"agentinput.dev/agentinput"
)

// parseJSON reads the JSON number grammar exactly:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? with at most
// MaxNumberDigits digits before the exponent. It does not check the range.
func parseJSON(s string) (Decimal, bool) {
	i := 0
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	if i == len(s) {
		return Decimal{}, false
	}
	// coef accumulates the digits as they are read; it is the coefficient
	// when there are at most maxSmallDigits of them.
	var coef uint64
	intStart := i
	switch c := s[i]; {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			coef = coef*10 + uint64(s[i]-'0')
			i++
		}
	default:
		return Decimal{}, false
	}
	intEnd := i
	fracStart, fracEnd := i, i
	if i < len(s) && s[i] == '.' {
		i++
		fracStart = i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			coef = coef*10 + uint64(s[i]-'0')
			i++
		}
		if i == fracStart {
			return Decimal{}, false
		}
		fracEnd = i
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if exp < 1e15 {
				exp = exp*10 + int64(s[i]-'0')
			}
			i++
		}
		if i == start {
			return Decimal{}, false
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return Decimal{}, false
	}
	intLen, fracLen := intEnd-intStart, fracEnd-fracStart
	if intLen+fracLen > agentinput.MaxNumberDigits {
		return Decimal{}, false
	}
	exp -= int64(fracLen)
	if intLen+fracLen <= maxSmallDigits {
		d := Decimal{coef: coef, neg: neg, exp: clampExp(exp)}
		return d.normal(), true
	}
	var buf [agentinput.MaxNumberDigits]byte
	n := copy(buf[:], s[intStart:intEnd])
	n += copy(buf[n:], s[fracStart:fracEnd])
	return fromDigitBytes(neg, buf[:n], exp), true
}

// fromDigitBytes is fromDigits over bytes; it copies only a coefficient
// too long for a uint64.
func fromDigitBytes(neg bool, digits []byte, exp int64) Decimal {
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	if len(digits) == 0 {
		return Decimal{}
	}
	d := Decimal{neg: neg, exp: clampExp(exp)}
	if len(digits) <= maxSmallDigits {
		for _, c := range digits {
			d.coef = d.coef*10 + uint64(c-'0')
		}
		return d
	}
	d.big = string(digits)
	return d
}

// bigInt returns the coefficient with its sign as a big.Int.
func (d Decimal) bigInt() *big.Int {
	var z big.Int
	if d.big != "" {
		z.SetString(d.big, 10)
	} else {
		z.SetUint64(d.coef)
	}
	if d.neg {
		z.Neg(&z)
	}
	return &z
}

// fromBigInt returns the Decimal of z.
func fromBigInt(z *big.Int) Decimal {
	text := z.String()
	neg := text[0] == '-'
	if neg {
		text = text[1:]
	}
	return fromDigitBytes(neg, []byte(text), 0)
}

// floor returns the largest whole number not above d. It serves hints, on
// values inside the float64 range.
func (d Decimal) floor() Decimal {
	if d.exp >= 0 {
		return d
	}
	z := d.bigInt()
	div := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-d.exp)), nil)
	// Euclidean division by a positive divisor rounds toward -∞.
	z.Div(z, div)
	return fromBigInt(z)
}

// add1 returns d + 1 for a whole d.
func (d Decimal) add1() Decimal {
	z := d.bigInt()
	z.Mul(z, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.exp)), nil))
	return fromBigInt(z.Add(z, big.NewInt(1)))
}
