package vocabulary

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// readingsOf returns the ids an outcome gives or offers.
func readingsOf(o agentinput.Outcome[string]) []string {
	if id, ok := o.Value(); ok {
		return []string{id}
	}
	a, _ := o.Ask()
	var ids []string
	for _, r := range a.Readings {
		var id string
		_ = json.Unmarshal(r.Value, &id)
		ids = append(ids, id)
	}
	return ids
}

// partSeparators are the ways a model writes two spellings of one thing
// side by side.
var partSeparators = [][2]string{{" (", ")"}, {"(", ")"}, {" [", "]"}, {" – ", ""}, {"—", ""}, {" - ", ""}, {" / ", ""}, {"/", ""}}

// Two spellings of entries side by side (in brackets, after a dash or a
// slash): the entry when both name the same one, by a spelling of its
// own; an ask naming each otherwise; never a value for a spelling whose
// parts name different entries. The brute-force oracle agrees.
func TestPropertyParts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		if rapid.Bool().Draw(t, "inflected") {
			entries = drawInflected(t)
		}
		v, err := New(Options{Entries: entries})
		if err != nil {
			if strings.Contains(err.Error(), "folds like") {
				return
			}
			t.Fatalf("New: %v", err)
		}
		a := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "first entry")]
		b := a
		if rapid.Bool().Draw(t, "another entry") {
			b = entries[rapid.IntRange(0, len(entries)-1).Draw(t, "second entry")]
		}
		spell := func(e Entry, label string) string {
			all := slices.Concat([]string{e.ID}, names(e), e.English, e.Abbreviations, entryForms(e))
			return rapid.SampledFrom(all).Draw(t, label)
		}
		sa, sb := spell(a, "first"), spell(b, "second")
		if rapid.IntRange(0, 4).Draw(t, "unread") == 0 {
			sb = "Zqx Wvk"
		}
		sep := rapid.SampledFrom(partSeparators).Draw(t, "separator")
		s := sa + sep[0] + sb + sep[1]
		if len(exactMatches(entries, s)) > 0 || withoutOracleArticle(s) != "" {
			return // a spelling of its own
		}
		want, value := oracleRead(entries, s)
		o := v.Read(s)
		got, _ := o.MarshalJSON()
		id, isValue := o.Value()
		switch {
		case value && (!isValue || id != want[0]):
			t.Fatalf("%q: want %s, got %s", s, want[0], got)
		case !value && isValue:
			t.Fatalf("%q: oracle %v (no value), got %s", s, want, got)
		case isValue && len(exactMatches(entries, sa)) == 1 && len(exactMatches(entries, sb)) == 1 &&
			exactMatches(entries, sa)[0] != exactMatches(entries, sb)[0]:
			t.Fatalf("%q: parts naming two entries read as %s", s, id)
		}
		// An ask offers only what the parts name.
		for _, r := range readingsOf(o) {
			if len(want) > 0 && !slices.Contains(want, r) {
				t.Fatalf("%q: offers %s, the parts name %v", s, r, want)
			}
		}
	})
}

