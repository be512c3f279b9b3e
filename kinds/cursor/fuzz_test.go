package cursor

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// FuzzRead: outside the class is no cursor exactly for the first-call
// class, and otherwise the invalid_cursor ask with HintLaterPage; inside the
// class is never no cursor; a value only for a token that decodes, and
// then its position. Seeded with real tokens and the spellings models
// invent.
func FuzzRead(f *testing.F) {
	clk := &clock{t0}
	c := newReader(f, clk, key1)
	for _, p := range []Position{{}, {Offset: 1 << 40, PageSize: 100, Session: "s", Filters: "f"}} {
		f.Add(c.Encode(p))
	}
	for _, s := range []string{" ", "0", "1", "start", "first", "page1", "__start__", "c1_", "C1_x", "null", "page2", "next", "offset=20", "2.0", "page -2", "MQ==", "eyJwYWdlIjoyfQ==", "v2:abc"} {
		f.Add(s)
	}
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, c, s)
		o := c.Read(s, "s", "f")
		if len(s) > agentinput.MaxScalarBytes {
			return
		}
		trimmed, _ := spelling.Trim(s)
		inside := InClass(trimmed)
		later := !inside && laterPage(trimmed)
		first := !inside && !later && firstCall(trimmed)
		switch o.Status() {
		case agentinput.StatusAbsent:
			if !first || !o.IsPlaceholder() {
				t.Fatalf("%q: absent inside the class, naming a later page, or outside the first-call class", s)
			}
		case agentinput.StatusValue:
			p, err := c.Decode(trimmed, "s", "f")
			if v, _ := o.Value(); err != nil || v != p {
				t.Fatalf("%q: a value that does not decode", s)
			}
		default:
			a, _ := o.Ask()
			if first || a.Code != agentinput.AskInvalidCursor {
				t.Fatalf("%q: ask %s (inside %v, later page %v, first call %v)", s, a.Code, inside, later, first)
			}
			if want := map[bool]string{true: Hint, false: HintLaterPage}[inside]; a.Hint != want && a.Code != agentinput.AskTooLarge {
				t.Fatalf("%q: hint %q, want %q", s, a.Hint, want)
			}
		}
	})
}
