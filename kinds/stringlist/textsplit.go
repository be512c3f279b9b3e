package stringlist

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// A lone string of free text may be one item or a list written as text:
// items between list separators ("a, b", "a; b", one a line), a quoted CSV
// line ("\"a\",\"b\""), a list in another language's literal syntax
// (Python's ['a', 'b'], a tuple ("a", "b"), a set {"a", "b"}, R's c("a",
// "b"), Go's []string{"a"}, Ruby's %w[a b], Perl's qw(a b) …), or a JSON
// array that lost a bracket (["a", "b"). textItems finds the items of such
// a string; the list reader then asks between the one-item list and the
// split one (Options.SplitText), since free text may hold any of these.

// textSeparators separate the items of a list written as text: commas,
// semicolons and line breaks, in their ASCII, full-width, ideographic and
// Arabic forms, and tabs (a row pasted from a spreadsheet).
func textSeparator(r rune) bool {
	switch r {
	case ',', ';', '\n', '\r', '\t', '，', '；', '、', '､', '،', '؛', '﹐', '﹔', '\u2028', '\u2029', '\u0085':
		return true
	}
	return false
}

// literal matches the start of a list literal: an optional prefix naming
// a constructor or a sigil (c, list, set, tuple, vec!, Array, List.of,
// []string, new[], new string[], @, %w, qw, #, '), then an opening
// bracket; group 1 is the prefix, group 2 the bracket, and the rest of the
// string follows the match. The rest is not part of the expression: a
// group (.*) to the end made every string of more than a few KiB cost the
// slower of Go's regexp engines (the backtracker takes only short inputs),
// ten times as much per byte as a short one.
var literal = regexp.MustCompile(`^((?:[@#']|%[wWiI]|qw|\[\][A-Za-z_][A-Za-z0-9_.]*|new\s*(?:[A-Za-z_][A-Za-z0-9_.]*\s*)?\[\]|[A-Za-z_][A-Za-z0-9_.:]*(?:<[A-Za-z0-9_., ]*>)?!?)?\s*)([\[({<])`)

// closerOf is the bracket that closes an opening one.
func closerOf(open byte) byte {
	switch open {
	case '[':
		return ']'
	case '(':
		return ')'
	case '{':
		return '}'
	}
	return '>'
}

// spacedPrefix reports whether a literal's prefix separates its items by
// whitespace (%w[a b], qw(a b), Lisp's '("a" "b"), Clojure's #{"a" "b"}).
func spacedPrefix(p string) bool {
	p = strings.TrimSpace(p)
	return p == "%w" || p == "%W" || p == "%i" || p == "%I" || p == "qw"
}

// textItems returns the items of s written as a list, and true; false when
// s reads as a list in no such way (no separator outside quotes, no list
// brackets around quoted items, no run of quoted items): then it is one
// item.
func textItems(s string) ([]any, bool) {
	if len(s) > maxTextScan || !utf8.ValidString(s) {
		return nil, false
	}
	u := strings.TrimFunc(s, spelling.IsSpace)
	inner, bracketed, spaced := u, false, false
	if m := literal.FindStringSubmatchIndex(u); m != nil {
		prefix, open := u[m[2]:m[3]], u[m[4]:m[5]]
		closer := closerOf(open[0])
		rest := strings.TrimFunc(u[m[5]:], spelling.IsSpace)
		switch {
		case strings.HasSuffix(rest, string(closer)):
			inner, bracketed = rest[:len(rest)-1], true
		case prefix == "" && open == "[":
			// A JSON array that lost its closing bracket: ["a", "b"
			inner, bracketed = rest, true
		}
		spaced = bracketed && spacedPrefix(prefix)
	} else if strings.HasSuffix(u, "]") && !strings.Contains(u, "[") {
		// A JSON array that lost its opening bracket: "a", "b"]
		inner, bracketed = u[:len(u)-1], true
	}
	items, quoted, separated, ok := tokenize(inner, spaced)
	if !ok || len(items) == 0 {
		return nil, false
	}
	if !separated && !(bracketed && quoted) && !((quoted || spaced) && len(items) >= 2) {
		return nil, false
	}
	if separated && !quoted {
		items = listMarkersOff(items, strings.ContainsAny(inner, "\n\r\u2028\u2029\u0085"))
	}
	return items, true
}

// The list markers a list written as text holds, which its split reading
// leaves out (issue 33): a bullet that leads every item ("- a", "• a"),
// numbering in sequence that leads every item ("1. a", "2. b"; "a) x",
// "b) y") — one item a line, or numbered with ")" — and a conjunction
// that joins the last item ("a, b and c", "a, b, and c", "a, b und c").

// bullets are the marks that lead the items of a bulleted list.
const bullets = "-*•–—·▪◦‣○●■□➢►"

// conjunctions are the words that join the last item of a list, in the
// boolean kind's languages: and, or and their kin.
var conjunctions = []string{"and", "&", "or", "und", "oder", "et", "ou", "y", "o", "e", "i", "a", "en", "och", "og", "és", "și", "oraz",
	"lub", "nebo", "alebo", "eller", "vagy", "sau"}

