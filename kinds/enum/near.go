package enum

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The near-miss search: a typo is asked about, never guessed, and the ask
// names the declared values the spelling is near. Its cost must not grow
// with the number of values, so it is a symmetric-deletion index: every
// string made by deleting up to two characters of a compact key (one for
// keys longer than deepKeys characters) points to that key. Two strings
// within edit distance d share such a deletion with at most d deletions
// on each side, so a lookup generates the deletions of the spelling,
// collects the keys they point to, and checks each with the exact
// distance. The work is bounded by the spelling's length (at most
// maxQuery characters are searched) and by maxCandidates keys, never by
// the number of values.

const (
	// deepKeys is the longest key indexed with two deletions; longer keys
	// get one, so a near miss of a long value is one edit.
	deepKeys = 20
	// maxQuery is the longest spelling (in characters, compact) that is
	// searched for near misses.
	maxQuery = 64
	// maxCandidates bounds the keys checked with the exact distance.
	maxCandidates = 64
	// maxNear bounds the readings of one ask.
	maxNear = 8
)

// allowed is the edit distance that still counts as a typo of a word of n
// characters: none for one or two characters (every change makes another
// word), one up to five, two beyond.
func allowed(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	}
	return 2
}

func depth(n int) int {
	if n > deepKeys {
		return 1
	}
	return 2
}

type nearIndex struct {
	keys   [][]rune  // the compact keys
	values [][]int32 // the values of each key
	// deleted maps each deletion of a key to its group: the keys it
	// comes from are postings[group.start:group.end], in key order.
	deleted  map[string]int32
	groups   []span
	postings []int32
}

// span is a range of nearIndex.postings.
type span struct{ start, end int32 }

// comesFrom returns the keys the deletion d comes from.
func (n *nearIndex) comesFrom(d []byte) []int32 {
	g, ok := n.deleted[string(d)]
	if !ok {
		return nil
	}
	return n.postings[n.groups[g].start:n.groups[g].end]
}

// buildNear indexes the compact keys (each with the values it stands
// for), in a fixed order so that asks are the same on every run. A
// thousand values make a hundred thousand deletions, so they are built
// without an allocation each: every deletion is written into one string
// (the map's keys are slices of it), and the lists of keys are one slice,
// counted first and then filled.
func buildNear(compacted map[string][]int32) nearIndex {
	keys := make([]string, 0, len(compacted))
	for k := range compacted {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	n := nearIndex{}
	count, size := 0, 0
	for _, k := range keys {
		if r := utf8.RuneCountInString(k); r <= maxQuery+2 {
			count += deletionCount(r, depth(r))
			size += deletionCount(r, depth(r)) * len(k)
		}
	}
	var all strings.Builder
	all.Grow(size)
	ends := make([]int32, 0, count)   // each deletion's end in all
	owners := make([]int32, 0, count) // and its key
	for _, k := range keys {
		r := []rune(k)
		if len(r) > maxQuery+2 {
			// No spelling that is searched is within two edits of it.
			continue
		}
		i := int32(len(n.keys))
		n.keys = append(n.keys, r)
		n.values = append(n.values, compacted[k])
		deletions(k, depth(len(r)), func(d []byte) {
			all.Write(d)
			ends = append(ends, int32(all.Len()))
			owners = append(owners, i)
		})
	}
	text := all.String()
	// The map is not sized for every deletion: they repeat (a quarter of
	// them for a thousand "status_0001_active" values), and a map made
	// for all of them is twice the size, which every lookup pays for in
	// cache misses.
	n.deleted = make(map[string]int32)
	n.groups = make([]span, 0, count)
	group := make([]int32, len(ends)) // each deletion's group
	last := make([]int32, 0, count)   // the last key counted in each group
	start := int32(0)
	for j, end := range ends {
		d := text[start:end]
		start = end
		g, ok := n.deleted[d]
		if !ok {
			g = int32(len(n.groups))
			n.deleted[d] = g
			n.groups = append(n.groups, span{})
			last = append(last, -1)
		}
		group[j] = g
		if last[g] != owners[j] {
			last[g] = owners[j]
			n.groups[g].end++ // a count, until the offsets below
		}
	}
	at := int32(0)
	for g := range n.groups {
		count := n.groups[g].end
		n.groups[g] = span{start: at, end: at}
		at += count
		last[g] = -1
	}
	n.groups = slices.Clip(slices.Clone(n.groups)) // without the room left for deletions that repeated
	n.postings = make([]int32, at)
	for j, g := range group {
		if last[g] != owners[j] {
			last[g] = owners[j]
			n.postings[n.groups[g].end] = owners[j]
			n.groups[g].end++
		}
	}
	return n
}

// deletionCount is how many strings deletions(s, depth) makes of an s of
// n characters.
func deletionCount(n, depth int) int {
	switch depth {
	case 0:
		return 1
	case 1:
		return 1 + n
	}
	return 1 + n + n*(n-1)/2
}

// near is one declared value near a spelling.
type near struct {
	value    int32
	distance int
}

// find returns the declared values whose compact keys are a typo away from
// the compact spelling c: nearest first, then in declaration order, at
// most maxNear. They are appended to out (the caller's buffer: most
// searches find few, and it may live on the stack).
func (n *nearIndex) find(c string, out []near) []near {
	q := []rune(c)
	if len(q) == 0 || len(q) > maxQuery || allowed(len(q)) == 0 {
		return nil
	}
	var room [maxCandidates]int32
	candidates := room[:0]
	full := false
	deletions(c, min(depth(len(q)), allowed(len(q))), func(d []byte) {
		if full {
			return
		}
		for _, k := range n.comesFrom(d) {
			if !slices.Contains(candidates, k) {
				if len(candidates) == maxCandidates {
					full = true
					return
				}
				candidates = append(candidates, k)
			}
		}
	})
	for _, k := range candidates {
		key := n.keys[k]
		limit := min(allowed(min(len(q), len(key))), depth(len(key)))
		if limit == 0 {
			continue
		}
		d := distance(q, key, limit)
		if d > limit || d == 0 {
			continue
		}
		for _, v := range n.values[k] {
			if i := slices.IndexFunc(out, func(x near) bool { return x.value == v }); i >= 0 {
				out[i].distance = min(out[i].distance, d)
				continue
			}
			out = append(out, near{value: v, distance: d})
		}
	}
	slices.SortFunc(out, func(a, b near) int {
		if a.distance != b.distance {
			return a.distance - b.distance
		}
		return int(a.value - b.value)
	})
	if len(out) > maxNear {
		out = out[:maxNear]
	}
	return out
}
