package vocabulary_test

import (
	"fmt"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/vocabulary"
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

// A data-owned vocabulary: an entry read by its name without diacritics,
// and a word that names two entries asked about with both.
func Example() {
	courts, err := vocabulary.Load(strings.NewReader(`[
	 {"id": "NS", "names": ["Nejvyšší soud"], "abbreviations": ["NS"], "english": ["Supreme Court"]},
	 {"id": "NSS", "names": ["Nejvyšší správní soud"], "abbreviations": ["NSS"], "english": ["Supreme Administrative Court"]}
	]`))
	if err != nil {
		panic(err)
	}
	show(courts.Read("nejvyssi soud"))
	show(courts.Read("Nejvyšší"))
	// Output:
	// value NS
	//   note: Read "nejvyssi soud" as "NS" (a name of Nejvyšší soud)
	// ask ambiguous: Could not read "Nejvyšší": it begins names of 2 entries; it has 2 meanings: "NS" (Nejvyšší soud, Supreme Court) or "NSS" (Nejvyšší správní soud, Supreme Administrative Court). Expected the id of an entry, or one of its names, abbreviations or English names, as a JSON string, for example "NS"; the ids are "NS", "NSS". Send the id of the entry you mean, as listed.
	//   reading "NS": Nejvyšší soud, Supreme Court
	//   reading "NSS": Nejvyšší správní soud, Supreme Administrative Court
}
