package vocabulary

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func courts(t testing.TB) *Reader {
	t.Helper()
	f, err := os.Open("testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestCases(t *testing.T) {
	v := courts(t)
	casefile.Load(t, "testdata/cases.txt").Check(t, nil, func(r *casefile.Row) []string {
		o := v.Read(r.Input)
		if a, ok := o.Ask(); ok {
			checkAsk(t, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		return oracle.Columns(o, func(id string) string { return string(quote(id)) })
	})
}

// checkAsk checks what every ask carries: received cut to 80 characters,
// an expected text, a hint, readings that read back as themselves.
func checkAsk(t *testing.T, input any, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if a.Expected == "" || a.Hint == "" {
		fail("ask without expected or hint")
	}
	var received any
	if err := json.Unmarshal(a.Received, &received); err != nil {
		fail("received is not JSON")
	}
	if s, ok := received.(string); ok && utf8.RuneCountInString(s) > agentinput.MaxReceivedChars+1 {
		fail("received is not cut")
	}
	if (a.Code == agentinput.AskAmbiguous) != (len(a.Readings) > 0) {
		fail("an ambiguous ask has readings, and only it")
	}
}

// Every reading of every ask reads back as itself, with no note.
func TestReadingsReadBack(t *testing.T) {
	v := courts(t)
	for _, c := range casefile.Load(t, "testdata/cases.txt").Rows() {
		a, ok := v.Read(c.Input).Ask()
		if !ok {
			continue
		}
		for _, r := range a.Readings {
			var id string
			if err := json.Unmarshal(r.Value, &id); err != nil {
				t.Fatalf("reading %s is not a JSON string", r.Value)
			}
			o := v.Read(id)
			if got, ok := o.Value(); !ok || got != id || o.NoteCount() != 0 {
				t.Errorf("reading %s of %s does not read back canonically", r.Value, c.Pos())
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	e := func(id string, names ...string) Entry { return Entry{ID: id, Names: names} }
	tests := []struct {
		name    string
		entries []Entry
		want    string // in the error
	}{
		{"none", nil, "no entries"},
		{"same id", []Entry{e("A", "Alpha"), e("A", "Beta")}, `entries 1 and 2 have the same id "A"`},
		{"ids fold alike", []Entry{e("KS-PRAHA", "Alpha"), e("ks praha", "Beta")}, `the id "ks praha" of entry "ks praha" folds like the id "KS-PRAHA" of entry "KS-PRAHA"`},
		{"ids fold alike without spaces", []Entry{e("A-B", "Alpha"), e("AB", "Beta")}, `folds like the id "A-B"`},
		{"names fold alike", []Entry{e("A", "Nejvyšší soud"), e("B", "nejvyssi  SOUD")}, `the name "nejvyssi  SOUD" of entry "B" folds like the name "Nejvyšší soud" of entry "A"`},
		{"abbreviation like another id", []Entry{e("NS", "Nejvyšší soud"), {ID: "X", Names: []string{"Other"}, Abbreviations: []string{"N.S."}}}, `the abbreviation "N.S." of entry "X" folds like the id "NS" of entry "NS"`},
		{"english like another id", []Entry{e("US", "Ústavní soud"), {ID: "USA", Names: []string{"Spojené státy"}, English: []string{"us"}}}, `folds like the id "US"`},
		{"no name", []Entry{{ID: "A"}}, `entry "A" has no name`},
		{"empty id", []Entry{e("", "Alpha")}, "id \"\" is empty"},
		{"id with spaces", []Entry{e(" A", "Alpha")}, "surrounding whitespace"},
		{"empty name", []Entry{e("A", "")}, "is empty"},
		{"no letter", []Entry{e("A", "!!")}, "has no letter or digit"},
		{"control", []Entry{e("A", "Al\x00pha")}, "control or invisible"},
		{"invalid utf-8", []Entry{e("A", "Al\xffpha")}, "not valid UTF-8"},
		{"language a name", []Entry{{ID: "A", Names: []string{"Alpha"}, Language: "Czech"}}, `entry "A": language "Czech" is not a language code`},
		{"language a country code", []Entry{{ID: "A", Names: []string{"Alpha"}, Language: "cz"}}, `language "cz" is not a language code`},
		{"names_by_language a name", []Entry{{ID: "A", Names: []string{"Alpha"}, NamesByLanguage: map[string][]string{"German": {"Alpha"}}}}, `names_by_language: "German" is not a language code`},
		{"names_by_language English", []Entry{{ID: "A", Names: []string{"Alpha"}, NamesByLanguage: map[string][]string{"en": {"Alpha court"}}}}, `"en" is English: put English names in english`},
		{"names_by_language the own", []Entry{{ID: "A", Names: []string{"Alpha"}, Language: "cs", NamesByLanguage: map[string][]string{"cs-CZ": {"Alfa"}}}}, `"cs-CZ" is the entry's language`},
		{"names_by_language empty", []Entry{{ID: "A", Names: []string{"Alpha"}, NamesByLanguage: map[string][]string{"de": {}}}}, `"de" has no name`},
		{"a name in two languages like another's", []Entry{{ID: "A", Names: []string{"Alpha"}, NamesByLanguage: map[string][]string{"de": {"Beta"}}}, e("B", "beta")}, `folds like the name "Beta" of entry "A"`},
	}
	for _, tt := range tests {
		_, err := New(Options{Entries: tt.entries})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	// Allowed: an abbreviation or an English name two entries share, and
	// the same spelling twice in one entry.
	v, err := New(Options{Entries: []Entry{
		{ID: "A", Names: []string{"Alpha court", "alpha court"}, Abbreviations: []string{"AC"}, English: []string{"First court"}},
		{ID: "B", Names: []string{"Beta court"}, Abbreviations: []string{"A.C."}, English: []string{"first court"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"AC", "a c", "First Court"} {
		a, ok := v.Read(s).Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 2 {
			t.Errorf("%q: want an ask naming A and B, got %+v", s, a)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tt := range []struct{ json, want string }{
		{`[{"id": "A", "names": ["Alpha"], "abbreviation": ["X"]}]`, "unknown field"},
		{`{"id": "A"}`, "reading the entries"},
		{`[{"id": "A", "names": ["Alpha"]}] []`, "data after the array"},
		{`[]`, "no entries"},
		{`[{"id": "A", "names": ["Alpha"], "names_by_language": ["Alfa"]}]`, "reading the entries"},
	} {
		_, err := Load(strings.NewReader(tt.json))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.json, err, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	v := courts(t)
	if id, err := v.Parse("KS-PRAHA"); err != nil || id != "KS-PRAHA" {
		t.Errorf("Parse(KS-PRAHA) = %q, %v", id, err)
	}
	for _, s := range []string{"ks-praha", "Nejvyšší soud", " NS", ""} {
		if _, err := v.Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted a non-canonical spelling", s)
		}
	}
	if got := string(v.Example()); got != `"NS"` {
		t.Errorf("Example = %s", got)
	}
	if !strings.Contains(v.Expected(), `for example "NS"`) || !strings.Contains(v.Expected(), `"KS-BRNO"`) {
		t.Errorf("Expected = %q", v.Expected())
	}
	if e, ok := v.Entry("US"); !ok || e.Names[0] != "Ústavní soud" {
		t.Errorf("Entry(US) = %+v", e)
	}
	if v.Len() != 5 || !slices.Equal(v.IDs(), []string{"NS", "NSS", "US", "KS-PRAHA", "KS-BRNO"}) {
		t.Errorf("IDs = %v", v.IDs())
	}
}

// Bad input is an ask, never a panic, and never echoed beyond 80
// characters.
func TestBadInput(t *testing.T) {
	v := courts(t)
	for _, s := range []string{
		strings.Repeat("N", 1<<20), strings.Repeat("soud ", 300), "\xff\xfe", "NS\x00", "\u202eNS", "N\u200dS",
		"NS\u0007", strings.Repeat("é", 600), strings.Repeat("a b ", 200),
	} {
		o := v.Read(s)
		a, ok := o.Ask()
		if !ok {
			t.Errorf("%.20q: not an ask", s)
			continue
		}
		if utf8.RuneCount(a.Received) > agentinput.MaxReceivedChars+3 {
			t.Errorf("%.20q: received %d characters", s, utf8.RuneCount(a.Received))
		}
	}
	if a, _ := v.Read(strings.Repeat("N", 1<<20)).Ask(); a.Code != agentinput.AskTooLarge {
		t.Errorf("1 MiB: code %s, want too_large", a.Code)
	}
}

// Reading is safe from many goroutines and pure.
func TestConcurrent(t *testing.T) {
	v := courts(t)
	inputs := []any{"NS", "nejvyssi soud", "Nejvyšší", "xyz", "N.S.", "Supreme Court", nil}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		b, _ := v.Read(in).MarshalJSON()
		want[i] = string(b)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				for i, in := range inputs {
					if b, _ := v.Read(in).MarshalJSON(); string(b) != want[i] {
						t.Errorf("%v: %s, want %s", in, b, want[i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// An entry's own name that begins with an article reads as that entry:
// exact matches come before the article rule.
func TestArticleOwnName(t *testing.T) {
	v, err := New(Options{Entries: []Entry{
		{ID: "LA", Names: []string{"La Scala"}},
		{ID: "SC", Names: []string{"Scala"}},
		{ID: "TT", Names: []string{"The Times"}},
		{ID: "TI", Names: []string{"Times"}},
		{ID: "DE", Names: []string{"Delta"}, Abbreviations: []string{"DE"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want, note string }{
		{"La Scala", "LA", "name"},
		{"la  scala", "LA", "name"},
		{"the La Scala", "LA", "name"},
		{"Scala", "SC", ""},
		{"il Scala", "SC", "name"},
		{"the times", "TT", "name"},
		{"die Times", "TI", "name"},
		{"de", "DE", "folded"},
		{"de delta", "DE", "name"},
	} {
		o := v.Read(c.in)
		got, ok := o.Value()
		if !ok || got != c.want {
			b, _ := o.MarshalJSON()
			t.Errorf("%q: want %s, got %s", c.in, c.want, b)
			continue
		}
		if c.note != "" && (o.NoteCount() != 1 || string(o.Notes()[0].Code) != c.note) {
			t.Errorf("%q: want the note %s, got %v", c.in, c.note, o.Notes())
		}
	}
}

// Every entry whose id or abbreviation begins a spelling (two letters or
// more) is a near reading, the longest first, at most MaxNear.
func TestNearPrefixes(t *testing.T) {
	v, err := New(Options{Entries: []Entry{
		{ID: "Q", Names: []string{"Quebec"}},
		{ID: "AB", Names: []string{"Alpha"}},
		{ID: "ABC", Names: []string{"Bravo"}},
		{ID: "ABCD", Names: []string{"Charlie"}},
		{ID: "X", Names: []string{"Xray"}, Abbreviations: []string{"ABCDE"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"ABCDEF", []string{`"X"`, `"ABCD"`, `"ABC"`}},
		{"a.b.c.d.x", []string{`"ABCD"`, `"ABC"`, `"AB"`}},
		{"abz", []string{`"AB"`}},
		{"qrs", nil},
	} {
		o := v.Read(c.in)
		a, ok := o.Ask()
		if !ok {
			t.Errorf("%q: want an ask", c.in)
			continue
		}
		var got []string
		for _, r := range a.Readings {
			got = append(got, string(r.Value))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: readings %v, want %v", c.in, got, c.want)
		}
	}
}

// The language fields load, read and come back from Entry as declared, a
// copy the caller may change.
func TestLoadLanguages(t *testing.T) {
	v, err := Load(strings.NewReader(`[{"id": "NS", "names": ["Nejvyšší soud"], "language": "cs",
		"names_by_language": {"de": ["Oberster Gerichtshof"], "sk": ["Najvyšší súd"]}}]`))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := v.Entry("NS")
	if e.Language != "cs" || len(e.NamesByLanguage) != 2 || e.NamesByLanguage["de"][0] != "Oberster Gerichtshof" {
		t.Fatalf("entry %+v", e)
	}
	e.NamesByLanguage["de"][0] = "changed"
	if again, _ := v.Entry("NS"); again.NamesByLanguage["de"][0] != "Oberster Gerichtshof" {
		t.Fatal("Entry shares its names with the reader")
	}
	for _, s := range []string{"Oberster Gerichtshof", "Najvyšší súd", "Najvyššieho súdu", "Nejvyšším soudem", "des Obersten Gerichtshofs"} {
		if id, ok := v.Read(s).Value(); !ok || id != "NS" {
			t.Errorf("%q does not read as NS", s)
		}
	}
}
