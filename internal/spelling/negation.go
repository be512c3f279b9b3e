package spelling

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// negationWords are the words that, leading a value, exclude or invert what
// follows ("not NS", "kromě NS", "non-NS", "without NS"), in the languages
// the boolean kind reads and a few it holds disabled, compared after
// folding (Key). This table is the one owner of the fact "this word
// inverts a value": the filter kind, the enum and the vocabulary read it
// through Negation.
var negationWords = []struct {
	lang  string
	words []string
}{
	{"en", []string{"not", "except", "excluding", "exclude", "excl", "without", "w/o", "no", "non", "but not",
		"other than", "all except", "all but", "everything except", "anything but", "except for", "apart from",
		"neither", "never", "minus", "omit", "omitting", "ignore", "skip", "besides"}},
	{"cs", []string{"ne", "kromě", "bez", "mimo", "vyjma", "vše kromě", "všechno kromě", "všechny kromě", "jen ne", "krom"}},
	{"sk", []string{"nie", "okrem", "bez", "všetko okrem", "mimo"}},
	{"de", []string{"nicht", "kein", "keine", "ohne", "außer", "ausser", "ausgenommen", "alle außer", "alles außer"}},
	{"fr", []string{"pas", "non", "sauf", "sans", "hors", "excepté", "tout sauf", "tous sauf", "pas de"}},
	{"es", []string{"no", "excepto", "sin", "salvo", "menos", "todo excepto", "todos excepto", "todos menos"}},
	{"it", []string{"non", "tranne", "senza", "eccetto", "tutto tranne", "tutti tranne", "escluso"}},
	{"pl", []string{"nie", "oprócz", "bez", "poza", "z wyjątkiem", "wszystko oprócz", "wszystkie oprócz"}},
	{"nl", []string{"niet", "geen", "behalve", "zonder", "alles behalve"}},
	{"sv", []string{"inte", "utom", "utan", "förutom", "alla utom", "ej"}},
	{"da", []string{"ikke", "undtagen", "uden", "alle undtagen"}},
	{"nb", []string{"ikke", "unntatt", "uten", "alle unntatt"}},
	{"pt", []string{"não", "exceto", "sem", "menos", "todos exceto", "todos menos"}},
	{"hu", []string{"nem", "kivéve", "nélkül", "mind kivéve", "ne"}},
	{"ro", []string{"nu", "except", "fără", "cu excepția", "toate except"}},
	{"el", []string{"όχι", "εκτός", "χωρίς", "όλα εκτός", "μη"}},
	{"ru", []string{"не", "кроме", "без", "все кроме", "всё кроме"}},
	{"uk", []string{"не", "крім", "окрім", "без", "всі крім", "усі крім"}},
	{"fi", []string{"ei", "paitsi", "ilman", "kaikki paitsi"}},
	{"tr", []string{"değil", "hariç", "olmadan"}},
}

// NegationWords returns the inverting words of every language, as declared
// (for tests that generate negated spellings).
func NegationWords() []string {
	var out []string
	for _, l := range negationWords {
		out = append(out, l.words...)
	}
	return out
}

// NegationMarks returns one member of each family of inverting marks (for
// tests that generate negated spellings; IsNegationMark is the rule).
func NegationMarks() []string {
	return []string{"-", "−", "–", "—", "‐", "‑", "⁻", "₋", "﹣", "－", "!", "！", "¡", "~", "～", "∼", "˜", "¬", "^", "＾",
		"≠", "∉", "⊄", "✗", "✘", "❌", "✕", "✖", "➖", "⊖", "∖"}
}

// IsNegationMark reports whether r, leading a value, inverts or excludes
// it: every dash (Unicode Pd: hyphen-minus, en and em dash …), the minus
// signs (U+2212, superscript and subscript minus, the small and full-width
// hyphen-minus, the heavy minus sign), the exclamation marks (also
// inverted and full-width), the tildes, the not sign, the caret, "not
// equal", "not an element of", set minus, circled minus, and the crosses
// that strike a value out.
func IsNegationMark(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '-' || r == '!' || r == '~' || r == '^' // '-' is ASCII's one dash (Pd)
	}
	if unicode.Is(unicode.Pd, r) {
		return true
	}
	switch r {
	case '−', '⁻', '₋', '﹣', '－', '➖', '⊖', '∖', '!', '！', '¡', '‼', '~', '～', '∼', '˜', '¬', '^', '＾',
		'≠', '∉', '∌', '⊄', '∄', '✗', '✘', '❌', '✕', '✖', '⨯':
		return true
	}
	return false
}

