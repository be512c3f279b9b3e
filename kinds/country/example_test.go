package country_test

import (
	"fmt"

	"agentinput.dev/kinds/country"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := country.Read("Czech Republic", country.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// CZ
	// name Read "Czech Republic" as "CZ" (Czechia)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from.
func ExampleRead_ask() {
	out := country.Read("Congo", country.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "Congo": it names several countries; it has 2 meanings: "CD" (Congo - Kinshasa) or "CG" (Congo - Brazzaville). Expected an ISO 3166-1 alpha-2 country code, for example "CZ". Send the code you mean: "CD" or "CG".
}
