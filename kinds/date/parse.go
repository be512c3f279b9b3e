package date

import (
	"strconv"

	"agentinput.dev/agentinput"
)

// period is what a spelling names: one day, or a whole year, month or
// quarter.
type period uint8

const (
	periodDay period = iota
	periodYear
	periodMonth
	periodQuarter
)

func (p period) String() string {
	switch p {
	case periodYear:
		return "year"
	case periodMonth:
		return "month"
	case periodQuarter:
		return "quarter"
	}
	return "day"
}

// cand is one reading of a spelling: a day, or the first and last day of
// a period.
type cand struct {
	first, last Date
	meaning     string
	order       order // the day/month order the reading takes, if any
}

// order is the day/month order a reading of a slash or dash date takes.
type order uint8

const (
	anyOrder order = iota
	dayFirst
	monthFirst
	yearFirst // a two-digit year first ("26-10-01"), which no declared order drops
)

// why says why a spelling has several readings.
type why uint8

const (
	whyOne      why = iota
	whyOrder        // day first or month first
	whyTwoDigit     // a two-digit year: which century
	whyWord         // a word that names two months
)

// parsed is what one date spelling (one end of a range) reads as.
type parsed struct {
	bad    string // why the spelling is not a date; "" when it is
	c      [6]cand
	n      int
	why    why
	period period
	note   agentinput.NoteCode // how the day was read; "" for the canonical form
	reason string
	timed  bool  // a time of day (and zone) was dropped
	wdays  uint8 // the weekdays a leading weekday names; 0 for none
}

func (p *parsed) add(first, last Date, meaning string) { p.addOrder(first, last, meaning, anyOrder) }

// addOrder adds a reading once. A day that two orders both read ("02-1-02"
// is 2002-01-02 day first and year first) takes no order of its own, so
// that a declared order never drops it.
func (p *parsed) addOrder(first, last Date, meaning string, o order) {
	for i := 0; i < p.n; i++ {
		if p.c[i].first == first && p.c[i].last == last {
			if p.c[i].order != o {
				p.c[i].order = anyOrder
			}
			return
		}
	}
	if p.n < len(p.c) {
		p.c[p.n] = cand{first: first, last: last, meaning: meaning, order: o}
		p.n++
	}
}

func (p *parsed) day(d Date, meaning string) { p.add(d, d, meaning) }

func fail(reason string) parsed { return parsed{bad: reason} }

func (p *parsed) fail(reason string) { p.bad = reason }

// sep is the gap between two items of a date: its one punctuation mark
// (0 for none) and whether it has whitespace.
type sep struct {
	mark  rune
	marks int16
	space bool
}

type itemKind uint8

const (
	iNum itemKind = iota + 1
	iMonth
	iQuarter
)

// item is a number, a month name or a quarter of a date, with the gap
// before it.
type item struct {
	kind    itemKind
	ordinal bool
	before  sep
	width   int32
	val     int
	w       *word
}

// parseOne reads the tokens of one date: an optional leading weekday, the
// date, and an optional time of day.
func parseOne(p *parsed, ts []tok) {
	var wdays uint8
	if len(ts) > 1 && ts[0].kind == tWord && ts[0].w != nil && ts[0].w.weekdays != 0 && ts[0].w.month == 0 {
		wdays = ts[0].w.weekdays
		ts = ts[1:]
		if ts[0].kind == tPunct && (ts[0].val == ',' || ts[0].val == '.') {
			ts = ts[1:]
		}
	}
	timed := false
	if end, reason, ok := cutTime(ts); reason != "" {
		p.fail(reason)
		return
	} else if ok {
		ts, timed = ts[:end], true
	}
	parseDate(p, ts)
	p.wdays, p.timed = wdays, timed
	if p.bad == "" && wdays != 0 && p.period != periodDay {
		p.fail("it names a weekday of a whole " + p.period.String())
	}
}

