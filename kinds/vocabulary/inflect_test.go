package vocabulary

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// inflectedNames are names of institutions in Czech, Slovak and German
// (none of them in the test's or the demonstration's courts), each with
// forms written by hand from the grammar, not from internal/inflect: every one
// must read as its entry. The class is the names' declension (adjective
// endings hard and soft, the noun's gender and declension, what follows
// the noun kept), not these names.
var inflectedNames = []struct {
	name, lang string
	forms      []string
}{
	{"Vrchní soud v Olomouci", "cs", []string{"Vrchního soudu v Olomouci", "Vrchnímu soudu v Olomouci", "Vrchním soudu v Olomouci", "Vrchním soudem v Olomouci"}},
	{"Městský soud v Praze", "cs", []string{"Městského soudu v Praze", "Městským soudem v Praze", "MESTSKEMU SOUDU V PRAZE"}},
	{"Okresní soud v Ostravě", "cs", []string{"Okresního soudu v Ostravě", "Okresním soudem v Ostravě"}},
	{"Obvodní soud pro Prahu 1", "cs", []string{"Obvodního soudu pro Prahu 1", "Obvodnímu soudu pro Prahu 1"}},
	{"Nejvyšší kontrolní úřad", "cs", []string{"Nejvyššího kontrolního úřadu", "Nejvyšším kontrolním úřadem", "Nejvyšším kontrolním úřadě"}},
	{"Česká národní banka", "cs", []string{"České národní banky", "České národní bance", "Českou národní banku", "Českou národní bankou"}},
	{"Krajská hygienická stanice", "cs", []string{"Krajské hygienické stanice", "Krajské hygienické stanici", "Krajskou hygienickou stanicí"}},
	{"Nejvyšší státní zastupitelství", "cs", []string{"Nejvyššího státního zastupitelství", "Nejvyššímu státnímu zastupitelství", "Nejvyšším státním zastupitelstvím"}},
	{"Ministerstvo spravedlnosti", "cs", []string{"Ministerstva spravedlnosti", "Ministerstvu spravedlnosti", "Ministerstvem spravedlnosti"}},
	{"Soudní dvůr Evropské unie", "cs", []string{"Soudního dvora Evropské unie", "Soudním dvorem Evropské unie", "Soudnímu dvoru Evropské unie"}},
	{"Úřad pro ochranu osobních údajů", "cs", []string{"Úřadu pro ochranu osobních údajů", "Úřadem pro ochranu osobních údajů"}},
	{"Státní zemědělská a potravinářská inspekce", "cs", []string{"Státní zemědělské a potravinářské inspekce", "Státní zemědělskou a potravinářskou inspekcí"}},
	{"Finanční arbitr", "cs", []string{"Finančního arbitra", "Finančnímu arbitrovi", "Finančním arbitrem"}},
	{"Veřejný ochránce práv", "cs", []string{"Veřejného ochránce práv", "Veřejnému ochránci práv", "Veřejným ochráncem práv"}},
	{"Najvyšší súd Slovenskej republiky", "sk", []string{"Najvyššieho súdu Slovenskej republiky", "Najvyššiemu súdu Slovenskej republiky", "Najvyššom súde Slovenskej republiky", "Najvyšším súdom Slovenskej republiky"}},
	{"Ústavný súd Slovenskej republiky", "sk", []string{"Ústavného súdu Slovenskej republiky", "Ústavnému súdu Slovenskej republiky", "Ústavným súdom Slovenskej republiky"}},
	{"Krajský súd v Košiciach", "sk", []string{"Krajského súdu v Košiciach", "Krajským súdom v Košiciach", "Krajskom súde v Košiciach"}},
	{"Špecializovaný trestný súd", "sk", []string{"Špecializovaného trestného súdu", "Špecializovaným trestným súdom"}},
	{"Najvyšší správny súd Slovenskej republiky", "sk", []string{"Najvyššieho správneho súdu Slovenskej republiky", "Najvyšším správnym súdom Slovenskej republiky"}},
	{"Národná banka Slovenska", "sk", []string{"Národnej banky Slovenska", "Národnú banku Slovenska", "Národnou bankou Slovenska"}},
	{"Generálna prokuratúra Slovenskej republiky", "sk", []string{"Generálnej prokuratúry Slovenskej republiky", "Generálnou prokuratúrou Slovenskej republiky"}},
	{"Európska komisia", "sk", []string{"Európskej komisie", "Európsku komisiu", "Európskou komisiou"}},
	{"Ministerstvo spravodlivosti", "sk", []string{"Ministerstva spravodlivosti", "Ministerstvom spravodlivosti"}},
	{"Oberster Gerichtshof", "de", []string{"des Obersten Gerichtshofes", "dem Obersten Gerichtshof", "Obersten Gerichtshofs", "der Oberste Gerichtshof"}},
	{"Bundesverfassungsgericht", "de", []string{"des Bundesverfassungsgerichts", "Bundesverfassungsgerichtes"}},
	{"Oberlandesgericht Wien", "de", []string{"des Oberlandesgerichts Wien", "Oberlandesgerichtes Wien"}},
	{"Bayerisches Oberstes Landesgericht", "de", []string{"des Bayerischen Obersten Landesgerichts", "dem Bayerischen Obersten Landesgericht"}},
	{"Europäischer Gerichtshof", "de", []string{"des Europäischen Gerichtshofs", "den Europäischen Gerichtshof"}},
	{"Oberste Behörde", "de", []string{"der Obersten Behörde"}},
}

