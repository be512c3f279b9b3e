package filter

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/vocabulary"
)

func courts(t testing.TB) *vocabulary.Reader {
	t.Helper()
	f, err := os.Open("../vocabulary/testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// outcome is what a test looks at in an Outcome of any type.
type outcome interface {
	Status() agentinput.Status
	Notes() []agentinput.Note
	Warnings() []agentinput.Warning
	Ask() (agentinput.Ask, bool)
	MarshalJSON() ([]byte, error)
}

func TestCases(t *testing.T) {
	courtsFilter, err := New(Options[string]{Vocabulary: courts(t)})
	if err != nil {
		t.Fatal(err)
	}
	numbers, err := New(Options[number.Decimal]{Read: func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, number.Options{}) }})
	if err != nil {
		t.Fatal(err)
	}
	var read func(any) outcome
	directive := func(d casefile.Directive) error {
		switch {
		case d.Name != "over" || len(d.Args) == 0:
			return errors.New("unknown directive")
		case d.Args[0] == "vocabulary" && len(d.Args) == 1:
			read = func(v any) outcome { return courtsFilter.Read(v) }
		case d.Args[0] == "vocabulary" && len(d.Args) == 2 && strings.HasPrefix(d.Args[1], "miss="):
			miss, err := ParseMiss(strings.TrimPrefix(d.Args[1], "miss="))
			if err != nil {
				return err
			}
			fl, err := New(Options[string]{Vocabulary: courts(t), Miss: miss})
			if err != nil {
				return err
			}
			read = func(v any) outcome { return fl.Read(v) }
		case d.Args[0] == "number":
			read = func(v any) outcome { return numbers.Read(v) }
		case d.Args[0] == "enum" && len(d.Args) == 2:
			e, err := enum.New(enum.Options{Values: strings.Split(d.Args[1], ",")})
			if err != nil {
				return err
			}
			fl, err := New(Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example()})
			if err != nil {
				return err
			}
			read = func(v any) outcome { return fl.Read(v) }
		default:
			return fmt.Errorf("no filter over %q", d.Args)
		}
		return nil
	}
	tb := casefile.Load(t, "testdata/cases.txt")
	if n := len(tb.Rows()); n < 60 {
		t.Fatalf("only %d cases", n)
	}
	tb.Check(t, directive, func(r *casefile.Row) []string {
		if read == nil {
			t.Fatalf("%s: no @over above the first row", r.Pos())
		}
		return describe(t, r, read(r.Input))
	})
}

// describe renders o in the OUTCOME and DETAIL columns' terms: a value as
// its JSON and its note codes; "absent" (one note placeholder);
// "absent-null" (absent, no note placeholder); "dropped" (absent with one
// warning filter_dropped, whose message holds each word of the written
// DETAIL, or names a sample of the stored values when it is "-"); an ask
// as "ask CODE".
func describe(t *testing.T, r *casefile.Row, o outcome) []string {
	var codes []string
	for _, n := range o.Notes() {
		codes = append(codes, string(n.Code))
	}
	ws := o.Warnings()
	switch {
	case o.Status() == agentinput.StatusValue:
		enc, _ := o.MarshalJSON()
		var fields struct{ Value json.RawMessage }
		if err := json.Unmarshal(enc, &fields); err != nil {
			t.Fatalf("%s: the outcome does not encode: %s", r.Pos(), enc)
		}
		return []string{string(fields.Value), dash(codes)}
	case o.Status() == agentinput.StatusAbsent && len(ws) == 0:
		if slices.Equal(codes, []string{string(agentinput.NotePlaceholder)}) {
			return []string{"absent"}
		}
		return []string{"absent-null", dash(codes)}
	case o.Status() == agentinput.StatusAbsent && len(ws) == 1 && ws[0].Code == agentinput.WarningFilterDropped:
		words := strings.Fields(r.Col(1))
		if slices.Equal(words, []string{"-"}) && !strings.Contains(ws[0].Message, "stored values include") {
			r.Errorf(t, "the warning %q does not name a sample of the stored values", ws[0].Message)
		}
		for _, w := range words {
			if w != "-" && !strings.Contains(ws[0].Message, w) {
				r.Errorf(t, "the warning %q does not name %s", ws[0].Message, w)
			}
		}
		return []string{"dropped", r.Col(1)}
	}
	if a, ok := o.Ask(); ok {
		// The readings, when the row writes them (a filter over an enum
		// leaves them to the enum's cases).
		if len(r.Cols) < 2 {
			return []string{"ask " + string(a.Code)}
		}
		var ids []string
		for _, rd := range a.Readings {
			ids = append(ids, string(rd.Value))
		}
		return []string{"ask " + string(a.Code), dash(ids)}
	}
	enc, _ := o.MarshalJSON()
	return []string{string(enc)}
}

