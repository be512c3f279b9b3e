package timestamp

import (
	"encoding/json"
	"errors"
	"strconv"
	"time"
	_ "time/tzdata" // zone names read alike on every host, whatever its zoneinfo

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/date"
)

// Options are a timestamp property's options. The zero value declares no
// default zone (a spelling without an offset or zone is an ask), no
// day/month order (a slash date whose order is open is an ask) and the
// date kind's default month-name languages.
type Options struct {
	// DefaultZone is the IANA name of the zone ("Europe/Prague", "UTC")
	// a date and time without an offset or zone is read in, and a date
	// alone at its 00:00, each with a note naming the zone. "" declares
	// none: such spellings are an ask (no_zone). An unknown name is an
	// error of New.
	DefaultZone string
	// Order is the date kind's declared day/month order (date.OrderFor),
	// for a date written with slashes or dashes and the year last.
	Order date.Order
	// Languages are the date kind's month-name languages (date.Options).
	Languages []string
}

// Reader reads one timestamp property. Build it with New; it is immutable
// and safe for use by many goroutines.
type Reader struct {
	zone     *time.Location // nil: no default zone
	zoneName string
	dates    *date.Reader
	expected string
}

// New checks opts and builds a Reader.
func New(opts Options) (*Reader, error) {
	dates, err := date.New(date.Options{Order: opts.Order, Languages: opts.Languages})
	if err != nil {
		return nil, errors.New("timestamp: " + err.Error())
	}
	r := &Reader{dates: dates, expected: expected}
	if opts.DefaultZone != "" {
		loc, ok := namedZone(opts.DefaultZone)
		if !ok {
			return nil, errors.New("timestamp: DefaultZone " + strconv.Quote(opts.DefaultZone) + " is not an IANA time zone name")
		}
		r.zone, r.zoneName = loc, loc.String()
		r.expected = expected + "; a date and time without one is read in " + r.zoneName
	}
	return r, nil
}

// DefaultZone returns the name of the declared default zone, or "".
func (r *Reader) DefaultZone() string { return r.zoneName }

const (
	example  = "2026-10-01T09:00:00+02:00"
	expected = `an instant in RFC 3339 with its offset, for example "` + example + `", or a date and time with a zone name, for example "2026-10-01 09:00 Europe/Prague"`
)

// Expected says in words what the property accepts, with one canonical
// example.
func (r *Reader) Expected() string { return r.expected }

// Example returns one canonical value as JSON.
func (r *Reader) Example() json.RawMessage { return json.RawMessage(`"` + example + `"`) }

// Format returns the canonical spelling of t: RFC 3339 as
// time.RFC3339Nano writes it, with the offset t carries.
func Format(t time.Time) string { return t.Format(time.RFC3339Nano) }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want an RFC 3339 timestamp as Format writes it")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse, cut to agentinput.MaxReceivedChars
}

func (e *ParseError) Error() string {
	return "timestamp: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: RFC 3339 with an upper-case
// T and Z, seconds, a fraction of one to nine digits without trailing
// zeros, and an offset with its colon, "Z" for zero. It is the inverse of
// Format for the years 1 to 9999.
func Parse(s string) (time.Time, error) {
	if t, ok := parseCanonical(s); ok {
		return t, nil
	}
	return time.Time{}, &ParseError{Value: agentinput.Cut(s)}
}

// digits2 reads two ASCII digits at s[i:], or returns -1.
func digits2(s string, i int) int {
	a, b := s[i]-'0', s[i+1]-'0'
	if a > 9 || b > 9 {
		return -1
	}
	return int(a)*10 + int(b)
}

// parseCanonical reads the canonical spelling and nothing else.
func parseCanonical(s string) (time.Time, bool) {
	// 2026-10-01T09:00:00Z is the shortest: 20 bytes.
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	y1, y2 := digits2(s, 0), digits2(s, 2)
	mo, d := digits2(s, 5), digits2(s, 8)
	h, mi, sec := digits2(s, 11), digits2(s, 14), digits2(s, 17)
	if y1 < 0 || y2 < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return time.Time{}, false
	}
	y := y1*100 + y2
	if y == 0 || d > date.DaysIn(y, mo) {
		return time.Time{}, false
	}
	i, ns := 19, 0
	if s[i] == '.' {
		j := i + 1
		for j < len(s) && j-i <= 9 && s[j] >= '0' && s[j] <= '9' {
			ns = ns*10 + int(s[j]-'0')
			j++
		}
		n := j - i - 1
		if n == 0 || s[j-1] == '0' || j < len(s) && s[j] >= '0' && s[j] <= '9' {
			return time.Time{}, false // no digit, a trailing zero, or more than nine digits
		}
		for k := n; k < 9; k++ {
			ns *= 10
		}
		i = j
	}
	var loc *time.Location
	switch rest := s[i:]; {
	case rest == "Z":
		loc = time.UTC
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, om := digits2(rest, 1), digits2(rest, 4)
		if oh < 0 || oh > 23 || om < 0 || om > 59 || oh == 0 && om == 0 {
			return time.Time{}, false
		}
		off := (oh*60 + om) * 60
		if rest[0] == '-' {
			off = -off
		}
		loc = fixedZone(off)
	default:
		return time.Time{}, false
	}
	return time.Date(y, time.Month(mo), d, h, mi, sec, ns, loc), true
}

var _ agentinput.Reader[time.Time] = (*Reader)(nil)
