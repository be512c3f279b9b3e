package cursor

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func samePosition(a, b Position) bool { return a == b }

// TestSpellReadsBack: every spelling Spell draws of a position reads back,
// within the session and filters it was issued for, as that position
// issued at the clock's second.
func TestSpellReadsBack(t *testing.T) {
	clk := &clock{t0}
	c := newReader(t, clk, key1, key2)
	rapid.Check(t, func(t *rapid.T) {
		clk.now = t0.Add(time.Duration(rapid.Int64Range(0, 1<<40).Draw(t, "seconds")) * time.Second)
		p := drawPosition(t)
		s := c.Spell(oracle.Draws(t), p)
		p.Issued = clk.now.Truncate(time.Second).UTC()
		oracle.ReadsBack(t, c.Bind(p.Session, p.Filters), s, p, samePosition)
	})
}

// TestAmbiguousAsks: a position has no ambiguous spelling (the Ambiguous
// doc says why), so Ambiguous is false for every one.
func TestAmbiguousAsks(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		if s, ok := c.Ambiguous(oracle.Draws(t), p); ok {
			oracle.AsksAbout(t, c.Bind(p.Session, p.Filters), s, p, samePosition)
			t.Fatalf("Ambiguous gave %q (%s); a cursor has no ambiguous spelling", s.Value, s.Class)
		}
	})
}

// fixed is a Chooser that makes the same choice everywhere it can.
type fixed int

func (f fixed) Choose(_ string, n int) int { return min(int(f), n-1) }

// TestSpellClasses lists the spelling of each class for one token.
func TestSpellClasses(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	p := Position{Offset: 40, PageSize: 20, Session: "s", Filters: "f"}
	token := c.Encode(p)
	for _, tc := range []struct {
		ch    fixed
		class string
		want  string
	}{
		{0, "canonical", token},
		{1, "outer whitespace", "\t" + token + "\t"},
		{2, "quoted", "`\n" + token + "\n`"},
		{3, "quoted + outer whitespace", "\r\n“\r\n" + token + "\r\n”\r\n"},
	} {
		s := c.Spell(tc.ch, p)
		if s.Class != tc.class || s.Value != tc.want {
			t.Errorf("choice %d: %q (%s), want %q (%s)", tc.ch, s.Value, s.Class, tc.want, tc.class)
		}
		if v, ok := c.Read(s.Value, "s", "f").Value(); !ok || v.Offset != 40 || v.PageSize != 20 {
			t.Errorf("%s %q does not read back", s.Class, s.Value)
		}
		if strings.TrimSpace(s.Value.(string)) == "" {
			t.Errorf("%s is empty", s.Class)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is one spelling of a position (10,000 positions
// drawn in turn).
func BenchmarkSpell(b *testing.B) {
	c := newReader(b, &clock{t0}, key1)
	ps := make([]Position, 10000)
	x := oracle.Xorshift(88172645463325252)
	for i := range ps {
		ps[i] = Position{Offset: int64(x.Choose("", 1<<30)), PageSize: x.Choose("", 500), Session: "s", Filters: "f"}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = c.Spell(&x, ps[i%len(ps)])
		i++
	}
}
