package vocabulary

import (
	"math/bits"
	"strings"
	"sync"
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
	// maxLists is the most posting lists one search reads: each searched
	// word (the first maxTokens, and the spelling without its spaces) and
	// its distinct trigrams.
	maxLists = (maxTokens + 1) * (1 + maxGrams)
)

// nearIndex is an inverted index from words, trigrams and spaceless ids
// and abbreviations to the entries that carry them. Every posting list is
// a span of one flat array, so a search reads contiguous memory and the
// index holds no pointer per list for the collector to trace.
type nearIndex struct {
	words map[string]span
	grams gramTable
	// wholes maps the spaceless folded form of every id and abbreviation
	// to its entries, for the prefix search; longest is the length in
	// bytes of the longest, which bounds that search.
	wholes  map[string]span
	longest int
	// starts holds the first minPrefixRunes runes of every id and
	// abbreviation in wholes: a spelling that begins otherwise has no
	// prefix to look up, and most misses cost one look at a small set
	// instead of one at the large map per rune.
	starts   map[string]struct{}
	postings []int32
}

// span is one posting list: postings[off : off+n], entries in the order of
// the data, at most maxPosting.
type span struct{ off, n uint32 }

// gram is a trigram: three runes of a word framed by spaces, 21 bits each
// (a byte of invalid UTF-8 is its own value above the last rune), so that
// two trigrams are equal exactly when their text is.
type gram uint64

// folded is one spelling of an entry as New folded it; whole is true for
// an id or an abbreviation, whose spaceless form (compact; the key when
// it has no space) is indexed as one more word.
type folded struct {
	key, compact string
	whole        bool
}

// postingLists collects the capped posting lists of one kind of key while
// New builds the index, in one pass over the entries: every key gets a
// number (number), in the order first seen, under which its count and its
// last entry are kept, and each entry kept is one pair, so that no list is
// a slice of its own; place then lays the lists out in one array. The
// keys are kept by wordLists (in a map) and gramLists (in a gramTable).
type postingLists struct {
	counts []uint32 // by number: how many entries the list keeps
	last   []int32  // by number: the last entry kept
	pairs  []posting
}

// posting is one entry kept in the list of the key numbered key.
type posting struct {
	key   uint32
	entry int32
}

func newPostingLists(hint int) postingLists {
	return postingLists{counts: make([]uint32, 0, hint), last: make([]int32, 0, hint)}
}

// number numbers a new key.
func (p *postingLists) number() uint32 {
	p.counts = append(p.counts, 0)
	p.last = append(p.last, -1)
	return uint32(len(p.counts) - 1)
}

// add appends entry i to the list of the key numbered j unless the list
// is full or ends with i already (entries are added in the order of the
// data).
func (p *postingLists) add(j uint32, i int32) {
	if p.counts[j] >= maxPosting || p.last[j] == i {
		return
	}
	p.counts[j]++
	p.last[j] = i
	p.pairs = append(p.pairs, posting{key: j, entry: i})
}

// place writes the lists into postings, from offset at on, in the order of
// their numbers and each in the order added, and returns the offset after
// the last list; then span returns the span of the list numbered j. A full
// list (maxPosting entries) equal to one placed before it, of any kind
// (shared), is not written again: its span is that one's. So a word that
// every entry carries and its trigrams, whose lists are the same first
// maxPosting entries, are one list, and a search that reads them reads it
// once (scored). Spans with equal offsets are therefore equal.
func (p *postingLists) place(postings []int32, at uint32, shared map[[maxPosting]int32]uint32) uint32 {
	// counts become the offsets each list starts at, then, as its entries
	// are written, the offsets it ends at: a list starts where the one
	// numbered before it ends.
	start := at
	for j, n := range p.counts {
		p.counts[j] = at
		at += n
	}
	for _, q := range p.pairs {
		postings[p.counts[q.key]] = q.entry
		p.counts[q.key]++
	}
	// Then each list moves down over the copies left out before it
	// (copy moves overlapping entries), and counts become the offsets
	// the lists start at for good, last their lengths.
	to, from := start, start
	for j, end := range p.counts {
		list := postings[from:end]
		off, placed := to, false
		if len(list) == maxPosting {
			if off, placed = shared[[maxPosting]int32(list)]; !placed {
				off = to
				shared[[maxPosting]int32(list)] = to
			}
		}
		if !placed {
			to += uint32(copy(postings[to:], list))
		}
		p.counts[j], p.last[j] = off, int32(len(list))
		from = end
	}
	return to
}

