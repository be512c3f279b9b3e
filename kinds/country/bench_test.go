package country

import (
	"encoding/json"
	"testing"

	"agentinput.dev/agentinput"
)

var sinkOutcome agentinput.Outcome[string]

func BenchmarkRead(b *testing.B) {
	for _, bm := range []struct {
		name string
		v    any
		opts Options
	}{
		{"code_CZ", "CZ", Options{}},
		{"code_cz", "cz", Options{}},
		{"alpha3_CZE", "CZE", Options{}},
		{"numeric_203", json.Number("203"), Options{}},
		{"name_Czech_Republic", "Czech Republic", Options{}},
		{"name_Cesko", "Česko", Options{}},
		{"ask_Congo", "Congo", Options{}},
		{"ask_partial_Korea", "Korea", Options{}},
		{"ask_unknown", "Atlantis", Options{}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(bm.v, bm.opts)
			}
		})
	}
}

// BenchmarkReaderAdmit reads through a Reader built once with an admitted
// set, as a property does.
func BenchmarkReaderAdmit(b *testing.B) {
	r, _ := New(Options{Admit: []string{"AT", "BE", "CZ", "DE", "SK"}, Output: Alpha3})
	b.ReportAllocs()
	for b.Loop() {
		sinkOutcome = r.Read("cz")
	}
}

// BenchmarkFirstUse is the cost of building the code tables and the name
// index, which the first read of a name pays once.
func BenchmarkFirstUse(b *testing.B) {
	b.Run("codes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = buildCodes()
		}
	})
	b.Run("names", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = buildNames()
		}
	})
}
