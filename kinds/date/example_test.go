package date_test

import (
	"fmt"

	"agentinput.dev/kinds/date"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := date.Read("2026/10/01", date.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// 2026-10-01
	// date_form Read "2026/10/01" as "2026-10-01" (year, month and day)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from. Here the order of day and month is
// not declared.
func ExampleRead_ask() {
	out := date.Read("01/02/2026", date.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "01/02/2026": the order of day and month is not declared; it has 2 meanings: "2026-02-01" (day first) or "2026-01-02" (month first). Expected a date as YYYY-MM-DD, for example "2026-10-01". Send the one you mean as YYYY-MM-DD.
}