// Every form written by hand reads as its entry, with the note name, in a
// vocabulary of every name above: no form of one is a form of another.
// With no language declared, no form reads.
func TestInflectedNames(t *testing.T) {
	var entries, bare []Entry
	for i, n := range inflectedNames {
		e := Entry{ID: "E" + strconv.Itoa(i), Names: []string{n.name}, Language: n.lang}
		entries = append(entries, e)
		e.Language = ""
		bare = append(bare, e)
	}
	v, err := New(Options{Entries: entries})
	if err != nil {
		t.Fatal(err)
	}
	without, err := New(Options{Entries: bare})
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range inflectedNames {
		for _, f := range n.forms {
			o := v.Read(f)
			got, _ := o.MarshalJSON()
			if id, ok := o.Value(); !ok || id != "E"+strconv.Itoa(i) || o.Notes()[o.NoteCount()-1].Code != agentinput.NoteName {
				t.Errorf("%q (%s, of %q): got %s", f, n.lang, n.name, got)
			}
			if strings.Fields(f)[0] == "des" || strings.Fields(f)[0] == "dem" || strings.Fields(f)[0] == "den" || strings.Fields(f)[0] == "der" {
				continue // an article is read without a language too, and the rest asks
			}
			if _, ok := without.Read(f).Value(); ok {
				t.Errorf("%q reads with no language declared", f)
			}
		}
	}
}

// inflectionPool is what the names of TestPropertyInflected are made of:
// adjectives and nouns of each declension, so that forms of two names
// often fold alike (the masculine animate genitive "souda" is the neuter
// genitive of "soudo"), a name that is another's form ("Krajského
// soudu"), and a place after the noun.
var inflectionPool = map[string]struct{ adjectives, nouns, rests []string }{
	"cs": {
		[]string{"Krajský", "Krajská", "Krajské", "Nejvyšší", "Ústavní", "Městský", "Státní", "Krajskej", "Krajského"},
		[]string{"soud", "soudo", "rada", "banka", "stanice", "zastupitelství", "ministerstvo", "soudce", "dvůr", "úřad", "soudu"},
		[]string{"", "v Praze", "v Brně", "Evropské unie"},
	},
	"sk": {
		[]string{"Krajský", "Krajská", "Najvyšší", "Najvyššia", "Ústavný", "Správny", "Krajske"},
		[]string{"súd", "soud", "banka", "komisia", "prokuratúra", "ministerstvo", "združenie", "úrad"},
		[]string{"", "v Prahe", "v Brne", "Slovenskej republiky"},
	},
	"de": {
		[]string{"Oberster", "Oberstes", "Oberste", "Krajský"},
		[]string{"Gerichtshof", "Gericht", "Verwaltungsgericht", "Behörde", "Kreisgericht"},
		[]string{"", "Brünn", "Prag"},
	},
}

