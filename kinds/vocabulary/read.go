package vocabulary

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Read reads one decoded JSON value as the id of one entry. See the package
// documentation for the spellings it reads. null is absent.
func (v *Reader) Read(x any) agentinput.Outcome[string] {
	switch s := x.(type) {
	case string:
		if i, ok := v.ids[s]; ok {
			return agentinput.Value(v.entries[i].ID, agentinput.Notes{})
		}
		return v.readString(x, s, agentinput.Notes{}, true)
	case json.Number:
		return v.readScalar(x, string(s))
	case float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		text, _ := json.Marshal(s)
		return v.readScalar(x, string(text))
	case nil:
		return agentinput.Absent[string](agentinput.Notes{})
	case bool:
		return v.ask(x, agentinput.AskWrongType, "a boolean names no entry", nil)
	case []any:
		return v.ask(x, agentinput.AskWrongType, "it is a list; one value is read here", nil)
	case map[string]any:
		return v.ask(x, agentinput.AskWrongType, "an object names no entry", nil)
	default:
		return v.ask(x, agentinput.AskWrongType, "it is not a JSON value a vocabulary is read from", nil)
	}
}

// readScalar reads a JSON number as the text it spells, with a note: an id
// or an abbreviation may be digits.
func (v *Reader) readScalar(x any, text string) agentinput.Outcome[string] {
	if len(text) > agentinput.MaxScalarBytes {
		return v.tooLarge(x)
	}
	var notes agentinput.Notes
	notes.AddStep(agentinput.NoteScalarAsText, agentinput.JSONValue(x), agentinput.Text(text), "")
	if i, ok := v.ids[text]; ok {
		return agentinput.Value(v.entries[i].ID, notes)
	}
	return v.readString(x, text, notes, true)
}

// readString reads a string that is not an id as it is. A spelling led by
// a mark or word that inverts it ("-NS", "!NS", "not NS";
// spelling.Negation) never reads as the entry it inverts, and an ask about
// it never offers that entry: a property names one entry and cannot
// exclude one. sent reports that raw is a value as sent, which its
// callers looked up among the ids already; inverts reads what follows a
// mark with sent false: as it is, an id too, and not asked about a mark
// again.
func (v *Reader) readString(x any, raw string, notes agentinput.Notes, sent bool) agentinput.Outcome[string] {
	if len(raw) > agentinput.MaxScalarBytes {
		return v.tooLarge(x)
	}
	s, trimmed, problem := spelling.Word(raw)
	if problem != "" {
		return v.ask(x, agentinput.AskInvalid, problem, nil)
	}
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(raw), agentinput.Text(s), "")
	}
	if trimmed || !sent {
		if i, ok := v.ids[s]; ok {
			return agentinput.Value(v.entries[i].ID, notes)
		}
	}
	k, signed := keyAndSign(s)
	if k == "" {
		return v.ask(x, agentinput.AskInvalid, "it has no letter or digit", nil)
	}
	hits := v.lookup(k)
	if !sent || !signed && plainKey(s, k) {
		// No mark or word can have been dropped (most hits), or none is
		// asked about.
		if len(hits) == 1 {
			return v.read(hits[0], s, "", notes)
		}
		return v.readKey(x, s, k, hits, notes)
	}
	o := v.readKey(x, s, k, hits, notes)
	if rest, ok := spelling.Negation(raw); ok && v.inverts(o, rest) {
		return v.ask(x, agentinput.AskInvalid, "it is led by a mark or word that excludes or inverts what follows; "+
			"a property names one entry and cannot exclude one", nil)
	}
	return o
}

// inverts reports whether a negated spelling's outcome o would give, or
// offer, what the rest alone names: the rest names an entry (or offers
// readings) and o is not another entry that the mark is part of.
func (v *Reader) inverts(o agentinput.Outcome[string], rest string) bool {
	r := v.readString(rest, rest, agentinput.Notes{}, false)
	id, ok := r.Value()
	if !ok {
		// The rest may name an entry followed by another country's
		// qualifier: a word negation's rest is folded, and "ČR" folds to
		// "cr", Costa Rica's code.
		a, _ := r.Ask()
		if len(a.Readings) > 0 {
			return true
		}
		if v.anyCountry {
			q := v.qualify(rest)
			return q.found()
		}
		return false
	}
	if got, ok := o.Value(); ok {
		return got == id
	}
	return true
}

