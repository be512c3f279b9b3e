package vocabulary

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/inflect"
	"agentinput.dev/kinds/country"
)

var _ agentinput.Speller[string] = (*Reader)(nil)

// spelled is one spelling of an entry the data declares or New generates,
// with its class.
type spelled struct {
	text, class string
	dotted      bool // an id or an abbreviation: may be written letter by letter
}

// spellCache holds each entry's spellings (spellingsOf) and those of them
// that name it alone, built once by the first Spell or Ambiguous.
type spellCache struct {
	all, unique [][]spelled
}

func (v *Reader) cache() *spellCache {
	if c := v.spellings.Load(); c != nil {
		return c
	}
	c := &spellCache{all: make([][]spelled, len(v.entries)), unique: make([][]spelled, len(v.entries))}
	for j := range c.all {
		c.all[j] = v.spellingsOf(int32(j), true)
		for _, s := range c.all[j] {
			if v.namesAlone(key(s.text), int32(j)) {
				c.unique[j] = append(c.unique[j], s)
			}
		}
	}
	v.spellings.CompareAndSwap(nil, c)
	return v.spellings.Load()
}

// own returns the spellings of entry i (spellingsOf), cached.
func (v *Reader) own(i int32) []spelled { return v.cache().all[i] }

// spellingsOf returns the spellings of entry i: its id, names (by
// language), English names, abbreviations, and the inflected forms New
// indexes for a name in a language with rules (folded, as New generates
// them).
func (v *Reader) spellingsOf(i int32, withForms bool) []spelled {
	e := &v.entries[i]
	out := []spelled{{e.ID, "id", true}}
	for _, n := range e.Names {
		out = append(out, spelled{n, "name", false})
	}
	codes := make([]string, 0, len(e.NamesByLanguage))
	for code := range e.NamesByLanguage {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	for _, code := range codes {
		for _, n := range e.NamesByLanguage[code] {
			out = append(out, spelled{n, "name (" + code + ")", false})
		}
	}
	for _, n := range e.English {
		out = append(out, spelled{n, "English name", false})
	}
	for _, a := range e.Abbreviations {
		out = append(out, spelled{a, "abbreviation", true})
	}
	if !withForms {
		return out
	}
	var keys []string
	add := func(lang string, names []string) {
		base, problem := readLanguage(lang)
		if lang == "" || problem != "" || !inflect.Has(base) {
			return
		}
		for _, n := range names {
			keys = forms(n, base, keys[:0])
			for _, k := range keys {
				out = append(out, spelled{k, "inflected form (" + base + ")", false})
			}
		}
	}
	add(e.Language, e.Names)
	for _, code := range codes {
		add(code, e.NamesByLanguage[code])
	}
	return out
}

// namesAlone reports whether the folded spelling k names entry i alone, as
// Read looks it up.
func (v *Reader) namesAlone(k string, i int32) bool {
	hits := v.lookup(k)
	return len(hits) == 1 && hits[0].entry == i
}

// Spell writes id in a spelling Read reads back as that entry's id, drawn
// from its own spellings that no other entry shares (the vocabulary's
// index says which):
//
//   - "canonical": the id; "id": the id in another letter case,
//     diacritics or separators;
//   - "name", "name (de)", "English name", "abbreviation", "inflected form
//     (cs)" (a form New generates, diacritics dropped);
//   - "first words of a name": fewer words than a name, four letters or
//     more, when no other entry's name begins with them or holds them;
//   - "after an article": a spelling of its own after a leading article
//     of the table articles, when the whole names no entry;
//   - "country qualifier": a spelling followed by the entry's country code
//     or English name (" CZ", ", CZ", " (Czechia)");
//   - "JSON number": a spelling of digits sent as a number;
//
// each in a surface drawn by surface ("+ diacritics dropped", "+ case",
// "+ separators", "+ letter by letter") and wrapping ("+ wrapped"). An id
// the vocabulary does not hold is spelled as it is, which Read asks
// about.
func (v *Reader) Spell(c agentinput.Chooser, id string) agentinput.Spelled {
	i, ok := v.ids[id]
	if !ok || c.Choose("class", 7) == 0 {
		return agentinput.Spelled{Value: id, Class: "canonical"}
	}
	sp := v.own(i)
	unique := v.cache().unique[i]
	if len(unique) == 0 {
		return agentinput.Spelled{Value: id, Class: "canonical"}
	}
	s := unique[c.Choose("spelling", len(unique))]
	text, class := s.text, s.class
	switch c.Choose("frame", 5) {
	case 1:
		if p, ok := v.firstWords(c, i, sp); ok {
			text, class = p, "first words of a name"
		}
	case 2:
		if a, ok := v.withArticle(c, i, text); ok {
			return agentinput.Spelled{Value: a, Class: class + " + after an article"}
		}
	case 3:
		if q, ok := v.withCountry(c, i, text); ok {
			return agentinput.Spelled{Value: q, Class: class + " + country qualifier"}
		}
	case 4:
		if isJSONDigits(text) {
			return agentinput.Spelled{Value: json.Number(text), Class: class + " + JSON number"}
		}
	}
	out, how := surface(c, text, s.dotted && class == s.class)
	if key(out) != key(text) && !v.namesAlone(key(out), i) {
		out, how = text, nil // a surface that folds otherwise (a letter without a simple case)
	}
	if len(how) > 0 {
		class += " + " + strings.Join(how, " + ")
	}
	out, w := wrapped(c, out)
	if w {
		class += " + wrapped"
	}
	if out == id {
		class = "canonical"
	}
	return agentinput.Spelled{Value: out, Class: class}
}

// firstWords draws the first words of a name or English name of entry i
// that Read takes as the entry: no entry's spelling, fewer words than the
// name, at least minPartial letters or digits, begun by no other entry's
// name nor held by one, and not read otherwise (after an article, with a
// country).
func (v *Reader) firstWords(c agentinput.Chooser, i int32, sp []spelled) (string, bool) {
	var cands []string
	for _, s := range sp {
		if !strings.HasPrefix(s.class, "name") && s.class != "English name" {
			continue
		}
		words := strings.Fields(s.text)
		for n := 1; n < len(words); n++ {
			p := strings.Join(words[:n], " ")
			k := key(p)
			if len(v.lookup(k)) > 0 || !slices.Equal(v.partial[k], []int32{i}) || len(v.holding(k, i)) > 0 {
				continue
			}
			if h, _, ok := v.withoutArticle(p); ok && h.entry != i {
				continue
			}
			if v.anyCountry {
				if q := v.qualify(p); q.found() {
					continue
				}
			}
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return "", false
	}
	return cands[c.Choose("first words", len(cands))], true
}

// withArticle puts a leading article of the table before text, when the
// whole names no entry and no beginning of a name.
func (v *Reader) withArticle(c agentinput.Chooser, i int32, text string) (string, bool) {
	a := articles[c.Choose("article", len(articles))]
	s := a.word + text
	if !a.elided {
		s = a.word + " " + text
	}
	k := key(s)
	if _, isID := v.ids[s]; isID || len(v.lookup(k)) > 0 {
		return "", false
	}
	if h, _, ok := v.withoutArticle(s); !ok || h.entry != i {
		return "", false
	}
	return s, true
}

// withCountry follows text with the entry's country, when it has one and
// the whole names no entry and no beginning of a name.
func (v *Reader) withCountry(c agentinput.Chooser, i int32, text string) (string, bool) {
	code := v.countries[i]
	if code == "" {
		return "", false
	}
	var s string
	switch c.Choose("qualifier", 3) {
	case 0:
		s = text + " (" + code + ")"
	case 1:
		s = text + ", " + code
	default:
		s = text + " (" + country.Name(code) + ")"
	}
	k := key(s)
	if len(v.lookup(k)) > 0 || len(v.partial[k]) > 0 {
		return "", false
	}
	return s, true
}

// Ambiguous writes id in a spelling Read asks about, an ask ambiguous
// naming the entry among others:
//
//   - "shared spelling": a spelling of the entry (an abbreviation, an
//     English name, an inflected form) that another entry has too;
//   - "shared first words": the first words of its name that begin or fit
//     another entry's name too.
//
// ok is false when the entry shares no spelling and no first words.
func (v *Reader) Ambiguous(c agentinput.Chooser, id string) (agentinput.Spelled, bool) {
	i, ok := v.ids[id]
	if !ok {
		return agentinput.Spelled{}, false
	}
	sp := v.own(i)
	var cands []agentinput.Spelled
	for _, s := range sp {
		hits := v.lookup(key(s.text))
		if len(hits) < 2 {
			continue
		}
		for j, h := range hits {
			if h.entry == i && j < maxReadings {
				cands = append(cands, agentinput.Spelled{Value: s.text, Class: "shared spelling (" + s.class + ")"})
			}
		}
	}
	for _, s := range sp {
		if !strings.HasPrefix(s.class, "name") && s.class != "English name" {
			continue
		}
		words := strings.Fields(s.text)
		for n := 1; n < len(words); n++ {
			p := strings.Join(words[:n], " ")
			k := key(p)
			part := v.partial[k]
			if len(v.lookup(k)) > 0 || !slices.Contains(part, i) || slices.Index(part, i) >= maxReadings {
				continue
			}
			if len(part) == 1 && len(v.holding(k, i)) == 0 {
				continue // its own: Spell's first words
			}
			if _, _, ok := v.withoutArticle(p); ok {
				continue
			}
			if v.anyCountry {
				if q := v.qualify(p); q.found() {
					continue
				}
			}
			cands = append(cands, agentinput.Spelled{Value: p, Class: "shared first words"})
		}
	}
	if len(cands) == 0 {
		return agentinput.Spelled{}, false
	}
	return cands[c.Choose("ambiguous spelling", len(cands))], true
}

// isJSONDigits reports whether s is digits that a JSON number writes as
// they are (no leading zero but "0" itself).
func isJSONDigits(s string) bool {
	if s == "" || len(s) > 15 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// separators may stand between the words of a spelling: spelling.Key folds
// each to one space.
var separators = [...]string{" ", "  ", "-", "_", ". ", ", ", " / "}

// surface draws a member of the surface class of sp (choice 0 keeps each
// part as it is): diacritics dropped, letter case per letter, other
// separators between words, and, for an id or an abbreviation (dotted),
// its letters spelt out with dots or spaces ("N.S.Č.R.", "n. s. č. r.").
// It returns the spelling and what it changed.
func surface(c agentinput.Chooser, sp string, dotted bool) (string, []string) {
	var how []string
	if c.Choose("strip diacritics", 2) == 1 {
		var b strings.Builder
		for _, r := range norm.NFD.String(sp) {
			if !unicode.Is(unicode.Mn, r) {
				b.WriteRune(r)
			}
		}
		if b.String() != norm.NFD.String(sp) {
			how = append(how, "diacritics dropped")
		}
		sp = norm.NFC.String(b.String())
	}
	var b strings.Builder
	cased, separated := false, false
	for _, r := range sp {
		switch {
		case r == ' ':
			sep := separators[c.Choose("separator", len(separators))]
			separated = separated || sep != " "
			b.WriteString(sep)
			continue
		}
		switch c.Choose("case", 3) {
		case 1:
			u := unicode.ToUpper(r)
			cased = cased || u != r
			b.WriteRune(u)
		case 2:
			l := unicode.ToLower(r)
			cased = cased || l != r
			b.WriteRune(l)
		default:
			b.WriteRune(r)
		}
	}
	if cased {
		how = append(how, "case")
	}
	if separated {
		how = append(how, "separators")
	}
	s := b.String()
	if dotted && c.Choose("letter by letter", 2) == 1 {
		var d strings.Builder
		sep := [...]string{".", ". ", " "}[c.Choose("letter separator", 3)]
		for _, r := range s {
			d.WriteRune(r)
			d.WriteString(sep)
		}
		s = d.String()
		how = append(how, "letter by letter")
	}
	return s, how
}

// wraps are surrounding whitespace and quotes spelling.Trim removes.
var wraps = [...][2]string{{"", ""}, {" ", " "}, {`"`, `"`}, {"'", "'"}, {"\t“", "”\n"}, {"\u00a0«", "»"}, {"„", "“ "}}

// wrapped draws a wrapping of s (choice 0 none) and reports whether it
// added one.
func wrapped(c agentinput.Chooser, s string) (string, bool) {
	w := wraps[c.Choose("wrap", len(wraps))]
	return w[0] + s + w[1], w[0] != ""
}
