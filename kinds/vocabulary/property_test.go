package vocabulary

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/country"
)

// pool holds the words names are made of, diacritics included, so that
// entries share words and a random spelling can name several of them.
var pool = []string{"soud", "správní", "nejvyšší", "krajský", "úřad", "komora", "rada", "ústav", "městský", "Žatec", "Brno", "Praha"}

// marker is a word that only entry i carries, so that names never fold
// alike (which New would reject).
func marker(i int) string {
	return "Mk" + strings.Map(func(r rune) rune { return 'a' + (r - '0') }, strconv.Itoa(i))
}

// drawVocabulary draws a vocabulary of 2–8 entries whose names share words
// of the pool; with shared set, entries 0 and 1 share the abbreviation
// "SHR" and the English name "Shared Court".
func drawVocabulary(t *rapid.T) ([]Entry, bool) { return drawEntries(t, 2, 8) }

// drawEntries is drawVocabulary with between least and most entries.
func drawEntries(t *rapid.T, least, most int) ([]Entry, bool) {
	n := rapid.IntRange(least, most).Draw(t, "entries")
	shared := rapid.Bool().Draw(t, "shared")
	entries := make([]Entry, n)
	for i := range entries {
		words := rapid.SliceOfN(rapid.SampledFrom(pool), 1, 3).Draw(t, "words")
		name := strings.Join(append(words, marker(i)), " ")
		var initials []rune
		for _, w := range strings.Fields(name) {
			r := []rune(w)
			initials = append(initials, unicode.ToUpper(r[0]))
		}
		e := Entry{
			ID:            "Q" + strconv.Itoa(i),
			Names:         []string{name},
			Abbreviations: []string{string(initials)},
			English:       []string{"Court " + marker(i)},
		}
		if shared && i < 2 {
			e.Abbreviations = append(e.Abbreviations, "SHR")
			e.English = append(e.English, "Shared Court")
		}
		entries[i] = e
	}
	return entries, shared
}

// oracleArticles are the leading articles the oracle leaves out, listed
// apart from the package's table; "l" is elided ("l'", "l’").
var oracleArticles = strings.Fields("the a an der die das des dem den le la les el los las il lo i gli o os as de het")

// oracleRead is the brute-force oracle: the entries one of whose
// spellings folds like s, or (for an id or an abbreviation) like s once
// the spaces of both are left out, or else one of whose names has an
// inflected form that folds like s (internal/inflect gives the forms; this
// compares them); when none does and s starts with a leading article, the
// one entry the rest names, if it names exactly one; then the entries s
// may mean as a spelling followed by a country qualifier
// (qualifierMatches); then the entries a name of which s begins
// (partialMatches); and then the entries the parts of s name
// (partsMatches). No index: every spelling of every entry is compared.
// It also says whether the one entry it finds is a value: it is not when
// a qualifier the country kind asks about leaves one reading, when other
// entries' names hold the words of a partial name, nor when a part of s
// names no entry.
func oracleRead(entries []Entry, s string) (ids []string, value bool) {
	if out := exactMatches(entries, s); len(out) > 0 {
		return out, len(out) == 1
	}
	if rest := withoutOracleArticle(s); rest != "" {
		if out := exactMatches(entries, rest); len(out) == 1 {
			return out, true
		}
	}
	p, holders := partialMatches(entries, s)
	if q, sure, other := qualifierMatches(entries, s); len(q) > 0 {
		for _, id := range p {
			if !slices.Contains(q, id) {
				q = append(q, id)
			}
		}
		return q, sure && len(q) == 1
	} else if other && len(p) == 0 {
		return nil, false
	}
	if rest := withoutOracleArticle(s); rest != "" && len(p) == 0 {
		if q, sure, other := qualifierMatches(entries, rest); len(q) > 0 {
			return q, sure && len(q) == 1
		} else if other {
			return nil, false
		}
	}
	if len(p) > 0 {
		return append(p, holders...), len(p) == 1 && len(holders) == 0
	}
	return partsMatches(entries, s)
}

// withoutOracleArticle is s without its leading article, or "": not a
// word in capitals the country kind reads as a country.
func withoutOracleArticle(s string) string {
	if f := strings.Fields(s); len(f) > 0 && strings.ToUpper(f[0]) == f[0] {
		if _, ok := country.Read(f[0], country.Options{}).Value(); ok {
			return ""
		}
	}
	var rest string
	if fields := strings.Fields(s); len(fields) > 1 && slices.ContainsFunc(oracleArticles, func(a string) bool {
		return strings.EqualFold(fields[0], a)
	}) {
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), fields[0]))
	}
	for _, elided := range []string{"l'", "L'", "l’", "L’"} {
		if r, ok := strings.CutPrefix(s, elided); ok && r != "" {
			rest = r
		}
	}
	return rest
}

