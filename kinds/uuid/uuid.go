package uuid

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	guuid "github.com/google/uuid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// UUID is the value this kind reads: github.com/google/uuid's UUID, whose
// String and MarshalText give the canonical spelling.
type UUID = guuid.UUID

// Options are a uuid property's options. There are none yet; the zero
// value is the only one, and Read takes it so that every kind has the same
// face.
type Options struct{}

// Read reads one decoded JSON value as a UUID. See the package
// documentation for the spellings it reads.
func Read(v any, opts Options) agentinput.Outcome[UUID] {
	// The fast path, kept small so that the canonical read costs little
	// more than google/uuid's Parse: 36 characters that Parse reads (the
	// hyphenated form in any case, nothing else of that length), all
	// lowercase, and no placeholder.
	if s, ok := v.(string); ok {
		if hi, lo, ok := canonicalWords(s); ok && !maybePlaceholder(byte(hi>>56), byte(hi>>48)) {
			var u UUID
			binary.BigEndian.PutUint64(u[:8], hi)
			binary.BigEndian.PutUint64(u[8:], lo)
			return agentinput.Value(u, agentinput.Notes{})
		}
	}
	return read(v)
}

// lowerHexValue maps the lowercase hex digits to their values and every
// other byte to 0xff.
var lowerHexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = byte(c-'a') + 10
	}
	return t
}()

// parseCanonical reads the canonical spelling and nothing else: 36
// characters, hyphens at 8, 13, 18 and 23, lowercase hex digits between.
// Every other spelling is google/uuid's to read (see read). It is the
// kind's strict parser: Parse and the fast path of Read.
func parseCanonical(s string) (u UUID, ok bool) {
	hi, lo, ok := canonicalWords(s)
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u, ok
}

// canonicalWords is parseCanonical with the 16 bytes as two big-endian
// words, which stay in registers: the fast path builds the UUID once, in
// the outcome, instead of copying it byte by byte through the stack.
func canonicalWords(s string) (hi, lo uint64, ok bool) {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return 0, 0, false
	}
	// Unrolled with constant indexes, so that no bounds are checked; a
	// byte that is no lowercase hex digit sets bit 7 of bad.
	var bad byte
	pair := func(w uint64, a, b byte) uint64 {
		h, l := lowerHexValue[a], lowerHexValue[b]
		bad |= h | l
		return w<<8 | uint64(h<<4|l)
	}
	hi = pair(hi, s[0], s[1])
	hi = pair(hi, s[2], s[3])
	hi = pair(hi, s[4], s[5])
	hi = pair(hi, s[6], s[7])
	hi = pair(hi, s[9], s[10])
	hi = pair(hi, s[11], s[12])
	hi = pair(hi, s[14], s[15])
	hi = pair(hi, s[16], s[17])
	lo = pair(lo, s[19], s[20])
	lo = pair(lo, s[21], s[22])
	lo = pair(lo, s[24], s[25])
	lo = pair(lo, s[26], s[27])
	lo = pair(lo, s[28], s[29])
	lo = pair(lo, s[30], s[31])
	lo = pair(lo, s[32], s[33])
	lo = pair(lo, s[34], s[35])
	return hi, lo, bad&0x80 == 0
}

// read reads every value the fast path does not.
func read(v any) agentinput.Outcome[UUID] {
	switch x := v.(type) {
	case string:
		if len(x) == 36 {
			if u, err := guuid.Parse(x); err == nil {
				return readParsed(u, x, lowerHex(x), agentinput.Notes{})
			}
		}
		return readString(v, x)
	case UUID:
		if why := knownPlaceholder(x); why != "" {
			return placeholder(agentinput.JSONValue(x), why, agentinput.Notes{})
		}
		return agentinput.Value(x, agentinput.Notes{})
	case nil:
		return invalid(v, agentinput.AskWrongType, "null is not a UUID")
	case json.Number, float64, float32, int, int64, int32, uint, uint64:
		return invalid(v, agentinput.AskWrongType, "a UUID is a JSON string, never a number")
	case bool:
		return invalid(v, agentinput.AskWrongType, "a UUID is a JSON string, never a boolean")
	case []any:
		return invalid(v, agentinput.AskWrongType, "a UUID is a JSON string, never an array")
	case map[string]any:
		return invalid(v, agentinput.AskWrongType, "a UUID is a JSON string, never an object")
	default:
		return invalid(v, agentinput.AskWrongType, "it is not a JSON value a UUID is read from")
	}
}

