package uuid

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	guuid "github.com/google/uuid"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/internal/spelling"
)

// refRead is the slow, obviously-correct reader: trim, take off one
// urn:uuid: prefix or one pair of braces, and match what is left against
// the two shapes with a regular expression; then decode the hex by hand.
// It shares spelling.Trim with the reader and nothing else (no
// google/uuid). It says "" for a spelling that is not a UUID.
func refRead(s string) (canonical string, form bool) {
	if len(s) > agentinput.MaxScalarBytes {
		return "", false
	}
	t, _ := spelling.Trim(s)
	body := t
	if m := refBraces.FindStringSubmatch(t); m != nil {
		body = m[1]
	} else if m := refURN.FindStringSubmatch(t); m != nil {
		body = m[1]
	}
	var digits string
	switch {
	case refHyphenated.MatchString(body):
		digits = strings.ReplaceAll(body, "-", "")
	case refPlain.MatchString(body):
		digits = body
	default:
		return "", false
	}
	d := strings.ToLower(digits)
	c := d[0:8] + "-" + d[8:12] + "-" + d[12:16] + "-" + d[16:20] + "-" + d[20:32]
	return c, body != t || body != c
}

var (
	refBraces     = regexp.MustCompile(`^\{(.*)\}$`)
	refURN        = regexp.MustCompile(`^(?i:urn:uuid:)(.*)$`)
	refHyphenated = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	refPlain      = regexp.MustCompile(`^[0-9a-fA-F]{32}$`)
)

// isPlaceholderID is the reference placeholder rule for a canonical id,
// written apart from the reader's: string comparisons, regular
// expressions and substrings of the counting orders.
func isPlaceholderID(c string) bool {
	d := strings.ReplaceAll(c, "-", "")
	if strings.Count(d, d[:1]) == 32 {
		return true
	}
	for _, p := range placeholderIDs {
		if p.ID[:13] == c[:13] {
			return true
		}
	}
	return refRepeatedGroups(c) || refCounting(d) || refHexWords.MatchString(d)
}

// refRepeatedGroups: each group one digit repeated, the version and
// variant digits (the first of groups three and four) aside.
func refRepeatedGroups(c string) bool {
	g := strings.Split(c, "-")
	g[2], g[3] = g[2][1:], g[3][1:]
	for _, s := range g {
		if strings.Count(s, s[:1]) != len(s) {
			return false
		}
	}
	return true
}

// refCounting: d splits into runs of four or more digits, each a
// substring of one counting order repeated, forward or reversed.
func refCounting(d string) bool {
	isRun := func(s string) bool {
		for _, cyc := range refCycles {
			if strings.Contains(cyc, s) {
				return true
			}
		}
		return false
	}
	ok := map[int]bool{0: true}
	for i := 0; i < len(d); i++ {
		if !ok[i] {
			continue
		}
		// A substring of a run is a run: stop at the first that is not.
		for j := i + 4; j <= len(d) && isRun(d[i:j]); j++ {
			ok[j] = true
		}
	}
	return ok[len(d)]
}

// refCycles are the counting orders, each repeated past 32 digits, forward
// and reversed.
var refCycles = func() (c []string) {
	for _, o := range []string{"0123456789abcdef", "0123456789", "1234567890abcdef"} {
		c = append(c, strings.Repeat(o, 8), reverse(strings.Repeat(o, 8)))
	}
	return c
}()

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

var refHexWords = regexp.MustCompile(`^(dead|beef|cafe|babe|face|feed|f00d|c0de|c0ffee|decaf|fade|deaf|bead|abba|d00d|bad|add|ace|bee|fee)+$`)

// The whitespace and quotes of the class, and render, the spelling of an
// id in a random member of it, live in spell.go: the Speller and these
// tests draw from one source.

// drawID draws a UUID that is not a placeholder, as 16 random bytes.
func drawID(t *rapid.T) string {
	b := rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(t, "bytes")
	h := hex.EncodeToString(b)
	c := h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	if isPlaceholderID(c) {
		t.Skip("drew a placeholder")
	}
	return c
}

// renderT spells c in a random member of the accepted class (render, of
// spell.go), drawn by rapid.
func renderT(t *rapid.T, c string) string {
	s, _ := render(oracle.Draws(t), c)
	return s
}

// TestPropertyForms: every rendering of a random id reads as that id, with
// a note exactly when the rendering is not the canonical spelling: trimmed
// for the wrapping, form for the rest.
func TestPropertyForms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawID(t)
		s := renderT(t, c)
		o := Read(s, Options{})
		v, ok := o.Value()
		if !ok || Format(v) != c {
			got, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", s, got, c)
		}
		trimmed, wasTrimmed := spelling.Trim(s)
		var want []string
		if wasTrimmed {
			want = append(want, string(agentinput.NoteTrimmed))
		}
		if trimmed != c {
			want = append(want, string(agentinput.NoteForm))
		}
		if got := noteCodes(o); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("Read(%q): notes %v, want %v", s, got, want)
		}
	})
}

