package stringlist

import (
	"regexp"
	"testing"

	"pgregory.net/rapid"
)

// wholeLiteral is literal as it was first written, with the rest of the
// string as a group of its own: the reference TestLiteralAgrees holds the
// shorter expression against.
var wholeLiteral = regexp.MustCompile(`^(?s)((?:[@#']|%[wWiI]|qw|\[\][A-Za-z_][A-Za-z0-9_.]*|new\s*(?:[A-Za-z_][A-Za-z0-9_.]*\s*)?\[\]|[A-Za-z_][A-Za-z0-9_.:]*(?:<[A-Za-z0-9_., ]*>)?!?)?\s*)([\[({<])(.*)$`)

// TestLiteralAgrees: literal finds the prefix and the bracket that
// wholeLiteral finds, and the rest of the string is wholeLiteral's third
// group, over strings drawn from the characters the expression looks at.
func TestLiteralAgrees(t *testing.T) {
	pieces := []string{"[", "]", "(", ")", "{", "}", "<", ">", "@", "#", "'", "%w", "%i", "qw", "new", "new string", "[]",
		"c", "list", "List.of", "vec!", "Set<String>", "a", "Z", "_", "0", ".", ":", ",", " ", "\t", "\n", "\"", "x y", "!"}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 12).Draw(t, "parts")
		s := ""
		for _, p := range parts {
			s += p
		}
		want := wholeLiteral.FindStringSubmatch(s)
		m := literal.FindStringSubmatchIndex(s)
		if (want == nil) != (m == nil) {
			t.Fatalf("%q: literal matches %v, wholeLiteral %v", s, m != nil, want != nil)
		}
		if m == nil {
			return
		}
		if got := []string{s[m[2]:m[3]], s[m[4]:m[5]], s[m[5]:]}; got[0] != want[1] || got[1] != want[2] || got[2] != want[3] {
			t.Fatalf("%q: literal finds %q, wholeLiteral %q", s, got, want[1:])
		}
	})
}
