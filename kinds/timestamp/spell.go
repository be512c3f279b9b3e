package timestamp

import (
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/date"
)

// The spelling half of the kind: every class of spellings the package
// doc lists, drawn through an agentinput.Chooser. The date inside a
// timestamp is spelled by the date kind (date.Reader.SpellInside), as it
// is read by it. The property tests draw their spellings here too.

var _ agentinput.Speller[time.Time] = (*Reader)(nil)

// Spell writes v in a spelling r reads back as the same instant, drawn
// through c from every class r reads (choice 0 at every choice is the
// canonical spelling, Format(v)):
//
//   - where the instant is placed: "canonical" (v's own offset),
//     "another offset" (the instant at another whole quarter-hour
//     offset), "zone name" (the wall time in an IANA zone where it occurs
//     once, "2026-10-01 09:00 Europe/Prague", also "+02:00[Europe/Prague]"
//     and "+02:00 (Europe/Prague)"), "default zone" (with r's DefaultZone:
//     the wall time there with no zone, and a date alone for its 00:00);
//   - the date: year first with dashes, or "date: …", any class of the
//     date kind's SpellInside under r's order and languages ("date: day
//     first with dots", "date: month name (cs) + weekday (en)" …);
//   - the separator: "T", "t", a space, ", " or " at " after another date;
//   - the time: "seconds left out", "one-digit hour", "12-hour clock"
//     (am, pm, a.m., p.m.), "hour with am or pm" ("9am"), "comma before
//     the fraction", "fraction with trailing zeros";
//   - the offset: "Z" forms ("z", " UTC", " GMT", "+00:00", "-00:00"),
//     "offset without colon", "offset in hours", "space before offset",
//     "UTC or GMT with offset" ("UTC+2", "GMT+0200"), "Unicode minus",
//     "zone description" ("GMT+0200 (Central European Summer Time)");
//   - "basic ISO" ("20261001T090000Z"), "JavaScript Date.toString";
//   - "+ outer whitespace", "+ quotes".
func (r *Reader) Spell(c agentinput.Chooser, v time.Time) agentinput.Spelled {
	if v.Year() < 1 || v.Year() > 9999 {
		return agentinput.Spelled{Value: Format(v), Class: "canonical"}
	}
	var s string
	var classes []string
	// Most spellings are a date, a time and a zone; one in six is the
	// basic form, one in six JavaScript's.
	switch c.Choose("class", 6) {
	case 1:
		s, classes = spellBasic(c, r.own(v))
	case 2:
		if x := r.own(v); x.Year() >= 1000 && x.Nanosecond() == 0 && r.readsEnglish() && c.Choose("JavaScript", 2) == 1 {
			s, classes = spellJavaScript(c, x)
			break
		}
		fallthrough
	default:
		s, classes = r.spellParts(c, v)
	}
	s, wrapped := wrap(c, s)
	if wrapped != "" {
		classes = append(classes, wrapped)
	}
	if len(classes) == 0 {
		return agentinput.Spelled{Value: s, Class: "canonical"}
	}
	return agentinput.Spelled{Value: s, Class: strings.Join(classes, " + ")}
}

// own is v at its own offset, in whole minutes (an offset with seconds,
// a local mean time, is written at UTC: RFC 3339 has no seconds there).
func (r *Reader) own(v time.Time) time.Time {
	if _, off := v.Zone(); off%60 != 0 {
		return v.UTC()
	}
	return v
}

// readsEnglish reports whether r reads English month and weekday names,
// which JavaScript writes.
func (r *Reader) readsEnglish() bool {
	for _, code := range r.dates.Languages() {
		if code == "en" {
			return true
		}
	}
	return false
}

// afterClock joins a time of day and the zone after it: a zone that
// begins with a letter after am or pm is set off by a space ("9am Z"), or
// the mark would read as part of a word.
func afterClock(clock, zone string) string {
	if zone != "" && meridiemEnd(clock) && isLetter(zone[0]) {
		return clock + " " + zone
	}
	return clock + zone
}

// meridiemEnd reports whether clock ends with an am or pm mark.
func meridiemEnd(clock string) bool {
	l := strings.ToLower(clock)
	return strings.HasSuffix(l, "am") || strings.HasSuffix(l, "pm") || strings.HasSuffix(l, "m.")
}

// inRange reports whether x is written with a four-digit year.
func inRange(x time.Time) bool { return x.Year() >= 1 && x.Year() <= 9999 }