// drawInflected draws a vocabulary whose entries are named in Czech,
// Slovak and German from inflectionPool, with or without a language, and
// sometimes with a name in a second language: one in which forms of two
// entries, and forms and declared names, often fold alike.
func drawInflected(t *rapid.T) []Entry {
	langs := []string{"cs", "sk", "de"}
	name := func(lang string) string {
		p := inflectionPool[lang]
		words := rapid.SliceOfN(rapid.SampledFrom(p.adjectives), 0, 2).Draw(t, "adjectives")
		words = append(words, rapid.SampledFrom(p.nouns).Draw(t, "noun"))
		if r := rapid.SampledFrom(p.rests).Draw(t, "rest"); r != "" {
			words = append(words, r)
		}
		return strings.Join(words, " ")
	}
	n := rapid.IntRange(1, 5).Draw(t, "entries")
	entries := make([]Entry, n)
	for i := range entries {
		lang := rapid.SampledFrom(langs).Draw(t, "language")
		e := Entry{ID: "Q" + strconv.Itoa(i), Names: []string{name(lang)}}
		if rapid.IntRange(0, 3).Draw(t, "declared") > 0 {
			e.Language = lang
		}
		if other := rapid.SampledFrom(langs).Draw(t, "other language"); other != lang && e.Language != "" && rapid.Bool().Draw(t, "second name") {
			e.NamesByLanguage = map[string][]string{other: {name(other)}}
		}
		entries[i] = e
	}
	// Often, one entry's name is another's with the noun of another
	// gender whose forms fold like its own ("Nejvyšší soud", "Nejvyšší
	// soudo": "Nejvyšším soudem" is either's).
	if n > 1 && rapid.Bool().Draw(t, "a twin") {
		twin := strings.NewReplacer(" soudo", " soud", " soud", " soudo", "soudo ", "soud ", "soud ", "soudo ")
		if w := twin.Replace(" " + entries[0].Names[0] + " "); w != " "+entries[0].Names[0]+" " {
			entries[1] = Entry{ID: entries[1].ID, Names: []string{strings.TrimSpace(w)}, Language: entries[0].Language}
		}
	}
	// Often, one entry's name is another's form, as declared.
	if fs := entryForms(entries[0]); n > 1 && len(fs) > 0 && rapid.Bool().Draw(t, "a form declared") {
		entries[n-1].Names = append(entries[n-1].Names, rapid.SampledFrom(fs).Draw(t, "declared form"))
	}
	return entries
}

// Every inflected form of every name (as internal/inflect generates it, in any
// member of its spelling class), and any spelling made of the pool's
// words: a value only when the brute-force oracle finds exactly one entry
// (a declared spelling first, then the forms), an ask naming each entry
// when several share it. No form two entries share ever yields a value,
// nor a form that another entry's declared name folds like yields the
// form's entry.
func TestPropertyInflected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries := drawInflected(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			if strings.Contains(err.Error(), "folds like") {
				return // two names alike: New's to reject (TestNewErrors)
			}
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		var s string
		if fs := entryForms(e); len(fs) > 0 && rapid.IntRange(0, 3).Draw(t, "a form") > 0 {
			s = render(t, rapid.SampledFrom(fs).Draw(t, "form"), false)
		} else {
			s = render(t, rapid.SampledFrom(names(e)).Draw(t, "name"), false)
		}
		want, value := oracleRead(entries, s)
		checkAgainstOracle(t, v, s, want, value)
		if o := v.Read(s); o.Status() == agentinput.StatusValue {
			id, _ := o.Value()
			var sharing []string
			for _, x := range entries {
				if slices.Contains(entryForms(x), key(s)) {
					sharing = append(sharing, x.ID)
				}
			}
			if len(exactDeclared(entries, s)) == 0 && len(sharing) > 1 {
				t.Fatalf("%q is a form of %v and reads as %s", s, sharing, id)
			}
		}
	})
}

// exactDeclared are the entries a declared spelling of which folds like
// s (exactMatches without the forms).
func exactDeclared(entries []Entry, s string) []string {
	var out []string
	for _, e := range entries {
		for _, sp := range slices.Concat([]string{e.ID}, names(e), e.English, e.Abbreviations) {
			if key(sp) == key(s) {
				out = append(out, e.ID)
				break
			}
		}
	}
	return out
}

// A form of one entry that another entry declares as a name is read as
// the declared name; a form two entries share asks naming both.
func TestFormsYield(t *testing.T) {
	v, err := New(Options{Entries: []Entry{
		{ID: "M", Names: []string{"Ústavní soud"}, Language: "cs"},
		{ID: "N", Names: []string{"Ústavní soudo"}, Language: "cs"},
		{ID: "D", Names: []string{"Krajského soudu"}},
		{ID: "K", Names: []string{"Krajský soud"}, Language: "cs"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    string
		want []string
	}{
		{"Ústavního souda", []string{"M", "N"}}, // animate genitive of soud, genitive of soudo
		{"Ústavním soudem", []string{"M", "N"}},
		{"Ústavnímu soudu", []string{"M", "N"}},
		{"Ústavního soudu", []string{"M"}},
		{"Krajského soudu", []string{"D"}}, // declared
		{"Krajským soudem", []string{"K"}},
	} {
		o := v.Read(c.s)
		got, _ := o.MarshalJSON()
		if len(c.want) == 1 {
			if id, ok := o.Value(); !ok || id != c.want[0] {
				t.Errorf("%q: got %s, want %s", c.s, got, c.want[0])
			}
			continue
		}
		a, ok := o.Ask()
		var ids []string
		for _, r := range a.Readings {
			var id string
			_ = json.Unmarshal(r.Value, &id)
			ids = append(ids, id)
		}
		if !ok || a.Code != agentinput.AskAmbiguous || !slices.Equal(ids, c.want) {
			t.Errorf("%q: got %s, want an ask naming %v", c.s, got, c.want)
		}
	}
}