// plainKey reports whether no mark or word can lead the trimmed spelling
// s of the folded key k, so that spelling.Negation of s is false without
// asking it (nearly every spelling). s beginning with an ASCII letter or
// digit holds no leading mark, bracket or quote, so only a negation word
// can lead it, and then k, its key, begins with that word and a space
// (spelling.Negation folds s by spelling.Key), so that the first word of
// k is the first word of a negation word (negationFirsts).
// TestPlainKeyIsNegation holds this to Negation itself. Its caller asks
// it only of a spelling with no sign (keyAndSign), which key keeps and
// spelling.Key does not: a sign may end a negation word's first word in k.
func plainKey(s, k string) bool {
	c := s[0]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
		return false
	}
	end := strings.IndexByte(k, ' ')
	if end < 0 {
		return true // one word: no negation word is followed by more
	}
	first := k[:end]
	for _, w := range negationFirsts[first[0]] {
		if w == first {
			return false
		}
	}
	return true
}

// negationFirsts holds the first word of every negation word of
// spelling.Negation, folded by spelling.Key, by its first byte.
var negationFirsts = func() (t [256][]string) {
	for _, w := range spelling.NegationWords() {
		if first, _, _ := strings.Cut(spelling.Key(w), " "); first != "" && !slices.Contains(t[first[0]], first) {
			t[first[0]] = append(t[first[0]], first)
		}
	}
	return t
}()

// readKey reads a trimmed spelling s by its folded key k and the entries
// the key names (lookup).
func (v *Reader) readKey(x any, s, k string, hits []hit, notes agentinput.Notes) agentinput.Outcome[string] {
	switch len(hits) {
	case 0:
		if h, article, ok := v.withoutArticle(s); ok {
			return v.read(h, s, article, notes)
		}
		p := v.partial[k]
		if v.anyCountry {
			// A mismatched country leaves a partial name the one reading.
			if q := v.qualify(s); len(q.readings) > 0 || q.other != "" && len(p) == 0 {
				return v.readQualified(x, s, q, p, notes)
			}
			// After a leading article: "the Supreme Court of the Czech
			// Republic".
			if _, rest, ok := v.dropArticle(s); ok && len(p) == 0 {
				if q := v.qualify(rest); q.found() {
					return v.readQualified(x, s, q, nil, notes)
				}
			}
		}
		if len(p) > 0 {
			return v.readPartial(x, s, k, p, notes)
		}
		if o, ok := v.readParts(x, s, notes); ok {
			return o
		}
		return v.nearest(x, s, k)
	case 1:
		return v.read(hits[0], s, "", notes)
	}
	n := min(len(hits), maxReadings)
	readings := make([]agentinput.Reading, n)
	for j := range n {
		readings[j] = v.reading(hits[j].entry)
	}
	reason := "it names " + strconv.Itoa(len(hits)) + " entries"
	if len(hits) > n {
		reason += " (the first " + strconv.Itoa(n) + " are listed)"
	}
	return v.ask(x, agentinput.AskAmbiguous, reason, readings)
}

// lookup returns the entries the folded spelling k names: k itself, and k
// without its spaces (an abbreviation or an id spelled with dots or spaces:
// "n s" for "NS"). New merged the second into the first for every key it
// holds, so a key found is one map access.
func (v *Reader) lookup(k string) []hit {
	if hits, ok := v.index[k]; ok || strings.IndexByte(k, ' ') < 0 {
		return hits
	}
	// The spaceless key is built on the stack: the map is asked with it
	// without making it a string.
	var buf [64]byte
	return v.index[string(appendCompact(buf[:0], k))]
}

// merge returns the hits of a and of b, each entry once with the stronger
// way it is named, in the order of a then b.
func merge(a, b []hit) []hit {
	out := append([]hit(nil), a...)
next:
	for _, h := range b {
		for j := range out {
			if out[j].entry == h.entry {
				out[j].how = min(out[j].how, h.how)
				continue next
			}
		}
		out = append(out, h)
	}
	return out
}

// covers reports whether merge(a, b) is a: every entry of b is in a, named
// as strongly or more.
func covers(a, b []hit) bool {
next:
	for _, h := range b {
		for _, g := range a {
			if g.entry == h.entry {
				if g.how > h.how {
					return false
				}
				continue next
			}
		}
		return false
	}
	return true
}

