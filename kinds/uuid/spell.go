package uuid

import (
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[UUID] = (*Reader)(nil)

// The spelling classes' members: the one source the Speller and the
// property tests draw from.
var (
	// spaces is whitespace that may surround a value, or sit inside its
	// quotes; none first.
	spaces = spelling.WrapSpaces
	// quotes are pairs a value may be wrapped in (spelling.Trim removes
	// one).
	quotes = spelling.WrapQuotes
)

// render spells s, by c's choices, in a member of the accepted class:
// lower, upper or mixed case (per digit), with or without hyphens, in
// braces or after a urn:uuid: prefix in any case, within one pair of
// quotes and whitespace. It returns the labels of the classes it used.
func render(c agentinput.Chooser, s string) (string, []string) {
	var labels []string
	upper := func(b byte) byte {
		if 'a' <= b && b <= 'z' {
			return b - 'a' + 'A'
		}
		return b
	}
	switch c.Choose("case", 3) { // lower, upper, mixed
	case 1:
		s = strings.Map(func(r rune) rune {
			if r < 0x80 {
				return rune(upper(byte(r)))
			}
			return r
		}, s)
		labels = append(labels, "upper case")
	case 2:
		b := []byte(s)
		for i := range b {
			if c.Choose("upper", 2) == 1 {
				b[i] = upper(b[i])
			}
		}
		s = string(b)
		labels = append(labels, "mixed case")
	}
	if c.Choose("no hyphens", 2) == 1 {
		s = strings.ReplaceAll(s, "-", "")
		labels = append(labels, "no hyphens")
	}
	switch c.Choose("wrap", 3) {
	case 1:
		s = "{" + s + "}"
		labels = append(labels, "braces")
	case 2:
		prefix := []byte("urn:uuid:")
		for i := range prefix {
			if c.Choose("prefix upper", 2) == 1 {
				prefix[i] = upper(prefix[i])
			}
		}
		s = string(prefix) + s
		labels = append(labels, "urn:uuid: prefix")
	}
	if c.Choose("quoted", 2) == 1 {
		q := quotes[c.Choose("quotes", len(quotes))]
		s = q[0] + spaces[c.Choose("inner left", len(spaces))] + s + spaces[c.Choose("inner right", len(spaces))] + q[1]
		labels = append(labels, "quotes")
	}
	l, r := spaces[c.Choose("left", len(spaces))], spaces[c.Choose("right", len(spaces))]
	if l != "" || r != "" {
		labels = append(labels, "outer whitespace")
	}
	return l + s + r, labels
}

// Spell writes v in a spelling r reads back as v, drawn by c from the
// classes of the package doc: the canonical lowercase 8-4-4-4-12 string;
// upper case, or mixed case digit by digit; the 32 digits without
// hyphens; braces, or a urn:uuid: prefix in any case; one pair of quotes,
// with whitespace inside them, and outer whitespace. Classes stack; Class
// names them joined by " + ". A placeholder UUID (the nil UUID, a
// documented example: Placeholders) has no spelling read as a value: Spell
// writes it canonically all the same, and the Reader reads that as the
// placeholder.
func (r *Reader) Spell(c agentinput.Chooser, v UUID) agentinput.Spelled {
	s, labels := render(c, Format(v))
	class := strings.Join(labels, " + ")
	if class == "" {
		class = "canonical"
	}
	return agentinput.Spelled{Value: s, Class: class}
}

// Ambiguous reports false for every UUID: a UUID spelling has one meaning
// or none (it is read, read as a placeholder, or asked about as invalid),
// so no spelling of one is an ask with readings.
func (r *Reader) Ambiguous(c agentinput.Chooser, v UUID) (agentinput.Spelled, bool) {
	return agentinput.Spelled{}, false
}
