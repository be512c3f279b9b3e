package date

import (
	"testing"
	"time"

	"agentinput.dev/agentinput"
)

var (
	sinkOutcome agentinput.Outcome[Date]
	sinkTime    time.Time
)

// The inputs of the issue, and the asks and bounds around them. The peer
// libraries read the same inputs in bench/ (a module of its own).
func BenchmarkRead(b *testing.B) {
	hr := Options{Languages: append(DefaultLanguages(), "hr")}
	for _, bm := range []struct {
		name string
		v    any
		opts Options
	}{
		{"iso_2026-10-01", "2026-10-01", Options{}},
		{"dotted_1._10._2026", "1. 10. 2026", Options{}},
		{"en_October_1,_2026", "October 1, 2026", Options{}},
		{"cs_1._října_2026", "1. října 2026", Options{}},
		{"slash_ask_01/02/2026", "01/02/2026", Options{}},
		{"slash_locale_01/02/2026", "01/02/2026", Options{Order: Order{Name: "en-GB"}}},
		{"iso_time_zone", "2026-10-01T23:30:00-05:00", Options{}},
		{"iso_time_Z", "2026-10-01T10:00:00Z", Options{}},
		{"weekday", "Thursday, October 1, 2026", Options{}},
		{"quarter_to", "Q3 2026", Options{Bound: BoundTo}},
		{"range_ask", "2024-01-01 to 2024-12-31", Options{Bound: BoundFrom}},
		{"conflict_hr_listopad", "1 listopad 2026", hr},
		{"invalid_word", "tomorrow", Options{}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(bm.v, bm.opts)
			}
		})
	}
}

// BenchmarkTimeParseDateOnly is the baseline for "2026-10-01". Only this
// package may call time.Parse, and only here.
func BenchmarkTimeParseDateOnly(b *testing.B) {
	b.ReportAllocs()
	s := "2026-10-01"
	for b.Loop() {
		sinkTime, _ = time.Parse(time.DateOnly, s)
	}
}

// dateTimes are the date-times of BenchmarkDateTime: RFC 3339 in UTC, with
// an offset, and with a fraction.
var dateTimes = []string{"2026-10-01T10:00:00Z", "2026-10-01T23:30:00-05:00", "2026-10-01T09:00:00.123456789+02:00"}

// BenchmarkDateTime reads date-times by the fast path (fast), by the scan
// the fast path stands in for (scan), and with time.Parse(time.RFC3339),
// the baseline the fast path is measured against, side by side.
func BenchmarkDateTime(b *testing.B) {
	inputs := make([]any, len(dateTimes))
	for i, s := range dateTimes {
		inputs[i] = s
	}
	words := defaultIndex()
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			sinkOutcome = Read(inputs[i%len(inputs)], Options{})
			i++
		}
	})
	b.Run("scan", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			sinkOutcome = read(inputs[i%len(inputs)], Options{}, words)
			i++
		}
	})
	b.Run("time.Parse_RFC3339", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			sinkTime, _ = time.Parse(time.RFC3339, dateTimes[i%len(dateTimes)])
			i++
		}
	})
}

// TestAllocations pins the cheap paths: the canonical spelling allocates
// nothing, and a repaired spelling allocates no more than its notes do
// (agentinput.Notes holds them in a slice); the tokens, the index lookup
// and the reading itself stay on the stack.
func TestAllocations(t *testing.T) {
	Read("1. 10. 2026", Options{}) // build the default index
	for _, v := range []any{"2026-10-01", "2026-10-01T10:00:00Z", "2026-10-01T23:30:00.5-05:00", "1. 10. 2026", "October 1, 2026", "1. října 2026", "2026/10/01", "Q3 2026"} {
		o := Read(v, Options{Bound: BoundFrom})
		if n := testing.AllocsPerRun(100, func() { sinkOutcome = Read(v, Options{Bound: BoundFrom}) }); n > float64(o.NoteCount()) {
			t.Errorf("Read(%#v) allocates %v times for %d notes", v, n, o.NoteCount())
		}
	}
}

// BenchmarkBuildIndex measures what the month and weekday tables cost
// when they are first used (importing the package builds nothing): the
// fold of every name of the default languages into one map.
func BenchmarkBuildIndex(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkIndex = buildIndex(defaultMask)
	}
}

var sinkIndex map[string]*word