// read is the value outcome of a spelling s that names one entry, after
// its leading article when article is not "" (see withoutArticle). The
// note says which spelling of the entry s is; an id after an article is a
// form of the id (note form), not the id folded.
func (v *Reader) read(h hit, s, article string, notes agentinput.Notes) agentinput.Outcome[string] {
	e := &v.entries[h.entry]
	after := ""
	if article != "" {
		after = ", after the leading article " + strconv.Quote(article)
	}
	switch h.how {
	case byID:
		if article != "" {
			notes.Add(agentinput.NoteForm, agentinput.Text(s), "the id"+after)
			break
		}
		notes.Add(agentinput.NoteFolded, agentinput.Text(s), "the id, with letter case, separators or diacritics differing")
	case byName:
		notes.Add(agentinput.NoteName, agentinput.Text(s), "a name of "+e.Names[0]+after)
	case byEnglish:
		notes.Add(agentinput.NoteName, agentinput.Text(s), "the English name of "+e.Names[0]+after)
	case byAbbreviation:
		notes.Add(agentinput.NoteAliasCode, agentinput.Text(s), "an abbreviation of "+e.Names[0]+after)
	case byForm:
		notes.Add(agentinput.NoteName, agentinput.Text(s), "an inflected form of a name of "+e.Names[0]+after)
	}
	return agentinput.Value(e.ID, notes)
}

// readPartial reads a spelling s (folded k) that is the first words of
// names of the entries p: the entry, with a note, when it is one and no
// other entry's name holds every word of it; otherwise an ask naming
// each (peer, issue 18: a unique partial name reads; issue 33: "Federal
// Court" begins the name of one federal court, and fits all of them).
func (v *Reader) readPartial(x any, s, k string, p []int32, notes agentinput.Notes) agentinput.Outcome[string] {
	if len(p) == 1 {
		e := &v.entries[p[0]]
		others := v.holding(k, p[0])
		if len(others) == 0 {
			notes.Add(agentinput.NoteName, agentinput.Text(s), "the beginning of a name of "+e.Names[0]+", which no other entry's name begins with or holds")
			return agentinput.Value(e.ID, notes)
		}
		return v.askEntries(x, "it begins a name of "+e.Names[0]+", and the names of "+strconv.Itoa(len(others))+
			" more entries hold its words", append([]int32{p[0]}, others...))
	}
	reason := "it begins names of " + strconv.Itoa(len(p)) + " entries"
	return v.askEntries(x, reason, p)
}

// holding returns the entries other than e one of whose names or English
// names holds every word of the folded spelling k, in any order and
// among other words ("Federal Court" in "Federal Administrative Court").
// The entries looked at are those the nearest-entries index lists under
// the word of k that the fewest entries carry, so a vocabulary where more
// than maxPosting entries carry every word of k is looked at in part (the
// first maxPosting of them, as the nearest entries are).
func (v *Reader) holding(k string, e int32) []int32 {
	var rarest []int32
	words := strings.Fields(k)
	for j, w := range words {
		sp, ok := v.near.words[w]
		if !ok {
			return nil // no entry carries the word
		}
		if l := v.near.list(sp); j == 0 || len(l) < len(rarest) {
			rarest = l
		}
	}
	var out []int32
	for _, i := range rarest {
		if i != e && v.holds(i, words) {
			out = append(out, i)
		}
	}
	return out
}

// holds reports whether a name or an English name of entry i holds every
// one of the folded words.
func (v *Reader) holds(i int32, words []string) bool {
	e := &v.entries[i]
	check := func(list []string) bool {
	next:
		for _, n := range list {
			have := strings.Fields(key(n))
			for _, w := range words {
				if !slices.Contains(have, w) {
					continue next
				}
			}
			return true
		}
		return false
	}
	if check(e.Names) || check(e.English) {
		return true
	}
	for _, list := range e.NamesByLanguage {
		if check(list) {
			return true
		}
	}
	return false
}

func (v *Reader) reading(i int32) agentinput.Reading {
	return agentinput.Reading{Value: quote(v.entries[i].ID), Meaning: v.meaning(i)}
}

