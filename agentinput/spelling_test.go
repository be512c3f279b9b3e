package agentinput

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// spellingString is Spelling.String as written before appendTo: the
// reference TestSpellingAppendAgrees holds it to.
func spellingString(s Spelling) string {
	mark, ok := s.v.(spellMark)
	if !ok {
		if s.v == nil {
			return ""
		}
		return string(Received(s.v))
	}
	switch mark {
	case spellText:
		return string(Received(s.s))
	case spellJSON:
		if utf8.RuneCountInString(s.s) <= MaxReceivedChars {
			return s.s
		}
		// As Received does for any long JSON text: a string of its first
		// characters, never a cut that leaves broken JSON.
		return string(quote(cut(s.s)))
	}
	return s.s
}

// TestSpellingAppendAgrees: the rendering into a buffer is the rendering
// as it was, for every kind of spelling, short and long.
func TestSpellingAppendAgrees(t *testing.T) {
	long := strings.Repeat("ab\"é", 40)
	for _, s := range []Spelling{
		{}, Text(""), Text("x"), Text("a\"b\\c\n\u2028\xff"), Text(long), Text(strings.Repeat("é", MaxReceivedChars)),
		Text(strings.Repeat("x", MaxReceivedChars+1)), JSONText(`"2026-01-01"`), JSONText(`"` + long + `"`), JSONText("10"),
		Words("absent"), Words(long), JSONValue(nil), JSONValue(true), JSONValue("x"), JSONValue(json.Number("1.50")),
		JSONValue([]any{"a", 1.5}), JSONValue(map[string]any{"k": long}), JSONValue(long),
	} {
		if got, want := s.String(), spellingString(s); got != want {
			t.Errorf("%#v: %q, was %q", s, got, want)
		}
		if got := string(s.appendTo([]byte("pre"))); got != "pre"+spellingString(s) {
			t.Errorf("%#v appended: %q", s, got)
		}
	}
}
