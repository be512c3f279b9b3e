package enum

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"agentinput.dev/agentinput"
)

// Two more ways a spelling that is no value may stand for one, besides a
// near miss: an inflection of a value ("taxes" for "tax", "contract" for
// "contracts") and one word of a value ("tag" for "do_tag_decision").
// Both are asked about, never read: the product does not guess. New
// indexes both once, so a read costs one map access for each, whatever the
// number of values.

// ending is one row of the inflection table: a spelling that is a value
// whose last letters drop are replaced by add ("family", drop "y", add
// "ies": "families"). A plural row is read the other way too: a spelling
// that is a value without its ending ("contract" for "contracts").
type ending struct {
	drop, add string
	plural    bool
}

// endings is the inflection table, as documented in doc.go.
var endings = []ending{
	{add: "s", plural: true},              // contract → contracts
	{add: "es", plural: true},             // tax → taxes
	{drop: "y", add: "ies", plural: true}, // family → families
	{add: "ed"},                           // publish → published
	{drop: "e", add: "ed"},                // archive → archived
	{drop: "y", add: "ied"},               // apply → applied
	{add: "ing"},                          // publish → publishing
	{drop: "e", add: "ing"},               // archive → archiving
	{add: "er"},                           // report → reporter
	{add: "ers"},                          // report → reporters
	{drop: "e", add: "er"},                // manage → manager
	{drop: "e", add: "ers"},               // manage → managers
	{add: "ment"},                         // settle → settlement
	{add: "ments"},                        // settle → settlements
}

const (
	// minStem is the fewest letters the part a spelling shares with the
	// value it inflects may have, and the fewest letters of a word that
	// is looked up among the values' words.
	minStem = 3
	// maxWordValues bounds the readings of one word: a word that more
	// values have is no clue to any of them ("status" in a thousand
	// "status_…" values), and its spelling gets the plain ask.
	maxWordValues = 10
)

