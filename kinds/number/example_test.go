package number_test

import (
	"fmt"

	"agentinput.dev/kinds/number"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := number.Read("4 000", number.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// 4000
	// grouping Read "4 000" as 4000 (space groups digits)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from. Here no decimal-mark convention is
// declared.
func ExampleRead_ask() {
	out := number.Read("1,234", number.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "1,234": it has 2 meanings: 1234 (comma groups thousands) or 1.234 (comma is the decimal mark). Expected a JSON number, for example 4000. Send the number you mean, 1234 or 1.234, as a JSON number.
}
