package boolean

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// refResult is what the reference reader says a string reads as.
type refResult struct {
	code  agentinput.AskCode // "" for a value
	value bool
}

// refRead is the slow, obviously-correct reader of strings: trim, check
// that what is left is one word, then compare its fold with the fold of
// every word of every enabled language, one by one. It shares Trim and Fold
// with the reader (they are the spelling package's, tested there) and
// nothing else: no index, no fast path.
func refRead(s string, langs []Language) refResult {
	if len(s) > agentinput.MaxScalarBytes {
		return refResult{code: agentinput.AskTooLarge}
	}
	if !utf8.ValidString(s) {
		return refResult{code: agentinput.AskInvalid}
	}
	t, _ := spelling.Trim(s)
	switch t {
	case "1":
		return refResult{value: true}
	case "0":
		return refResult{value: false}
	}
	if v, ok := checkMarksRef[strings.TrimSuffix(t, "\uFE0F")]; ok {
		return refResult{value: v}
	}
	if bare := strings.TrimRight(t, ".!…"); bare != t && bare != "" && bare != "1" && bare != "0" {
		// The punctuation ends the word itself: nothing trimmable
		// ("yes .", "\"yes\".") sits between them.
		if again, _ := spelling.Trim(bare); again != bare {
			return refResult{code: agentinput.AskInvalid}
		}
		if r := refRead(bare, langs); r.code != agentinput.AskInvalid {
			return r
		}
	}
	prev := rune(-1)
	for _, r := range t {
		letter := unicode.IsLetter(r)
		mark := unicode.Is(unicode.Mn, r) && prev != -1 && !invisibleRef(r)
		if !letter && !mark {
			return refResult{code: agentinput.AskInvalid}
		}
		prev = r
	}
	f := spelling.Fold(t)
	yes, no := f == "true", f == "false"
	for _, l := range langs {
		for _, w := range l.Yes {
			yes = yes || foldOf(w) == f
		}
		for _, w := range l.No {
			no = no || foldOf(w) == f
		}
	}
	switch {
	case t == "":
		return refResult{code: agentinput.AskInvalid}
	case yes && no:
		return refResult{code: agentinput.AskAmbiguous}
	case yes || no:
		return refResult{value: yes}
	}
	return refResult{code: agentinput.AskInvalid}
}

// checkMarksRef are the symbols of a form's boxes, by their names.
var checkMarksRef = map[string]bool{
	"✓": true, "✔": true, "☑": true, "✅": true,
	"✗": false, "✘": false, "☒": false, "❌": false, "☐": false,
}

// foldOf is spelling.Fold, remembered for the table's words: folding
// outside ASCII is slow, and the reference folds every word every time.
func foldOf(w string) string {
	if f, ok := folds.Load(w); ok {
		return f.(string)
	}
	f := spelling.Fold(w)
	folds.Store(w, f)
	return f
}

var folds sync.Map

// invisibleRef lists the marks that show nothing, by their names.
func invisibleRef(r rune) bool {
	switch {
	case r == '\u034F': // COMBINING GRAPHEME JOINER
	case r >= '\u180B' && r <= '\u180F': // MONGOLIAN FREE VARIATION SELECTORs
	case r >= '\uFE00' && r <= '\uFE0F': // VARIATION SELECTORs 1-16
	case r >= 0xE0100 && r <= 0xE01EF: // VARIATION SELECTORs 17-256
	default:
		return false
	}
	return true
}

// resultOf is what an outcome says, in the reference's terms.
func resultOf(o agentinput.Outcome[bool]) refResult {
	if v, ok := o.Value(); ok {
		return refResult{value: v}
	}
	a, _ := o.Ask()
	return refResult{code: a.Code}
}