// partsMatches is the oracle of a spelling in parts: s cut at a closing
// bracketed group and at dashes and slashes (oracleParts); each part
// names the entries it is a spelling of (exactMatches, or after an
// article), or else those a name of which it begins. Every part naming
// some: the entries all name, a value when one and a part is a spelling
// of it; none in common, every entry a part names. A part naming none:
// the entries the others name, never a value (and the reader may leave
// out some, of another country or inverted: the oracle does not).
func partsMatches(entries []Entry, s string) (ids []string, value bool) {
	parts := oracleParts(strings.TrimSpace(s))
	if parts == nil {
		return nil, false
	}
	var union, common []string
	started, exact, unread := false, false, false
	for _, p := range parts {
		set := exactMatches(entries, p)
		if len(set) == 0 {
			if rest := withoutOracleArticle(p); rest != "" {
				if out := exactMatches(entries, rest); len(out) == 1 {
					set = out
				}
			}
		}
		if len(set) > 0 {
			exact = true
		} else {
			set, _ = partialMatches(entries, p)
		}
		if len(set) == 0 {
			unread = true
			continue
		}
		for _, id := range set {
			if !slices.Contains(union, id) {
				union = append(union, id)
			}
		}
		if !started {
			started, common = true, slices.Clone(set)
			continue
		}
		common = slices.DeleteFunc(common, func(id string) bool { return !slices.Contains(set, id) })
	}
	if len(union) == 0 {
		return nil, false
	}
	if len(common) == 0 {
		return union, false
	}
	return common, len(common) == 1 && exact && !unread
}

// oracleParts cuts s into parts, or returns nil: a group in round or
// square brackets that ends s, and the text around every en dash, em
// dash, figure dash, horizontal bar and slash outside brackets, and
// around a hyphen or minus with whitespace on both sides; two to four
// parts, each with a letter or a digit.
func oracleParts(s string) []string {
	r := []rune(s)
	var tail []string
	if n := len(r); n > 0 && (r[n-1] == ')' || r[n-1] == ']') {
		open := map[rune]rune{')': '(', ']': '['}[r[n-1]]
		depth, at := 0, -1
		for i := n - 1; i >= 0 && at < 0; i-- {
			if r[i] == r[n-1] {
				depth++
			} else if r[i] == open {
				depth--
			}
			if depth == 0 {
				at = i
			}
		}
		if at <= 0 {
			return nil
		}
		tail = []string{strings.TrimSpace(string(r[at+1 : n-1]))}
		r = []rune(strings.TrimSpace(string(r[:at])))
	}
	var parts []string
	depth, start := 0, 0
	for i, c := range r {
		switch {
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case depth != 0:
		case strings.ContainsRune("–—‒―/／", c),
			strings.ContainsRune("-‐‑−－", c) && i > 0 && i+1 < len(r) && unicode.IsSpace(r[i-1]) && unicode.IsSpace(r[i+1]):
			parts = append(parts, strings.TrimSpace(string(r[start:i])))
			start = i + 1
		}
	}
	parts = append(append(parts, strings.TrimSpace(string(r[start:]))), tail...)
	if len(parts) < 2 || len(parts) > 4 {
		return nil
	}
	for _, p := range parts {
		if key(p) == "" {
			return nil
		}
	}
	return parts
}

