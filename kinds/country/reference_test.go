package country

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// The name index and key as they were built before issue 18's speed work,
// kept as the reference the faster build is compared with
// (TestNameIndexAsReference): every name, every key, every entry the same.

type referenceIndex struct {
	names      map[string][]string
	lower      map[string]string
	englishKey map[string]string
	all        []referenceName
}

type referenceName struct {
	words []string
	code  string
}

func buildNamesReference() *referenceIndex {
	ix := &referenceIndex{names: map[string][]string{}, lower: map[string]string{}, englishKey: map[string]string{}}
	addKey := func(name, code string) {
		k := keyReference(name)
		if k == "" {
			return
		}
		ix.lower[strings.ToLower(name)] = k
		if !slices.Contains(ix.names[k], code) {
			ix.names[k] = append(ix.names[k], code)
			slices.Sort(ix.names[k])
			ix.all = append(ix.all, referenceName{strings.Fields(k), code})
		}
	}
	// An exonym is a whole name only: no lower-case shortcut and no
	// partial-name entry (its words are the other names' words in another
	// language), which keeps the index's first build cheap.
	addExonym := func(name, code string) {
		k := keyReference(name)
		if k == "" {
			return
		}
		if !slices.Contains(ix.names[k], code) {
			ix.names[k] = append(ix.names[k], code)
			slices.Sort(ix.names[k])
		}
	}
	add := func(name, code string) {
		addKey(name, code)
		// A punctuation variant: a space for an apostrophe ("Cote d
		// Ivoire", "Lao People s Democratic Republic"); key already reads
		// the apostrophe dropped.
		if spaced := apostrophes.Replace(name); spaced != name {
			addKey(spaced, code)
		}
	}
	for i := range countries {
		c := &countries[i]
		ix.englishKey[c.alpha2] = keyReference(c.english)
		for _, name := range []string{c.english, c.native} {
			if name == "" {
				continue
			}
			add(name, c.alpha2)
			// "Congo - Kinshasa" is also "Congo"; "Myanmar (Burma)" is also
			// "Myanmar" and "Burma".
			if before, _, ok := strings.Cut(name, " - "); ok {
				add(before, c.alpha2)
			}
			if before, rest, ok := strings.Cut(name, " ("); ok {
				add(before, c.alpha2)
				add(strings.TrimSuffix(rest, ")"), c.alpha2)
			}
		}
	}
	for _, a := range aliases {
		for _, name := range a.names {
			add(name, a.code)
		}
	}
	for _, a := range statisticalNames {
		for _, name := range a.names {
			add(name, a.code)
		}
	}
	for _, e := range exonyms {
		for _, name := range e.names {
			addExonym(name, e.code)
			if spaced := apostrophes.Replace(name); spaced != name {
				addExonym(spaced, e.code)
			}
		}
	}
	for _, f := range formerNames {
		for _, code := range f.now {
			add(f.name, code)
		}
	}
	return ix
}

