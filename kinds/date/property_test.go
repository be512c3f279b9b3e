package date

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// drawDate draws a day from 1000-01-01 to 9999-12-31.
func drawDate(t *rapid.T, label string) Date {
	y := rapid.IntRange(1000, 9999).Draw(t, label+" year")
	m := rapid.IntRange(1, 12).Draw(t, label+" month")
	d := rapid.IntRange(1, DaysIn(y, m)).Draw(t, label+" day")
	return Date{y, m, d}
}

// The spelling classes are Spell's (spell.go): these draw them through
// rapid.

// num spells n with or without a leading zero.
func num(t *rapid.T, n int, label string) string { return digits(oracle.Draws(t), n, label) }

// wrap draws surrounding whitespace and at most one pair of quotes.
func wrap(t *rapid.T, s string) (string, bool) {
	out, _ := wrapSpelling(oracle.Draws(t), s)
	return out, out != s
}

// defaultReader reads the default languages, no bound, no order.
var defaultReader, _ = New(Options{})

// rendering is one spelling of a date and what it must read as: the date,
// or (ambiguous) an ask whose readings hold the date.
type rendering struct {
	s         string
	ambiguous bool
	class     string
}

// renderISO draws a year-first spelling: any of - / ., padded or not, or
// the basic form, with or without a time of day and zone.
func renderISO(t *rapid.T, d Date) rendering {
	c := oracle.Draws(t)
	if rapid.IntRange(0, 5).Draw(t, "basic") == 0 {
		return rendering{s: year4(d.Year) + pad2(d.Month) + pad2(d.Day), class: "iso basic"}
	}
	s := spellYearFirst(c, d)
	if rapid.Bool().Draw(t, "with time") {
		s += spellTime(c)
	}
	return rendering{s: s, class: "iso"}
}

// renderDotted draws a day-first spelling with dots.
func renderDotted(t *rapid.T, d Date) rendering {
	return rendering{s: spellDotted(oracle.Draws(t), d), class: "dotted"}
}

// renderSlash draws a slash or dash spelling with the year last, in
// either order: ambiguous exactly when both orders name a day and the
// days differ.
func renderSlash(t *rapid.T, d Date) rendering {
	sep := rapid.SampledFrom([]string{"/", "-"}).Draw(t, "slash sep")
	a, b := d.Day, d.Month
	if rapid.Bool().Draw(t, "month first") {
		a, b = b, a
	}
	s := num(t, a, "first") + sep + num(t, b, "second") + sep + strconv.Itoa(d.Year)
	return rendering{s: s, ambiguous: d.Day <= 12 && d.Day != d.Month, class: "slash"}
}

// renderNamed draws a month-name spelling in one of the default languages,
// in one of the month's forms, in one of the orders the languages write,
// with random case and, at random, without diacritics.
func renderNamed(t *rapid.T, d Date) rendering {
	s, class := defaultReader.spellNamed(oracle.Draws(t), d)
	return rendering{s: s, class: class}
}

// renderAny draws a spelling of d from any class, with a leading weekday
// at random (the right one).
func renderAny(t *rapid.T, d Date) rendering {
	var r rendering
	switch rapid.IntRange(0, 3).Draw(t, "class") {
	case 0:
		r = renderISO(t, d)
	case 1:
		r = renderDotted(t, d)
	case 2:
		r = renderSlash(t, d)
	default:
		r = renderNamed(t, d)
	}
	if rapid.IntRange(0, 4).Draw(t, "weekday") == 0 {
		c := oracle.Draws(t)
		name, _, _ := defaultReader.spellWeekday(c, d.Weekday())
		r.s = name + pick(c, "weekday separator", ", ", " ", ". ") + r.s
	}
	return r
}

// readingValues lists the values of an ask's readings.
func readingValues(a agentinput.Ask) []string {
	var out []string
	for _, r := range a.Readings {
		out = append(out, strings.Trim(string(r.Value), `"`))
	}
	return out
}

// Every rendering of every class reads as the date, or, exactly when the
// class is ambiguous for that date, as an ask whose readings hold it.
func TestPropertyEveryClassReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := drawDate(t, "date")
		r := renderAny(t, d)
		s, _ := wrap(t, r.s)
		o := Read(s, Options{})
		if r.ambiguous {
			a, ok := o.Ask()
			if !ok || a.Code != agentinput.AskAmbiguous {
				t.Fatalf("%s %q: want an ask ambiguous, got %s", r.class, s, outcomeJSON(o))
			}
			if !slices.Contains(readingValues(a), d.String()) {
				t.Fatalf("%s %q: readings %v do not hold %s", r.class, s, readingValues(a), d)
			}
			return
		}
		v, ok := o.Value()
		if !ok || v != d {
			t.Fatalf("%s %q: want %s, got %s", r.class, s, d, outcomeJSON(o))
		}
		if s != d.String() && o.NoteCount() == 0 {
			t.Fatalf("%s %q: a repaired spelling without a note", r.class, s)
		}
	})
}