// readParsed is the outcome of a spelling that google/uuid read as u:
// s is the spelling after trimming, canonical reports whether it is the
// canonical one, and notes holds the repairs before it (trimming).
func readParsed(u UUID, s string, canonical bool, notes agentinput.Notes) agentinput.Outcome[UUID] {
	if why := knownPlaceholder(u); why != "" {
		notes.Add(agentinput.NotePlaceholder, agentinput.Text(s), why)
		return agentinput.Placeholder[UUID](notes)
	}
	if !canonical {
		notes.Add(agentinput.NoteForm, agentinput.Text(s), formReason(s))
	}
	return agentinput.Value(u, notes)
}

// lowerHex reports whether the hex digits of s are all lowercase.
func lowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'F' {
			return false
		}
	}
	return true
}

// readString reads every string the fast path does not: it checks the
// budget, trims, then reads the forms of the class one by one.
func readString(v any, raw string) agentinput.Outcome[UUID] {
	if len(raw) > agentinput.MaxScalarBytes {
		return invalid(v, agentinput.AskTooLarge,
			"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a UUID is read from")
	}
	if !utf8.ValidString(raw) {
		return invalid(v, agentinput.AskInvalid, "it is not valid UTF-8")
	}
	s, trimmed := spelling.Trim(raw)
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(raw), agentinput.Text(s), "")
	}
	if s == "" {
		return invalid(v, agentinput.AskInvalid, "it is empty")
	}
	if reason := badCharacter(s); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason)
	}
	switch body, u, c := classify(s); c {
	case aUUID:
		return readParsed(u, s, s == body && len(body) == 36 && lowerHex(body), notes)
	case aTemplate:
		notes.Add(agentinput.NotePlaceholder, agentinput.Text(s), templateWhy)
		return agentinput.Placeholder[UUID](notes)
	}
	return invalid(v, agentinput.AskInvalid, whyNot(s))
}

// What a trimmed, printable spelling is (classify).
const (
	neither = iota
	aUUID
	aTemplate
)

const templateWhy = "a template, not a UUID"

// classify says what the trimmed, printable spelling s is: a UUID in one of
// its forms (its body, and the UUID), a template of one, or neither.
func classify(s string) (body string, u UUID, class int) {
	body, ok := unwrap(s)
	if ok {
		if u, err := guuid.Parse(body); err == nil {
			return body, u, aUUID
		}
	}
	if templateShape(body) || templateName(body) || templateName(s) {
		return body, UUID{}, aTemplate
	}
	return body, UUID{}, neither
}

// PlaceholderReason says why Read reads the string s as a placeholder id (absent,
// with a note): a documented example UUID or a copy of one, the nil or max
// UUID, a counting sequence, a template ("your-uuid-here", "<id>",
// "xxxxxxxx-xxxx-4xxx-…"); "" when it does not. It builds no outcome, for a
// caller that asks only this of many strings that are not UUIDs at all (the
// factory, of a caller's idempotency key).
func PlaceholderReason(s string) string {
	if len(s) > agentinput.MaxScalarBytes || !utf8.ValidString(s) {
		return ""
	}
	t, _ := spelling.Trim(s)
	if t == "" || badCharacter(t) != "" {
		return ""
	}
	switch _, u, c := classify(t); c {
	case aUUID:
		return knownPlaceholder(u)
	case aTemplate:
		return templateWhy
	}
	return ""
}

