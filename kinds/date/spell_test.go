package date

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameDate(a, b Date) bool { return a == b }

// drawReader draws a Reader with random options: a bound, a declared
// order or none, the default languages or a random set of the table's.
func drawReader(t *rapid.T) *Reader {
	var opts Options
	opts.Bound = rapid.SampledFrom([]Bound{BoundNone, BoundFrom, BoundTo}).Draw(t, "bound")
	if rapid.Bool().Draw(t, "declared order") {
		opts.Order = rapid.SampledFrom(orders).Draw(t, "order")
	}
	if rapid.Bool().Draw(t, "languages") {
		var codes []string
		for _, l := range languages {
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

// drawSpellable draws a date r reads as a value: any valid date with no
// bound, from 1000 to 8999 on a bound (the others are open bounds).
func drawSpellable(t *rapid.T, r *Reader) Date {
	lo, hi := 1, 9999
	if r.opts.Bound != BoundNone {
		lo, hi = 1000, 8999
	}
	y := rapid.IntRange(lo, hi).Draw(t, "year")
	m := rapid.IntRange(1, 12).Draw(t, "month")
	return Date{y, m, rapid.IntRange(1, DaysIn(y, m)).Draw(t, "day")}
}

// Every spelling Spell draws reads back as the date, with a note unless
// it is the canonical one.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawReader(t)
		v := drawSpellable(t, r)
		s := r.Spell(oracle.Draws(t), v)
		oracle.ReadsBack(t, r, s, v, sameDate)
		if o := r.Read(s.Value); (o.NoteCount() == 0) != (s.Value == v.String()) {
			t.Fatalf("%s %q: %d notes", s.Class, s.Value, o.NoteCount())
		}
	})
}

// Every spelling Ambiguous draws is an ask one of whose readings is the
// date; and a date whose day and month are both 12 or less and differ
// has one when no order is declared, as has every date from 1000 to 8999
// (a wrong weekday).
func TestAmbiguousAsks(t *testing.T) {
	oks := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawReader(t)
		v := drawSpellable(t, r)
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		swap := !r.opts.Order.declared() && v.Day <= 12 && v.Day != v.Month
		if !ok && (swap || v.Year >= 1000 && v.Year < 9000) {
			t.Fatalf("%s (options %+v): no ambiguous spelling", v, r.opts)
		}
		if ok {
			oks++
			oracle.AsksAbout(t, r, s, v, sameDate)
		}
	})
	if oks == 0 {
		t.Fatal("Ambiguous had no spelling over the run")
	}
}

// A few spellings of each class, for the reader of the tests.
func TestSpellClassesByExample(t *testing.T) {
	d := Date{2026, 10, 1}
	cs, _ := New(Options{Order: Order{Name: "cs"}})
	from, _ := New(Options{Bound: BoundFrom})
	hr, _ := New(Options{Languages: append(DefaultLanguages(), "hr")})
	def, _ := New(Options{})
	for _, c := range []struct {
		r       *Reader
		choices []int
		want    agentinput.Spelled
		amb     bool
	}{
		{def, nil, agentinput.Spelled{Value: "2026-10-01", Class: "canonical"}, false},
		{def, []int{classYearFirst, 1, 1}, agentinput.Spelled{Value: "2026/10/1", Class: "year first"}, false},
		{def, []int{classBasic}, agentinput.Spelled{Value: "20261001", Class: "basic ISO"}, false},
		{def, []int{classDotted, 0, 1, 0, 1, 0}, agentinput.Spelled{Value: "1. 10. 2026", Class: "day first with dots"}, false},
		{cs, []int{classSlash, 0, 0, 1, 0}, agentinput.Spelled{Value: "01/10/2026", Class: "year last, declared order (cs)"}, false},
		{def, []int{classNamed, 3, 0, 0, 0, 1}, agentinput.Spelled{Value: "1. října 2026", Class: "month name (cs)"}, false},
		{def, []int{classRoman, 0, 0, 1, 0, 1, 0}, agentinput.Spelled{Value: "1. X. 2026", Class: "Roman numeral month"}, false},
		{def, []int{classCJK, 0, 0, 0, 0, 0}, agentinput.Spelled{Value: "2026年10月1日", Class: "CJK markers (zh, ja)"}, false},
		{from, []int{1, 0, 2, 0, 0, 0}, agentinput.Spelled{Value: "October 2026", Class: "period bound: month"}, false},
		{def, nil, agentinput.Spelled{Value: "1/10/2026", Class: "day/month order"}, true},
		{hr, []int{3, 1}, agentinput.Spelled{Value: "1 listopada 2026", Class: "month name in two languages"}, true},
	} {
		if got := oracle.Scripted(c.r, d, c.choices, c.amb); got != c.want {
			t.Errorf("choices %v: %+v, want %+v", c.choices, got, c.want)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell spells 10,000 random dates of the default Reader; the
// time per op is for one spelling.
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{})
	x := oracle.Xorshift(0x9E3779B97F4A7C15)
	dates := make([]Date, 10000)
	for i := range dates {
		y, m := 1000+x.Choose("year", 9000), 1+x.Choose("month", 12)
		dates[i] = Date{y, m, 1 + x.Choose("day", DaysIn(y, m))}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = r.Spell(&x, dates[i%len(dates)])
		i++
	}
}