// keyReference is key as it was written before issue 18's speed work
// (a Builder, strings.Fields and strings.Join), kept as the reference
// the one-pass key is compared with. It is the form names are indexed by: folded (case, diacritics), with
// apostrophes dropped, "&" read as "and", every other mark a space, a
// leading "the" dropped, "st" read as "saint", and single letters run
// together ("U.S.A." is "usa").
func keyReference(s string) string {
	f := spelling.Fold(s)
	var b strings.Builder
	b.Grow(len(f))
	for _, r := range f {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			b.WriteRune(r)
		case r == '\'' || r == '’' || r == 'ʼ' || r == '‘' || r == '`':
		case r == '&':
			b.WriteString(" and ")
		default:
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	// Each run of single letters is joined once: appending each letter
	// to the run before it copied the run once per letter ("a a a …" is
	// a spelling too, and cost the square of its length that way).
	out := words[:0] // written behind what is read: each word out takes at least one in
	for i := 0; i < len(words); {
		w := words[i]
		if w == "st" {
			w = "saint"
		}
		if utf8.RuneCountInString(w) != 1 {
			out = append(out, w)
			i++
			continue
		}
		// Run single letters together: "u s a" → "usa".
		j := i + 1
		for j < len(words) && utf8.RuneCountInString(words[j]) == 1 {
			j++
		}
		out = append(out, strings.Join(words[i:j], ""))
		i = j
	}
	return strings.Join(out, " ")
}

// spellingsToKey are the strings the key tests run over: every name the
// index holds (as the data spells it, with its punctuation variant), the
// parts the index cuts names into, and hard cases of the rules.
func spellingsToKey() []string {
	var out []string
	add := func(s string) {
		out = append(out, s, apostrophes.Replace(s), strings.ToUpper(s), strings.ToLower(s))
	}
	for _, c := range countries {
		add(c.english)
		add(c.native)
	}
	for _, a := range aliases {
		for _, n := range a.names {
			add(n)
		}
	}
	for _, a := range statisticalNames {
		for _, n := range a.names {
			add(n)
		}
	}
	for _, e := range moreExonyms {
		for _, n := range e.names {
			add(n)
		}
	}
	for _, e := range exonyms {
		for _, n := range e.names {
			add(n)
		}
	}
	for _, f := range formerNames {
		add(f.name)
	}
	out = append(out, "", " ", "the", "The", "the the", "THE Czechia", "st", "St. Lucia", "st st", "U.S.A.", "u s a b",
		"a b cd e f", "& & &", "Trinidad&Tobago", "&", "a&b", "x ʼ y", "Oʼ Neil", "d’Ivoire", "`a`", "İstanbul", "ǅ",
		"ﬁnland", "Ｃｚｅｃｈｉａ", "a\u0301b", "\xff\xfeab", "a--b__c..d", "\t the \n st \r", "é", "ß", "a b\u00a0c",
		strings.Repeat("a ", 200), strings.Repeat("Česká republika ", 20), strings.Repeat("st ", 70))
	return out
}

// TestKeyAsReference: key makes the key keyReference makes, of every name
// and of random strings.
func TestKeyAsReference(t *testing.T) {
	for _, s := range spellingsToKey() {
		if got, want := key(s), keyReference(s); got != want {
			t.Errorf("key(%q) = %q, keyReference %q", s, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("aAbBsStThHeE .-_&'’ʼ‘`,()éÉçłßİ\u0301\u00a0\t1"))).Draw(t, "s")
		if got, want := key(s), keyReference(s); got != want {
			t.Fatalf("key(%q) = %q, keyReference %q", s, got, want)
		}
		u := rapid.String().Draw(t, "u")
		if got, want := key(u), keyReference(u); got != want {
			t.Fatalf("key(%q) = %q, keyReference %q", u, got, want)
		}
	})
}