// drawLanguages draws a language set: nil (the default) or a random
// non-empty subset of the whole table, optional languages included.
func drawLanguages(t *rapid.T) ([]string, []Language) {
	if rapid.Bool().Draw(t, "default languages") {
		var ls []Language
		for _, l := range languages {
			if l.Default {
				ls = append(ls, l)
			}
		}
		return nil, ls
	}
	picked := rapid.SliceOfNDistinct(rapid.IntRange(0, len(languages)-1), 1, len(languages), rapid.ID[int]).Draw(t, "languages")
	slices.Sort(picked)
	var codes []string
	var ls []Language
	for _, i := range picked {
		code := languages[i].Code
		if len(languages[i].Aliases) > 0 && rapid.Bool().Draw(t, "by alias") {
			code = rapid.SampledFrom(languages[i].Aliases).Draw(t, "alias")
		}
		codes = append(codes, code)
		ls = append(ls, languages[i])
	}
	return codes, ls
}

var (
	marks = []rune{'\u0301', '\u0300', '\u0308', '\u030c', '\u0303', '\u0302', '\u030a', '\u0327'}
)

// render spells word as a model might: random case per letter, its
// diacritics kept, stripped, decomposed or added to, and wrapped in
// whitespace and at most one pair of quotes.
func render(t *rapid.T, word string) string {
	var b strings.Builder
	for _, r := range word {
		switch rapid.IntRange(0, 2).Draw(t, "case") {
		case 0:
			r = unicode.ToUpper(r)
		case 1:
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
		if r < utf8.RuneSelf && unicode.IsLetter(r) && rapid.IntRange(0, 5).Draw(t, "add a mark") == 0 {
			b.WriteRune(rapid.SampledFrom(marks).Draw(t, "mark"))
		}
	}
	s := b.String()
	switch rapid.IntRange(0, 3).Draw(t, "diacritics") {
	case 0:
		s = norm.NFC.String(s)
	case 1:
		s = norm.NFD.String(s)
	case 2:
		var stripped strings.Builder
		for _, r := range norm.NFD.String(s) {
			if !unicode.Is(unicode.Mn, r) {
				stripped.WriteRune(r)
			}
		}
		s = stripped.String()
	}
	sp := rapid.SampledFrom(outerSpaces)
	if rapid.Bool().Draw(t, "quoted") {
		q := rapid.SampledFrom(quotePairs).Draw(t, "quotes")
		s = q[0] + sp.Draw(t, "inner left") + s + sp.Draw(t, "inner right") + q[1]
	}
	return sp.Draw(t, "left") + s + sp.Draw(t, "right")
}

// drawWord draws a word of the enabled languages, or a canonical string,
// with the meaning the table gives it in that language.
func drawWord(t *rapid.T, ls []Language) string {
	if rapid.IntRange(0, 5).Draw(t, "canonical") == 0 {
		return rapid.SampledFrom([]string{"true", "false", "1", "0"}).Draw(t, "canonical word")
	}
	l := rapid.SampledFrom(ls).Draw(t, "language")
	if rapid.Bool().Draw(t, "yes") {
		return rapid.SampledFrom(l.Yes).Draw(t, "yes word")
	}
	return rapid.SampledFrom(l.No).Draw(t, "no word")
}

// TestPropertyWords: every rendering of every word of the enabled
// languages reads as its boolean, or, if another enabled language gives
// the word the other meaning, as an ask with both readings.
func TestPropertyWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, ls := drawLanguages(t)
		word := drawWord(t, ls)
		s := render(t, word)
		o := Read(s, Options{Languages: codes})
		want := refRead(word, ls)
		if got := resultOf(o); got != want {
			t.Fatalf("Read(%q) with %q = %+v, the table says %+v", s, codes, got, want)
		}
		if want.code == agentinput.AskAmbiguous {
			a, _ := o.Ask()
			if len(a.Readings) != 2 || string(a.Readings[0].Value) != "true" || string(a.Readings[1].Value) != "false" {
				t.Fatalf("Read(%q): readings %v, want true and false", s, a.Readings)
			}
			return
		}
		// A value: one note per repair, the word's note last.
		notes := o.Notes()
		trimmed, _ := spelling.Trim(s)
		wantNotes := 1
		if trimmed != s {
			wantNotes = 2
			if notes[0].Code != agentinput.NoteTrimmed {
				t.Fatalf("Read(%q): first note %v, want trimmed", s, notes[0])
			}
		}
		if len(notes) != wantNotes {
			t.Fatalf("Read(%q): notes %v, want %d", s, notes, wantNotes)
		}
		last := notes[len(notes)-1]
		wantCode := agentinput.NoteWord
		switch word {
		case "true", "false":
			wantCode = agentinput.NoteFromString
		case "1", "0":
			wantCode = agentinput.NoteFromNumber
		}
		if last.Code != wantCode || !strings.HasPrefix(last.Message, "Read "+string(agentinput.Received(trimmed))+" as "+Format(want.value)) {
			t.Fatalf("Read(%q): last note %+v", s, last)
		}
	})
}

