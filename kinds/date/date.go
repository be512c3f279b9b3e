package date

import (
	"encoding/json"
	"errors"
	"strconv"
)

// Date is a civil calendar date: a year, a month and a day, with no time
// of day and no time zone. The zero Date is not a valid date.
type Date struct {
	Year  int // 1 to 9999
	Month int // 1 to 12
	Day   int // 1 to the length of the month
}

// Of returns the date year-month-day. It does not check it; see Valid.
func Of(year, month, day int) Date { return Date{Year: year, Month: month, Day: day} }

// Valid reports whether d names a day of the proleptic Gregorian calendar
// between 0001-01-01 and 9999-12-31.
func (d Date) Valid() bool {
	return d.Year >= 1 && d.Year <= 9999 && d.Month >= 1 && d.Month <= 12 &&
		d.Day >= 1 && d.Day <= DaysIn(d.Year, d.Month)
}

// IsLeap reports whether year is a leap year of the Gregorian calendar.
func IsLeap(year int) bool { return year%4 == 0 && (year%100 != 0 || year%400 == 0) }

// DaysIn returns the number of days of month (1–12) in year.
func DaysIn(year, month int) int {
	switch month {
	case 2:
		if IsLeap(year) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// String returns the canonical spelling, YYYY-MM-DD.
func (d Date) String() string {
	var b [10]byte
	return string(d.appendTo(b[:0]))
}

func (d Date) appendTo(b []byte) []byte {
	y, m, day := d.Year, d.Month, d.Day
	b = append(b, byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10%10), byte('0'+m%10), '-', byte('0'+day/10%10), byte('0'+day%10))
	return b
}

// MarshalJSON encodes d as a JSON string "YYYY-MM-DD".
func (d Date) MarshalJSON() ([]byte, error) { return d.AppendJSON(make([]byte, 0, 12)) }

// AppendJSON appends MarshalJSON's encoding to b: the outcome's encoder
// (agentinput.Outcome.AppendJSON) writes a value with it, without a buffer
// of its own.
func (d Date) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '"')
	b = d.appendTo(b)
	return append(b, '"'), nil
}

// UnmarshalJSON reads the canonical spelling strictly, as Parse does. It
// is for values a program wrote itself; agent data goes through Read.
func (d *Date) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return &ParseError{Value: string(b)}
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Format returns the canonical spelling of d: d.String().
func Format(d Date) string { return d.String() }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want a date YYYY-MM-DD")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "date: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: YYYY-MM-DD naming a day
// that exists, nothing else. It is the inverse of String.
func Parse(s string) (Date, error) {
	if d, ok := parseCanonical(s); ok {
		return d, nil
	}
	return Date{}, &ParseError{Value: s}
}

// parseCanonical reads exactly YYYY-MM-DD, a day that exists.
func parseCanonical(s string) (Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, false
	}
	n := 0
	for i := 0; i < 10; i++ {
		if i == 4 || i == 7 {
			continue
		}
		c := s[i] - '0'
		if c > 9 {
			return Date{}, false
		}
		n = n*10 + int(c)
	}
	d := Date{Year: n / 10000, Month: n / 100 % 100, Day: n % 100}
	return d, d.Valid()
}

// parseDateTime reads the date of an RFC 3339 date-time and the forms
// around it that the scan reads the same way: YYYY-MM-DD, then "T", "t"
// or one space, then HH:MM with an hour up to 24, optionally :SS (up to
// 60) and a fraction of one to nine digits after "." or ",", then
// optionally "Z" or "z", then optionally an offset: "+" or "-" and two or
// four digits, or two digits, ":" and two up to 59. Every other spelling
// is left to the scan, which reads each of these to the same outcome
// (TestPropertyDateTimeFastPath compares the two).
func parseDateTime(s string) (Date, bool) {
	if len(s) < len("2006-01-02T15:04") || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') {
		return Date{}, false
	}
	d, ok := parseCanonical(s[:10])
	if !ok {
		return Date{}, false
	}
	i := 11
	// two reads exactly two digits at i, of a value up to max, that no
	// digit follows.
	two := func(max int) bool {
		if i+2 > len(s) {
			return false
		}
		a, b := s[i]-'0', s[i+1]-'0'
		if a > 9 || b > 9 || int(a)*10+int(b) > max || (i+2 < len(s) && s[i+2]-'0' <= 9) {
			return false
		}
		i += 2
		return true
	}
	if !two(24) || i == len(s) || s[i] != ':' {
		return Date{}, false
	}
	i++
	if !two(59) {
		return Date{}, false
	}
	if i < len(s) && s[i] == ':' {
		i++
		if !two(60) {
			return Date{}, false
		}
		if i < len(s) && (s[i] == '.' || s[i] == ',') {
			j := i + 1
			for j < len(s) && s[j]-'0' <= 9 {
				j++
			}
			if j == i+1 || j-i-1 > 9 {
				return Date{}, false
			}
			i = j
		}
	}
	if i < len(s) && (s[i] == 'Z' || s[i] == 'z') {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
		j := i
		for j < len(s) && s[j]-'0' <= 9 {
			j++
		}
		switch {
		case j-i == 4:
			i = j
		case j-i == 2:
			i = j
			if i < len(s) && s[i] == ':' {
				i++
				if !two(59) {
					return Date{}, false
				}
			}
		default:
			return Date{}, false
		}
	}
	return d, i == len(s)
}

