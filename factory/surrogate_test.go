package factory

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// TestPropertyLoneSurrogate: a string holding an escape of half a UTF-16
// surrogate pair (a high one not followed by a low one, or a low one
// alone), anywhere in a value, is an ask invalid naming the escape's byte
// offset — read as one value (DecodeValue, the command's path) and as a
// call's arguments alike — never U+FFFD. A whole pair reads as its
// character.
func TestPropertyLoneSurrogate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		before := rapid.StringOfN(rapid.RuneFrom([]rune("ab é1 ")), 0, 8, -1).Draw(t, "before")
		after := rapid.StringOfN(rapid.RuneFrom([]rune("cd ž2")), 0, 8, -1).Draw(t, "after")
		var lone string
		if rapid.Bool().Draw(t, "high") {
			lone = fmt.Sprintf(`\u%04x`, rapid.IntRange(0xD800, 0xDBFF).Draw(t, "high surrogate"))
			if after != "" && rapid.Bool().Draw(t, "then a non-low escape") {
				after = `\u0041` + after
			}
		} else {
			lone = fmt.Sprintf(`\u%04X`, rapid.IntRange(0xDC00, 0xDFFF).Draw(t, "low surrogate"))
		}
		str := `"` + before + lone + after + `"`
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {"[1, ", "]"}, {`{"k": `, "}"}, {`{"a": [`, `]}`}}).Draw(t, "wrap")
		text := wrap[0] + str + wrap[1]
		offset := len(wrap[0]) + 1 + len(before)
		_, issue := DecodeValue([]byte(text))
		if issue == nil || issue.Code != agentinput.AskInvalid || !strings.Contains(issue.Reason, "byte offset "+strconv.Itoa(offset)+" ") {
			t.Fatalf("DecodeValue(%s) = %+v, want an ask invalid at byte offset %d", text, issue, offset)
		}
		args := `{"p": ` + text + `}`
		_, issue = decodeArguments(json.RawMessage(args))
		if issue == nil || issue.Code != agentinput.AskInvalid || !strings.Contains(issue.Reason, "byte offset "+strconv.Itoa(offset+6)+" ") {
			t.Fatalf("decodeArguments(%s) = %+v, want an ask invalid at byte offset %d", args, issue, offset+6)
		}
		pair := `"` + before + `\ud83d\ude00` + after + `"`
		if v, issue := DecodeValue([]byte(pair)); issue != nil || !strings.Contains(v.(string), "😀") {
			t.Fatalf("DecodeValue(%s) = %v, %+v, want the character", pair, v, issue)
		}
	})
}
