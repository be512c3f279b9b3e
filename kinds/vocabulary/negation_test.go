package vocabulary

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Every spelling of every entry (id, name, English name, abbreviation, in
// any member of its spelling class), led by any inverting mark or word of
// internal/spelling, neither reads as that entry nor offers it as a
// reading: that would give the opposite of what was sent.
func TestPropertyNegatedNeverTheEntry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		entries, _ := drawVocabulary(t)
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
		spellings := append(append(append([]string{e.ID}, e.Names...), e.English...), e.Abbreviations...)
		sp := rapid.SampledFrom(spellings).Draw(t, "spelling")
		var prefix string
		if rapid.Bool().Draw(t, "mark") {
			prefix = rapid.SampledFrom(spelling.NegationMarks()).Draw(t, "mark") + rapid.SampledFrom([]string{"", " "}).Draw(t, "gap")
		} else {
			w := rapid.SampledFrom(spelling.NegationWords()).Draw(t, "word")
			if rapid.Bool().Draw(t, "upper") {
				w = strings.ToUpper(w)
			}
			prefix = w + rapid.SampledFrom([]string{" ", "-", ": "}).Draw(t, "gap")
		}
		s := prefix + strings.TrimSpace(render(t, sp, false))
		o := v.Read(s)
		if id, ok := o.Value(); ok {
			if id == e.ID {
				t.Fatalf("Read(%q) = %s, the entry it negates", s, id)
			}
			return
		}
		a, _ := o.Ask()
		for _, r := range a.Readings {
			var id string
			if json.Unmarshal(r.Value, &id) == nil && id == e.ID {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) offers %s, the entry it negates: %s", s, e.ID, b)
			}
		}
		if a.Code != agentinput.AskInvalid && a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q): ask %s", s, a.Code)
		}
	})
}

// plainKey is Negation's answer without asking it: whenever it says no
// mark or word can lead a spelling, spelling.Negation finds none. The
// spellings are an entry's, or any string, led sometimes by a negation
// word (any of them, folded differently: "W/O", "Außer"), a mark, a
// bracket, a quote or another character, in any letter case and with any
// separator.
func TestPlainKeyIsNegation(t *testing.T) {
	words := spelling.NegationWords()
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "any string") {
			s = rapid.String().Draw(t, "s")
		} else {
			entries, _ := drawVocabulary(t)
			e := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "entry")]
			spellings := append(append(append([]string{e.ID}, e.Names...), e.English...), e.Abbreviations...)
			s = render(t, rapid.SampledFrom(append(spellings, words...)).Draw(t, "spelling"), true)
		}
		switch rapid.IntRange(0, 3).Draw(t, "lead") {
		case 1:
			w := rapid.SampledFrom(words).Draw(t, "word")
			if rapid.Bool().Draw(t, "upper") {
				w = strings.ToUpper(w)
			}
			s = w + rapid.SampledFrom([]string{" ", "-", ": ", "", ".", "$ ", "+ "}).Draw(t, "gap") + s
		case 2:
			s = rapid.SampledFrom(append(spelling.NegationMarks(), "(", "[", "\"", "'", "«", "„", " ", ".", "+", "*", "é", "Ž")).Draw(t, "mark") + s
		case 3:
			s = strings.ToUpper(s)
		}
		trimmed, _, problem := spelling.Word(s)
		if problem != "" {
			return
		}
		k, signed := keyAndSign(trimmed)
		if k == "" || signed || !plainKey(trimmed, k) {
			return // a spelling with a sign is asked Negation (readString)
		}
		if rest, ok := spelling.Negation(s); ok {
			t.Fatalf("plainKey(%q, %q) is true, but Negation(%q) = %q", trimmed, k, s, rest)
		}
	})
}