func dash(fields []string) string {
	if len(fields) == 0 {
		return "-"
	}
	return strings.Join(fields, " ")
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Options[string]{}); err == nil {
		t.Error("New with neither Read nor Vocabulary accepted")
	}
	c := courts(t)
	if _, err := New(Options[string]{Vocabulary: c, Read: c.Read}); err == nil {
		t.Error("New with both Read and Vocabulary accepted")
	}
	if _, err := New(Options[int]{Vocabulary: c}); err == nil || !strings.Contains(err.Error(), "filter of string") {
		t.Errorf("a vocabulary under a filter of int: %v", err)
	}
	e, _ := enum.New(enum.Options{Values: []string{"all", "open"}})
	if _, err := New(Options[string]{Read: e.Read}); err == nil || !strings.Contains(err.Error(), `"all"`) {
		t.Errorf("an enum that declares all: %v", err)
	}
	v, err := vocabulary.New(vocabulary.Options{Entries: []vocabulary.Entry{{ID: "ALLE", Names: []string{"Alle court"}}, {ID: "B", Names: []string{"Beta"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options[string]{Vocabulary: v}); err == nil || !strings.Contains(err.Error(), `"alle"`) {
		t.Errorf("a vocabulary with an entry ALLE: %v", err)
	}
}

func TestNoHits(t *testing.T) {
	w := NoHits("status", []string{"draft", "published"})
	if w.Code != agentinput.WarningNoHitsFiltered || !strings.Contains(w.Message, `"draft", "published"`) || !strings.Contains(w.Message, "without status") {
		t.Errorf("NoHits = %+v", w)
	}
	if w := NoHits("status", nil); !strings.Contains(w.Message, "no value") {
		t.Errorf("NoHits with no values = %+v", w)
	}
	many := make([]string, 30)
	for i := range many {
		many[i] = "v"
	}
	if w := NoHits("x", many); !strings.Contains(w.Message, "30 in all") {
		t.Errorf("NoHits with 30 values = %+v", w)
	}
}

func TestWords(t *testing.T) {
	if !slices.Contains(Words("cs"), "vše") || Words("xx") != nil {
		t.Errorf("Words(cs) = %v", Words("cs"))
	}
	// Every word of the table folds to a key of its own and reads as not
	// filtering.
	for _, lang := range spelling.AllWordLanguages() {
		for _, w := range Words(lang) {
			if !NotFiltering(w) {
				t.Errorf("%s %q does not read as not filtering", lang, w)
			}
		}
	}
}

// No "not filtering" spelling ever yields a value, over any kind; over a
// vocabulary a value never empties a search: it yields an ask only when it
// is within reach of exactly one entry, naming it (TestPropertyWithinReach).
func TestPropertyNeverEmptyMeaning(t *testing.T) {
	v := courts(t)
	overV, _ := New(Options[string]{Vocabulary: v})
	e, _ := enum.New(enum.Options{Values: []string{"draft", "published", "archived"}})
	overE, _ := New(Options[string]{Read: e.Read})
	var all []string
	for _, lang := range spelling.AllWordLanguages() {
		all = append(all, Words(lang)...)
	}
	all = append(all, "", " ", "*", "%", "-", "—", ".*", "**")
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(all).Draw(t, "word")
		var b strings.Builder
		for _, r := range w {
			if rapid.Bool().Draw(t, "upper") {
				b.WriteString(strings.ToUpper(string(r)))
			} else {
				b.WriteRune(r)
			}
		}
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {" ", " "}, {`"`, `"`}, {"(", ")"}, {"<", ">"}, {"[", "]"}, {"*", "*"}}).Draw(t, "wrap")
		s := wrap[0] + b.String() + wrap[1]
		for _, o := range []outcome{overV.Read(s), overE.Read(s)} {
			if o.Status() != agentinput.StatusAbsent {
				got, _ := o.MarshalJSON()
				t.Fatalf("%q: %s, want absent", s, got)
			}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		if a, ok := overV.Read(s).Ask(); ok && len(a.Readings) != 1 {
			got, _ := overV.Read(s).MarshalJSON()
			t.Fatalf("%q over a vocabulary: %s", s, got)
		}
	})
}

