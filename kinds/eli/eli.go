package eli

import (
	"encoding/json"
	"errors"
	"strconv"
)

// Register is the register an ELI belongs to.
type Register uint8

const (
	// EU is the EU Publications Office: http://data.europa.eu/eli/…
	EU Register = iota + 1
	// CZ is the Czech register e-Sbírka: https://www.e-sbirka.cz/eli/cz/sb/…
	CZ
)

func (r Register) String() string {
	switch r {
	case EU:
		return "EU"
	case CZ:
		return "CZ"
	}
	return "none"
}

// ELI identifies one act: an EU regulation, directive or decision as
// published in the Official Journal, or an act of the Czech collection of
// laws (Sbírka zákonů). The zero ELI is no act. ELI is comparable: two
// ELIs of the same act are ==.
type ELI struct {
	register Register
	typ      uint8 // position in actTypes; 0 for CZ
	year     uint16
	number   uint32
}

// NewEU returns the ELI of the EU act of type code (an ELI typedoc such as
// "reg" or "dir_impl", see ActTypes), year and natural number.
func NewEU(code string, year, number int) (ELI, error) {
	i, ok := typeIndex(code)
	if !ok {
		return ELI{}, errors.New("eli: unknown EU act type " + strconv.Quote(code))
	}
	if year < minYearEU || year > maxYear {
		return ELI{}, errors.New("eli: year " + strconv.Itoa(year) + " is outside " + strconv.Itoa(minYearEU) + "–" + strconv.Itoa(maxYear))
	}
	if number < 1 || number > maxNumber {
		return ELI{}, errors.New("eli: number " + strconv.Itoa(number) + " is outside 1–" + strconv.Itoa(maxNumber))
	}
	return ELI{register: EU, typ: uint8(i), year: uint16(year), number: uint32(number)}, nil
}

// NewCZ returns the ELI of the Czech act number/year Sb.
func NewCZ(year, number int) (ELI, error) {
	if year < minYearCZ || year > maxYear {
		return ELI{}, errors.New("eli: year " + strconv.Itoa(year) + " is outside " + strconv.Itoa(minYearCZ) + "–" + strconv.Itoa(maxYear))
	}
	if number < 1 || number > maxNumber {
		return ELI{}, errors.New("eli: number " + strconv.Itoa(number) + " is outside 1–" + strconv.Itoa(maxNumber))
	}
	return ELI{register: CZ, year: uint16(year), number: uint32(number)}, nil
}

// IsZero reports whether e is the zero ELI, which names no act.
func (e ELI) IsZero() bool { return e.register == 0 }

// Register returns the register of e.
func (e ELI) Register() Register { return e.register }

// Type returns the ELI typedoc of an EU act ("reg_impl"), "" for a Czech one.
func (e ELI) Type() string {
	if e.register != EU {
		return ""
	}
	return actTypes[e.typ].Code
}

// Year returns the year of the act.
func (e ELI) Year() int { return int(e.year) }

// Number returns the natural number of the act within its year.
func (e ELI) Number() int { return int(e.number) }

// String returns the canonical ELI URI: http://data.europa.eu/eli/reg/2016/679/oj
// or https://www.e-sbirka.cz/eli/cz/sb/2012/89; "" for the zero ELI.
func (e ELI) String() string { return string(e.AppendText(nil)) }

// AppendText appends the canonical ELI URI to b.
func (e ELI) AppendText(b []byte) []byte {
	switch e.register {
	case EU:
		b = append(b, euRoot...)
		b = append(b, actTypes[e.typ].Code...)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(e.year), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(e.number), 10)
		return append(b, "/"+ojSegment...)
	case CZ:
		b = append(b, czRoot...)
		b = strconv.AppendInt(b, int64(e.year), 10)
		b = append(b, '/')
		return strconv.AppendInt(b, int64(e.number), 10)
	}
	return b
}

// MarshalText returns the canonical ELI URI: an ELI is a JSON string.
func (e ELI) MarshalText() ([]byte, error) { return e.AppendText(nil), nil }

// MarshalJSON encodes e as the JSON string of its canonical URI, what
// encoding/json makes of MarshalText (a URI has nothing to escape).
func (e ELI) MarshalJSON() ([]byte, error) { return e.AppendJSON(make([]byte, 0, maxQuotedURILen)) }

// AppendJSON appends MarshalJSON's encoding to b: the core renders a
// note's value and encodes an outcome with it, without a buffer of its
// own.
func (e ELI) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '"')
	b = e.AppendText(b)
	return append(b, '"'), nil
}

// describe says in words what e names: "regulation 679 of 2016",
// "Czech act 89/2012 Sb.".
func (e ELI) describe() string {
	var buf [maxDescribeLen]byte
	return string(e.appendDescribe(buf[:0]))
}

// appendDescribe appends describe's words to b: built in one buffer, the
// words cost the one allocation of their string, not one a number.
func (e ELI) appendDescribe(b []byte) []byte {
	switch e.register {
	case EU:
		b = append(b, actTypes[e.typ].Name...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.number), 10)
		b = append(b, " of "...)
		return strconv.AppendInt(b, int64(e.year), 10)
	case CZ:
		b = append(b, "Czech act "...)
		b = strconv.AppendInt(b, int64(e.number), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(e.year), 10)
		return append(b, " Sb."...)
	}
	return append(b, "no act"...)
}

// maxDescribeLen is longer than describe's words of every act
// ("implementing regulation 99999 of 2099"), with room for what a
// reading's meaning adds to them.
const maxDescribeLen = 96

// Format returns the canonical spelling of e, its ELI URI.
func Format(e ELI) string { return e.String() }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want a canonical ELI URI such as " + exampleURI)

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "eli: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: the ELI URI exactly as
// String writes it (scheme, host and case, no trailing slash, /oj for an
// EU act, no leading zeros). It is the inverse of String.
func Parse(s string) (ELI, error) {
	if len(s) <= maxCanonicalLen {
		var u uriParts
		if scanURI(s, &u) && u.canonical() {
			if e, ok := u.eli(); ok {
				return e, nil
			}
		}
	}
	return ELI{}, &ParseError{Value: s}
}

// maxCanonicalLen is longer than every canonical ELI URI.
const maxCanonicalLen = 64

const exampleURI = "http://data.europa.eu/eli/reg/2016/679/oj"

var (
	expected = `an ELI URI (EU acts: http://data.europa.eu/eli/{type}/{year}/{number}/oj; ` +
		`Czech acts: https://www.e-sbirka.cz/eli/cz/sb/{year}/{number}), for example "` + exampleURI + `"`
	example = json.RawMessage(`"` + exampleURI + `"`)
)

// Options are an ELI property's options. There are none yet: the zero
// value reads every form of both registers.
type Options struct{}

// Expected says in words what an ELI property accepts, with one canonical
// example.
func Expected(opts Options) string { return expected }

// Example returns one canonical value an ELI property accepts.
func Example(opts Options) json.RawMessage { return example }
