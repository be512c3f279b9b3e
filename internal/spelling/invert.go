package spelling

import (
	"iter"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// invertingPrefixes are the prefixes that, fused to a word, make its
// opposite ("unpublished" of "published", "nepublikováno" of
// "publikováno", "unveröffentlicht" of "veröffentlicht"), folded by Key,
// by language. A prefix written with a hyphen ("non-published") is a
// negation word (negationWords), which Negation reads; these are the
// prefixes written as one word with their base. Like negationWords, this
// table is the one owner of the fact: the enum's and the vocabulary's
// near-miss asks read it through InvertsWords.
var invertingPrefixes = []struct {
	lang     string
	prefixes []string
}{
	{"en", []string{"un", "non", "in", "im", "il", "ir", "dis", "de", "anti"}},
	{"cs", []string{"ne"}},
	{"sk", []string{"ne"}},
	{"de", []string{"un", "nicht"}},
	{"fr", []string{"non", "in", "im", "il", "ir", "des"}},
	{"es", []string{"in", "im", "des"}},
	{"it", []string{"non", "in", "im", "dis"}},
	{"pt", []string{"in", "im", "des"}},
	{"pl", []string{"nie"}},
	{"nl", []string{"on", "niet"}},
	{"sv", []string{"o", "icke"}},
	{"da", []string{"u", "ikke"}},
	{"nb", []string{"u", "ikke"}},
	{"ro", []string{"ne"}},
	{"hu", []string{"nem"}},
	{"fi", []string{"epa"}},
	{"ru", []string{"не", "без"}},
	{"uk", []string{"не", "без"}},
	{"el", []string{"μη"}},
}

// minInvertedBase is the fewest letters a base word needs before a prefix
// is taken to invert it: "in" + "form" is not "not form" in any useful
// sense, but a base of a few letters leaves too many words that only
// happen to end like one.
const minInvertedBase = 4

// isInvertingPrefix reports whether p (folded) is a prefix of the table.
func isInvertingPrefix(p string) bool {
	for _, l := range invertingPrefixes {
		for _, q := range l.prefixes {
			if q == p {
				return true
			}
		}
	}
	return false
}

// InvertingPrefixes returns the inverting prefixes of every language, as
// declared (for tests that generate inverted words).
func InvertingPrefixes() []string {
	var out []string
	for _, l := range invertingPrefixes {
		out = append(out, l.prefixes...)
	}
	return out
}

// InvertedWord reports whether word is base led by an inverting prefix
// fused to it ("unpublished" and "published"). Both are one word folded by
// Key; base has at least four letters.
func InvertedWord(word, base string) bool {
	if len(word) <= len(base) || !strings.HasSuffix(word, base) || utf8.RuneCountInString(base) < minInvertedBase {
		return false
	}
	return isInvertingPrefix(word[:len(word)-len(base)])
}

// prefixesByByte holds the inverting prefixes of every language, each
// once, by their first byte.
var prefixesByByte = sync.OnceValue(func() *[256][]string {
	var t [256][]string
	for _, l := range invertingPrefixes {
		for _, p := range l.prefixes {
			if !slices.Contains(t[p[0]], p) {
				t[p[0]] = append(t[p[0]], p)
			}
		}
	}
	return &t
})

// InvertingPrefixesOf yields each inverting prefix the folded word
// begins with and that leaves a base of four letters or more: for
// "unpublished", "un" (and "u", the Danish prefix). A caller checks
// whether word without it is a word of its values before it looks closer.
func InvertingPrefixesOf(word string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if word == "" {
			return
		}
		for _, p := range prefixesByByte()[word[0]] {
			if len(word) > len(p) && strings.HasPrefix(word, p) && utf8.RuneCountInString(word[len(p):]) >= minInvertedBase {
				if !yield(p) {
					return
				}
			}
		}
	}
}

// MayInvert reports whether a word of s, folded (words between ASCII
// characters that are no letter or digit), begins with an inverting prefix that leaves four
// letters or more: only then may InvertsWords find it inverts anything.
// It allocates nothing.
func MayInvert(s string) bool {
	t := prefixesByByte()
	if s != "" {
		for _, p := range t[s[0]] {
			if len(p) > 1 && joinedAfter(s, p) >= minInvertedBase {
				return true // "un-published", "una_aaaaa": the prefix, then the rest joined
			}
		}
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && (s[i] >= utf8.RuneSelf || isASCIIAlnum(s[i])) {
			continue
		}
		w := s[start:i]
		start = i + 1
		if w == "" {
			continue
		}
		for _, p := range t[w[0]] {
			if len(w) > len(p) && strings.HasPrefix(w, p) && utf8.RuneCountInString(w[len(p):]) >= minInvertedBase {
				return true
			}
		}
	}
	return false
}

// InvertsWords reports whether the spelling s inverts the candidate c,
// both folded by Key (words separated by one space): a word of s is a word
// of c led by an inverting prefix (InvertedWord), and is not itself a word
// of c ("unpublished decisions" inverts "published decisions"; it does not
// invert "unpublished or published"). A near-miss ask never offers a
// candidate its spelling inverts: that would be the opposite of what was
// sent.
func InvertsWords(s, c string) bool {
	if invertsJoined(s, c) {
		return true
	}
	for w := range strings.SplitSeq(s, " ") {
		if w == "" {
			continue
		}
		inverted, own := false, false
		for b := range strings.SplitSeq(c, " ") {
			if b == w {
				own = true
				break
			}
			inverted = inverted || InvertedWord(w, b)
		}
		if inverted && !own {
			return true
		}
	}
	return false
}

// joinedAfter counts the letters and digits of s after the prefix p, when
// s, its separators left out, begins with p; else -1. It allocates
// nothing.
func joinedAfter(s, p string) int {
	i, n := 0, 0
	for k := 0; k < len(s); k++ {
		c := s[k]
		if c < utf8.RuneSelf && !isASCIIAlnum(c) {
			continue
		}
		if i < len(p) {
			if c != p[i] {
				return -1
			}
			i++
			continue
		}
		if c < utf8.RuneSelf || utf8.RuneStart(c) {
			n++
		}
	}
	if i < len(p) {
		return -1
	}
	return n
}

// invertsJoined reports whether s is c led by an inverting prefix of two
// letters or more, once the spaces of both (Key's separators) are left
// out: the prefix glued to a value of several words ("una aaaaa" of
// "a aaaaa"), or written apart from the value ("un published" of
// "published", as Key folds "un-published"). The value left after the
// prefix has four letters or more, as for InvertedWord.
func invertsJoined(s, c string) bool {
	if !strings.Contains(s, " ") && !strings.Contains(c, " ") {
		return false // one word each: InvertedWord's case
	}
	js, jc := strings.ReplaceAll(s, " ", ""), strings.ReplaceAll(c, " ", "")
	if len(js) <= len(jc) || !strings.HasSuffix(js, jc) || utf8.RuneCountInString(jc) < minInvertedBase {
		return false
	}
	p := js[:len(js)-len(jc)]
	return len(p) > 1 && isInvertingPrefix(p)
}