// cutTime finds a time of day at the end of ts ("T13:45:00Z", " 13:45",
// ", 1:45 pm", "T23:30:00-05:00") and returns where the date before it
// ends. It returns a reason when ts has a time that is not one.
func cutTime(ts []tok) (end int, reason string, ok bool) {
	colon := -1
	for i := range ts {
		if t := &ts[i]; t.kind == tPunct && t.val == ':' {
			colon = i
			break
		}
	}
	if colon < 0 {
		return 0, "", false
	}
	const badTime = "the time of day after the date is not HH:MM or HH:MM:SS"
	h := colon - 1
	if h < 1 || ts[h].kind != tNum || ts[h].width > 2 {
		return 0, badTime, false
	}
	hour := ts[h].val
	i := colon + 1
	num2 := func(max int) bool {
		if i < len(ts) && ts[i].kind == tNum && ts[i].width == 2 && !ts[i].space && ts[i].val <= max {
			i++
			return true
		}
		return false
	}
	if !num2(59) {
		return 0, badTime, false
	}
	if i < len(ts) && ts[i].kind == tPunct && ts[i].val == ':' && !ts[i].space {
		i++
		if !num2(60) {
			return 0, badTime, false
		}
		if i+1 < len(ts) && ts[i].kind == tPunct && (ts[i].val == '.' || ts[i].val == ',') && !ts[i].space &&
			ts[i+1].kind == tNum && !ts[i+1].space && ts[i+1].width <= 9 {
			i += 2
		}
	}
	meridiem := false
	if i < len(ts) && ts[i].kind == tWord && ts[i].w != nil && ts[i].w.role&roleMeridiem != 0 {
		meridiem = true
		i++
	}
	if i < len(ts) && ts[i].kind == tWord && ts[i].w != nil && ts[i].w.role&roleZone != 0 {
		i++
	}
	if i < len(ts) && ts[i].kind == tPunct && (ts[i].val == '+' || ts[i].val == '-' || ts[i].val == '\u2212') {
		i++
		if i >= len(ts) || ts[i].kind != tNum || ts[i].space || (ts[i].width != 2 && ts[i].width != 4) {
			return 0, badTime, false
		}
		i++
		if i < len(ts) && ts[i].kind == tPunct && ts[i].val == ':' && !ts[i].space {
			i++
			if !num2(59) {
				return 0, badTime, false
			}
		}
	}
	if i != len(ts) || (meridiem && (hour < 1 || hour > 12)) || (!meridiem && hour > 24) {
		return 0, badTime, false
	}
	// What joins the date and the time: "T" (touching both), a comma,
	// "at"/"um", or whitespace alone.
	end = h
	prev := ts[h-1]
	switch {
	case prev.kind == tWord && prev.w != nil && prev.w.role&roleTimeMark != 0 && !prev.space && !ts[h].space:
		end--
	case prev.kind == tWord && prev.w != nil && prev.w.role&roleFiller != 0 && ts[h].space:
		end--
		if end > 0 && ts[end-1].kind == tPunct && ts[end-1].val == ',' {
			end--
		}
	case prev.kind == tPunct && prev.val == ',' && ts[h].space:
		end--
	case !ts[h].space:
		return 0, badTime, false
	}
	if end == 0 {
		return 0, "it has a time of day but no date", false
	}
	return end, "", true
}