// spellParts writes a date, a time and a zone: the instant placed at its
// own offset, another offset, in a named zone or in the default zone.
func (r *Reader) spellParts(c agentinput.Chooser, v time.Time) (string, []string) {
	x := r.own(v)
	var classes []string
	var zone string // after the time of day
	named := false
	switch c.Choose("placed", 4) {
	case 1:
		off := (c.Choose("offset quarter hours", 27*4+1) - 12*4) * 15 * 60
		if y := v.In(fixedZone(off)); inRange(y) {
			x = y
			classes = append(classes, "another offset")
		}
	case 2:
		name := zoneNames[c.Choose("zone", len(zoneNames))]
		loc, _ := namedZone(name)
		y := v.In(loc)
		if !inRange(y) {
			break
		}
		_, off := y.Zone()
		switch c.Choose("zone form", 3) {
		case 0:
			if _, why := wallIn(wallOf(y), loc); why == "" {
				x, named = y, true
				zone = " " + name
				if c.Choose("zone name case", 2) == 1 {
					if l := strings.ToLower(name); l != name {
						if z, ok := namedZone(l); ok && z.String() == name {
							zone = " " + l
						}
					}
				}
				classes = append(classes, "zone name")
			}
		case 1:
			if off%60 == 0 {
				x, named = y, true
				zone = offsetName(off) + "[" + name + "]"
				classes = append(classes, "offset with zone name")
			}
		case 2:
			if off%60 == 0 {
				x, named = y, true
				zone = offsetName(off) + " (" + name + ")"
				classes = append(classes, "offset with zone name")
			}
		}
	case 3:
		if r.zone == nil {
			break
		}
		y := v.In(r.zone)
		if _, why := wallIn(wallOf(y), r.zone); why == "" && inRange(y) {
			x, named = y, true
			classes = append(classes, "default zone")
			if y.Hour() == 0 && y.Minute() == 0 && y.Second() == 0 && y.Nanosecond() == 0 && c.Choose("date alone", 2) == 1 {
				d, dclass := r.spellDate(c, y)
				return d, append(classes, join("date alone", dclass))
			}
		}
	}
	d, dclass := r.spellDate(c, x)
	if dclass != "" {
		classes = append(classes, dclass)
	}
	iso := dclass == ""
	sep, sepClass := spellSeparator(c, iso)
	if sepClass != "" {
		classes = append(classes, sepClass)
	}
	t, tclasses := spellClock(c, x, sep)
	classes = append(classes, tclasses...)
	if !named {
		var zclasses []string
		zone, zclasses = spellOffset(c, x)
		classes = append(classes, zclasses...)
	}
	return d + sep + afterClock(t, zone), classes
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + " + " + b
}

// wallOf is the wall time of x in its zone, in UTC's fields: what wallIn
// takes.
func wallOf(x time.Time) time.Time {
	return time.Date(x.Year(), x.Month(), x.Day(), x.Hour(), x.Minute(), x.Second(), x.Nanosecond(), time.UTC)
}

// zoneNames are the IANA zones Spell names: offsets that change by an
// hour, by half an hour (Lord Howe), at midnight (Havana, Santiago), and
// ones that do not.
var zoneNames = []string{"Europe/Prague", "America/New_York", "Australia/Lord_Howe", "America/Santiago",
	"America/Havana", "Asia/Kolkata", "Europe/London", "Asia/Tokyo", "Etc/UTC"}

// spellDate writes the date of x: year first with dashes (class ""), or
// any spelling of the date kind inside a longer text.
func (r *Reader) spellDate(c agentinput.Chooser, x time.Time) (string, string) {
	d := date.Of(x.Year(), int(x.Month()), x.Day())
	if c.Choose("date spelled", 2) == 0 {
		return d.String(), ""
	}
	s := r.dates.SpellInside(c, d)
	text := s.Value.(string)
	if text == d.String() {
		return text, ""
	}
	return text, "date: " + s.Class
}

// spellSeparator draws what stands between the date and the time: T, t
// or a space after a year-first date with dashes, a space, a comma or
// "at" after another.
func spellSeparator(c agentinput.Chooser, iso bool) (string, string) {
	if iso {
		switch c.Choose("separator", 3) {
		case 1:
			return "t", "lower-case t"
		case 2:
			return " ", "space for T"
		}
		return "T", ""
	}
	return pick(c, "separator", " ", ", ", " at "), ""
}

// The marks of a 12-hour clock.
var (
	amMarks = []string{"am", "AM", "a.m.", "Am"}
	pmMarks = []string{"pm", "PM", "p.m."}
)

func pick(c agentinput.Chooser, label string, xs ...string) string {
	return xs[c.Choose(label, len(xs))]
}

