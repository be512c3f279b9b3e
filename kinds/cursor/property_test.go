package cursor

import (
	"math"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

func drawPosition(t *rapid.T) Position {
	return Position{
		Offset:   rapid.Int64Range(0, math.MaxInt64).Draw(t, "offset"),
		PageSize: rapid.IntRange(0, math.MaxInt32).Draw(t, "page size"),
		Session:  rapid.String().Draw(t, "session"),
		Filters:  rapid.String().Draw(t, "filters"),
	}
}

// Every token the encoder emits is inside the class, made of the prefix
// and the URL-safe alphabet, and decodes to what was encoded.
func TestPropertyRoundTrip(t *testing.T) {
	clk := &clock{t0}
	c := newCodec(t, clk, key1, key2)
	rapid.Check(t, func(t *rapid.T) {
		clk.now = t0.Add(time.Duration(rapid.Int64Range(0, 1<<40).Draw(t, "seconds")) * time.Second)
		p := drawPosition(t)
		token := c.Encode(p)
		if !InClass(token) || !strings.HasPrefix(token, Prefix) {
			t.Fatalf("%q is not in the class", token)
		}
		for i := len(Prefix); i < len(token); i++ {
			if !isAlphabet(token[i]) {
				t.Fatalf("%q: byte %d outside the alphabet", token, i)
			}
		}
		p.Issued = clk.now.Truncate(time.Second).UTC()
		got, err := c.Decode(token, p.Session, p.Filters)
		if err != nil || got != p {
			t.Fatalf("Decode = %+v, %v; want %+v", got, err, p)
		}
		if v, ok := c.Read(token, p.Session, p.Filters).Value(); !ok || v != p {
			t.Fatalf("Read of %q is not its position", token)
		}
	})
}

// Every bit flip and every truncation of a real token (that keeps the
// prefix) is invalid_cursor, and never absent or a value.
func TestPropertyDamage(t *testing.T) {
	clk := &clock{t0}
	c := newCodec(t, clk, key1)
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		token := c.Encode(p)
		var damaged string
		if rapid.Bool().Draw(t, "flip") {
			b := []byte(token)
			i := rapid.IntRange(0, len(b)-1).Draw(t, "byte")
			b[i] ^= 1 << rapid.IntRange(0, 7).Draw(t, "bit")
			damaged = string(b)
		} else {
			damaged = token[:rapid.IntRange(len(Prefix), len(token)-1).Draw(t, "length")]
		}
		o := c.Read(damaged, p.Session, p.Filters)
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskInvalidCursor {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q (from %q): %s, want invalid_cursor", damaged, token, b)
		}
	})
}

// Every string outside the class is no cursor: a placeholder with a note.
func TestPropertyOutside(t *testing.T) {
	c := newCodec(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringN(0, 40, 200).Draw(t, "s")
		if InClass(strings.TrimSpace(s)) || containsPrefix(s) {
			t.Skip("inside the class")
		}
		o := c.Read(s, "", "")
		if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() || o.NoteCount() != 1 {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}

// A model's inventions for a first call: words, page numbers, JSON-ish
// text, in any case and wrapping.
func TestPropertyInventions(t *testing.T) {
	c := newCodec(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom([]string{"start", "first", "begin", "initial", "reset", "page", "next", "null", "none",
			"cursor", "token", "offset", "0", "1", "2", "10", "__start__", "first_page", "top", "head", "beginning"}).Draw(t, "word")
		n := rapid.SampledFrom([]string{"", "1", "0", "_1", "=1", ":0", "-2"}).Draw(t, "number")
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {" ", " "}, {`"`, `"`}, {"<", ">"}, {"{", "}"}, {"[", "]"}}).Draw(t, "wrap")
		s := wrap[0] + w + n + wrap[1]
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		o := c.Read(s, "", "")
		if o.Status() != agentinput.StatusAbsent {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}
