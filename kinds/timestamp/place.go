package timestamp

import (
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
)

// reading is one instant a spelling may name, and what it means when
// there are several.
type reading struct {
	t       time.Time
	meaning string
}

// place puts the wall time of p on each candidate day into its zone: the
// offset sent, the zone named, or the property's default zone. One
// instant is a value; several are an ask naming each.
func (r *Reader) place(v any, s string, p parts, days []day, notes agentinput.Notes) agentinput.Outcome[time.Time] {
	loc := p.loc
	switch p.zone {
	case zoneNone:
		if r.zone == nil {
			reason := "it names no offset or time zone, so it is a different instant in every zone"
			if !p.hasTime {
				reason = "it is a date alone, with no time of day and no zone: a day, not an instant"
			}
			d := days[0]
			utc := Format(time.Date(d.Year, time.Month(d.Month), d.Day, p.hour, p.minute, p.second, p.nano, time.UTC))
			return r.ask(v, agentinput.AskNoZone, reason,
				`Send it with its offset or zone name, for example "`+utc+`" if you meant UTC`)
		}
		loc = r.zone
	case zoneFixed:
		loc = fixedZone(p.offset)
	}
	var out []reading
	for _, d := range days {
		wall := time.Date(d.Year, time.Month(d.Month), d.Day, p.hour, p.minute, p.second, p.nano, time.UTC)
		rs, why := []reading{{t: wall.Add(-time.Duration(p.offset) * time.Second).In(loc)}}, ""
		if p.zone != zoneFixed {
			rs, why = wallIn(wall, loc)
		}
		if why != "" && len(days) == 1 {
			return r.ambiguous(v, why, rs)
		}
		for _, x := range rs {
			if d.meaning != "" && x.meaning != "" {
				x.meaning = d.meaning + "; " + x.meaning
			} else if d.meaning != "" {
				x.meaning = d.meaning
			}
			out = append(out, x)
		}
	}
	if len(out) > 1 {
		return r.ambiguous(v, "its date "+strconv.Quote(agentinput.Cut(p.dateText))+" can be read "+strconv.Itoa(len(days))+" ways", out)
	}
	t := out[0].t
	if p.zone == zoneFixed && p.loc != nil {
		// An offset with the zone it is in: the two must agree.
		if _, off := t.In(p.loc).Zone(); off != p.offset {
			return r.ask(v, agentinput.AskInvalid, "its offset "+offsetName(p.offset)+" is not the one "+p.zoneText+" has at that instant ("+offsetText(t.In(p.loc))+")", hint)
		}
	}
	switch p.zone {
	case zoneNone:
		reason := "no offset or zone: read in " + r.zoneName + ", the property's default zone"
		if !p.hasTime {
			reason = "a date alone: read as its start, 00:00 in " + r.zoneName + ", the property's default zone"
		}
		notes.Add(agentinput.NoteDefaultZone, agentinput.Text(s), reason)
	case zoneIANA:
		notes.Add(agentinput.NoteZoneName, agentinput.Text(s), p.zoneText+" is "+offsetText(t)+" at that instant")
	case zoneFixed:
		if p.zoneText != "" && p.loc == nil {
			notes.Add(agentinput.NoteZoneName, agentinput.Text(s), p.zoneText+" is "+offsetText(t))
		}
	}
	return agentinput.Value(t, notes)
}

// wallIn returns the instants at which the clocks of loc show wall (a
// wall time spelled in UTC's fields): one, or none in the hour its clocks
// skip in the hour its clocks skip, and then the instants wall names
// under the offsets before and after the change, and two in the hour its
// clocks repeat; why says which.
func wallIn(wall time.Time, loc *time.Location) ([]reading, string) {
	var offsets []int
	for _, probe := range [...]time.Time{wall.Add(-26 * time.Hour), wall, wall.Add(26 * time.Hour)} {
		_, off := probe.In(loc).Zone()
		if !containsInt(offsets, off) {
			offsets = append(offsets, off)
		}
	}
	var valid []reading
	for _, off := range offsets {
		t := wall.Add(-time.Duration(off) * time.Second).In(loc)
		if _, o := t.Zone(); o == off {
			valid = append(valid, reading{t: t})
		}
	}
	clock := wall.Format("15:04")
	if wall.Second() != 0 || wall.Nanosecond() != 0 {
		clock = wall.Format("15:04:05.999999999")
	}
	day := wall.Format("2006-01-02")
	switch {
	case len(valid) == 1:
		return valid, ""
	case len(valid) > 1:
		for i := range valid {
			valid[i].meaning = []string{"the first ", "the second ", "a later "}[min(i, 2)] + clock + ", at " + offsetText(valid[i].t)
		}
		return valid, clock + " occurs twice in " + loc.String() + " on " + day + ": the clocks go back that night"
	}
	// The skipped hour: the offsets before and after the change.
	_, before := wall.Add(-26 * time.Hour).In(loc).Zone()
	_, after := wall.Add(26 * time.Hour).In(loc).Zone()
	var rs []reading
	for i, off := range [...]int{before, after} {
		t := wall.Add(-time.Duration(off) * time.Second).In(loc)
		rs = append(rs, reading{t: t, meaning: clock + " at " + offsetName(off) + ", the offset " +
			[...]string{"before", "after"}[i] + " the change: " + t.Format("15:04") + " at " + offsetText(t)})
	}
	if before == after {
		rs = rs[:1]
	}
	return rs, clock + " does not occur in " + loc.String() + " on " + day + ": the clocks skip that hour"
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// offsetText spells the offset of t as RFC 3339 does, "Z" or "+02:00".
func offsetText(t time.Time) string {
	_, off := t.Zone()
	return offsetName(off)
}

func offsetName(off int) string {
	if off == 0 {
		return "+00:00"
	}
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	h, m := off/3600, off%3600/60
	return sign + two(h) + ":" + two(m)
}

func two(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ambiguous is the ask of a spelling that names several instants.
func (r *Reader) ambiguous(v any, why string, rs []reading) agentinput.Outcome[time.Time] {
	readings := make([]agentinput.Reading, 0, len(rs))
	for _, x := range rs {
		readings = append(readings, agentinput.Reading{Value: quoted(Format(x.t)), Meaning: strings.TrimSpace(x.meaning)})
	}
	return agentinput.Asking[time.Time](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   why,
		Expected: r.expected,
		Hint:     "Send one of the readings exactly as written: each names one instant with its offset",
		Readings: readings,
	})
}

func quoted(s string) []byte {
	return append(append(append(make([]byte, 0, len(s)+2), '"'), s...), '"')
}