// TestPropertyPunctuation: a word of the enabled languages (not a digit)
// followed by a run of sentence punctuation reads as the word does, with a
// form note before the word's; an ambiguous word stays an ask.
func TestPropertyPunctuation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, ls := drawLanguages(t)
		word := drawWord(t, ls)
		if word == "1" || word == "0" {
			t.Skip("a digit keeps its punctuation")
		}
		tail := rapid.StringOfN(rapid.RuneFrom([]rune(".!…")), 1, 4, -1).Draw(t, "punctuation")
		s := word + tail
		o := Read(s, Options{Languages: codes})
		want := refRead(word, ls)
		if got := resultOf(o); got != want {
			t.Fatalf("Read(%q) with %q = %+v, the table says %+v", s, codes, got, want)
		}
		if want.code == "" && o.Notes()[0].Code != agentinput.NoteForm {
			t.Fatalf("Read(%q): notes %v, want form first", s, o.Notes())
		}
		if _, ok := Read(word+"?", Options{Languages: codes}).Value(); ok {
			t.Fatalf("Read(%q) is a value", word+"?")
		}
	})
}

// TestPropertyCheckMarks: a check mark, with or without the emoji
// variation selector and in any surrounding, reads as its box, in every
// language set.
func TestPropertyCheckMarks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, _ := drawLanguages(t)
		keys := slices.Sorted(maps.Keys(checkMarksRef))
		mark := rapid.SampledFrom(keys).Draw(t, "mark")
		s := mark
		if rapid.Bool().Draw(t, "selector") {
			s += "\uFE0F"
		}
		s = rapid.SampledFrom(outerSpaces).Draw(t, "left") + s + rapid.SampledFrom(outerSpaces).Draw(t, "right")
		v, ok := Read(s, Options{Languages: codes}).Value()
		if !ok || v != checkMarksRef[mark] {
			t.Fatalf("Read(%q) = %v %v, want %v", s, v, ok, checkMarksRef[mark])
		}
	})
}

// TestPropertyNoAmbiguousValue: no word that one enabled language reads as
// yes and another as no ever yields a value, in any rendering, for any set
// of languages of the table.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, ls := drawLanguages(t)
		r, err := New(Options{Languages: codes})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			for _, w := range slices.Concat(l.Yes, l.No) {
				if refRead(w, ls).code != agentinput.AskAmbiguous {
					continue
				}
				s := render(t, w)
				if _, ok := r.Read(s).Value(); ok {
					t.Fatalf("the ambiguous %q (as %q) read as a value with %q", w, s, codes)
				}
			}
		}
	})
}

