package number

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// fromFloat64Text is what FromFloat64Exact did before fromFloat64: the
// shortest spelling of f, parsed back. It is the oracle of the direct path.
func fromFloat64Text(f float64) Decimal {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Decimal{}
	}
	d, err := Parse(strconv.FormatFloat(f, 'g', -1, 64))
	if err != nil {
		return Decimal{}
	}
	return d
}

// readFloatText is what Read did with a float64 before the direct path:
// readFloat with the text round trip.
func readFloatText(v any, f float64, opts Options) agentinput.Outcome[Decimal] {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return ask(v, opts, agentinput.AskInvalid, "it is not a finite number")
	}
	return finish(v, fromFloat64Text(f), agentinput.Notes{}, opts)
}

// edgeFloats are the float64 values at the edges of every branch: zeros,
// the whole numbers around 2^53 and 2^64, the largest and smallest
// numbers, the subnormals, powers of ten whose shortest spelling is not
// their exact value, and the values that are not numbers.
var edgeFloats = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.5, 0.1, 2.5, -2.5, 4000, 1e15, 1e16, 1e21, 1e22, 1e23, -1e23,
	1 << 53, 1<<53 - 1, 1<<53 + 2, -(1 << 53), -(1<<53 + 2), 1 << 63, 1 << 64, -(1 << 64), 1<<64 + 4096,
	math.Nextafter(1<<53, 0), math.Nextafter(1<<53, math.Inf(1)), 123456789012345680000,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	2.2250738585072014e-308, math.Nextafter(2.2250738585072014e-308, 0), 5e-324 * 3, 1e-300, 1e300, 1e-7,
	math.MaxInt64, math.MinInt64, math.MaxUint32, 9.999999999999999e22, 0.30000000000000004,
	math.NaN(), math.Inf(1), math.Inf(-1),
}

// drawFloat draws any float64: every bit pattern (NaN and the infinities
// included), whole numbers around 2^53 and beyond, and rapid's floats.
func drawFloat(t *rapid.T) float64 {
	switch rapid.IntRange(0, 4).Draw(t, "class") {
	case 0:
		return math.Float64frombits(rapid.Uint64().Draw(t, "bits"))
	case 1:
		n := rapid.Int64().Draw(t, "whole")
		return float64(n) * math.Ldexp(1, rapid.IntRange(0, 80).Draw(t, "shift"))
	case 2:
		return float64(rapid.IntRange(-1<<20, 1<<20).Draw(t, "small whole"))
	case 3:
		return rapid.SampledFrom(edgeFloats).Draw(t, "edge")
	}
	return rapid.Float64().Draw(t, "float")
}

// drawFloatOptions draws the options a float64 is checked against.
func drawFloatOptions(t *rapid.T) Options {
	var opts Options
	opts.Integer = rapid.Bool().Draw(t, "integer")
	if rapid.Bool().Draw(t, "min") {
		m := fromFloat64Text(drawFloat(t))
		opts.Min = &m
	}
	if rapid.Bool().Draw(t, "max") {
		m := fromFloat64Text(drawFloat(t))
		opts.Max = &m
	}
	opts.Clamp = rapid.Bool().Draw(t, "clamp")
	if rapid.Bool().Draw(t, "plain") {
		opts = Options{}
	}
	return opts
}

// TestPropertyFromFloat64: the direct path reads every float64 to the
// Decimal of its shortest spelling parsed back, and Read reads it to the
// outcome it had when it went through that text.
func TestPropertyFromFloat64(t *testing.T) {
	for _, f := range edgeFloats {
		if got, want := FromFloat64Exact(f), fromFloat64Text(f); got != want {
			t.Errorf("FromFloat64Exact(%v) = %+v, through its text %+v", f, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		f := drawFloat(t)
		if got, want := FromFloat64Exact(f), fromFloat64Text(f); got != want {
			t.Fatalf("FromFloat64Exact(%v) = %+v, through its text %+v", f, got, want)
		}
		opts := drawFloatOptions(t)
		fast, _ := Read(f, opts).MarshalJSON()
		slow, _ := readFloatText(f, f, opts).MarshalJSON()
		if !bytes.Equal(fast, slow) {
			t.Fatalf("Read(%v, %+v):\nfast %s\ntext %s", f, opts, fast, slow)
		}
	})
}

// FuzzFromFloat64 checks the direct path against the text round trip on
// any float64.
func FuzzFromFloat64(f *testing.F) {
	for _, x := range edgeFloats {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if got, want := FromFloat64Exact(x), fromFloat64Text(x); got != want {
			t.Fatalf("FromFloat64Exact(%v) = %+v, through its text %+v", x, got, want)
		}
		fast, _ := Read(x, Options{}).MarshalJSON()
		slow, _ := readFloatText(x, x, Options{}).MarshalJSON()
		if !bytes.Equal(fast, slow) {
			t.Fatalf("Read(%v):\nfast %s\ntext %s", x, fast, slow)
		}
	})
}

// benchFloats are the float64 values of BenchmarkFloat64: whole numbers
// (the common JSON number) and numbers with a fraction or an exponent.
var benchFloats = []struct {
	name string
	f    float64
}{
	{"4000", 4000}, {"-17", -17}, {"2.5", 2.5}, {"0.1", 0.1}, {"1234567.891", 1234567.891}, {"1e300", 1e300},
}

var sinkString string

// BenchmarkFloat64 reads a float64 (a JSON number decoded without
// UseNumber) by the direct path (Read), by the text round trip it
// replaced (text), and with the floor it is measured against: strconv
// formatting the shortest digits and parsing them back (strconv).
func BenchmarkFloat64(b *testing.B) {
	for _, bm := range benchFloats {
		var v any = bm.f
		b.Run("Read/"+bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkDecimal, _ = Read(v, Options{}).Value()
			}
		})
		b.Run("text/"+bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkDecimal, _ = readFloatText(v, v.(float64), Options{}).Value()
			}
		})
		b.Run("strconv/"+bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkString = strconv.FormatFloat(v.(float64), 'g', -1, 64)
				sinkFloat, _ = strconv.ParseFloat(sinkString, 64)
			}
		})
	}
}
