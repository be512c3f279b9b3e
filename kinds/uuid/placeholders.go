package uuid

import (
	"strings"

	guuid "github.com/google/uuid"

	"agentinput.dev/internal/spelling"
)

// Example is one canonical UUID, drawn at random for this package: it is
// in no RFC, README or tutorial, so it is not a placeholder. Asks show it.
const exampleID = "4e6a3fac-9262-4826-91f0-e77195e54c58"

// Placeholder is one UUID a model copies instead of sending a real one:
// the documentation examples it has read a thousand times.
type Placeholder struct {
	ID     string // canonical spelling
	Source string // where it is copied from, shown in the note
}

// placeholderIDs is the one table of well-known UUIDs read as placeholders.
// Every entry is a UUID printed in a specification, a language's or a
// library's documentation, or a widely used tool's default, so that no
// real record is likely to carry it. The nil and max UUIDs, and every UUID
// of one repeated hex digit, are placeholders by rule (repeatedDigit), not
// by entry. Namespace UUIDs of RFC 4122 (6ba7b810-…) are not here: they are
// real constants that a caller may mean.
var placeholderIDs = [...]Placeholder{
	// Wikipedia's and countless tutorials' example.
	{"123e4567-e89b-12d3-a456-426614174000", "the example UUID of Wikipedia and many tutorials"},
	{"123e4567-e89b-12d3-a456-426655440000", "an example UUID of Wikipedia and many tutorials"},
	// Wikipedia, JSON Schema and OpenAPI examples.
	{"550e8400-e29b-41d4-a716-446655440000", "the example UUID of Wikipedia and JSON Schema documents"},
	// Swagger UI fills every uuid field with this one.
	{"3fa85f64-5717-4562-b3fc-2c963f66afa6", "the example UUID Swagger UI fills in"},
	// RFC 4122 (section 3, the URN example).
	{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "the example UUID of RFC 4122"},
	// RFC 9562, appendix A: one example per version.
	{"c232ab00-9414-11ec-b3c8-9f6bdeced846", "an example UUID of RFC 9562"},
	{"5df41881-3aed-3515-88a7-2f4a814cf09e", "an example UUID of RFC 9562"},
	{"919108f7-52d1-4320-9bac-f847db4148a8", "an example UUID of RFC 9562"},
	{"2ed6657d-e927-568b-95e1-2665a8aea6a2", "an example UUID of RFC 9562"},
	{"1ec9414c-232a-6b00-b3c8-9f6bdeced846", "an example UUID of RFC 9562"},
	{"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "an example UUID of RFC 9562"},
	{"2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", "an example UUID of RFC 9562"},
	{"320c3d4d-cc00-875b-8ec9-32d5f69181c0", "an example UUID of RFC 9562"},
	// Python's uuid module documentation.
	{"12345678-1234-5678-1234-567812345678", "the example UUID of Python's documentation"},
	{"a8098c1a-f86e-11da-bd1a-00112444be1e", "an example UUID of Python's documentation"},
	{"6fa459ea-ee8a-3ca4-894e-db77e160355e", "an example UUID of Python's documentation"},
	{"16fd2706-8baf-433b-82eb-8c7fada847da", "an example UUID of Python's documentation"},
	{"886313e1-3b8a-5372-9b90-0c9aee199e5d", "an example UUID of Python's documentation"},
	// The npm uuid package's README.
	{"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "the example UUID of the npm uuid package"},
	{"1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "an example UUID of the npm uuid package"},
	// Sequences that models write when they invent an id.
	{"12345678-1234-1234-1234-123456789abc", "an invented sequence"},
	{"12345678-1234-1234-1234-123456789012", "an invented sequence"},
	{"12345678-90ab-cdef-1234-567890abcdef", "an invented sequence"},
	{"01234567-89ab-cdef-0123-456789abcdef", "an invented sequence"},
	{"a1b2c3d4-e5f6-7890-abcd-ef1234567890", "an invented sequence"},
	{"a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6", "an invented sequence"},
	{"abcdef01-2345-6789-abcd-ef0123456789", "an invented sequence"},
}

// Placeholders returns the table of well-known UUIDs read as placeholders,
// for documentation and tests. The nil and max UUIDs and every UUID of one
// repeated hex digit are placeholders too, by rule.
func Placeholders() []Placeholder { return append([]Placeholder(nil), placeholderIDs[:]...) }

// placeholderSet holds the table parsed, for the read path.
var placeholderSet = func() map[guuid.UUID]string {
	m := make(map[guuid.UUID]string, len(placeholderIDs))
	for _, p := range placeholderIDs {
		m[guuid.MustParse(p.ID)] = p.Source
	}
	return m
}()

// firstBytes has a bit set for the first byte of every UUID of the
// table, so that most ids skip the map: a real id's first byte is random.
var firstBytes = func() (set [256 / 64]uint64) {
	for _, p := range placeholderIDs {
		b := guuid.MustParse(p.ID)[0]
		set[b/64] |= 1 << (b % 64)
	}
	return set
}()

// maybePlaceholder is the quick test of the fast path, on a UUID's first
// two bytes: false means it is no placeholder (its first byte starts no
// table entry and it is not one repeated digit); true means
// knownPlaceholder must say.
func maybePlaceholder(first, second byte) bool {
	return firstBytes[first/64]&(1<<(first%64)) != 0 || first>>4 == first&0xf && second == first
}

// knownPlaceholder says why u is a placeholder, or "" when it is not.
func knownPlaceholder(u guuid.UUID) string {
	if d, ok := repeatedDigit(u); ok {
		switch d {
		case 0:
			return "the nil UUID"
		case 0xf:
			return "the max UUID"
		}
		return "one hex digit repeated"
	}
	if firstBytes[u[0]/64]&(1<<(u[0]%64)) == 0 {
		return ""
	}
	return placeholderSet[u]
}

// repeatedDigit reports whether every hex digit of u is the same one.
func repeatedDigit(u guuid.UUID) (byte, bool) {
	b := u[0]
	if b>>4 != b&0xf {
		return 0, false
	}
	for _, c := range u[1:] {
		if c != b {
			return 0, false
		}
	}
	return b & 0xf, true
}

// templateFill are the characters a template writes where a hex digit goes:
// "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", "????????-…", "########-…".
func templateFill(c byte) bool {
	switch c {
	case 'x', 'X', 'y', 'Y', '?', '*', '#', '_', 'n', 'N', '.':
		return true
	}
	return false
}

// templateShape reports whether s is the shape of a UUID (8-4-4-4-12 with
// hyphens, or 32 characters) whose digits are mostly template fill: at least
// half of the 32 positions, the rest hex digits.
func templateShape(s string) bool {
	var body []byte
	switch len(s) {
	case 36:
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return false
		}
		body = make([]byte, 0, 32)
		for i := 0; i < 36; i++ {
			if i != 8 && i != 13 && i != 18 && i != 23 {
				body = append(body, s[i])
			}
		}
	case 32:
		body = []byte(s)
	default:
		return false
	}
	fill := 0
	for _, c := range body {
		switch {
		case templateFill(c):
			fill++
		case isHex(c):
		default:
			return false
		}
	}
	return fill >= 16
}

// templateWords are the words a template spelling is made of. A spelling
// whose words are all here, and that names the kind (uuid, guid, id), is
// a template: "uuid", "your-uuid-here", "YOUR_UUID", "insert uuid",
// "example-id", "uuid-goes-here".
var templateWords = map[string]bool{
	"uuid": true, "guid": true, "id": true, "uid": true, "uuid4": true, "uuidv4": true, "v4": true, "v7": true,
	"your": true, "my": true, "the": true, "a": true, "an": true, "some": true, "any": true, "this": true,
	"example": true, "sample": true, "dummy": true, "fake": true, "test": true, "placeholder": true,
	"insert": true, "enter": true, "put": true, "paste": true, "add": true, "replace": true, "with": true,
	"here": true, "goes": true, "go": true, "value": true, "valid": true, "real": true, "actual": true,
	"generated": true, "random": true, "new": true, "string": true, "todo": true, "tbd": true, "xxx": true,
	"of": true, "to": true, "be": true, "filled": true, "fill": true, "in": true, "unique": true, "identifier": true,
}

// kindWords are the template words that name the kind; a template must
// hold one.
var kindWords = map[string]bool{"uuid": true, "guid": true, "id": true, "uid": true, "uuid4": true, "uuidv4": true, "identifier": true}

// templateWrappers are the pairs a template puts around a name:
// "<uuid>", "{uuid}", "{{uuid}}", "${UUID}", "%UUID%", "[uuid]", ":uuid".
var templateWrappers = [...][2]string{
	{"${", "}"}, {"{{", "}}"}, {"<", ">"}, {"{", "}"}, {"[", "]"}, {"(", ")"}, {"%", "%"}, {"$", ""}, {":", ""}, {"@", ""},
}

// templateName reports whether s is a template spelling of an id: a name
// in template brackets ("<user_id>", "{{ uuid }}", "${ORDER_ID}"), a run of
// template words that names the kind ("your-uuid-here"), or a call that
// would make one ("uuid()", "uuid.uuid4()", "gen_random_uuid()").
func templateName(s string) bool {
	wrapped := false
	for changed := true; changed; {
		changed = false
		s = strings.TrimSpace(s)
		for _, w := range templateWrappers {
			if len(s) > len(w[0])+len(w[1]) && strings.HasPrefix(s, w[0]) && strings.HasSuffix(s, w[1]) {
				s = s[len(w[0]) : len(s)-len(w[1])]
				wrapped, changed = true, true
				break
			}
		}
	}
	if call, ok := strings.CutSuffix(s, "()"); ok {
		lower := strings.ToLower(call)
		return isIdentifier(call) && (strings.Contains(lower, "uuid") || strings.Contains(lower, "guid"))
	}
	if !isIdentifier(s) {
		return false
	}
	if wrapped {
		// A name in template brackets; "{abc-def}" (hex letters only) is a
		// broken UUID, not a name.
		for i := 0; i < len(s); i++ {
			if c := s[i] | 0x20; c >= 'g' && c <= 'z' {
				return true
			}
		}
		return false
	}
	// With and without splitting camelCase: "yourUuidHere" is three
	// words, "uuID" one.
	// A name in one case with no separators ("YOURUUIDHERE") is split
	// into template words where it can be.
	return templateWordRun(spelling.Fold(s)) || templateWordRun(spelling.Fold(splitCamel(s))) ||
		len(s) <= 32 && !strings.ContainsAny(s, " _-.") && segments(strings.ToLower(s))
}

// segments reports whether f is a run of template words without
// separators, one of which names the kind: "youruuidhere".
func segments(f string) bool {
	// reach[i] is 1 when f[:i] is a run of template words, 2 when one of
	// them names the kind.
	reach := make([]uint8, len(f)+1)
	reach[0] = 1
	for i := 1; i <= len(f); i++ {
		for j := 0; j < i; j++ {
			if reach[j] == 0 || !templateWords[f[j:i]] {
				continue
			}
			r := reach[j]
			if kindWords[f[j:i]] {
				r = 2
			}
			reach[i] = max(reach[i], r)
		}
	}
	return reach[len(f)] == 2
}

// templateWordRun reports whether the folded words of f are all template
// words and one of them names the kind.
func templateWordRun(f string) bool {
	named := false
	for _, w := range strings.Fields(f) {
		if !templateWords[w] {
			return false
		}
		named = named || kindWords[w]
	}
	return named
}

// isIdentifier reports whether s is letters, digits, spaces and the
// separators of a name (_ - .), and not empty.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '_', c == '-', c == '.', c == ' ':
		default:
			return false
		}
	}
	return true
}

// splitCamel puts a space between the words of a camelCase ASCII name:
// "YourUuidHere" → "Your Uuid Here".
func splitCamel(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i > 0 && 'A' <= c && c <= 'Z' && 'a' <= s[i-1] && s[i-1] <= 'z' {
			b.WriteByte(' ')
		}
		b.WriteByte(c)
	}
	return b.String()
}