func (p *postingLists) span(j uint32) span { return span{off: p.counts[j], n: uint32(p.last[j])} }

// wordLists are the posting lists of words, by a map from the word to its
// span (while collecting, off is the word's number).
type wordLists struct {
	postingLists
	spans map[string]span
}

func newWordLists(hint int) wordLists {
	return wordLists{newPostingLists(hint), make(map[string]span, hint)}
}

func (p *wordLists) add(w string, i int32) {
	s, ok := p.spans[w]
	if !ok {
		s.off = p.number()
		p.spans[w] = s
	}
	p.postingLists.add(s.off, i)
}

// place places the lists (postingLists.place) and returns the map from
// word to span.
func (p *wordLists) place(postings []int32, at uint32, shared map[[maxPosting]int32]uint32) (map[string]span, uint32) {
	at = p.postingLists.place(postings, at, shared)
	for k, s := range p.spans {
		p.spans[k] = p.span(s.off)
	}
	return p.spans, at
}

// gramLists are the posting lists of trigrams, by a gramTable (while
// collecting, a trigram's span holds its number as off).
type gramLists struct {
	postingLists
	table gramTable
	keys  int // the trigrams in table
}

// newGramLists makes the lists of trigrams: far fewer than entries in a
// large vocabulary (three letters have a few thousand spellings), so the
// table starts small and grows.
func newGramLists(hint int) gramLists {
	p := gramLists{postingLists: newPostingLists(hint)}
	p.table.make(64)
	return p
}

func (p *gramLists) add(g gram, i int32) {
	h, found := p.table.find(g)
	if found {
		p.postingLists.add(p.table.spans[h].off, i)
		return
	}
	j := p.number()
	p.table.keys[h], p.table.spans[h] = g+1, span{off: j}
	if p.keys++; p.keys > len(p.table.keys)/4*3 {
		p.table.grow()
	}
	p.postingLists.add(j, i)
}

// place places the lists (postingLists.place) and returns the table from
// trigram to span.
func (p *gramLists) place(postings []int32, at uint32, shared map[[maxPosting]int32]uint32) (gramTable, uint32) {
	at = p.postingLists.place(postings, at, shared)
	for h, k := range p.table.keys {
		if k != 0 {
			p.table.spans[h] = p.span(p.table.spans[h].off)
		}
	}
	return p.table, at
}

// buildNear indexes the words of every entry's folded spellings, and the
// trigrams of each word, keeping at most maxPosting entries per key.
func buildNear(spellings [][]folded) nearIndex {
	words := newWordLists(2 * len(spellings))
	grams := newGramLists(len(spellings))
	wholes := newWordLists(len(spellings))
	n := nearIndex{starts: map[string]struct{}{}}
	for i, list := range spellings {
		id := int32(i)
		word := func(w string) {
			words.add(w, id)
			gramsOf(w, maxGrams*4, func(g gram) { grams.add(g, id) })
		}
		for _, f := range list {
			for w := range strings.FieldsSeq(f.key) {
				word(w)
			}
			if !f.whole {
				continue
			}
			c := f.compact
			if c != f.key {
				word(c)
			}
			wholes.add(c, id)
			n.longest = max(n.longest, len(c))
			if start, ok := firstRunes(c, minPrefixRunes); ok {
				n.starts[start] = struct{}{}
			}
		}
	}
	postings := make([]int32, len(words.pairs)+len(grams.pairs)+len(wholes.pairs))
	shared := map[[maxPosting]int32]uint32{}
	var at uint32
	n.words, at = words.place(postings, at, shared)
	n.grams, at = grams.place(postings, at, shared)
	n.wholes, at = wholes.place(postings, at, shared)
	// The lists shared leave the array shorter than allocated.
	n.postings = append([]int32(nil), postings[:at]...)
	return n
}