// No ambiguous spelling ever yields a value: slash and dash dates where
// both orders name different days, two-digit years, a wrong weekday, and
// a month name that two enabled languages read differently.
func TestPropertyNoAmbiguousSpellingYieldsAValue(t *testing.T) {
	hr := append(DefaultLanguages(), "hr")
	rapid.Check(t, func(t *rapid.T) {
		d := drawDate(t, "date")
		var s string
		opts := Options{Bound: rapid.SampledFrom([]Bound{BoundNone, BoundFrom, BoundTo}).Draw(t, "bound")}
		var want []string
		switch rapid.IntRange(0, 3).Draw(t, "class") {
		case 0: // both orders
			if d.Day == d.Month || d.Day > 12 {
				t.Skip("one order only")
			}
			sep := rapid.SampledFrom([]string{"/", "-"}).Draw(t, "sep")
			s = num(t, d.Day, "a") + sep + num(t, d.Month, "b") + sep + strconv.Itoa(d.Year)
			want = []string{d.String(), Date{d.Year, d.Day, d.Month}.String()}
		case 1: // two-digit year
			yy := d.Year % 100
			s = num(t, d.Day, "day") + "." + num(t, d.Month, "month") + "." + pad2(yy)
			for _, c := range []int{2000, 1900} {
				if x := (Date{c + yy, d.Month, d.Day}); x.Valid() {
					want = append(want, x.String())
				}
			}
		case 2: // wrong weekday
			wd := (d.Weekday() + rapid.IntRange(1, 6).Draw(t, "shift")) % 7
			s = englishWeekdays[wd] + ", " + d.String()
			want = []string{d.String()}
		case 3: // listopad: October in hr, November in cs and pl
			form := rapid.SampledFrom([]string{"listopad", "listopada", "LISTOPAD", "Listopada"}).Draw(t, "form")
			day := rapid.IntRange(1, 30).Draw(t, "day")
			s = strconv.Itoa(day) + " " + form + " " + strconv.Itoa(d.Year)
			opts.Languages = hr
			want = []string{Date{d.Year, 10, day}.String(), Date{d.Year, 11, day}.String()}
		}
		s, _ = wrap(t, s)
		o := Read(s, opts)
		if o.Status() == agentinput.StatusAbsent && opts.Bound != BoundNone && (d.Year < 1000 || d.Year >= 9000) {
			// Every reading is an open-bound sentinel: absent, not an ask
			// whose readings would read as absent (fuzz: "1/2/0001").
			if n := o.Notes(); len(n) == 0 || n[len(n)-1].Code != agentinput.NoteOpenBound {
				t.Fatalf("%q: absent without the note open_bound: %s", s, outcomeJSON(o))
			}
			return
		}
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous {
			t.Fatalf("%q: want an ask ambiguous, got %s", s, outcomeJSON(o))
		}
		got := readingValues(a)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Fatalf("%q: readings %v lack %s", s, got, w)
			}
		}
	})
}

// The canonical spelling is a fixed point: the same day, no note; and
// reading is pure.
func TestPropertyFixedPointAndPurity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := drawDate(t, "date")
		o := Read(d.String(), Options{})
		if v, ok := o.Value(); !ok || v != d || o.NoteCount() != 0 {
			t.Fatalf("%s: %s", d, outcomeJSON(o))
		}
		r := renderAny(t, d)
		opts := Options{Bound: rapid.SampledFrom([]Bound{BoundNone, BoundFrom, BoundTo}).Draw(t, "bound")}
		a, b := outcomeJSON(Read(r.s, opts)), outcomeJSON(Read(r.s, opts))
		if !bytes.Equal(a, b) {
			t.Fatalf("%q read twice: %s, then %s", r.s, a, b)
		}
	})
}

