package vocabulary

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/inflect"
	"agentinput.dev/internal/spelling"
)

// A sign that is part of what a spelling names, not a separator: a
// currency sign anywhere ("C$", "US$", "€"), and "+" or "#" ending a word
// ("C++", "C#", "A+"). spelling.Key makes every such character a
// separator, so "C$" would fold like "C"; key keeps them, so that the
// bare letters of an entry's spelling with a sign never read as that
// entry, and a spelling with a sign never reads as an entry's spelling
// without it ("US$" is not "US"). Either is at most near the other: the
// nearest-entries ask may offer it.

// key folds a spelling for the index: spelling.Key ("N.S.", "n. s." and
// "N S" all fold to "n s"; "Krajský soud (v Praze)" to "krajsky soud v
// praze"), with the signs above kept as letters.
func key(s string) string {
	k, _ := keyAndSign(s)
	return k
}

// keyAndSign is key, and whether s holds a character that may be a sign
// ("$", "+", "#" or another currency sign, once folded), which only a
// spelling that spelling.Key does not leave as it is can.
func keyAndSign(s string) (string, bool) {
	k, marked := spelling.KeyMarked(s, maySign)
	if !marked {
		return k, false
	}
	return signedKey(spelling.Fold(s)), true
}

// maySign reports whether r, in a folded spelling, may be a sign key
// keeps.
func maySign(r rune) bool { return r == '$' || r == '+' || r == '#' || unicode.Is(unicode.Sc, r) }

// signedKey is spelling.Key of a folded f, the signs kept as letters:
// every run of other characters that are not letters, digits or marks is
// one space, dropped at the ends.
func signedKey(f string) string {
	var b strings.Builder
	b.Grow(len(f))
	pending := false
	for i, r := range f {
		if wordRune(r) || sign(f, i, r) {
			if pending && b.Len() > 0 {
				b.WriteByte(' ')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return b.String()
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) }

// sign reports whether r, at byte i of f, is a sign key keeps: a currency
// sign, or "+" or "#" after a letter, a digit or another of them (spaces
// between left out) and not right before a letter or a digit ("C++",
// "C #", "A+", "C+ language"; not "A+B", "+NS").
func sign(f string, i int, r rune) bool {
	if unicode.Is(unicode.Sc, r) {
		return true
	}
	if r != '+' && r != '#' {
		return false
	}
	before := strings.TrimRightFunc(f[:i], spelling.IsSpace)
	last, _ := utf8.DecodeLastRuneInString(before)
	if !wordRune(last) && last != '+' && last != '#' {
		return false
	}
	for _, next := range f[i+1:] {
		if next == '+' || next == '#' {
			continue
		}
		return !wordRune(next)
	}
	return true
}

// forms appends the keys of the inflected forms of a name in the language
// lang, as internal/inflect's rules give them.
func forms(name, lang string, out []string) []string { return inflect.Forms(name, lang, key, out) }
