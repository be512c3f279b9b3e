package spelling

import (
	"math/rand/v2"
	"testing"
)

// TestNegationFastExit checks that Negation's cheap ASCII first test never
// changes its answer: every spelling reads as negationFull reads it.
func TestNegationFastExit(t *testing.T) {
	inputs := []string{"", "LIVE", "Status 0001 Archived", "status0001Archived", "something_else_entirely",
		"not_started", "NOT draft", "nonDraft", "non-draft", "no", "No ", "no\u00a0draft", "no\u200bdraft",
		"notdraft", "not", "not ", "Not: draft", "but not x", "w/o x", "kromě x", "ne x", "nex", "all except x",
		"excl. x", "a" + string(make([]byte, 30)), "abcdefghijklmnopqrstuvwxyzabc def", "Ohne x", "OHNE\tx",
		"draft\"", "no\"", "no'", "9 x", "-x", "x-", "neé x", "ne\u0301 x"}
	for _, w := range NegationWords() {
		for _, sep := range []string{" ", "_", "-", ":", ". ", "\t", "", "\u00a0", "é"} {
			inputs = append(inputs, w+sep+"draft", w+sep, Fold(w)+sep+"x")
		}
	}
	alphabet := []rune("abnotNOTeskx _-:.'\"()é\u200b\u00a09")
	rng := rand.New(rand.NewPCG(18, 18))
	for range 20000 {
		r := make([]rune, rng.IntN(10))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(r))
	}
	for _, s := range inputs {
		gotRest, gotOK := Negation(s)
		wantRest, wantOK := negationFull(s)
		if gotRest != wantRest || gotOK != wantOK {
			t.Errorf("Negation(%q) = %q, %v; the full test: %q, %v", s, gotRest, gotOK, wantRest, wantOK)
		}
	}
}
