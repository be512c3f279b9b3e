package timestamp

import (
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
)

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// split splits a trimmed spelling into its date, its time of day and its
// zone, or says why it cannot. It reads the time and the zone; the date
// is left as written, for the date kind.
func split(s string) (parts, string) {
	var p parts
	if strings.Contains(s, "\u2212") {
		s = strings.ReplaceAll(s, "\u2212", "-")
		p.change("a Unicode minus read as -")
	}
	if basic, ok := splitBasic(s, &p); ok {
		s = basic
	}
	i := timeStart(s)
	if i < 0 {
		p.dateText = s
		return p, ""
	}
	if reason := p.dateBefore(s[:i]); reason != "" {
		return p, reason
	}
	rest, reason := p.readTime(s[i:])
	if reason != "" {
		return p, reason
	}
	return p, p.readZone(rest)
}

// splitBasic rewrites the basic ISO 8601 form, "20261001T0900Z" and
// "20261001T090000.5+0200", as the extended one, noting the change.
func splitBasic(s string, p *parts) (string, bool) {
	if len(s) < 13 || s[8] != 'T' && s[8] != 't' {
		return "", false
	}
	for i := 0; i < 8; i++ {
		if !isDigit(s[i]) {
			return "", false
		}
	}
	j := 9
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	n := j - 9
	if n != 4 && n != 6 {
		return "", false
	}
	t := s[9:11] + ":" + s[11:13]
	if n == 6 {
		t += ":" + s[13:15]
	}
	p.change("the basic ISO 8601 form written with separators")
	return s[:4] + "-" + s[4:6] + "-" + s[6:8] + string(s[8]) + t + s[j:], true
}

// timeStart returns where the time of day begins: the first H:MM or
// HH:MM after the start, or else the first hour with am or pm after a
// space ("9am", "11 pm"), or -1.
func timeStart(s string) int {
	for i := 1; i+3 < len(s); i++ {
		if !isDigit(s[i]) || isDigit(s[i-1]) {
			continue
		}
		if offsetSign(s, i) {
			continue // an offset ("10am +02:00", "7pm UTC-05:00"), not a time of day
		}
		j := i + 1
		if isDigit(s[j]) {
			j++
		}
		if j+2 < len(s) && s[j] == ':' && isDigit(s[j+1]) && isDigit(s[j+2]) {
			return i
		}
	}
	for i := 1; i < len(s); i++ {
		if isDigit(s[i]) && (s[i-1] == ' ' || s[i-1] == 'T' || s[i-1] == 't') && hourMeridiem(s[i:]) > 0 {
			return i
		}
	}
	return -1
}

// offsetSign reports whether the digits at i follow the sign of an
// offset: a plus, or a minus (ASCII or U+2212) after a space, a letter or
// a letter's dot ("+02:00", " -05:00", "UTC-01:00", "7pm-05:00",
// "7p.m.-05:00"). A time of day never follows a minus so; a date's dash is
// between digits.
func offsetSign(s string, i int) bool {
	switch {
	case s[i-1] == '+':
		return true
	case s[i-1] == '-':
		i--
	case strings.HasSuffix(s[:i], "−"):
		i -= len("−")
	default:
		return false
	}
	if i == 0 {
		return false
	}
	c := s[i-1]
	if c == '.' && i >= 2 {
		c = s[i-2] // "7p.m.-05:00"
	}
	return c == ' ' || isLetter(c)
}

// hourMeridiem returns the length of an hour of one or two digits and
// its am or pm mark at the start of s, with at most one space between
// ("9am", "11 pm", "9 a.m."), or 0.
func hourMeridiem(s string) int {
	i := 0
	for i < len(s) && i < 2 && isDigit(s[i]) {
		i++
	}
	if i == 0 || i < len(s) && isDigit(s[i]) {
		return 0
	}
	j := i
	if j < len(s) && s[j] == ' ' {
		j++
	}
	if n := meridiem(s[j:]); n > 0 {
		return j + n
	}
	return 0
}

