package locale

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"agentinput.dev/internal/inflect"
)

// A language's name in another language a user writes ("angličtina",
// "Englisch", "anglais", foreignNames), in the forms a sentence puts it
// in (internal/inflect: "v angličtině", "anglicky", "po slovensky",
// "auf Englisch", "in englischer Sprache"), and after a preposition that
// says "in" ("in English", "v angličtině", "auf Deutsch", "en français"),
// reads as the language: a name the main index does not know, looked up
// only when every other reading of it failed (lookupNames). A key two
// languages share is an ask naming both, never one of them.

// foreignIndex maps the key of each name of foreignNames and of each of
// its forms to the canonical tags it names, each once. It is built on
// first use, when a name misses every other index.
var foreignIndex = sync.OnceValue(buildForeignIndex)

// foreignNameIndex is foreignIndex's: the tags by key, and the most words
// a key has.
type foreignNameIndex struct {
	tags     map[string][]string
	maxWords int
	// words holds, for the first two letters of each key of one ASCII
	// word (wordSlot), a bit per length of such a key: a word whose bit is
	// not set is no key, found without hashing it ("elvish").
	words [27 * 27]uint64
}

// wordSlot is the slot of words for a lowercase ASCII word of two
// letters or more that begins with a and b.
func wordSlot(a, b byte) int {
	slot := func(c byte) int {
		if c >= 'a' && c <= 'z' {
			return int(c - 'a')
		}
		return 26
	}
	return slot(a)*27 + slot(b)
}

func buildForeignIndex() *foreignNameIndex {
	ix := make(map[string][]string, 4*len(foreignNames))
	maxWords := 0
	add := func(k, tag string) {
		if k != "" && !slices.Contains(ix[k], tag) {
			ix[k] = append(ix[k], tag)
			maxWords = max(maxWords, strings.Count(k, " ")+1)
		}
	}
	var forms []string
	for _, r := range foreignNames {
		in, tag, name := r[0], r[1], r[2]
		add(key(name), tag)
		forms = inflect.LanguageForms(name, in, key, forms[:0])
		for _, k := range forms {
			add(k, tag)
		}
	}
	fx := &foreignNameIndex{tags: ix, maxWords: maxWords}
	for k, tags := range ix {
		slices.Sort(tags)
		if len(k) >= 2 && len(k) < 64 && asciiAlnum(k) {
			fx.words[wordSlot(k[0], k[1])] |= 1 << len(k)
		}
	}
	return fx
}

// inPrepositions are the words for "in" a language's name follows when a
// user says what a text is written in: English "in", Czech "v", "ve",
// Slovak "v", "vo", German "in", "im", "auf", French "en", Spanish,
// Portuguese and Italian "en", "em", "in", Polish "w", "po", Dutch "in",
// the Czech and Slovak "po" an adverb follows ("po anglicky"), and the
// English "the" and "written" ("written in the English language").
var inPrepositions = []string{"in", "v", "ve", "vo", "im", "auf", "en", "em", "w", "po", "na", "the", "written"}

// maxForeignName bounds the bytes of a spelling looked up here: the
// longest name and form with a preposition fit.
const maxForeignName = 96

// lookupForeign returns the tags a language's name in another language
// names, with or without a preposition before it; doubt is lookupNames'
// for what follows a preposition.
func lookupForeign(t string) (tags []string, doubt string) {
	if t == "" || len(t) > maxForeignName {
		return nil, ""
	}
	ix := foreignIndex()
	if asciiAlnum(t) {
		// One ASCII word is its own key in lower case.
		if len(t) < 2 || len(t) >= 64 || ix.words[wordSlot(lowerByte(t[0]), lowerByte(t[1]))]&(1<<len(t)) == 0 {
			return nil, ""
		}
		var buf [maxWordName]byte
		if l, ok := lowerInto(buf[:0], t); ok {
			return ix.tags[string(l)], ""
		}
		return ix.tags[strings.ToLower(t)], ""
	}
	if fieldCount(t) > ix.maxWords+1 {
		// More words than a name's key and a preposition before it (a key
		// has at least the words strings.Fields finds).
		return nil, ""
	}
	k := key(t)
	if tags := ix.tags[k]; len(tags) > 0 {
		return tags, ""
	}
	if tags := lookupLanguageWord(k); len(tags) > 0 {
		return tags, "" // "English-language": the key has the word apart
	}
	first, rest, ok := strings.Cut(k, " ")
	if !ok || !slices.Contains(inPrepositions, first) {
		return nil, ""
	}
	if tags := ix.tags[rest]; len(tags) > 0 {
		return tags, ""
	}
	// What follows is read as a name again, its own leading words too
	// ("written in the English language"): each call drops one word.
	return lookupNames(rest)
}

// fieldCount is len(strings.Fields(t)), counted without a slice.
func fieldCount(t string) int {
	n, in := 0, false
	for _, r := range t {
		space := unicode.IsSpace(r)
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

// isForeignName reports whether t is a language's name lookupForeign reads.
func isForeignName(t string) bool {
	tags, _ := lookupForeign(t)
	return len(tags) > 0
}
