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
	n := nearIndex{words: map[string][]int32{}, grams: map[string][]int32{}}
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

// find returns the entries nearest the folded spelling k, at most MaxNear,
// best first: those that score at least wordWeight and at least two thirds of the
// best score, where a shared word scores wordWeight and a shared trigram 1.
func (n *nearIndex) find(k string) []int32 {
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
