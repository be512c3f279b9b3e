package timestamp

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/date"
)

func sameInstant(a, b time.Time) bool { return a.Equal(b) }

// drawReader draws a Reader with random options: a default zone or none,
// a declared day/month order or none, the date kind's default languages
// or a random set of them.
func drawReader(t *rapid.T) *Reader {
	var opts Options
	if rapid.Bool().Draw(t, "default zone") {
		opts.DefaultZone = rapid.SampledFrom(zoneNames).Draw(t, "zone")
	}
	if rapid.Bool().Draw(t, "declared order") {
		opts.Order = rapid.SampledFrom(date.Orders()).Draw(t, "order")
	}
	if rapid.Bool().Draw(t, "languages") {
		var codes []string
		for _, l := range date.Languages() {
			codes = append(codes, l.Code)
		}
		opts.Languages = rapid.SliceOfNDistinct(rapid.SampledFrom(codes), 1, len(codes), rapid.ID[string]).Draw(t, "codes")
	}
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every spelling Spell draws reads back as the same instant, with a note
// unless it is the canonical spelling of what it reads as (the instant,
// or the instant at another offset).
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawReader(t)
		v := drawInstant(t)
		s := r.Spell(oracle.Draws(t), v)
		oracle.ReadsBack(t, r, s, v, sameInstant)
		o := r.Read(s.Value)
		if got, _ := o.Value(); (o.NoteCount() == 0) != (s.Value == Format(got)) {
			t.Fatalf("%s %q: %d notes", s.Class, s.Value, o.NoteCount())
		}
	})
}

// Every spelling Ambiguous draws is an ask one of whose readings is the
// instant; and every instant from the year 1000 has one (a wrong weekday
// before its date, whatever the options).
func TestAmbiguousAsks(t *testing.T) {
	oks := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawReader(t)
		v := drawInstant(t)
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		if !ok && r.own(v).Year() >= 1000 {
			t.Fatalf("%s: no ambiguous spelling", Format(v))
		}
		if ok {
			oks++
			oracle.AsksAbout(t, r, s, v, sameInstant)
		}
	})
	if oks == 0 {
		t.Fatal("Ambiguous had no spelling over the run")
	}
}

// A wall time the clocks of a zone show twice is an ambiguous spelling of
// both instants.
func TestAmbiguousWallTimeTwice(t *testing.T) {
	prg, _ := time.LoadLocation("Europe/Prague")
	// 2026-10-25 02:30 occurs at +02:00 and again at +01:00.
	for _, v := range []time.Time{time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC).In(prg), time.Date(2026, 10, 25, 1, 30, 0, 0, time.UTC).In(prg)} {
		r := mustNew(Options{Order: date.Order{Name: "cs"}})
		s, ok := r.Ambiguous(&oracle.Sequence{1}, v)
		if !ok || s.Class != "wall time twice in a zone" {
			t.Fatalf("%s: %+v, %v", Format(v), s, ok)
		}
		if a, asks := r.Read(s.Value).Ask(); !asks || len(a.Readings) != 2 {
			t.Fatalf("%s: %q does not ask with two readings", Format(v), s.Value)
		}
	}
}

// A few spellings of each class, for the reader of the tests.
func TestSpellClassesByExample(t *testing.T) {
	v := time.Date(2026, 10, 1, 9, 0, 0, 0, fixedZone(2*3600))
	for _, c := range []struct {
		r       *Reader
		choices []int
		want    agentinput.Spelled
		amb     bool
	}{
		{plain, nil, agentinput.Spelled{Value: "2026-10-01T09:00:00+02:00", Class: "canonical"}, false},
		{plain, []int{0, 0, 0, 2, 0, 0, 1}, agentinput.Spelled{Value: "2026-10-01 09:00+02:00", Class: "space for T + seconds left out"}, false},
		{plain, []int{0, 1, 4 * 12}, agentinput.Spelled{Value: "2026-10-01T07:00:00Z", Class: "another offset"}, false},
		{plain, []int{0, 2, 0, 0, 0, 0, 0, 0, 0, 1}, agentinput.Spelled{Value: "2026-10-01T09:00 Europe/Prague", Class: "zone name + seconds left out"}, false},
		{prague, []int{0, 3, 0, 0, 0, 0, 1}, agentinput.Spelled{Value: "2026-10-01T09:00", Class: "default zone + seconds left out"}, false},
		{plain, []int{1, 0, 0}, agentinput.Spelled{Value: "20261001T0900+0200", Class: "basic ISO"}, false},
		{plain, []int{2, 1, 0}, agentinput.Spelled{Value: "Thu Oct 01 2026 09:00:00 GMT+0200 (Central European Summer Time)", Class: "JavaScript Date.toString"}, false},
		{plain, nil, agentinput.Spelled{Value: "1/10/2026 09:00:00+02:00", Class: "date: day/month order"}, true},
	} {
		if got := oracle.Scripted(c.r, v, c.choices, c.amb); got != c.want {
			t.Errorf("choices %v: %+v, want %+v", c.choices, got, c.want)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell spells 10,000 random instants of a Reader with a
// default zone; the time per op is for one spelling.
func BenchmarkSpell(b *testing.B) {
	x := oracle.Xorshift(0x9E3779B97F4A7C15)
	lo, hi := time.Date(1000, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC).Unix()
	instants := make([]time.Time, 10000)
	for i := range instants {
		sec := lo + int64(x.Choose("seconds", int(hi-lo)))
		instants[i] = time.Unix(sec, int64(x.Choose("nanos", 4)*250_000_000)).In(fixedZone((x.Choose("offset", 27*4+1) - 48) * 15 * 60))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = prague.Spell(&x, instants[i%len(instants)])
		i++
	}
}
