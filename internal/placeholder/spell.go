package placeholder

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// spellings are the placeholder table's entries in a fixed order, for
// Spell: "" first, the plainest.
var spellings = func() []string {
	out := make([]string, 0, len(placeholders))
	for s := range placeholders {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}()

// Spell draws a spelling that says "no value" whatever the kind (Is): JSON
// null, or an entry of the placeholder table in its table case, upper
// case or title case. It never draws an Unknown spelling ("TBD"), which a
// kind may read as its own value (a boolean's third answer).
func Spell(c agentinput.Chooser) agentinput.Spelled {
	i := c.Choose("placeholder", len(spellings)+1)
	if i == 0 {
		return agentinput.Spelled{Value: nil, Class: "null"}
	}
	s := spellings[i-1]
	switch c.Choose("placeholder_case", 3) {
	case 1:
		s = strings.ToUpper(s)
	case 2:
		if r, n := utf8.DecodeRuneInString(s); n > 0 {
			s = string(unicode.ToUpper(r)) + s[n:]
		}
	}
	return agentinput.Spelled{Value: s, Class: "placeholder"}
}