// currencies is a vocabulary whose abbreviations hold signs.
func currencies(t testing.TB) *Reader {
	t.Helper()
	v, err := New(Options{Entries: []Entry{
		{ID: "CAD", Names: []string{"Canadian dollar"}, Abbreviations: []string{"C$", "CA$"}},
		{ID: "USD", Names: []string{"US dollar"}, Abbreviations: []string{"US$", "$"}},
		{ID: "CPP", Names: []string{"C++"}, Abbreviations: []string{"CXX"}},
		{ID: "CS", Names: []string{"C#"}},
		{ID: "EUR", Names: []string{"euro"}, Abbreviations: []string{"€"}},
		{ID: "C", Names: []string{"C language"}},
		{ID: "US", Names: []string{"United States"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A sign is part of the spelling that holds it: "C$" reads as CAD, its
// bare letters never do; "US$" is not US.
func TestSigns(t *testing.T) {
	v := currencies(t)
	for _, c := range []struct {
		s, want string // want "" for no value
	}{
		{"C$", "CAD"}, {"c $", "CAD"}, {"C.$", "CAD"}, {"＄", "USD"}, {"$", "USD"}, {"US$", "USD"}, {"us $", "USD"},
		{"C++", "CPP"}, {"c++", "CPP"}, {"C#", "CS"}, {"€", "EUR"},
		{"C", "C"}, {"c", "C"}, {"US", "US"}, {"CA", ""}, {"C + +", "CPP"}, {"C +", ""}, {"C+", ""}, {"C+ language", ""},
	} {
		o := v.Read(c.s)
		got, _ := o.MarshalJSON()
		id, ok := o.Value()
		if c.want == "" && ok || c.want != "" && (!ok || id != c.want) {
			t.Errorf("%q: got %s, want %q", c.s, got, c.want)
		}
	}
}

// The bare letters of a spelling with a sign (currency signs, "+" and "#"
// ending a word) never read as its entry, and a spelling with a sign
// never reads as an entry whose spellings do not hold it.
func TestPropertySigns(t *testing.T) {
	signs := []string{"$", "€", "£", "¥", "++", "#", "+", "＄"}
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		i := rapid.IntRange(0, len(entries)-1).Draw(t, "signed entry")
		letters := entries[i].Abbreviations[0]
		sign := rapid.SampledFrom(signs).Draw(t, "sign")
		entries[i].Abbreviations = []string{letters + sign}
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		bare := render(t, letters, true)
		if slices.Contains(readingsOf(v.Read(bare)), entries[i].ID) {
			if _, ok := v.Read(bare).Value(); ok {
				t.Fatalf("%q, the bare letters of %q, reads as %s", bare, letters+sign, entries[i].ID)
			}
		}
		if id, ok := v.Read(letters + sign).Value(); !ok || id != entries[i].ID {
			t.Fatalf("%q does not read as %s", letters+sign, entries[i].ID)
		}
		// Another entry's spelling with the sign added is not that entry.
		j := rapid.IntRange(0, len(entries)-1).Draw(t, "other entry")
		if j != i {
			s := entries[j].Abbreviations[0] + sign
			if id, ok := v.Read(s).Value(); ok && id == entries[j].ID {
				t.Fatalf("%q reads as %s, whose spellings hold no %q", s, id, sign)
			}
		}
	})
}

// federal is a vocabulary of courts whose names share their words in
// other orders and among other words.
func federal(t testing.TB) *Reader {
	t.Helper()
	v, err := New(Options{Entries: []Entry{
		{ID: "BGH", Names: []string{"Bundesgerichtshof"}, English: []string{"Federal Court of Justice"}},
		{ID: "BVERWG", Names: []string{"Bundesverwaltungsgericht"}, English: []string{"Federal Administrative Court"}},
		{ID: "BFH", Names: []string{"Bundesfinanzhof"}, English: []string{"Federal Fiscal Court"}},
		{ID: "BVERFG", Names: []string{"Bundesverfassungsgericht"}, English: []string{"Federal Constitutional Court"}},
		{ID: "FCA", Names: []string{"Federal Court of Australia"}},
		{ID: "FC", Names: []string{"Federal Court"}},
		{ID: "HCA", Names: []string{"High Court of Australia"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A partial name reads as its entry only when no other entry's name holds
// its words: "Federal Court of" begins two names, "Federal Fiscal" one
// that no other holds, "Court of" holds the words of three; an entry's
// own name ("Federal Court") is read before any partial.
func TestPartialByMeaning(t *testing.T) {
	v := federal(t)
	for _, c := range []struct {
		s     string
		value string
		asks  []string
	}{
		{"Federal Court", "FC", nil},
		{"Federal Court of", "", []string{"BGH", "FCA"}},
		{"Federal Fiscal", "BFH", nil},
		{"Federal Constitutional", "BVERFG", nil},
		{"High Court", "HCA", nil}, // no other name holds "high"
		{"Federal Court of Justice", "BGH", nil},
	} {
		o := v.Read(c.s)
		got, _ := o.MarshalJSON()
		if c.value != "" {
			if id, ok := o.Value(); !ok || id != c.value {
				t.Errorf("%q: got %s, want %s", c.s, got, c.value)
			}
			continue
		}
		if _, ok := o.Value(); ok || !slices.Equal(readingsOf(o), c.asks) {
			t.Errorf("%q: got %s, want an ask naming %v", c.s, got, c.asks)
		}
	}
	// A vocabulary in which the partial reads, until another entry holds
	// its words.
	v2, err := New(Options{Entries: []Entry{
		{ID: "BGH", Names: []string{"Bundesgerichtshof"}, English: []string{"Federal Court of Justice"}},
		{ID: "BFH", Names: []string{"Bundesfinanzhof"}, English: []string{"Federal Fiscal Court"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	o := v2.Read("Federal Court")
	got, _ := o.MarshalJSON()
	if _, ok := o.Value(); ok || !slices.Equal(readingsOf(o), []string{"BGH", "BFH"}) {
		t.Errorf("\"Federal Court\": got %s, want an ask naming BGH and BFH", got)
	}
}

// Any spelling of an entry with a country named before it, after it with
// "of", a comma, a dash or in brackets: an entry of another country than
// the one named is never its value nor a reading.
func TestPropertyForeignCountry(t *testing.T) {
	codes := country.Codes()
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		few := rapid.SliceOfN(rapid.SampledFrom(codes), 1, 2).Draw(t, "countries")
		for i := range entries {
			entries[i].Country = rapid.SampledFrom(few).Draw(t, "country")
		}
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		sp := rapid.SampledFrom(slices.Concat(e.Names, e.English)).Draw(t, "spelling")
		if rapid.Bool().Draw(t, "misspelt") {
			sp += "x"
		}
		code := rapid.SampledFrom(codes).Draw(t, "named country")
		if slices.Contains(few, code) {
			return
		}
		name := country.Name(code)
		if o := country.Read(name, country.Options{}); func() bool { c, ok := o.Value(); return !ok || c != code }() {
			return // a name the country kind does not read back
		}
		form := rapid.SampledFrom([]string{"%s of %c", "%c %s", "%s, %c", "%s – %c", "%s (%c)", "%s - %c"}).Draw(t, "form")
		s := strings.NewReplacer("%s", sp, "%c", name).Replace(form)
		o := v.Read(s)
		got, _ := o.MarshalJSON()
		for _, id := range readingsOf(o) {
			x, _ := v.Entry(id)
			if c, _ := country.Read(x.Country, country.Options{}).Value(); c != code {
				t.Fatalf("%q names %s, and gives or offers %s, of %s: %s", s, code, id, c, got)
			}
		}
	})
}

// A word of an entry's name led by an inverting prefix (un-, non-, ne- …,
// internal/spelling) is never read as that entry nor offered it, when the
// entry's names do not hold the inverted word itself.
func TestPropertyInvertedWord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		words := strings.Fields(e.Names[0])
		j := rapid.IntRange(0, len(words)-1).Draw(t, "word")
		if len([]rune(words[j])) < 4 {
			return
		}
		words[j] = rapid.SampledFrom(spelling.InvertingPrefixes()).Draw(t, "prefix") + strings.ToLower(words[j])
		s := strings.Join(words, " ")
		for _, x := range entries {
			for _, n := range slices.Concat(x.Names, x.English) {
				if slices.Contains(strings.Fields(key(n)), key(words[j])) {
					return // the inverted word is a word of an entry's
				}
			}
		}
		if slices.Contains(readingsOf(v.Read(s)), e.ID) {
			got, _ := v.Read(s).MarshalJSON()
			t.Fatalf("%q inverts a word of %s's name and gives or offers it: %s", s, e.ID, got)
		}
	})
}

// Words drawn from an entry's spellings, in any order: when the ask that
// names no entry offers one reading, every word of three letters or more
// (not an article) is a word of that entry's spellings or forms; and it is
// never a value unless the oracle finds one.
func TestPropertyCovering(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		var words []string
		for _, sp := range slices.Concat(names(e), e.English, e.Abbreviations) {
			words = append(words, strings.Fields(sp)...)
		}
		for _, x := range entries {
			words = append(words, strings.Fields(x.Names[0])...)
		}
		drawn := rapid.SliceOfN(rapid.SampledFrom(words), 2, 4).Draw(t, "words")
		s := strings.Join(drawn, " ")
		want, value := oracleRead(entries, s)
		o := v.Read(s)
		if id, ok := o.Value(); ok {
			if !value || id != want[0] {
				t.Fatalf("%q: value %s, oracle %v", s, id, want)
			}
			return
		}
		ids := readingsOf(o)
		if len(ids) != 1 || len(want) > 0 {
			return
		}
		x, _ := v.Entry(ids[0])
		var have []string
		for _, sp := range slices.Concat([]string{x.ID}, names(x), x.English, x.Abbreviations, entryForms(x)) {
			have = append(have, strings.Fields(key(sp))...)
		}
		covered := true
		for w := range strings.FieldsSeq(key(s)) {
			if len([]rune(w)) >= 3 && !isArticle(w) && !slices.Contains(have, w) {
				covered = false
			}
		}
		// One reading that does not carry every word may only be the
		// nearest entry alone (scored), never a narrowing.
		var buf [MaxNear]int32
		if !covered && len(v.near.find(key(s), buf[:0])) > 1 {
			t.Fatalf("%q offers %s alone, whose spellings lack a word of it", s, ids[0])
		}
	})
}
