package spelling

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
