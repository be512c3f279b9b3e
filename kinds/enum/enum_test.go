package enum

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func mustNew(t testing.TB, spec Options) *Reader {
	t.Helper()
	e, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestCases(t *testing.T) {
	var spec Options
	directive := func(d casefile.Directive) error {
		switch d.Name {
		case "values":
			spec = Options{Values: d.Args}
		case "synonym":
			if len(d.Args) != 2 {
				return errors.New("want @synonym ALIAS VALUE")
			}
			syn := maps.Clone(spec.Synonyms)
			if syn == nil {
				syn = map[string]string{}
			}
			syn[d.Args[0]] = d.Args[1]
			spec.Synonyms = syn
		default:
			return errors.New("unknown directive")
		}
		return nil
	}
	casefile.Load(t, "testdata/cases.txt").Check(t, directive, func(r *casefile.Row) []string {
		e, err := New(spec)
		if err != nil {
			t.Fatalf("%s: %v", r.Pos(), err)
		}
		o := e.Read(r.Input)
		if a, ok := o.Ask(); ok {
			checkAsk(t, e, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, func(v string) string { return v })
		for _, msg := range oracle.NoteTexts(o, string(quote(got[0]))) {
			r.Errorf(t, "%s", msg)
		}
		return got
	})
}

// checkAsk checks what every ask of this package must hold.
func checkAsk(t testing.TB, e *Reader, input any, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value")
	}
	if a.Expected != e.Expected() || a.Hint == "" || a.Reason == "" {
		fail("an ask has the enum's expected text, a hint and a reason")
	}
	for i, v := range e.values {
		if i < maxListed && !strings.Contains(a.Expected, string(quote(v))) {
			fail("expected does not list " + v)
		}
	}
	switch a.Code {
	case agentinput.AskAmbiguous:
		if len(a.Readings) == 0 {
			fail("an ambiguous ask names its readings")
		}
		for _, r := range a.Readings {
			var s string
			if json.Unmarshal(r.Value, &s) != nil || r.Meaning == "" {
				fail("reading " + string(r.Value) + " is not a JSON string with a meaning")
			}
			if _, err := e.Parse(s); err != nil {
				fail("reading " + s + " is not a declared value")
			}
		}
	default:
		if len(a.Readings) != 0 {
			fail("an invalid ask has no readings")
		}
	}
	if _, err := json.Marshal(a); err != nil {
		fail("ask does not encode: " + err.Error())
	}
}

// TestMessages pins the text an agent reads.
func TestMessages(t *testing.T) {
	e := mustNew(t, Options{Values: []string{"draft", "published_at", "archived"}, Synonyms: map[string]string{"live": "published_at"}})
	const exp = `Expected one of "draft", "published_at", "archived" (a JSON string), for example "draft".`
	tests := []struct {
		input any
		want  string
	}{
		{"draft", ""},
		{"Published At", `Read "Published At" as "published_at" (letter case, separators or diacritics differ)`},
		{"LIVE", `Read "LIVE" as "published_at" (a declared synonym)`},
		{" draft ", `Read " draft " as "draft"`},
		{"drfat", `Could not read "drfat": it is not a declared value, and is close to one; it may mean "draft" (the declared value "draft", 1 edit away). ` + exp + ` Send the one you mean exactly as listed.`},
		{"deleted", `Could not read "deleted": it is not one of the declared values. ` + exp + ` Send one of the declared values exactly as listed.`},
		{nil, `Could not read null: null is not one of the values. ` + exp + ` Send one of the declared values exactly as listed.`},
	}
	for _, tt := range tests {
		o := e.Read(tt.input)
		var got string
		if a, ok := o.Ask(); ok {
			got = a.Message()
		} else {
			var msgs []string
			for _, n := range o.Notes() {
				msgs = append(msgs, n.Message)
			}
			got = strings.Join(msgs, " / ")
		}
		if got != tt.want {
			t.Errorf("Read(%#v)\n\tgot  %s\n\twant %s", tt.input, got, tt.want)
		}
	}
	// Inflections and words of values.
	law := mustNew(t, Options{Values: []string{"tax", "family", "contracts", "do_tag_decision"}})
	const lawExp = `Expected one of "tax", "family", "contracts", "do_tag_decision" (a JSON string), for example "tax".`
	for _, tt := range []struct {
		input any
		want  string
	}{
		{"taxes", `Could not read "taxes": it is not a declared value, and differs from one only in its ending; it may mean "tax" (the declared value "tax" with the ending "es"). ` + lawExp + ` Send the one you mean exactly as listed.`},
		{"families", `Could not read "families": it is not a declared value, and differs from one only in its ending; it may mean "family" (the declared value "family" with its ending "y" as "ies"). ` + lawExp + ` Send the one you mean exactly as listed.`},
		{"contract", `Could not read "contract": it is not a declared value, and differs from one only in its ending; it may mean "contracts" (the declared value "contracts" without its ending "s"). ` + lawExp + ` Send the one you mean exactly as listed.`},
		{"Decision", `Could not read "Decision": it is not a declared value, and is a word of one; it may mean "do_tag_decision" (the declared value "do_tag_decision", which has the word "decision"). ` + lawExp + ` Send the one you mean exactly as listed.`},
		{"Tag", `Could not read "Tag": it is not a declared value, and may stand for several; it has 2 meanings: "tax" (the declared value "tax", 1 edit away) or "do_tag_decision" (the declared value "do_tag_decision", which has the word "tag"). ` + lawExp + ` Send the one you mean exactly as listed.`},
		{"taxs", `Could not read "taxs": it is not a declared value, and differs from one only in its ending; it may mean "tax" (the declared value "tax" with the ending "s"). ` + lawExp + ` Send the one you mean exactly as listed.`},
	} {
		a, ok := law.Read(tt.input).Ask()
		if got := a.Message(); !ok || got != tt.want {
			t.Errorf("Read(%#v)\n\tgot  %s\n\twant %s", tt.input, got, tt.want)
		}
	}
	// Many values: expected lists thirty and says how many.
	var many []string
	for i := range 100 {
		many = append(many, fmt.Sprintf("value_%03d", i))
	}
	big := mustNew(t, Options{Values: many})
	if got := big.Expected(); !strings.HasSuffix(got, `"value_029", … (100 values in all) (a JSON string), for example "value_000"`) {
		t.Errorf("Expected with 100 values: %s", got)
	}
	one := mustNew(t, Options{Values: []string{"only"}})
	if got := one.Expected(); got != `the value "only" (a JSON string), for example "only"` {
		t.Errorf("Expected with one value: %s", got)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		spec Options
		want string
	}{
		{Options{}, "no values declared"},
		{Options{Values: []string{}}, "no values declared"},
		{Options{Values: []string{"a", "a"}}, `value "a" is declared twice`},
		{Options{Values: []string{"Draft", "draft"}}, `value "draft" folds like "Draft"`},
		{Options{Values: []string{"published_at", "publishedAt"}}, `value "publishedAt" folds like "published_at"`},
		{Options{Values: []string{"café", "cafe"}}, `value "cafe" folds like "café"`},
		{Options{Values: []string{"in review", "in-review"}}, `folds like`},
		{Options{Values: []string{""}}, `value "" is empty`},
		{Options{Values: []string{" a"}}, `surrounding whitespace`},
		{Options{Values: []string{"a\x00"}}, `control or invisible`},
		{Options{Values: []string{"a\xff"}}, `not valid UTF-8`},
		{Options{Values: []string{"__"}}, `folds to nothing`},
		{Options{Values: []string{"a"}, Synonyms: map[string]string{"b": "c"}}, `synonym "b" stands for "c", which is not a declared value`},
		{Options{Values: []string{"draft", "final"}, Synonyms: map[string]string{"FINAL": "draft"}}, `synonym "FINAL" folds like "final"`},
		{Options{Values: []string{"draft", "final"}, Synonyms: map[string]string{"x": "draft", "X": "final"}}, `folds like`},
		{Options{Values: []string{"draft", "final"}, Synonyms: map[string]string{"final": "draft"}}, `is also a declared value`},
		{Options{Values: make([]string, maxValues+1)}, `values declared; an enum holds at most`},
	}
	for _, tt := range tests {
		e, err := New(tt.spec)
		if err == nil || e != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v) = %v, %v; want an error containing %q", tt.spec, e, err, tt.want)
		}
	}
	// A synonym that folds like its own value is harmless.
	if _, err := New(Options{Values: []string{"draft"}, Synonyms: map[string]string{"DRAFT": "draft", "Draft": "draft"}}); err != nil {
		t.Errorf("a synonym that folds like its own value: %v", err)
	}
}

