package vocabulary

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// bruteNear is the nearest-entries search done the slow, obviously correct
// way: no index, every spelling of every entry is looked at for every
// word, trigram and prefix of k. The caps of the index are part of what
// the search means (the first maxPosting entries carrying a word, in the
// order of the data), so they are applied here by counting.
func bruteNear(entries []Entry, k string) []int32 {
	type spelled struct {
		key   string
		whole bool
	}
	all := make([][]spelled, len(entries))
	for i, e := range entries {
		all[i] = append(all[i], spelled{key(e.ID), true})
		for _, s := range slices.Concat(e.Names, e.English) {
			all[i] = append(all[i], spelled{key(s), false})
		}
		for _, s := range e.Abbreviations {
			all[i] = append(all[i], spelled{key(s), true})
		}
	}
	// words are the words an entry carries: those of its spellings, and
	// an id or abbreviation of several words without its spaces.
	words := func(i int) []string {
		var out []string
		for _, s := range all[i] {
			out = append(out, strings.Fields(s.key)...)
			if s.whole && strings.Contains(s.key, " ") {
				out = append(out, compact(s.key))
			}
		}
		return out
	}
	trigrams := func(w string, limit int) []string {
		r := []rune(" " + w + " ")
		var out []string
		for j := 0; j+3 <= len(r) && j < limit; j++ {
			out = append(out, string(r[j:j+3]))
		}
		return out
	}
	// first returns the first maxPosting entries for which has is true.
	first := func(has func(i int) bool) []int32 {
		var out []int32
		for i := range entries {
			if len(out) < maxPosting && has(i) {
				out = append(out, int32(i))
			}
		}
		return out
	}

	var out []int32
	add := func(i int32) {
		if len(out) < MaxNear && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	// Prefixes: every proper prefix of two runes or more, the longest first.
	c := []rune(compact(k))
	for n := len(c) - 1; n >= minPrefixRunes; n-- {
		p := string(c[:n])
		for _, i := range first(func(i int) bool {
			return slices.ContainsFunc(all[i], func(s spelled) bool { return s.whole && compact(s.key) == p })
		}) {
			add(i)
		}
	}
	// Scores.
	scores := make([]int, len(entries))
	search := func(w string) {
		if utf8.RuneCountInString(w) > maxTokenRunes {
			return
		}
		for _, i := range first(func(i int) bool { return slices.Contains(words(i), w) }) {
			scores[i] += wordWeight
		}
		var done []string
		for _, g := range trigrams(w, maxGrams) {
			if slices.Contains(done, g) {
				continue
			}
			done = append(done, g)
			for _, i := range first(func(i int) bool {
				return slices.ContainsFunc(words(i), func(x string) bool { return slices.Contains(trigrams(x, 4*maxGrams), g) })
			}) {
				scores[i]++
			}
		}
	}
	tokens := strings.Fields(k)
	for _, w := range tokens[:min(len(tokens), maxTokens)] {
		search(w)
	}
	if len(tokens) > 1 && len(tokens) < maxTokens {
		search(compact(k))
	}
	best := slices.Max(scores)
	var ranked []int32
	for i, s := range scores {
		if s >= wordWeight && s >= (2*best+2)/3 {
			ranked = append(ranked, int32(i))
		}
	}
	slices.SortStableFunc(ranked, func(a, b int32) int { return scores[b] - scores[a] })
	for _, i := range ranked {
		add(i)
	}
	return out
}

// edit draws a near miss of s: a few letters deleted, inserted, replaced
// or swapped, a word dropped, a word of the pool added, the words run
// together, or a piece repeated.
func edit(t *rapid.T, s string) string {
	letters := []rune("aeiousčýšřzkx 1")
	for range rapid.IntRange(1, 3).Draw(t, "edits") {
		r := []rune(s)
		at := rapid.IntRange(0, len(r)).Draw(t, "at")
		switch rapid.IntRange(0, 7).Draw(t, "edit") {
		case 0:
			if at < len(r) && len(r) > 1 {
				r = slices.Delete(r, at, at+1)
			}
		case 1:
			r = slices.Insert(r, at, rapid.SampledFrom(letters).Draw(t, "letter"))
		case 2:
			if at < len(r) {
				r[at] = rapid.SampledFrom(letters).Draw(t, "letter")
			}
		case 3:
			if at+1 < len(r) {
				r[at], r[at+1] = r[at+1], r[at]
			}
		case 4:
			if f := strings.Fields(string(r)); len(f) > 1 {
				i := rapid.IntRange(0, len(f)-1).Draw(t, "word")
				r = []rune(strings.Join(slices.Delete(f, i, i+1), " "))
			}
		case 5:
			r = []rune(string(r) + " " + rapid.SampledFrom(pool).Draw(t, "added"))
		case 6:
			r = []rune(strings.ReplaceAll(string(r), " ", ""))
		default:
			// A piece repeated: a word with a trigram twice ("sososo"),
			// which a word counts once.
			if n := rapid.IntRange(1, 3).Draw(t, "piece"); at+n <= len(r) {
				r = slices.Insert(r, at, slices.Clone(r[at:at+n])...)
			}
		}
		s = string(r)
	}
	return s
}

// drawCrowded draws a vocabulary of up to three times maxPosting entries
// whose names are made of a few words of the pool, so that the posting
// lists of those words (and of "court", which every English name carries)
// are often full, and whose ids and abbreviations begin one another ("Q1",
// "Q12"; "SK", "SKM"), so that the prefix search finds several.
func drawCrowded(t *rapid.T) []Entry {
	words := pool[:rapid.IntRange(2, len(pool)).Draw(t, "pool words")]
	entries := make([]Entry, rapid.IntRange(2, 3*maxPosting).Draw(t, "entries"))
	for i := range entries {
		name := strings.Join(append(rapid.SliceOfN(rapid.SampledFrom(words), 1, 3).Draw(t, "words"), marker(i)), " ")
		var initials []rune
		for _, w := range strings.Fields(name) {
			initials = append(initials, unicode.ToUpper([]rune(w)[0]))
		}
		entries[i] = Entry{
			ID:            "Q" + strconv.Itoa(i),
			Names:         []string{name},
			Abbreviations: []string{string(initials[:len(initials)-1]), string(initials)},
			English:       []string{"Court " + marker(i)},
		}
	}
	return entries
}

// The index finds exactly the entries the brute-force scan finds, in the
// same order, for random vocabularies (large enough, sometimes, that the
// posting lists of the shared words are capped) and random edits of their
// spellings: the index is a faster way to the same answer, nothing more.
func TestPropertyNearIsBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries := drawCrowded(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		var s string
		if rapid.Bool().Draw(t, "from an entry") {
			e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
			s = rapid.SampledFrom(slices.Concat([]string{e.ID}, e.Names, e.English, e.Abbreviations)).Draw(t, "spelling")
		} else {
			s = strings.Join(rapid.SliceOfN(rapid.SampledFrom(pool), 1, 10).Draw(t, "words"), " ")
		}
		k := key(edit(t, s))
		if k == "" {
			return
		}
		got := v.near.find(k, nil)
		if want := bruteNear(entries, k); !slices.Equal(got, want) {
			t.Fatalf("near %q: index %v, brute force %v", k, got, want)
		}
	})
}

