package country

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

// TestPropertyNegatedNeverTheCountry: any spelling of any country (code,
// name, alias, in any case), led by any inverting mark or word of
// internal/spelling, neither reads as that country nor offers it: a
// country cannot be excluded, and "-Germany" is not Germany.
func TestPropertyNegatedNeverTheCountry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, c, _ := drawSpelling(t)
		var prefix string
		if rapid.Bool().Draw(t, "mark") {
			prefix = rapid.SampledFrom(spelling.NegationMarks()).Draw(t, "mark") + rapid.SampledFrom([]string{"", " "}).Draw(t, "gap")
		} else {
			w := rapid.SampledFrom(spelling.NegationWords()).Draw(t, "word")
			if rapid.Bool().Draw(t, "upper") {
				w = strings.ToUpper(w)
			}
			prefix = w + rapid.SampledFrom([]string{" ", "-", ": "}).Draw(t, "gap")
		}
		in := prefix + s
		o := Read(in, Options{})
		if got, ok := o.Value(); ok {
			if got == c.alpha2 {
				t.Fatalf("Read(%q) = %s, the country it negates", in, got)
			}
			return
		}
		a, _ := o.Ask()
		for _, r := range a.Readings {
			var code string
			if json.Unmarshal(r.Value, &code) == nil && code == c.alpha2 {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) offers %s, the country it negates: %s", in, code, b)
			}
		}
	})
}
