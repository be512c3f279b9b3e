// Package fuzz checks a tool against the spellings models write.
//
// A model sends "4 000" for a number, "1. 10. 2026" for a date, "ano" for
// true, null or "N/A" for an unset optional, a misspelled property name.
// Tool asks, for every such way a model might spell a call's arguments,
// whether the tool's handler gets the same values as from the canonical
// call, or the call is an ask that names the property — never another
// value:
//
//	func TestSearchSpellings(t *testing.T) {
//		fuzz.Tool(t, search, `{"amount": 4000, "since": "2026-10-01"}`)
//	}
//
// The spellings come from the kinds themselves (each kind's
// agentinput.Speller, drawn through factory.Tool.Spell), so a tool is
// fuzzed with exactly the classes its kinds read and no second table of
// them. Fuzz runs the same check under `go test -fuzz`. Draws adapts a
// rapid draw to the kinds' agentinput.Chooser, for a property test of
// one's own.
//
// The package's tests also hold the cross-kind fuzz targets: random JSON
// arguments into the demonstration registry (internal/demo), checked
// against the factory's invariants (factory_test.go, docs/robustness.md).
// docs/fuzzing.md says what is checked and how to add a spelling class.
package fuzz
