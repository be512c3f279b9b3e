package boolean_test

import (
	"fmt"

	"agentinput.dev/kinds/boolean"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := boolean.Read("ano", boolean.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// true
	// word Read "ano" as true (cs, sk: yes)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from. Here the tool reads Czech and
// Greek words, and "ne" is no in one and yes in the other.
func ExampleRead_ask() {
	out := boolean.Read("ne", boolean.Options{Languages: []string{"cs", "el"}})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "ne": it has 2 meanings: true (yes in el) or false (no in cs). Expected true or false (a JSON boolean), for example true. Send the one you mean as a JSON boolean, true or false.
}