// listMarkersOff returns items without their list markers. lines says
// whether the items were one a line.
func listMarkersOff(items []any, lines bool) []any {
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.(string)
	}
	if len(texts) >= 2 {
		texts = bulletsOff(texts)
		texts = numberingOff(texts, lines)
		texts = conjunctionOff(texts)
	}
	out := make([]any, 0, len(texts))
	for _, t := range texts {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// bulletsOff drops a bullet and the whitespace after it when every item
// starts with the same one.
func bulletsOff(texts []string) []string {
	first, _ := utf8.DecodeRuneInString(texts[0])
	if !strings.ContainsRune(bullets, first) {
		return texts
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		r, n := utf8.DecodeRuneInString(t)
		rest := t[n:]
		if r != first || rest == "" || !spelling.IsSpace(rune(rest[0])) {
			return texts
		}
		out[i] = strings.TrimFunc(rest, spelling.IsSpace)
	}
	return out
}

// numberingOff drops numbering in sequence from 1 (or a, or A) when every
// item starts with its number and "." or ")" and whitespace; with "." only
// when the items were one a line ("1. 10. 2026, 2. 10. 2026" are dates).
func numberingOff(texts []string, lines bool) []string {
	out := make([]string, len(texts))
	var mark byte
	for i, t := range texts {
		j := 0
		for j < len(t) && '0' <= t[j] && t[j] <= '9' {
			j++
		}
		want := strconv.Itoa(i + 1)
		switch {
		case j > 0 && t[:j] == want:
		case j == 0 && len(t) > 1 && (t[0] == byte('a'+i) || t[0] == byte('A'+i)) && i < 26:
			j = 1
		default:
			return texts
		}
		if j+1 >= len(t) || t[j] != '.' && t[j] != ')' || !spelling.IsSpace(rune(t[j+1])) {
			return texts
		}
		if mark == 0 {
			mark = t[j]
		} else if t[j] != mark {
			return texts
		}
		out[i] = strings.TrimFunc(t[j+1:], spelling.IsSpace)
	}
	if mark == '.' && !lines {
		return texts
	}
	return out
}

// conjunctionOff reads a conjunction that joins the last item: leading it
// ("and c", after "a, b,"), it is dropped; inside it once ("b and c",
// after "a,"), the item is two.
func conjunctionOff(texts []string) []string {
	last := texts[len(texts)-1]
	word, rest, _ := strings.Cut(last, " ")
	if rest != "" && isConjunction(word) {
		out := append([]string(nil), texts...)
		out[len(out)-1] = strings.TrimFunc(rest, spelling.IsSpace)
		return out
	}
	words := strings.Fields(last)
	at := -1
	for i := 1; i+1 < len(words); i++ {
		if isConjunction(words[i]) {
			if at >= 0 {
				return texts // two: not one joint
			}
			at = i
		}
	}
	if at < 0 {
		return texts
	}
	out := append([]string(nil), texts[:len(texts)-1]...)
	return append(out, strings.Join(words[:at], " "), strings.Join(words[at+1:], " "))
}

func isConjunction(w string) bool {
	w = strings.ToLower(w)
	for _, c := range conjunctions {
		if w == c {
			return true
		}
	}
	return false
}

// maxTextScan bounds the text searched for a list: a longer string is one
// item (a document, not a list someone typed).
const maxTextScan = 64 << 10

// quoteCloser returns the closing quote of an opening one, or 0.
func quoteCloser(r rune) rune {
	switch r {
	case '"', '\'', '`':
		return r
	case '“':
		return '”'
	case '‘':
		return '’'
	case '«':
		return '»'
	case '„':
		return '“'
	}
	return 0
}

// tokenize cuts inner into items: at separators outside quotes (and at
// whitespace with spaced), a quoted item being its text without the
// quotes (a doubled quote or a backslash escapes one), an unquoted item
// trimmed. quoted reports a quoted item, separated a separator outside
// quotes; ok is false when a quote never closes or text follows a
// closing quote other than a separator or another quoted item (then the
// quotes are part of the text: `say "hi" twice`).
func tokenize(inner string, spaced bool) (items []any, quoted, separated, ok bool) {
	rs := []rune(inner)
	i := 0
	isSep := func(r rune) bool { return textSeparator(r) || spaced && spelling.IsSpace(r) }
	for i < len(rs) {
		for i < len(rs) && spelling.IsSpace(rs[i]) && !textSeparator(rs[i]) {
			i++
		}
		if i >= len(rs) {
			break
		}
		if isSep(rs[i]) {
			separated = separated || textSeparator(rs[i])
			i++
			continue
		}
		if closer := quoteCloser(rs[i]); closer != 0 {
			var b strings.Builder
			j := i + 1
			closed := false
			for j < len(rs) {
				switch {
				case rs[j] == '\\' && j+1 < len(rs):
					b.WriteRune(rs[j+1])
					j += 2
					continue
				case rs[j] == closer && j+1 < len(rs) && rs[j+1] == closer && closer == rs[i]:
					b.WriteRune(closer) // CSV: a doubled quote is one
					j += 2
					continue
				case rs[j] == closer:
					closed = true
				}
				if closed {
					break
				}
				b.WriteRune(rs[j])
				j++
			}
			if !closed {
				return nil, false, false, false
			}
			j++
			// After a quoted item: whitespace, then a separator, another
			// quoted item or the end.
			k := j
			for k < len(rs) && spelling.IsSpace(rs[k]) && !textSeparator(rs[k]) {
				k++
			}
			if k < len(rs) && !isSep(rs[k]) && quoteCloser(rs[k]) == 0 {
				return nil, false, false, false
			}
			items = append(items, b.String())
			quoted = true
			i = k
			continue
		}
		j := i
		for j < len(rs) && !isSep(rs[j]) {
			j++
		}
		if item := strings.TrimFunc(string(rs[i:j]), spelling.IsSpace); item != "" {
			items = append(items, item)
		}
		i = j
	}
	return items, quoted, separated, true
}
