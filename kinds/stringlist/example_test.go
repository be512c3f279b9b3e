package stringlist_test

import (
	"fmt"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/stringlist"
)

func show[T any](o agentinput.Outcome[T]) {
	if v, ok := o.Value(); ok {
		fmt.Printf("value %v\n", v)
		for _, n := range o.Notes() {
			fmt.Println("  note:", n.Message)
		}
	}
	if a, ok := o.Ask(); ok {
		fmt.Printf("ask %s: %s\n", a.Code, a.Message())
		for _, r := range a.Readings {
			fmt.Printf("  reading %s: %s\n", r.Value, r.Meaning)
		}
	}
}

// A list of declared tags: a separated string is split into its items,
// each read by the enum; an item that does not read is an ask at its
// place.
func Example() {
	tags, err := enum.New(enum.Options{Values: []string{"contract", "tort", "tax"}})
	if err != nil {
		panic(err)
	}
	list, err := stringlist.New(stringlist.Options[string]{Item: tags.Read, Split: true, Unique: true,
		ItemExpected: tags.Expected(), ItemExample: tags.Example()})
	if err != nil {
		panic(err)
	}
	show(list.Read("Tax, tort"))
	show(list.Read([]any{"tax", "taxes and fees"}))
	// Output:
	// value [tax tort]
	//   note: Read "Tax, tort" as ["Tax","tort"] (separated items)
	//   note: Read "Tax" as "tax" (at index 0; letter case, separators or diacritics differ)
	// ask invalid: Could not read ["tax","taxes and fees"]: the item at index 1 could not be read: it is not one of the declared values. Expected a JSON array whose items are each one of "contract", "tort", "tax" (a JSON string), for example "contract"; for example ["contract"]. Fix the item at index 1: send one of the declared values exactly as listed.
}
