package vocabulary

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// referenceIndexes builds what New builds, the plain way it was first
// written: every spelling kept with its text until all are in, then each
// key's entries once; every posting list a slice of its own; the partial
// names by splitting and joining words. New builds the same in fewer
// steps (issue 18); TestPropertyBuildIsReference holds them equal.
type reference struct {
	index         map[string][]hit
	partial       map[string][]int32
	words, wholes map[string][]int32
	grams         map[gram][]int32
	starts        map[string]struct{}
	longest       int
}

func referenceIndexes(entries []Entry) (reference, error) {
	type spelled struct {
		entry int32
		how   how
		text  string
	}
	ids := map[string]bool{}
	seen := map[string][]spelled{}
	describe := func(s spelled) string {
		what := [...]string{"id", "name", "English name", "abbreviation"}[s.how]
		return "the " + what + " " + strconv.Quote(s.text) + " of entry " + strconv.Quote(entries[s.entry].ID)
	}
	insert := func(k string, s spelled) error {
		for _, p := range seen[k] {
			if p.entry == s.entry {
				continue
			}
			strong := func(h how) bool { return h == byID || h == byName }
			if strong(p.how) && strong(s.how) || p.how == byID || s.how == byID {
				return errors.New("vocabulary: " + describe(s) + " folds like " + describe(p) +
					" (both read as " + strconv.Quote(k) + "): a model cannot keep them apart")
			}
		}
		seen[k] = append(seen[k], s)
		return nil
	}
	var r reference
	spellings := make([][]folded, len(entries))
	for i, e := range entries {
		// The checks of each spelling as declared are New's own, and not
		// what this compares: entries with them fail alike.
		if checkDeclared(e.ID) != "" || ids[e.ID] || len(e.Names) == 0 {
			return r, errors.New("declared")
		}
		ids[e.ID] = true
		add := func(text string, h how) error {
			k := key(text)
			if checkDeclared(text) != "" || k == "" {
				return errors.New("declared")
			}
			whole := h == byID || h == byAbbreviation
			spellings[i] = append(spellings[i], folded{key: k, compact: compact(k), whole: whole})
			s := spelled{entry: int32(i), how: h, text: text}
			if err := insert(k, s); err != nil {
				return err
			}
			if c := compact(k); whole && c != k {
				return insert(c, s)
			}
			return nil
		}
		if err := add(e.ID, byID); err != nil {
			return r, err
		}
		for _, list := range []struct {
			texts []string
			how   how
		}{{names(e), byName}, {e.English, byEnglish}, {e.Abbreviations, byAbbreviation}} {
			for _, text := range list.texts {
				if err := add(text, list.how); err != nil {
					return r, err
				}
			}
		}
	}
	// The inflected forms, once every declared spelling is in: not a key
	// a declared spelling has, with or without its spaces, nor one the
	// entry has already.
	for i, e := range entries {
		for _, k := range entryForms(e) {
			declared := func(k string) bool {
				return slices.ContainsFunc(seen[k], func(s spelled) bool { return s.how != byForm })
			}
			if declared(k) || slices.ContainsFunc(seen[k], func(s spelled) bool { return s.entry == int32(i) }) ||
				strings.Contains(k, " ") && declared(compact(k)) {
				continue
			}
			seen[k] = append(seen[k], spelled{entry: int32(i), how: byForm, text: k})
			spellings[i] = append(spellings[i], folded{key: k, compact: k})
		}
	}
	r.index = map[string][]hit{}
	for k, list := range seen {
		var hits []hit
		for _, s := range list {
			if j := slices.IndexFunc(hits, func(h hit) bool { return h.entry == s.entry }); j >= 0 {
				hits[j].how = min(hits[j].how, s.how)
			} else {
				hits = append(hits, hit{entry: s.entry, how: s.how})
			}
		}
		r.index[k] = hits
	}
	for k, hits := range maps.Clone(r.index) {
		if more := r.index[compact(k)]; strings.Contains(k, " ") && len(more) > 0 {
			r.index[k] = merge(hits, more)
		}
	}
	r.partial = map[string][]int32{}
	for i, list := range spellings {
		for _, f := range list {
			if f.whole {
				continue // an id or an abbreviation
			}
			words := strings.Fields(f.key)
			for n := 1; n < len(words); n++ {
				k := strings.Join(words[:n], " ")
				if _, own := r.index[k]; own || utf8.RuneCountInString(compact(k)) < minPartial {
					continue
				}
				if l := r.partial[k]; len(l) == 0 || l[len(l)-1] != int32(i) {
					r.partial[k] = append(l, int32(i))
				}
			}
		}
	}
	r.words, r.wholes, r.grams, r.starts = map[string][]int32{}, map[string][]int32{}, map[gram][]int32{}, map[string]struct{}{}
	post := func(list []int32, i int32) []int32 {
		if len(list) >= maxPosting || len(list) > 0 && list[len(list)-1] == i {
			return list
		}
		return append(list, i)
	}
	for i, list := range spellings {
		id := int32(i)
		word := func(w string) {
			r.words[w] = post(r.words[w], id)
			gramsOf(w, maxGrams*4, func(g gram) { r.grams[g] = post(r.grams[g], id) })
		}
		for _, f := range list {
			for _, w := range strings.Fields(f.key) {
				word(w)
			}
			if f.whole && strings.Contains(f.key, " ") {
				word(compact(f.key))
			}
			if f.whole {
				c := compact(f.key)
				r.wholes[c] = post(r.wholes[c], id)
				r.longest = max(r.longest, len(c))
				if start, ok := firstRunes(c, minPrefixRunes); ok {
					r.starts[start] = struct{}{}
				}
			}
		}
	}
	return r, nil
}