// spellClock writes the time of day of x after the separator sep.
func spellClock(c agentinput.Chooser, x time.Time, sep string) (string, []string) {
	h, m, s, ns := x.Hour(), x.Minute(), x.Second(), x.Nanosecond()
	var classes []string
	clock12 := c.Choose("12-hour clock", 4) == 3
	hour := h
	if clock12 {
		hour = h % 12
		if hour == 0 {
			hour = 12
		}
	}
	mark := func() string {
		ms := amMarks
		if h >= 12 {
			ms = pmMarks
		}
		return pick(c, "meridiem space", "", " ") + pick(c, "meridiem", ms...)
	}
	if clock12 && m == 0 && s == 0 && ns == 0 && sep != ", " && c.Choose("hour alone", 2) == 1 {
		return strconv.Itoa(hour) + mark(), []string{"hour with am or pm"}
	}
	hh := two(hour)
	if hour < 10 && c.Choose("one-digit hour", 2) == 1 {
		hh = strconv.Itoa(hour)
		classes = append(classes, "one-digit hour")
	}
	out := hh + ":" + two(m)
	if s != 0 || ns != 0 || c.Choose("seconds left out", 2) == 0 {
		out += ":" + two(s)
		frac, fclasses := spellFraction(c, ns)
		out += frac
		classes = append(classes, fclasses...)
	} else {
		classes = append(classes, "seconds left out")
	}
	if clock12 {
		out += mark()
		classes = append(classes, "12-hour clock")
	}
	return out, classes
}

// spellFraction writes the fraction of a second ns: none for 0 (or zeros
// at random), its digits without trailing zeros, or with some.
func spellFraction(c agentinput.Chooser, ns int) (string, []string) {
	if ns == 0 && c.Choose("zero fraction", 2) == 0 {
		return "", nil
	}
	digits := strconv.Itoa(1e9 + ns)[1:]
	keep := max(len(strings.TrimRight(digits, "0")), 1)
	n := keep + c.Choose("fraction digits", 10-keep)
	var classes []string
	if n > len(strings.TrimRight(digits, "0")) {
		classes = append(classes, "fraction with trailing zeros")
	}
	mark := "."
	if c.Choose("comma before the fraction", 2) == 1 {
		mark = ","
		classes = append(classes, "comma before the fraction")
	}
	return mark + digits[:n], classes
}

// spellOffset writes the offset of x after its time.
func spellOffset(c agentinput.Chooser, x time.Time) (string, []string) {
	_, off := x.Zone()
	sign := "+"
	var classes []string
	if off < 0 {
		sign = "-"
		if c.Choose("Unicode minus", 2) == 1 {
			sign = "\u2212"
			classes = append(classes, "Unicode minus")
		}
	}
	a := max(off, -off)
	hh, mm := two(a/3600), two(a%3600/60)
	type form struct{ s, class string }
	forms := []form{{sign + hh + ":" + mm, ""}}
	if off == 0 {
		forms = []form{{"Z", ""}, {"z", "lower-case z"}, {" Z", "space before offset"}, {" UTC", "UTC or GMT"},
			{" GMT", "UTC or GMT"}, {" utc", "UTC or GMT"}, {"+00:00", "zero offset"}, {"-00:00", "zero offset"}}
		classes = nil // no minus
	}
	forms = append(forms, form{sign + hh + mm, "offset without colon"}, form{" " + sign + hh + ":" + mm, "space before offset"},
		form{" UTC" + sign + hh + ":" + mm, "UTC or GMT with offset"}, form{" GMT" + sign + hh + mm, "UTC or GMT with offset"})
	if mm == "00" {
		forms = append(forms, form{sign + hh, "offset in hours"}, form{" UTC" + sign + strconv.Itoa(a/3600), "UTC or GMT with offset"})
	} else if a/3600 < 10 {
		forms = append(forms, form{" UTC" + sign + strconv.Itoa(a/3600) + ":" + mm, "UTC or GMT with offset"})
	}
	f := forms[c.Choose("offset form", len(forms))]
	if f.class != "" {
		classes = append(classes, f.class)
	}
	s := f.s
	if c.Choose("zone description", 4) == 3 {
		s += " (" + pick(c, "description", descriptions...) + ")"
		classes = append(classes, "zone description")
	}
	return s, classes
}

// descriptions are zones' names in words, as JavaScript's Date.toString
// writes them after the offset, in the caller's language: the kind drops
// them, whatever they say.
var descriptions = []string{"Central European Summer Time", "Coordinated Universal Time", "Mitteleuropäische Sommerzeit",
	"heure d’été d’Europe centrale", "CEST", "Pacific Daylight Time"}

