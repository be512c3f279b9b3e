package country

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

var _ agentinput.Speller[string] = (*Reader)(nil)

// outerSpaces are the whitespace a spelling may be wrapped in, none first;
// quotePairs the quotes, one pair (spelling.Trim drops both). The property
// tests wrap with these same lists.
var (
	outerSpaces = spelling.WrapSpaces
	quotePairs  = spelling.WrapQuotes
)

// flagOf spells an alpha-2 code as a flag emoji: its letters as regional
// indicator symbols.
func flagOf(code string) string {
	return string([]rune{rune(regionalA + int(code[0]-'A')), rune(regionalA + int(code[1]-'A'))})
}

// stripMarks drops diacritics, as a model typing without them does.
func stripMarks(s string) string {
	out, _, _ := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
	return out
}

// readsAs reports whether the trimmed spelling t reads as the country c
// alone, by the route readTrimmed takes: a lower-case code word asks; a
// flag, a code of two or three letters, a withdrawn code and a numeric
// code are read as codes; anything else as a name, which must name c
// alone and not be led by a negation.
func readsAs(t string, c *countryRow) bool {
	if t == "" || codeWord(t) {
		return false
	}
	if letters, ok := flagLetters(t); ok {
		return letters == c.alpha2
	}
	if spelling.Hidden(t) != "" {
		return false
	}
	switch {
	case len(t) == 2 && isLetter(t[0]) && isLetter(t[1]):
		if row, ok := lookupAlpha2(t); ok {
			return row == c
		}
		if sc := successorOf(strings.ToUpper(t)); sc != nil {
			return len(sc.now) == 1 && sc.now[0] == c.alpha2
		}
		codes, _ := lookupName(t)
		return len(codes) == 1 && codes[0] == c.alpha2
	case len(t) == 3 && isLetter(t[0]) && isLetter(t[1]) && isLetter(t[2]):
		if row, ok := lookupAlpha3(t); ok {
			return row == c
		}
		if sc := successorOf(strings.ToUpper(t)); sc != nil {
			return len(sc.now) == 1 && sc.now[0] == c.alpha2
		}
	case isDigits(t) && len(t) <= 3:
		d, err := number.Parse(t)
		n64, _ := d.Int64()
		n := int(n64)
		row, ok := lookupNumeric(n)
		return err == nil && ok && n > 0 && row == c
	}
	if strings.Count(t, "(") > 1 || strings.Count(t, ")") > 1 {
		return false
	}
	if _, neg := spelling.Negation(t); neg {
		return false
	}
	codes, partial := lookupName(t)
	return len(codes) == 1 && !partial && codes[0] == c.alpha2
}

// spellName is one name of a country with its class.
type spellName struct{ name, class string }

// spellNames are, by row index, the names of each country that read as it
// alone, from the package's own tables: English, native, aliases
// (official and common names, codes in use), exonyms in the library's
// languages and in the further languages, former names, and the English
// name after "the". Built on first use.
var spellNames = sync.OnceValue(func() [][]spellName {
	out := make([][]spellName, len(countries))
	add := func(code, name, class string) {
		c, ok := lookupAlpha2(code)
		if ok && readsAs(name, c) {
			out[c.index()] = append(out[c.index()], spellName{name, class})
		}
	}
	for _, c := range countries {
		add(c.alpha2, c.english, "English name")
		add(c.alpha2, "the "+c.english, "English name after \"the\"")
		if c.native != "" {
			add(c.alpha2, c.native, "native name ("+c.lang+")")
		}
	}
	for _, a := range aliases {
		for _, n := range a.names {
			add(a.code, n, "alias")
		}
	}
	for _, e := range exonyms {
		for _, n := range e.names {
			add(e.code, n, "name in another language")
		}
	}
	for _, e := range moreExonyms {
		for _, n := range e.names {
			add(e.code, n, "name in a further language")
		}
	}
	for _, f := range formerNames {
		if len(f.now) == 1 {
			add(f.now[0], f.name, "former name")
		}
	}
	return out
})

// withdrawnOf are, by row index, the withdrawn codes (alpha-2 and alpha-3)
// whose one successor is the country.
var withdrawnOf = sync.OnceValue(func() [][]string {
	out := make([][]string, len(countries))
	for _, table := range [][]successor{successors[:], successors3[:]} {
		for _, s := range table {
			if c, ok := lookupAlpha2(s.now[0]); ok && len(s.now) == 1 {
				out[c.index()] = append(out[c.index()], s.code)
			}
		}
	}
	return out
})