// drawPlaceholder draws a canonical placeholder id from one of the rules:
// the table, a table entry's first 12 digits, one digit, one digit a
// group, a counting sequence, hex words.
func drawPlaceholder(t *rapid.T) string {
	hexes := []byte("0123456789abcdef")
	var d string
	switch rapid.IntRange(0, 5).Draw(t, "rule") {
	case 0:
		return rapid.SampledFrom(placeholderIDs[:]).Draw(t, "entry").ID
	case 1:
		p := rapid.SampledFrom(placeholderIDs[:]).Draw(t, "entry").ID
		tail := rapid.SliceOfN(rapid.SampledFrom(hexes), 20, 20).Draw(t, "tail")
		d = strings.ReplaceAll(p[:13], "-", "") + string(tail)
	case 2:
		d = strings.Repeat(string(rapid.SampledFrom(hexes).Draw(t, "digit")), 32)
	case 3:
		var b strings.Builder
		for g, n := range []int{8, 4, 4, 4, 12} {
			c := rapid.SampledFrom(hexes).Draw(t, "group digit")
			if (g == 2 || g == 3) && rapid.Bool().Draw(t, "layout digit") {
				b.WriteByte(rapid.SampledFrom(hexes).Draw(t, "version or variant"))
				n--
			}
			b.WriteString(strings.Repeat(string(c), n))
		}
		d = b.String()
	case 4:
		o := rapid.SampledFrom(countingOrders[:]).Draw(t, "order")
		if rapid.Bool().Draw(t, "down") {
			o = reverse(o)
		}
		cyc := strings.Repeat(o, 8)
		for len(d) < 32 {
			n := rapid.IntRange(4, 32).Draw(t, "run")
			if rest := 32 - len(d); n > rest || rest-n < 4 {
				n = rest
			}
			at := rapid.IntRange(0, len(o)-1).Draw(t, "from")
			d += cyc[at : at+n]
		}
	default:
		for len(d) < 32 {
			d += rapid.SampledFrom(hexWordList[:]).Draw(t, "word")
		}
		if len(d) != 32 {
			t.Skip("the words do not fill 32 digits")
		}
	}
	return d[0:8] + "-" + d[8:12] + "-" + d[12:16] + "-" + d[16:20] + "-" + d[20:32]
}

// TestPropertyPlaceholders: every rendering of a placeholder id, from each
// rule, is the placeholder, never a value; the reference agrees.
func TestPropertyPlaceholders(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawPlaceholder(t)
		if !isPlaceholderID(c) {
			t.Fatalf("the reference does not read %s as a placeholder", c)
		}
		s := renderT(t, c)
		o := Read(s, Options{})
		if !o.IsPlaceholder() {
			got, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want the placeholder", s, got)
		}
		notes := o.Notes()
		if last := notes[len(notes)-1]; last.Code != agentinput.NotePlaceholder || !strings.Contains(last.Message, " as absent (") {
			t.Fatalf("Read(%q): last note %+v", s, last)
		}
	})
}

// TestPropertyRealIDsAreNoPlaceholders: the rules never catch an id a
// generator makes: random version 4 (google/uuid's New) and time-ordered
// version 7. Each check reads a thousand of each.
func TestPropertyRealIDsAreNoPlaceholders(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		for range 1000 {
			for _, u := range []UUID{guuid.New(), guuid.Must(guuid.NewV7())} {
				if why := knownPlaceholder(u); why != "" || isPlaceholderID(Format(u)) {
					t.Fatalf("%s is read as a placeholder (%s)", u, why)
				}
				if v, ok := Read(Format(u), Options{}).Value(); !ok || v != u {
					t.Fatalf("Read(%s) is not the value", u)
				}
			}
		}
	})
}

// TestPropertyTemplates: a UUID shape filled mostly with template
// characters, and a template word in brackets, are placeholders.
func TestPropertyTemplates(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "shape") {
			fill := rapid.SampledFrom([]byte("xXyY?*#")).Draw(t, "fill")
			digits := []byte(strings.Repeat(string(fill), 32))
			hexes := rapid.IntRange(0, 16).Draw(t, "hex digits")
			for range hexes {
				digits[rapid.IntRange(0, 31).Draw(t, "at")] = rapid.SampledFrom([]byte("0123456789abcdef")).Draw(t, "digit")
			}
			d := string(digits)
			s = d[0:8] + "-" + d[8:12] + "-" + d[12:16] + "-" + d[16:20] + "-" + d[20:32]
			if strings.Count(d, string(fill)) < 16 {
				t.Skip("not mostly fill")
			}
		} else {
			w := rapid.SampledFrom([][2]string{{"<", ">"}, {"{", "}"}, {"{{", "}}"}, {"${", "}"}, {"%", "%"}, {"", ""}}).Draw(t, "wrapper")
			name := rapid.SampledFrom([]string{"uuid", "UUID", "guid", "id", "your_uuid", "YOUR-UUID-HERE", "yourUuidHere", "uuid here", "example uuid"}).Draw(t, "name")
			s = w[0] + name + w[1]
		}
		s = renderT(t, s)
		if o := Read(s, Options{}); !o.IsPlaceholder() {
			got, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want the placeholder", s, got)
		}
	})
}

