package factory

import (
	"encoding/json"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/jsonscan"
)

// fastDecode decodes the JSON text b the way decodeText's encoding/json
// decode does (numbers as json.Number, arrays as []any, objects as
// map[string]any), in one pass and with fewer allocations, when b is in
// the plain form nearly every call takes: no escape in any string, every
// string UTF-8, no name repeated in an object, nested at most
// MaxJSONDepth, whitespace only where JSON allows it and nothing after
// the value. Anything else — including anything that is not JSON —
// reports false, and the caller decodes b the slow way, which says what
// is wrong with it: this path only ever agrees with that one
// (TestFastDecodeAgrees, FuzzFastDecode).
//
// names, when not nil, spells the outermost object's property names: a
// name it holds is used as it is there rather than copied out of b.
func fastDecode(b []byte, names map[string]*property) (any, bool) {
	d := fastDecoder{b: b, names: names}
	v, ok := d.value(0)
	if !ok {
		return nil, false
	}
	d.space()
	return v, d.i == len(b)
}

// DecodePlainScalar decodes t, the JSON text of one value with no
// surrounding whitespace, when it is a plain scalar: a number (as
// json.Number), true, false, null, or a string with no escape, no control
// character and only UTF-8. Anything else reports false, and the caller
// decodes t with DecodeValue. It is the first step of DecodeValue's own
// fast path, for a caller that needs only scalars to skip the rest (the
// CLI's read, one value a line).
func DecodePlainScalar(t []byte) (any, bool) {
	if len(t) == 0 || t[0] == '{' || t[0] == '[' || t[0] == ' ' || t[0] == '\t' || t[0] == '\n' || t[0] == '\r' {
		return nil, false
	}
	d := fastDecoder{b: t}
	v, ok := d.value(0)
	return v, ok && d.i == len(t)
}

type fastDecoder struct {
	b     []byte
	i     int
	names map[string]*property
}

func (d *fastDecoder) space() { d.i = jsonscan.SkipSpace(d.b, d.i) }

// value decodes the value at d.i; depth is how many containers hold it.
func (d *fastDecoder) value(depth int) (any, bool) {
	d.space()
	if d.i >= len(d.b) {
		return nil, false
	}
	switch c := d.b[d.i]; {
	case c == '"':
		s, ok := d.text()
		if !ok {
			return nil, false
		}
		return string(s), true
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	}
	return nil, false
}

func (d *fastDecoder) literal(word string) bool {
	if len(d.b)-d.i < len(word) || string(d.b[d.i:d.i+len(word)]) != word {
		return false
	}
	d.i += len(word)
	return true
}

// text reads the string at d.i (a quote) and returns its bytes, when it
// holds no escape, no control character and only UTF-8.
func (d *fastDecoder) text() ([]byte, bool) {
	s := jsonscan.ScanString(d.b, d.i)
	if !s.Closed || !s.Plain {
		return nil, false
	}
	start := d.i + 1
	d.i = s.End
	return d.b[start : s.End-1], true
}

// number reads a number at d.i as JSON spells one.
func (d *fastDecoder) number() (any, bool) {
	end := jsonscan.Number(d.b, d.i)
	if end < 0 {
		return nil, false
	}
	n := json.Number(d.b[d.i:end])
	d.i = end
	return n, true
}

func (d *fastDecoder) array(depth int) (any, bool) {
	if depth > agentinput.MaxJSONDepth {
		return nil, false
	}
	d.i++ // [
	out := []any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return out, true
	}
	for {
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		d.space()
		if d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			return out, true
		default:
			return nil, false
		}
	}
}

func (d *fastDecoder) object(depth int) (any, bool) {
	if depth > agentinput.MaxJSONDepth {
		return nil, false
	}
	d.i++ // {
	out := map[string]any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return out, true
	}
	for {
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, false
		}
		raw, ok := d.text()
		if !ok {
			return nil, false
		}
		var name string
		if p, known := d.names[string(raw)]; known && depth == 1 && p.Name == string(raw) {
			name = p.Name
		} else {
			name = string(raw)
		}
		if _, twice := out[name]; twice {
			// A name written twice: the slow path says which, and
			// whether the values differ.
			return nil, false
		}
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != ':' {
			return nil, false
		}
		d.i++
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		out[name] = v
		d.space()
		if d.i >= len(d.b) {
			return nil, false
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			return out, true
		default:
			return nil, false
		}
	}
}