// row returns the country v names in r's output form, if r admits it.
func (r *Reader) row(v string) (*countryRow, bool) {
	if r == nil {
		r = defaultReader()
	}
	var c *countryRow
	var ok bool
	if r.out == Alpha3 {
		c, ok = lookupAlpha3(v)
	} else {
		c, ok = lookupAlpha2(v)
	}
	if !ok || r.format(c) != v || !r.admits(c) {
		return nil, false
	}
	return c, true
}

// Spell writes v, a code in r's output form of a country r admits, in a
// spelling r reads back as v, drawn by c from the classes r reads: the
// code (choice 0, canonical); the alpha-2 and the alpha-3 code in upper,
// lower or title case (never a lower-case code word: "no" asks); the
// numeric code as a string, with or without its leading zeros, and as a
// JSON number; the flag emoji, with or without U+FE0F; a withdrawn code
// with the country as its one successor ("DD"); a name from the
// package's tables that names the country alone (English, "the" and the
// English name, native, alias, names in the library's languages and in
// the further languages, a former name), as written, in upper or lower
// case, and with its diacritics dropped; each wrapped in outer whitespace
// and one pair of quotes. A v r does not admit is returned as it is.
func (r *Reader) Spell(c agentinput.Chooser, v string) agentinput.Spelled {
	row, ok := r.row(v)
	if !ok {
		return agentinput.Spelled{Value: v, Class: "canonical"}
	}
	switch c.Choose("country form", 8) {
	case 1:
		if s, class := recaseCode(c, row.alpha2, "alpha-2 code"); readsAs(s, row) {
			return wrapSpelled(c, s, class)
		}
	case 2:
		if s, class := recaseCode(c, row.alpha3, "alpha-3 code"); readsAs(s, row) {
			return wrapSpelled(c, s, class)
		}
	case 3:
		if row.numeric > 0 {
			s := strconv.Itoa(int(row.numeric))
			if c.Choose("leading zeros", 2) == 1 {
				return wrapSpelled(c, pad3(int(row.numeric)), "numeric code")
			}
			return wrapSpelled(c, s, "numeric code")
		}
	case 4:
		if row.numeric > 0 {
			return agentinput.Spelled{Value: json.Number(strconv.Itoa(int(row.numeric))), Class: "numeric code (JSON number)"}
		}
	case 5:
		s, class := flagOf(row.alpha2), "flag emoji"
		if c.Choose("emoji selector", 2) == 1 {
			s, class = s+"\uFE0F", class+" + emoji selector"
		}
		return wrapSpelled(c, s, class)
	case 6:
		if w := withdrawnOf()[row.index()]; len(w) > 0 {
			s, class := recaseCode(c, w[c.Choose("withdrawn code", len(w))], "withdrawn code")
			if readsAs(s, row) {
				return wrapSpelled(c, s, class)
			}
		}
	case 7:
		if ns := spellNames()[row.index()]; len(ns) > 0 {
			n := ns[c.Choose("name", len(ns))]
			s, class := n.name, n.class
			switch c.Choose("name case", 3) {
			case 1:
				s, class = strings.ToUpper(s), class+" + upper case"
			case 2:
				s, class = strings.ToLower(s), class+" + lower case"
			}
			if d := stripMarks(s); d != s && latin(s) && c.Choose("diacritics", 2) == 1 {
				s, class = d, class+" + diacritics dropped"
			}
			if !readsAs(s, row) {
				s, class = n.name, n.class
			}
			return wrapSpelled(c, s, class)
		}
	}
	return wrapSpelled(c, v, "canonical")
}

// latin reports whether every letter of s is Latin or Greek: the scripts
// whose diacritics a model drops (an Indic vowel sign is a letter's part).
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.In(r, unicode.Latin, unicode.Greek) {
			return false
		}
	}
	return true
}

// recaseCode draws the case of a code: upper (choice 0), lower or title.
func recaseCode(c agentinput.Chooser, code, class string) (string, string) {
	switch c.Choose("code case", 3) {
	case 1:
		return strings.ToLower(code), class + " + lower case"
	case 2:
		return code[:1] + strings.ToLower(code[1:]), class + " + title case"
	}
	return code, class
}