// negationIndex holds the folded negation words, the longest first ("but
// not" must win over a shorter word that starts it).
var negationIndex = sync.OnceValue(func() []string {
	var out []string
	for _, l := range negationWords {
		for _, w := range l.words {
			if k := Key(w); !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
})

// negationOpeners and negationClosers are the brackets and quotes a
// negation may sit in: "(-NS)", "[not NS]".
const (
	negationOpeners = "([{<\"'«„“‘`"
	negationClosers = ")]}>\"'»“”’`"
	// negationOpenersASCII is the ASCII part of negationOpeners: a
	// spelling that begins with another ASCII byte has none to trim.
	negationOpenersASCII = "([{<\"'`"
)

// Negation reports whether s is led by a mark or word that inverts or
// excludes what follows — a mark ("-NS", "!NS", "¬ NS", "– NS"; see
// IsNegationMark) or a word ("not NS", "non-NS", "kromě NS", "NOT: NS") —
// and returns what follows it: the text after a mark as sent, trimmed; the
// text after a word folded by Key. What the rest means is the kind's: a
// kind whose value holds the mark ("-5", "not_started") reads the whole
// spelling first and asks Negation only when the mark would be dropped.
func Negation(s string) (rest string, ok bool) {
	if len(s) > 0 && isASCIIAlnum(s[0]) && !asciiWordMayLead(s) {
		return "", false // the common spelling: no mark, no negation word
	}
	return negationFull(s)
}

// negationFull is Negation without its fast exit (TestNegationFastExit
// compares them).
func negationFull(s string) (rest string, ok bool) {
	t, _ := Trim(s)
	if t != "" && (t[0] >= utf8.RuneSelf || strings.IndexByte(negationOpenersASCII, t[0]) >= 0) {
		t = strings.TrimLeft(t, negationOpeners)
	}
	if r, size := utf8.DecodeRuneInString(t); IsNegationMark(r) {
		rest, _ = Trim(strings.TrimRight(t[size:], negationClosers))
		return rest, Key(rest) != ""
	}
	if !hasWordBreak(t) || !mayLeadNegation(t) {
		return "", false // a negation word is followed by a separator
	}
	k := Key(t)
	for _, w := range negationIndex() {
		if strings.HasPrefix(k, w+" ") {
			return k[len(w)+1:], true
		}
	}
	return "", false
}

// negationFirstWords holds the first word (folded by Key) of every
// negation word, for the cheap test of mayLeadNegation.
var negationFirstWords = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range negationIndex() {
		first, _, _ := strings.Cut(w, " ")
		m[first] = true
	}
	return m
})

// mayLeadNegation reports whether the first word of s (its letters, digits
// and marks up to the first other character) may be the first word of a
// negation word. An ASCII first word is folded in a stack buffer, so that
// the common spelling that leads with no negation costs no allocation.
func mayLeadNegation(s string) bool {
	var buf [24]byte
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			first := s
			if j := strings.IndexFunc(s, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r)
			}); j >= 0 {
				first = s[:j]
			}
			return negationFirstWords()[Key(first)]
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
		default:
			return negationFirstWords()[string(buf[:n])]
		}
		if n == len(buf) {
			return false // longer than any negation word
		}
		buf[n] = c
		n++
	}
	return negationFirstWords()[string(buf[:n])]
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// asciiWordMayLead is Negation's cheap first test of a spelling s that
// starts with an ASCII letter or digit: nothing at its front is trimmed or
// opens it, and no mark leads it, so only a negation word can. It reports
// false only when Negation would: s is one ASCII word ("LIVE", no word
// break), or its ASCII first word, ended by an ASCII byte, is not the
// first word of a negation word. A first word ended by a non-ASCII
// character is left to the full test.
func asciiWordMayLead(s string) bool {
	var buf [24]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIIAlnum(c) {
			if c >= utf8.RuneSelf || i > len(buf) {
				return true
			}
			return negationFirstWords()[string(buf[:i])]
		}
		if i < len(buf) {
			buf[i] = c | 0x20 // ASCII letters to lower case; digits keep their bits
		}
	}
	return false // no word break: Key makes one word, which no negation word is
}

