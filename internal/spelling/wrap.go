package spelling

import "agentinput.dev/agentinput"

// WrapQuotes are the pairs of quotes Trim removes, as strings: the same
// table (quotePairs), for the kinds' spellers, which wrap a spelling in one
// of them. Every kind draws its quotes from here, so a pair Trim learns is
// drawn by every kind, and no kind draws one Trim does not remove.
var WrapQuotes = func() [][2]string {
	out := make([][2]string, len(quotePairs))
	for i, p := range quotePairs {
		out[i] = [2]string{string(p[0]), string(p[1])}
	}
	return out
}()

// WrapSpaces is the whitespace the kinds' spellers put around a spelling
// (and inside its quotes), none first: spaces models paste — the space and
// two of them, a tab, line feeds, the no-break, thin, narrow no-break, em
// and ideographic spaces, and a byte-order mark — each one IsSpace holds
// and Trim removes.
var WrapSpaces = []string{"", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2009", "\u202f", "\u2003", "\u3000", "\ufeff"}

// Wrap draws, by c, the wrapping a model puts around a spelling s of class
// class: one pair of WrapQuotes (or none) and WrapSpaces on either side,
// none at choice 0; the class gains " + quotes" and " + outer
// whitespace" for what was added.
func Wrap(c agentinput.Chooser, s, class string) agentinput.Spelled {
	if c.Choose("quoted", 2) == 1 {
		q := WrapQuotes[c.Choose("quotes", len(WrapQuotes))]
		s, class = q[0]+s+q[1], class+" + quotes"
	}
	l, r := WrapSpaces[c.Choose("left", len(WrapSpaces))], WrapSpaces[c.Choose("right", len(WrapSpaces))]
	if l != "" || r != "" {
		s, class = l+s+r, class+" + outer whitespace"
	}
	return agentinput.Spelled{Value: s, Class: class}
}
