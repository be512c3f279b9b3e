package oracle

import (
	"encoding/json"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// Draws is the agentinput.Chooser of a rapid test: each choice is one
// labelled draw, so rapid shrinks a failing spelling toward choice 0, the
// plainest, and reports it by its labels. fuzz.Draws is its public form.
func Draws(t *rapid.T) agentinput.Chooser { return draws{t} }

type draws struct{ t *rapid.T }

func (d draws) Choose(label string, n int) int {
	if n <= 1 {
		return 0
	}
	return rapid.IntRange(0, n-1).Draw(d.t, label)
}

// ReadsBack fails t unless r reads the spelling s back as the value want:
// the property every kind's Spell holds. eq compares two values of the
// kind. (Whether a repair is noted is each kind's own test's: a timestamp
// at another offset is canonical RFC 3339 and reads with no note.)
func ReadsBack[T any](t *rapid.T, r agentinput.Reader[T], s agentinput.Spelled, want T, eq func(a, b T) bool) {
	t.Helper()
	o := r.Read(s.Value)
	v, ok := o.Value()
	if !ok {
		if a, asks := o.Ask(); asks {
			t.Fatalf("%s spelling %s of %v: asks (%s), want the value", s.Class, show(s.Value), want, a.Message())
		}
		t.Fatalf("%s spelling %s of %v: read as absent, want the value", s.Class, show(s.Value), want)
	}
	if !eq(v, want) {
		t.Fatalf("%s spelling %s of %v: read as %v", s.Class, show(s.Value), want, v)
	}
}

// AsksAbout fails t unless r asks about the spelling s and one of the
// ask's readings, read back by r, is want: the property every kind's
// Ambiguous holds. eq compares two values of the kind.
func AsksAbout[T any](t *rapid.T, r agentinput.Reader[T], s agentinput.Spelled, want T, eq func(a, b T) bool) {
	t.Helper()
	o := r.Read(s.Value)
	if v, ok := o.Value(); ok {
		t.Fatalf("%s spelling %s of %v: read as %v, want an ask naming both readings", s.Class, show(s.Value), want, v)
	}
	a, ok := o.Ask()
	if !ok {
		t.Fatalf("%s spelling %s of %v: read as absent, want an ask", s.Class, show(s.Value), want)
	}
	for _, rd := range a.Readings {
		var raw any
		if decode(rd.Value, &raw) != nil {
			continue
		}
		if v, ok := r.Read(raw).Value(); ok && eq(v, want) {
			return
		}
	}
	t.Fatalf("%s spelling %s of %v: the ask's readings %s lack it", s.Class, show(s.Value), want, readingsText(a.Readings))
}

func readingsText(rs []agentinput.Reading) string {
	b, _ := json.Marshal(rs)
	return string(b)
}

// The Choosers of the kinds' spelling tests, besides rapid's (Draws).

// Plain always chooses 0: the plainest spelling, the canonical one.
type Plain struct{}

func (Plain) Choose(string, int) int { return 0 }

// Xorshift is a tiny deterministic Chooser for benchmarks and seeded
// runs: a xorshift64 generator (a zero state stays 0).
type Xorshift uint64

// Seeded is a Xorshift started at seed.
func Seeded(seed uint64) *Xorshift {
	x := Xorshift(seed)
	return &x
}

func (x *Xorshift) Choose(_ string, n int) int {
	if n <= 1 {
		return 0
	}
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return int(uint64(*x) % uint64(n))
}

// Sequence makes its choices in order, each at most n-1, then 0s: a
// spelling picked by hand in a table of cases.
type Sequence []int

func (s *Sequence) Choose(_ string, n int) int {
	if len(*s) == 0 || n <= 0 {
		return 0
	}
	c := (*s)[0]
	*s = (*s)[1:]
	return min(c, n-1)
}

// Labels makes the choice given for each label (0 for any other, or for
// one not below n): a spelling picked by hand by its choices' names.
type Labels map[string]int

func (l Labels) Choose(label string, n int) int {
	if k := l[label]; k < n {
		return k
	}
	return 0
}

// Scripted is the spelling s writes of v by the choices given (Sequence):
// Ambiguous's with ambiguous (its zero Spelled when there is none), Spell's
// otherwise. A table of hand-picked spellings runs each row through it.
func Scripted[T any](s agentinput.Speller[T], v T, choices []int, ambiguous bool) agentinput.Spelled {
	seq := Sequence(choices)
	if ambiguous {
		out, _ := s.Ambiguous(&seq, v)
		return out
	}
	return s.Spell(&seq, v)
}
