package filter

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/vocabulary"
)

func courts(t testing.TB) *vocabulary.Vocabulary {
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
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	courtsFilter, err := OverVocabulary(courts(t))
	if err != nil {
		t.Fatal(err)
	}
	numbers, err := Over(Kind[number.Decimal]{Read: func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, number.Options{}) }})
	if err != nil {
		t.Fatal(err)
	}
	var read func(any) outcome
	n, cases := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case line == "@over vocabulary":
			read = func(v any) outcome { return courtsFilter.Read(v) }
			continue
		case line == "@over number":
			read = func(v any) outcome { return numbers.Read(v) }
			continue
		case strings.HasPrefix(line, "@over enum "):
			e, err := enum.New(enum.Spec{Values: strings.Split(strings.TrimPrefix(line, "@over enum "), ",")})
			if err != nil {
				t.Fatal(err)
			}
			fl, err := Over(Kind[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example()})
			if err != nil {
				t.Fatal(err)
			}
			read = func(v any) outcome { return fl.Read(v) }
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		var input any
		if err := dec.Decode(&input); err != nil {
			t.Fatalf("cases.txt:%d: %v", n, err)
		}
		cols := strings.Split(strings.TrimPrefix(strings.TrimSpace(line[dec.InputOffset():]), "|"), "|")
		want := strings.TrimSpace(cols[0])
		var detail []string
		if len(cols) > 1 {
			detail = strings.Fields(cols[1])
			if slices.Equal(detail, []string{"-"}) {
				detail = []string{}
			}
		}
		cases++
		o := read(input)
		got, _ := o.MarshalJSON()
		fail := func(what string) {
			t.Helper()
			t.Errorf("cases.txt:%d: %s\n\t%s\n\tgot %s", n, line, what, got)
		}
		switch {
		case want == "absent":
			if o.Status() != agentinput.StatusAbsent || len(o.Notes()) != 1 || o.Notes()[0].Code != agentinput.NotePlaceholder || len(o.Warnings()) != 0 {
				fail("want absent with one note placeholder")
			}
		case want == "absent-null":
			if o.Status() != agentinput.StatusAbsent || len(o.Warnings()) != 0 {
				fail("want absent")
			}
		case want == "dropped":
			ws := o.Warnings()
			if o.Status() != agentinput.StatusAbsent || len(ws) != 1 || ws[0].Code != agentinput.WarningFilterDropped {
				fail("want dropped with a warning filter_dropped")
				continue
			}
			for _, id := range detail {
				if !strings.Contains(ws[0].Message, id) {
					fail("the warning does not name " + id)
				}
			}
			if len(detail) == 0 && !strings.Contains(ws[0].Message, "stored values include") {
				fail("the warning does not name a sample of the stored values")
			}
		case strings.HasPrefix(want, "ask "):
			if a, ok := o.Ask(); !ok || string(a.Code) != strings.TrimPrefix(want, "ask ") {
				fail("want " + want)
			}
		default:
			if o.Status() != agentinput.StatusValue || !strings.Contains(string(got), `"value":`+want+`,`) {
				fail("want the value " + want)
			}
			var codes []string
			for _, note := range o.Notes() {
				codes = append(codes, string(note.Code))
			}
			if !slices.Equal(codes, detail) && !(len(codes) == 0 && len(detail) == 0) {
				fail("want notes " + strings.Join(detail, " "))
			}
		}
	}
	if cases < 60 {
		t.Fatalf("only %d cases", cases)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := OverVocabulary(nil); err == nil {
		t.Error("OverVocabulary(nil) accepted")
	}
	if _, err := Over(Kind[string]{}); err == nil {
		t.Error("Over without Read accepted")
	}
	e, _ := enum.New(enum.Spec{Values: []string{"all", "open"}})
	if _, err := Over(Kind[string]{Read: e.Read}); err == nil || !strings.Contains(err.Error(), `"all"`) {
		t.Errorf("an enum that declares all: %v", err)
	}
	v, err := vocabulary.New([]vocabulary.Entry{{ID: "ALLE", Names: []string{"Alle court"}}, {ID: "B", Names: []string{"Beta"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OverVocabulary(v); err == nil || !strings.Contains(err.Error(), `"alle"`) {
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
	for _, l := range words {
		for _, w := range l.words {
			if !NotFiltering(w) {
				t.Errorf("%s %q does not read as not filtering", l.lang, w)
			}
		}
	}
}

// No "not filtering" spelling ever yields a value, over any kind; over a
// vocabulary no value ever yields an ask (the filter never empties a
// search).
func TestPropertyNeverEmptyMeaning(t *testing.T) {
	v := courts(t)
	overV, _ := OverVocabulary(v)
	e, _ := enum.New(enum.Spec{Values: []string{"draft", "published", "archived"}})
	overE, _ := Over(Kind[string]{Read: e.Read})
	var all []string
	for _, l := range words {
		all = append(all, l.words...)
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
		if o := overV.Read(s); o.Status() == agentinput.StatusAsk {
			got, _ := o.MarshalJSON()
			t.Fatalf("%q over a vocabulary: %s", s, got)
		}
	})
}

func TestConcurrent(t *testing.T) {
	f, _ := OverVocabulary(courts(t))
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
	f, _ := OverVocabulary(v)
	var marks []string
	for _, m := range []string{"-", "!", "~", "¬", "^", "−", "–", "！"} {
		marks = append(marks, m, m+" ")
	}
	for _, l := range negations {
		for _, w := range l.words {
			marks = append(marks, w+" ", w+"-", strings.ToUpper(w)+" ")
		}
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
	e, _ := enum.New(enum.Spec{Values: []string{"low", "medium", "high"}})
	with, err := Over(Kind[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values()})
	if err != nil {
		t.Fatal(err)
	}
	without, _ := Over(Kind[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example()})
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