// qualifierMatches is the oracle of a spelling followed by a country
// qualifier: every way of cutting s in two at a run of spaces, commas and
// an opening parenthesis (one comma, one parenthesis, the comma first; a
// parenthesis closed at the end; a qualifier with a letter and balanced
// parentheses), where the first part is a spelling
// of entries (exactMatches) one of which has a country and the country
// kind reads the second as a country or asks with countries. The entries
// of those countries are readings, with those of no country (when there
// are entries of those countries, or the country was read as a value);
// sure when one cut gives one entry from a country read as a value; other
// when a cut's entries all have a country and the value is none of them.
func qualifierMatches(entries []Entry, s string) (ids []string, sure, other bool) {
	sep := func(r rune) bool { return r == ',' || r == '(' || unicode.IsSpace(r) || r == '\uFEFF' }
	r := []rune(s)
	type cut struct {
		rest, q    string
		connectors bool // "of" or "in" may lead q
	}
	var all []cut
	runs, lead, cuts := 0, 0, 0
	for i := 1; i < len(r); i++ {
		if !sep(r[i]) || sep(r[i-1]) {
			continue
		}
		j := i
		for j < len(r) && sep(r[j]) {
			j++
		}
		run := string(r[i:j])
		// The first three runs of whitespace alone may end a country
		// written first ("Czech Supreme Court").
		if runs == lead && lead < 3 && !strings.ContainsAny(run, ",(") {
			lead++
			if q := string(r[:i]); j < len(r) && strings.Count(q, "(") == strings.Count(q, ")") {
				all = append(all, cut{rest: string(r[j:]), q: q})
			}
		}
		runs++
		if j == len(r) || strings.Count(run, ",") > 1 || strings.Count(run, "(") > 1 ||
			strings.Contains(run, ",") && strings.Contains(run, "(") && strings.Index(run, ",") > strings.Index(run, "(") {
			continue
		}
		q := string(r[j:])
		if strings.Contains(run, "(") {
			inner, closed := strings.CutSuffix(q, ")")
			if !closed {
				continue
			}
			q = strings.TrimSpace(inner)
		}
		if strings.Count(q, "(") != strings.Count(q, ")") {
			continue
		}
		all = append(all, cut{rest: string(r[:i]), q: q, connectors: !strings.ContainsAny(run, ",(")})
	}
	for _, c := range all {
		if !strings.ContainsFunc(c.q, unicode.IsLetter) {
			continue
		}
		qs := []string{c.q}
		if c.connectors {
			for _, w := range []string{"of", "in"} {
				if f := strings.Fields(c.q); len(f) > 1 && strings.EqualFold(f[0], w) {
					qs = []string{strings.TrimSpace(c.q[len(w):])}
					break
				}
			}
		}
		if named := exactMatches(entries, c.rest); slices.ContainsFunc(exactMatches(entries, c.q), func(id string) bool { return slices.Contains(named, id) }) {
			continue // a spelling of the same entry, not a country
		}
		for _, q := range qs {
			named := exactMatches(entries, c.rest)
			countryOf := map[string]string{}
			bound := false
			for _, e := range entries {
				if slices.Contains(named, e.ID) && e.Country != "" {
					countryOf[e.ID], _ = country.Read(e.Country, country.Options{}).Value()
					bound = true
				}
			}
			if !bound {
				continue
			}
			o := country.Read(q, country.Options{})
			code, isValue := o.Value()
			if a, _ := o.Ask(); !isValue && a.Code != agentinput.AskAmbiguous {
				code, isValue = genitiveCountry(q)
			}
			var codes []string
			if isValue {
				codes = []string{code}
			} else if a, _ := o.Ask(); a.Code == agentinput.AskAmbiguous {
				for _, rd := range a.Readings {
					var c string
					_ = json.Unmarshal(rd.Value, &c)
					codes = append(codes, c)
				}
			}
			var match, unbound []string
			for _, id := range named {
				switch c, ok := countryOf[id]; {
				case !ok:
					unbound = append(unbound, id)
				case slices.Contains(codes, c):
					match = append(match, id)
				}
			}
			if len(match) == 0 && (!isValue || len(unbound) == 0) {
				other = other || isValue
				continue
			}
			cuts++
			sure = cuts == 1 && isValue && len(match) == 1 && len(unbound) == 0
			for _, id := range append(match, unbound...) {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	return ids, sure && cuts == 1, other
}

// partialMatches are the entries one of whose names, English names or
// inflected forms begins with the words of s, fewer words than the name
// and four letters or digits or more; and, when that is one entry, the
// other entries one of whose names or English names holds every word of s
// (holders): one entry and no holder is the value, anything else an ask
// naming each.
func partialMatches(entries []Entry, s string) (ids, holders []string) {
	words := strings.Fields(key(s))
	if len([]rune(strings.Join(words, ""))) < 4 {
		return nil, nil
	}
	for _, e := range entries {
		for _, name := range slices.Concat(names(e), e.English, entryForms(e)) {
			nw := strings.Fields(key(name))
			if len(words) < len(nw) && slices.Equal(nw[:len(words)], words) {
				ids = append(ids, e.ID)
				break
			}
		}
	}
	if len(ids) != 1 {
		return ids, nil
	}
	for _, e := range entries {
		if e.ID == ids[0] {
			continue
		}
		for _, name := range slices.Concat(names(e), e.English) {
			have := strings.Fields(key(name))
			if !slices.ContainsFunc(words, func(w string) bool { return !slices.Contains(have, w) }) {
				holders = append(holders, e.ID)
				break
			}
		}
	}
	return ids, holders
}

// names are an entry's names in every language.
func names(e Entry) []string {
	out := slices.Clone(e.Names)
	for _, list := range e.NamesByLanguage {
		out = append(out, list...)
	}
	return out
}

// formsSeen memoizes entryForms by the entry's id, language and names:
// the oracle asks for an entry's forms at every cut of a spelling.
var formsSeen sync.Map

// entryForms are the folded inflected forms of every name of e in a
// language with rules.
func entryForms(e Entry) []string {
	id := e.ID + "\x00" + e.Language + "\x00" + strings.Join(e.Names, "\x00")
	for _, code := range slices.Sorted(maps.Keys(e.NamesByLanguage)) {
		id += "\x01" + code + "\x00" + strings.Join(e.NamesByLanguage[code], "\x00")
	}
	if fs, ok := formsSeen.Load(id); ok {
		return fs.([]string)
	}
	out := entryFormsOf(e)
	formsSeen.Store(id, out)
	return out
}

func entryFormsOf(e Entry) []string {
	var out []string
	base := func(code string) string { b, _ := readLanguage(code); return b }
	for _, n := range e.Names {
		out = forms(n, base(e.Language), out)
	}
	for code, list := range e.NamesByLanguage {
		for _, n := range list {
			out = forms(n, base(code), out)
		}
	}
	return out
}

// exactMatches is matches without the article rule: the entries a
// declared spelling of which folds like s, or else those one of whose
// inflected forms does.
func exactMatches(entries []Entry, s string) []string {
	k := key(s)
	var out []string
	for _, e := range entries {
		hit := false
		check := func(sp string, compactToo bool) {
			ks := key(sp)
			hit = hit || ks == k || ks == compact(k) || compactToo && (compact(ks) == k || compact(ks) == compact(k))
		}
		check(e.ID, true)
		for _, sp := range names(e) {
			check(sp, false)
		}
		for _, sp := range e.English {
			check(sp, false)
		}
		for _, sp := range e.Abbreviations {
			check(sp, true)
		}
		if hit {
			out = append(out, e.ID)
		}
	}
	if len(out) > 0 || k == "" {
		return out
	}
	for _, e := range entries {
		if slices.Contains(entryForms(e), k) || slices.Contains(entryForms(e), compact(k)) {
			out = append(out, e.ID)
		}
	}
	return out
}

// render draws a member of the spelling class of sp (surface and wrapped
// of spell.go): random letter case,
// diacritics kept or stripped, other separators between words, letters
// spelt out with dots (for an abbreviation or an id), surrounding
// whitespace and quotes.
func render(t *rapid.T, sp string, dotted bool) string {
	c := oracle.Draws(t)
	s, _ := surface(c, sp, dotted)
	s, _ = wrapped(c, s)
	return s
}

// Every spelling of every entry reads as that entry when no other entry
// shares it, and is an ask naming each entry that does otherwise.
func TestPropertySpellings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		sp, dotted := drawSpelling(t, e)
		s := render(t, sp, dotted)
		want, value := oracleRead(entries, s)
		if !slices.Contains(want, e.ID) {
			t.Fatalf("oracle: %q does not match its own entry %s", s, e.ID)
		}
		checkAgainstOracle(t, v, s, want, value)
		// After a leading article: the entry when it alone has the spelling.
		article := rapid.SampledFrom(append(oracleArticles, "L'", "l’")).Draw(t, "article")
		if !strings.HasSuffix(article, "'") && !strings.HasSuffix(article, "’") {
			article += rapid.SampledFrom([]string{" ", "  ", "\t", "\u00a0", "\u3000"}).Draw(t, "after article")
		}
		with := article + strings.TrimSpace(s)
		want, value = oracleRead(entries, with)
		if len(exactMatches(entries, s)) == 1 && len(exactMatches(entries, with)) == 0 && !slices.Equal(want, []string{e.ID}) {
			t.Fatalf("oracle: %q does not match %s", with, e.ID)
		}
		checkAgainstOracle(t, v, with, want, value)
	})
}

