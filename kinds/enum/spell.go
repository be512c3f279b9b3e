package enum

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[string] = (*Reader)(nil)

// outerSpaces are the whitespace a spelling may be wrapped in, none first;
// quotePairs the quotes, one pair (spelling.Word trims both). The property
// tests draw from these same lists.
var (
	outerSpaces = spelling.WrapSpaces
	quotePairs  = spelling.WrapQuotes
)

// styles are the ways a value's words are joined, as a model writes an
// identifier: the fold of each is the fold of the words (fold.go). The
// property tests draw from the same table (restyle).
var styles = []struct {
	class string
	join  func(words []string) string
}{
	{"snake_case", func(w []string) string { return strings.Join(w, "_") }},
	{"kebab-case", func(w []string) string { return strings.Join(w, "-") }},
	{"spaces", func(w []string) string { return strings.Join(w, " ") }},
	{"dots", func(w []string) string { return strings.Join(w, ".") }},
	{"camelCase", func(w []string) string {
		s := w[0]
		for _, x := range w[1:] {
			s += title(x)
		}
		return s
	}},
	{"PascalCase", func(w []string) string {
		s := ""
		for _, x := range w {
			s += title(x)
		}
		return s
	}},
	{"UPPER_SNAKE", func(w []string) string { return strings.ToUpper(strings.Join(w, "_")) }},
	{"upper case", func(w []string) string { return strings.ToUpper(strings.Join(w, " ")) }},
	{"Title Case", func(w []string) string {
		out := make([]string, len(w))
		for i, x := range w {
			out[i] = title(x)
		}
		return strings.Join(out, " ")
	}},
}

func title(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// splitWords splits a declared spelling into its words, at separators and
// camelCase boundaries, keeping their letters as written.
func splitWords(s string) []string {
	return strings.FieldsFunc(splitCamel(s), func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || spelling.IsSpace(r)
	})
}

// restyle joins the words of s in the style i of styles.
func restyle(s string, i int) string {
	words := splitWords(s)
	if len(words) == 0 {
		return s
	}
	return styles[i].join(words)
}

