package bytes

import (
	stdbytes "bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// render spells data in one random member of a spelling class the kind
// reads: either alphabet, with or without padding, broken into lines at
// MIME's or PEM's width, in surrounding whitespace or quotes, or in a
// data: URI. The classes' members and writers are spell.go's, which the
// Speller draws from too.
func render(t *rapid.T, data []byte) (s string, mediaType string) {
	c := oracle.Draws(t)
	s, _ = base64Form(c, data)
	if rapid.Bool().Draw(t, "data uri") {
		mediaType = rapid.SampledFrom([]string{"image/png", "application/pdf", "text/plain;charset=utf-8"}).Draw(t, "media type")
		s = dataURI(c, mediaType, s, true)
	}
	s, _ = wrapValue(c, s, nil)
	return s, mediaType
}

// Base64 of random bytes in every accepted form decodes to the bytes; the
// only forms that do not are strings of hex digits outside a data: URI,
// which ask, with the bytes among the readings.
func TestEveryFormDecodesToTheBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "data")
		s, mediaType := render(t, data)
		o := defaultReader.Read(s)
		if b, ok := o.Value(); ok {
			if !stdbytes.Equal(b.Data, data) || b.MediaType != mediaType {
				t.Fatalf("Read(%q) = %x %q, want %x %q", s, b.Data, b.MediaType, data, mediaType)
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous || mediaType != "" {
			t.Fatalf("Read(%q) asks %s: %s", s, a.Code, a.Message())
		}
		want := `"` + base64.StdEncoding.EncodeToString(data) + `"`
		if string(a.Readings[0].Value) != want {
			t.Fatalf("Read(%q) asks without the bytes %s among its readings: %s", s, want, a.Message())
		}
	})
}

// The canonical spelling of any bytes reads back as the bytes with no
// note, and reading is pure.
func TestCanonicalFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "data")
		s := Format(Bytes{Data: data})
		if hexPrefixedShape(s) {
			// The one exception to the fixed point (doc.go): canonical
			// base64 that is hex digits after 0x ("0XcB", d17701) asks,
			// and its bytes are sent as a data: URI, which reads.
			o := defaultReader.Read("data:;base64," + s)
			if b, ok := o.Value(); !ok || !stdbytes.Equal(b.Data, data) {
				t.Fatalf("Read(data: URI of %q) = %+v, want %x", s, o, data)
			}
			if _, ok := defaultReader.Read(s).Ask(); !ok {
				t.Fatalf("Read(%q), hex digits after 0x, is no ask", s)
			}
			return
		}
		o := defaultReader.Read(s)
		b, ok := o.Value()
		if !ok || o.NoteCount() != 0 || !stdbytes.Equal(b.Data, data) {
			t.Fatalf("Read(%q) = %+v with %d notes, want %x and none", s, o, o.NoteCount(), data)
		}
		parsed, err := Parse(s)
		if err != nil || !stdbytes.Equal(parsed, data) {
			t.Fatalf("Parse(%q) = %x, %v", s, parsed, err)
		}
		first, _ := o.MarshalJSON()
		second, _ := defaultReader.Read(s).MarshalJSON()
		if !stdbytes.Equal(first, second) {
			t.Fatalf("Read(%q) is not pure:\n%s\n%s", s, first, second)
		}
	})
}

// No ambiguous spelling ever yields a value: a string of hex digits is
// an ask, naming the hex bytes among its readings when it is also base64,
// unless it is the canonical spelling, which is base64 with a warning.
func TestHexIsNeverReadSilently(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 1, 40).Draw(t, "data")
		s := hex.EncodeToString(data)
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		o := defaultReader.Read(s)
		hexReading := `"` + base64.StdEncoding.EncodeToString(data) + `"`
		if _, ok := o.Value(); ok {
			ws := o.Warnings()
			if Format(mustValue(t, o)) != s || o.NoteCount() != 0 || len(ws) != 1 || ws[0].Code != agentinput.WarningAlsoHex {
				t.Fatalf("Read(%q) is a value without the also_hex warning of a canonical spelling: %+v", s, ws)
			}
			return
		}
		a, _ := o.Ask()
		switch a.Code {
		case agentinput.AskAmbiguous:
			if !slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool { return string(r.Value) == hexReading }) {
				t.Fatalf("Read(%q) asks without the hex reading %s: %s", s, hexReading, a.Message())
			}
			for _, r := range a.Readings {
				var back string
				_ = json.Unmarshal(r.Value, &back)
				if o := defaultReader.Read(back); o.Status() != agentinput.StatusValue || o.NoteCount() != 0 {
					t.Fatalf("reading %s of %q does not read back canonically", r.Value, s)
				}
			}
		case agentinput.AskInvalid:
			if !strings.Contains(a.Hint, "hex") {
				t.Fatalf("Read(%q) is invalid without naming hex: %s", s, a.Message())
			}
		default:
			t.Fatalf("Read(%q) asks %s", s, a.Code)
		}
	})
}

func mustValue(t *rapid.T, o agentinput.Outcome[Bytes]) Bytes {
	b, ok := o.Value()
	if !ok {
		t.Fatal("not a value")
	}
	return b
}

