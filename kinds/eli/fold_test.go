package eli

import (
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

// TestFoldKey: the fast path folds every word it takes as spelling.Fold
// does, and every word of the tables is its own fold.
func TestFoldKey(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alphabet := []rune("aAbBcCnNoOsSzZ.-_§°0129áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽßłø\u0301")
		w := string(rapid.SliceOfN(rapid.SampledFrom(alphabet), 1, 40).Draw(t, "word"))
		var buf [32]byte
		if key, ok := foldKey(w, &buf); ok && string(key) != spelling.Fold(w) {
			t.Fatalf("foldKey(%q) = %q, spelling.Fold = %q", w, key, spelling.Fold(w))
		}
	})
	for _, table := range []map[string]bool{fillerWords, unionWords, numberWords, partWords, tailWords} {
		for w := range table {
			if spelling.Fold(w) != w || strings.Contains(w, " ") {
				t.Errorf("table word %q is not folded", w)
			}
		}
	}
	for _, table := range []map[string]string{typeWords, formWords} {
		for w := range table {
			if spelling.Fold(w) != w {
				t.Errorf("table word %q is not folded", w)
			}
		}
	}
}

// TestIsSpace: tokenize's isSpace is spelling.IsSpace for every rune.
func TestIsSpace(t *testing.T) {
	for r := rune(0); r <= 0x10ffff; r++ {
		if isSpace(r) != spelling.IsSpace(r) {
			t.Fatalf("isSpace(%U) = %v, spelling.IsSpace %v", r, isSpace(r), spelling.IsSpace(r))
		}
	}
}

// TestHeadWords: the index headWord looks words up in says of each word
// what the tables say, and holds no word they do not.
func TestHeadWords(t *testing.T) {
	words := map[string]bool{}
	for _, table := range []map[string]bool{unionWords, partWords, numberWords, fillerWords} {
		for w := range table {
			words[w] = true
		}
	}
	for _, table := range []map[string]string{typeWords, formWords} {
		for w := range table {
			words[w] = true
		}
	}
	index := headWords()
	if len(index) != len(words) {
		t.Errorf("headWords has %d words, the tables %d", len(index), len(words))
	}
	for w := range words {
		want := wordClass{base: typeWords[w], form: formWords[w], union: unionWords[w], part: partWords[w],
			other: numberWords[w] || fillerWords[w]}
		if got := index[w]; got != want {
			t.Errorf("headWords[%q] = %+v, want %+v", w, got, want)
		}
	}
}

// TestCzechLetter: each Czech letter folds as spelling.Fold folds it, and
// a rune czechLetter takes is one of them.
func TestCzechLetter(t *testing.T) {
	const letters = "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
	for _, r := range letters {
		if c, ok := czechLetter(r); !ok || string(c) != spelling.Fold(string(r)) {
			t.Errorf("czechLetter(%q) = %q, %v; spelling.Fold %q", r, c, ok, spelling.Fold(string(r)))
		}
	}
	for r := rune(0); r <= 0x10ffff; r++ {
		if _, ok := czechLetter(r); ok && !strings.ContainsRune(letters, r) {
			t.Errorf("czechLetter takes %q, no Czech letter", r)
		}
	}
}

// TestHiddenCharacter: the runes hiddenCharacter passes without asking
// the Unicode tables (Latin letters with diacritics) are neither control
// nor invisible characters, and the tables' characters are still named.
func TestHiddenCharacter(t *testing.T) {
	for r := rune(0xc0); r <= 0x24f; r++ {
		if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
			t.Errorf("%U is hidden, but hiddenCharacter passes it", r)
		}
	}
	for _, r := range []rune{0x7f, 0x85, 0xad, 0x200b, 0x2028, 0x2029, 0x034f, 0xfe0f, 0xe0100, 0x9f} {
		if hiddenCharacter("a"+string(r)+"b") == "" {
			t.Errorf("hiddenCharacter passes %U", r)
		}
	}
}
