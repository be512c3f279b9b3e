package number

import (
	"math"
	"testing"
)

// The accessors report loss: a value that does not fit, or a float64 that
// does not format back to the decimal that was sent.
func TestAccessors(t *testing.T) {
	for _, tt := range []struct {
		in     string
		i      int64
		iOK    bool
		f      float64
		fExact bool
	}{
		{"0", 0, true, 0, true},
		{"4000", 4000, true, 4000, true},
		{"-2.5", 0, false, -2.5, true},
		{"0.1", 0, false, 0.1, false},
		{"1e3", 1000, true, 1000, true},
		{"9223372036854775807", math.MaxInt64, true, 9.223372036854776e18, false},
		{"-9223372036854775808", math.MinInt64, true, -9.223372036854776e18, true}, // -2⁶³ is a float64
		{"9223372036854775808", 0, false, 9.223372036854776e18, true},              // 2⁶³: past int64, exact as a float64
		{"12345678901234567890", 0, false, 1.2345678901234567e19, false},
		{"1e20", 0, false, 1e20, true},
		{"123456789012345678901234567890", 0, false, 1.2345678901234568e29, false},
		{"1.7976931348623157e308", 0, false, math.MaxFloat64, false}, // MaxFloat64 is 1.7976931348623157081…e308
	} {
		d, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%s): %v", tt.in, err)
		}
		if i, ok := d.Int64(); i != tt.i || ok != tt.iOK {
			t.Errorf("%s.Int64() = %d, %v; want %d, %v", tt.in, i, ok, tt.i, tt.iOK)
		}
		if f, exact := d.Float64(); f != tt.f || exact != tt.fExact {
			t.Errorf("%s.Float64() = %v, %v; want %v, %v", tt.in, f, exact, tt.f, tt.fExact)
		}
	}
}

func TestCompare(t *testing.T) {
	order := []string{"-1e300", "-12345678901234567890123", "-2.5", "-0.001", "0", "1e-300", "0.1", "0.10000000000000000001", "1", "1.5", "4000", "12345678901234567890", "1e21"}
	for i, a := range order {
		for j, b := range order {
			da, _ := Parse(a)
			db, _ := Parse(b)
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := da.Compare(db); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestFromInt64(t *testing.T) {
	for _, i := range []int64{0, 1, -1, 10, 4000, -4000, math.MaxInt64, math.MinInt64} {
		got, ok := FromInt64(i).Int64()
		if !ok || got != i {
			t.Errorf("FromInt64(%d).Int64() = %d, %v", i, got, ok)
		}
	}
}
