package country

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// TestPropertyReadingsReadBack: every reading of every ask about a member
// of a spelling class of the table (as written, in another letter case,
// or with a character added at either end) reads as a value when sent
// back (issue 33: a reading is what to send next).
func TestPropertyReadingsReadBack(t *testing.T) {
	read := func(v any) agentinput.Outcome[string] { return Read(v, Options{}) }
	spellings := oracle.Spellings(t, "testdata/cases.txt")
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(spellings).Draw(t, "spelling")
		if s, ok := v.(string); ok {
			switch rapid.IntRange(0, 3).Draw(t, "change") {
			case 1:
				s = strings.ToUpper(s)
			case 2:
				s = strings.ToLower(s)
			case 3:
				c := rapid.SampledFrom([]string{" ", ".", ",", "-", "x", "1", "'"}).Draw(t, "added")
				if rapid.Bool().Draw(t, "before") {
					s = c + s
				} else {
					s += c
				}
			}
			v = s
		}
		if msg := oracle.ReadingsRead(read, read(v)); msg != "" {
			t.Fatalf("Read(%#v): %s", v, msg)
		}
	})
}