// TestBadInput: hostile strings are asks, never panics, never values.
func TestBadInput(t *testing.T) {
	e := mustNew(t, Options{Values: []string{"draft", "published_at"}})
	tests := []struct {
		name  string
		input any
		code  agentinput.AskCode
	}{
		{"1 MiB string", strings.Repeat("d", 1<<20), agentinput.AskTooLarge},
		{"1 MiB of spaces around a value", strings.Repeat(" ", 1<<20) + "draft", agentinput.AskTooLarge},
		{"1 MiB number", json.Number(strings.Repeat("9", 1<<20)), agentinput.AskTooLarge},
		{"invalid UTF-8", "dr\xffaft", agentinput.AskInvalid},
		{"invalid UTF-8 alone", "\xc3", agentinput.AskInvalid},
		{"NUL", "\x00", agentinput.AskInvalid},
		{"NUL inside", "dr\x00aft", agentinput.AskInvalid},
		{"bidi override inside", "dr\u202eaft", agentinput.AskInvalid},
		{"bidi override around", "\u202edraft\u202c", agentinput.AskInvalid},
		{"zero-width space inside", "dr\u200baft", agentinput.AskInvalid},
		{"zero-width joiner inside", "dr\u200daft", agentinput.AskInvalid},
		{"variation selector", "draft\ufe0f", agentinput.AskInvalid},
		{"long near miss", strings.Repeat("draft", 200), agentinput.AskInvalid},
		{"Go value of another type", struct{}{}, agentinput.AskWrongType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := e.Read(tt.input).Ask()
			if !ok {
				t.Fatal("want an ask")
			}
			if a.Code != tt.code {
				t.Errorf("code %s, want %s", a.Code, tt.code)
			}
			checkAsk(t, e, tt.input, a, func(msg string) { t.Error(msg) })
			if n := len([]rune(string(a.Received))); n > agentinput.MaxReceivedChars+3 {
				t.Errorf("received is %d characters: not cut", n)
			}
		})
	}
}

