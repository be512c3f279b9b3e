package locale

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// lookupRegional reads a language's name with its region said in words:
// a region adjective or a country before it ("Indian English", "US
// English", "New Zealand English"), or a country after "of", "from" or
// the Romance "de", "do", "da", "du", "del" ("Português do Brasil",
// "French of Canada"). doubt is regionsOf's about the region found.
//
// Every split of the words is tried, first to last. Each word is
// lowercased and keyed once (words); a split's head and tail are built
// from them only when they are short enough to be a name, so that a
// sentence sent as a locale costs time linear in its length, not the
// square of it (docs/performance.md, "Linear reads").
func lookupRegional(t string) (tags []string, doubt string) {
	if strings.IndexFunc(t, unicode.IsSpace) < 0 {
		return nil, "" // one word (strings.Fields splits at nothing else)
	}
	raw := strings.Fields(t)
	if len(raw) < 2 {
		return nil, "" // no split: a word alone is a name or nothing
	}
	w := newWords(raw)
	n := len(raw)
	for i := 1; i < n; i++ {
		if of := regionConnective(w.raw[i]); of && i+1 < n {
			// A name before the connective, not a code: "de" and "da" are
			// codes themselves.
			if langs := w.lookupName(0, i); len(langs) > 0 {
				regions, doubt := regionsOf(strings.Join(w.raw[i+1:], " "))
				if out := composeEach(langs, regions); len(out) > 0 {
					return out, doubt
				}
			}
		}
		if langs := w.lookupName(i, n); len(langs) > 0 {
			regions, doubt := w.regionBefore(i)
			if out := composeEach(langs, regions); len(out) > 0 {
				return out, doubt
			}
		}
	}
	return nil, ""
}

// maxRegionWords is the most words a country's name before a language's
// name is read from ("Bosnia and Herzegovina English"): twice the words of
// the longest name the country kind reads (TestMaxRegionWords). A longer
// head, a run of marks that fold away before a name ("Blah , , , …
// English"), is not handed to the country kind once per split: that would
// cost the square of its length.
const maxRegionWords = 16

// words are the words of a name, each lowercased and keyed once, with
// running sums over them, so that the lowercase or the key of any run of
// them (joined by a space, as strings.Fields and strings.Join would) is
// known by its length before it is built.
//
// Both are built word by word: strings.ToLower maps each character alone,
// and key keeps letters and digits, drops apostrophes and makes every run
// of anything else one space, so the key of words joined by a space is
// their non-empty keys joined by a space (TestWordsAgree).
type words struct {
	raw, lower, keys []string
	rawEnd, dotEnd   []int // the bytes and the dots of raw[:i]
	lowerEnd, keyEnd []int // the bytes of lower[:i] and of keys[:i]
	keyCount         []int // the non-empty keys of keys[:i]
	nextKey          []int // the first j ≥ i whose key is not empty, or len(raw)
}

func newWords(raw []string) *words {
	n := len(raw)
	strs, ints := make([]string, 2*n), make([]int, 6*(n+1))
	w := &words{
		raw: raw, lower: strs[:n], keys: strs[n:],
		rawEnd: ints[:n+1], dotEnd: ints[n+1 : 2*(n+1)], lowerEnd: ints[2*(n+1) : 3*(n+1)],
		keyEnd: ints[3*(n+1) : 4*(n+1)], keyCount: ints[4*(n+1) : 5*(n+1)], nextKey: ints[5*(n+1):],
	}
	for i, s := range raw {
		w.lower[i], w.keys[i] = strings.ToLower(s), key(s)
		w.rawEnd[i+1] = w.rawEnd[i] + len(s)
		w.dotEnd[i+1] = w.dotEnd[i] + strings.Count(s, ".")
		w.lowerEnd[i+1] = w.lowerEnd[i] + len(w.lower[i])
		w.keyEnd[i+1] = w.keyEnd[i] + len(w.keys[i])
		w.keyCount[i+1] = w.keyCount[i]
		if w.keys[i] != "" {
			w.keyCount[i+1]++
		}
	}
	w.nextKey[n] = n
	for i := n - 1; i >= 0; i-- {
		w.nextKey[i] = w.nextKey[i+1]
		if w.keys[i] != "" {
			w.nextKey[i] = i
		}
	}
	return w
}

// lowerOf returns strings.ToLower of raw[a:b] joined, when it is at most
// limit bytes long.
func (w *words) lowerOf(a, b, limit int) (string, bool) {
	if w.lowerEnd[b]-w.lowerEnd[a]+b-a-1 > limit {
		return "", false
	}
	return strings.Join(w.lower[a:b], " "), true
}

// keyOf returns key of raw[a:b] joined, when it is at most limit bytes
// long.
func (w *words) keyOf(a, b, limit int) (string, bool) {
	count := w.keyCount[b] - w.keyCount[a]
	if count == 0 {
		return "", true
	}
	size := w.keyEnd[b] - w.keyEnd[a] + count - 1
	if size > limit {
		return "", false
	}
	if count == 1 {
		return w.keys[w.nextKey[a]], true
	}
	var sb strings.Builder
	sb.Grow(size)
	for j := w.nextKey[a]; j < b; j = w.nextKey[j+1] {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(w.keys[j])
	}
	return sb.String(), true
}

// lookupName is lookupName of raw[a:b] joined.
func (w *words) lookupName(a, b int) []string {
	ix := index()
	if l, ok := w.lowerOf(a, b, ix.maxLower); ok {
		if k, ok := ix.lower[l]; ok {
			return ix.names[k]
		}
	}
	k, ok := w.keyOf(a, b, max(ix.maxName, maxMoreAlias))
	if !ok {
		return nil
	}
	if tags := ix.names[k]; len(tags) > 0 {
		return tags
	}
	return w.moreAlias(a, b, k)
}

// moreAlias is lookupMoreAlias of raw[a:b] joined, whose key is k: the
// same quick exits, on the words as they are.
func (w *words) moreAlias(a, b int, k string) []string {
	if w.rawEnd[b]-w.rawEnd[a]+b-a-1 > maxMoreAlias {
		return nil
	}
	if c := w.raw[a][0]; c < utf8.RuneSelf && !moreAliasStarts()[lowerByte(c)] {
		return nil
	}
	for _, r := range w.raw[a:b] {
		if strings.IndexByte(r, '(') >= 0 || strings.IndexByte(r, ',') >= 0 {
			return nil
		}
	}
	return moreAliasIndex()[k]
}

// regionBefore returns the regions the words raw[:i], before a language's
// name, say: an adjective of the table ("British"), a country's name ("New
// Zealand"), or a country's code in capitals ("US", "U.K."). A code in
// lower case is a word of a sentence ("in", "no"), not a region. doubt is
// regionsOf's.
func (w *words) regionBefore(i int) (regions []string, doubt string) {
	if k, ok := w.keyOf(0, i, index().maxAdjective); ok {
		for _, a := range regionAdjectives {
			if a[0] == k {
				return []string{a[1]}, ""
			}
		}
	}
	if letters := w.rawEnd[i] + i - 1 - w.dotEnd[i]; letters <= 3 {
		l := strings.ReplaceAll(strings.Join(w.raw[:i], " "), ".", "")
		if !allLetters(l) || strings.ToUpper(l) != l {
			return nil, ""
		}
	}
	if i > maxRegionWords {
		return nil, ""
	}
	return regionsOf(strings.Join(w.raw[:i], " "))
}
