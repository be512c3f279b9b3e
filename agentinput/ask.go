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
	var b strings.Builder
	received := string(a.Received)
	if received == "" {
		received = "null"
	}
	switch a.Code {
	case AskMissingRequired:
		b.WriteString("A value is required")
	case AskPlaceholderOnWrite:
		b.WriteString("Did not read ")
		b.WriteString(received)
		b.WriteString(" as absent")
	case AskTooLarge:
		b.WriteString("Did not read ")
		b.WriteString(received)
	default:
		b.WriteString("Could not read ")
		b.WriteString(received)
	}
	switch {
	case a.Reason != "" && len(a.Readings) > 0:
		b.WriteString(": ")
		b.WriteString(a.Reason)
		b.WriteString("; ")
		writeReadings(&b, a.Readings)
	case a.Reason != "":
		b.WriteString(": ")
		b.WriteString(a.Reason)
	case len(a.Readings) > 0:
		b.WriteString(": ")
		writeReadings(&b, a.Readings)
	}
	b.WriteString(".")
	if a.Expected != "" {
		b.WriteString(" Expected ")
		b.WriteString(a.Expected)
		b.WriteString(".")
	}
	if a.Hint != "" {
		b.WriteString(" ")
		b.WriteString(a.Hint)
		if !strings.HasSuffix(a.Hint, ".") {
			b.WriteString(".")
		}
	}
	return b.String()
}

func writeReadings(b *strings.Builder, rs []Reading) {
	if len(rs) == 1 {
		b.WriteString("it may mean ")
	} else {
		b.WriteString("it has ")
		b.WriteString(itoa(len(rs)))
		b.WriteString(" meanings: ")
	}
	for i, r := range rs {
		if i > 0 {
			if i == len(rs)-1 {
				b.WriteString(" or ")
			} else {
				b.WriteString(", ")
			}
		}
		b.Write(r.Value)
		if r.Meaning != "" {
			b.WriteString(" (")
			b.WriteString(r.Meaning)
			b.WriteString(")")
		}
	}
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
func (a Ask) MarshalJSON() ([]byte, error) {
	received := a.Received
	if len(received) == 0 {
		received = json.RawMessage("null")
	}
	readings := a.Readings
	if readings == nil {
		readings = []Reading{}
	}
	return marshal(struct {
		Code     AskCode         `json:"code"`
		Message  string          `json:"message"`
		Received json.RawMessage `json:"received"`
		Expected string          `json:"expected"`
		Hint     string          `json:"hint"`
		Readings []Reading       `json:"readings"`
	}{a.Code, a.Message(), received, a.Expected, a.Hint, readings})
}
