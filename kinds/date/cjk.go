package date

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// A date written with the year, month and day markers of Chinese,
// Japanese (年 月 日, Chinese also 号 and 號) and Korean (년 월 일), as
// those languages write every date: "2026年10月1日", "2026년 10월 1일". The
// class, exactly: a four-digit year and its marker, then optionally a
// month of one or two digits and its marker, then optionally (after a
// month) a day of one or two digits and its marker, with whitespace
// allowed around the markers; the digits all ASCII or all full-width (the
// text's own digits: "２０２６年１０月１日"); and after a day, optionally,
// a weekday in parentheses, ASCII or full-width, as Japanese and Korean
// write it ("(木)", "（목）", "(木曜日)", "(목요일)"), which is checked. A
// year and a month is the month, a year alone the year (periods, as
// "2026-10" and "2026" are). A month and a day without a year, a day
// without a month, another marker order or anything else around them
// (an era name, a time) is an ask. Note date_form.

// markerKind is which field a marker closes.
type markerKind uint8

const (
	markNone markerKind = iota
	markYear
	markMonth
	markDay
)

// marker returns the field the rune r marks.
func marker(r rune) markerKind {
	switch r {
	case '年', '년':
		return markYear
	case '月', '월':
		return markMonth
	case '日', '号', '號', '일':
		return markDay
	}
	return markNone
}

// hasMarker reports whether s holds a CJK date marker: then it is read by
// parseCJK alone.
func hasMarker(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			r, _ := utf8.DecodeRuneInString(s[i:])
			if marker(r) != markNone {
				return true
			}
		}
	}
	return false
}

// cjkWeekdays are the one-character weekdays of Japanese and Korean,
// Sunday first, as they stand in parentheses after a date.
var cjkWeekdays = [2][7]rune{
	{'日', '月', '火', '水', '木', '金', '土'},
	{'일', '월', '화', '수', '목', '금', '토'},
}

// parseCJK reads t, a spelling that holds a marker, into p.
func parseCJK(p *parsed, t string) {
	rest := t
	var fields [3]int
	var widths [3]int
	next := markYear
	fullWidth, ascii := false, false
	var marks []string
	for next <= markDay {
		rest = strings.TrimFunc(rest, spelling.IsSpace)
		if rest == "" {
			break
		}
		n, width, after, fw, ok := cjkNumber(rest)
		if !ok {
			if r, _ := utf8.DecodeRuneInString(rest); '0' <= r && r <= '9' || '０' <= r && r <= '９' {
				p.fail("it mixes full-width and ASCII digits, or has a number of more than four")
				return
			}
			break
		}
		fullWidth, ascii = fullWidth || fw, ascii || !fw
		rest = strings.TrimLeftFunc(after, spelling.IsSpace)
		r, size := utf8.DecodeRuneInString(rest)
		m := marker(r)
		if m == markNone {
			p.fail("it has a number without a year, month or day marker after it")
			return
		}
		if m != next {
			if m < next {
				p.fail("its markers are out of order: year, month, day")
			} else {
				p.fail("it has no " + [...]string{"", "year", "month", "day"}[next] + " before its " + [...]string{"", "year", "month", "day"}[m])
			}
			return
		}
		fields[m-1], widths[m-1] = n, width
		marks = append(marks, string(r))
		rest = rest[size:]
		next++
	}
	if fullWidth && ascii {
		p.fail("it mixes full-width and ASCII digits")
		return
	}
	if next == markYear {
		p.fail("it has a year, month or day marker without a number before it")
		return
	}
	wdays, reason := cjkWeekday(strings.TrimFunc(rest, spelling.IsSpace), next == markDay+1)
	if reason != "" {
		p.fail(reason)
		return
	}
	if widths[0] != 4 {
		p.fail("its year has " + strconv.Itoa(widths[0]) + " digits; a year is written with four")
		return
	}
	year, month, day := fields[0], fields[1], fields[2]
	if year == 0 {
		p.fail("there is no year 0")
		return
	}
	switch next {
	case markMonth:
		periodOf(p, periodYear, year, 1, 12)
	case markDay:
		if month < 1 || month > 12 {
			p.fail("there is no month " + strconv.Itoa(month))
			return
		}
		periodOf(p, periodMonth, year, month, month)
	default:
		d := Date{year, month, day}
		if why := impossible(d); why != "" {
			p.fail(why)
			return
		}
		*p = parsed{period: periodDay}
		p.day(d, "")
		p.wdays = wdays
	}
	if p.period == periodDay {
		p.note, p.reason = agentinput.NoteDateForm, "year, month and day marked "+strings.Join(marks, " ")
	}
}

// cjkNumber reads the digits at the start of s, all ASCII or all
// full-width: their value, how many, the rest, whether full-width.
func cjkNumber(s string) (n, width int, rest string, fullWidth, ok bool) {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		var d int
		switch {
		case '0' <= r && r <= '9':
			d = int(r - '0')
			if width > 0 && fullWidth {
				return 0, 0, "", false, false
			}
		case '０' <= r && r <= '９':
			d = int(r - '０')
			if width > 0 && !fullWidth {
				return 0, 0, "", false, false
			}
			fullWidth = true
		default:
			if width == 0 {
				return 0, 0, "", false, false
			}
			return n, width, s[i:], fullWidth, true
		}
		if width >= 4 {
			return 0, 0, "", false, false
		}
		n, width = n*10+d, width+1
		i += size
	}
	return n, width, s[i:], fullWidth, width > 0
}

// cjkWeekday reads what follows a CJK date: nothing, or (after a day) a
// weekday in parentheses, whose days it returns as a set (bit 0 Sunday).
func cjkWeekday(rest string, afterDay bool) (uint8, string) {
	if rest == "" {
		return 0, ""
	}
	inner, ok := "", false
	for _, pair := range [...][2]string{{"(", ")"}, {"（", "）"}} {
		if s, found := strings.CutPrefix(rest, pair[0]); found {
			if s, found = strings.CutSuffix(s, pair[1]); found {
				inner, ok = strings.TrimFunc(s, spelling.IsSpace), true
			}
		}
	}
	if !ok {
		return 0, "it has more after the date than a weekday in parentheses"
	}
	if !afterDay {
		return 0, "a weekday goes with a day"
	}
	inner = strings.TrimSuffix(strings.TrimSuffix(inner, "曜日"), "요일")
	r, size := utf8.DecodeRuneInString(inner)
	if size != len(inner) {
		return 0, "its parentheses hold no weekday"
	}
	for _, days := range cjkWeekdays {
		for i, d := range days {
			if d == r {
				return 1 << i, ""
			}
		}
	}
	return 0, "its parentheses hold no weekday"
}
