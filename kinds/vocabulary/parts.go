package vocabulary

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// A spelling in parts: an entry's spelling with another spelling of it
// in brackets or after a dash or a slash, as a model writes a name with
// its abbreviation or its translation ("Supreme Court (NS)", "NS –
// Nejvyšší soud", "Oberster Gerichtshof (Nejvyšší soud)", "Nejvyšší soud /
// Supreme Court"). Each part is read alone; when every part names the
// same one entry it is that entry, and otherwise an ask naming the
// entries the parts name: see the package documentation, # Parts.

// maxParts is the most parts a spelling is read in: a name and its
// abbreviation and translation are three.
const maxParts = 4

// splitParts returns the parts of the trimmed spelling s, or nil when it
// is not in parts: a closing group in round or square brackets (what is
// before it is split further), and the text on either side of a dash or a
// slash outside brackets. The dash is an en dash, an em dash, a figure
// dash or a horizontal bar, with or without spaces around it, or a
// hyphen or a minus sign with whitespace on both sides (a hyphen between
// letters is part of a word: "KS-PRAHA", "Praha-západ"). Every part holds
// a letter or a digit, and there are two to maxParts of them.
func splitParts(s string) []string {
	if !mayHoldParts(s) {
		return nil // most misses: no bracket closes it, no dash or slash in it
	}
	var parts []string
	rest := s
	if n := len(rest); n > 0 && (rest[n-1] == ')' || rest[n-1] == ']') {
		open := byte('(')
		if rest[n-1] == ']' {
			open = '['
		}
		depth := 0
		at := -1
		for i := n - 1; i >= 0; i-- {
			switch rest[i] {
			case rest[n-1]:
				depth++
			case open:
				depth--
			}
			if depth == 0 {
				at = i
				break
			}
		}
		if at <= 0 {
			return nil
		}
		inner := strings.TrimFunc(rest[at+1:n-1], spelling.IsSpace)
		rest = strings.TrimRightFunc(rest[:at], spelling.IsSpace)
		if !hasWord(inner) || rest == "" {
			return nil
		}
		parts = append(parts, inner)
	}
	var front []string
	depth, start := 0, 0
	for i := 0; i < len(rest); {
		r, size := utf8.DecodeRuneInString(rest[i:])
		switch {
		case r == '(' || r == '[':
			depth++
		case r == ')' || r == ']':
			depth--
		case depth == 0 && partSeparator(rest, i, r, size):
			front = append(front, strings.TrimFunc(rest[start:i], spelling.IsSpace))
			start = i + size
		}
		i += size
	}
	front = append(front, strings.TrimFunc(rest[start:], spelling.IsSpace))
	parts = append(front, parts...)
	if len(parts) < 2 || len(parts) > maxParts {
		return nil
	}
	for _, p := range parts {
		if !hasWord(p) {
			return nil
		}
	}
	return parts
}

// mayHoldParts reports whether s ends with a closing bracket or holds a
// character that may separate two parts: a slash, or a byte outside ASCII
// or a hyphen-minus, which the full test looks at.
func mayHoldParts(s string) bool {
	if n := len(s); n > 0 && (s[n-1] == ')' || s[n-1] == ']') {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '-' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// partSeparator reports whether the rune r of size bytes at byte i of s
// separates two parts.
func partSeparator(s string, i int, r rune, size int) bool {
	switch r {
	case '–', '—', '‒', '―', '/', '／':
		return true
	case '-', '‐', '‑', '−', '－':
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+size:])
		return spelling.IsSpace(before) && spelling.IsSpace(after)
	}
	return false
}

func hasWord(s string) bool { return strings.IndexFunc(s, wordRune) >= 0 }

// readPart reads one part: the entries it names by a spelling of theirs
// (its id, a name, an inflected form, an abbreviation, an English name,
// after a leading article too), or else those a name of which it begins.
func (v *Reader) readPart(p string) (exact, partial []int32) {
	if i, ok := v.ids[p]; ok {
		return []int32{i}, nil
	}
	k := key(p)
	if k == "" {
		return nil, nil
	}
	for _, h := range v.lookup(k) {
		exact = append(exact, h.entry)
	}
	if len(exact) > 0 {
		return exact, nil
	}
	if h, _, ok := v.withoutArticle(p); ok {
		return []int32{h.entry}, nil
	}
	return nil, v.partial[k]
}

