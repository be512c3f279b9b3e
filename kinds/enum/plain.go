package enum

import (
	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// The plain path: most spellings a model sends are short printable ASCII
// with nothing to trim ("Status 0001 Archived", "status0001Archived",
// "LIVE"). For them readString folds and compacts in one pass over the
// bytes, into buffers on the stack, and looks the keys up without making
// strings; only a spelling that misses both keys pays for them as strings
// (the near-miss, inflection and word searches keep them). What it reads
// is what the general path reads (TestPlainPathAgrees compares them).

// maxPlain is the longest spelling, in bytes, the plain path takes.
const maxPlain = 64

// readPlain is readString for a plain spelling raw (see plainFold), which
// the caller has looked up in e.exact and missed. ok is false for any
// other spelling: the general path reads it.
func (e *Reader) readPlain(v any, raw string, notes agentinput.Notes) (o agentinput.Outcome[string], ok bool) {
	if hasDigit(raw) {
		return o, false // may be a number: the general path reads it as one
	}
	var fbuf [2 * maxPlain]byte
	f, ok := plainFold(fbuf[:0], raw)
	if !ok {
		return o, false
	}
	if m, hit := e.folded[string(f)]; hit {
		o = e.read(m, raw, notes)
	} else {
		var cbuf [2 * maxPlain]byte
		c := plainCompact(cbuf[:0], f)
		values := e.compacted[string(c)]
		if len(values) == 1 {
			o = e.read(match{value: values[0]}, raw, notes)
		} else {
			fs, cs := string(f), ""
			if cs = fs; len(c) != len(f) {
				cs = string(c) // compacting dropped a space
			}
			o = e.readCompacted(v, raw, fs, cs, values, notes)
		}
	}
	return e.unlessInverted(v, raw, o), true
}

// plainFold appends fold(s) to dst, for a plain spelling s: at most
// maxPlain bytes, each printable ASCII (space to tilde), neither end a
// space or a quote — so spelling.Word takes it as it is, with no trimming
// and no problem. ok is false for any other s. It is fold's three steps in
// one pass: the camelCase boundaries of splitCamel become separators, the
// letters are lower-cased, and each run of separators (space, '-', '_',
// '.') is one space, none at the ends (spelling.Fold).
func plainFold(dst []byte, s string) (f []byte, ok bool) {
	if len(s) == 0 || len(s) > maxPlain || !plainEnd(s[0]) || !plainEnd(s[len(s)-1]) {
		return dst, false
	}
	pending := false // a separator since the last byte written
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < ' ' || c > '~':
			return dst, false
		case c == ' ' || c == '-' || c == '_' || c == '.':
			pending = len(dst) > 0
			continue
		case isUpperASCII(c):
			if i > 0 {
				p := s[i-1]
				if isLowerASCII(p) || isDigit(p) || isUpperASCII(p) && i+1 < len(s) && isLowerASCII(s[i+1]) {
					pending = true // a camelCase boundary; what precedes it was written
				}
			}
			c += 'a' - 'A'
		}
		if pending {
			dst = append(dst, ' ')
			pending = false
		}
		dst = append(dst, c)
	}
	return dst, true
}

// plainEnd reports whether a plain spelling may begin or end with c:
// spelling.Trim removes nothing there.
func plainEnd(c byte) bool {
	return c > ' ' && c <= '~' && c != '"' && c != '\'' && c != '`'
}

func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }

// plainCompact appends compact(f) to dst, for a fold f of plain bytes.
func plainCompact(dst, f []byte) []byte {
	for i, c := range f {
		if c != ' ' || i > 0 && i+1 < len(f) && isDigit(f[i-1]) && isDigit(f[i+1]) {
			dst = append(dst, c)
		}
	}
	return dst
}

// unlessInverted is the outcome o of the spelling raw, unless raw is led
// by a mark or word that inverts what it reads as (see readString).
func (e *Reader) unlessInverted(v any, raw string, o agentinput.Outcome[string]) agentinput.Outcome[string] {
	if rest, ok := spelling.Negation(raw); ok && e.inverts(o, rest) {
		return e.ask(v, agentinput.AskInvalid, "it is led by a mark or word that excludes or inverts what follows; "+
			"a property names one value and cannot exclude one", nil)
	}
	return o
}