// periodSpelling draws a spelling of a year, a month or a quarter and
// returns its first and last day.
func periodSpelling(t *rapid.T) (string, Date, Date) {
	y := rapid.IntRange(1000, 8999).Draw(t, "year")
	switch rapid.IntRange(0, 3).Draw(t, "period") {
	case 0:
		return strconv.Itoa(y), Date{y, 1, 1}, Date{y, 12, 31}
	case 1:
		m := rapid.IntRange(1, 12).Draw(t, "month")
		s := defaultReader.spellPeriodOf(oracle.Draws(t), "month", y, m)
		return s, Date{y, m, 1}, Date{y, m, DaysIn(y, m)}
	}
	q := rapid.IntRange(1, 4).Draw(t, "quarter")
	s := defaultReader.spellPeriodOf(oracle.Draws(t), "quarter", y, 3*q)
	return s, Date{y, 3*q - 2, 1}, Date{y, 3 * q, DaysIn(y, 3*q)}
}

// Bounds: a year, month or quarter reads as its first day on a from bound
// and its last on a to bound; from ≤ to, both inside the period, and the
// day after the last is the first day of the next period. With no bound
// it is an ask.
func TestPropertyBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, first, last := periodSpelling(t)
		from, ok1 := Read(s, Options{Bound: BoundFrom}).Value()
		to, ok2 := Read(s, Options{Bound: BoundTo}).Value()
		if !ok1 || !ok2 || from != first || to != last {
			t.Fatalf("%q: from %v to %v, want %v and %v", s, from, to, first, last)
		}
		if from.Compare(to) > 0 || from.Day != 1 || !to.Valid() || to.AddDays(1).Day != 1 {
			t.Fatalf("%q: %v..%v is not a whole period", s, from, to)
		}
		if _, ok := Read(s, Options{}).Ask(); !ok {
			t.Fatalf("%q: with no bound, want an ask", s)
		}
	})
}

// Open bounds: on a bound, a date before year 1000 or from year 9000 is
// absent with a note, as a placeholder (a write tool asks
// placeholder_on_write); with no bound it is the date.
func TestPropertyOpenBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.OneOf(rapid.IntRange(1, 999), rapid.IntRange(9000, 9999)).Draw(t, "year")
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := Date{y, m, rapid.IntRange(1, DaysIn(y, m)).Draw(t, "day")}
		b := rapid.SampledFrom([]Bound{BoundFrom, BoundTo}).Draw(t, "bound")
		o := Read(d.String(), Options{Bound: b})
		if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() || o.NoteCount() != 1 || o.Notes()[0].Code != agentinput.NoteOpenBound {
			t.Fatalf("%s on %s: %s", d, b, outcomeJSON(o))
		}
		if v, ok := Read(d.String(), Options{}).Value(); !ok || v != d {
			t.Fatalf("%s with no bound: not the date", d)
		}
	})
}

func outcomeJSON(o agentinput.Outcome[Date]) []byte {
	b, err := o.MarshalJSON()
	if err != nil {
		return []byte(err.Error())
	}
	return b
}

// Each language alone, optional ones included, reads every form of every
// month, in any case, with or without diacritics, after a day and before
// a four-digit year.
func TestPropertyEachLanguageAlone(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := drawDate(t, "date")
		l := rapid.SampledFrom(Languages()).Draw(t, "language")
		name := rapid.SampledFrom(l.Months[d.Month-1].Forms()).Draw(t, "form")
		if rapid.Bool().Draw(t, "strip diacritics") {
			name = dropMarks(name)
		}
		s := strconv.Itoa(d.Day) + ". " + recase(oracle.Draws(t), name) + " " + strconv.Itoa(d.Year)
		o := Read(s, Options{Languages: []string{l.Code}})
		if v, ok := o.Value(); !ok || v != d {
			t.Fatalf("%s alone: %q: want %s, got %s", l.Code, s, d, outcomeJSON(o))
		}
	})
}

// A date of 2000–2099 written with its two-digit year first ("26-10-01",
// "26/10/01") is always an ask whose readings hold it, whatever order the
// field declares: the year-first reading is never dropped nor chosen.
func TestPropertyTwoDigitYearFirst(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.IntRange(2000, 2099).Draw(t, "year")
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := Date{y, m, rapid.IntRange(1, DaysIn(y, m)).Draw(t, "day")}
		sep := rapid.SampledFrom([]string{"-", "/"}).Draw(t, "sep")
		s := pad2(y%100) + sep + num(t, m, "month") + sep + pad2(d.Day)
		var opts Options
		if rapid.Bool().Draw(t, "order") {
			opts.Order = rapid.SampledFrom(orders).Draw(t, "declared order")
		}
		o := Read(s, opts)
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous {
			t.Fatalf("%q: want an ask ambiguous, got %s", s, outcomeJSON(o))
		}
		if !slices.Contains(readingValues(a), d.String()) {
			t.Fatalf("%q: readings %v do not hold %s", s, readingValues(a), d)
		}
	})
}

