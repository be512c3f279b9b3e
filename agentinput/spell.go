package agentinput

import (
	"bytes"
	"encoding/json"
)

// Spelled is one way a value may be sent, labelled with its class: the
// spelling class of the kind's package doc it was drawn from ("grouped by
// spaces", "month name (cs)", "canonical").
//
// Value is the spelling as a decoded JSON value, as a call's arguments
// hold it: a string for most spellings, a json.Number or a bool for a
// JSON number or boolean, a []any for a list sent as an array.
type Spelled struct {
	Value any
	Class string
}

// Chooser makes the choices of a spelling generator. Choose returns an
// integer in [0, n) for n > 0; label names the choice, so that a test
// framework that records draws (rapid) reports a failing case by its
// choices. Choice 0 is always the plainest: a shrinking framework reduces
// a failing spelling toward the canonical one.
//
// fuzz.Draws adapts a rapid draw; a seeded math/rand source is one too
// (the CLI's `agentinput spell`).
type Chooser interface {
	Choose(label string, n int) int
}

// Speller is the spelling half of a kind, beside its Reader: every kind's
// *Reader is one (the kinds own their spelling classes, as they own their
// readings, so a test and a fuzzer draw from the same classes the reader
// reads).
//
// Spell writes v in a spelling the Reader reads back as v (a value, with a
// note when the spelling is not canonical), drawn by c from every class
// the kind reads under the Reader's options.
//
// Ambiguous writes v in a spelling the Reader must ask about, one of whose
// readings is v (the Ask's Readings hold v's canonical JSON); ok is false
// when v has no such spelling under the Reader's options (4000 has one,
// "4,000"; 5 has none; a date with its day above 12 has no day/month
// swap).
type Speller[T any] interface {
	Spell(c Chooser, v T) Spelled
	Ambiguous(c Chooser, v T) (s Spelled, ok bool)
}

// SpelledCanonically is v in its canonical spelling, class "canonical":
// its JSON, decoded as a call's arguments hold it (numbers as
// json.Number). A Speller whose value has no other spelling it can vouch
// for answers it. Value is nil when v does not encode.
func SpelledCanonically(v any) Spelled {
	b, err := json.Marshal(v)
	if err != nil {
		return Spelled{Class: "canonical"}
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out any
	if d.Decode(&out) != nil {
		out = nil
	}
	return Spelled{Value: out, Class: "canonical"}
}