// drawCollidingEntries draws a vocabulary whose spellings come from few
// words, marks and separators, so that they often fold alike, within an
// entry and across entries, by their spaces or without them.
func drawCollidingEntries(t *rapid.T) []Entry {
	spell := rapid.SampledFrom([]string{"NS", "N.S.", "n s", "ns", "A-B", "AB", "a b", "Soud", "soud", "Nejvyšší soud",
		"nejvyssi SOUD", "Nejvyšší soud ČR", "Krajský soud v Praze", "krajsky soud", "Not NS", "non profit soud", "Ústavní", "US"})
	n := rapid.IntRange(1, 6).Draw(t, "entries")
	entries := make([]Entry, n)
	for i := range entries {
		id := "Q" + strconv.Itoa(i)
		if rapid.Bool().Draw(t, "drawn id") {
			id = spell.Draw(t, "id")
		}
		entries[i] = Entry{
			ID:            id,
			Names:         rapid.SliceOfN(spell, 1, 3).Draw(t, "names"),
			Abbreviations: rapid.SliceOfN(spell, 0, 2).Draw(t, "abbreviations"),
			English:       rapid.SliceOfN(spell, 0, 2).Draw(t, "english"),
		}
		if rapid.Bool().Draw(t, "own word") {
			entries[i].Names = append(entries[i].Names, "okresni soud "+marker(i))
		}
	}
	return entries
}

// New builds exactly what the reference builds, or fails with the same
// error: the same index, partial names and nearest-entries lists, list by list.
func TestPropertyBuildIsReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var entries []Entry
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0:
			entries = drawCollidingEntries(t)
		case 1:
			entries, _ = drawVocabulary(t)
		default:
			entries = drawInflected(t)
		}
		want, wantErr := referenceIndexes(entries)
		v, err := New(Options{Entries: entries})
		switch {
		case wantErr != nil && wantErr.Error() == "declared":
			if err == nil {
				t.Fatalf("New accepted what the reference rejects as declared")
			}
			return
		case wantErr != nil || err != nil:
			if wantErr == nil || err == nil || err.Error() != wantErr.Error() {
				t.Fatalf("New: error %v, want %v", err, wantErr)
			}
			return
		}
		same := func(what string, ok bool) {
			if !ok {
				t.Fatalf("%s differ from the reference", what)
			}
		}
		same("index", maps.EqualFunc(v.index, want.index, slices.Equal))
		same("partial names", maps.EqualFunc(v.partial, want.partial, slices.Equal))
		lists := func(m map[string]span) map[string][]int32 {
			out := map[string][]int32{}
			for k, s := range m {
				out[k] = v.near.list(s)
			}
			return out
		}
		same("words", maps.EqualFunc(lists(v.near.words), want.words, slices.Equal))
		same("wholes", maps.EqualFunc(lists(v.near.wholes), want.wholes, slices.Equal))
		grams := map[gram][]int32{}
		for h, k := range v.near.grams.keys {
			if k != 0 {
				grams[k-1] = v.near.list(v.near.grams.spans[h])
			}
		}
		same("trigrams", maps.EqualFunc(grams, want.grams, slices.Equal))
		same("prefix starts", maps.Equal(v.near.starts, want.starts))
		same("longest", v.near.longest == want.longest)
	})
}