// TestPropertyConflictsInAnyTable: the same property over made-up tables,
// whose words are drawn from a tiny alphabet so that they collide often,
// and may even take the canonical spellings. Every word reads as the
// meanings the table gives it: one meaning a value, two an ask naming
// exactly the languages on each side.
func TestPropertyConflictsInAnyTable(t *testing.T) {
	wordGen := rapid.OneOf(
		rapid.StringOfN(rapid.RuneFrom([]rune("anéN")), 1, 3, -1),
		rapid.SampledFrom([]string{"true", "false", "1", "0", "ano", "ne"}),
	)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(t, "languages")
		ls := make([]Language, n)
		for i := range ls {
			ls[i] = Language{
				Code: string(rune('a'+i)) + "x",
				Yes:  rapid.SliceOfN(wordGen, 1, 3).Draw(t, "yes"),
				No:   rapid.SliceOfN(wordGen, 1, 3).Draw(t, "no"),
			}
		}
		r := newReader(buildIndex(ls), nil)
		for _, l := range ls {
			for _, w := range slices.Concat(l.Yes, l.No) {
				var yesIn, noIn []string
				f := spelling.Fold(w)
				for _, m := range ls {
					for _, y := range m.Yes {
						if spelling.Fold(y) == f && !slices.Contains(yesIn, m.Code) {
							yesIn = append(yesIn, m.Code)
						}
					}
					for _, y := range m.No {
						if spelling.Fold(y) == f && !slices.Contains(noIn, m.Code) {
							noIn = append(noIn, m.Code)
						}
					}
				}
				canonYes, canonNo := f == "true" || f == "1", f == "false" || f == "0"
				s := render(t, w)
				o := r.Read(s)
				yes, no := canonYes || len(yesIn) > 0, canonNo || len(noIn) > 0
				if !(yes && no) {
					if v, ok := o.Value(); !ok || v != yes {
						t.Fatalf("%q (as %q) in %+v: got %v, want %v", w, s, ls, resultOf(o), yes)
					}
					continue
				}
				a, ok := o.Ask()
				if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 2 {
					t.Fatalf("%q (as %q) in %+v: got %+v, want an ask with two readings", w, s, ls, resultOf(o))
				}
				if canonYes {
					yesIn = append([]string{"JSON"}, yesIn...)
				}
				if canonNo {
					noIn = append([]string{"JSON"}, noIn...)
				}
				if a.Readings[0].Meaning != "yes in "+strings.Join(yesIn, ", ") ||
					a.Readings[1].Meaning != "no in "+strings.Join(noIn, ", ") {
					t.Fatalf("%q: readings %+v, want yes in %q and no in %q", w, a.Readings, yesIn, noIn)
				}
			}
		}
	})
}

// TestPropertyCanonical: a JSON boolean is a fixed point in every language
// set, with no note; Format and Parse are inverse.
func TestPropertyCanonical(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, _ := drawLanguages(t)
		b := rapid.Bool().Draw(t, "b")
		o := Read(b, Options{Languages: codes})
		if v, ok := o.Value(); !ok || v != b || o.NoteCount() != 0 || len(o.Notes()) != 0 {
			t.Fatalf("Read(%v) = %+v, %d notes", b, resultOf(o), o.NoteCount())
		}
		if p, err := Parse(Format(b)); err != nil || p != b {
			t.Fatalf("Parse(Format(%v)) = %v, %v", b, p, err)
		}
		// Reading the canonical value's JSON text as a string is a repair:
		// the same value, one note.
		o = Read(Format(b), Options{Languages: codes})
		if v, ok := o.Value(); !ok || v != b || o.NoteCount() != 1 {
			t.Fatalf("Read(%q) = %+v, %d notes", Format(b), resultOf(o), o.NoteCount())
		}
	})
}

// drawInput draws any input: a rendered word, a word with junk in it, a
// random string, a number, a JSON boolean, or another JSON type.
func drawInput(t *rapid.T, ls []Language) any {
	switch rapid.IntRange(0, 7).Draw(t, "input kind") {
	case 0:
		s := render(t, drawWord(t, ls))
		return s
	case 1:
		w := []rune(drawWord(t, ls))
		at := rapid.IntRange(0, len(w)).Draw(t, "at")
		junk := rapid.SampledFrom([]string{"\u200b", "\u202e", "\x00", "-", ".", " ", "\u00ad", "\u034f", "\ufe0f", "\u0301", "!", "1", "x", "\xff", "\u0430"}).Draw(t, "junk")
		return string(w[:at]) + junk + string(w[at:])
	case 2:
		return rapid.String().Draw(t, "string")
	case 3:
		return rapid.StringOf(rapid.RuneFrom([]rune("anoeystfANOÁáé01 \t\"'«»-.\u00a0\u200b"))).Draw(t, "alphabet string")
	case 4:
		return json.Number(drawNumberText(t))
	case 5:
		return rapid.Float64().Draw(t, "float")
	case 6:
		return rapid.Bool().Draw(t, "bool")
	default:
		return rapid.SampledFrom([]any{nil, []any{}, []any{true}, map[string]any{}, map[string]any{"a": "yes"}}).Draw(t, "other")
	}
}

