package enum_test

import (
	"fmt"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/enum"
)

// show prints an outcome as the agent reads it: the value and its notes,
// or the ask and its readings.
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

// A declared value read through case and separators, with the note the
// agent reads; a typo one edit from a declared value is an ask naming it,
// never a guess.
func Example() {
	status, err := enum.New(enum.Options{Values: []string{"draft", "published_at", "archived"}})
	if err != nil {
		panic(err)
	}
	show(status.Read("Published At"))
	show(status.Read("archivd"))
	// Output:
	// value published_at
	//   note: Read "Published At" as "published_at" (letter case, separators or diacritics differ)
	// ask ambiguous: Could not read "archivd": it is not a declared value, and is close to one; it may mean "archived" (the declared value "archived", 1 edit away). Expected one of "draft", "published_at", "archived" (a JSON string), for example "draft". Send the one you mean exactly as listed.
	//   reading "archived": the declared value "archived", 1 edit away
}