// Any spelling made of the vocabulary's words: a value only when exactly
// one entry has it, and then that entry; an ask naming each entry when
// several have it. No ambiguous spelling ever yields a value.
func TestPropertyNoGuess(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, shared := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		words := append(slices.Clone(pool), "court", "shared", "SHR", marker(0), marker(1), "Q0", "Q1")
		s := strings.Join(rapid.SliceOfN(rapid.SampledFrom(words), 1, 4).Draw(t, "words"),
			rapid.SampledFrom([]string{" ", "-", "."}).Draw(t, "separator"))
		if shared && rapid.Bool().Draw(t, "use shared") {
			s = rapid.SampledFrom([]string{"SHR", "s.h.r.", "shared court", "Shared-Court"}).Draw(t, "shared spelling")
		}
		want, value := oracleRead(entries, s)
		checkAgainstOracle(t, v, s, want, value)
	})
}

func checkAgainstOracle(t *rapid.T, v *Reader, s string, want []string, value bool) {
	o := v.Read(s)
	got, _ := o.MarshalJSON()
	again, _ := v.Read(s).MarshalJSON()
	if string(got) != string(again) {
		t.Fatalf("%q: not pure:\n%s\n%s", s, got, again)
	}
	switch {
	case value:
		if id, ok := o.Value(); !ok || id != want[0] {
			t.Fatalf("%q: want the value %s, got %s", s, want[0], got)
		}
		if s != want[0] && o.NoteCount() == 0 {
			t.Fatalf("%q: a repaired spelling without a note: %s", s, got)
		}
	case len(want) > 0:
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous {
			t.Fatalf("%q names %v: want an ask ambiguous, got %s", s, want, got)
		}
		var ids []string
		for _, r := range a.Readings {
			var id string
			_ = json.Unmarshal(r.Value, &id)
			ids = append(ids, id)
		}
		slices.Sort(ids)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(ids, w) {
			t.Fatalf("%q: readings %v, want %v", s, ids, w)
		}
	default:
		if o.Status() == agentinput.StatusValue {
			t.Fatalf("%q names no entry, got a value: %s", s, got)
		}
	}
}

