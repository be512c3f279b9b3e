package country

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// TestCodeWords: every code word is, in capitals, a spelling the country
// kind reads as a country: the table holds no word that is no code.
func TestCodeWords(t *testing.T) {
	for _, w := range codeWords {
		if _, ok := Read(strings.ToUpper(w), Options{}).Value(); !ok {
			t.Errorf("%q is in codeWords, but %q is not read as a country", w, strings.ToUpper(w))
		}
	}
}

// TestPropertyCodeWords: a code word in lower case, wrapped or not, is an
// ask whose one reading is the country it spells in capitals (in the
// output form asked for); the same letters with one capital or more read
// as that country.
func TestPropertyCodeWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(codeWords).Draw(t, "word")
		opts := Options{}
		if rapid.Bool().Draw(t, "alpha3") {
			opts.Output = Alpha3
		}
		want, ok := Read(strings.ToUpper(w), opts).Value()
		if !ok {
			t.Fatalf("%q: not a country in capitals", w)
		}
		in, _ := wrap(t, w)
		a, ok := Read(in, opts).Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 1 || string(a.Readings[0].Value) != `"`+want+`"` {
			t.Fatalf("Read(%q) = %+v, want an ask with the one reading %s", in, a, want)
		}
		cased := recase(t, w)
		if cased == w {
			return
		}
		if got, ok := Read(cased, opts).Value(); !ok || got != want {
			t.Fatalf("Read(%q) = %s, %v, want %s", cased, got, ok, want)
		}
	})
}

// TestPropertyWithdrawnAlpha3: a withdrawn alpha-3 code, in any case, reads
// as a withdrawn alpha-2 code does: its one successor with a note, or an
// ask naming exactly its successors.
func TestPropertyWithdrawnAlpha3(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := successors3[rapid.IntRange(0, len(successors3)-1).Draw(t, "code")]
		in, _ := wrap(t, recase(t, sc.code))
		o := Read(in, Options{})
		if len(sc.now) == 1 {
			if got, ok := o.Value(); !ok || got != sc.now[0] || o.NoteCount() == 0 {
				t.Fatalf("Read(%q) = %s, %v, want %s with a note", in, got, ok, sc.now[0])
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous || len(a.Readings) != len(sc.now) {
			t.Fatalf("Read(%q): %+v, want an ask naming %v", in, a, sc.now)
		}
		for i, r := range a.Readings {
			if string(r.Value) != `"`+sc.now[i]+`"` {
				t.Fatalf("Read(%q): reading %d is %s, want %s", in, i, r.Value, sc.now[i])
			}
		}
	})
}

// TestPropertyApostropheVariants: a country's name or alias with an
// apostrophe reads the same with a space, or nothing, in its place.
func TestPropertyApostropheVariants(t *testing.T) {
	var withApostrophe []string
	for _, c := range countries {
		for _, n := range []string{c.english, c.native} {
			if strings.ContainsAny(n, "'’") {
				withApostrophe = append(withApostrophe, n)
			}
		}
	}
	for _, a := range aliases {
		for _, n := range a.names {
			if strings.ContainsAny(n, "'’") {
				withApostrophe = append(withApostrophe, n)
			}
		}
	}
	if len(withApostrophe) < 3 {
		t.Fatalf("only %d names with an apostrophe", len(withApostrophe))
	}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(withApostrophe).Draw(t, "name")
		repl := rapid.SampledFrom([]string{" ", "", "  "}).Draw(t, "instead")
		variant := strings.NewReplacer("'", repl, "’", repl).Replace(name)
		a, _ := Read(name, Options{}).MarshalJSON()
		b, _ := Read(variant, Options{}).MarshalJSON()
		strip := func(j []byte) string { // the notes name what was sent
			s := string(j)
			if i := strings.Index(s, `"notes"`); i >= 0 {
				return s[:i]
			}
			return s
		}
		if strip(a) != strip(b) {
			t.Fatalf("Read(%q) = %s, but Read(%q) = %s", name, a, variant, b)
		}
	})
}

// TestPropertyExonyms: a country's name in any of the library's other
// languages (CLDR's, tables.go), in any case and with or without its
// diacritics, reads as that country, unless the same spelling names
// another country in some language: then it is an ask naming both.
func TestPropertyExonyms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := exonyms[rapid.IntRange(0, len(exonyms)-1).Draw(t, "country")]
		name := rapid.SampledFrom(e.names).Draw(t, "name")
		in := recase(t, name)
		if rapid.Bool().Draw(t, "strip marks") {
			in = stripMarks(in)
		}
		codes, partial := refNames(in)
		o := Read(in, Options{})
		if len(codes) == 1 && !partial {
			if got, ok := o.Value(); !ok || got != e.code {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want %s", in, b, e.code)
			}
			return
		}
		if _, ok := o.Value(); ok {
			t.Fatalf("Read(%q) is a value, but it names %v", in, codes)
		}
	})
}

// TestCodeWordSet holds the bit set codeWord looks in to the list
// codeWords: every word of two or three letters a–z is in the set exactly
// when it is in the list.
func TestCodeWordSet(t *testing.T) {
	listed := map[string]bool{}
	for _, w := range codeWords {
		listed[w] = true
	}
	var check func(w string)
	check = func(w string) {
		if len(w) >= 2 && codeWord(w) != listed[w] {
			t.Errorf("codeWord(%q) = %v, want %v", w, !listed[w], listed[w])
		}
		if len(w) < 3 {
			for c := byte('a'); c <= 'z'; c++ {
				check(w + string(c))
			}
		}
	}
	check("")
}