// The standard and URL alphabets give the 62 characters they share the
// same values, so a string of those characters decodes alike in both: no
// string is base64 in two alphabets with different bytes.
func TestAlphabetsAgree(t *testing.T) {
	shared := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	rapid.Check(t, func(t *rapid.T) {
		n := 4 * rapid.IntRange(1, 30).Draw(t, "groups")
		b := make([]byte, n)
		for i := range b {
			b[i] = shared[rapid.IntRange(0, len(shared)-1).Draw(t, "char")]
		}
		std, err1 := base64.StdEncoding.DecodeString(string(b))
		url, err2 := base64.URLEncoding.DecodeString(string(b))
		if (err1 == nil) != (err2 == nil) || !stdbytes.Equal(std, url) {
			t.Fatalf("%q decodes as %x in one alphabet and %x in the other", b, std, url)
		}
	})
}

// Over the budget is too_large whatever the spelling, counted before
// decoding, and the ask never invites shrinking the content.
func TestBudget(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		max := rapid.IntRange(1, 64).Draw(t, "max")
		r, err := New(Options{MaxBytes: max})
		if err != nil {
			t.Fatal(err)
		}
		data := rapid.SliceOfN(rapid.Byte(), 0, 100).Draw(t, "data")
		s, _ := render(t, data)
		o := r.Read(s)
		a, asked := o.Ask()
		switch {
		case len(data) > max && (!asked || a.Code != agentinput.AskTooLarge):
			t.Fatalf("%d bytes on a budget of %d: %s", len(data), max, o.Status())
		case len(data) <= max && asked && a.Code == agentinput.AskTooLarge:
			t.Fatalf("%d bytes on a budget of %d: too_large", len(data), max)
		}
		if asked {
			checkAsk(a, func(msg string) { t.Fatal(msg) })
		}
	})
}

func TestNewRejectsBudgets(t *testing.T) {
	for _, n := range []int{-1, agentinput.MaxInlineBytes + 1} {
		if _, err := New(Options{MaxBytes: n}); err == nil {
			t.Errorf("New(MaxBytes %d) = nil error", n)
		}
	}
	r, _ := New(Options{})
	if r.MaxBytes() != agentinput.MaxInlineBytes || r.MaxLength() != agentinput.MaxStringBytes {
		t.Errorf("the default budget is %d bytes, %d characters; want MaxInlineBytes and MaxStringBytes", r.MaxBytes(), r.MaxLength())
	}
}

// The largest value the budget takes reads, and one byte more does not.
func TestBudgetEdge(t *testing.T) {
	data := stdbytes.Repeat([]byte{0xfb}, agentinput.MaxInlineBytes)
	if o := defaultReader.Read(base64.StdEncoding.EncodeToString(data)); o.Status() != agentinput.StatusValue || o.NoteCount() != 0 {
		t.Errorf("MaxInlineBytes bytes: %s with %d notes", o.Status(), o.NoteCount())
	}
	data = append(data, 0xfb)
	for _, s := range []string{base64.StdEncoding.EncodeToString(data), base64.RawURLEncoding.EncodeToString(data)} {
		if a, ok := defaultReader.Read(s).Ask(); !ok || a.Code != agentinput.AskTooLarge {
			t.Errorf("MaxInlineBytes+1 bytes: not too_large")
		}
	}
}

// Bad input is an ask, never a panic, and the ask echoes at most 80
// characters.
func TestBadInput(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("A", 1<<20), strings.Repeat("A", 1<<20) + "!", "\xff\xfe", "aGk\x00", "aGk\u202e=", "\u200baGk=",
		"data:" + strings.Repeat(";", 5000) + ",x",
	} {
		o := defaultReader.Read(s)
		a, ok := o.Ask()
		if !ok {
			t.Errorf("Read(%.20q…) = %s, want an ask", s, o.Status())
			continue
		}
		checkAsk(a, func(msg string) { t.Errorf("%.20q…: %s", s, msg) })
	}
}

// readingsReadBack fails t unless every reading of a reads back as a
// canonical value with no note (issue 33: a reading is what to send next).
func readingsReadBack(t *rapid.T, s string, a agentinput.Ask) {
	for _, r := range a.Readings {
		var back string
		if err := json.Unmarshal(r.Value, &back); err != nil {
			t.Fatalf("Read(%q): reading %s is not a JSON string", s, r.Value)
		}
		if o := defaultReader.Read(back); o.Status() != agentinput.StatusValue || o.NoteCount() != 0 {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q): reading %s reads back as %s", s, r.Value, j)
		}
	}
}

// drawWords draws text as people write it: words in lower case or
// capitalized, in any script, with digits, joined by spaces, line breaks
// or punctuation.
func drawWords(t *rapid.T) string {
	words := rapid.SliceOfN(rapid.SampledFrom([]string{"good", "work", "Dear", "John", "meeting", "notes", "Action",
		"items", "yes", "no", "ok", "hello", "World", "světe", "Ahoj", "2026", "the", "report", "Přehled", "und"}), 1, 6).Draw(t, "words")
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteString(rapid.SampledFrom([]string{" ", "  ", "\n", ", ", ". ", " - ", "\t"}).Draw(t, "between"))
		}
		b.WriteString(w)
	}
	b.WriteString(rapid.SampledFrom([]string{"", "", ".", "!", "?"}).Draw(t, "end"))
	return b.String()
}

