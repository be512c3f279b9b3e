package stringlist

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// Text reads one item of free text: a JSON string is itself, as sent (no
// trimming, no folding: free text means what it says); a JSON number or
// boolean is the text it spells, with a note. Text longer than
// agentinput.MaxStringBytes, text that is not UTF-8, and text holding a
// control character other than tab and line ends, or a bidirectional
// override (which makes text read otherwise than it is stored), is an
// ask.
func Text(v any) agentinput.Outcome[string] {
	switch x := v.(type) {
	case string:
		switch {
		case len(x) > agentinput.MaxStringBytes:
			return textAsk(v, agentinput.AskTooLarge, "it is longer than "+strconv.Itoa(agentinput.MaxStringBytes)+" bytes, the most a text is read from")
		case !utf8.ValidString(x):
			return textAsk(v, agentinput.AskInvalid, "it is not valid UTF-8")
		}
		for _, r := range x {
			if r == '\t' || r == '\n' || r == '\r' {
				continue
			}
			if unicode.IsControl(r) || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) {
				return textAsk(v, agentinput.AskInvalid, "it contains the control character U+"+strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]))
			}
		}
		return agentinput.Value(x, agentinput.Notes{})
	case json.Number, bool, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		text, err := json.Marshal(x)
		if err != nil {
			return textAsk(v, agentinput.AskInvalid, "it is not a JSON value")
		}
		var notes agentinput.Notes
		notes.Add(agentinput.NoteScalarAsText, agentinput.JSONValue(v), "")
		return agentinput.Value(string(text), notes)
	case nil:
		return textAsk(v, agentinput.AskWrongType, "null is not text")
	case []any:
		return textAsk(v, agentinput.AskWrongType, "an array is not text")
	case map[string]any:
		return textAsk(v, agentinput.AskWrongType, "an object is not text")
	}
	return textAsk(v, agentinput.AskWrongType, "it is not a JSON value text is read from")
}

// TextExpected is what a free-text item is, for Options.ItemExpected.
const TextExpected = `a JSON string, for example "text"`

func textAsk(v any, code agentinput.AskCode, reason string) agentinput.Outcome[string] {
	return agentinput.Asking[string](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: TextExpected,
		Hint:     "Send the text as a JSON string",
	})
}
