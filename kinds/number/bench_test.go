package number

import (
	"encoding/json"
	"strconv"
	"testing"
)

var sinkDecimal Decimal

// BenchmarkRead reads the spellings the foundation issue names. The JSON
// number is a json.Number, as a decoder with UseNumber hands it over.
func BenchmarkRead(b *testing.B) {
	for _, bm := range []struct {
		name string
		in   any
	}{
		{"json_4000", json.Number("4000")},
		{"string_4000", "4000"},
		{"string_4_000", "4 000"},
		{"string_1_234,56", "1 234,56"},
		{"string_nbsp_12_345_678", "12\u00a0345\u00a0678"},
		{"json_float64_4000", float64(4000)},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				o := Read(bm.in, Options{})
				sinkDecimal, _ = o.Value()
			}
		})
	}
}

// BenchmarkReadNotes adds the cost of rendering the notes, which a caller
// pays only when it looks at them.
func BenchmarkReadNotes(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		o := Read("4 000", Options{})
		_ = o.Notes()
	}
}

var sinkFloat float64

// BenchmarkStrconvParseFloat is the baseline the targets are measured
// against: strconv.ParseFloat("4000").
func BenchmarkStrconvParseFloat(b *testing.B) {
	b.ReportAllocs()
	s := "4000"
	for b.Loop() {
		sinkFloat, _ = strconv.ParseFloat(s, 64)
	}
}

// TestAllocations pins the allocation-free paths: JSON numbers, and
// strings read with one note (an outcome holds its first note inline). A
// second note costs the one allocation that holds it.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	for _, tt := range []struct {
		v    any
		most float64
	}{
		{json.Number("4000"), 0}, {json.Number("-2.5"), 0}, {float64(4000), 0}, {float64(0.1), 0}, {float64(-1e300), 0}, {int64(7), 0},
		{"4000", 0}, {"4 000", 0}, {"1,5", 0}, {"1 234,56", 1}, {"12\u00a0345", 1},
	} {
		if n := testing.AllocsPerRun(100, func() { sinkDecimal, _ = Read(tt.v, Options{}).Value() }); n > tt.most {
			t.Errorf("Read(%#v) allocates %v times, want at most %v", tt.v, n, tt.most)
		}
	}
}