// drawNumberText draws JSON number text around 0 and 1.
func drawNumberText(t *rapid.T) string {
	var b strings.Builder
	if rapid.Bool().Draw(t, "minus") {
		b.WriteString("-")
	}
	b.WriteString(rapid.SampledFrom([]string{"0", "1", "10", "2", "100"}).Draw(t, "int"))
	if rapid.Bool().Draw(t, "has fraction") {
		b.WriteString("." + rapid.StringMatching(`[0-9]{1,4}`).Draw(t, "fraction"))
	}
	if rapid.Bool().Draw(t, "has exponent") {
		b.WriteString(rapid.SampledFrom([]string{"e", "E", "e+", "e-", "E-"}).Draw(t, "e"))
		b.WriteString(rapid.StringMatching(`[0-9]{1,2}`).Draw(t, "exponent"))
	}
	return b.String()
}

// TestPropertyPure: reading is pure. The same input twice gives the same
// outcome, notes and ask included, and Read with options is New's Reader.
func TestPropertyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, ls := drawLanguages(t)
		v := drawInput(t, ls)
		opts := Options{Languages: codes}
		first, err1 := Read(v, opts).MarshalJSON()
		second, err2 := Read(v, opts).MarshalJSON()
		r, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		third, err3 := r.Read(v).MarshalJSON()
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("%#v does not encode: %v %v %v", v, err1, err2, err3)
		}
		if !bytes.Equal(first, second) || !bytes.Equal(first, third) {
			t.Fatalf("%#v read three ways:\n%s\n%s\n%s", v, first, second, third)
		}
	})
}

// TestPropertyReference: every string reads as the slow reference reader
// says, so nothing outside the table (after trimming and folding) is ever
// a value.
func TestPropertyReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, ls := drawLanguages(t)
		v := drawInput(t, ls)
		s, ok := v.(string)
		if !ok {
			t.Skip("not a string")
		}
		o := Read(s, Options{Languages: codes})
		if got, want := resultOf(o), refRead(s, ls); got != want {
			t.Fatalf("Read(%q) with %q = %+v, the reference says %+v", s, codes, got, want)
		}
	})
}

// TestPropertyNumbers: a number is a value exactly when its value is 1 or
// 0, whatever its spelling, checked against exact rational arithmetic.
func TestPropertyNumbers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := drawNumberText(t)
		exact, ok := new(big.Rat).SetString(text)
		if !ok {
			t.Fatalf("%s is not a number", text)
		}
		o := Read(json.Number(text), Options{})
		switch {
		case exact.Cmp(big.NewRat(1, 1)) == 0:
			if v, ok := o.Value(); !ok || !v {
				t.Fatalf("%s is 1, read %+v", text, resultOf(o))
			}
		case exact.Sign() == 0:
			if v, ok := o.Value(); !ok || v {
				t.Fatalf("%s is 0, read %+v", text, resultOf(o))
			}
		default:
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalid {
				t.Fatalf("%s is neither 1 nor 0, read %+v", text, resultOf(o))
			}
		}
		f := rapid.Float64().Draw(t, "float")
		if _, ok := Read(f, Options{}).Value(); ok != (f == 0 || f == 1) {
			t.Fatalf("Read(%v float64): value %v", f, ok)
		}
	})
}

// asciiWords are the table's words that are ASCII letters or digits.
var asciiWords = func() []string {
	out := []string{"true", "false", "1", "0"}
	for _, l := range languages {
		for _, w := range slices.Concat(l.Yes, l.No) {
			if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
				out = append(out, w)
			}
		}
	}
	return out
}()