// gramTable maps trigrams to their lists: open addressing by the trigram,
// a power of two of slots, at least a third more than the trigrams. A
// probe reads only keys, eight to a cache line, and a free key (0; a key
// is its trigram plus one) ends it. A map of 20,000 trigrams is several
// tables behind a directory, and a search looks up a few dozen.
type gramTable struct {
	keys  []gram
	spans []span
	shift uint8 // 64 less the bits of a slot's number
}

// make makes the table empty, of size slots, a power of two.
func (t *gramTable) make(size int) {
	t.keys, t.spans, t.shift = make([]gram, size), make([]span, size), uint8(64-bits.Len(uint(size-1)))
}

// grow doubles the table.
func (t *gramTable) grow() {
	keys, spans := t.keys, t.spans
	t.make(2 * len(keys))
	for h, k := range keys {
		if k != 0 {
			to, _ := t.find(k - 1)
			t.keys[to], t.spans[to] = k, spans[h]
		}
	}
}

// find returns the slot of the trigram g, and whether it holds g, or else
// the free slot where g goes.
func (t *gramTable) find(g gram) (uint64, bool) {
	mask := uint64(len(t.keys) - 1)
	for h := uint64(g) * 0x9E3779B97F4A7C15 >> t.shift; ; h = (h + 1) & mask {
		switch t.keys[h] {
		case 0:
			return h, false
		case g + 1:
			return h, true
		}
	}
}

// get returns the list of the trigram g.
func (t *gramTable) get(g gram) (span, bool) {
	if h, ok := t.find(g); ok {
		return t.spans[h], true
	}
	return span{}, false
}

func (n *nearIndex) list(s span) []int32 { return n.postings[s.off : s.off+s.n] }

// gramsOf calls f with each trigram of the word w framed by spaces (" w "
// for a one-letter word), at most limit of them.
func gramsOf(w string, limit int, f func(gram)) {
	const bits = 21
	// The frame's leading space is the first rune.
	g, runes := gram(' '), 1
	emit := func(r gram) bool {
		g = (g<<bits | r) & (1<<(3*bits) - 1)
		runes++
		if runes < 3 {
			return true
		}
		if runes-3 >= limit {
			return false
		}
		f(g)
		return true
	}
	for i := 0; i < len(w); {
		r, size := utf8.DecodeRuneInString(w[i:])
		v := gram(r)
		if r == utf8.RuneError && size == 1 {
			v = utf8.MaxRune + 1 + gram(w[i])
		}
		i += size
		if !emit(v) {
			return
		}
	}
	emit(' ')
}

// minPrefixRunes is the shortest id or abbreviation the prefix search
// offers.
const minPrefixRunes = 2

// find appends to out the entries nearest the folded spelling k, at most
// MaxNear, best first. First come the entries whose id or abbreviation,
// without spaces, is a proper prefix of k without spaces, at least
// minPrefixRunes long, the longest first ("nsscr" is near both "nss" and
// "ns": NSS+ČR or NS+?). Then those that score at least wordWeight and at
// least two thirds of the best score, where a shared word scores
// wordWeight and a shared trigram 1.
func (n *nearIndex) find(k string, out []int32) []int32 {
	out, _ = n.findWords(k, out)
	return out
}

// findWords is find, and whether every word of k that may tell entries
// apart (three letters or more, not an article; covering) is a word some
// entry carries: false when it does not know (more words than it reads,
// or nearest entries found by their prefixes alone).
func (n *nearIndex) findWords(k string, out []int32) ([]int32, bool) {
	out = n.prefixed(compact(k), out)
	if len(out) == MaxNear {
		return out, false
	}
	var best [MaxNear]int32
	scored, carried := n.scored(k, best[:0])
	for _, i := range scored {
		if len(out) == MaxNear {
			break
		}
		if !contains(out, i) {
			out = append(out, i)
		}
	}
	return out, carried
}

