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

// placeholderIDs is the one table of documented example UUIDs. Every entry
// is printed in a specification, a language's or a library's documentation,
// or a widely used tool's default. A UUID is read as a placeholder when it
// is an entry, or when its first 12 hex digits are an entry's: a model that
// copies 123e4567-e89b-12d3-… often changes the version digit or the tail,
// and a real id shares 48 given bits only by a chance of 2^-48. The other
// placeholders are rules, not entries (see placeholderRules). Namespace
// UUIDs of RFC 4122 (6ba7b810-…) are not here: they are real constants that
// a caller may mean.
var placeholderIDs = [...]Placeholder{
	// Wikipedia's and countless tutorials' example.
	{"123e4567-e89b-12d3-a456-426614174000", "the example UUID of Wikipedia and many tutorials"},
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
	// The npm uuid package's README, current and earlier.
	{"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "the example UUID of the npm uuid package"},
	{"1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "an example UUID of the npm uuid package"},
	{"2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d", "an example UUID of the npm uuid package"},
	{"9125a8dc-52ee-365b-a5aa-81b0b3681cf6", "an example UUID of the npm uuid package"},
	{"710b962e-041c-11e1-9234-0123456789ab", "an example UUID of the npm uuid package"},
	{"6c84fb90-12c4-11e1-840d-7b25c5ee775a", "an example UUID of the npm uuid package"},
	{"110ec58a-a0f2-4ac4-8393-c866d813b8d1", "an example UUID of the npm uuid package"},
	{"72164140-5b4d-11e7-9234-f94a466131fa", "an example UUID of the npm uuid package"},
	// PostgreSQL's documentation of the uuid type.
	{"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "the example UUID of PostgreSQL's documentation"},
	// Interleaved letters and digits, which models write when they invent
	// an id; plain counting is a rule (counting).
	{"a1b2c3d4-e5f6-7890-abcd-ef1234567890", "an invented sequence"},
}

// Placeholders returns the table of well-known UUIDs read as placeholders,
// for documentation and tests. A UUID that begins with an entry's first 12
// hex digits is a placeholder too, and so are the UUIDs of the rules: the
// nil and max UUIDs, one repeated hex digit a group, counting sequences and
// hex words.
func Placeholders() []Placeholder { return append([]Placeholder(nil), placeholderIDs[:]...) }

// digits are the 32 hex digits of a UUID, one a byte (0 to 15).
type digits = [32]byte

// hexDigits returns the digits of u.
func hexDigits(u guuid.UUID) (d digits) {
	for i, b := range u {
		d[2*i], d[2*i+1] = b>>4, b&0xf
	}
	return d
}

// exampleDigits holds the table as digits, for the read path.
var exampleDigits = func() (t [len(placeholderIDs)]digits) {
	for i, p := range placeholderIDs {
		t[i] = hexDigits(guuid.MustParse(p.ID))
	}
	return t
}()

// prefixDigits is how many leading digits of a table entry make a UUID a
// copy of it: the first two groups, 48 bits.
const prefixDigits = 12

// groupBounds are where the groups of 8-4-4-4-12 start among the digits,
// and where the last ends.
var groupBounds = [...]int{0, 8, 12, 16, 20, 32}

// versionDigit and variantDigit are the digits a person who knows the
// layout sets apart in a template ("11111111-1111-4111-8111-…").
const versionDigit, variantDigit = 12, 16

// placeholderRules say, in order, why a UUID's digits are a placeholder,
// or "". The first that answers names the note.
var placeholderRules = [...]func(d *digits) string{
	oneDigit, repeatedGroups, exampleCopy, counting, hexWords, examplePrefix,
}

// knownPlaceholder says why u is a placeholder, or "" when it is not.
func knownPlaceholder(u guuid.UUID) string {
	if !maybePlaceholder(u[0], u[1]) {
		return ""
	}
	d := hexDigits(u)
	for _, rule := range placeholderRules {
		if why := rule(&d); why != "" {
			return why
		}
	}
	return ""
}

// oneDigit: the nil UUID, the max UUID, and every UUID of one repeated
// hex digit.
func oneDigit(d *digits) string {
	for _, c := range d {
		if c != d[0] {
			return ""
		}
	}
	switch d[0] {
	case 0:
		return "the nil UUID"
	case 0xf:
		return "the max UUID"
	}
	return "one hex digit repeated"
}

// repeatedGroups: every group one repeated hex digit, the digits of the
// version and the variant aside ("aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
// "00000000-0000-4000-8000-000000000000").
func repeatedGroups(d *digits) string {
	for g := 0; g+1 < len(groupBounds); g++ {
		from := groupBounds[g]
		if from == versionDigit || from == variantDigit {
			from++
		}
		for i := from + 1; i < groupBounds[g+1]; i++ {
			if d[i] != d[from] {
				return ""
			}
		}
	}
	return "one hex digit repeated in each group"
}

// exampleCopy: an entry of the table.
func exampleCopy(d *digits) string {
	for i := range exampleDigits {
		if exampleDigits[i] == *d {
			return placeholderIDs[i].Source
		}
	}
	return ""
}

// examplePrefix: the first 12 digits of an entry of the table.
func examplePrefix(d *digits) string {
	for i := range exampleDigits {
		if [prefixDigits]byte(exampleDigits[i][:prefixDigits]) == [prefixDigits]byte(d[:prefixDigits]) {
			return "the start of " + placeholderIDs[i].Source
		}
	}
	return ""
}

// countingOrders are the orders a person counts in when they type an id
// instead of sending one: hex, decimal, and the keyboard's row of digits
// then the hex letters. Each is cyclic (…e f 0 1…, …8 9 0 1…, …9 0 a b…)
// and is counted up or down.
var countingOrders = [...]string{"0123456789abcdef", "0123456789", "1234567890abcdef"}

// minRun is the fewest digits of one counting run: a group of four.
const minRun = 4

// nextIn[o][x] is the digit after x in countingOrders[o], or 0xff when the
// order has no x.
var nextIn = func() (t [len(countingOrders)][16]byte) {
	for o, order := range countingOrders {
		for x := range t[o] {
			t[o][x] = 0xff
		}
		for i := 0; i < len(order); i++ {
			t[o][hexValue(order[i])] = hexValue(order[(i+1)%len(order)])
		}
	}
	return t
}()

// counts reports whether y comes right after x in order o, counting up or
// down.
func counts(o int, x, y byte, up bool) bool {
	if up {
		return nextIn[o][x] == y
	}
	return nextIn[o][y] == x
}

// counting: the digits are runs of at least minRun digits, each counting
// up or down in one order ("12345678-1234-1234-1234-123456789012",
// "fedcba98-7654-3210-…").
func counting(d *digits) string {
	var reach [len(d) + 1]bool // reach[i]: d[:i] is whole runs
	reach[0] = true
	for i := 0; i < len(d); i++ {
		if !reach[i] {
			continue
		}
		for o := range countingOrders {
			for _, up := range [...]bool{true, false} {
				for j := i + 1; j < len(d) && counts(o, d[j-1], d[j], up); j++ {
					if j+1-i >= minRun {
						reach[j+1] = true
					}
				}
			}
		}
	}
	if reach[len(d)] {
		return "a counting sequence"
	}
	return ""
}

// hexWordList are the English words spelled in hex digits that people fill
// an id with ("deadbeef-dead-beef-…", "cafebabe-…"), 0 standing for o.
var hexWordList = [...]string{
	"dead", "beef", "cafe", "babe", "face", "feed", "f00d", "c0de", "c0ffee", "decaf",
	"fade", "deaf", "bead", "abba", "d00d", "bad", "add", "ace", "bee", "fee",
}

// hexWordDigits holds hexWordList as digits.
var hexWordDigits = func() (t [len(hexWordList)][]byte) {
	for i, w := range hexWordList {
		for j := 0; j < len(w); j++ {
			t[i] = append(t[i], hexValue(w[j]))
		}
	}
	return t
}()

// hexWords: the digits are words of hexWordList and nothing else.
func hexWords(d *digits) string {
	var reach [len(d) + 1]bool // reach[i]: d[:i] is whole words
	reach[0] = true
	for i := 0; i < len(d); i++ {
		if !reach[i] {
			continue
		}
		for _, w := range hexWordDigits {
			if i+len(w) <= len(d) && string(d[i:i+len(w)]) == string(w) {
				reach[i+len(w)] = true
			}
		}
	}
	if reach[len(d)] {
		return "hex words, not an id"
	}
	return ""
}

// startSet has a bit set for every first four digits (two bytes) that a
// placeholder can begin with, from the rules: a digit four times, a run of
// four in one order, an entry's first four, words of hexWordList. A real
// id's first two bytes are random, so the canonical read skips the rules
// for more than 99% of them.
var startSet = func() (set [1 << 16 / 64]uint64) {
	add := func(d []byte) {
		p := uint16(d[0])<<12 | uint16(d[1])<<8 | uint16(d[2])<<4 | uint16(d[3])
		set[p/64] |= 1 << (p % 64)
	}
	for x := range byte(16) {
		add([]byte{x, x, x, x})
		for o := range countingOrders {
			for _, up := range [...]bool{true, false} {
				run := []byte{x}
				for len(run) < minRun {
					next, ok := byte(0), false
					for y := range byte(16) {
						if counts(o, run[len(run)-1], y, up) {
							next, ok = y, true
						}
					}
					if !ok {
						break
					}
					run = append(run, next)
				}
				if len(run) == minRun {
					add(run)
				}
			}
		}
	}
	for i := range exampleDigits {
		add(exampleDigits[i][:4])
	}
	var words func(prefix []byte)
	words = func(prefix []byte) {
		if len(prefix) >= 4 {
			add(prefix)
			return
		}
		for _, w := range hexWordDigits {
			words(append(append([]byte(nil), prefix...), w...))
		}
	}
	words(nil)
	return set
}()

// maybePlaceholder is the quick test of the fast path, on a UUID's first
// two bytes: false means it is no placeholder; true means knownPlaceholder
// must say.
func maybePlaceholder(first, second byte) bool {
	p := uint16(first)<<8 | uint16(second)
	return startSet[p/64]>>(p%64)&1 != 0
}

// hexValue is the value of the hex digit c, lowercase or a decimal digit.
func hexValue(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 10
	}
	return c - '0'
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
	if !wrapped && !holdsID(s) {
		// Every kind word holds "id" (uuid, guid, uid, identifier …), and
		// folding only lowers the case of an identifier and turns its
		// separators into spaces: a name without "id" is no run of
		// template words that names the kind. Most text is that, and
		// folding it would cost allocations for nothing.
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

// holdsID reports whether the ASCII s holds "id" in any letter case.
func holdsID(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i]|0x20 == 'i' && s[i+1]|0x20 == 'd' {
			return true
		}
	}
	return false
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
