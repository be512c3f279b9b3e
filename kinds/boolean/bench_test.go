package boolean

import (
	"encoding/json"
	"strconv"
	"testing"

	"agentinput.dev/agentinput"
)

var (
	sinkOutcome agentinput.Outcome[bool]
	sinkBool    bool
)

func BenchmarkRead(b *testing.B) {
	el := Options{Languages: []string{"cs", "el"}}
	for _, bm := range []struct {
		name string
		v    any
		opts Options
	}{
		{"json_true", any(true), Options{}},
		{"ano", any("ano"), Options{}},
		{"string_true", any("true"), Options{}},
		{"NAO_accented", any("NÃO"), Options{}},
		{"trimmed", any(" “Ano” "), Options{}},
		{"number_1", any(json.Number("1")), Options{}},
		{"float_0", any(float64(0)), Options{}},
		{"ask_invalid", any("maybe"), Options{}},
		{"ask_ambiguous", any("ne"), el},
		{"ano_with_options", any("ano"), el},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(bm.v, bm.opts)
			}
		})
	}
}

// BenchmarkStrconvParseBool is the baseline Read is measured against. Only
// this package may call strconv.ParseBool, and only here.
func BenchmarkStrconvParseBool(b *testing.B) {
	b.ReportAllocs()
	s := "true"
	for b.Loop() {
		sinkBool, _ = strconv.ParseBool(s)
	}
}

// TestAllocations pins the allocation-free paths: the JSON boolean, and a
// word read with one note (an outcome holds its first note inline).
func TestAllocations(t *testing.T) {
	for _, tt := range []struct {
		v    any
		most float64
	}{
		{true, 0}, {false, 0},
		{"ano", 0}, {"Yes", 0}, {"NEIN", 0}, {"true", 0}, {"1", 0},
	} {
		if n := testing.AllocsPerRun(100, func() { sinkOutcome = Read(tt.v, Options{}) }); n > tt.most {
			t.Errorf("Read(%#v) allocates %v times, want at most %v", tt.v, n, tt.most)
		}
	}
}