// readParts reads a spelling s in parts (splitParts): ok false when it is
// not in parts or no part names an entry. Every part naming entries, the
// entries all name are the reading: one, named by a spelling of its own
// in some part, is the value, with the note of a name (an abbreviation
// when no part is a name); several are an ask naming each; none (the
// parts name different entries) an ask naming every entry a part names.
// A part naming no entry makes it an ask naming the entries the others
// name (those all of them name, if any), never a value: but not an
// entry of another country than the spelling names (mentioned).
func (v *Reader) readParts(x any, s string, notes agentinput.Notes) (agentinput.Outcome[string], bool) {
	parts := splitParts(s)
	if parts == nil {
		return agentinput.Outcome[string]{}, false
	}
	var union, common []int32
	var unread []string
	exact, started := false, false
	for _, p := range parts {
		e, partial := v.readPart(p)
		set := e
		if len(e) == 0 {
			set = partial
		}
		if len(set) == 0 {
			unread = append(unread, p)
			continue
		}
		if len(e) > 0 {
			exact = true
		}
		for _, i := range set {
			if !contains(union, i) {
				union = append(union, i)
			}
		}
		if !started {
			started = true
			common = append([]int32(nil), set...)
			continue
		}
		kept := common[:0]
		for _, i := range common {
			if contains(set, i) {
				kept = append(kept, i)
			}
		}
		common = kept
	}
	if len(union) == 0 {
		return agentinput.Outcome[string]{}, false
	}
	quoted := make([]string, len(parts))
	for j, p := range parts {
		quoted[j] = strconv.Quote(p)
	}
	listed := strings.Join(quoted, ", ")
	if len(unread) > 0 {
		readings := common
		if len(readings) == 0 {
			readings = union
		}
		reason := "it is in parts (" + listed + "), and " + strconv.Quote(unread[0]) + " names no entry"
		if len(readings) > 1 {
			readings = v.covering(key(s), readings) // "Regional Court (Prague)"
		}
		readings, why := v.keep(s, key(s), readings)
		if len(readings) == 0 {
			return v.ask(x, agentinput.AskInvalid, reason+why, nil), true
		}
		return v.askEntries(x, reason, readings), true
	}
	if len(common) == 1 && exact {
		i := common[0]
		e := &v.entries[i]
		code := agentinput.NoteAliasCode
		for _, p := range parts {
			if v.namesByName(p, i) {
				code = agentinput.NoteName
			}
		}
		notes.Add(code, agentinput.Text(s), "the spellings "+listed+", each of which names "+e.Names[0])
		return agentinput.Value(e.ID, notes), true
	}
	if len(common) > 1 {
		return v.askEntries(x, "it is in parts ("+listed+"), which name "+strconv.Itoa(len(common))+" entries alike", common), true
	}
	return v.askEntries(x, "it is in parts ("+listed+"), which name different entries", union), true
}

// namesByName reports whether the part p names entry i by a name, an
// English name or an inflected form (not its id or an abbreviation).
func (v *Reader) namesByName(p string, i int32) bool {
	if _, ok := v.ids[p]; ok {
		return false
	}
	k := key(p)
	for _, h := range v.lookup(k) {
		if h.entry == i {
			return h.how == byName || h.how == byEnglish || h.how == byForm
		}
	}
	return true // after an article, or the beginning of a name
}

// askEntries is the ask ambiguous naming the entries, at most maxReadings
// (the reason says how many there are in all).
func (v *Reader) askEntries(x any, reason string, entries []int32) agentinput.Outcome[string] {
	n := min(len(entries), maxReadings)
	readings := make([]agentinput.Reading, n)
	for j := range n {
		readings[j] = v.reading(entries[j])
	}
	if len(entries) > n {
		reason += " (the first " + strconv.Itoa(n) + " are listed)"
	}
	return v.ask(x, agentinput.AskAmbiguous, reason, readings)
}

