package number

import (
	"encoding/json"

	"agentinput.dev/agentinput"
)

// Options are a number property's options. The zero value reads any
// finite number, with no range and no declared convention.
type Options struct {
	// Integer admits whole numbers only: "10.0" reads as 10, "10.5" is an
	// ask, and a single separator before three digits ("1,234") is grouping.
	Integer bool
	// Min and Max bound the value when set.
	Min, Max *Decimal
	// Clamp replaces a value outside [Min, Max] by the nearest bound, with
	// a note, instead of asking (the page-size rule).
	Clamp bool
	// Convention is the declared decimal-mark convention of the field
	// (see ConventionFor); the zero Convention declares none.
	Convention Convention
}

// Read reads one decoded JSON value as a number. See doc.go for the
// spellings it reads.
func Read(v any, opts Options) agentinput.Outcome[Decimal] {
	return agentinput.Asking[Decimal](agentinput.Ask{Code: agentinput.AskInvalid, Received: agentinput.Received(v), Expected: Expected(opts)})
}

// Expected says in words what a property with these options accepts, with
// one canonical example.
func Expected(opts Options) string {
	return "a JSON number, for example " + string(Example(opts))
}

// Example returns one canonical value a property with these options accepts.
func Example(opts Options) json.RawMessage {
	return json.RawMessage("4000")
}

// Parse reads the canonical spelling of a number strictly: the JSON number
// grammar, within the float64 range and the digit budget. It is the
// inverse of Decimal.String.
func Parse(s string) (Decimal, error) {
	return Decimal{}, ErrSyntax
}