// Ambiguous writes v in a spelling r asks about with v among the
// readings, drawn by c from the classes that have one for v: its alpha-2
// or alpha-3 code in lower case when that is a common word ("no", "and":
// "common word"); a withdrawn code with several successors, v among them
// ("YU": "withdrawn code, several successors"); a former name of several
// countries ("Czechoslovakia"); a name or part of one that names several
// countries, v among them ("Congo", "Korea": "name of several
// countries"); each wrapped in outer whitespace and quotes. ok is false
// when v has none, or r does not admit it.
func (r *Reader) Ambiguous(c agentinput.Chooser, v string) (agentinput.Spelled, bool) {
	row, ok := r.row(v)
	if !ok {
		return agentinput.Spelled{}, false
	}
	type option struct{ s, class string }
	var opts []option
	for _, code := range []string{row.alpha2, row.alpha3} {
		if l := strings.ToLower(code); codeWord(l) {
			opts = append(opts, option{l, "common word"})
		}
	}
	for _, a := range ambiguousOf()[row.index()] {
		opts = append(opts, option{a.name, a.class})
	}
	if len(opts) == 0 {
		return agentinput.Spelled{}, false
	}
	o := opts[c.Choose("ambiguous class", len(opts))]
	return wrapSpelled(c, o.s, o.class), true
}

// ambiguousOf are, by row index, the spellings that name the country and
// others: withdrawn codes and former names with several successors, and
// names and words of names (of two words or more, English names and
// aliases) that lookupName finds several countries or a part of a name
// for. Built on first use.
var ambiguousOf = sync.OnceValue(func() [][]spellName {
	out := make([][]spellName, len(countries))
	seen := map[[2]string]bool{}
	add := func(code, s, class string) {
		c, ok := lookupAlpha2(code)
		if !ok || seen[[2]string{code, s}] {
			return
		}
		seen[[2]string{code, s}] = true
		out[c.index()] = append(out[c.index()], spellName{s, class})
	}
	for _, table := range [][]successor{successors[:], successors3[:]} {
		for _, s := range table {
			if len(s.now) > 1 {
				for _, code := range s.now {
					add(code, s.code, "withdrawn code, several successors")
				}
			}
		}
	}
	several := func(s, code string) bool {
		if len(s) <= 3 || codeWord(s) || spelling.Hidden(s) != "" || strings.Count(s, "(") > 1 || strings.Count(s, ")") > 1 {
			return false
		}
		if _, neg := spelling.Negation(s); neg {
			return false
		}
		codes, partial := lookupName(s)
		if len(codes) == 0 || len(codes) == 1 && !partial {
			return false
		}
		for _, x := range codes {
			if x == code {
				return true
			}
		}
		return false
	}
	for _, f := range formerNames {
		if len(f.now) > 1 {
			for _, code := range f.now {
				if several(f.name, code) {
					add(code, f.name, "former name, several successors")
				}
			}
		}
	}
	try := func(code, name string) {
		if several(name, code) {
			add(code, name, "name of several countries")
		}
		words := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
		for _, w := range words {
			if utf8.RuneCountInString(w) > 3 && several(w, code) {
				add(code, w, "part of the names of several countries")
			}
		}
	}
	for _, c := range countries {
		try(c.alpha2, c.english)
	}
	for _, a := range aliases {
		for _, n := range a.names {
			try(a.code, n)
		}
	}
	return out
})

// wrapSpelled draws outer whitespace and one pair of quotes around a spelling:
// none at choice 0.
func wrapSpelled(c agentinput.Chooser, s, class string) agentinput.Spelled {
	if c.Choose("quoted", 2) == 1 {
		q := quotePairs[c.Choose("quotes", len(quotePairs))]
		s, class = q[0]+outerSpaces[c.Choose("inner", len(outerSpaces))]+s+q[1], class+" + quotes"
	}
	l, r := outerSpaces[c.Choose("left", len(outerSpaces))], outerSpaces[c.Choose("right", len(outerSpaces))]
	if l != "" || r != "" {
		s, class = l+s+r, class+" + outer whitespace"
	}
	return agentinput.Spelled{Value: s, Class: class}
}