// dateBefore takes the date before the time of day: without the T, the
// comma or the word "at" that separates them.
func (p *parts) dateBefore(pre string) string {
	d := strings.TrimRight(pre, " ")
	sep := ""
	switch n := len(pre); {
	case n >= 2 && (pre[n-1] == 'T' || pre[n-1] == 't') && isDigit(pre[n-2]):
		sep = pre[n-1:]
		d = pre[:n-1]
	case len(d) < len(pre):
		sep = " "
	}
	d = strings.TrimRight(d, " ")
	if sep != "T" && sep != "t" {
		d = strings.TrimRight(strings.TrimSuffix(d, ","), " ")
		if len(d) > 3 && strings.EqualFold(d[len(d)-3:], " at") {
			d = strings.TrimRight(d[:len(d)-3], " ")
		}
	}
	if d == "" {
		return "it has a time of day but no date"
	}
	p.dateText = d
	if isISODate(d) {
		switch {
		case sep == "t":
			p.change("a lower-case t")
		case sep != "T":
			p.change("a space for T")
		}
	}
	return ""
}

// isISODate reports whether d is spelled YYYY-MM-DD: the date the
// canonical spelling holds, for the notes (the date kind reads it).
func isISODate(d string) bool {
	return len(d) == 10 && d[4] == '-' && d[7] == '-'
}

// readTime reads the time of day at the start of s: H:MM or HH:MM,
// optional :SS, an optional fraction after a dot or a comma, an optional
// am or pm. It returns what follows.
func (p *parts) readTime(s string) (string, string) {
	p.hasTime = true
	if n := hourMeridiem(s); n > 0 {
		// "9am": the hour of a 12-hour clock, on the hour.
		i := 1
		if isDigit(s[1]) {
			i = 2
		}
		p.hour = int(s[0] - '0')
		if i == 2 {
			p.hour = p.hour*10 + int(s[1]-'0')
		}
		p.change("an hour with am or pm, on the hour")
		return p.meridiem(s[i:])
	}
	i := 1
	p.hour = int(s[0] - '0')
	if isDigit(s[1]) {
		i = 2
		p.hour = p.hour*10 + int(s[1]-'0')
	} else {
		p.change("a one-digit hour")
	}
	p.minute = int(s[i+1]-'0')*10 + int(s[i+2]-'0')
	i += 3
	seconds := i+2 < len(s) && s[i] == ':' && isDigit(s[i+1]) && isDigit(s[i+2])
	if seconds {
		p.second = int(s[i+1]-'0')*10 + int(s[i+2]-'0')
		i += 3
	} else {
		p.change("seconds added")
	}
	// A fraction belongs to the seconds: "09:00.5" is no time this kind reads.
	if seconds && i < len(s) && (s[i] == '.' || s[i] == ',') && i+1 < len(s) && isDigit(s[i+1]) {
		if s[i] == ',' {
			p.change("a comma before the fraction")
		}
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		frac := s[i+1 : j]
		if len(frac) > 9 {
			return "", "its fraction of a second has " + strconv.Itoa(len(frac)) + " digits; an instant holds at most nine (nanoseconds)"
		}
		if strings.HasSuffix(frac, "0") {
			p.change("trailing zeros of the fraction dropped")
		}
		for k := 0; k < 9; k++ {
			p.nano *= 10
			if k < len(frac) {
				p.nano += int(frac[k] - '0')
			}
		}
		i = j
	}
	return p.meridiem(s[i:])
}

// meridiem reads an am or pm mark at the start of rest, if any, and checks
// the time of day. It returns what follows.
func (p *parts) meridiem(rest string) (string, string) {
	if t := strings.TrimLeft(rest, " "); t != "" {
		if n := meridiem(t); n > 0 {
			am := t[0] == 'a' || t[0] == 'A'
			if p.hour < 1 || p.hour > 12 {
				return "", "its hour " + strconv.Itoa(p.hour) + " is not one of a 12-hour clock (1 to 12)"
			}
			p.hour %= 12
			if !am {
				p.hour += 12
			}
			p.change("a 12-hour time")
			rest = t[n:]
		}
	}
	switch {
	case p.hour > 23:
		return "", "its hour " + strconv.Itoa(p.hour) + " is past 23"
	case p.minute > 59:
		return "", "its minute " + strconv.Itoa(p.minute) + " is past 59"
	case p.second == 60:
		return "", "its second 60 is a leap second, which an instant here cannot hold"
	case p.second > 59:
		return "", "its second " + strconv.Itoa(p.second) + " is past 59"
	}
	return rest, ""
}