// inflection is a declared value a spelling inflects: the row of the
// table, and whether the spelling lacks the ending rather than adds it.
type inflection struct {
	value   int32
	ending  int8
	reverse bool
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// buildInflected maps every inflection of every value's compact key, by
// the table, to the values it inflects. An inflection that is itself a
// value's or synonym's key is read as that one before the map is looked
// at, so it is left out.
func buildInflected(values []string, compacted map[string][]int32) map[string][]inflection {
	out := make(map[string][]inflection)
	put := func(form string, in inflection) {
		if _, declared := compacted[form]; declared {
			return
		}
		list := out[form]
		if slices.ContainsFunc(list, func(x inflection) bool { return x.value == in.value }) {
			return
		}
		out[form] = append(list, in)
	}
	for i, v := range values {
		key := compact(fold(v))
		for j, end := range endings {
			if stem, ok := strings.CutSuffix(key, end.drop); ok && letters(stem) >= minStem {
				put(stem+end.add, inflection{value: int32(i), ending: int8(j)})
			}
			if !end.plural {
				continue
			}
			if stem, ok := strings.CutSuffix(key, end.add); ok && letters(stem) >= minStem {
				put(stem+end.drop, inflection{value: int32(i), ending: int8(j), reverse: true})
			}
		}
	}
	return out
}

// buildWords maps every word of at least minStem letters of every value's
// fold to the values that have it, in declared order; a word that more
// than maxWordValues values have is left out.
func buildWords(values []string) map[string][]int32 {
	out := make(map[string][]int32)
	for i, v := range values {
		for _, w := range strings.Split(fold(v), " ") {
			if letters(w) < minStem {
				continue
			}
			if list := out[w]; len(list) == 0 || list[len(list)-1] != int32(i) {
				out[w] = append(list, int32(i))
			}
		}
	}
	for w, list := range out {
		if len(list) > maxWordValues {
			delete(out, w)
		}
	}
	return out
}

// class is one reason a spelling that is no value may stand for one.
type class uint8

const (
	classNear class = 1 << iota
	classInflection
	classWord
)

// candidate is one declared value a spelling may stand for, with the
// first reason found in each class.
type candidate struct {
	value      int32
	classes    class
	distance   int
	inflection inflection
}

// candidates returns the declared values the folded spelling f (compact
// c) may stand for: its near misses, the values it inflects, and the
// values it is a word of. One class keeps its order (nearest first for
// near misses, declared order otherwise); several are merged in declared
// order.
func (e *Reader) candidates(f, c string) []candidate {
	var room [maxCandidates]near
	near := e.near.find(c, room[:0])
	inflected := e.inflected[c]
	var words []int32
	if strings.IndexByte(f, ' ') < 0 {
		words = e.words[f]
	}
	if len(near)+len(inflected)+len(words) == 0 {
		return nil
	}
	out := make([]candidate, 0, len(near)+len(inflected)+len(words))
	var all class
	add := func(v int32, cl class) *candidate {
		all |= cl
		for i := range out {
			if out[i].value == v {
				out[i].classes |= cl
				return &out[i]
			}
		}
		out = append(out, candidate{value: v, classes: cl})
		return &out[len(out)-1]
	}
	for _, n := range near {
		add(n.value, classNear).distance = n.distance
	}
	for _, in := range inflected {
		// A value is in one form's list once.
		add(in.value, classInflection).inflection = in
	}
	for _, v := range words {
		add(v, classWord)
	}
	if all&(all-1) != 0 {
		slices.SortFunc(out, func(a, b candidate) int { return int(a.value - b.value) })
	}
	return out
}

// shown is the class whose meaning a candidate's reading gives: the most
// telling one it is in, an inflection, then a word, then a near miss.
func (x candidate) shown() class {
	switch {
	case x.classes&classInflection != 0:
		return classInflection
	case x.classes&classWord != 0:
		return classWord
	}
	return classNear
}

// reasons is the reason of an ask by the class its readings show, for one
// reading and for several; readings that show different classes have the
// general one.
var reasons = map[class][2]string{
	classNear:       {"it is not a declared value, and is close to one", "it is not a declared value, and is close to several"},
	classInflection: {"it is not a declared value, and differs from one only in its ending", "it is not a declared value, and differs from several only in their endings"},
	classWord:       {"it is not a declared value, and is a word of one", "it is not a declared value, and is a word of several"},
}

// general is the reason of readings that show different classes.
var general = [2]string{"it is not a declared value, and may stand for one", "it is not a declared value, and may stand for several"}

// readings is the ask of the candidates found for the folded spelling f:
// its reason and one reading for each. The readings' JSON texts are
// slices of one buffer and their meanings of one string: an ask of eight
// near values costs two allocations for them, not sixteen.
func (e *Reader) readings(found []candidate, f string) (string, []agentinput.Reading) {
	out := make([]agentinput.Reading, len(found))
	var shown class
	word := "" // f quoted, once, when a reading names it
	size, textSize := 0, 0
	for _, x := range found {
		shown |= x.shown()
		if word == "" && x.shown() == classWord {
			word = strconv.Quote(f)
		}
		size += len(e.quoted[x.value])
		textSize += len(e.named[x.value]) + len(word) + 48
	}
	values := make([]byte, 0, size)
	var text strings.Builder
	text.Grow(textSize)
	ends := make([]int, 0, maxCandidates)
	for i, x := range found {
		at := len(values)
		values = append(values, e.quoted[x.value]...)
		out[i].Value = values[at:len(values):len(values)]
		e.writeMeaning(&text, x, word)
		ends = append(ends, text.Len())
	}
	meanings, at := text.String(), 0
	for i, end := range ends {
		out[i].Meaning = meanings[at:end]
		at = end
	}
	r, ok := reasons[shown]
	if !ok {
		r = general
	}
	if len(found) == 1 {
		return r[0], out
	}
	return r[1], out
}

// writeMeaning writes the meaning of one candidate's reading, by the
// class it shows; word is the spelling's fold, quoted, for a word of a
// value.
func (e *Reader) writeMeaning(b *strings.Builder, x candidate, word string) {
	b.WriteString(e.named[x.value])
	switch x.shown() {
	case classInflection:
		b.WriteString(inflectedHow[x.inflection.ending][b2i(x.inflection.reverse)])
	case classWord:
		b.WriteString(", which has the word ")
		b.WriteString(word)
	default:
		b.WriteString(", ")
		b.WriteString(edits(x.distance))
		b.WriteString(" away")
	}
}

// inflectedHow holds howInflected of every row of endings, forward and
// reverse, made once.
var inflectedHow = func() [][2]string {
	out := make([][2]string, len(endings))
	for i, end := range endings {
		out[i] = [2]string{howInflected(end, false), howInflected(end, true)}
	}
	return out
}()

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// howInflected says how a spelling inflects a value by the row end.
func howInflected(end ending, reverse bool) string {
	switch {
	case reverse && end.drop == "":
		return " without its ending " + strconv.Quote(end.add)
	case reverse:
		return " with its ending " + strconv.Quote(end.add) + " as " + strconv.Quote(end.drop)
	case end.drop == "":
		return " with the ending " + strconv.Quote(end.add)
	}
	return " with its ending " + strconv.Quote(end.drop) + " as " + strconv.Quote(end.add)
}

func edits(n int) string {
	switch n {
	case 1:
		return "1 edit"
	case 2:
		return "2 edits"
	}
	return strconv.Itoa(n) + " edits"
}