// days returns the number of days from 1970-01-01 to d (negative before
// it), by Howard Hinnant's days_from_civil: the year is shifted to start in
// March, so that the leap day is the last day of a year, and counted in
// 400-year eras of 146097 days. Every year of a Date is positive, so the
// divisions never see a negative number.
func (d Date) days() int {
	y, m := d.Year, d.Month
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400 // year of era, 0..399
	mp := (m + 9) % 12 // March 0 … February 11
	doy := (153*mp+2)/5 + d.Day - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// fromDays is the inverse of days (Hinnant's civil_from_days).
func fromDays(z int) Date {
	z += 719468
	era := z / 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
		y++
	}
	return Date{Year: y, Month: m, Day: day}
}

// Weekday returns the day of the week of d: 0 Sunday, 1 Monday … 6
// Saturday, as time.Weekday counts.
func (d Date) Weekday() int {
	// 1970-01-01 was a Thursday.
	return ((d.days() % 7) + 7 + 4) % 7
}

// AddDays returns the date n days after d (before, for a negative n).
func (d Date) AddDays(n int) Date { return fromDays(d.days() + n) }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmp(d.Year, e.Year)
	case d.Month != e.Month:
		return cmp(d.Month, e.Month)
	}
	return cmp(d.Day, e.Day)
}

func cmp(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Bound says which end of a range a date property is.
type Bound uint8

const (
	// BoundNone: the property is one date; a year, a month or a quarter
	// is an ask (it names many days).
	BoundNone Bound = iota
	// BoundFrom: the property is the first day of a range; a year, a
	// month or a quarter reads as its first day.
	BoundFrom
	// BoundTo: the property is the last day of a range (inclusive); a
	// year, a month or a quarter reads as its last day.
	BoundTo
)

// String returns "none", "from" or "to".
func (b Bound) String() string {
	switch b {
	case BoundFrom:
		return "from"
	case BoundTo:
		return "to"
	}
	return "none"
}

// ParseBound reads "none", "from" or "to" (a declaration, not agent data).
func ParseBound(s string) (Bound, bool) {
	switch s {
	case "none", "":
		return BoundNone, true
	case "from":
		return BoundFrom, true
	case "to":
		return BoundTo, true
	}
	return BoundNone, false
}

// Options are a date property's options. The zero value reads one full
// date (no bound), in the default month-name languages, and asks about the
// day/month order of slash and dash dates.
type Options struct {
	// Bound says whether the property is one end of a range.
	Bound Bound
	// Order is the field's declared day/month order, from OrderFor
	// ("cs": day first, "en-US": month first). It resolves slash and dash
	// dates with the year last, with a note. The zero Order declares none.
	Order Order
	// Languages names the languages whose month and weekday names are
	// read, by code (see Languages). Empty means DefaultLanguages. A
	// non-empty list replaces the default set.
	Languages []string
}

// Validate reports an unknown language code. Call it (or New) where the
// property is declared: Read panics on options that do not validate.
func (o Options) Validate() error {
	_, err := o.mask()
	return err
}

const (
	canonicalExample = "2026-10-01"
)

// Expected says in words what a date property accepts, with one canonical
// example.
func Expected(opts Options) string {
	switch opts.Bound {
	case BoundFrom:
		return `the first day of the range as YYYY-MM-DD, for example "2026-10-01"`
	case BoundTo:
		return `the last day of the range as YYYY-MM-DD, for example "2026-10-31"`
	}
	return `a date as YYYY-MM-DD, for example "2026-10-01"`
}

// Expected says in words what the Reader accepts (Expected of its
// options).
func (r *Reader) Expected() string { return Expected(r.opts) }

// Example returns one canonical value the Reader accepts (Example of its
// options).
func (r *Reader) Example() json.RawMessage { return Example(r.opts) }

// Example returns one canonical value a date property accepts.
func Example(opts Options) json.RawMessage {
	if opts.Bound == BoundTo {
		return json.RawMessage(`"2026-10-31"`)
	}
	return json.RawMessage(`"` + canonicalExample + `"`)
}