// meridiem returns the length of an am or pm mark at the start of s ("am",
// "PM", "a.m.", "p.m."), or 0.
func meridiem(s string) int {
	for _, m := range [...]string{"a.m.", "p.m.", "am", "pm"} {
		if len(s) >= len(m) && strings.EqualFold(s[:len(m)], m) {
			if len(s) == len(m) || !isLetter(s[len(m)]) {
				return len(m)
			}
		}
	}
	return 0
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// readZone reads what follows the time of day: nothing, Z, an offset, UTC
// or GMT with or without an offset, or an IANA zone name.
func (p *parts) readZone(rest string) string {
	z := strings.TrimLeft(rest, " ")
	spaced := len(z) < len(rest)
	if base, desc, ok := cutDescription(z); ok {
		return p.describedZone(rest[:len(rest)-len(z)]+base, desc)
	}
	switch {
	case z == "":
		return ""
	case z == "Z" || z == "z":
		p.zone, p.offset = zoneFixed, 0
		if z == "z" {
			p.change("a lower-case z")
		}
		if spaced {
			p.change("the space before the zone removed")
		}
		return ""
	case z[0] == '+' || z[0] == '-':
		if i := strings.IndexByte(z, '['); i > 0 && strings.HasSuffix(z, "]") {
			// RFC 9557: an offset, then the zone it is in ("+02:00[Europe/Prague]").
			return p.offsetInZone(z[:i], z[i+1:len(z)-1])
		}
		off, changes, ok := offsetOf(z, false)
		if !ok {
			return "its offset " + strconv.Quote(z) + " is not one: write ±HH:MM, from -23:59 to +23:59"
		}
		p.zone, p.offset = zoneFixed, off
		p.changes = append(p.changes, changes...)
		if spaced {
			p.change("the space before the offset removed")
		}
		return ""
	}
	if n := utcPrefix(z); n > 0 {
		p.zone, p.zoneText = zoneFixed, z
		if n == len(z) {
			return ""
		}
		off, _, ok := offsetOf(strings.TrimLeft(z[n:], " "), true)
		if !ok {
			return "its offset " + strconv.Quote(z) + " is not one: write ±HH:MM, from -23:59 to +23:59"
		}
		p.offset = off
		return ""
	}
	if strings.Contains(z, "/") {
		loc, ok := (*time.Location)(nil), false
		if area, _, _ := strings.Cut(z, "/"); knownArea(area) {
			loc, ok = namedZone(z)
		}
		if !ok {
			return strconv.Quote(agentinput.Cut(z)) + " is not a time zone name this kind knows (an IANA name such as Europe/Prague)"
		}
		p.zone, p.loc, p.zoneText = zoneIANA, loc, loc.String()
		return ""
	}
	if abbreviation(z) {
		return "the zone abbreviation " + strconv.Quote(z) + " names different offsets in different places; only UTC and GMT are read"
	}
	return "it has " + strconv.Quote(agentinput.Cut(z)) + " after the time, which is no offset or time zone"
}

// utcPrefix returns the length of a leading "UTC", "GMT" or "UT" (any
// case) that is not part of a longer word, or 0.
func utcPrefix(s string) int {
	for _, w := range [...]string{"UTC", "GMT", "UT"} {
		if len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) && (len(s) == len(w) || !isLetter(s[len(w)])) {
			return len(w)
		}
	}
	return 0
}

