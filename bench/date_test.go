package bench

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/araddon/dateparse"
	dps "github.com/markusmobius/go-dateparser"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/date"
)

// dateInputs are the inputs of the date issue.
var dateInputs = []struct{ name, s string }{
	{"iso", "2026-10-01"},
	{"dotted", "1. 10. 2026"},
	{"english", "October 1, 2026"},
	{"english-dmy", "1 October 2026"},
	{"english-abbr", "Oct 1, 2026"},
	{"datetime", "2026-10-01T10:00:00Z"},
	{"czech", "1. října 2026"},
	{"slash", "01/02/2026"},
}

var (
	sinkOutcome agentinput.Outcome[date.Date]
	sinkTime    time.Time
	sinkErr     error
)

func BenchmarkDate(b *testing.B) {
	for _, in := range dateInputs {
		var v any = in.s
		b.Run("agentinput/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = date.Read(v, date.Options{})
			}
		})
		b.Run("dateparse/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkTime, sinkErr = dateparse.ParseAny(in.s)
			}
		})
		b.Run("go-dateparser/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			cfg := &dps.Configuration{CurrentTime: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)}
			for b.Loop() {
				d, err := dps.Parse(cfg, in.s)
				sinkErr = err
				sinkTime = d.Time
			}
		})
	}
	b.Run("time.Parse/iso", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTime, sinkErr = time.Parse(time.DateOnly, "2026-10-01")
		}
	})
}

// TestWhatEachReturns logs what every library reads each input as: run
// with -v to see it (docs/performance.md quotes it).
func TestWhatEachReturns(t *testing.T) {
	cfg := &dps.Configuration{CurrentTime: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)}
	for _, in := range dateInputs {
		o, _ := json.Marshal(date.Read(in.s, date.Options{}))
		t.Logf("agentinput    %-18q %s", in.s, o)
		tm, err := dateparse.ParseAny(in.s)
		t.Logf("dateparse     %-18q %v %v", in.s, tm.Format(time.DateOnly), err)
		d, err := dps.Parse(cfg, in.s)
		t.Logf("go-dateparser %-18q %v (period %v) %v", in.s, d.Time.Format(time.DateOnly), d.Period, err)
	}
}
