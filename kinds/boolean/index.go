package boolean

import (
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// entry is what one folded spelling means in a set of languages. Every
// string an entry holds is built once, with the index, so that reading a
// word allocates nothing.
type entry struct {
	// note is the code of the note a read of the spelling gets: word for
	// a language's word, from_string for "true" and "false", from_number
	// for "1" and "0".
	note agentinput.NoteCode
	// yes and no say which meanings the spelling has; both is a conflict.
	yes, no bool
	// reason names the languages of a word with one meaning: "cs: yes",
	// "de, nl, sv, da, nb: yes".
	reason string
	// readings are the two meanings of a conflicting word, canonical
	// values first true then false: "yes in el", "no in cs".
	readings []agentinput.Reading
}

// ambiguous reports whether the spelling means yes in one enabled
// language and no in another.
func (e *entry) ambiguous() bool { return e.yes && e.no }

// universal are the spellings read in every language set: they belong to
// JSON, or to no language (the check marks of a form), not to a language.
// A check mark is one symbol, with or without the emoji variation selector
// U+FE0F after it ("✔️"); notAWord lets exactly these through.
var universal = [...]struct {
	word   string
	note   agentinput.NoteCode
	yes    bool
	reason string
}{
	{canonicalTrue, agentinput.NoteFromString, true, ""},
	{canonicalFalse, agentinput.NoteFromString, false, ""},
	{"1", agentinput.NoteFromNumber, true, ""},
	{"0", agentinput.NoteFromNumber, false, ""},
	{"\u2713", agentinput.NoteForm, true, "a check mark"},      // ✓ CHECK MARK
	{"\u2714", agentinput.NoteForm, true, "a check mark"},      // ✔ HEAVY CHECK MARK
	{"\u2611", agentinput.NoteForm, true, "a checked box"},     // ☑ BALLOT BOX WITH CHECK
	{"\u2705", agentinput.NoteForm, true, "a check mark"},      // ✅ WHITE HEAVY CHECK MARK
	{"\u2717", agentinput.NoteForm, false, "a cross"},          // ✗ BALLOT X
	{"\u2718", agentinput.NoteForm, false, "a cross"},          // ✘ HEAVY BALLOT X
	{"\u2612", agentinput.NoteForm, false, "a crossed box"},    // ☒ BALLOT BOX WITH X
	{"\u274C", agentinput.NoteForm, false, "a cross"},          // ❌ CROSS MARK
	{"\u2610", agentinput.NoteForm, false, "an unchecked box"}, // ☐ BALLOT BOX
}

// isCheckMark reports whether word is one of the symbols of universal,
// optionally followed by the emoji variation selector U+FE0F.
func isCheckMark(word string) bool {
	word = strings.TrimSuffix(word, "\uFE0F")
	if utf8.RuneCountInString(word) != 1 || word[0] < utf8.RuneSelf {
		return false
	}
	for _, u := range universal {
		if u.word == word {
			return true
		}
	}
	return false
}

// buildIndex folds every word of langs (in their order) and the universal
// spellings into one map from folded spelling to meaning. It is the only
// place words are put together, so a conflict between two languages can
// only become an entry with both meanings, never a silent winner.
func buildIndex(langs []Language) map[string]*entry {
	type meanings struct {
		note    agentinput.NoteCode // set for a universal spelling
		reason  string              // … and its reason, if it has one
		univYes bool                // the universal spelling of true
		univNo  bool                // the universal spelling of false
		yesIn   []string            // codes of the languages it means yes in
		noIn    []string            // … and no in
	}
	collected := map[string]*meanings{}
	get := func(key string) *meanings {
		m := collected[key]
		if m == nil {
			m = &meanings{note: agentinput.NoteWord}
			collected[key] = m
		}
		return m
	}
	for _, u := range universal {
		m := get(u.word)
		m.note, m.reason = u.note, u.reason
		m.univYes, m.univNo = u.yes, !u.yes
	}
	for _, l := range langs {
		for _, w := range l.Yes {
			m := get(spelling.Fold(w))
			m.yesIn = appendOnce(m.yesIn, l.Code)
		}
		for _, w := range l.No {
			m := get(spelling.Fold(w))
			m.noIn = appendOnce(m.noIn, l.Code)
		}
	}

	index := make(map[string]*entry, len(collected))
	for key, m := range collected {
		e := &entry{note: m.note, yes: m.univYes || len(m.yesIn) > 0, no: m.univNo || len(m.noIn) > 0}
		switch {
		case e.ambiguous():
			e.readings = []agentinput.Reading{
				{Value: []byte("true"), Meaning: meaning("yes", m.yesIn, m.univYes)},
				{Value: []byte("false"), Meaning: meaning("no", m.noIn, m.univNo)},
			}
		case e.note != agentinput.NoteWord:
			// "true", "1": the note needs no reason; "✓" names its symbol.
			e.reason = m.reason
		case e.yes:
			e.reason = strings.Join(m.yesIn, ", ") + ": yes"
		default:
			e.reason = strings.Join(m.noIn, ", ") + ": no"
		}
		index[key] = e
	}
	return index
}

// meaning words one reading of a conflicting spelling: "yes in el",
// "no in cs, sk".
func meaning(word string, codes []string, universal bool) string {
	if universal {
		codes = append([]string{"JSON"}, codes...)
	}
	return word + " in " + strings.Join(codes, ", ")
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// shortKey is a spelling of at most maxFast ASCII bytes packed into two
// words, zero-padded: the fast path compares and hashes it without a
// string. No key holds a zero byte, so the padding tells lengths apart.
type shortKey struct{ lo, hi uint64 }

// packKey returns the shortKey of s, and false when s is longer than
// maxFast bytes or holds a byte that is zero or not ASCII.
func packKey(s string) (shortKey, bool) {
	var k shortKey
	if len(s) > maxFast {
		return k, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0 || c >= 0x80 {
			return k, false
		}
		k = k.with(i, c)
	}
	return k, true
}

// with returns k with byte i set to c.
func (k shortKey) with(i int, c byte) shortKey {
	if i < 8 {
		k.lo |= uint64(c) << (8 * i)
	} else {
		k.hi |= uint64(c) << (8 * (i - 8))
	}
	return k
}

// shortIndex maps every short ASCII key of an index to its entry, with
// open addressing in a power-of-two table: the fast path's lookup, cheaper
// than hashing a string for a map.
type shortIndex struct {
	slots []shortSlot
	shift uint // 64 minus log2(len(slots))
}

type shortSlot struct {
	key shortKey
	e   *entry // nil: an empty slot
	// exact is the outcome of the key spelled as it is (lower case), made
	// with the index: e.value of the key. Read returns it by copying
	// memory nothing wrote since, the cheapest an outcome is returned.
	exact agentinput.Outcome[bool]
}

// newShortIndex returns the shortIndex of the keys of words that packKey
// takes.
func newShortIndex(words map[string]*entry) shortIndex {
	bits := uint(1)
	for 1<<bits < 2*len(words) {
		bits++
	}
	x := shortIndex{slots: make([]shortSlot, 1<<bits), shift: 64 - bits}
	for key, e := range words {
		k, ok := packKey(key)
		if !ok {
			continue
		}
		i := x.home(k)
		for x.slots[i].e != nil {
			i = (i + 1) & (len(x.slots) - 1)
		}
		x.slots[i] = shortSlot{key: k, e: e}
		if !e.ambiguous() {
			x.slots[i].exact = e.value(key)
		}
	}
	return x
}

// home is the first slot k is looked for in.
func (x *shortIndex) home(k shortKey) int {
	return int(((k.lo ^ k.hi*0x9e3779b97f4a7c15) * 0xff51afd7ed558ccd) >> x.shift)
}

// find returns the entry of k, or nil.
func (x *shortIndex) find(k shortKey) *entry { return x.slot(k).e }

// slot returns the slot of k, or an empty one.
func (x *shortIndex) slot(k shortKey) *shortSlot {
	if len(x.slots) == 0 {
		return &noSlot
	}
	for i := x.home(k); ; i = (i + 1) & (len(x.slots) - 1) {
		s := &x.slots[i]
		if s.e == nil || s.key == k {
			return s
		}
	}
}

// noSlot is the empty slot of an empty index.
var noSlot shortSlot