// abbreviation reports whether s looks like a zone abbreviation: two to
// five ASCII capitals ("CET", "CEST", "EST").
func abbreviation(s string) bool {
	if len(s) < 2 || len(s) > 5 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// offsetOf reads an offset: ±HH:MM, ±HHMM or ±HH, and with short (after
// UTC or GMT) ±H and ±H:MM too. It returns the seconds east of UTC and
// the changes from ±HH:MM.
func offsetOf(s string, short bool) (int, []string, bool) {
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, nil, false
	}
	sign, d := s[0], s[1:]
	var h, m int
	var changes []string
	switch {
	case len(d) == 5 && d[2] == ':' && allDigits(d[:2]) && allDigits(d[3:]):
		h, m = atoi2(d[:2]), atoi2(d[3:])
	case len(d) == 4 && allDigits(d):
		h, m = atoi2(d[:2]), atoi2(d[2:])
		changes = append(changes, "a colon added to the offset")
	case len(d) == 2 && allDigits(d):
		h = atoi2(d)
		changes = append(changes, "minutes added to the offset")
	case short && len(d) == 1 && allDigits(d):
		h = int(d[0] - '0')
	case short && len(d) == 4 && d[1] == ':' && allDigits(d[:1]) && allDigits(d[2:]):
		h, m = int(d[0]-'0'), atoi2(d[2:])
	default:
		return 0, nil, false
	}
	if h > 23 || m > 59 {
		return 0, nil, false
	}
	off := (h*60 + m) * 60
	if sign == '-' {
		off = -off
	}
	if off == 0 && !short {
		changes = append(changes[:0], "an offset of zero written as Z")
	}
	return off, changes, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// areas are the first parts of the IANA zone names (and of the legacy
// names the database keeps, "US/Eastern"): a name in another area is no
// zone, and is not looked up.
var areas = []string{"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
	"Indian", "Pacific", "Etc", "US", "Canada", "Brazil", "Chile", "Mexico"}

func knownArea(area string) bool {
	for _, a := range areas {
		if strings.EqualFold(a, area) {
			return true
		}
	}
	return false
}

// offsetInZone reads an offset followed by the zone name it belongs to
// (RFC 9557, as java.time writes it): the offset is the instant, and the
// zone must agree with it (checked by place); the name is dropped, with a
// note.
func (p *parts) offsetInZone(offset, name string) string {
	off, changes, ok := offsetOf(offset, false)
	if !ok {
		return "its offset " + strconv.Quote(offset) + " is not one: write ±HH:MM, from -23:59 to +23:59"
	}
	area, _, _ := strings.Cut(name, "/")
	loc, found := (*time.Location)(nil), false
	if knownArea(area) || strings.EqualFold(name, "UTC") {
		loc, found = namedZone(name)
	}
	if !found {
		return strconv.Quote(agentinput.Cut(name)) + " is not a time zone name this kind knows (an IANA name such as Europe/Prague)"
	}
	p.zone, p.offset, p.loc, p.zoneText = zoneFixed, off, loc, loc.String()
	p.changes = append(changes, "the zone name after the offset dropped")
	return ""
}

// cutDescription splits a zone followed by a description in parentheses,
// "GMT+0200 (Central European Summer Time)" as JavaScript's
// Date.toString writes it, into the zone and the description.
func cutDescription(z string) (base, desc string, ok bool) {
	if !strings.HasSuffix(z, ")") {
		return "", "", false
	}
	i := strings.LastIndex(z, " (")
	if i <= 0 {
		return "", "", false
	}
	desc = z[i+2 : len(z)-1]
	if desc == "" || strings.ContainsAny(desc, "()") {
		return "", "", false
	}
	return z[:i], desc, true
}

// describedZone reads a zone followed by a description in parentheses.
// The zone must state its offset (Z, an offset, UTC or GMT with or
// without one): the description, the zone's name in words in the
// caller's language ("Central European Summer Time", "(CEST)"), says
// nothing the offset does not, and is dropped with a note. A description
// that is an IANA name is the zone the offset is in, and is checked as
// in RFC 9557 ("+02:00 (Europe/Prague)"). A description after no offset
// ("09:00 (CEST)") is no zone: an ask.
func (p *parts) describedZone(base, desc string) string {
	if strings.TrimSpace(base) == "" {
		return "it has " + strconv.Quote(agentinput.Cut("("+desc+")")) + " after the time, a description with no offset before it"
	}
	if strings.Contains(desc, "/") {
		z := strings.TrimLeft(base, " ")
		if z != "" && (z[0] == '+' || z[0] == '-') {
			return p.offsetInZone(z, desc)
		}
	}
	if reason := p.readZone(base); reason != "" {
		return reason
	}
	if p.zone != zoneFixed {
		return "it has " + strconv.Quote(agentinput.Cut("("+desc+")")) + " after a zone name, which states no offset to describe"
	}
	p.change("the zone's description in parentheses dropped")
	return ""
}
