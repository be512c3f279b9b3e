package enum

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/number"
)

// A spelling written with digits that reads as a number ("10.0", "+10",
// "1e1", "−5", "010"; a number word such as "six" is a word here) is
// compared with the declared values that spell numbers by value, never by
// folding or edit distance: folding drops a sign ("-10" would fold to
// "10"), and an edit distance offers a farther number ("15" is one edit
// from "10" and "16"). Its readings are the declared values numerically
// equal to it; with none, it is an ask without readings.
//
// A JSON number is a number, not a spelling: 1e1, 10.0 and 10 are the
// same JSON number, so a JSON number (not a string) equal to exactly one
// declared value reads as that value, with a note scalar_as_text (issue
// 33); equal to several ("10" and "10.0" declared), it asks.

// numericValue is a declared value that spells a number.
type numericValue struct {
	index int32
	value number.Decimal
}

// buildNumeric finds the declared values that the number kind reads as a
// number.
func buildNumeric(values []string) []numericValue {
	var out []numericValue
	for i, v := range values {
		if !hasDigit(v) {
			continue
		}
		if d, ok := number.Read(v, number.Options{}).Value(); ok {
			out = append(out, numericValue{index: int32(i), value: d})
		}
	}
	return out
}

// hasDigit reports whether s (trimmed) may spell a number: it starts with
// a decimal digit of any script, a sign or a decimal mark, and holds a
// digit. Most enum spellings do not ("draft", "v1", "utf-8"), so the number
// kind is not asked.
func hasDigit(s string) bool {
	first, _ := utf8.DecodeRuneInString(s)
	if !isDigitRune(first) && !strings.ContainsRune("+-−﹣－.,", first) {
		return false
	}
	for _, r := range s {
		if isDigitRune(r) {
			return true
		}
	}
	return false
}

func isDigitRune(r rune) bool { return '0' <= r && r <= '9' || r >= 0x80 && unicode.IsDigit(r) }

// readNumeric reads a trimmed spelling that is not a declared value as it
// is, when the number kind reads it as a number (or asks between numbers,
// as for "1,000"): an ask whose readings are the declared values equal to
// one of its numbers. ok is false for a spelling that is not a number.
func (e *Reader) readNumeric(v any, s string) (agentinput.Outcome[string], bool) {
	if !hasDigit(s) {
		return agentinput.Outcome[string]{}, false
	}
	o := number.Read(s, number.Options{})
	var nums []number.Decimal
	if d, ok := o.Value(); ok {
		nums = append(nums, d)
	} else if a, _ := o.Ask(); a.Code == agentinput.AskAmbiguous && len(a.Readings) > 0 {
		for _, r := range a.Readings {
			if d, err := number.Parse(string(r.Value)); err == nil {
				nums = append(nums, d)
			}
		}
	} else {
		return agentinput.Outcome[string]{}, false
	}
	var readings []agentinput.Reading
	for _, nv := range e.numeric {
		for _, d := range nums {
			if nv.value.Compare(d) == 0 {
				readings = append(readings, agentinput.Reading{Value: e.json(nv.index),
					Meaning: e.named[nv.index] + ", the same number"})
				break
			}
		}
	}
	if len(readings) == 0 {
		return e.ask(v, agentinput.AskInvalid, "it is a number that none of the declared values is", nil), true
	}
	return e.ask(v, agentinput.AskAmbiguous, "it is not a declared value as written, and is the same number as "+
		plural(len(readings), "a declared value", "declared values"), readings), true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strconv.Itoa(n) + " " + many
}

// readSameNumber reads a JSON number that is not a declared value as it
// spells: the declared value that is the same number, when exactly one is.
// ok is false when none is, for the general way to ask.
func (e *Reader) readSameNumber(v any) (agentinput.Outcome[string], bool) {
	if len(e.numeric) == 0 {
		return agentinput.Outcome[string]{}, false
	}
	d, ok := number.Read(v, number.Options{}).Value()
	if !ok {
		return agentinput.Outcome[string]{}, false
	}
	found := int32(-1)
	for _, nv := range e.numeric {
		if nv.value.Compare(d) == 0 {
			if found >= 0 {
				return agentinput.Outcome[string]{}, false // several: the general way asks with each
			}
			found = nv.index
		}
	}
	if found < 0 {
		return agentinput.Outcome[string]{}, false
	}
	var notes agentinput.Notes
	notes.Add(agentinput.NoteScalarAsText, agentinput.JSONValue(v), "the same JSON number as the declared value")
	return agentinput.Value(e.values[found], notes), true
}