// TestPropertyFastPath: the allocation-free path reads every string it
// takes exactly as the general path does.
func TestPropertyFastPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		codes, _ := drawLanguages(t)
		r, _ := New(Options{Languages: codes})
		var s string
		if rapid.Bool().Draw(t, "table word") {
			w := []byte(rapid.SampledFrom(asciiWords).Draw(t, "word"))
			for i := range w {
				if rapid.Bool().Draw(t, "upper") && w[i] >= 'a' {
					w[i] -= 'a' - 'A'
				}
			}
			s = string(w)
		} else {
			s = rapid.StringOfN(rapid.RuneFrom([]rune("aAnNoOeEsSyYtTjJrRuUfFlL01")), 1, maxFast, -1).Draw(t, "s")
		}
		slow, _ := r.readString(s, s).MarshalJSON()
		for _, o := range []agentinput.Outcome[bool]{r.Read(s), Read(s, Options{Languages: codes})} {
			fast, _ := o.MarshalJSON()
			if !bytes.Equal(fast, slow) {
				t.Fatalf("%q:\nfast %s\nslow %s", s, fast, slow)
			}
		}
	})
}

// TestEntriesHaveNotes: every entry of every language's index has a note
// code, which the fast path's agentinput.ValueNote needs to record its note.
func TestEntriesHaveNotes(t *testing.T) {
	for _, l := range languages {
		for key, e := range buildIndex([]Language{l}) {
			if e.note == "" {
				t.Errorf("%s: the entry of %q has no note code", l.Code, key)
			}
		}
	}
	for key, e := range defaultReader().words {
		if e.note == "" {
			t.Errorf("default: the entry of %q has no note code", key)
		}
	}
}

// FuzzRead checks the reference, purity and the fast path on any string,
// seeded with every string of testdata/cases.txt.
func FuzzRead(f *testing.F) {
	var ls []Language
	for _, l := range languages {
		if l.Default {
			ls = append(ls, l)
		}
	}
	el, _ := languageIndex("el")
	withGreek := append(slices.Clone(ls), languages[el])
	greek, _ := New(Options{Languages: append(DefaultLanguages(), "el")})
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, s)
		for _, set := range []struct {
			r  *Reader
			ls []Language
		}{{defaultReader(), ls}, {greek, withGreek}} {
			o := set.r.Read(s)
			if got, want := resultOf(o), refRead(s, set.ls); got != want {
				t.Fatalf("Read(%q) = %+v, the reference says %+v", s, got, want)
			}
			a, _ := o.MarshalJSON()
			b, _ := set.r.Read(s).MarshalJSON()
			c, _ := set.r.readString(s, s).MarshalJSON()
			if !bytes.Equal(a, b) {
				t.Fatalf("Read(%q) is not pure:\n%s\n%s", s, a, b)
			}
			if len(s) <= agentinput.MaxScalarBytes && !bytes.Equal(a, c) {
				t.Fatalf("Read(%q): fast and slow paths disagree:\n%s\n%s", s, a, c)
			}
		}
	})
}

// TestFastPathEveryWord: for every ASCII word of every language alone and
// of the default set, in lower case, upper case and with a capital first
// letter, the fast path (Read, Reader.Read) reads what readString reads.
func TestFastPathEveryWord(t *testing.T) {
	sets := [][]string{nil}
	for _, l := range languages {
		sets = append(sets, []string{l.Code})
	}
	checked := 0
	for _, codes := range sets {
		r, err := New(Options{Languages: codes})
		if err != nil {
			t.Fatal(err)
		}
		for key := range r.words {
			if _, ok := packKey(key); !ok {
				continue
			}
			for _, s := range []string{key, strings.ToUpper(key), strings.ToUpper(key[:1]) + key[1:]} {
				slow, _ := r.readString(s, s).MarshalJSON()
				for _, o := range []agentinput.Outcome[bool]{r.Read(s), Read(s, Options{Languages: codes})} {
					if fast, _ := o.MarshalJSON(); !bytes.Equal(fast, slow) {
						t.Errorf("%q in %v:\nfast %s\nslow %s", s, codes, fast, slow)
					}
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no word checked")
	}
}