func TestParse(t *testing.T) {
	e := mustNew(t, Options{Values: []string{"draft", "published_at"}, Synonyms: map[string]string{"live": "published_at"}})
	for _, v := range e.Values() {
		got, err := e.Parse(v)
		if err != nil || got != v {
			t.Errorf("Parse(%q) = %q, %v", v, got, err)
		}
	}
	for _, s := range []string{"", "Draft", " draft", "live", "publishedAt"} {
		_, err := e.Parse(s)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Value != s || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): error %v, want a *ParseError wrapping ErrSyntax", s, err)
		}
	}
	var v any
	if err := json.Unmarshal(e.Example(), &v); err != nil {
		t.Fatal(err)
	}
	if o := e.Read(v); o.NoteCount() != 0 || o.Status() != agentinput.StatusValue {
		t.Error("the example does not read as itself")
	}
	// Values and Example return copies.
	e.Values()[0] = "x"
	e.Example()[1] = 'x'
	if e.Values()[0] != "draft" || string(e.Example()) != `"draft"` {
		t.Error("Values or Example shares the enum's memory")
	}
}

// TestConcurrent reads one enum from many goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	e := mustNew(t, Options{Values: []string{"draft", "published_at", "archived"}})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				in := []string{"draft", "Published At", "archvied", "nope"}[(g+i)%4]
				if e.Read(in).Status() == agentinput.StatusAbsent {
					t.Error("absent")
				}
			}
		})
	}
	wg.Wait()
}
