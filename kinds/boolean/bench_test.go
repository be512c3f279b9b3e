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

// BenchmarkWord splits a word's read, in one run with its baseline
// strconv.ParseBool("true"): "read" is Read; "lookup" the fast path's
// lookup alone (fold, pack, probe); "outcome" building the word's outcome
// from its entry and storing it, without the lookup; "value" Read with
// only its Value kept, as a caller that takes the value does (the outcome
// need not be stored, and the report's row reads it so). Issue 23 asks for
// "value" within 4× "ParseBool" (docs/performance.md).
func BenchmarkWord(b *testing.B) {
	r := defaultReader()
	for _, w := range []string{"ano", "yes", "true", "nein", "Yes"} {
		v := any(w)
		b.Run(w+"/read", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(v, Options{})
			}
		})
		b.Run(w+"/value", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkBool, _ = Read(v, Options{}).Value()
			}
		})
		b.Run(w+"/lookup", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkEntry = r.lookupASCII(w)
			}
		})
		e := r.lookupASCII(w)
		b.Run(w+"/outcome", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = outcomeOf(e, w)
			}
		})
	}
	b.Run("ParseBool", func(b *testing.B) {
		b.ReportAllocs()
		s := "true"
		for b.Loop() {
			sinkBool, _ = strconv.ParseBool(s)
		}
	})
}

var sinkEntry *entry

// outcomeOf is e.value(s) behind a call, as read builds it behind Read.
//
//go:noinline
func outcomeOf(e *entry, s string) agentinput.Outcome[bool] { return e.value(s) }