// parseDate reads the tokens of one date without weekday or time.
func parseDate(p *parsed, ts []tok) {
	// items[3] is scratch: an item is written in place, field by field,
	// and only then is a fourth one refused. (Building an item and copying
	// it in whole made the copy wait on its own narrow stores.)
	var items [4]item
	n := 0
	var gap sep
	fillers := 0
	for i := 0; i < len(ts); i++ {
		t := &ts[i] // not a copy: see tokens.push
		if t.space {
			gap.space = true
		}
		switch t.kind {
		case tPunct:
			switch t.val {
			case '.', ',', '/', '-':
			default:
				p.fail("it has " + strconv.QuoteRune(rune(t.val)) + " where a date has a dot, comma, slash or dash")
				return
			}
			if n == 0 {
				p.fail("it starts with " + strconv.QuoteRune(rune(t.val)))
				return
			}
			gap.marks++
			gap.mark = rune(t.val)
			if gap.marks > 1 {
				p.fail("it has two separators in a row")
				return
			}
			continue
		case tNum, tWord:
		}
		it := &items[n]
		switch {
		case t.kind == tNum:
			it.kind, it.val, it.width = iNum, t.val, t.width
			if i+1 < len(ts) && ts[i+1].kind == tWord && !ts[i+1].space && ts[i+1].w != nil && ts[i+1].w.role&roleOrdinal != 0 {
				it.ordinal = true
				i++
			}
		case t.w == nil:
			p.fail("it has a word that is not a month name in the enabled languages")
			return
		case t.w.role&roleQuarter != 0 && i+1 < len(ts) && ts[i+1].kind == tNum && !ts[i+1].space:
			q := ts[i+1]
			if q.width != 1 || q.val < 1 || q.val > 4 {
				p.fail("a year has quarters Q1 to Q4")
				return
			}
			it.kind, it.val = iQuarter, q.val
			i++
		case t.w.month != 0:
			it.kind, it.w = iMonth, t.w
		case t.w.role&roleFiller != 0:
			fillers++
			gap.space = true
			continue
		case t.w.weekdays != 0:
			p.fail("a weekday goes before the date")
			return
		default:
			p.fail("it has a word that is not a month name in the enabled languages")
			return
		}
		if n == len(items)-1 {
			p.fail("it has more numbers and names than a date has")
			return
		}
		it.before = gap
		n++
		gap = sep{}
	}
	if n == 0 {
		p.fail("it has no date")
		return
	}
	if gap.marks > 0 && (gap.mark != '.' || gap.space) {
		// A closing dot belongs to the number it follows ("2026.", "1. 10.
		// 2026."); one after a space closes nothing (fuzz: "0001 ." was
		// absent on a bound, a sentinel year, where the reference asks).
		p.fail("it ends with " + strconv.QuoteRune(gap.mark))
		return
	}
	its := items[:n]
	months, quarters := 0, 0
	for i := range its {
		switch its[i].kind {
		case iMonth:
			months++
		case iQuarter:
			quarters++
		}
	}
	switch {
	case months > 1:
		p.fail("it has two month names")
		return
	case months == 1:
		if quarters > 0 {
			p.fail("it has a month name and a quarter")
			return
		}
		monthNamed(p, its)
		return
	case fillers > 0:
		p.fail("it has a connecting word but no month name")
		return
	case quarters > 1:
		p.fail("it has two quarters")
		return
	case quarters == 1:
		quarterOf(p, its)
		return
	}
	for i := range its {
		if its[i].ordinal {
			p.fail("an ordinal day goes with a month name")
			return
		}
	}
	switch n {
	case 1:
		oneNumber(p, its[0])
		return
	case 2:
		yearMonth(p, its, gap.marks > 0)
		return
	}
	threeNumbers(p, its)
}

const reasonTrailingMark = "it ends with a dot after two numbers: a year and a month are written without one, and a day may be missing"

const notADate = "it is a number, not a date (a date is never read from a timestamp or a count)"

// oneNumber reads "2026" (a year) and "20261001" (ISO 8601 basic).
func oneNumber(p *parsed, it item) {
	switch it.width {
	case 4:
		if it.val == 0 {
			p.fail("there is no year 0")
			return
		}
		periodOf(p, periodYear, it.val, 1, 12)
		return
	case 8:
		d := Date{Year: it.val / 10000, Month: it.val / 100 % 100, Day: it.val % 100}
		if reason := impossible(d); reason != "" {
			p.fail(reason)
			return
		}
		*p = parsed{note: agentinput.NoteDateForm, reason: "ISO 8601 basic format, YYYYMMDD"}
		p.day(d, "")
		return
	}
	p.fail(notADate)
}

// periodOf is the reading of months from..to of year.
func periodOf(p *parsed, kind period, year, from, to int) {
	*p = parsed{period: kind, note: agentinput.NotePeriodBound}
	p.add(Date{year, from, 1}, Date{year, to, DaysIn(year, to)}, "")
}

// yearMonth reads "2026-10", "2026/10", "10/2026", "10.2026". A dot after
// the second number ("2026.10.", "2026,1.") is an ask, not a month: two
// numbers and a separator may be a date whose day was cut off, and a
// month on a bound could otherwise read as absent (fuzz: "0001,1.").
func yearMonth(p *parsed, its []item, trailing bool) {
	a, b := its[0], its[1]
	if b.before.marks != 1 {
		p.fail("a year and a month are joined by a dash, slash or dot")
		return
	}
	if trailing {
		p.fail(reasonTrailingMark)
		return
	}
	year, month := 0, 0
	switch {
	case a.width == 4 && b.width <= 2:
		year, month = a.val, b.val
	case a.width <= 2 && b.width == 4:
		year, month = b.val, a.val
	case a.width <= 2 && b.width <= 2:
		p.fail("it has no year: a day and a month, or a two-digit year")
		return
	default:
		p.fail("it is not a date")
		return
	}
	if year == 0 {
		p.fail("there is no year 0")
		return
	}
	if month < 1 || month > 12 {
		p.fail("there is no month " + strconv.Itoa(month))
		return
	}
	periodOf(p, periodMonth, year, month, month)
}