// hasWordBreak reports whether s holds a character that is not a letter,
// digit or mark, so that Key would make it more than one word.
func hasWordBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return hasWordBreakRunes(s[i:])
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return true // an ASCII byte that is no letter or digit (and no ASCII byte is a mark)
		}
	}
	return false
}

// hasWordBreakRunes is hasWordBreak over every rune.
func hasWordBreakRunes(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r) {
			return true
		}
	}
	return false
}

// Key folds s like Fold and then makes every run of characters that are
// not letters, digits or marks one space, dropped at the ends: "(ALL)",
// "all." and "All-Values" are "all", "all", "all values".
func Key(s string) string {
	f := Fold(s)
	clean := true
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c >= utf8.RuneSelf || !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == ' ') {
			clean = false
			break
		}
	}
	if clean {
		return f // Fold already squeezed the spaces
	}
	var b strings.Builder
	b.Grow(len(f))
	pending := false
	for _, r := range f {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) {
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

// invertingPrefixes are the prefixes that, glued to a word, invert it
// ("unpublished", "nonbinding", "disabled", "inactive", "deactivated",
// Czech and Slovak "nepublikováno", German "unveröffentlicht", Dutch
// "onbekend", Polish "niepublikowany", Portuguese "desativado"), as they
// fold: a spelling that is one of them and a word never means the word
// (issue 33). A single letter (Italian "s-", Swedish "o-") inverts too
// rarely to be read so.
var invertingPrefixes = []string{"un", "non", "dis", "in", "im", "il", "ir", "de", "des", "anti", "ne", "nie", "niet", "on", "no", "nao", "nicht", "mis"}

// InvertsByPrefix reports whether the spelling s is the word w with an
// inverting prefix glued to it, or joined by a hyphen or a space
// ("unpublished", "un-published" for "published"), compared as Key folds
// them with the spaces left out: an ask never offers w as a reading of s.
func InvertsByPrefix(s, w string) bool { return KeyInverts(InvertingKey(s), w) }

// InvertingKey is the key InvertsByPrefix compares a spelling by (Key,
// without spaces), or "" when the spelling may start with no inverting
// prefix: made once for a spelling compared with many words.
func InvertingKey(s string) string {
	if !MayBeInverted(s) || !asciiMayLeadPrefix(s) {
		return ""
	}
	ks := strings.ReplaceAll(Key(s), " ", "")
	for _, p := range invertingPrefixes {
		if len(ks) > len(p) && ks[:len(p)] == p {
			return ks
		}
	}
	return "" // "archived": no prefix at all, nothing to compare
}

// KeyInverts is InvertsByPrefix of the spelling whose InvertingKey is ks.
func KeyInverts(ks, w string) bool {
	if ks == "" {
		return false
	}
	kw := strings.ReplaceAll(Key(w), " ", "")
	if kw == "" || len(ks) <= len(kw) || !strings.HasSuffix(ks, kw) {
		return false
	}
	return slices.Contains(invertingPrefixes, ks[:len(ks)-len(kw)])
}

// asciiMayLeadPrefix reports whether s may start with an inverting
// prefix, judged without folding when its first letters are ASCII: their
// lower case, separators left out, starts with one ("Archived" does not).
// A spelling with a letter that is not ASCII among them may.
func asciiMayLeadPrefix(s string) bool {
	var buf [8]byte
	n := 0
	for i := 0; i < len(s) && n < len(buf); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return true
		case c >= 'A' && c <= 'Z':
			buf[n] = c + 'a' - 'A'
			n++
		case c >= 'a' && c <= 'z':
			buf[n] = c
			n++
		case c == '-' || c == ' ' || c == '_':
		default:
			return true
		}
	}
	for _, p := range invertingPrefixes {
		if n > len(p) && string(buf[:len(p)]) == p || n == len(buf) && len(p) >= n && p[:n] == string(buf[:n]) {
			return true
		}
	}
	return false
}

// MayBeInverted reports whether s may start with an inverting prefix: its
// first letter, in either case, is the first letter of one (u, n, d, i, a,
// o, m), or not ASCII ("não"). A spelling that may not is never inverted
// by a prefix, and InvertsByPrefix folds nothing for it.
func MayBeInverted(s string) bool {
	if s == "" {
		return false
	}
	c := s[0] | 0x20
	return s[0] >= utf8.RuneSelf || c == 'u' || c == 'n' || c == 'd' || c == 'i' || c == 'a' || c == 'o' || c == 'm'
}
