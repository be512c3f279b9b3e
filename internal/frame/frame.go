// Package frame reads newline-delimited JSON-RPC frames without trusting
// them: a line read within a byte budget (a longer one skipped, not kept),
// and one linear pass that says whether the line is one JSON value, how
// deep it nests, and where the members of its top-level object and of its
// "params" are. The stdio transport of a server (factory/mcp) and the
// proxy's client of an upstream server (internal/upstream) screen every
// line they read with it, so that what a frame is is decided in one place.
package frame

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"

	"agentinput.dev/internal/jsonscan"
)

// Scan is what one pass over a line finds: whether it is one JSON
// value, how deep it nests, and where the members of its top-level object
// and of that object's "params" object are. It is linear in the line and
// has no depth limit of its own (a container costs one byte of stack).
type Scan struct {
	// Bad is the offset of the first byte that is not JSON (len(line) when
	// the line ends inside a value), or -1 when the line is one value.
	Bad int
	// Trailing is true when Bad is the start of a second value after a
	// complete first one.
	Trailing bool
	Kind     byte // the first byte of the value: '{', '[', '"', 't', 'f', 'n' or a number's
	Depth    int  // the deepest nesting; the top-level container is depth 1
	Top      []Member
	Params   []Member // the members of the top-level "params" when it is an object
}

// Member is one member of an object: its name as JSON text and its value's
// span in the line.
type Member struct {
	Name       []byte
	Start, End int
}

// Value returns the text of the member's value.
func (m Member) Value(line []byte) []byte { return line[m.Start:m.End] }

// ScanLine scans line, which is trimmed of whitespace and not empty.
func ScanLine(line []byte) Scan {
	if len(line) == 0 {
		return Scan{Bad: 0}
	}
	sc := Scan{Bad: -1, Kind: line[0]}
	var (
		stackBuf [32]byte
		stack    = stackBuf[:0] // '{' or '['; on the goroutine's stack while shallow
		// The member of the object at depth 1 and 2 being read: its name
		// and where its value starts.
		name  [3][]byte
		start [3]int
		// inParams is true while the object of the top-level "params"
		// is being read.
		inParams bool
	)
	i := 0
	fail := func(at int) Scan {
		sc.Bad = at
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
			sc.Depth = max(sc.Depth, len(stack))
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
			word := "null"
			switch c {
			case 't':
				word = "true"
			case 'f':
				word = "false"
			}
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
					sc.Trailing = true
					return fail(i)
				}
				return sc
			}
			if stack[d-1] == '{' && d <= 2 {
				m := Member{Name: name[d], Start: start[d], End: i}
				if d == 1 {
					if sc.Top == nil {
						sc.Top = make([]Member, 0, 6) // a message has at most 6 members but for extensions
					}
					sc.Top = append(sc.Top, m)
				} else if inParams {
					if sc.Params == nil {
						sc.Params = make([]Member, 0, 4)
					}
					sc.Params = append(sc.Params, m)
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

// Lookup returns the member named name (a JSON string's text, as `"id"`)
// and how many members have that name. A name spelled with escapes
// (`"\u0069d"`) is decoded first.
func Lookup(members []Member, name string) (Member, int) {
	var found Member
	n := 0
	for _, m := range members {
		if nameIs(m.Name, name) {
			if n == 0 {
				found = m
			}
			n++
		}
	}
	return found, n
}

// nameIs reports whether a member's name (its text, quoted) decodes to
// name, without making a string of it when it has no escape.
func nameIs(text []byte, name string) bool {
	if bytes.IndexByte(text, '\\') < 0 {
		return len(text) == len(name)+2 && string(text[1:len(text)-1]) == name
	}
	return MemberName(text) == name
}

// MemberName is a member's name decoded: its text without the quotes when
// it has no escape, the decoded string otherwise.
func MemberName(text []byte) string {
	if bytes.IndexByte(text, '\\') < 0 {
		return string(text[1 : len(text)-1])
	}
	var s string
	if json.Unmarshal(text, &s) != nil {
		return ""
	}
	return s
}

// ReadLine reads one line into buf, without its line end ("\n" or
// "\r\n"). A line longer than limit is read to its end but only its first
// limit bytes are kept, and over is true. At the end of r, err is io.EOF
// and line is what came after the last line end.
func ReadLine(br *bufio.Reader, buf []byte, limit int) (line []byte, over bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !over {
			// Two bytes more than the limit: room for the line end.
			if room := limit + 2 - len(buf); len(chunk) <= room {
				buf = append(buf, chunk...)
			} else {
				buf = append(buf, chunk[:room]...)
				over = true
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if !over {
			buf = bytes.TrimSuffix(buf, []byte("\n"))
			buf = bytes.TrimSuffix(buf, []byte("\r"))
		}
		if len(buf) > limit {
			over = true
			buf = buf[:limit]
		}
		return buf, over, err
	}
}

// ValidID reports whether an id's text is one go-sdk answers with the same
// id: a string, or an integer of at most 2^53-1 in magnitude (go-sdk reads
// numbers as float64).
func ValidID(text []byte) bool {
	if len(text) > 0 && text[0] == '"' {
		return true
	}
	digits := bytes.TrimPrefix(text, []byte("-"))
	if len(digits) == 0 || len(digits) > len(MaxID) || len(digits) > 1 && digits[0] == '0' {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	// Digit strings of one length compare as their numbers do.
	return len(digits) < len(MaxID) || string(digits) <= MaxID
}

// MaxID is 2^53-1, the largest integer a float64 holds with every integer
// below it.
const MaxID = "9007199254740991"
