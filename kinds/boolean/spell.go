package boolean

import (
	"encoding/json"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[bool] = (*Reader)(nil)

// outerSpaces are the whitespace a spelling may be wrapped in (spelling.Trim
// drops them): choice 0, none, first. quotePairs are the quotes it may be
// wrapped in, one pair. The property tests draw from these same lists.
var (
	outerSpaces = spelling.WrapSpaces
	quotePairs  = spelling.WrapQuotes
	// sentenceEnds are the runs of trailing punctuation a word may end
	// with (dropPunctuation drops them).
	sentenceEnds = []string{".", "!", "…", "!!", "...", ".!"}
	// numberSpellings are JSON numbers that are 1 and 0 by value.
	oneSpellings  = []string{"1", "1.0", "1e0", "10e-1", "1.00"}
	zeroSpellings = []string{"0", "0.0", "-0", "0e5", "0.00"}
)

// spellWord is one word of the table with one meaning in r's languages.
type spellWord struct {
	word string
	lang string // the code of a language that reads it
}

// spellData is what Spell draws from for one Reader: the words of each
// meaning that r reads with that meaning alone, and the words r asks
// about, in table order.
type spellData struct {
	yes, no   []spellWord
	ambiguous []spellWord
}

var spellCache sync.Map // *Reader → *spellData

func (r *Reader) spellData() *spellData {
	r = r.resolve()
	if d, ok := spellCache.Load(r); ok {
		return d.(*spellData)
	}
	d := &spellData{}
	seenAmb := map[string]bool{}
	for _, code := range r.codes {
		i, _ := languageIndex(code)
		l := languages[i]
		add := func(words []string, yes bool) {
			for _, w := range words {
				e := r.words[spelling.Fold(w)]
				switch {
				case e == nil || e.note != agentinput.NoteWord:
				case e.ambiguous():
					if !seenAmb[spelling.Fold(w)] {
						seenAmb[spelling.Fold(w)] = true
						d.ambiguous = append(d.ambiguous, spellWord{w, l.Code})
					}
				case yes:
					d.yes = append(d.yes, spellWord{w, l.Code})
				default:
					d.no = append(d.no, spellWord{w, l.Code})
				}
			}
		}
		add(l.Yes, true)
		add(l.No, false)
	}
	got, _ := spellCache.LoadOrStore(r, d)
	return got.(*spellData)
}

// checkMarksOf are the check marks of universal with meaning yes.
func checkMarksOf(yes bool) []string {
	var out []string
	for _, u := range universal {
		if u.note == agentinput.NoteForm && u.yes == yes {
			out = append(out, u.word)
		}
	}
	return out
}

var (
	trueMarks  = checkMarksOf(true)
	falseMarks = checkMarksOf(false)
)

// Spell writes v in a spelling r reads back as v, drawn by c from the
// classes r reads: the canonical JSON boolean (choice 0); a JSON number
// that is 1 or 0 ("1", "1.0", "-0"); the string "true" or "false" or the
// string "1" or "0"; a word for yes or no of one of r's languages that
// means v alone ("word (cs)"); a check mark or box (✓, ☐, with or without
// U+FE0F). A word is drawn in its own case, upper case, title case or
// mixed case, and with its diacritics kept, dropped or decomposed; a word
// or a check mark may end in a run of sentence punctuation ("yes.",
// "ano…"); any string may be wrapped in outer whitespace and one pair of
// quotes.
func (r *Reader) Spell(c agentinput.Chooser, v bool) agentinput.Spelled {
	switch c.Choose("boolean form", 6) {
	case 1:
		list := zeroSpellings
		if v {
			list = oneSpellings
		}
		return agentinput.Spelled{Value: json.Number(list[c.Choose("number", len(list))]), Class: "JSON number"}
	case 2:
		s, class := spellCase(c, Format(v), "string true/false")
		return wrap(c, s, class)
	case 3:
		s := "0"
		if v {
			s = "1"
		}
		return wrap(c, s, "string 1/0")
	case 4:
		d := r.spellData()
		words := d.no
		if v {
			words = d.yes
		}
		if len(words) > 0 {
			w := words[c.Choose("word", len(words))]
			s, class := spellCase(c, w.word, "word ("+w.lang+")")
			s, class = spellDiacritics(c, s, class)
			s, class = spellPunctuation(c, s, class)
			return wrap(c, s, class)
		}
	case 5:
		marks := falseMarks
		if v {
			marks = trueMarks
		}
		s, class := marks[c.Choose("check mark", len(marks))], "check mark"
		if c.Choose("variation selector", 2) == 1 {
			s, class = s+"\uFE0F", class+" + emoji selector"
		}
		s, class = spellPunctuation(c, s, class)
		return wrap(c, s, class)
	}
	return agentinput.Spelled{Value: v, Class: "canonical"}
}

// Ambiguous writes v as a word that one of r's languages reads as yes and
// another as no ("ne" with Greek and Czech enabled), in any case and
// wrapping: r asks about it with both readings, v's among them. ok is
// false when r's languages share no such word (the default set has none).
func (r *Reader) Ambiguous(c agentinput.Chooser, v bool) (agentinput.Spelled, bool) {
	d := r.spellData()
	if len(d.ambiguous) == 0 {
		return agentinput.Spelled{}, false
	}
	w := d.ambiguous[c.Choose("ambiguous word", len(d.ambiguous))]
	s, class := spellCase(c, w.word, "yes in one language, no in another ("+w.lang+")")
	s, class = spellDiacritics(c, s, class)
	s, class = spellPunctuation(c, s, class)
	return wrap(c, s, class), true
}

// spellCase draws the letter case of word: as written (choice 0), upper
// case, title case or mixed case.
func spellCase(c agentinput.Chooser, word, class string) (string, string) {
	switch c.Choose("case", 4) {
	case 1:
		return strings.ToUpper(word), class + " + upper case"
	case 2:
		r, n := utf8.DecodeRuneInString(word)
		return string(unicode.ToUpper(r)) + word[n:], class + " + title case"
	case 3:
		var b strings.Builder
		for i, r := range []rune(word) {
			if i%2 == 1 {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
		}
		return b.String(), class + " + mixed case"
	}
	return word, class
}

// spellDiacritics draws the diacritics of a word that has some: kept
// (choice 0), dropped, or decomposed into combining marks.
func spellDiacritics(c agentinput.Chooser, word, class string) (string, string) {
	d := norm.NFD.String(word)
	if d == word {
		return word, class
	}
	switch c.Choose("diacritics", 3) {
	case 1:
		var b strings.Builder
		for _, r := range d {
			if !unicode.Is(unicode.Mn, r) {
				b.WriteRune(r)
			}
		}
		return b.String(), class + " + diacritics dropped"
	case 2:
		return d, class + " + decomposed diacritics"
	}
	return word, class
}

// spellPunctuation draws a run of sentence punctuation after a word:
// none (choice 0) or one of sentenceEnds.
func spellPunctuation(c agentinput.Chooser, word, class string) (string, string) {
	if i := c.Choose("trailing punctuation", len(sentenceEnds)+1); i > 0 {
		return word + sentenceEnds[i-1], class + " + trailing punctuation"
	}
	return word, class
}

// wrap draws outer whitespace and quotes around a string spelling: none
// (choice 0), whitespace, one pair of quotes, or both.
func wrap(c agentinput.Chooser, s, class string) agentinput.Spelled {
	if c.Choose("quoted", 2) == 1 {
		q := quotePairs[c.Choose("quotes", len(quotePairs))]
		s = q[0] + outerSpaces[c.Choose("inner left", len(outerSpaces))] + s +
			outerSpaces[c.Choose("inner right", len(outerSpaces))] + q[1]
		class += " + quotes"
	}
	l, rt := outerSpaces[c.Choose("left", len(outerSpaces))], outerSpaces[c.Choose("right", len(outerSpaces))]
	if l != "" || rt != "" {
		s, class = l+s+rt, class+" + outer whitespace"
	}
	return agentinput.Spelled{Value: s, Class: class}
}