// nearest is the ask about a spelling s (folded k) that names no entry:
// the nearest entries, but not those it inverts or another country it
// names excludes (keep).
func (v *Reader) nearest(x any, s, k string) agentinput.Outcome[string] {
	var buf [MaxNear]int32
	near, carried := v.near.findWords(k, buf[:0])
	if len(near) == 0 {
		return v.ask(x, agentinput.AskInvalid, "it names no entry", nil)
	}
	if len(near) > 1 && carried {
		near = v.covering(k, near)
	}
	near, why := v.keep(s, k, near)
	if len(near) == 0 {
		return v.ask(x, agentinput.AskInvalid, "it names no entry"+why, nil)
	}
	readings := make([]agentinput.Reading, len(near))
	for j, i := range near {
		readings[j] = v.reading(i)
	}
	reason := "it names no entry exactly, and is near one"
	if len(near) > 1 {
		reason = "it names no entry exactly, and is near " + strconv.Itoa(len(near)) + " entries"
	}
	return v.ask(x, agentinput.AskAmbiguous, reason+why, readings)
}

// covering narrows the nearest entries of a spelling of two words or more
// of three letters or more, not articles (folded k), to the one entry that
// carries every such word of it, among its
// spellings and their inflected forms, when only one does: "Krajský soud
// Brno" is near both regional courts, and only the one in Brno carries
// "brno" (its abbreviation "KS Brno"). The near index answers for a word
// whose list is not full; an entry missing from a full list is looked at.
func (v *Reader) covering(k string, near []int32) []int32 {
	if strings.IndexByte(k, ' ') < 0 {
		return near
	}
	var words []string
	for w := range strings.FieldsSeq(k) {
		if !telling(w) {
			continue
		}
		if _, ok := v.near.words[w]; !ok {
			return near // a word no entry carries
		}
		words = append(words, w)
	}
	if len(words) < 2 {
		return near
	}
	found := int32(-1)
	for _, i := range near {
		covers := true
		for _, w := range words {
			list := v.near.list(v.near.words[w])
			if contains(list, i) {
				continue
			}
			if len(list) < maxPosting || !v.carries(i, w) {
				covers = false
				break
			}
		}
		if covers {
			if found >= 0 {
				return near // two entries carry every word
			}
			found = i
		}
	}
	if found < 0 {
		return near
	}
	return append(near[:0], found)
}

// telling reports whether the folded word w may tell an entry from
// another: three letters or more, and not an article ("the", "v", "in"
// tell none apart).
func telling(w string) bool {
	return utf8.RuneCountInString(w) >= 3 && (len(w) > 3 || !isArticle(w))
}

// carries reports whether a spelling of entry i, or an inflected form of
// one of its names, has the folded word w.
func (v *Reader) carries(i int32, w string) bool {
	e := &v.entries[i]
	has := func(k string) bool { return slices.Contains(strings.Fields(k), w) }
	lists := [][]string{{e.ID}, e.Names, e.English, e.Abbreviations}
	for _, list := range e.NamesByLanguage {
		lists = append(lists, list)
	}
	for _, list := range lists {
		for _, sp := range list {
			if has(key(sp)) {
				return true
			}
		}
	}
	var fs []string
	own := ""
	if e.Language != "" {
		own, _ = readLanguage(e.Language)
	}
	for _, n := range e.Names {
		fs = forms(n, own, fs)
	}
	for code, list := range e.NamesByLanguage {
		base, _ := readLanguage(code)
		for _, n := range list {
			fs = forms(n, base, fs)
		}
	}
	return slices.ContainsFunc(fs, has)
}

func (v *Reader) ask(x any, code agentinput.AskCode, reason string, readings []agentinput.Reading) agentinput.Outcome[string] {
	hint := "Send the id of one entry, for example " + string(v.example)
	if len(readings) > 0 {
		hint = "Send the id of the entry you mean, as listed"
	}
	return agentinput.Asking[string](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(x),
		Reason:   reason,
		Expected: v.expected,
		Hint:     hint,
		Readings: readings,
	})
}

func (v *Reader) tooLarge(x any) agentinput.Outcome[string] {
	return v.ask(x, agentinput.AskTooLarge,
		"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a vocabulary value is read from", nil)
}

// compact is a folded spelling without its spaces.
func compact(k string) string { return strings.ReplaceAll(k, " ", "") }

// appendCompact appends compact(k) to b.
func appendCompact(b []byte, k string) []byte {
	for j := 0; j < len(k); j++ {
		if k[j] != ' ' {
			b = append(b, k[j])
		}
	}
	return b
}