// keep returns the entries of an ask about the spelling s (folded k) that
// it may offer: not one it inverts (a word of s is a word of the entry's
// name led by an inverting prefix, spelling.InvertsWords: "Neústavní
// soud" is not offered Ústavní soud), nor one bound to another country
// than s names (mentioned). why says what left the others out, for the
// reason of the ask, when any was.
func (v *Reader) keep(s, k string, entries []int32) (kept []int32, why string) {
	countries := v.mentioned(s)
	invertible := v.mayInvert(k)
	if len(countries) == 0 && !invertible {
		return entries, ""
	}
	inverted, foreign := false, false
	for _, i := range entries {
		if c := v.countries[i]; len(countries) > 0 && c != "" && !hasCode(countries, c) {
			foreign = true
			continue
		}
		if invertible && v.inverted(k, i) {
			inverted = true
			continue
		}
		kept = append(kept, i)
	}
	if foreign {
		names := make([]string, len(countries))
		for j, c := range countries {
			names[j] = country.Name(c) + " (" + c + ")"
		}
		why = "; it names " + strings.Join(names, " or ") + ", and the entries it is near are of another country"
	}
	if inverted {
		why += "; the entries whose names a word of it inverts (a prefix such as un- or ne- before a word of theirs) are not offered"
	}
	return kept, why
}

// mayInvert reports whether a word of the folded spelling k is a word
// some entry carries led by an inverting prefix (spelling.InvertedBases):
// only then does keep look at the entries' names.
func (v *Reader) mayInvert(k string) bool {
	for k != "" {
		w, rest, _ := strings.Cut(k, " ")
		for p := range spelling.InvertingPrefixesOf(w) {
			if _, ok := v.near.words[w[len(p):]]; ok {
				return true
			}
		}
		k = rest
	}
	return false
}

// inverted reports whether the folded spelling k inverts a name or an
// English name of entry i (spelling.InvertsWords).
func (v *Reader) inverted(k string, i int32) bool {
	e := &v.entries[i]
	check := func(list []string) bool {
		for _, n := range list {
			if spelling.InvertsWords(k, key(n)) {
				return true
			}
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

// maxMentionWords is the most leading words of a spelling that are read
// as a country that it names ("Slovak Supreme Court").
const maxMentionWords = 3

// mentioned returns the countries the spelling s names, when any entry
// has a country: the country kind reads its last words (up to
// maxQualifierWords: "Supreme Court of Slovakia", "… – Slovakia") or its
// first (up to maxMentionWords: "Slovak Supreme Court") as a country; or
// its first words, four letters or more, are an adjective the country
// kind asks about naming countries ("Slovak" is only part of Slovakia's
// name; "in" and "de" are too common a word to be taken for India or
// Germany, and a last word such as "Republik" is part of too many names);
// and its last words read as a
// country's name once taken for a genitive (inflect.GenitiveNominatives:
// "Najvyšší súd Slovenskej republiky", "Oberster Gerichtshof
// Österreichs"). A run that is a spelling of
// an entry names that entry, not a country ("US" is the id of Ústavní soud
// in the demonstration's courts).
func (v *Reader) mentioned(s string) []string {
	if !v.anyCountry {
		return nil
	}
	words := strings.FieldsFunc(s, func(r rune) bool {
		return spelling.IsSpace(r) || strings.ContainsRune(",;()[]/–—‒―", r)
	})
	var out []string
	read := func(run []string, asks bool) bool {
		text := strings.Join(run, " ")
		if _, own := v.ids[text]; own || len(v.lookup(key(text))) > 0 {
			return false // a spelling of an entry ("US" for Ústavní soud), not a country
		}
		o := country.Read(text, country.Options{})
		if code, ok := o.Value(); ok {
			if !hasCode(out, code) {
				out = append(out, code)
			}
			return true
		}
		a, _ := o.Ask()
		if !asks || a.Code != agentinput.AskAmbiguous || letters(text) < 4 {
			return false
		}
		for _, r := range a.Readings {
			code := strings.Trim(string(r.Value), `"`)
			if !hasCode(out, code) {
				out = append(out, code)
			}
		}
		return true
	}
	// The longest run of words that names a country is the country named;
	// a shorter run within it is a part of that name ("El" of "El
	// Salvador" is no mention of Greece, EL).
	for n := min(len(words), maxQualifierWords); n >= 1; n-- {
		if read(words[len(words)-n:], false) {
			break
		}
	}
	// A country's name in the genitive ("of Slovakia" said in Slovak or
	// German): the nominatives it may come from, read as values only, when
	// the last words are no country's name as they are ("Åland Islands"
	// is not the German genitive of Island, Iceland).
	named := len(out) > 0
	for n := 1; n <= 2 && n < len(words) && !named; n++ {
		if code, ok := genitiveCountry(strings.Join(words[len(words)-n:], " ")); ok && !hasCode(out, code) {
			out = append(out, code)
		}
	}
	for n := min(len(words)-1, maxMentionWords); n >= 1; n-- {
		if read(words[:n], true) {
			break
		}
	}
	return out
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
