package agentinput

import (
	"encoding/json"
	"strings"
)

// Ask is the one ask-for-a-fix shape of the module: why a spelling could
// not be read, and what to send instead.
//
//   - Received is the raw value as it arrived, cut by Received.
//   - Expected says in words what is accepted, with one canonical example.
//   - Hint names the corrective action: the exact spelling to send next.
//   - Readings lists every meaning of an ambiguous spelling, each value in
//     canonical JSON, so the caller can copy one. It is empty when the
//     spelling has no meaning at all.
//   - Reason says in a few words what is wrong with the spelling; it is
//     part of the message, not of the encoding.
//
// The message is never written by hand: Message renders it from the other
// fields, for every ask of every kind.
type Ask struct {
	Code     AskCode
	Received json.RawMessage
	Expected string
	Hint     string
	Readings []Reading
	Reason   string
}

// Reading is one meaning of an ambiguous spelling.
type Reading struct {
	Value   json.RawMessage `json:"value"`
	Meaning string          `json:"meaning"`
}

// Message renders the ask as one or two sentences a model can act on:
//
//	Could not read "1,234": it has 2 meanings: 1234 (comma groups thousands) or 1.234 (comma is the decimal mark). Send one of them as a JSON number.
//
// The shape is the same for every code: what could not be read, why
// (Reason, or the readings), what is expected, and the hint.
func (a Ask) Message() string {
	var buf [512]byte
	return string(a.message(msgWriter{b: buf[:0]}).b)
}

// message writes the ask's message, the one definition of its text.
func (a Ask) message(w msgWriter) msgWriter {
	received := a.Received
	if len(received) == 0 {
		received = json.RawMessage("null")
	}
	switch a.Code {
	case AskMissingRequired:
		w = w.str("A value is required")
	case AskPlaceholderOnWrite:
		w = w.str("Did not read ")
		w = w.bytes(received)
		w = w.str(" as absent")
	case AskTooLarge:
		w = w.str("Did not read ")
		w = w.bytes(received)
	default:
		w = w.str("Could not read ")
		w = w.bytes(received)
	}
	switch {
	case a.Reason != "" && len(a.Readings) > 0:
		w = w.str(": ")
		w = w.str(a.Reason)
		w = w.str("; ")
		w = writeReadings(w, a.Readings)
	case a.Reason != "":
		w = w.str(": ")
		w = w.str(a.Reason)
	case len(a.Readings) > 0:
		w = w.str(": ")
		w = writeReadings(w, a.Readings)
	}
	w = w.str(".")
	if a.Expected != "" {
		w = w.str(" Expected ")
		w = w.str(a.Expected)
		w = w.str(".")
	}
	if a.Hint != "" {
		w = w.str(" ")
		w = w.str(a.Hint)
		if !strings.HasSuffix(a.Hint, ".") {
			w = w.str(".")
		}
	}
	return w
}

func writeReadings(w msgWriter, rs []Reading) msgWriter {
	if len(rs) == 1 {
		w = w.str("it may mean ")
	} else {
		w = w.str("it has ")
		w = w.str(itoa(len(rs)))
		w = w.str(" meanings: ")
	}
	for i, r := range rs {
		if i > 0 {
			if i == len(rs)-1 {
				w = w.str(" or ")
			} else {
				w = w.str(", ")
			}
		}
		w = w.bytes(r.Value)
		if r.Meaning != "" {
			w = w.str(" (")
			w = w.str(r.Meaning)
			w = w.str(")")
		}
	}
	return w
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// MarshalJSON encodes the ask as `agentinput read` prints it (README, CLI):
//
//	{"code", "message", "received", "expected", "hint", "readings"}
//
// readings is always an array, empty for an invalid spelling.
func (a Ask) MarshalJSON() ([]byte, error) { return a.appendJSON(nil) }

// appendJSON appends the encoding of MarshalJSON to b (see json.go).
func (a Ask) appendJSON(b []byte) ([]byte, error) {
	received := a.Received
	if len(received) == 0 {
		received = json.RawMessage("null")
	}
	b = append(b, `{"code":`...)
	b = appendQuoted(b, a.Code)
	b = append(b, `,"message":"`...)
	b = append(a.message(msgWriter{esc: true, b: b}).b, `","received":`...)
	var err error
	if b, err = appendRaw(b, received); err != nil {
		return nil, err
	}
	b = append(b, `,"expected":`...)
	b = appendQuoted(b, a.Expected)
	b = append(b, `,"hint":`...)
	b = appendQuoted(b, a.Hint)
	b = append(b, `,"readings":[`...)
	for i, r := range a.Readings {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"value":`...)
		if b, err = appendRaw(b, r.Value); err != nil {
			return nil, err
		}
		b = append(b, `,"meaning":`...)
		b = appendQuoted(b, r.Meaning)
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}
