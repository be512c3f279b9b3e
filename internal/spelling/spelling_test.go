package spelling

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestTrim(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		trimmed  bool
	}{
		{"4000", "4000", false},
		{" 4000 ", "4000", true},
		{"\u00a0\t4000\n", "4000", true},
		{`"4000"`, "4000", true},
		{` " 4000 " `, "4000", true},
		{"“4000”", "4000", true},
		{"„4000“", "4000", true},
		{"«4000»", "4000", true},
		{"'4000'", "4000", true},
		{`"4000'`, `"4000'`, false},         // quotes that do not match stay
		{`""4000""`, `"4000"`, true},        // one pair only
		{`"`, `"`, false},                   // a lone quote is not a pair
		{"\ufeff4000", "4000", true},        // a byte-order mark
		{"4\u00a0000", "4\u00a0000", false}, // inner spaces are the kind's business
		{"", "", false},
	} {
		got, trimmed := Trim(tt.in)
		if got != tt.want || trimmed != tt.trimmed {
			t.Errorf("Trim(%q) = %q, %v; want %q, %v", tt.in, got, trimmed, tt.want, tt.trimmed)
		}
	}
}

func TestFold(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"ano", "ano"},
		{"ÁNO", "ano"},
		{"Áno", "ano"},
		{"NÃO", "nao"},
		{"Sí", "si"},
		{"ｙｅｓ", "yes"},
		{"Łódź", "lodz"},
		{"Straße", "strasse"},
		{"ΌΧΙ", "οχι"},
		{"published-at", "published at"},
		{"  Published__At.  ", "published at"},
		{"října", "rijna"},
		{"Ærø", "aero"},
	} {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHidden(t *testing.T) {
	for _, tt := range []struct {
		in     string
		hidden bool
	}{
		{"ano", false},
		{"a\tb\nc", false},
		{"ශ්\u200dරී ලංකාව", false}, // a joiner inside Sinhala
		{"N\u200dS", true},          // a joiner between Latin letters hides itself
		{"4\u200b000", true},
		{"yes\u202e", true},
		{"a\x00b", true},
		{"a\u00adb", true},
		{"ano\ufe0f", true},
		{"\u034fano", true},
	} {
		if got := Hidden(tt.in) != ""; got != tt.hidden {
			t.Errorf("Hidden(%q) = %q", tt.in, Hidden(tt.in))
		}
	}
}

// Trim's fast exit never changes what it returns.
func TestTrimFastExit(t *testing.T) {
	edges := []string{"", " ", "\t", "\u00a0", "\ufeff", `"`, "'", "`", "“", "”", "«", "»", "a", "1", "-", "<", "\x00", "\x7f", "é"}
	for _, a := range edges {
		for _, b := range edges {
			for _, mid := range []string{"", "x", " x ", "\"x\""} {
				s := a + mid + b
				gt, gc := Trim(s)
				wt, wc := trimFull(s)
				if gt != wt || gc != wc {
					t.Errorf("Trim(%q) = %q, %v; without the fast exit %q, %v", s, gt, gc, wt, wc)
				}
			}
		}
	}
}

// TestMayLeadNegation: the cheap test never turns a negation away: every
// negation word, in any case, followed by a separator and a value, passes
// it and is found by Negation.
func TestMayLeadNegation(t *testing.T) {
	for _, w := range NegationWords() {
		for _, s := range []string{w + " x", strings.ToUpper(w) + "-x", w + ": x"} {
			if !mayLeadNegation(s) {
				t.Errorf("mayLeadNegation(%q) = false", s)
			}
			if _, ok := Negation(s); !ok {
				t.Errorf("Negation(%q): not a negation", s)
			}
		}
	}
	for _, s := range []string{"Published At", "draft", "in review", "Nejvyšší soud"} {
		if _, ok := Negation(s); ok {
			t.Errorf("Negation(%q): a negation", s)
		}
	}
}

// TestNegationASCIIFastPaths holds the ASCII shortcuts of IsNegationMark,
// hasWordBreak and Negation's opener trim to the Unicode rules they skip.
func TestNegationASCIIFastPaths(t *testing.T) {
	for c := rune(0); c < utf8.RuneSelf; c++ {
		mark := unicode.Is(unicode.Pd, c) || strings.ContainsRune("!~^", c)
		if IsNegationMark(c) != mark {
			t.Errorf("IsNegationMark(%q) = %v, want %v", c, !mark, mark)
		}
		s := "ab" + string(c) + "Čd"
		if got, want := hasWordBreak(s), hasWordBreakRunes(s); got != want {
			t.Errorf("hasWordBreak(%q) = %v, want %v", s, got, want)
		}
		if opener := strings.ContainsRune(negationOpeners, c); opener != strings.ContainsRune(negationOpenersASCII, c) {
			t.Errorf("%q: opener %v in negationOpeners, not so in negationOpenersASCII", c, opener)
		}
	}
}

// A prefix fused to a word inverts it (InvertsWords, over Key's folding);
// the same prefix written apart is a negation word, which Negation reads.
// A word that only ends like another, or a prefix with nothing after it,
// does not invert.
func TestInvertedWordsAndNegation(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"unpublished", "published", true},
		{"Unpublished", "published", true},
		{"nepublikováno", "publikováno", true},
		{"deactivated", "activated", true},
		{"Archived", "archived", false},
		{"published", "published", false},
		{"republished", "published", false},
		{"spublished", "published", false},
		{"unpublished", "draft", false},
		{"unpublished", "unpublished or published", false},
		{"un-published", "published", true},
		{"una aaaaa", "a aaaaa", true},
	} {
		if got := InvertsWords(Key(c.s), Key(c.w)); got != c.want {
			t.Errorf("InvertsWords(%q, %q) = %v, want %v", c.s, c.w, got, c.want)
		}
	}
	for _, s := range []string{"non published", "non-published", "niet actief", "not published"} {
		if _, ok := Negation(s); !ok {
			t.Errorf("Negation(%q): not read as a negation", s)
		}
	}
}

// TestHiddenInvalidUTF8: a byte that is no UTF-8 (the fuzzer's "\xfd")
// decodes as one byte, not as the three of utf8.RuneError: Hidden and
// WrittenJoiner never slice past the string.
func TestHiddenInvalidUTF8(t *testing.T) {
	for _, s := range []string{"\xfd", "a\xfd", "\xfd\u200d", "\u0915\u200d\xfd", "\xe0\xa4"} {
		Hidden(s)
		for i := range s {
			WrittenJoiner(0, s, i)
		}
	}
	if WrittenJoiner('\u0915', "\u200d\u0937", 0) != true || WrittenJoiner('a', "\u200db", 0) {
		t.Error("a joiner between two Devanagari letters is written; between two Latin ones it is not")
	}
}

// TestWrapTrims holds the spellers' wrapping to Trim: every pair of
// WrapQuotes around a word, with any of WrapSpaces inside and outside, is
// trimmed back to the word.
func TestWrapTrims(t *testing.T) {
	for _, q := range WrapQuotes {
		for _, in := range WrapSpaces {
			for _, out := range WrapSpaces {
				s := out + q[0] + in + "word" + in + q[1] + out
				if got, _ := Trim(s); got != "word" {
					t.Errorf("Trim(%q) = %q, want word", s, got)
				}
			}
		}
	}
	for _, sp := range WrapSpaces[1:] {
		for _, r := range sp {
			if !IsSpace(r) {
				t.Errorf("WrapSpaces holds %U, which IsSpace does not", r)
			}
		}
	}
}
