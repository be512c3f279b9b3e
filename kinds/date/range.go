package date

import (
	"agentinput.dev/agentinput"
)

// rangeMark finds the mark between the two ends of a range written into
// one value and how many tokens it takes: a range word ("to", "bis",
// "až"), an en or em dash, an arrow, a tilde, an ellipsis, two or three
// dots ("2024-01-01..2024-12-31"), a hyphen with whitespace on both sides,
// or a slash or comma between two year-first dates
// ("2024-01-01/2024-12-31", "2024-01-01, 2024-12-31"). A comma anywhere
// else ("October 1, 2026") is not a range. It reports false when ts has
// none.
func rangeMark(ts []tok) (at, width int, ok bool) {
	for i := range ts {
		t := &ts[i] // not a copy: see tokens.push
		switch {
		case i == 0 || i == len(ts)-1:
		case t.kind == tWord && t.w != nil && t.w.role&roleRangeTo != 0:
			return i, 1, true
		case t.kind != tPunct:
		case t.val == '\u2013' || t.val == '\u2014' || t.val == '\u2192' || t.val == '~' || t.val == '\u2026':
			return i, 1, true
		case t.val == '.' && ts[i+1].kind == tPunct && ts[i+1].val == '.' && !ts[i+1].space:
			n := 2
			if i+2 < len(ts) && ts[i+2].kind == tPunct && ts[i+2].val == '.' && !ts[i+2].space {
				n = 3
			}
			if i+n < len(ts) {
				return i, n, true
			}
		case t.val == '-' && t.space && ts[i+1].space:
			return i, 1, true
		case t.val == '/' && ts[0].kind == tNum && ts[0].width == 4 && ts[i+1].kind == tNum && ts[i+1].width == 4:
			return i, 1, true
		case t.val == ',' && yearFirstDate(ts[:i]) && yearFirstDate(ts[i+1:]):
			return i, 1, true
		}
	}
	return 0, 0, false
}

// yearFirstDate reports whether ts is exactly a complete year-first date:
// a four-digit year, a month and a day joined by one dash, slash or dot.
func yearFirstDate(ts []tok) bool {
	if len(ts) != 5 || ts[0].kind != tNum || ts[0].width != 4 {
		return false
	}
	mark := ts[1].val
	for i := 1; i < 5; i += 2 {
		if ts[i].kind != tPunct || ts[i].val != mark || (mark != '-' && mark != '/' && mark != '.') ||
			ts[i+1].kind != tNum || ts[i+1].width > 2 {
			return false
		}
	}
	return true
}

// readRange reads a whole range sent to one property: an ask whose hint
// names both properties and both values, so that the caller can send them
// apart. When an end is not a date, the spelling is not a range either.
// width is how many tokens the mark takes.
func readRange(v any, ts []tok, at, width int, opts Options) agentinput.Outcome[Date] {
	left, right := ts[:at], ts[at+width:]
	if len(left) > 0 && left[0].kind == tWord && left[0].w != nil && left[0].w.role&roleRangeFrom != 0 {
		left = left[1:]
	}
	var rp, lp parsed
	parseOne(&rp, right)
	to := endOf(&rp, BoundTo)
	parseOne(&lp, left)
	if lp.bad != "" && to.ok && width == 1 {
		// Dots ("1..10.2026") are a typo as often as a range: across
		// them, an end must be a whole date of its own.
		lp = borrow(left, to.first)
	}
	from := endOf(&lp, BoundFrom)
	if !from.ok || !to.ok {
		return ask(v, opts, agentinput.AskInvalid, "it looks like a range of dates, but an end of it is not a date",
			"Send one date as YYYY-MM-DD")
	}
	hint := "Send the range as two properties: date_from " + from.text + " and date_to " + to.text
	reason := "it is a range of dates, and this property is one date"
	switch opts.Bound {
	case BoundFrom:
		reason = "it is a whole range, and this property is its first day"
	case BoundTo:
		reason = "it is a whole range, and this property is its last day"
	}
	return ask(v, opts, agentinput.AskInvalid, reason, hint)
}

// end is one end of a range, as the hint names it.
type end struct {
	ok    bool
	first Date   // the day the end reads as (the first day, for a period)
	text  string // `"2024-01-01"`, or "left out" for an open bound
}

// endOf reads one end of a range on the given bound.
func endOf(p *parsed, b Bound) end {
	if p.bad != "" || p.n == 0 || p.why != whyOne {
		return end{}
	}
	c := p.c[0]
	d := c.first
	if b == BoundTo {
		d = c.last
	}
	if p.wdays != 0 && p.period == periodDay && p.wdays&(1<<d.Weekday()) == 0 {
		return end{}
	}
	e := end{ok: true, first: c.first, text: `"` + d.String() + `"`}
	if d.Year < 1000 || d.Year >= 9000 {
		e.text = "left out"
	}
	return e
}

// borrow reads the first end of a range that leaves out what the second
// end says ("1.–31. 3. 2024", "1–31 March 2024", "1 March – 31 May
// 2024"): a day alone, or a day and a month, take the rest from next.
func borrow(ts []tok, next Date) parsed {
	day, month := 0, 0
	var nums [2]int
	n := 0
	for _, t := range ts {
		switch {
		case t.kind == tNum && t.width <= 2 && n < 2:
			nums[n] = t.val
			n++
		case t.kind == tWord && t.w != nil && t.w.month > 0 && month == 0:
			month = t.w.month
		case t.kind == tWord && t.w != nil && t.w.role&(roleOrdinal|roleFiller) != 0:
		case t.kind == tPunct && t.val == '.':
		default:
			return fail("an end of the range is not a date")
		}
	}
	switch {
	case n == 1 && month == 0:
		day, month = nums[0], next.Month
	case n == 1:
		day = nums[0]
	case n == 2 && month == 0:
		day, month = nums[0], nums[1]
	default:
		return fail("an end of the range is not a date")
	}
	d := Date{next.Year, month, day}
	if !d.Valid() {
		return fail("an end of the range is not a date")
	}
	var p parsed
	p.day(d, "")
	return p
}