// scoredVocabularies are built once for TestPropertyNearIsUnpruned: a
// register of district courts (synthetic) at a few sizes, large enough
// that the lists of the shared words are full and one list, and those of
// the rarer trigrams hold entries far apart.
var scoredVocabularies = map[int]*Reader{}

// The search that stops counting entries which can no longer qualify
// (scored) finds exactly what the search that counts every posting
// (oracleFind, the search before issue 23 item 4) finds, in the same
// order, in crowded random vocabularies and in registers of up to 5,000
// entries, for random edits of their spellings and of their words.
func TestPropertyNearIsUnpruned(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var v *Reader
		var spellings []string
		if rapid.Bool().Draw(t, "register") {
			n := rapid.SampledFrom([]int{40, 300, 1000, 5000}).Draw(t, "entries")
			if v = scoredVocabularies[n]; v == nil {
				var err error
				if v, err = New(Options{Entries: synthetic(n)}); err != nil {
					t.Fatalf("New: %v", err)
				}
				scoredVocabularies[n] = v
			}
			e := v.entries[rapid.IntRange(0, n-1).Draw(t, "entry")]
			spellings = slices.Concat([]string{e.ID}, e.Names, e.English, e.Abbreviations,
				[]string{"okresni soud " + word(rapid.IntRange(0, 2*n).Draw(t, "word"))})
		} else {
			entries := drawCrowded(t)
			var err error
			if v, err = New(Options{Entries: entries}); err != nil {
				t.Fatalf("New: %v", err)
			}
			e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
			spellings = slices.Concat([]string{e.ID}, e.Names, e.English, e.Abbreviations,
				[]string{strings.Join(rapid.SliceOfN(rapid.SampledFrom(pool), 1, 10).Draw(t, "words"), " ")})
		}
		k := key(edit(t, rapid.SampledFrom(spellings).Draw(t, "spelling")))
		if k == "" {
			return
		}
		if got, want := v.near.find(k, nil), v.near.oracleFind(k, nil); !slices.Equal(got, want) {
			t.Fatalf("near %q: %v, unpruned %v", k, got, want)
		}
	})
}
