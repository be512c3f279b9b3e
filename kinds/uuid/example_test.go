package uuid_test

import (
	"fmt"

	"agentinput.dev/kinds/uuid"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := uuid.Read("4E6A3FAC-9262-4826-91F0-E77195E54C58", uuid.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// 4e6a3fac-9262-4826-91f0-e77195e54c58
	// form Read "4E6A3FAC-9262-4826-91F0-E77195E54C58" as "4e6a3fac-9262-4826-91f0-e77195e54c58" (lowercased)
}

// A spelling it cannot read with one meaning is an ask: an identifier has
// one meaning or none, so the ask says what to send instead of listing
// readings.
func ExampleRead_ask() {
	out := uuid.Read("4e6a3fac-9262-4826-91f0-e77195e54c5", uuid.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "4e6a3fac-9262-4826-91f0-e77195e54c5": it has 31 hex digits; a UUID has 32. Expected a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "4e6a3fac-9262-4826-91f0-e77195e54c58". Send the id of the record you mean, as a lowercase 8-4-4-4-12 UUID string; do not invent one.
}
