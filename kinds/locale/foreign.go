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
}

func buildForeignIndex() foreignNameIndex {
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
	for _, tags := range ix {
		slices.Sort(tags)
	}
	return foreignNameIndex{ix, maxWords}
}

// inPrepositions are the words for "in" a language's name follows when a
// user says what a text is written in: English "in", Czech "v", "ve",
// Slovak "v", "vo", German "in", "im", "auf", French "en", Spanish,
// Portuguese and Italian "en", "em", "in", Polish "w", "po", Dutch "in",
// and the Czech and Slovak "po" an adverb follows ("po anglicky").
var inPrepositions = []string{"in", "v", "ve", "vo", "im", "auf", "en", "em", "w", "po", "na"}

// maxForeignName bounds the bytes of a spelling looked up here: the
// longest name and form with a preposition fit.
const maxForeignName = 96

// lookupForeign returns the tags a language's name in another language
// names, with or without a preposition before it.
func lookupForeign(t string) []string {
	if t == "" || len(t) > maxForeignName {
		return nil
	}
	ix := foreignIndex()
	var buf [maxWordName]byte
	if l, ok := lowerInto(buf[:0], t); ok && asciiAlnum(t) {
		return ix.tags[string(l)] // one ASCII word is its own key in lower case
	}
	if fieldCount(t) > ix.maxWords+1 {
		// More words than a name's key and a preposition before it (a key
		// has at least the words strings.Fields finds).
		return nil
	}
	k := key(t)
	if tags := ix.tags[k]; len(tags) > 0 {
		return tags
	}
	first, rest, ok := strings.Cut(k, " ")
	if !ok || !slices.Contains(inPrepositions, first) {
		return nil
	}
	if tags := ix.tags[rest]; len(tags) > 0 {
		return tags
	}
	return lookupName(rest)
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