// unwrap returns the body of a braced or urn:uuid: spelling, or s itself,
// and whether that body has the length and hyphens of a UUID: 36
// characters with hyphens at 8, 13, 18 and 23, or 32 characters without
// any. google/uuid reads more than that (any two characters around a
// body of 36), so the shape is checked here.
func unwrap(s string) (string, bool) {
	body := s
	switch {
	case len(s) >= 2 && s[0] == '{' && s[len(s)-1] == '}':
		body = s[1 : len(s)-1]
	case len(s) > 9 && strings.EqualFold(s[:9], "urn:uuid:"):
		body = s[9:]
	}
	switch len(body) {
	case 36:
		return body, body[8] == '-' && body[13] == '-' && body[18] == '-' && body[23] == '-'
	case 32:
		return body, strings.IndexByte(body, '-') < 0
	}
	return body, false
}

// formReason names what a non-canonical spelling changed, for its note.
func formReason(s string) string {
	var parts []string
	switch {
	case strings.HasPrefix(s, "{"):
		parts = append(parts, "braces removed")
	case len(s) > 9 && strings.EqualFold(s[:9], "urn:uuid:"):
		parts = append(parts, "urn:uuid: prefix removed")
	}
	body, _ := unwrap(s)
	if len(body) == 32 {
		parts = append(parts, "hyphens added")
	}
	if !lowerHex(body) {
		parts = append(parts, "lowercased")
	}
	return strings.Join(parts, ", ")
}

// whyNot says why s is not a UUID, in terms the caller can act on.
func whyNot(s string) string {
	digits, other := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isHex(c):
			digits++
		case c == '-':
		default:
			other++
		}
	}
	switch {
	case other == 0 && digits != 32:
		return "it has " + strconv.Itoa(digits) + " hex digits; a UUID has 32"
	case other == 0:
		return "its hyphens are not where a UUID has them (8-4-4-4-12)"
	}
	return "it is not a UUID"
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// badCharacter names a control or invisible character in s, which the
// caller cannot see in what it sent, or returns "".
func badCharacter(s string) string {
	for _, c := range s {
		switch {
		case c < utf8.RuneSelf && c >= 0x20 && c != 0x7f:
		case unicode.IsControl(c):
			return "it contains the control character " + spelling.CodePoint(c)
		case unicode.In(c, unicode.Cf, unicode.Mn, unicode.Me, unicode.Zs):
			return "it contains the invisible character " + spelling.CodePoint(c)
		}
	}
	return ""
}

func placeholder(from agentinput.Spelling, why string, notes agentinput.Notes) agentinput.Outcome[UUID] {
	notes.Add(agentinput.NotePlaceholder, from, why)
	return agentinput.Placeholder[UUID](notes)
}

const (
	expected = `a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "` + exampleID + `"`
	hint     = "Send the id of the record you mean, as a lowercase 8-4-4-4-12 UUID string; do not invent one"
)

func invalid(v any, code agentinput.AskCode, reason string) agentinput.Outcome[UUID] {
	return agentinput.Asking[UUID](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Expected: expected,
		Hint:     hint,
		Reason:   reason,
	})
}

// Expected says in words what a uuid property accepts, with one canonical
// example that is not a placeholder.
func Expected(opts Options) string { return expected }

// Example returns one canonical UUID as JSON. It is not a placeholder.
func Example(opts Options) json.RawMessage { return json.RawMessage(`"` + exampleID + `"`) }

// Format returns the canonical spelling of u: lowercase 8-4-4-4-12 hex.
func Format(u UUID) string { return u.String() }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want a lowercase 8-4-4-4-12 hex UUID")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "uuid: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: lowercase 8-4-4-4-12 hex,
// nothing else. It is the inverse of Format. It says nothing about
// placeholders: the nil UUID parses.
func Parse(s string) (UUID, error) {
	if u, ok := parseCanonical(s); ok {
		return u, nil
	}
	return UUID{}, &ParseError{Value: s}
}