// Two year-first dates joined by any range mark are the range ask, whose
// hint names date_from and date_to with both days (an end from year 9000
// is an open bound, left out).
func TestPropertyRangeMarks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		from, to := drawDate(t, "from"), drawDate(t, "to")
		sep := rapid.SampledFrom([]string{"-", "/", "."}).Draw(t, "sep")
		spell := func(d Date) string {
			return strconv.Itoa(d.Year) + sep + pad2(d.Month) + sep + pad2(d.Day)
		}
		mark := rapid.SampledFrom([]string{"..", "...", "\u2026", ",", ", ", " ~ ", "~", "\u2192", " \u2192 ", " to ", "\u2013"}).Draw(t, "mark")
		s := spell(from) + mark + spell(to)
		a, ok := Read(s, Options{}).Ask()
		if !ok || a.Code != agentinput.AskInvalid {
			t.Fatalf("%q: want an ask invalid", s)
		}
		end := func(d Date) string { // an open-bound sentinel is left out
			if d.Year >= 9000 {
				return "left out"
			}
			return `"` + d.String() + `"`
		}
		want := "date_from " + end(from) + " and date_to " + end(to)
		if !strings.Contains(a.Hint, want) {
			t.Fatalf("%q: hint %q lacks %s", s, a.Hint, want)
		}
	})
}

// A sentinel date followed by extra characters: the sentinel year never
// turns a spelling that is not a date into absence. It reads as the
// reference reads it (where the reference has an answer), and it is
// absent only when the same spelling in year 2026 is a value (fuzz:
// "0001,1." on a bound was absent; a year and a month with a dot after
// them is an ask).
func TestPropertySentinelWithExtraNeverAbsent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.OneOf(rapid.IntRange(1, 999), rapid.IntRange(9000, 9999)).Draw(t, "year")
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := rapid.IntRange(1, 28).Draw(t, "day")
		sep := rapid.SampledFrom([]string{"-", "/", ".", ",", " ", ", "}).Draw(t, "separator")
		month := num(t, m, "month")
		shape := rapid.SampledFrom([]func(year string) string{
			func(year string) string { return year },
			func(year string) string { return year + sep + month },
			func(year string) string { return month + sep + year },
			func(year string) string { return year + "-" + pad2(m) + "-" + pad2(d) },
		}).Draw(t, "shape")
		extra := rapid.SampledFrom([]string{".", ",", "-", "/", ",1.", ".1.", "1.", ",1", ".,", "..", "x", ". 1.", "0"}).Draw(t, "extra")
		b := rapid.SampledFrom([]Bound{BoundFrom, BoundTo}).Draw(t, "bound")
		opts := Options{Bound: b}
		s := shape(fmt.Sprintf("%04d", y)) + extra
		o := Read(s, opts)
		if msg := disagreement(s, opts, o); msg != "" {
			t.Fatal(msg)
		}
		if o.Status() != agentinput.StatusAbsent {
			return
		}
		s2 := shape("2026") + extra
		if _, ok := Read(s2, opts).Value(); !ok {
			t.Fatalf("%q on %s is absent, but %q is no date: %s", s, b, s2, outcomeJSON(o))
		}
	})
}

// TestPropertyCJKMarkers: a date written with the year, month and day
// markers of Chinese, Japanese or Korean, with or without spaces, in ASCII
// or full-width digits, with or without the weekday in parentheses, reads
// as the date when the weekday is right and asks when it is wrong; with
// the year left out it is never a value (issue 33).
func TestPropertyCJKMarkers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := drawDate(t, "date")
		wrongDrawn := rapid.Bool().Draw(t, "wrong weekday")
		s, withWeekday := spellCJKWeekday(oracle.Draws(t), d, wrongDrawn)
		wrong := wrongDrawn && withWeekday
		o := Read(s, Options{})
		got, ok := o.Value()
		switch {
		case wrong && ok:
			t.Fatalf("Read(%q) = %s, with a wrong weekday", s, got)
		case !wrong && (!ok || got != d):
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", s, j, d)
		}
		_, noYear, _ := strings.Cut(s, "年")
		if !strings.ContainsRune(s, '年') {
			_, noYear, _ = strings.Cut(s, "년")
		}
		noYear = strings.TrimLeft(noYear, " ")
		if v, ok := Read(noYear, Options{}).Value(); ok {
			t.Fatalf("Read(%q), no year, = %s", noYear, v)
		}
	})
}
