package mcp

import (
	"bytes"
	"encoding/json"

	"agentinput.dev/internal/jsonscan"
)

// frameScan is what one pass over a line finds: whether it is one JSON
// value, how deep it nests, and where the members of its top-level object
// and of that object's "params" object are. It is linear in the line and
// has no depth limit of its own (a container costs one byte of stack).
type frameScan struct {
	// bad is the offset of the first byte that is not JSON (len(line) when
	// the line ends inside a value), or -1 when the line is one value.
	bad int
	// trailing is true when bad is the start of a second value after a
	// complete first one.
	trailing bool
	kind     byte // the first byte of the value: '{', '[', '"', 't', 'f', 'n' or a number's
	depth    int  // the deepest nesting; the top-level container is depth 1
	top      []member
	params   []member // the members of the top-level "params" when it is an object
}

// member is one member of an object: its name as JSON text and its value's
// span in the line.
type member struct {
	name       []byte
	start, end int
}

// value returns the text of the member's value.
func (m member) value(line []byte) []byte { return line[m.start:m.end] }

// scanFrame scans line, which is trimmed of whitespace and not empty.
func scanFrame(line []byte) frameScan {
	if len(line) == 0 {
		return frameScan{bad: 0}
	}
	sc := frameScan{bad: -1, kind: line[0]}
	var (
		stack []byte // '{' or '['
		// The member of the object at depth 1 and 2 being read: its name
		// and where its value starts.
		name  [3][]byte
		start [3]int
		// inParams is true while the object of the top-level "params"
		// is being read.
		inParams bool
	)
	i := 0
	fail := func(at int) frameScan {
		sc.bad = at
		return sc
	}
	ws := func() { i = jsonscan.SkipSpace(line, i) }
	// key reads `"name" :` at i and records it for the object at depth d.
	key := func() bool {
		ws()
		if i >= len(line) || line[i] != '"' {
			return false
		}
		end := jsonscan.ScanString(line, i).Grammar(line)
		if end < 0 {
			i = max(i, -end-1)
			return false
		}
		d := len(stack)
		if d <= 2 {
			name[d] = line[i:end]
		}
		i = end
		ws()
		if i >= len(line) || line[i] != ':' {
			return false
		}
		i++
		ws()
		if d <= 2 {
			start[d] = i
		}
		return true
	}
	for {
		// A value starts at i (after whitespace).
		ws()
		if i >= len(line) {
			return fail(i)
		}
		switch c := line[i]; {
		case c == '{' || c == '[':
			stack = append(stack, c)
			sc.depth = max(sc.depth, len(stack))
			if c == '{' && len(stack) == 2 && inParamsMember(stack, name[1]) {
				inParams = true
			}
			i++
			ws()
			if i < len(line) && (line[i] == '}' && c == '{' || line[i] == ']' && c == '[') {
				if len(stack) == 2 {
					inParams = false
				}
				stack = stack[:len(stack)-1]
				i++
				goto after
			}
			if c == '{' && !key() {
				return fail(i)
			}
			continue
		case c == '"':
			end := jsonscan.ScanString(line, i).Grammar(line)
			if end < 0 {
				return fail(max(i, -end-1))
			}
			i = end
		case c == '-' || '0' <= c && c <= '9':
			end := jsonscan.Number(line, i)
			if end < 0 {
				return fail(i)
			}
			i = end
		case c == 't' || c == 'f' || c == 'n':
			word := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[c]
			if !bytes.HasPrefix(line[i:], []byte(word)) {
				if bytes.HasPrefix([]byte(word), line[i:]) {
					return fail(len(line)) // cut short
				}
				return fail(i)
			}
			i += len(word)
		default:
			return fail(i)
		}
	after:
		// A value ended at i.
		for {
			d := len(stack)
			if d == 0 {
				ws()
				if i < len(line) {
					sc.trailing = true
					return fail(i)
				}
				return sc
			}
			if stack[d-1] == '{' && d <= 2 {
				m := member{name: name[d], start: start[d], end: i}
				if d == 1 {
					sc.top = append(sc.top, m)
				} else if inParams {
					sc.params = append(sc.params, m)
				}
			}
			ws()
			if i >= len(line) {
				return fail(i)
			}
			switch line[i] {
			case ',':
				i++
				if stack[d-1] == '{' && !key() {
					return fail(i)
				}
			case '}', ']':
				if (line[i] == '}') != (stack[d-1] == '{') {
					return fail(i)
				}
				if d == 2 {
					inParams = false
				}
				stack = stack[:d-1]
				i++
				continue
			default:
				return fail(i)
			}
			break
		}
	}
}

// inParamsMember reports whether the object just opened at depth 2 is the
// value of the top-level member "params".
func inParamsMember(stack []byte, name []byte) bool {
	return stack[0] == '{' && string(name) == `"params"`
}

// lookup returns the member named name (a JSON string's text, as `"id"`)
// and how many members have that name. A name spelled with escapes
// (`"\u0069d"`) is decoded first.
func lookup(members []member, name string) (member, int) {
	var found member
	n := 0
	for _, m := range members {
		if memberName(m.name) == name {
			if n == 0 {
				found = m
			}
			n++
		}
	}
	return found, n
}

// memberName is a member's name decoded: its text without the quotes when
// it has no escape, the decoded string otherwise.
func memberName(text []byte) string {
	if bytes.IndexByte(text, '\\') < 0 {
		return string(text[1 : len(text)-1])
	}
	var s string
	if json.Unmarshal(text, &s) != nil {
		return ""
	}
	return s
}
