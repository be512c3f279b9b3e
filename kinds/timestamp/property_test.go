package timestamp

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// drawInstant draws an instant in the years 1 to 9999 with an offset of
// whole minutes up to ±23:59 (usually a real one), with or without a
// fraction of a second.
func drawInstant(t *rapid.T) time.Time {
	sec := rapid.Int64Range(time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC).Unix(), time.Date(9999, 12, 30, 0, 0, 0, 0, time.UTC).Unix()).Draw(t, "unix")
	var nano int
	switch rapid.IntRange(0, 2).Draw(t, "fraction") {
	case 1:
		nano = rapid.IntRange(0, 999).Draw(t, "millis") * 1e6
	case 2:
		nano = rapid.IntRange(0, 999_999_999).Draw(t, "nanos")
	}
	var off int
	if rapid.Bool().Draw(t, "real offset") {
		off = rapid.IntRange(-12*4, 14*4).Draw(t, "quarter hours") * 15 * 60
	} else {
		off = rapid.IntRange(-(23*60+59), 23*60+59).Draw(t, "minutes") * 60
	}
	return time.Unix(sec, int64(nano)).In(fixedZone(off))
}

// Every canonical spelling reads back as itself with no note, Parse
// agrees, and reading is pure.
func TestCanonicalFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := drawInstant(t)
		s := Format(x)
		for _, r := range []*Reader{plain, prague} {
			o := r.Read(s)
			v, ok := o.Value()
			if !ok || o.NoteCount() != 0 || !v.Equal(x) || Format(v) != s {
				t.Fatalf("Read(%q) = %v with %d notes (%s)", s, v, o.NoteCount(), o.Status())
			}
			first, _ := o.MarshalJSON()
			second, _ := r.Read(s).MarshalJSON()
			if string(first) != string(second) {
				t.Fatalf("Read(%q) is not pure", s)
			}
		}
		if p, err := Parse(s); err != nil || !p.Equal(x) || Format(p) != s {
			t.Fatalf("Parse(%q) = %v, %v", s, p, err)
		}
		// time.Parse is the reference for the canonical spelling.
		if ref, err := time.Parse(time.RFC3339Nano, s); err != nil || !ref.Equal(x) {
			t.Fatalf("time.Parse(%q) = %v, %v", s, ref, err)
		}
	})
}

// render spells x in a random member of the RFC 3339 variants the kind
// reads, at x's own offset: Spell's classes (spell.go) of the separator,
// the time of day, the offset and the wrapping.
func render(t *rapid.T, x time.Time) string {
	c := oracle.Draws(t)
	sep, _ := spellSeparator(c, true)
	clock, _ := spellClock(c, x, sep)
	zone, _ := spellOffset(c, x)
	s, _ := wrap(c, x.Format("2006-01-02")+sep+afterClock(clock, zone))
	return s
}

// Every variant of the canonical spelling reads as the same instant with
// the same offset, with a note unless it is the canonical spelling.
func TestVariantsReadAsTheInstant(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := drawInstant(t)
		s := render(t, x)
		o := plain.Read(s)
		v, ok := o.Value()
		if !ok || Format(v) != Format(x) {
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", s, b, Format(x))
		}
		if (o.NoteCount() == 0) != (s == Format(x)) {
			t.Fatalf("Read(%q): %d notes", s, o.NoteCount())
		}
	})
}

// zonesUnderTest have offsets that change: by an hour, by half an hour
// (Lord Howe), at midnight (Havana's and Santiago's changes have been at
// 00:00), and one that does not (Kolkata).
var zonesUnderTest = []string{"Europe/Prague", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "America/Havana", "Asia/Kolkata", "Europe/London"}

// instantsAt is the slow, obviously-correct reference: every instant, at
// every offset of whole quarter hours, whose clocks in loc show wall.
func instantsAt(wall time.Time, loc *time.Location) []string {
	var out []string
	for q := -16 * 4; q <= 16*4; q++ {
		off := q * 15 * 60
		t := wall.Add(-time.Duration(off) * time.Second).In(loc)
		if _, o := t.Zone(); o == off {
			out = append(out, Format(t))
		}
	}
	return out
}

// No ambiguous spelling ever yields a value: a wall time in a named zone
// is a value exactly when the reference finds one instant, and an ask
// naming each instant when it finds two; a skipped wall time is an ask.
// A spelling with no zone on a property without a default is never a
// value.
func TestWallTimesAreNeverGuessed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(zonesUnderTest).Draw(t, "zone")
		loc, _ := time.LoadLocation(name)
		// Near a change of offset more often than not.
		year := rapid.IntRange(1990, 2035).Draw(t, "year")
		day := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rapid.IntRange(0, 364).Draw(t, "day of year"))
		if rapid.Bool().Draw(t, "near a change") {
			day = nextChange(day, loc)
		}
		wall := time.Date(day.Year(), day.Month(), day.Day(), rapid.IntRange(0, 23).Draw(t, "hour"), 15*rapid.IntRange(0, 3).Draw(t, "quarter"), 0, 0, time.UTC)
		s := wall.Format("2006-01-02 15:04") + " " + name
		want := instantsAt(wall, loc)
		o := plain.Read(s)
		switch v, ok := o.Value(); {
		case len(want) == 1:
			if !ok || Format(v) != want[0] {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want %s", s, b, want[0])
			}
		case ok:
			t.Fatalf("Read(%q) = %s, but %d instants have that wall time", s, Format(v), len(want))
		default:
			a, _ := o.Ask()
			var got []string
			for _, r := range a.Readings {
				var x string
				_ = json.Unmarshal(r.Value, &x)
				got = append(got, x)
			}
			if a.Code != agentinput.AskAmbiguous || len(want) == 2 && !sameSet(got, want) || len(want) == 0 && len(got) == 0 {
				t.Fatalf("Read(%q) asks %s %v; the reference finds %v", s, a.Code, got, want)
			}
		}
		if o := plain.Read(wall.Format("2006-01-02 15:04")); o.Status() == agentinput.StatusValue {
			t.Fatalf("a wall time without a zone is a value")
		}
	})
}