// quarterOf reads "Q3 2026", "2026-Q3", "Q3/2026".
func quarterOf(p *parsed, its []item) {
	if len(its) != 2 {
		p.fail("a quarter goes with a year and nothing else")
		return
	}
	q, y := its[0], its[1]
	if q.kind != iQuarter {
		q, y = y, q
	}
	if y.kind != iNum || y.width != 4 || y.val == 0 || y.ordinal || its[1].before.marks > 1 {
		p.fail("a quarter goes with a four-digit year")
		return
	}
	periodOf(p, periodQuarter, y.val, 3*q.val-2, 3*q.val)
}

// threeNumbers reads dates of three numbers: year first (ISO and its
// variants), day first with dots, and slash or dash dates with the year
// last. A slash or dash date of two-digit numbers ("26-10-01") may also
// be a two-digit year first: that is one more reading of its ask.
func threeNumbers(p *parsed, its []item) {
	a, b, c := its[0], its[1], its[2]
	mark := b.before.mark
	if b.before.marks != 1 || c.before.marks != 1 || c.before.mark != mark || mark == ',' {
		// A comma joins a year and a month ("2026,10"), never three
		// numbers: "2026,1,1" could as well be a list (fuzz: "0001, 1,1."
		// was absent on a bound).
		p.fail("its three numbers are not joined by the same dot, slash or dash")
		return
	}
	switch {
	case a.width == 4 && b.width <= 2 && c.width <= 2:
		d := Date{a.val, b.val, c.val}
		if reason := impossible(d); reason != "" {
			p.fail(reason)
			return
		}
		*p = parsed{note: agentinput.NoteDateForm, reason: "year, month and day"}
		if mark == '-' && b.width == 2 && c.width == 2 && !b.before.space && !c.before.space {
			// YYYY-MM-DD itself, before a time or after a weekday: those
			// get notes of their own.
			p.note, p.reason = "", ""
		}
		p.day(d, "")
		return
	case a.width > 2 || b.width > 2 || (c.width != 4 && c.width != 2):
		p.fail("a date has a four-digit year first or last, and one- or two-digit days and months")
		return
	}
	twoDigit := c.width == 2
	if mark == '.' {
		// Day first: the Central European order, never month first.
		if twoDigit {
			*p = centuries(a.val, b.val, c.val, "", anyOrder)
			return
		}
		d := Date{c.val, b.val, a.val}
		if reason := impossible(d); reason != "" {
			p.fail(reason)
			return
		}
		*p = parsed{note: agentinput.NoteDateForm, reason: "day first with dots"}
		p.day(d, "")
		return
	}
	if twoDigit {
		*p = fail("it has a two-digit year, and no century makes it a day that exists")
		readings := [3]parsed{
			centuries(a.val, b.val, c.val, "day first, ", dayFirst),
			centuries(b.val, a.val, c.val, "month first, ", monthFirst),
		}
		if a.width == 2 {
			// YY-MM-DD: the two-digit year first, in the same centuries.
			readings[2] = centuries(c.val, b.val, a.val, "year first, ", yearFirst)
		}
		for _, r := range readings {
			for i := 0; i < r.n; i++ {
				if p.bad != "" {
					*p = parsed{why: whyTwoDigit}
				}
				p.addOrder(r.c[i].first, r.c[i].last, r.c[i].meaning, r.c[i].order)
			}
		}
		return
	}
	df := Date{c.val, b.val, a.val}
	mf := Date{c.val, a.val, b.val}
	okD, okM := df.Valid(), mf.Valid()
	*p = parsed{note: agentinput.NoteDateForm}
	switch {
	case okD && okM && df == mf:
		p.reason = "day and month are the same number"
		p.day(df, "")
	case okD && okM:
		p.why = whyOrder
		p.addOrder(df, df, "day first", dayFirst)
		p.addOrder(mf, mf, "month first", monthFirst)
	case okD:
		p.reason = "only day first names a day"
		p.day(df, "")
	case okM:
		p.reason = "only month first names a day"
		p.day(mf, "")
	default:
		p.fail("neither day first nor month first names a day that exists")
		return
	}
}

