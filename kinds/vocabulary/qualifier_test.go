package vocabulary

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// supremeCourts is a vocabulary of two countries' supreme courts, which
// share their English name, beside entries bound to no country.
func supremeCourts(t testing.TB) *Reader {
	t.Helper()
	v, err := New(Options{Entries: []Entry{
		{ID: "NS", Names: []string{"Nejvyšší soud"}, Abbreviations: []string{"NS", "NSČR"}, English: []string{"Supreme Court"}, Country: "CZ"},
		{ID: "NSSR", Names: []string{"Najvyšší súd"}, Abbreviations: []string{"NS SR"}, English: []string{"Supreme Court"}, Country: "SK"},
		{ID: "US", Names: []string{"Ústavní soud"}, English: []string{"Constitutional Court"}},
		{ID: "SDEU", Names: []string{"Soudní dvůr Evropské unie"}, English: []string{"Court of Justice"}},
		{ID: "BGH", Names: []string{"Bundesgerichtshof"}, Country: "Germany"},
		{ID: "OSP", Names: []string{"Okresní soud Praha"}, Country: "CZ"},
		{ID: "OSP2", Names: []string{"Okresní soud Praha 2"}, Country: "CZ"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The qualifier classes, by what each must give.
func TestQualifier(t *testing.T) {
	v := supremeCourts(t)
	for _, c := range []struct {
		in   string
		want string   // a value's id, or "ask CODE"
		also []string // a value's note (country_qualifier when nil), or an ask's readings
	}{
		// A spelling of the entry, then its country after a space, a
		// comma or inside parentheses: the entry, with the note.
		{"Nejvyšší soud ČR", "NS", nil},
		{"Nejvyšší soud, CZ", "NS", nil},
		{"Nejvyšší soud (CZ)", "NS", nil},
		{"nejvyssi soud ( Česko )", "NS", nil},
		{"Nejvyšší soud Česká republika", "NS", nil},
		{"Supreme Court (Czech Republic)", "NS", nil},
		{"Supreme Court, Czechia", "NS", nil},
		{"NS CZ", "NS", nil},
		{"ns, cz", "NS", nil},
		{"N.S.Č.R. (ČR)", "NS", nil},
		{"Bundesgerichtshof DE", "BGH", nil},
		{"Bundesgerichtshof Myanmar (Burma)", "ask invalid", nil},
		{"Bundesgerichtshof (Deutschland)", "BGH", nil},
		// The qualifier tells two entries of one English name apart.
		{"Supreme Court (Slovakia)", "NSSR", nil},
		{"Supreme Court SK", "NSSR", nil},
		{"Supreme Court", "ask ambiguous", []string{"NS", "NSSR"}},
		// A qualifier the country kind asks about: an ask naming the
		// entries of the countries it may mean.
		{"Supreme Court Czechoslovakia", "ask ambiguous", []string{"NS", "NSSR"}},
		{"Nejvyšší soud CSK", "ask ambiguous", []string{"NS"}},
		// Another country's qualifier: never the entry, an ask invalid
		// without readings ("CR" is Costa Rica's code).
		{"Nejvyšší soud SK", "ask invalid", nil},
		{"Nejvyšší soud (Germany)", "ask invalid", nil},
		{"Nejvyšší soud CR", "ask invalid", nil},
		{"Bundesgerichtshof, AT", "ask invalid", nil},
		// An entry without a country never takes a qualifier: the miss
		// it always was.
		{"Ústavní soud ČR", "ask ambiguous", []string{"US"}},
		{"Court of Justice (Czechia)", "ask ambiguous", nil},
		// The name of one entry that is the beginning of another's, or
		// an entry's own name ending in a country's spelling, is read as
		// the name: "Praha 2" is no country.
		{"Okresní soud Praha", "OSP", []string{"name"}},
		{"Okresní soud Praha 2", "OSP2", []string{"name"}},
		{"Okresní soud Praha CZ", "OSP", nil},
		// Not a qualifier: a parenthesis unclosed or never opened, a
		// word that is not a country.
		{"Nejvyšší soud (ČR", "ask ambiguous", nil},
		{"Nejvyšší soud ČR)", "ask ambiguous", nil},
		{"Nejvyšší soud Brno", "ask ambiguous", nil},
		{"Okresní soud Praha 203", "ask ambiguous", nil},
		// A negated spelling with its country: never the entry.
		{"-Nejvyšší soud ČR", "ask invalid", nil},
		{"not Nejvyšší soud ČR", "ask invalid", nil},
		{"kromě NS CZ", "ask invalid", nil},
	} {
		o := v.Read(c.in)
		b, _ := o.MarshalJSON()
		if id, ok := o.Value(); ok {
			note := agentinput.NoteCountryQualifier
			if c.also != nil {
				note = agentinput.NoteCode(c.also[0])
			}
			if id != c.want {
				t.Errorf("%q: %s, want %s", c.in, b, c.want)
			} else if n := o.Notes(); len(n) != 1 || n[0].Code != note {
				t.Errorf("%q: notes %v, want one %s", c.in, n, note)
			}
			continue
		}
		a, _ := o.Ask()
		if "ask "+string(a.Code) != c.want {
			t.Errorf("%q: %s, want %s", c.in, b, c.want)
			continue
		}
		if c.also != nil {
			var ids []string
			for _, r := range a.Readings {
				var id string
				_ = json.Unmarshal(r.Value, &id)
				ids = append(ids, id)
			}
			if !slices.Equal(ids, c.also) {
				t.Errorf("%q: readings %v, want %v", c.in, ids, c.also)
			}
		}
	}
	o := v.Read("Nejvyšší soud ČR")
	if n := o.Notes(); len(n) != 1 || !strings.Contains(n[0].Message, `a name of Nejvyšší soud, then "ČR", its country CZ, Czechia`) {
		t.Errorf("the note: %v", n)
	}
	if a, _ := v.Read("Nejvyšší soud SK").Ask(); !strings.Contains(a.Reason, `"Nejvyšší soud" names Nejvyšší soud, of Czechia (CZ), and "SK" names another country, Slovakia (SK)`) {
		t.Errorf("the reason: %s", a.Reason)
	}
}

// A country that is not one country as the country kind reads it is an
// error of the data, naming the entry.
func TestCountryErrors(t *testing.T) {
	for _, c := range []struct{ country, want string }{
		{"XX", `entry "A": country "XX" is not one country`},
		{"Congo", `(it may mean "CD" or "CG")`},
		{"de", `entry "A": country "de"`},
		{"Czechoslovakia", `it may mean "CZ" or "SK"`},
	} {
		_, err := New(Options{Entries: []Entry{{ID: "A", Names: []string{"Alpha"}, Country: c.country}}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("country %q: error %v, want %q", c.country, err, c.want)
		}
	}
	v, err := Load(strings.NewReader(`[{"id": "A", "names": ["Alpha"], "country": "cz"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := v.Entry("A"); e.Country != "cz" {
		t.Errorf("Entry keeps the country as declared: %+v", e)
	}
	if id, ok := v.Read("Alpha CZ").Value(); !ok || id != "A" {
		t.Errorf("Alpha CZ: %v", v.Read("Alpha CZ"))
	}
}

// spellCountry draws a spelling of the country code: its alpha-2 or
// alpha-3 code or its English name, in capitals, in lower case or as
// written.
func spellCountry(t *rapid.T, code string) string {
	a3, _ := country.Alpha3Of(code)
	s := rapid.SampledFrom([]string{code, a3, country.Name(code)}).Draw(t, "country spelling")
	switch rapid.IntRange(0, 2).Draw(t, "country case") {
	case 1:
		s = strings.ToLower(s)
	case 2:
		s = strings.ToUpper(s)
	}
	return s
}

// qualify draws a member of the qualifier class: the spelling sp, then
// the country's spelling q after a space, a comma or inside parentheses.
func qualify(t *rapid.T, sp, q string) string {
	f := rapid.SampledFrom([]string{"%s %s", "%s  %s", "%s, %s", "%s,%s", "%s (%s)", "%s( %s )", "%s, (%s)", "%s of %s", "%s in %s", "@%s %s"}).Draw(t, "qualifier form")
	if strings.HasPrefix(f, "@") {
		if len(strings.Fields(q)) > maxLeadingWords || strings.ContainsAny(q, ",(") ||
			slices.ContainsFunc(oracleArticles, func(a string) bool { return strings.EqualFold(a, q) && q != strings.ToUpper(q) }) {
			f = "%s %s" // too long, or not words alone, to come first; or an article ("as")
		} else {
			return q + " " + sp // the country first
		}
	}
	return fmt.Sprintf(f, sp, q)
}

// The qualifier class, generated from the declared entries: every spelling
// of every entry (in any letter case, with or without diacritics and
// dots), then any spelling of its country in any of the forms (after a
// space, a comma, in brackets, after "of" or "in", or first), reads
// as that entry with the note country_qualifier when no other entry the
// spelling names is of that country or of none; then any spelling of
// another country never reads as it nor offers it. An entry of no country
// never reads with a qualifier, and a qualifier the country kind asks
// about never gives a value.
func TestPropertyQualifier(t *testing.T) {
	codes := country.Codes()
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		// Countries drawn from a few, so that entries share them.
		few := rapid.SliceOfN(rapid.SampledFrom(codes), 1, 3).Draw(t, "countries")
		for i := range entries {
			if rapid.IntRange(0, 3).Draw(t, "bound") > 0 {
				entries[i].Country = rapid.SampledFrom(few).Draw(t, "country")
			}
		}
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		sp, dotted := drawSpelling(t, e)
		sp = strings.TrimSpace(renderBare(t, sp, dotted))
		own := e.Country != "" && rapid.Bool().Draw(t, "own country")
		code := e.Country
		if !own {
			code = rapid.SampledFrom(codes).Draw(t, "other country")
		}
		q := spellCountry(t, code)
		if len(v.lookup(key(q))) > 0 {
			// The qualifier is also a spelling of an entry ("SM", San
			// Marino, and the abbreviation of "soud Mkf"): a part of the
			// spelling, never a country (mentioned, qualify).
			t.Skip("a qualifier that is a spelling of an entry")
		}
		s := qualify(t, sp, q)
		o := v.Read(s)
		got, _ := o.MarshalJSON()
		read := country.Read(q, country.Options{})
		read3, _ := read.Value()

		// The entries the spelling names that may be of the qualifier's
		// country: its own, and those of no country.
		var may []string
		for _, id := range exactMatches(entries, sp) {
			x, _ := v.Entry(id)
			if x.Country == "" || x.Country == read3 {
				may = append(may, id)
			}
		}
		id, isValue := o.Value()
		switch {
		case e.Country == "":
			if isValue && id == e.ID {
				t.Fatalf("%q: an entry of no country read with a qualifier: %s", s, got)
			}
		case read.Status() == agentinput.StatusAsk:
			if isValue {
				t.Fatalf("%q: the country kind asks about %q, and the read gave a value: %s", s, q, got)
			}
		case read3 == e.Country && slices.Equal(may, []string{e.ID}):
			if _, negated := spelling.Negation(s); negated && !isValue {
				// A qualifier before the spelling that is also a word
				// that inverts what follows ("NE", Niger, is the Czech
				// "ne"): an ask, never the entry it may invert.
				return
			}
			if !isValue || id != e.ID || o.Notes()[o.NoteCount()-1].Code != agentinput.NoteCountryQualifier {
				t.Fatalf("%q: want %s with the note country_qualifier, got %s", s, e.ID, got)
			}
		case read3 != e.Country:
			if isValue && id == e.ID {
				t.Fatalf("%q: another country's qualifier read as %s", s, e.ID)
			}
			a, _ := o.Ask()
			for _, r := range a.Readings {
				if string(r.Value) == strconv.Quote(e.ID) {
					t.Fatalf("%q: another country's qualifier offers %s: %s", s, e.ID, got)
				}
			}
		}
		// Whatever the case, the brute-force oracle agrees.
		want, value := oracleRead(entries, s)
		if isValue && (!value || want[0] != id) {
			t.Fatalf("%q: value %s, oracle %v (value %v)", s, id, want, value)
		}
		if value && (!isValue || id != want[0]) {
			t.Fatalf("%q: oracle %v, got %s", s, want, got)
		}
	})
}

// renderBare is render without the surrounding whitespace and quotes.
func renderBare(t *rapid.T, sp string, dotted bool) string {
	s := render(t, sp, dotted)
	s, _ = spelling.Trim(s)
	return s
}