// nextChange returns the day of the first change of offset in loc after
// day (or day itself when there is none within a year).
func nextChange(day time.Time, loc *time.Location) time.Time {
	_, off := day.In(loc).Zone()
	for t := day; t.Before(day.AddDate(1, 0, 0)); t = t.Add(time.Hour) {
		if _, o := t.In(loc).Zone(); o != off {
			return t.In(loc).Add(-time.Hour)
		}
	}
	return day
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// A slash date whose day and month may swap is never a value inside a
// timestamp either, unless the property declares the order.
func TestSlashDatesAskAsTheDateKindAsks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := rapid.IntRange(1, 12).Draw(t, "day")
		m := rapid.IntRange(1, 12).Draw(t, "month")
		s := two(d) + "/" + two(m) + "/2026 09:00Z"
		o := plain.Read(s)
		if d == m {
			if _, ok := o.Value(); !ok {
				t.Fatalf("Read(%q) is not a value", s)
			}
			return
		}
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 2 {
			t.Fatalf("Read(%q) does not ask with two readings", s)
		}
	})
}

// Bad input is an ask, never a panic.
func TestBadInput(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("2026-10-01T09:00:00Z", 1<<16), "\xff\xfe", "2026-10-01T09:00:00Z\x00", "2026-10-01T09:00:00\u202eZ",
		"2026-10-01 09:00 " + strings.Repeat("a/", 200), "2026-10-01 09:00 ../../etc/passwd", "2026-10-01 09:00 /etc/localtime",
		strings.Repeat("1:11 ", 200), "9999-12-31 23:59 Pacific/Kiritimati", "0001-01-01 00:00 America/New_York",
	} {
		for _, r := range []*Reader{plain, prague} {
			o := r.Read(s)
			if a, ok := o.Ask(); ok {
				if len([]rune(string(a.Received))) > agentinput.MaxReceivedChars+3 {
					t.Errorf("Read(%.20q…) echoes %d characters", s, len(a.Received))
				}
				continue
			}
			if v, ok := o.Value(); ok {
				// The far years read: they are real instants.
				if !strings.Contains(s, "Kiritimati") && !strings.Contains(s, "0001") {
					t.Errorf("Read(%.20q…) = %s, want an ask", s, Format(v))
				}
			}
		}
	}
}

func TestNewRejectsUnknownZones(t *testing.T) {
	for _, z := range []string{"Mars/Olympus", "Local", "../etc", "CEST"} {
		if _, err := New(Options{DefaultZone: z}); err == nil {
			t.Errorf("New(DefaultZone %q) = nil error", z)
		}
	}
}

// TestPropertyJavaScriptToString: an instant as JavaScript's
// Date.toString() writes it — weekday, month, day, year, time, GMT and
// its offset, and the zone's name in parentheses in any words — reads as
// that instant (issue 33).
func TestPropertyJavaScriptToString(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := drawInstant(t).Truncate(time.Second)
		if x.Year() < 1000 {
			t.Skip("JavaScript writes a year of four digits")
		}
		s, _ := spellJavaScript(oracle.Draws(t), x)
		v, ok := plain.Read(s).Value()
		if !ok || !v.Equal(x) {
			j, _ := plain.Read(s).MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", s, j, Format(x))
		}
	})
}

// TestPropertyHourWithMeridiem: a date, an hour of a 12-hour clock with am
// or pm and no minutes ("9am", "11 p.m."), and a zone read as that hour
// on the hour; an hour past 12 with am or pm is an ask (issue 33).
func TestPropertyHourWithMeridiem(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y, m, d := rapid.IntRange(1000, 9999).Draw(t, "year"), rapid.IntRange(1, 12).Draw(t, "month"), rapid.IntRange(1, 28).Draw(t, "day")
		h := rapid.IntRange(1, 13).Draw(t, "hour")
		pm := rapid.Bool().Draw(t, "pm")
		mark := rapid.SampledFrom(amMarks).Draw(t, "am")
		if pm {
			mark = rapid.SampledFrom(pmMarks).Draw(t, "pm mark")
		}
		s := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Format("2006-01-02") + rapid.SampledFrom([]string{" ", "T"}).Draw(t, "sep") +
			strconv.Itoa(h) + rapid.SampledFrom([]string{"", " "}).Draw(t, "space") + mark + " " + rapid.SampledFrom([]string{"UTC", "Z", "+00:00", "GMT"}).Draw(t, "zone")
		o := plain.Read(s)
		v, ok := o.Value()
		if h > 12 {
			if ok {
				t.Fatalf("Read(%q) = %s: hour %d is on no 12-hour clock", s, Format(v), h)
			}
			return
		}
		want := time.Date(y, time.Month(m), d, h%12+map[bool]int{true: 12}[pm], 0, 0, 0, time.UTC)
		if !ok || !v.Equal(want) {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", s, j, Format(want))
		}
	})
}