// centuries is the reading of day.month.yy in the years 20yy and 19yy:
// the window every two-digit year of the kind is read in.
func centuries(day, month, yy int, prefix string, o order) parsed {
	p := parsed{why: whyTwoDigit}
	for _, century := range [2]int{2000, 1900} {
		d := Date{century + yy, month, day}
		if d.Valid() {
			p.addOrder(d, d, prefix+"the year "+strconv.Itoa(d.Year), o)
		}
	}
	if p.n == 0 {
		return fail("it has a two-digit year, and no century makes it a day that exists")
	}
	return p
}

// monthNamed reads a date with a month name: a day, the month and a
// four-digit year in any order ("October 1, 2026", "1. října 2026",
// "15 de marzo de 2026"), or a month and a year.
func monthNamed(p *parsed, its []item) {
	// The items are read through pointers, not copied: a copy of an item
	// just written field by field waits on those stores.
	var m *item
	var nums [2]*item
	k := 0
	for i := range its {
		if its[i].kind == iMonth {
			m = &its[i]
		} else {
			nums[k] = &its[i]
			k++
		}
	}
	months := monthsOf(m.w)
	switch k {
	case 0:
		p.fail("it has a month but no year")
		return
	case 1:
		y := nums[0]
		if y.width != 4 || y.ordinal {
			if y.width <= 2 {
				p.fail("it has no year")
				return
			}
			p.fail("a month name goes with a four-digit year")
			return
		}
		if y.val == 0 {
			p.fail("there is no year 0")
			return
		}
		*p = parsed{period: periodMonth, note: agentinput.NotePeriodBound}
		for _, mm := range months {
			p.add(Date{y.val, mm.month, 1}, Date{y.val, mm.month, DaysIn(y.val, mm.month)}, mm.meaning)
		}
		if p.n > 1 {
			p.why = whyWord
		}
		return
	}
	day, year := nums[0], nums[1]
	if day.width == 4 {
		day, year = year, day
	}
	switch {
	case year.width == 4 && day.width <= 2 && !year.ordinal:
	case year.width == 2 && day.width <= 2 && !year.ordinal && its[2].kind == iNum && &its[2] == year:
		// "1 Oct 26", "Oct 1, 26": a two-digit year last.
		*p = parsed{why: whyTwoDigit}
		for _, mm := range months {
			for _, century := range [2]int{2000, 1900} {
				d := Date{century + year.val, mm.month, day.val}
				if d.Valid() {
					p.day(d, prefixed(mm.meaning, "the year "+strconv.Itoa(d.Year)))
				}
			}
		}
		if p.n == 0 {
			p.fail("it has a two-digit year, and no century makes it a day that exists")
			return
		}
		return
	default:
		p.fail("a date with a month name has a day and a four-digit year")
		return
	}
	if year.val == 0 {
		p.fail("there is no year 0")
		return
	}
	if len(months) == 1 {
		d := Date{year.val, months[0].month, day.val}
		if reason := impossible(d); reason != "" {
			p.fail(reason)
			return
		}
		*p = parsed{note: agentinput.NoteWord, reason: m.w.reason}
		p.day(d, "")
		return
	}
	*p = parsed{why: whyWord}
	for _, mm := range months {
		if d := (Date{year.val, mm.month, day.val}); d.Valid() {
			p.day(d, mm.meaning)
		}
	}
	if p.n == 0 {
		p.fail("it names no day that exists in any of the months the word names")
		return
	}
	if p.n == 1 {
		// Only one of the months has the day ("31 listopad"): still a
		// word with two meanings, and the other is named in the ask.
		p.why = whyWord
	}
}

func prefixed(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", " + b
}

// monthsOf lists the months a word names, with their meanings ("" for a
// word with one meaning).
func monthsOf(w *word) []monthMeaning {
	if w.month > 0 {
		return []monthMeaning{{month: w.month}}
	}
	return w.meanings
}

// impossible says why d is not a day of the calendar, or "" when it is.
func impossible(d Date) string {
	switch {
	case d.Year == 0:
		return "there is no year 0"
	case d.Month < 1 || d.Month > 12:
		return "there is no month " + strconv.Itoa(d.Month)
	case d.Day < 1 || d.Day > 31:
		return "there is no day " + strconv.Itoa(d.Day) + " in a month"
	case d.Day > DaysIn(d.Year, d.Month):
		return englishMonths[d.Month-1] + " " + strconv.Itoa(d.Year) + " has " + strconv.Itoa(DaysIn(d.Year, d.Month)) + " days"
	}
	return ""
}
