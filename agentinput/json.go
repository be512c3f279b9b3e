package agentinput

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"unicode/utf8"
)

// The JSON encoding of an outcome (Outcome.AppendJSON, Ask.MarshalJSON) is
// written here by hand, appended to one buffer: `agentinput read` writes
// one outcome per line, and encoding/json, with an encoder, reflection and
// a rendered string per message, cost most of the line. The bytes are
// encoding/json's (without HTML escaping), key for key and escape for
// escape: TestOutcomeJSONAgrees and TestAskJSONAgrees (internal/outcomejson)
// hold every line shape equal to internal/outcomejson.Outcome, which
// encodes the same outcome with encoding/json from the shape's struct
// types (Note, Warning, Reading and the ask's fields), over tables and
// generated outcomes.

// msgWriter writes a message piece by piece: into a string as it is
// (Notes, Ask.Message), or escaped as the inside of a JSON string (the
// encoding). Every message is built from pieces that meet at ASCII text
// ("Read ", " as ", " (", ": "), and escaping is rune by rune, so the
// escaped pieces put together are the escaped message.
type msgWriter struct {
	b   []byte // the message, escaped when esc
	esc bool
}

func (w msgWriter) str(s string) msgWriter {
	if w.esc {
		w.b = appendEscaped(w.b, s)
	} else {
		w.b = append(w.b, s...)
	}
	return w
}

func (w msgWriter) bytes(s []byte) msgWriter {
	if w.esc {
		w.b = appendEscaped(w.b, s)
	} else {
		w.b = append(w.b, s...)
	}
	return w
}

// spelling writes s as Spelling.String renders it.
func (w msgWriter) spelling(s Spelling) msgWriter {
	if !w.esc {
		w.b = s.appendTo(w.b)
		return w
	}
	if mark, ok := s.v.(spellMark); ok && len(s.s) <= MaxReceivedChars && plain(s.s) {
		// Bytes that need no escape, not cut (as many characters as
		// bytes): what appendTo writes, escaped, without the detour.
		if mark == spellText {
			w.b = append(w.b, '\\', '"')
			w.b = append(w.b, s.s...)
			w.b = append(w.b, '\\', '"')
		} else {
			w.b = append(w.b, s.s...)
		}
		return w
	}
	var buf [128]byte
	w.b = appendEscaped(w.b, s.appendTo(buf[:0]))
	return w
}

// plain reports whether every byte of s is ASCII that a JSON string holds
// as it is.
func plain[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// note writes one note as the JSON object {"code", "message"}.
func (w msgWriter) note(p pendingNote, self Spelling) msgWriter {
	w.b = append(w.b, `{"code":`...)
	w.b = appendQuoted(w.b, p.code)
	w.b = append(w.b, `,"message":"`...)
	w = p.message(w, self)
	w.b = append(w.b, `"}`...)
	return w
}

// appendRaw appends a json.RawMessage as encoding/json encodes one: nil
// as null, and the text compacted; text that is not JSON is an error.
func appendRaw(b []byte, raw json.RawMessage) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	if compactASCII(raw) && simpleJSON(raw) {
		return append(b, raw...), nil
	}
	// The encoder's own way, for anything else: compacted, or its error.
	text, err := marshal(raw)
	if err != nil {
		return nil, err
	}
	return append(b, text...), nil
}

// appendValue appends the JSON encoding of v as marshal(v) writes it.
// The values kinds read (strings, booleans, and types with their own
// MarshalJSON or MarshalText) are appended directly; anything else, and
// any text that encoding/json would change or refuse, is left to marshal.
func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendQuoted(b, x), nil
	case bool:
		if x {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case []string:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, s := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, s)
		}
		return append(b, ']'), nil
	}
	if t := reflect.TypeOf(v); t.Kind() != reflect.Pointer {
		switch x := v.(type) {
		case jsonAppender:
			if text, err := x.AppendJSON(b); err == nil && compactASCII(text[len(b):]) && simpleJSON(text[len(b):]) {
				return text, nil
			}
		case json.Marshaler:
			if text, err := x.MarshalJSON(); err == nil && compactASCII(text) && simpleJSON(text) {
				return append(b, text...), nil
			}
		case encoding.TextMarshaler:
			if text, err := x.MarshalText(); err == nil {
				return appendQuoted(b, text), nil
			}
		}
	}
	text, err := marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, text...), nil
}

// jsonAppender is a value type that appends its MarshalJSON encoding to a
// buffer instead of returning a new one (number.Decimal, date.Date). Only
// a type that is also a json.Marshaler is trusted with it: that is the
// encoding encoding/json would write.
type jsonAppender interface {
	json.Marshaler
	AppendJSON(b []byte) ([]byte, error)
}

// simpleJSON reports whether b is valid JSON, quickly for the texts kinds
// write (a number, a string of printable ASCII without escapes, a literal)
// and by json.Valid for anything else.
func simpleJSON(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	switch c := b[0]; {
	case c == '"':
		if len(b) < 2 || b[len(b)-1] != '"' {
			return json.Valid(b)
		}
		if !plain(b[1 : len(b)-1]) {
			return json.Valid(b)
		}
		return true
	case c == '-' || c >= '0' && c <= '9':
		return isJSONNumber(b) || json.Valid(b)
	}
	return bytes.Equal(b, []byte("true")) || bytes.Equal(b, []byte("false")) ||
		bytes.Equal(b, []byte("null")) || json.Valid(b)
}

// isJSONNumber reports whether b is a number by JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}