// spellJavaScript writes x as JavaScript's Date.toString() does:
// "Thu Oct 01 2026 09:00:00 GMT+0200 (Central European Summer Time)":
// whole seconds, a four-digit year.
func spellJavaScript(c agentinput.Chooser, x time.Time) (string, []string) {
	_, off := x.Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	return x.Format("Mon Jan 02 2006 15:04:05") + " GMT" + sign + two(off/3600) + two(off%3600/60) +
		" (" + pick(c, "description", descriptions...) + ")", []string{"JavaScript Date.toString"}
}

// spellBasic writes x in the basic ISO 8601 form: "20261001T090000Z",
// "20261001T0900+0200", "20261001T090000.5-0530".
func spellBasic(c agentinput.Chooser, x time.Time) (string, []string) {
	s := x.Format("20060102") + pick(c, "basic T", "T", "t") + x.Format("1504")
	if x.Second() != 0 || x.Nanosecond() != 0 || c.Choose("basic seconds", 2) == 1 {
		s += x.Format("05")
		if x.Nanosecond() != 0 {
			s += strings.TrimRight("."+strconv.Itoa(1e9 + x.Nanosecond())[1:], "0")
		}
	}
	_, off := x.Zone()
	if off == 0 {
		return s + "Z", []string{"basic ISO"}
	}
	sign, a := "+", off
	if off < 0 {
		sign, a = "-", -off
	}
	return s + sign + two(a/3600) + two(a%3600/60), []string{"basic ISO"}
}

// wrappings are the outer whitespace and quotes a spelling may have,
// none first.
var wrappings = [][2]string{{"", ""}, {" ", " "}, {"\n", ""}, {`"`, `"`}, {"'", "'"}, {"«", "»"}, {" “", "” "}}

// wrap draws the outer wrapping of s and its class.
func wrap(c agentinput.Chooser, s string) (string, string) {
	w := wrappings[c.Choose("wrapping", len(wrappings))]
	switch {
	case w[0] == "":
		return s, ""
	case strings.TrimSpace(w[0]) == "":
		return w[0] + s + w[1], "outer whitespace"
	}
	return w[0] + s + w[1], "quotes"
}

// Ambiguous writes v in a spelling r asks about, one of whose readings is
// v, drawn through c from the classes v has (choice 0 is the first):
//
//   - "date: …": the date written in a way the date kind asks about,
//     with v's time and offset ("01/02/2026 09:00+02:00"): the day/month
//     order when no order is declared, a two-digit year, a wrong weekday,
//     a month name of two enabled languages (date.Reader.AmbiguousInside);
//   - "wall time twice in a zone": v's wall time in an IANA zone whose
//     clocks show it twice that night ("2026-10-25 02:30 Europe/Prague").
//
// ok is false when v has neither.
func (r *Reader) Ambiguous(c agentinput.Chooser, v time.Time) (agentinput.Spelled, bool) {
	if !inRange(v) {
		return agentinput.Spelled{}, false
	}
	x := r.own(v)
	d := date.Of(x.Year(), int(x.Month()), x.Day())
	var classes []string
	if _, ok := r.dates.AmbiguousInside(zero{}, d); ok {
		classes = append(classes, "date")
	}
	var twice []string
	for _, name := range zoneNames {
		loc, _ := namedZone(name)
		if y := v.In(loc); inRange(y) {
			if rs, why := wallIn(wallOf(y), loc); why != "" && len(rs) > 1 {
				twice = append(twice, name)
			}
		}
	}
	if len(twice) > 0 {
		classes = append(classes, "wall time twice in a zone")
	}
	if len(classes) == 0 {
		return agentinput.Spelled{}, false
	}
	var s, class string
	switch classes[c.Choose("ambiguous class", len(classes))] {
	case "date":
		ds, _ := r.dates.AmbiguousInside(c, d)
		t, _ := spellClock(c, x, " ")
		z, _ := spellOffset(c, x)
		s, class = ds.Value.(string)+" "+afterClock(t, z), "date: "+ds.Class
	default:
		name := twice[c.Choose("zone", len(twice))]
		loc, _ := namedZone(name)
		y := v.In(loc)
		d, _ := r.spellDate(c, y)
		t, _ := spellClock(c, y, " ")
		s, class = d+" "+t+" "+name, "wall time twice in a zone"
	}
	s, wrapped := wrap(c, s)
	if wrapped != "" {
		class += " + " + wrapped
	}
	return agentinput.Spelled{Value: s, Class: class}, true
}

// zero is a Chooser that makes every choice 0: what probes a class.
type zero struct{}

func (zero) Choose(string, int) int { return 0 }