// The id is the canonical fixed point: itself, no note.
func TestPropertyFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		for _, e := range entries {
			o := v.Read(e.ID)
			if id, ok := o.Value(); !ok || id != e.ID || o.NoteCount() != 0 {
				t.Fatalf("%s does not read as itself without a note", e.ID)
			}
		}
	})
}

// Arbitrary strings never panic, and every ask is well formed.
func TestPropertyAnyString(t *testing.T) {
	v := courts(t)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		o := v.Read(s)
		if a, ok := o.Ask(); ok {
			if a.Expected == "" || a.Hint == "" || (a.Code == agentinput.AskAmbiguous) != (len(a.Readings) > 0) {
				t.Fatalf("%q: malformed ask %+v", s, a)
			}
		}
	})
}

// The first words of every name and English name of every entry (peer,
// issue 18): the entry, with a note, when no other entry's name begins
// so; an ask naming each entry whose name does when several do; never a
// value when they are too short to say.
func TestPropertyPartialNames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		// Entries whose names share their first words: every name
		// begins with the same pool word sometimes.
		if rapid.Bool().Draw(t, "common first word") {
			for i := range entries {
				entries[i].Names[0] = "krajský " + entries[i].Names[0]
			}
		}
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		name := rapid.SampledFrom(slices.Concat(e.Names, e.English)).Draw(t, "name")
		words := strings.Fields(name)
		if len(words) < 2 {
			t.Skip("a one-word name has no partial")
		}
		part := strings.Join(words[:rapid.IntRange(1, len(words)-1).Draw(t, "words")], " ")
		s := render(t, part, false)
		if len(exactMatches(entries, s)) > 0 {
			return // a spelling of its own (TestPropertySpellings)
		}
		want, holders := partialMatches(entries, s)
		if len([]rune(compact(key(part)))) >= 4 && !slices.Contains(want, e.ID) {
			t.Fatalf("oracle: %q does not begin a name of its own entry %s", s, e.ID)
		}
		value := len(want) == 1 && len(holders) == 0
		checkAgainstOracle(t, v, s, append(want, holders...), value)
		if !value && v.Read(s).Status() == agentinput.StatusValue {
			t.Fatalf("%q begins names of %v, held by %v, and yields a value", s, want, holders)
		}
	})
}

// drawSpelling draws one of e's spellings: its id, a name, an English name
// or an abbreviation; dotted says whether it may be written with dots.
func drawSpelling(t *rapid.T, e Entry) (sp string, dotted bool) {
	switch rapid.IntRange(0, 3).Draw(t, "which") {
	case 0:
		return e.ID, true
	case 1:
		return rapid.SampledFrom(e.Names).Draw(t, "name"), false
	case 2:
		return rapid.SampledFrom(e.English).Draw(t, "english"), false
	default:
		return rapid.SampledFrom(e.Abbreviations).Draw(t, "abbreviation"), true
	}
}