// dropDiacritics removes the combining marks of s's decomposition.
func dropDiacritics(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// synonymsOf maps each value to its declared synonyms, sorted, made once
// per Reader.
var synonymCache sync.Map // *Reader → [][]string

func (e *Reader) synonymsOf(i int32) []string {
	if s, ok := synonymCache.Load(e); ok {
		return s.([][]string)[i]
	}
	out := make([][]string, len(e.values))
	for s, m := range e.exact {
		if m.synonym {
			out[m.value] = append(out[m.value], s)
		}
	}
	for _, l := range out {
		slices.Sort(l)
	}
	got, _ := synonymCache.LoadOrStore(e, out)
	return got.([][]string)[i]
}

// foldsAs reports whether the spelling s reads through folding as the
// value i, and through nothing before it: it is no number spelling, it is
// not led by a negation unless i is ("NOT_STARTED" of not_started), and it
// folds like a value or synonym of i.
func (e *Reader) foldsAs(s string, i int32) bool {
	if s == "" || hasDigit(s) || spelling.Hidden(s) != "" {
		return false
	}
	if _, neg := spelling.Negation(s); neg && !negated(e.values[i]) {
		return false
	}
	if m, ok := e.exact[s]; ok {
		return m.value == i
	}
	m, ok := e.folded[fold(s)]
	return ok && m.value == i
}

// Spell writes v, a declared value, in a spelling e reads back as v,
// drawn by c from the classes e reads: the value as declared (choice 0,
// canonical); a JSON number or boolean whose text is the value ("10",
// true); the value's words joined in another style (snake_case,
// kebab-case, spaces, dots, camelCase, PascalCase, UPPER_SNAKE, upper
// case, Title Case); the value with its separators left out, where that
// names v alone; a declared synonym, as declared or restyled; each with
// its diacritics kept or dropped, and wrapped in outer whitespace and one
// pair of quotes. A spelling is drawn only when it folds like v or one of
// its synonyms and like no other value, and is not read as a number or a
// negation first. A v that is not declared is returned as it is.
func (e *Reader) Spell(c agentinput.Chooser, v string) agentinput.Spelled {
	m, ok := e.exact[v]
	if !ok || m.synonym {
		return agentinput.Spelled{Value: v, Class: "canonical"}
	}
	i := m.value
	switch c.Choose("enum form", 5) {
	case 1:
		if v == "true" || v == "false" {
			return agentinput.Spelled{Value: v == "true", Class: "JSON boolean"}
		}
		if isJSONNumber(v) {
			return agentinput.Spelled{Value: json.Number(v), Class: "JSON number"}
		}
	case 2:
		if s, class, ok := e.spellFolded(c, v, i); ok {
			return spelling.Wrap(c, s, class)
		}
	case 3:
		key := compact(fold(v))
		if vs := e.compacted[key]; key != v && len(vs) == 1 && vs[0] == i && !strings.Contains(key, " ") && e.foldsAsCompact(key, i) {
			s, class := key, "separators left out"
			if c.Choose("upper", 2) == 1 {
				s, class = strings.ToUpper(s), class+" + upper case"
			}
			return spelling.Wrap(c, s, class)
		}
	case 4:
		if syns := e.synonymsOf(i); len(syns) > 0 {
			syn := syns[c.Choose("synonym", len(syns))]
			if c.Choose("restyle synonym", 2) == 1 {
				if s, class, ok := e.spellFolded(c, syn, i); ok {
					return spelling.Wrap(c, s, "synonym + "+class)
				}
			}
			return spelling.Wrap(c, syn, "synonym")
		}
	}
	return spelling.Wrap(c, v, "canonical")
}

// foldsAsCompact reports whether the compact key of value i, sent as it
// is, reads as i: no value or synonym folds like it but i's, and it is no
// number or negation.
func (e *Reader) foldsAsCompact(key string, i int32) bool {
	if key == "" || hasDigit(key) {
		return false
	}
	if _, neg := spelling.Negation(key); neg {
		return false // as in foldsAs
	}
	if m, ok := e.exact[key]; ok {
		return m.value == i
	}
	if m, ok := e.folded[fold(key)]; ok {
		return m.value == i
	}
	return true
}

// spellFolded draws a restyling of from (v or a synonym of it) with its
// diacritics kept or dropped, and reports false when the drawn one would
// not read as value i.
func (e *Reader) spellFolded(c agentinput.Chooser, from string, i int32) (string, string, bool) {
	st := c.Choose("style", len(styles))
	s, class := restyle(from, st), styles[st].class
	if d := dropDiacritics(s); d != s && c.Choose("diacritics", 2) == 1 {
		s, class = d, class+" + diacritics dropped"
	}
	if s == from || !e.foldsAs(s, i) {
		return "", "", false
	}
	return s, class, true
}

// isJSONNumber reports whether s is a JSON number as written.
func isJSONNumber(s string) bool {
	if s == "" || !(s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
		return false
	}
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil
}

// Ambiguous writes v in a spelling e asks about with v among the
// readings, drawn by c from the classes that have one for v: its compact
// key spelled letter by letter when another value compacts alike ("r e s
// e t" beside "re-set" and "reset": "separators left out: several
// values"); an inflection of v by the table of endings ("inflection");
// one word of v that is no value ("word of a value"); v with two
// neighbouring letters swapped ("near miss"); each wrapped in outer
// whitespace and quotes. ok is false when v has none, or is not declared.
func (e *Reader) Ambiguous(c agentinput.Chooser, v string) (agentinput.Spelled, bool) {
	m, ok := e.exact[v]
	if !ok || m.synonym {
		return agentinput.Spelled{}, false
	}
	i := m.value
	type option struct{ s, class string }
	var opts []option
	key := compact(fold(v))
	if len(e.compacted[key]) > 1 && !strings.Contains(key, " ") {
		spaced := strings.Join(strings.Split(key, ""), " ")
		if e.asksWith(spaced, i) {
			opts = append(opts, option{spaced, "separators left out: several values"})
		}
	}
	for _, end := range endings {
		if stem, ok := strings.CutSuffix(key, end.drop); ok && letters(stem) >= minStem {
			if f := stem + end.add; e.asksWith(f, i) {
				opts = append(opts, option{f, "inflection"})
			}
		}
		if stem, ok := strings.CutSuffix(key, end.add); ok && end.plural && letters(stem) >= minStem {
			if f := stem + end.drop; e.asksWith(f, i) {
				opts = append(opts, option{f, "inflection (plural left out)"})
			}
		}
	}
	for _, w := range strings.Split(fold(v), " ") {
		if w != key && e.asksWith(w, i) {
			opts = append(opts, option{w, "word of a value"})
		}
	}
	if r := []rune(key); len(r) >= 4 {
		for j := 1; j+1 < len(r); j++ {
			if r[j] == r[j+1] {
				continue
			}
			t := slices.Clone(r)
			t[j], t[j+1] = t[j+1], t[j]
			if s := string(t); e.asksWith(s, i) {
				opts = append(opts, option{s, "near miss"})
				break
			}
		}
	}
	if len(opts) == 0 {
		return agentinput.Spelled{}, false
	}
	o := opts[c.Choose("ambiguous class", len(opts))]
	s, class := o.s, o.class
	if c.Choose("upper", 2) == 1 {
		s, class = strings.ToUpper(s), class+" + upper case"
	}
	return spelling.Wrap(c, s, class), true
}

// asksWith reports whether e reads the spelling s (lower case, no
// wrapping) as an ask one of whose readings is value i: s is no value, no
// synonym and no number or negation, and either compacts like several
// values, i among them, or is a candidate of the near-miss, inflection
// and word classes with i among the candidates and not inverted.
func (e *Reader) asksWith(s string, i int32) bool {
	if s == "" || hasDigit(s) || spelling.Hidden(s) != "" {
		return false
	}
	if _, neg := spelling.Negation(s); neg {
		return false
	}
	if _, ok := e.exact[s]; ok {
		return false
	}
	f := fold(s)
	if _, ok := e.folded[f]; ok {
		return false
	}
	c := compact(f)
	if vs := e.compacted[c]; len(vs) > 0 {
		return len(vs) > 1 && slices.Contains(vs, i)
	}
	found, _ := e.notInverted(s, f, e.candidates(f, c))
	return slices.ContainsFunc(found, func(x candidate) bool { return x.value == i })
}