// courtWords are the words the courts' spellings are made of, and a few
// more, for spellings near them.
var courtWords = []string{"Nejvyšší", "Nejvyššího", "správní", "soud", "soudu", "Ústavní", "Krajský", "Krajského", "v", "Praze", "Brně",
	"Supreme", "Court", "Constitutional", "Regional", "in", "Prague", "Brno", "NS", "NSS", "ÚS", "KS", "Praha", "Oberster",
	"Gerichtshof", "Kreisgericht", "Brünn", "(NS)", "–", "Slovakia", "Sud", "xyz", "Suprme", "soudem"}

// Over a vocabulary, with the drop policy: a value the vocabulary asks
// about with exactly one reading (within reach of one entry) is an ask
// naming it, never a drop; one with none or several is dropped (absent,
// with filter_dropped), unless it is a pattern that matches one entry.
// With miss=ask, no value is ever dropped. Whatever the policy, every
// reading an ask offers reads as a value when sent back.
func TestPropertyWithinReach(t *testing.T) {
	v := courts(t)
	drop, _ := New(Options[string]{Vocabulary: v})
	ask, _ := New(Options[string]{Vocabulary: v, Miss: MissAsk})
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(rapid.SampledFrom(courtWords), 1, 4).Draw(t, "words"), " ")
		vocab := v.Read(s)
		o := drop.Read(s)
		got, _ := o.MarshalJSON()
		if va, ok := vocab.Ask(); ok && !NotFiltering(s) {
			_, negated := spelling.Negation(s)
			switch {
			case negated || pattern(s):
			case len(va.Readings) == 1:
				if a, ok := o.Ask(); !ok || len(a.Readings) != 1 || string(a.Readings[0].Value) != string(va.Readings[0].Value) {
					t.Fatalf("%q is within reach of %s: want an ask naming it, got %s", s, va.Readings[0].Value, got)
				}
			default:
				if o.Status() != agentinput.StatusAbsent || len(o.Warnings()) != 1 || o.Warnings()[0].Code != agentinput.WarningFilterDropped {
					t.Fatalf("%q: want it dropped, got %s", s, got)
				}
			}
		}
		for _, f := range []*Reader[string]{drop, ask} {
			o := f.Read(s)
			if f == ask && len(o.Warnings()) > 0 {
				got, _ := o.MarshalJSON()
				t.Fatalf("%q with miss=ask: %s", s, got)
			}
			a, _ := o.Ask()
			for _, r := range a.Readings {
				var id string
				_ = json.Unmarshal(r.Value, &id)
				if back, ok := f.Read(id).Value(); !ok || back != id {
					t.Fatalf("%q: the reading %s does not read back as itself", s, r.Value)
				}
			}
		}
	})
}

func TestConcurrent(t *testing.T) {
	f, _ := New(Options[string]{Vocabulary: courts(t)})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 300 {
				if o := f.Read("Nejvyšší"); len(o.Warnings()) != 1 {
					t.Error("no warning")
					return
				}
				if id, _ := f.Read("NS").Value(); id != "NS" {
					t.Error("NS")
					return
				}
			}
		})
	}
	wg.Wait()
}

// A negated spelling of any entry's id, name or abbreviation never yields
// that entry as a value: a filter keeps the values it names, so reading
// "-NS" as NS would narrow the search to the opposite of what was meant.
func TestPropertyNegationNeverYieldsTheEntry(t *testing.T) {
	v := courts(t)
	f, _ := New(Options[string]{Vocabulary: v})
	var marks []string
	for _, m := range spelling.NegationMarks() {
		marks = append(marks, m, m+" ")
	}
	for _, w := range spelling.NegationWords() {
		marks = append(marks, w+" ", w+"-", strings.ToUpper(w)+" ")
	}
	rapid.Check(t, func(t *rapid.T) {
		id := rapid.SampledFrom(v.IDs()).Draw(t, "id")
		e, _ := v.Entry(id)
		spellings := append(append(append([]string{e.ID}, e.Names...), e.Abbreviations...), e.English...)
		s := rapid.SampledFrom(marks).Draw(t, "mark") + rapid.SampledFrom(spellings).Draw(t, "spelling")
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {" ", " "}, {"(", ")"}, {`"`, `"`}}).Draw(t, "wrap")
		s = wrap[0] + s + wrap[1]
		o := f.Read(s)
		if got, ok := o.Value(); ok && got == id {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q reads as the entry it negates: %s", s, b)
		}
		if ws := o.Warnings(); o.Status() != agentinput.StatusAbsent || len(ws) != 1 || ws[0].Code != agentinput.WarningFilterDropped {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want dropped", s, b)
		}
	})
}