// drawInput draws any input: a rendered id, an id with one character
// changed, inserted or deleted, random strings, other JSON types.
func drawInput(t *rapid.T) any {
	switch rapid.IntRange(0, 5).Draw(t, "input kind") {
	case 0:
		return renderT(t, drawID(t))
	case 1:
		s := []byte(renderT(t, drawID(t)))
		at := rapid.IntRange(0, len(s)-1).Draw(t, "at")
		junk := rapid.SampledFrom([]string{"", "-", "g", "0", "F", "{", " ", "\u200b", "\x00", "\xff", "x"}).Draw(t, "junk")
		switch rapid.IntRange(0, 2).Draw(t, "edit") {
		case 0:
			return string(s[:at]) + junk + string(s[at+1:])
		case 1:
			return string(s[:at]) + junk + string(s[at:])
		default:
			return string(s[:at]) + string(s[at+1:])
		}
	case 2:
		return rapid.String().Draw(t, "string")
	case 3:
		return rapid.StringOf(rapid.RuneFrom([]rune("0123456789abcdefABCDEFxX-{}urnid: <>\"'"))).Draw(t, "alphabet string")
	case 4:
		return json.Number(rapid.StringMatching(`-?(0|[1-9][0-9]{0,19})`).Draw(t, "number"))
	default:
		return rapid.SampledFrom([]any{nil, true, false, []any{}, map[string]any{}}).Draw(t, "other")
	}
}

// TestPropertyReference: a string is a value exactly when the reference
// reader reads it and it is no placeholder, and then it is the reference's
// value; nothing outside the class is ever a value.
func TestPropertyReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := drawInput(t)
		o := Read(v, Options{})
		s, ok := v.(string)
		if !ok {
			if _, isValue := o.Value(); isValue {
				t.Fatalf("Read(%#v) is a value", v)
			}
			return
		}
		want, _ := refRead(s)
		got, isValue := o.Value()
		switch {
		case want == "":
			if isValue {
				t.Fatalf("Read(%q) = %s; the reference reads no UUID", s, Format(got))
			}
		case isPlaceholderID(want):
			if !o.IsPlaceholder() {
				t.Fatalf("Read(%q) is not the placeholder", s)
			}
		case !isValue || Format(got) != want:
			t.Fatalf("Read(%q) = %v; the reference reads %s", s, o.Status(), want)
		}
	})
}

// TestPropertyNoAmbiguousValue: a UUID spelling has one meaning or none,
// so every ask is invalid, wrong_type or too_large with no readings, and
// nothing that is not a UUID, nor a placeholder, is ever a value.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := drawInput(t)
		o := Read(v, Options{})
		if a, ok := o.Ask(); ok {
			switch a.Code {
			case agentinput.AskInvalid, agentinput.AskWrongType, agentinput.AskTooLarge:
			default:
				t.Fatalf("Read(%#v): ask %s", v, a.Code)
			}
			if len(a.Readings) != 0 {
				t.Fatalf("Read(%#v): readings %v", v, a.Readings)
			}
		}
		if u, ok := o.Value(); ok && isPlaceholderID(Format(u)) {
			t.Fatalf("Read(%#v): the placeholder %s read as a value", v, Format(u))
		}
	})
}

// TestPropertyCanonical: the canonical spelling is a fixed point with no
// note; Format and Parse are inverse.
func TestPropertyCanonical(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawID(t)
		o := Read(c, Options{})
		v, ok := o.Value()
		if !ok || Format(v) != c || o.NoteCount() != 0 {
			t.Fatalf("Read(%q) = %v with %d notes", c, o.Status(), o.NoteCount())
		}
		p, err := Parse(Format(v))
		if err != nil || p != v {
			t.Fatalf("Parse(Format(%s)) = %v, %v", c, p, err)
		}
		// The value's JSON is the canonical string.
		j, _ := json.Marshal(v)
		if string(j) != `"`+c+`"` {
			t.Fatalf("JSON of %s is %s", c, j)
		}
	})
}

// TestPropertyPure: the same input twice reads to identical JSON.
func TestPropertyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := drawInput(t)
		a, err1 := Read(v, Options{}).MarshalJSON()
		b, err2 := Read(v, Options{}).MarshalJSON()
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Fatalf("Read(%#v) twice:\n%s\n%s\n%v %v", v, a, b, err1, err2)
		}
	})
}

// FuzzRead checks the reference and purity on any string, seeded with
// every string of testdata/cases.txt.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, s)
		o := Read(s, Options{})
		want, _ := refRead(s)
		got, isValue := o.Value()
		if isValue && (want == "" || Format(got) != want) {
			t.Fatalf("Read(%q) = %s; the reference reads %q", s, Format(got), want)
		}
		if want != "" && !isPlaceholderID(want) && !isValue {
			t.Fatalf("Read(%q) is not the value %s", s, want)
		}
		a, _ := o.MarshalJSON()
		b, _ := Read(s, Options{}).MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Fatalf("Read(%q) is not pure", s)
		}
	})
}