func contains(list []int32, i int32) bool {
	for _, j := range list {
		if j == i {
			return true
		}
	}
	return false
}

// prefixed appends to out the entries whose spaceless id or abbreviation
// is a proper prefix of c, at least minPrefixRunes long, the longest first
// and at most MaxNear in all. It looks up one prefix per rune of c, up to
// the longest id or abbreviation.
func (n *nearIndex) prefixed(c string, out []int32) []int32 {
	if start, ok := firstRunes(c, minPrefixRunes); !ok {
		return out
	} else if _, ok := n.starts[start]; !ok {
		return out
	}
	var buf [64]int
	ends := buf[:0]
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
	for j := len(ends) - 1; j >= 0; j-- {
		s, ok := n.wholes[c[:ends[j]]]
		if !ok {
			continue
		}
		for _, i := range n.list(s) {
			if len(out) == MaxNear {
				return out
			}
			if !contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// firstRunes returns the first n runes of s, or ok false when s has
// fewer.
func firstRunes(s string, n int) (string, bool) {
	for i := range s {
		if n == 0 {
			return s[:i], true
		}
		n--
	}
	return s, n == 0
}

// threshold is the least score of a nearest entry when the best is best:
// wordWeight, and two thirds of the best.
func threshold(best int32) int32 { return max(wordWeight, (2*best+2)/3) }

// weighted is one posting list a search reads, and what each entry in it
// scores.
type weighted struct {
	span
	weight int32
}

// tally sums the scores of the entries one search reaches: an open
// addressing table keyed by entry+1 (0 is an empty slot), of which a
// search uses a power of two at least twice the postings it reads, so
// that it never fills, and the slots it filled (used), which it empties
// again when done: a tally in the pool is all empty. Tallies are pooled,
// so a search allocates nothing for its scores, and its work is the
// postings it reads, not the size of its table.
type tally struct {
	slots []slot
	used  []uint32
	touch int32 // keeps the loads of scored's first pass
}

// listSlots is the size of scored's table of the lists it reads, at
// least twice maxLists; listBits is its log2.
const (
	listBits  = 9
	listSlots = 1 << listBits
)

type slot struct{ entry, score int32 }

var tallies = sync.Pool{New: func() any { return new(tally) }}

// scored appends to out the entries that share words or trigrams with the
// folded spelling k, at most MaxNear, best first: those that score at
// least wordWeight and at least two thirds of the best score, the lower
// entry first among equal scores; carried reports whether every word of
// k that may tell entries apart (findWords) is a word of the index.
func (n *nearIndex) scored(k string, out []int32) (_ []int32, carried bool) {
	var lists [maxLists]weighted
	read := lists[:0]
	total := 0          // the postings of the lists
	weights := int32(0) // the weights of the lists
	// at finds a list already read, by its offset, so that a list read
	// twice (the trigrams of a word and of the spelling without its
	// spaces) is read once with its weights summed: at holds index+1 in
	// read, 0 for none.
	var at [listSlots]uint16
	add := func(s span, weight int32) {
		h := s.off * 0x9E3779B1 >> (32 - listBits)
		for at[h] != 0 {
			if r := &read[at[h]-1]; r.off == s.off {
				r.weight += weight
				weights += weight
				return
			}
			h = (h + 1) % listSlots
		}
		read = append(read, weighted{s, weight})
		at[h] = uint16(len(read))
		total += int(s.n)
		weights += weight
	}
	search := func(w string) (found bool) {
		if utf8.RuneCountInString(w) > maxTokenRunes {
			return false
		}
		if s, ok := n.words[w]; ok {
			add(s, wordWeight)
			found = true
		}
		var seen [maxGrams]gram
		distinct := seen[:0]
		gramsOf(w, maxGrams, func(g gram) {
			for _, d := range distinct {
				if d == g {
					return
				}
			}
			distinct = append(distinct, g)
			if s, ok := n.grams.get(g); ok {
				add(s, 1)
			}
		})
		return found
	}
	tokens := 0
	carried = true
	for w := range strings.FieldsSeq(k) {
		if tokens == maxTokens {
			carried = false
			break
		}
		tokens++
		if !search(w) && telling(w) {
			carried = false
		}
	}
	if tokens > 1 && tokens < maxTokens {
		search(compact(k))
	}
	if total == 0 {
		return out, carried
	}

	// Touch every cache line of the lists first: the loads do not depend
	// on one another, so the processor has many in flight at once, where
	// the summing below would wait for each in turn (a large vocabulary's
	// lists are rarely in cache).
	t := tallies.Get().(*tally)
	var touch int32
	for _, l := range read {
		for j := l.off; j < l.off+l.n; j += 16 {
			touch |= n.postings[j]
		}
	}
	t.touch = touch
	size := 1 << bits.Len(uint(2*total-1))
	if len(t.slots) < size {
		t.slots = make([]slot, size)
	}
	slots := t.slots[:size]
	used := t.used[:0]
	mask := uint32(size - 1)

	// The lists are summed heaviest first, and every entry they hold is
	// counted, until the weight of the lists left is below the threshold
	// of the best score so far: an entry none of the lists summed holds
	// then scores less than the threshold of the best score, which only
	// grows, and is not one of the nearest (nor the best). From then on
	// only the entries already counted are, and as every list is in the
	// order of the data, only its entries up to the last counted are
	// looked at (a large vocabulary's lists of the rarer trigrams hold
	// entries far apart, and are mostly not read at all).
	left := weights
	best := int32(0)
	last := int32(-1) // the last entry counted
	j := 0
	for ; j < len(read) && left >= threshold(best); j++ {
		// The heaviest list left comes next: most searches sum one or
		// two, so picking them costs less than sorting all.
		m := j
		for i := j + 1; i < len(read); i++ {
			if read[i].weight > read[m].weight {
				m = i
			}
		}
		read[j], read[m] = read[m], read[j]
		l := read[j]
		left -= l.weight
		list := n.list(l.span)
		last = max(last, list[len(list)-1])
		for _, i := range list {
			h := uint32(i) * 0x9E3779B1 & mask
			for slots[h].entry != 0 && slots[h].entry != i+1 {
				h = (h + 1) & mask
			}
			if slots[h].entry == 0 {
				slots[h].entry = i + 1
				used = append(used, h)
			}
			slots[h].score += l.weight
			best = max(best, slots[h].score)
		}
	}
	for ; j < len(read); j++ {
		l := read[j]
		for _, i := range n.list(l.span) {
			if i > last {
				break
			}
			h := uint32(i) * 0x9E3779B1 & mask
			for slots[h].entry != 0 && slots[h].entry != i+1 {
				h = (h + 1) & mask
			}
			if slots[h].entry != 0 {
				slots[h].score += l.weight
				best = max(best, slots[h].score)
			}
		}
	}

	least := threshold(best)
	// The best MaxNear, kept in order by insertion: higher score first,
	// then the lower entry.
	var top [MaxNear]slot
	kept := 0
	before := func(a, b slot) bool { return a.score > b.score || a.score == b.score && a.entry < b.entry }
	for _, h := range used {
		s := slots[h]
		if s.score < least {
			continue
		}
		if kept == MaxNear && !before(s, top[kept-1]) {
			continue
		}
		j := min(kept, MaxNear-1)
		for j > 0 && before(s, top[j-1]) {
			top[j] = top[j-1]
			j--
		}
		top[j] = s
		kept = min(kept+1, MaxNear)
	}
	for _, h := range used {
		slots[h] = slot{}
	}
	t.used = used
	tallies.Put(t)
	for _, s := range top[:kept] {
		out = append(out, s.entry-1)
	}
	return out, carried
}