// TestNameKeyLower: nameKey lowers what it looks up as strings.ToLower
// does (appendLower), and finds the key the lower-case shortcut or key
// gives.
func TestNameKeyLower(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s string) {
		if got, want := string(appendLower(nil, s)), strings.ToLower(s); got != want {
			t.Fatalf("appendLower(%q) = %q, strings.ToLower %q", s, got, want)
		}
		want, ok := names().lower[strings.ToLower(s)]
		if !ok {
			want = key(s)
		}
		if got := nameKey(s); got != want {
			t.Fatalf("nameKey(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range spellingsToKey() {
		check(t, s)
	}
	rapid.Check(t, func(t *rapid.T) {
		check(t, rapid.String().Draw(t, "s"))
	})
}

// TestNameIndexAsReference: the index built with the generated exonym
// keys, one backing array and keys for partial names is the index built
// as before: every key names the same countries, every lower-case
// shortcut and English key is the same, every partial-name entry is the
// same, in the same order.
func TestNameIndexAsReference(t *testing.T) {
	got, want := buildNames(), buildNamesReference()
	if len(got.names) != len(want.names) {
		t.Errorf("%d keys, the reference has %d", len(got.names), len(want.names))
	}
	for k, codes := range want.names {
		if !slices.Equal(got.names[k], codes) {
			t.Errorf("%q names %v, in the reference %v", k, got.names[k], codes)
		}
	}
	if !maps.Equal(got.lower, want.lower) {
		t.Errorf("the lower-case shortcuts differ from the reference's")
	}
	for i, c := range countries {
		if got.englishKey[i] != want.englishKey[c.alpha2] {
			t.Errorf("%s: English key %q, the reference's %q", c.alpha2, got.englishKey[i], want.englishKey[c.alpha2])
		}
	}
	if len(got.all) != len(want.all) {
		t.Fatalf("%d partial-name entries, the reference has %d", len(got.all), len(want.all))
	}
	for i, n := range want.all {
		if got.all[i].key != strings.Join(n.words, " ") || got.all[i].code != n.code {
			t.Errorf("partial-name entry %d is %v, the reference's %v", i, got.all[i], n)
		}
	}
}

// TestNameIndexSizes: the first allocation of the index's maps and list
// is near what it holds (within an eighth), so that the build neither
// grows them nor wastes much.
func TestNameIndexSizes(t *testing.T) {
	ix := buildNames()
	for _, s := range []struct {
		name      string
		got, size int
	}{{"names", len(ix.names), indexNames}, {"lower", len(ix.lower), indexLower}, {"all", len(ix.all), indexAll}} {
		if s.got > s.size || s.got < s.size-s.size/8 {
			t.Errorf("the index's %s holds %d entries: set its size (%d) to that", s.name, s.got, s.size)
		}
	}
}

// containsRunReference is how partial names were matched before keys
// were searched: a run of the name's words equal to the run's.
func containsRunReference(words, run []string) bool {
	for i := 0; i+len(run) <= len(words); i++ {
		if slices.Equal(words[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// allWords are the words of each partial-name entry of names().all.
var allWords = sync.OnceValue(func() [][]string {
	var out [][]string
	for _, n := range names().all {
		out = append(out, strings.Fields(n.key))
	}
	return out
})

// partialNameReference is partialName as it was written before the
// names' keys were searched in one text: each name's words compared.
func partialNameReference(ix *nameIndex, k string) (found []string, partial bool) {
	words := strings.Fields(k)
	significant := false
	for _, w := range words {
		if len([]rune(w)) >= 3 && !stopWord(w) {
			significant = true
		}
	}
	if !significant {
		return nil, false
	}
	for i, n := range ix.all {
		if containsRunReference(allWords()[i], words) && !slices.Contains(found, n.code) {
			found = append(found, n.code)
		}
	}
	if len(found) > maxPartial {
		return nil, false
	}
	slices.Sort(found)
	return found, true
}

// TestPartialNameAsReference: searching the keys' text finds the names
// comparing their words finds, for every run of words of every name and
// for runs of random words.
func TestPartialNameAsReference(t *testing.T) {
	ix := names()
	check := func(t interface{ Fatalf(string, ...any) }, k string) {
		got, gotPartial := partialName(ix, k)
		want, wantPartial := partialNameReference(ix, k)
		if !slices.Equal(got, want) || gotPartial != wantPartial {
			t.Fatalf("partialName(%q) = %v %v, the reference %v %v", k, got, gotPartial, want, wantPartial)
		}
	}
	for _, n := range ix.all {
		words := strings.Fields(n.key)
		for i := range words {
			for j := i + 1; j <= len(words); j++ {
				check(t, strings.Join(words[i:j], " "))
			}
		}
	}
	var vocabulary []string
	for _, n := range ix.all {
		vocabulary = append(vocabulary, strings.Fields(n.key)...)
	}
	vocabulary = append(vocabulary, "orea", "kore", "a", "ab", "zzz", "islands", "of")
	rapid.Check(t, func(t *rapid.T) {
		words := rapid.SliceOfN(rapid.SampledFrom(vocabulary), 1, 4).Draw(t, "words")
		check(t, strings.Join(words, " "))
	})
}

// TestOneWordNoNegation: spelling.Negation finds no negation in a
// trimmed spelling oneWord holds, so readName may skip asking it.
func TestOneWordNoNegation(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s string) {
		s, _ = spelling.Trim(s)
		if !oneWord(s) {
			return
		}
		if rest, ok := spelling.Negation(s); ok || rest != "" {
			t.Fatalf("oneWord(%q), but spelling.Negation = %q, %v", s, rest, ok)
		}
	}
	for _, s := range spellingsToKey() {
		check(t, s)
	}
	for _, w := range spelling.NegationWords() {
		check(t, w)
		check(t, w+"Česko")
	}
	for _, m := range spelling.NegationMarks() {
		check(t, m+"Česko")
	}
	rapid.Check(t, func(t *rapid.T) {
		check(t, rapid.String().Draw(t, "s"))
		check(t, rapid.StringOf(rapid.SampledFrom([]rune("aČšé\u03011٣ʼ˜¬-–«„ "))).Draw(t, "t"))
	})
}

// TestNumericNotesAsFinish: a read of the JSON number of a numeric code,
// with the notes numericNotes keeps, is the outcome finish makes, in
// every output form and admitted set, on the first read and the next.
func TestNumericNotesAsFinish(t *testing.T) {
	for _, opts := range []Options{{}, {Output: Alpha3}, {Admit: []string{"CZ", "SK"}}} {
		r, _ := New(opts)
		for i := range countries {
			c := &countries[i]
			if c.numeric == 0 {
				continue
			}
			v := json.Number(strconv.Itoa(int(c.numeric)))
			want, _ := r.finish(v, agentinput.JSONValue(v), "", c, formNumeric, agentinput.Notes{}).MarshalJSON()
			for range 2 {
				got, _ := r.Read(v).MarshalJSON()
				if !bytes.Equal(got, want) {
					t.Fatalf("Read(%s) = %s, finish makes %s", v, got, want)
				}
			}
		}
	}
}
