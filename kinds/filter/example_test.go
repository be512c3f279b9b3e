package filter_test

import (
	"fmt"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/filter"
)

func show[T any](o agentinput.Outcome[T]) {
	if v, ok := o.Value(); ok {
		fmt.Printf("value %v\n", v)
	}
	if o.Status() == agentinput.StatusAbsent {
		fmt.Println("absent: no filter")
	}
	for _, n := range o.Notes() {
		fmt.Println("  note:", n.Message)
	}
	if a, ok := o.Ask(); ok {
		fmt.Printf("ask %s: %s\n", a.Code, a.Message())
		for _, r := range a.Readings {
			fmt.Printf("  reading %s: %s\n", r.Value, r.Meaning)
		}
	}
}

// A filter over declared values: "all" means no filter, a value reads as
// the kind reads it, and a negation is never read as the value it negates.
func Example() {
	tags, err := enum.New(enum.Options{Values: []string{"contract", "tort", "tax"}})
	if err != nil {
		panic(err)
	}
	f, err := filter.New(filter.Options[string]{Read: tags.Read, Expected: tags.Expected(), Example: tags.Example(), Values: tags.Values()})
	if err != nil {
		panic(err)
	}
	show(f.Read("all"))
	show(f.Read("TAX"))
	show(f.Read("not tax"))
	// Output:
	// absent: no filter
	//   note: Read "all" as absent (not filtering)
	// value tax
	//   note: Read "TAX" as "tax" (letter case, separators or diacritics differ)
	// ask invalid: Could not read "not tax": a filter names the values to keep; it cannot exclude one. Expected one of "contract", "tort", "tax" (a JSON string), for example "contract"; or "all" (or nothing) for no filter. Send the values to keep, or leave the filter out.
}
