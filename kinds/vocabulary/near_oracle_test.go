package vocabulary

import (
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"
)

// The nearest-entries search as it was before issue 23 item 4 pruned it
// (commit 727c993), kept as the oracle of TestPropertyNearIsUnpruned: it
// sums the score of every posting of every list it reads, where scored
// stops counting entries that can no longer qualify.

// oracleFind is find with oracleScored in place of scored.
func (n *nearIndex) oracleFind(k string, out []int32) []int32 {
	out = n.prefixed(compact(k), out)
	if len(out) == MaxNear {
		return out
	}
	var best [MaxNear]int32
	for _, i := range n.oracleScored(k, best[:0]) {
		if len(out) == MaxNear {
			break
		}
		if !contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

// oracleWeighted is one posting list a search reads, and what each entry in it
// scores.
type oracleWeighted struct {
	span
	weight int32
}

// oracleTally sums the scores of the entries one search reaches: an open
// addressing table keyed by entry+1 (0 is an empty slot), of which a
// search uses a power of two at least twice the postings it reads, so
// that it never fills, and the slots it filled (used), which it empties
// again when done: a tally in the pool is all empty. Tallies are pooled,
// so a search allocates nothing for its scores, and its work is the
// postings it reads, not the size of its table.
type oracleTally struct {
	slots []oracleSlot
	used  []uint32
	touch int32 // keeps the loads of scored's first pass
}

type oracleSlot struct{ entry, score int32 }

var oracleTallies = sync.Pool{New: func() any { return new(oracleTally) }}

// oracleScored appends to out the entries that share words or trigrams with the
// folded spelling k, at most MaxNear, best first: those that score at
// least wordWeight and at least two thirds of the best score, the lower
// entry first among equal scores.
func (n *nearIndex) oracleScored(k string, out []int32) []int32 {
	var lists [maxLists]oracleWeighted
	read := lists[:0]
	total := 0
	// at finds a list already read, by its offset, so that a list read
	// twice (the trigrams of a word and of the spelling without its
	// spaces) is read once with its weights summed: at holds index+1 in
	// read, 0 for none.
	var at [2 * maxLists]uint16
	add := func(s span, weight int32) {
		h := s.off * 0x9E3779B1 >> 23 % uint32(len(at))
		for at[h] != 0 {
			if r := &read[at[h]-1]; r.off == s.off {
				r.weight += weight
				return
			}
			h = (h + 1) % uint32(len(at))
		}
		read = append(read, oracleWeighted{s, weight})
		at[h] = uint16(len(read))
		total += int(s.n)
	}
	search := func(w string) {
		if utf8.RuneCountInString(w) > maxTokenRunes {
			return
		}
		if s, ok := n.words[w]; ok {
			add(s, wordWeight)
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
	}
	tokens := 0
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
	if total == 0 {
		return out
	}

	// Touch every cache line of the lists first: the loads do not depend
	// on one another, so the processor has many in flight at once, where
	// the summing below would wait for each in turn (a large vocabulary's
	// lists are rarely in cache).
	t := oracleTallies.Get().(*oracleTally)
	var touch int32
	for _, l := range read {
		for j := l.off; j < l.off+l.n; j += 16 {
			touch |= n.postings[j]
		}
	}
	t.touch = touch
	size := 1 << bits.Len(uint(2*total-1))
	if len(t.slots) < size {
		t.slots = make([]oracleSlot, size)
	}
	slots := t.slots[:size]
	used := t.used[:0]
	mask := uint32(size - 1)
	best := int32(0)
	for _, l := range read {
		for _, i := range n.list(l.span) {
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

	threshold := max(wordWeight, (2*best+2)/3)
	// The best MaxNear, kept in order by insertion: higher score first,
	// then the lower entry.
	var top [MaxNear]oracleSlot
	kept := 0
	before := func(a, b oracleSlot) bool { return a.score > b.score || a.score == b.score && a.entry < b.entry }
	for _, h := range used {
		s := slots[h]
		if s.score < threshold {
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
		slots[h] = oracleSlot{}
	}
	t.used = used
	oracleTallies.Put(t)
	for _, s := range top[:kept] {
		out = append(out, s.entry-1)
	}
	return out
}
