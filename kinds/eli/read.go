package eli

import (
	"encoding/json"
	"strconv"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Read reads one decoded JSON value as an ELI: a string holding an ELI URI
// in any of its forms, or a citation that names one act. See the package
// documentation for the spellings it reads.
func Read(v any, opts Options) agentinput.Outcome[ELI] {
	switch x := v.(type) {
	case string:
		return readString(v, x)
	case nil:
		return agentinput.Absent[ELI](agentinput.Notes{})
	case bool:
		return invalid(v, agentinput.AskWrongType, "a boolean is not an ELI", "")
	case json.Number, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return invalid(v, agentinput.AskWrongType, "a number is not an ELI; an act's number and year go in a string", "")
	case []any:
		return invalid(v, agentinput.AskWrongType, "an ELI is never an array; send one act", "")
	case map[string]any:
		return invalid(v, agentinput.AskWrongType, "an ELI is never an object", "")
	}
	return invalid(v, agentinput.AskWrongType, "it is not a JSON value an ELI is read from", "")
}

func readString(v any, s string) agentinput.Outcome[ELI] {
	if len(s) > agentinput.MaxScalarBytes {
		return invalid(v, agentinput.AskTooLarge,
			"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most an ELI is read from", "")
	}
	// The canonical URI, the common case, reads without a note and
	// without allocating.
	// Its scan is kept: when trimming changes nothing, the full read
	// below would scan the same string again.
	var u uriParts
	var isURI, scanned bool
	if len(s) <= maxCanonicalLen {
		isURI = scanURI(s, &u)
		scanned = true
		if isURI && u.fail == "" && u.canonical() {
			if e, ok := u.eli(); ok {
				return agentinput.Value(e, agentinput.Notes{})
			}
		}
	}
	if !utf8.ValidString(s) {
		return invalid(v, agentinput.AskInvalid, "it is not valid UTF-8", "")
	}
	t, trimmed := spelling.Trim(s)
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(t), "")
	}
	if t == "" {
		return invalid(v, agentinput.AskInvalid, "it is empty", "")
	}
	if reason := hiddenCharacter(t); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason, "")
	}
	if !scanned || t != s {
		isURI = scanURI(t, &u)
	}
	if isURI {
		if u.fail != "" {
			return invalid(v, agentinput.AskInvalid, u.fail, u.hint)
		}
		e, _ := u.eli()
		if u.bothOrders {
			return bothOrders(v, e)
		}
		if !u.canonical() {
			notes.Add(agentinput.NoteURIForm, agentinput.Text(t), u.repairs())
		}
		return agentinput.Value(e, notes)
	}
	return readCitation(v, t, notes)
}

// hiddenCharacter names a control or invisible character in s, which the
// agent cannot see in what it sent, or returns "". TestHiddenCharacter
// checks that its shortcut passes no control or invisible character.
func hiddenCharacter(s string) string {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && r >= ' ' && r != 0x7f:
		case r >= 0xc0 && r <= 0x24f:
			// Latin letters with diacritics (Czech "č", "ř"): no control
			// or invisible character among them, and no table to search.
		case unicode.IsControl(r):
			return "it contains the control character " + spelling.CodePoint(r)
		case unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) || r == '\u034f' ||
			(r >= '\ufe00' && r <= '\ufe0f') || (r >= 0xe0100 && r <= 0xe01ef):
			return "it contains the invisible character " + spelling.CodePoint(r)
		}
	}
	return ""
}

const (
	hintInvalid  = `Send the act's ELI URI, for example "` + exampleURI + `", or a citation that names the type of act, such as "Regulation (EU) 2016/679" or "89/2012 Sb."`
	hintReadings = `Send one of the readings as it is, or a citation that names the type of act, such as "Regulation (EU) 2016/679"`
)

// invalid is an ask with no readings. An empty hint is the general one.
func invalid(v any, code agentinput.AskCode, reason, hint string) agentinput.Outcome[ELI] {
	if hint == "" {
		hint = hintInvalid
	}
	return agentinput.Asking[ELI](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Expected: expected,
		Hint:     hint,
		Reason:   reason,
	})
}

// bothOrders is the ask about a Czech ELI path alone whose number is a
// year too: as written (year first, the path's order), or in the order of
// a Czech citation (number first).
func bothOrders(v any, e ELI) agentinput.Outcome[ELI] {
	other := ELI{register: CZ, year: uint16(e.number), number: uint32(e.year)}
	var buf [2 * maxDescribeLen]byte
	m := append(e.appendDescribe(buf[:0]), ": year first, the path's order"...)
	ends := [2]int{len(m)}
	m = append(other.appendDescribe(m), ": number first, a citation's order"...)
	ends[1] = len(m)
	return agentinput.Asking[ELI](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason: "its number " + strconv.Itoa(int(e.number)) + " is a year too, and a Czech act is cited number first (" +
			"89/2012 Sb.), so the path may hold either order",
		Expected: expected,
		Hint:     hintReadings,
		Readings: readingsOf([]ELI{e, other}, string(m), ends[:]),
	})
}

// hintWhole is the hint of an ask about a part or a version of an act:
// the act itself.
func hintWhole(e ELI) string {
	return `Send "` + e.String() + `" to name the whole act (` + e.describe() + `)`
}
