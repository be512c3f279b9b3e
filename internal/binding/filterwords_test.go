package binding

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// fixedOptionSamples are values of every option a fixed kind takes, each
// tried alone: the kinds whose values are their own data must read no
// "not filtering" word as a value in any of them. A fixed kind's new
// option needs a sample here (the test fails without one).
var fixedOptionSamples = map[string][]string{
	"integer":    {"integer"},
	"min":        {"min=-1000000"},
	"max":        {"max=1000000", "max=100"},
	"clamp":      {"clamp,min=0,max=100"},
	"convention": {"convention=cs", "convention=en", "convention=de"},
	"languages":  {"languages=cs|sk|de|pl|fr|es|it|pt|nl|en"},
	"bound":      {"bound=from", "bound=to"},
	"order":      {"order=cs", "order=en-US"},
	"alpha3":     {"alpha3"},
	"admit":      {"admit=CZ|SK|AT|DE|US|GB"},
	"zone":       {"zone=Europe/Prague", "zone=UTC"},
}

// TestNotFilteringWordsAreNoFixedValue holds the fact a filter over a
// fixed kind relies on at declaration (kindRow.fixed, filter
// Options.WordsChecked): no word of the "not filtering" table, in any
// language, reads as a value of the kind, with no option or with any one
// option. A kind that declares its values (enum, vocabulary) is not fixed:
// a filter over it reads the words at declaration instead.
func TestNotFilteringWordsAreNoFixedValue(t *testing.T) {
	var words []string
	for _, lang := range spelling.AllWordLanguages() {
		words = append(words, spelling.AllWords(lang)...)
	}
	if len(words) < 50 {
		t.Fatalf("only %d not-filtering words", len(words))
	}
	fixed := 0
	for _, row := range kindTable {
		if !row.fixed {
			continue
		}
		fixed++
		tags := []string{""}
		for _, o := range row.options {
			samples, ok := fixedOptionSamples[o.name]
			if !ok {
				t.Errorf("kind %s: option %s has no sample in fixedOptionSamples", row.name, o.name)
			}
			tags = append(tags, samples...)
		}
		for _, tag := range tags {
			opts, err := parseTag(tag)
			if err != nil {
				t.Fatalf("kind %s, %q: %v", row.name, tag, err)
			}
			b, err := row.bind(row.value, opts)
			if err != nil {
				t.Fatalf("kind %s, %q: %v", row.name, tag, err)
			}
			for _, w := range words {
				if o := b.read(w); o.Status() == agentinput.StatusValue {
					v, _ := o.Value()
					t.Errorf("kind %s, %q: the not-filtering word %q reads as %v", row.name, tag, w, v.JSON)
				}
			}
		}
	}
	if fixed < 8 {
		t.Errorf("%d fixed kinds, want the 8 whose values are their own data", fixed)
	}
	// The flag is what a filter reads: a fixed kind's filter skips the
	// words, a declared kind's reads them.
	for kind, want := range map[string]bool{"country": true, "locale": true, "date": true, "enum": false, "vocabulary": false, "text": false, "bytes": false} {
		row, ok := kindNamed(kind)
		if !ok || row.fixed != want {
			t.Errorf("kind %s: fixed %v, want %v", kind, ok && row.fixed, want)
		}
	}
}
