package cursor

import (
	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[Position] = (*Reader)(nil)

// Spell writes v as a token this Reader issues, Encode(v) issued now (so
// Issued is the clock's second, not v.Issued), in one of the spellings
// Read takes as that token (within v.Session and v.Filters, see Bind):
//
//   - "canonical": the token exactly as Encode emits it;
//   - "outer whitespace": whitespace around it (spaceRunes);
//   - "quoted": one pair of quotes around it (quotePairs), whitespace
//     inside them or not, and around them or not ("quoted + outer
//     whitespace").
//
// A token is issued, never written by hand: there is no other spelling of
// it, no case, no prefix dropped (a damaged prefix is inside the class, but
// a token that does not decode is an ask). A nil Reader has no key and
// spells nothing: Spell panics, as Encode does.
func (c *Reader) Spell(ch agentinput.Chooser, v Position) agentinput.Spelled {
	if c == nil {
		panic("cursor: Spell on a nil Reader, which has no key to sign a token")
	}
	s, class := wrap(ch, c.Encode(v))
	return agentinput.Spelled{Value: s, Class: class}
}

// Ambiguous reports false for every position: a token is one position or
// an ask that names none (invalid_cursor has no readings: the one way on is
// the next_cursor as returned, or the first page), so no spelling of a
// position is asked about with the position among its readings.
func (c *Reader) Ambiguous(ch agentinput.Chooser, v Position) (agentinput.Spelled, bool) {
	return agentinput.Spelled{}, false
}

// spaceRunes are whitespace spelling.Trim removes around a value: ASCII,
// the no-break and ideographic spaces, a byte-order mark.
var spaceRunes = [...]string{" ", "\t", "\n", "\r\n", "\u00a0", "\u2009", "\u3000", "\ufeff"}

// quotePairs are pairs of quotes spelling.Trim removes around a value (a
// few of its table: ASCII, typographic, guillemets, CJK corner brackets).
var quotePairs = spelling.WrapQuotes

// wrap draws the wrapping of s Read trims: none (choice 0), outer
// whitespace, a pair of quotes with whitespace inside or not, and both.
func wrap(ch agentinput.Chooser, s string) (string, string) {
	switch ch.Choose("wrapping", 4) {
	case 0:
		return s, "canonical"
	case 1:
		return space(ch, "left") + s + space(ch, "right"), "outer whitespace"
	case 2:
		return quoted(ch, s), "quoted"
	}
	return space(ch, "left") + quoted(ch, s) + space(ch, "right"), "quoted + outer whitespace"
}

func quoted(ch agentinput.Chooser, s string) string {
	q := quotePairs[ch.Choose("quotes", len(quotePairs))]
	inner := ch.Choose("whitespace inside quotes", 2) == 1
	if inner {
		return q[0] + space(ch, "inner left") + s + space(ch, "inner right") + q[1]
	}
	return q[0] + s + q[1]
}

// space draws one whitespace run: at least one rune, so that a "whitespace"
// class is never the bare token.
func space(ch agentinput.Chooser, label string) string {
	return spaceRunes[ch.Choose(label, len(spaceRunes))]
}
