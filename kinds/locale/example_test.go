package locale_test

import (
	"fmt"

	"agentinput.dev/kinds/locale"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := locale.Read("cs_CZ", locale.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// cs-CZ
	// form Read "cs_CZ" as "cs-CZ" (underscore)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from.
func ExampleRead_ask() {
	out := locale.Read("Swiss German", locale.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "Swiss German": it names several languages; it has 2 meanings: "gsw" (Swiss German) or "de-CH" (Swiss High German). Expected a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ". Send the tag you mean: "gsw" or "de-CH".
}
