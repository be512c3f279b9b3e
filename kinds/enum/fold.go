package enum

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// fold is the first folding of a spelling: camelCase split into words,
// then letter case, diacritics and separators folded by spelling.Fold, so
// that "publishedAt", "Published At", "published-at" and "PUBLISHED_AT"
// are all "published at". Two declared values may not fold alike.
func fold(s string) string {
	return spelling.Fold(splitCamel(s))
}

// compact is the second folding: the first without the spaces between
// words, so that "publishedat" and "pUbLiShEd_At" meet "published_at".
// Declared values may compact alike ("re-set" and "reset"); a spelling
// that meets both is asked about. A space between two digits stays: it was
// a separator between numbers ("1.0", "v1.1", "20.21"), and dropping it
// would make "1.0" the value "10" and "v1.1" the value "v11".
func compact(folded string) string {
	if strings.IndexByte(folded, ' ') < 0 {
		return folded
	}
	var b strings.Builder
	b.Grow(len(folded))
	for i := 0; i < len(folded); i++ {
		c := folded[i]
		if c == ' ' && i > 0 && i+1 < len(folded) && isDigit(folded[i-1]) && isDigit(folded[i+1]) {
			b.WriteByte(' ')
			continue
		}
		if c != ' ' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// splitCamel puts a space at every camelCase word boundary: before an
// upper-case letter that follows a lower-case letter or a digit
// ("publishedAt", "utf8Mode"), and before the last upper-case letter of a
// run that a lower-case letter follows ("HTTPServer" → "HTTP Server").
func splitCamel(s string) string {
	// Most spellings have no boundary: return them without building.
	if !hasCamel(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	prev := rune(-1)
	for i, r := range s {
		if unicode.IsUpper(r) && prev != -1 {
			next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) ||
				(unicode.IsUpper(prev) && unicode.IsLower(next)) {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// hasCamel reports whether s has a lower-case letter or digit followed by
// an upper-case letter, or an upper-case letter followed by an upper-case
// and a lower-case letter.
func hasCamel(s string) bool {
	prev, prev2 := rune(-1), rune(-1)
	for _, r := range s {
		if unicode.IsUpper(prev) && unicode.IsLower(r) && unicode.IsUpper(prev2) {
			return true
		}
		if unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) {
			return true
		}
		prev2, prev = prev, r
	}
	return false
}

// distance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and transpositions of neighbours,
// each 1), or limit+1 when it is more than limit. Only the band of cells
// within limit of the diagonal is computed (Ukkonen), so the cost is
// linear in the length for a small limit; for the lengths the near-miss
// search takes it allocates nothing.
func distance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	inf := limit + 1
	var rows [3][maxQuery + 4]int
	var prev2, prev, cur []int
	if len(b)+2 <= len(rows[0]) {
		prev2, prev, cur = rows[0][:len(b)+2], rows[1][:len(b)+2], rows[2][:len(b)+2]
	} else {
		prev2, prev, cur = make([]int, len(b)+2), make([]int, len(b)+2), make([]int, len(b)+2)
	}
	for j := range prev {
		prev[j] = min(j, inf)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = min(i, inf)
		if lo > 1 {
			cur[lo-1] = inf
		}
		best := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = min(v, inf)
			best = min(best, cur[j])
		}
		// The next row reads this one a cell beyond the band.
		cur[hi+1] = inf
		if best > limit {
			return inf
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], inf)
}

// deletions calls f with s and with every string made by deleting up to
// depth (at most two) of its characters. A set of positions that deletes
// a character of a run of equal ones ("0001", "ll") where deleting one
// before it in the run makes the same string is skipped: each set is the
// one that deletes the first characters of every run it deletes from, so
// the same string does not cost the index a second lookup. The bytes f
// gets are reused by the next call: f must copy what it keeps.
func deletions(s string, depth int, f func([]byte)) {
	var small [maxQuery + 4]int
	bounds := small[:0]
	for i := range s {
		bounds = append(bounds, i)
	}
	bounds = append(bounds, len(s))
	n := len(bounds) - 1
	var stack [4 * (maxQuery + 3)]byte
	buf := stack[:0]
	f(append(buf[:0], s...))
	if depth < 1 {
		return
	}
	// same reports whether the characters i and i-1 are equal.
	same := func(i int) bool { return i > 0 && s[bounds[i-1]:bounds[i]] == s[bounds[i]:bounds[i+1]] }
	for i := 0; i < n; i++ {
		if same(i) {
			continue // deleting i-1, kept here, makes the same strings
		}
		b := append(buf[:0], s[:bounds[i]]...)
		f(append(b, s[bounds[i+1]:]...))
		if depth < 2 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if j-1 != i && same(j) {
				continue // deleting j-1 with i makes the same string
			}
			b := append(buf[:0], s[:bounds[i]]...)
			b = append(b, s[bounds[i+1]:bounds[j]]...)
			f(append(b, s[bounds[j+1]:]...))
		}
	}
}
