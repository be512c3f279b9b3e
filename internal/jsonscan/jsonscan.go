// Package jsonscan is the module's one lexical reader of JSON text: where
// a string, a number and whitespace end, whether JSON's grammar takes
// them, and what in a string encoding/json would replace. The factory's
// scan of a call's arguments, its fast decoder and the stdio frame screen
// (factory/mcp) read JSON text through it, so that what a string is, where
// it ends and what a number is are decided in one place; each keeps only
// what it does with the answer (TestAgree in each of them holds it to
// encoding/json over jsonscantest's cases).
package jsonscan

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// IsSpace reports whether c is whitespace in JSON's grammar.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace (len(b) when there is none).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// Number returns the index after the JSON number that starts at b[i], or
// -1 when none does: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func Number(b []byte, i int) int {
	digits := func() int {
		n := 0
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits() == 0:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return -1
		}
	}
	return i
}

// Hex4 reads the four hex digits at b[k:k+4] of a \u escape.
func Hex4(b []byte, k int) (rune, bool) {
	if k < 0 || k+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[k : k+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// String is what one scan of a JSON string finds.
type String struct {
	// End is the index after the closing quote; len(b) when b ends
	// first. Closed says whether it does not.
	End    int
	Closed bool
	// Invalid is the offset of the first byte JSON's grammar refuses in
	// the string (a control character, an escape JSON has not), -1 when
	// there is none. Cut is the offset of an escape that b ends inside,
	// -1 when none does. The scan goes on past both, stepping over a bad
	// escape's two bytes, as a reader that leaves the verdict to
	// encoding/json does.
	Invalid, Cut int
	// Replaced is the offset of the first thing encoding/json would
	// replace with U+FFFD — a byte that is not UTF-8, a \u escape of half
	// a UTF-16 surrogate pair without its other half — and What says
	// which; -1 and "" when there is none.
	Replaced int
	What     string
	// Plain says the string holds no escape, no control character and
	// only UTF-8: its bytes between the quotes are its value.
	Plain bool
}

// Grammar returns what a validating reader makes of the string: the
// index after it when JSON's grammar takes it, -1 when it refuses a byte
// of it, and -len(b)-1 when b ends inside it, whichever comes first.
// Bytes that are not UTF-8 and lone surrogate escapes are taken (the
// grammar has no word on them; Replaced has).
func (s String) Grammar(b []byte) int {
	switch {
	case s.Invalid >= 0 && (s.Cut < 0 || s.Invalid < s.Cut):
		return -1
	case s.Cut >= 0 || !s.Closed:
		return -len(b) - 1
	}
	return s.End
}

// ScanString scans the JSON string that starts at b[i] (a quote), in time
// linear in its length and with no allocation unless it finds something to
// replace.
func ScanString(b []byte, i int) String {
	s := String{Invalid: -1, Cut: -1, Replaced: -1, Plain: true}
	replaced := func(j int, what string) {
		if s.Replaced < 0 {
			s.Replaced, s.What = j, what
		}
	}
	for j := i + 1; j < len(b); {
		switch c := b[j]; {
		case c == '"':
			s.End, s.Closed = j+1, true
			return s
		case c == '\\':
			s.Plain = false
			if j+1 >= len(b) {
				if s.Cut < 0 {
					s.Cut = j
				}
				j += 2
				continue
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
				continue
			case 'u':
			default:
				if s.Invalid < 0 {
					s.Invalid = j
				}
				j += 2
				continue
			}
			r, ok := Hex4(b, j+2)
			if !ok {
				if j+6 > len(b) {
					if s.Cut < 0 {
						s.Cut = j
					}
				} else if s.Invalid < 0 {
					s.Invalid = j
				}
				j += 2
				continue
			}
			if utf16.IsSurrogate(r) {
				if lo, ok := Hex4(b, j+8); ok && r < 0xDC00 && b[j+6] == '\\' && b[j+7] == 'u' && lo >= 0xDC00 && lo < 0xE000 {
					j += 12
					continue
				}
				replaced(j, "the escape "+string(b[j:j+6])+", half of a UTF-16 surrogate pair without its other half, which is no character")
			}
			j += 6
		case c < 0x20:
			s.Plain = false
			if s.Invalid < 0 {
				s.Invalid = j
			}
			j++
		case c < utf8.RuneSelf:
			j++
		default:
			r, size := utf8.DecodeRune(b[j:])
			if r == utf8.RuneError && size == 1 {
				s.Plain = false
				replaced(j, "the byte 0x"+strings.ToUpper(strconv.FormatUint(uint64(c), 16))+", which is not UTF-8")
			}
			j += size
		}
	}
	s.End = len(b)
	return s
}

// Dup is a member name written twice in one object: the path of the
// object (JSON Pointer tokens, unescaped: member names and array indexes),
// the name, and the spans of the two values in the text.
type Dup struct {
	Path          []string
	Name          string
	First, Second [2]int
}

// smallObject is how many members an object holds before its names are
// kept in a map: a linear search below, so that a plain message costs no
// allocation per member, and a map above, so that a hostile one with a
// hundred thousand members costs time linear in its length.
const smallObject = 16

// dupMember is one member of an object being read: its name as written
// (quotes included) and its value's span.
type dupMember struct {
	name       []byte
	plain      bool // the name holds no escape: its bytes are its value
	start, end int
}

// dupFrame is one container being read; an object's members are
// members[first:] of the scan's one slice of members.
type dupFrame struct {
	object bool
	index  int // an array's current item
	first  int
	byName map[string]int // past smallObject members: a name's first index
}

// Duplicates calls each for every member name written twice in one object
// of b, which must be one JSON value (the caller has checked that), in the
// order the second names end, until each returns false. Names compare as
// their decoded strings ("\u0061" is "a"), as encoding/json compares them.
// It reads b once, keeping the members of the objects it is inside.
func Duplicates(b []byte, each func(Dup) bool) {
	var (
		// On the goroutine's stack while the value is small.
		stackBuf   [8]dupFrame
		membersBuf [16]dupMember
		stack      = stackBuf[:0]
		members    = membersBuf[:0]
		expectKey  bool
	)
	name := func(m *dupMember) string {
		if m.plain {
			return string(m.name[1 : len(m.name)-1])
		}
		return unquote(m.name)
	}
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case IsSpace(c) || c == ':':
			i++
			continue
		case c == ',':
			if f := &stack[len(stack)-1]; f.object {
				expectKey = true
			} else {
				f.index++
			}
			i++
			continue
		case c == '{' || c == '[':
			stack = append(stack, dupFrame{object: c == '{', first: len(members)})
			expectKey = c == '{'
			i++
			continue
		case c == '}' || c == ']':
			members = members[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			expectKey = false
			i++
		case c == '"' && expectKey:
			s := ScanString(b, i)
			start := SkipSpace(b, SkipSpace(b, s.End)+1) // past the colon
			members = append(members, dupMember{name: b[i:s.End], plain: s.Plain, start: start})
			expectKey = false
			i = start
			continue
		case c == '"':
			i = ScanString(b, i).End
		default: // a number or a literal: up to the next delimiter
			for i < len(b) && !IsSpace(b[i]) && b[i] != ',' && b[i] != '}' && b[i] != ']' {
				i++
			}
		}
		// A value ended at i: when it is a member's, check the member's name.
		n := len(stack)
		if n == 0 || !stack[n-1].object {
			continue
		}
		f := &stack[n-1]
		own := members[f.first:]
		last := &own[len(own)-1]
		last.end = i
		dup := -1
		if f.byName == nil && len(own) > smallObject {
			f.byName = make(map[string]int, 2*len(own))
			for k := range own[:len(own)-1] {
				if _, seen := f.byName[name(&own[k])]; !seen {
					f.byName[name(&own[k])] = k
				}
			}
		}
		switch {
		case f.byName != nil:
			key := name(last)
			if k, seen := f.byName[key]; seen {
				dup = k
			} else {
				f.byName[key] = len(own) - 1
			}
		default:
			for k := range own[:len(own)-1] {
				m := &own[k]
				if m.plain && last.plain && string(m.name) == string(last.name) ||
					(!m.plain || !last.plain) && name(m) == name(last) {
					dup = k
					break
				}
			}
		}
		if dup < 0 {
			continue
		}
		path := make([]string, 0, n-1)
		for k, outer := range stack[:n-1] {
			if outer.object {
				// The member the inner container is the value of: the
				// outer object's last, right before the inner's first.
				path = append(path, name(&members[stack[k+1].first-1]))
			} else {
				path = append(path, strconv.Itoa(outer.index))
			}
		}
		if !each(Dup{Path: path, Name: name(last), First: [2]int{own[dup].start, own[dup].end}, Second: [2]int{last.start, last.end}}) {
			return
		}
	}
}

// unquote decodes a JSON string's text as encoding/json does (a byte that
// is not UTF-8, a lone surrogate escape: U+FFFD).
func unquote(text []byte) string {
	var s string
	if err := json.Unmarshal(text, &s); err != nil {
		return string(text)
	}
	return s
}
