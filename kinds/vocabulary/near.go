package vocabulary

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The nearest-entries search for a spelling that names no entry. It must
// not grow with the vocabulary, so every posting list is capped when it is
// built and every search reads a bounded number of them (see the package
// documentation, # Cost).
const (
	// maxPosting is the most entries kept for one word or one trigram.
	maxPosting = 32
	// maxTokens is the most words of a spelling searched.
	maxTokens = 8
	// maxTokenRunes is the longest word searched (longer words are skipped).
	maxTokenRunes = 64
	// maxGrams is the most trigrams of one word searched.
	maxGrams = 24
	// wordWeight is what a whole shared word scores; a shared trigram
	// scores 1.
	wordWeight = 3
)

type nearIndex struct {
	words map[string][]int32
	grams map[string][]int32
	// wholes maps the spaceless folded form of every id and abbreviation
	// to its entries, for the prefix search; longest is the length in
	// bytes of the longest, which bounds that search.
	wholes  map[string][]int32
	longest int
}

// folded is one spelling of an entry as New folded it; whole is true for
// an id or an abbreviation, whose spaceless form is indexed as one more
// word.
type folded struct {
	key   string
	whole bool
}

// buildNear indexes the words of every entry's folded spellings, and the
// trigrams of each word, keeping at most maxPosting entries per key.
func buildNear(spellings [][]folded) nearIndex {
	n := nearIndex{words: map[string][]int32{}, grams: map[string][]int32{}, wholes: map[string][]int32{}}
	add := func(m map[string][]int32, k string, i int32) {
		list := m[k]
		if len(list) >= maxPosting || len(list) > 0 && list[len(list)-1] == i {
			return
		}
		m[k] = append(list, i)
	}
	for i, list := range spellings {
		id := int32(i)
		word := func(w string) {
			add(n.words, w, id)
			grams(w, maxGrams*4, func(g string) { add(n.grams, g, id) })
		}
		for _, f := range list {
			for w := range strings.FieldsSeq(f.key) {
				word(w)
			}
			if f.whole && strings.Contains(f.key, " ") {
				word(compact(f.key))
			}
			if f.whole {
				c := compact(f.key)
				add(n.wholes, c, id)
				n.longest = max(n.longest, len(c))
			}
		}
	}
	return n
}

// grams calls f with each trigram of the word w framed by spaces (" w " for
// a one-letter word), at most limit of them.
func grams(w string, limit int, f func(string)) {
	framed := " " + w + " "
	// starts holds the offsets of the last three runes; a trigram ends
	// where the fourth begins.
	var starts [3]int
	seen := 0
	for i := range framed {
		if seen >= 3 {
			if seen-3 >= limit {
				return
			}
			f(framed[starts[seen%3]:i])
		}
		starts[seen%3] = i
		seen++
	}
	if seen >= 3 && seen-3 < limit {
		f(framed[starts[seen%3]:])
	}
}

// minPrefixRunes is the shortest id or abbreviation the prefix search
// offers.
const minPrefixRunes = 2

// find returns the entries nearest the folded spelling k, at most MaxNear,
// best first. First come the entries whose id or abbreviation, without
// spaces, is a proper prefix of k without spaces, at least minPrefixRunes
// long, the longest first ("nsscr" is near both "nss" and "ns": NSS+ČR
// or NS+?). Then those that score at least wordWeight and at least two
// thirds of the best score, where a shared word scores wordWeight and a
// shared trigram 1.
func (n *nearIndex) find(k string) []int32 {
	out := n.prefixed(compact(k))
	for _, i := range n.scored(k) {
		if len(out) == MaxNear {
			break
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

// prefixed returns the entries whose spaceless id or abbreviation is a
// proper prefix of c, at least minPrefixRunes long, the longest first and
// at most MaxNear. It looks up one prefix per rune of c, up to the longest
// id or abbreviation.
func (n *nearIndex) prefixed(c string) []int32 {
	var ends []int
	runes := 0
	for i := range c {
		if i > n.longest {
			break
		}
		if runes >= minPrefixRunes {
			ends = append(ends, i)
		}
		runes++
	}
	var out []int32
	for j := len(ends) - 1; j >= 0; j-- {
		for _, i := range n.wholes[c[:ends[j]]] {
			if len(out) == MaxNear {
				return out
			}
			if !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// scored returns the entries that share words or trigrams with the folded
// spelling k, at most MaxNear, best first: those that score at least
// wordWeight and at least two thirds of the best score.
func (n *nearIndex) scored(k string) []int32 {
	scores := map[int32]int{}
	tokens := 0
	search := func(w string) {
		if utf8.RuneCountInString(w) > maxTokenRunes {
			return
		}
		for _, i := range n.words[w] {
			scores[i] += wordWeight
		}
		seen := make(map[string]bool, maxGrams)
		grams(w, maxGrams, func(g string) {
			if seen[g] {
				return
			}
			seen[g] = true
			for _, i := range n.grams[g] {
				scores[i]++
			}
		})
	}
	for w := range strings.FieldsSeq(k) {
		if tokens == maxTokens {
			break
		}
		tokens++
		search(w)
	}
	if tokens > 1 && tokens < maxTokens {
		search(compact(k))
	}
	best := 0
	for _, s := range scores {
		best = max(best, s)
	}
	threshold := max(wordWeight, (2*best+2)/3)
	var out []int32
	for i, s := range scores {
		if s >= threshold {
			out = append(out, i)
		}
	}
	slices.SortFunc(out, func(a, b int32) int {
		if scores[a] != scores[b] {
			return scores[b] - scores[a]
		}
		return int(a - b)
	})
	return out[:min(len(out), MaxNear)]
}