// Over an enum whose declared values the kind gives, a pattern is an ask
// whose readings are the values it matches; without them, no readings.
func TestPatternReadings(t *testing.T) {
	e, _ := enum.New(enum.Options{Values: []string{"low", "medium", "high"}})
	with, err := New(Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values()})
	if err != nil {
		t.Fatal(err)
	}
	without, _ := New(Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example()})
	for _, c := range []struct {
		in   string
		want []string
	}{{"*i*", []string{`"medium"`, `"high"`}}, {"LOW*", []string{`"low"`}}, {"x*", nil}, {"m?dium", []string{`"medium"`}}} {
		a, ok := with.Read(c.in).Ask()
		if !ok || a.Code != agentinput.AskInvalid {
			t.Errorf("%q: not an ask invalid", c.in)
			continue
		}
		var got []string
		for _, r := range a.Readings {
			got = append(got, string(r.Value))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: readings %v, want %v", c.in, got, c.want)
		}
		if a, ok := without.Read(c.in).Ask(); !ok || len(a.Readings) != 0 {
			t.Errorf("%q without Values: %+v", c.in, a)
		}
	}
	for _, s := range []string{"-low", "¬ low", "not low", "excluding high"} {
		a, ok := with.Read(s).Ask()
		if !ok || a.Code != agentinput.AskInvalid || !strings.Contains(a.Reason, "cannot exclude") || !strings.Contains(a.Hint, "values to keep") {
			t.Errorf("%q: %+v", s, a)
		}
	}
}

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"n*s", "ns", true}, {"n*s", "nss", true}, {"n*s", "nsa", false}, {"*", "", true},
		{"a?c", "abc", true}, {"a?c", "ac", false}, {"%b%", "abc", true}, {"5%", "5", false},
		{"a*b*c", "aXbYbZc", true}, {"a*b*c", "aXbYbZ", false}, {"", "", true}, {"", "a", false},
	} {
		if got := glob([]rune(c.p), []rune(c.s)); got != c.want {
			t.Errorf("glob(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

// Every drop over a vocabulary carries the ask it would have been
// (Warning.Ask), for any spelling: received is the value as sent, its
// readings are the stored values the message names (each a declared id),
// and a negation means none of them. The factory builds the read
// contract's dropped_filters and a refusal's issues from it.
func TestPropertyDropCarriesItsAsk(t *testing.T) {
	v := courts(t)
	f, _ := New(Options[string]{Vocabulary: v})
	var spellings []string
	for _, id := range v.IDs() {
		e, _ := v.Entry(id)
		spellings = append(append(append(append(spellings, e.ID), e.Names...), e.Abbreviations...), e.English...)
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SampledFrom(spellings).Draw(t, "spelling")
		switch rapid.IntRange(0, 4).Draw(t, "change") {
		case 1:
			s = rapid.SampledFrom([]string{"not ", "-", "kromě "}).Draw(t, "negation") + s
		case 2:
			s += rapid.SampledFrom([]string{"*", "?"}).Draw(t, "wildcard")
		case 3:
			s += rapid.SampledFrom([]string{"u", "ého soudu", "s", " Gerichts"}).Draw(t, "ending")
		case 4:
			s = rapid.StringMatching(`[a-zA-Zšů ]{1,20}`).Draw(t, "word")
		}
		o := f.Read(s)
		ws := o.Warnings()
		if len(ws) == 0 {
			return
		}
		w := ws[0]
		if w.Code != agentinput.WarningFilterDropped || w.Ask == nil {
			t.Fatalf("%q: warning %+v without its ask", s, w)
		}
		if string(w.Ask.Received) != string(agentinput.Received(s)) {
			t.Fatalf("%q: the ask received %s", s, w.Ask.Received)
		}
		for _, r := range w.Ask.Readings {
			var id string
			if json.Unmarshal(r.Value, &id) != nil || !slices.Contains(v.IDs(), id) || !strings.Contains(w.Message, string(r.Value)) {
				t.Fatalf("%q: reading %s is no id the message %q names", s, r.Value, w.Message)
			}
		}
		if _, negated := spelling.Negation(s); negated && len(w.Ask.Readings) > 0 {
			t.Fatalf("%q: a negation may mean %+v", s, w.Ask.Readings)
		}
	})
}
