// Package outcomejson is the reference for the JSON of an outcome: the
// outcome encoded by encoding/json from the shape's struct types. It is
// test-only code: the library writes that JSON by hand
// (agentinput.Outcome.AppendJSON), and internal/oracle (every kind's
// oracle tests and fuzz targets), this package's tests and
// cmd/agentinput's output test hold the two equal, byte for byte.
package outcomejson

import (
	"bytes"
	"encoding/json"

	"agentinput.dev/agentinput"
)

// Outcome is the reference for the JSON of an outcome (what
// Outcome.MarshalJSON and `agentinput read` write, without the "input"
// key): the outcome encoded by encoding/json, with HTML escaping off, from
// the shape's struct types — Note, Warning, Reading and askShape — and
// its exported methods.
func Outcome[T any](o agentinput.Outcome[T]) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"status":`)
	if err := encode(&b, o.Status()); err != nil {
		return nil, err
	}
	if v, ok := o.Value(); ok {
		b.WriteString(`,"value":`)
		if err := encode(&b, v); err != nil {
			return nil, err
		}
	}
	b.WriteString(`,"notes":`)
	if err := encode(&b, o.Notes()); err != nil {
		return nil, err
	}
	b.WriteString(`,"warnings":`)
	if err := encode(&b, o.Warnings()); err != nil {
		return nil, err
	}
	if a, ok := o.Ask(); ok {
		b.WriteString(`,"ask":`)
		text, err := Ask(a)
		if err != nil {
			return nil, err
		}
		b.Write(text)
	}
	b.WriteString("}")
	return b.Bytes(), nil
}

// askShape is the JSON shape of an ask, as the README's CLI section shows
// it: readings is always an array, received is null when empty.
type askShape struct {
	Code     agentinput.AskCode   `json:"code"`
	Message  string               `json:"message"`
	Received json.RawMessage      `json:"received"`
	Expected string               `json:"expected"`
	Hint     string               `json:"hint"`
	Readings []agentinput.Reading `json:"readings"`
}

// Ask is the reference for Ask.MarshalJSON: the ask encoded by
// encoding/json from askShape.
func Ask(a agentinput.Ask) ([]byte, error) {
	s := askShape{Code: a.Code, Message: a.Message(), Received: a.Received, Expected: a.Expected, Hint: a.Hint, Readings: a.Readings}
	if len(s.Received) == 0 {
		s.Received = json.RawMessage("null")
	}
	if s.Readings == nil {
		s.Readings = []agentinput.Reading{}
	}
	var b bytes.Buffer
	if err := encode(&b, s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// encode writes v's JSON to b as the library's encoder would have: no
// HTML escaping, no line end.
func encode(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // the encoder's "\n"
	return nil
}
