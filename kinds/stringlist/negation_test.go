package stringlist

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

// TestPropertyNegatedItemNeverTheValue: a list of declared enum values,
// sent as a JSON array or as one separated string, one of whose items is
// led by an inverting mark or word, never reads as a list holding that
// value at that place: the item is an ask.
func TestPropertyNegatedItemNeverTheValue(t *testing.T) {
	values := []string{"draft", "published", "archived", "in_review"}
	l := enumList(values, true, false)
	rapid.Check(t, func(t *rapid.T) {
		items := rapid.SliceOfN(rapid.SampledFrom(values), 1, 4).Draw(t, "items")
		at := rapid.IntRange(0, len(items)-1).Draw(t, "negated")
		var prefix string
		if rapid.Bool().Draw(t, "mark") {
			prefix = rapid.SampledFrom(spelling.NegationMarks()).Draw(t, "mark")
		} else {
			prefix = rapid.SampledFrom(spelling.NegationWords()).Draw(t, "word") + " "
		}
		if strings.ContainsAny(prefix, ",;") {
			t.Skip("a separator")
		}
		sent := append([]string(nil), items...)
		sent[at] = prefix + sent[at]
		var v any
		if rapid.Bool().Draw(t, "as a string") {
			v = strings.Join(sent, rapid.SampledFrom([]string{", ", ";", " ,"}).Draw(t, "separator"))
		} else {
			arr := make([]any, len(sent))
			for i, s := range sent {
				arr[i] = s
			}
			v = arr
		}
		if got, ok := l.Read(v).Value(); ok && len(got) == len(items) && got[at] == items[at] {
			t.Fatalf("Read(%#v) = %v: the negated item %q read as %q", v, got, sent[at], items[at])
		}
	})
}
