package locale

import (
	"slices"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/inflect"
)

// TestPropertyForeignNames: a language's name in another language of
// foreignNames, or any form internal/inflect gives of it, in any case,
// with or without a preposition that says "in" before it, reads as that language,
// or, when another language's name or form is spelled the same, is an
// ask that names it among its readings: never another language alone.
func TestPropertyForeignNames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(foreignNames[:]).Draw(t, "row")
		in, tag, name := r[0], r[1], r[2]
		s := name
		if forms := inflect.LanguageForms(name, in, func(s string) string { return s }, nil); len(forms) > 0 && rapid.Bool().Draw(t, "form") {
			s = rapid.SampledFrom(forms).Draw(t, "the form")
		}
		s = recase(t, s)
		if rapid.Bool().Draw(t, "preposition") {
			// In lower case: in capitals "IN", "NA", "IM" are countries'
			// codes, and "IN Ao Naga" is India's (TestRegionalCases).
			s = rapid.SampledFrom(inPrepositions).Draw(t, "the preposition") + " " + s
		}
		o := Read(s, Options{})
		if v, ok := o.Value(); ok {
			if v.String() != tag {
				t.Fatalf("Read(%q) = %s, want %s (%s's name in %s)", s, v, tag, name, in)
			}
			return
		}
		a, _ := o.Ask()
		var readings []string
		for _, r := range a.Readings {
			u, _ := strconv.Unquote(string(r.Value))
			readings = append(readings, u)
		}
		if !slices.Contains(readings, tag) {
			t.Fatalf("Read(%q) asks %s (%s) with readings %v, want %s among them (%s's name in %s)", s, a.Code, a.Reason, readings, tag, name, in)
		}
	})
}
