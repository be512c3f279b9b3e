package locale

import (
	"encoding/json"
	"strings"
	"testing"

	"golang.org/x/text/language"
	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

// TestPropertyNegatedNeverTheLanguage: a language's English name, led by
// any inverting mark or word of internal/spelling, neither reads as that
// language nor offers it: "-Czech" is not Czech.
func TestPropertyNegatedNeverTheLanguage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code := rapid.SampledFrom(plainLanguages).Draw(t, "language")
		name := englishName(code)
		if name == "" {
			t.Skip("no English name")
		}
		var prefix string
		if rapid.Bool().Draw(t, "mark") {
			prefix = rapid.SampledFrom(spelling.NegationMarks()).Draw(t, "mark") + rapid.SampledFrom([]string{"", " "}).Draw(t, "gap")
		} else {
			w := rapid.SampledFrom(spelling.NegationWords()).Draw(t, "word")
			if rapid.Bool().Draw(t, "upper") {
				w = strings.ToUpper(w)
			}
			// Not a hyphen: "no-TIV" is a tag (a language and an extlang).
			prefix = w + rapid.SampledFrom([]string{" ", ": "}).Draw(t, "gap")
		}
		in := prefix + recase(t, name)
		want, _ := language.Parse(code)
		o := Read(in, Options{})
		if got, ok := o.Value(); ok {
			if got == want {
				t.Fatalf("Read(%q) = %s, the language it negates", in, got)
			}
			return
		}
		a, _ := o.Ask()
		for _, r := range a.Readings {
			var s string
			if json.Unmarshal(r.Value, &s) == nil && s == want.String() {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) offers %s, the language it negates: %s", in, s, b)
			}
		}
	})
}