// Plain text is never decoded as base64 (issue 33): words are an ask
// whose readings hold their UTF-8 bytes, and, when they hold whitespace,
// never the base64 their characters spell once it is dropped; a single
// word that is canonical base64 reads as itself with the warning
// also_text (or also_hex). Every reading reads back.
func TestPropertyTextIsNeverDecoded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawWords(t)
		if !strings.ContainsFunc(s, unicode.IsLetter) {
			t.Skip("no word: digits alone are no text")
		}
		o := defaultReader.Read(s)
		if _, ok := o.Value(); ok {
			ws := o.Warnings()
			if Format(mustValue(t, o)) != s || len(ws) != 1 || ws[0].Code != agentinput.WarningAlsoText && ws[0].Code != agentinput.WarningAlsoHex {
				t.Fatalf("Read(%q), text, is a value without a warning of a canonical spelling: %+v", s, ws)
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q): ask %s, want ambiguous with the text's bytes", s, a.Code)
		}
		text := `"` + base64.StdEncoding.EncodeToString([]byte(s)) + `"`
		if !slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool { return string(r.Value) == text }) {
			t.Fatalf("Read(%q) asks without the text's bytes %s: %s", s, text, a.Message())
		}
		if strings.ContainsAny(s, " \t\n") {
			squeezed, ok := reference(strings.Map(func(r rune) rune {
				if strings.ContainsRune(" \t\n", r) {
					return -1
				}
				return r
			}, s))
			if ok && slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool {
				return string(r.Value) == `"`+base64.StdEncoding.EncodeToString(squeezed)+`"`
			}) {
				t.Fatalf("Read(%q) offers the base64 its words spell without their spaces", s)
			}
		}
		readingsReadBack(t, s, a)
	})
}

// Whitespace inside base64 is only a line break at MIME's or PEM's width
// (issue 33): broken at any other width, or with a space or a tab, base64
// is never a value.
func TestPropertyLineBreaksOnlyAtAFixedWidth(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 3, 200).Draw(t, "data")
		s := base64.StdEncoding.EncodeToString(data)
		width := rapid.IntRange(1, len(s)-1).Draw(t, "width")
		brk := rapid.SampledFrom([]string{"\n", "\r\n", " ", "\t"}).Draw(t, "break")
		if (width == 64 || width == 76) && (brk == "\n" || brk == "\r\n") {
			t.Skip("a fixed width: read (TestEveryFormDecodesToTheBytes)")
		}
		var b strings.Builder
		for i := 0; i < len(s); i += width {
			if i > 0 {
				b.WriteString(brk)
			}
			b.WriteString(s[i:min(i+width, len(s))])
		}
		in := b.String()
		o := defaultReader.Read(in)
		if _, ok := o.Value(); ok {
			t.Fatalf("Read(%q), broken every %d characters by %q, is a value", in, width, brk)
		}
		if a, ok := o.Ask(); ok {
			readingsReadBack(t, in, a)
		}
	})
}

// Hex digits after 0x, in any case, are never read as base64, canonical
// or not (issue 33): an ask whose one reading is their bytes.
func TestPropertyHexPrefixAsks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 1, 40).Draw(t, "data")
		s := hex.EncodeToString(data)
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		s = rapid.SampledFrom([]string{"0x", "0X"}).Draw(t, "prefix") + s
		o := defaultReader.Read(s)
		a, ok := o.Ask()
		if !ok {
			t.Fatalf("Read(%q) is not an ask", s)
		}
		want := `"` + base64.StdEncoding.EncodeToString(data) + `"`
		if a.Code != agentinput.AskAmbiguous || len(a.Readings) != 1 || string(a.Readings[0].Value) != want {
			t.Fatalf("Read(%q): %s, want the one reading %s", s, a.Message(), want)
		}
		readingsReadBack(t, s, a)
	})
}

// An array of byte values reads as the bytes; one item outside 0..255, not
// whole, or not a number is an ask.
func TestPropertyByteArray(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 0, 60).Draw(t, "data")
		items := make([]any, len(data))
		for i, c := range data {
			items[i] = json.Number(strconv.Itoa(int(c)))
		}
		bad := len(items) > 0 && rapid.Bool().Draw(t, "bad")
		if bad {
			at := rapid.IntRange(0, len(items)-1).Draw(t, "at")
			items[at] = rapid.SampledFrom([]any{json.Number("256"), json.Number("-1"), json.Number("1.5"), "7", true, nil}).Draw(t, "bad item")
		}
		o := defaultReader.Read(items)
		b, ok := o.Value()
		switch {
		case bad && ok:
			t.Fatalf("Read(%v) = %x, with an item that is no byte", items, b.Data)
		case !bad && (!ok || !stdbytes.Equal(b.Data, data)):
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%v) = %s, want %x", items, j, data)
		}
	})
}
