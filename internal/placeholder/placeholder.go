// Package placeholder holds the generic placeholder spellings of the
// absence rule (factory.md): the one table, below both the factory, which
// reads a placeholder property as absent, and the list kind, which asks
// about a placeholder item. It reads no kind.
//
// Two classes: Is, the spellings that say "no value" whatever the kind
// ("", null, none, N/A, a dash …), and Unknown, the spellings that say the
// value is not known yet (TBD, unknown, "?" …), which are placeholders only
// where the kind has no reading of their own: "unknown" is a search word in
// free text and may be a declared enum value, but no date.
package placeholder

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// placeholders are the generic placeholder spellings, compared after
// trimming and ASCII case folding. Dash-like characters alone stand for "no
// value" in tables that models copy.
var placeholders = map[string]bool{
	"": true, "null": true, "nil": true, "none": true, "undefined": true,
	"n/a": true, "<nil>": true, "<null>": true, "<none>": true,
	"(null)": true, "(none)": true, "(nil)": true,
	"-": true, "‐": true, "‑": true, "‒": true, "–": true, "—": true, "―": true, "−": true,
}

// unknowns are the spellings that say a value is not known yet, compared
// like placeholders once punctuation between words is one space.
var unknowns = map[string]bool{
	"tbd": true, "tba": true, "tbc": true, "tbd.": true,
	"to be determined": true, "to be decided": true, "to be defined": true,
	"to be announced": true, "to be confirmed": true,
	"unknown": true, "unk": true, "unspecified": true, "not specified": true,
	"not set": true, "unset": true, "not applicable": true, "not available": true,
	"n.a.": true, "n.a": true, "na": true, "n.v.": true, "not known": true,
	"not provided": true, "not given": true, "no value": true, "empty": true, "blank": true,
}

// maxUnknownBytes bounds the spellings Unknown compares: longer than every
// entry with room for the whitespace and quotes around it.
const maxUnknownBytes = 64

// Is reports whether a decoded JSON value is one of the generic
// placeholder spellings of docs/factory.md: an empty or whitespace string, one of
// the null-like words (null, nil, none, undefined, N/A, <nil> …) in any
// letter case and within surrounding quotes, a dash alone; and, when the
// kind is not a collection, an empty array or object. 0 and false never are.
func Is(v any, collection bool) bool {
	switch v := v.(type) {
	case string:
		if len(v) > 64 {
			return false
		}
		t, _ := spelling.Trim(v)
		if t != "" && !starts(&placeholderStarts, t[0]) {
			return false // "4000", "abc": no entry begins so (TestStartsExact)
		}
		if invisibleOnly(t) {
			return true // nothing a reader can see: "\u200b"
		}
		t = tableKey(t)
		if placeholders[t] {
			return true
		}
		// In one pair of brackets: "[null]", "{none}", "<undefined>".
		inner, ok := unbracket(t)
		return ok && inner != "" && placeholders[inner]
	case []any:
		return !collection && len(v) == 0
	case map[string]any:
		return !collection && len(v) == 0
	}
	return false
}

// Unknown reports whether a decoded JSON value says that the value is not
// known yet: TBD, TBA, TBC and "to be determined" and its kin, "unknown",
// "unspecified", "not set", "not applicable", "n.a.", "NA", those in
// brackets, a run of question marks or an ellipsis alone ("?", "???",
// "...", "…"), and a date or time format copied in place of a value
// ("YYYY-MM-DD", "DD.MM.YYYY", "mm/dd/yyyy", "hh:mm"; formatPattern), in
// any letter case and within surrounding quotes. These are
// placeholders only where the kind has no reading of them (binding.Read asks
// the kind first): "NA" is Namibia in a country field and "unknown" a word
// in free text.
func Unknown(v any) bool {
	s, ok := v.(string)
	if !ok || len(s) > maxUnknownBytes {
		return false
	}
	t, _ := spelling.Trim(s)
	if t == "" || !starts(&unknownStarts, t[0]) {
		return false // "abc": no entry begins so (TestStartsExact)
	}
	if questionsOrEllipsis(t) {
		return true
	}
	if inner, ok := unbracket(t); ok {
		t = inner
	}
	if formatPattern(t) {
		return true
	}
	key := strings.Join(strings.Fields(strings.ToLower(t)), " ")
	// "T.B.D.", "t.b.d": an abbreviation written with dots.
	return unknowns[key] || unknowns[strings.ReplaceAll(key, ".", "")]
}

// placeholderStarts and unknownStarts are the ASCII bytes a trimmed
// spelling can begin with and still be in Is's or Unknown's class: the
// first byte of an entry in either letter case, a bracket (unbracket), and
// for Unknown the question mark and the dot (questionsOrEllipsis, and the
// dots an abbreviation drops). Every byte under 0x21 is in both, and a byte
// that is not ASCII is never looked up: the tables' other entries begin
// with one (dashes, "？", "…"). A spelling whose first byte is not in the
// set is not in the class, without lower-casing it or looking it up.
var placeholderStarts, unknownStarts = startSet(placeholders, bracketPairs), startSet(unknowns, bracketPairs+"?."+patternLetters)

// startSet is the set of bytes a spelling of table may begin with.
func startSet(table map[string]bool, more string) (set [utf8.RuneSelf]bool) {
	for c := range byte(0x21) {
		set[c] = true
	}
	for k := range table {
		if k != "" && k[0] < utf8.RuneSelf {
			set[unicode.ToLower(rune(k[0]))] = true
			set[unicode.ToUpper(rune(k[0]))] = true
		}
	}
	for i := range len(more) {
		set[more[i]] = true
	}
	return set
}

// starts reports whether a spelling that begins with c may be in the class
// of set.
func starts(set *[utf8.RuneSelf]bool, c byte) bool {
	return c >= utf8.RuneSelf || set[c]
}

// unbracket returns t without one pair of surrounding brackets — (), [],
// {} or <> — and its inner whitespace, and false when t has none.
func unbracket(t string) (string, bool) {
	if len(t) < 2 {
		return t, false
	}
	for i := 0; i < len(bracketPairs); i += 2 {
		if t[0] == bracketPairs[i] && t[len(t)-1] == bracketPairs[i+1] {
			return strings.TrimSpace(t[1 : len(t)-1]), true
		}
	}
	return t, false
}

// bracketPairs are the brackets unbracket takes off, each opening one
// before its closing one.
const bracketPairs = "()[]{}<>"

// questionsOrEllipsis reports whether t is question marks alone, or an
// ellipsis alone (three or more dots, or U+2026).
func questionsOrEllipsis(t string) bool {
	switch {
	case strings.Trim(t, "?？") == "":
		return true
	case t == "…" || t == "……":
		return true
	case len(t) >= 3 && strings.Trim(t, ".") == "":
		return true
	}
	return false
}

// tableKey is how a trimmed spelling is compared with the table: lower
// case, without the spaces around a slash ("N / A") and without one
// closing full stop after a word ("None.", "N/A.").
func tableKey(t string) string {
	t = strings.ToLower(t)
	if strings.Contains(t, "/") {
		t = strings.Join(strings.FieldsFunc(t, func(r rune) bool { return r == ' ' }), " ")
		t = strings.ReplaceAll(strings.ReplaceAll(t, " /", "/"), "/ ", "/")
	}
	if strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..") && strings.IndexFunc(t, unicode.IsLetter) >= 0 {
		t = strings.TrimSuffix(t, ".")
	}
	return t
}

// invisibleOnly reports whether t is made only of characters a reader
// cannot see: format characters (zero-width space and joiners, the word
// joiner, the byte-order mark). The empty string is not: Trim's caller
// sees it already.
func invisibleOnly(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if !unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// patternLetters are the letters of the fields of a date or time format:
// year, month (and minute), day, hour, second.
const patternLetters = "yYmMdDhHsS"

// formatPattern reports whether t is a date or time format, the template
// a documentation writes where a value goes ("YYYY-MM-DD", "DD.MM.YYYY",
// "mm/dd/yyyy", "YYYY-MM-DDTHH:MM:SSZ", "hh:mm", "yyyymmdd"). The class,
// exactly: runs of one field letter (y, m, d, h, s in either case, one to
// four of them), next to each other or separated by one of - . / : , and
// spaces, with the literal T before a time and Z at the end; at least two
// runs of different letters and at least four field letters in all, or
// the year alone as YYYY. "hmm" (three letters) and "MD" (a code) are
// not.
func formatPattern(t string) bool {
	if len(t) < 4 || len(t) > 32 {
		return false
	}
	var runs [16]byte
	n, letters := 0, 0
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case strings.IndexByte(patternLetters, c) >= 0:
			j := i
			for j < len(t) && t[j]|0x20 == c|0x20 {
				j++
			}
			if j-i > 4 || n == len(runs) {
				return false
			}
			runs[n] = c | 0x20
			n++
			letters += j - i
			i = j
		case c == 'T' && i > 0 && i+1 < len(t), c == 'Z' && i == len(t)-1 && i > 0:
			i++
		case strings.IndexByte("-./:, ", c) >= 0:
			i++
		default:
			return false
		}
	}
	if n == 1 {
		return runs[0] == 'y' && letters == 4
	}
	distinct := false
	for i := 1; i < n; i++ {
		distinct = distinct || runs[i] != runs[0]
	}
	return distinct && letters >= 4
}

// noneWords are the words that say "none of them" in the library's
// languages, as the first word of a list property's value: English none,
// no, nothing, zero, empty; Czech žádný, nic; Slovak žiadny, nič; German
// kein, nichts; French aucun, rien; Spanish ninguno, nada; Italian
// nessuno, niente, nulla; Polish żaden, brak, nic; Portuguese nenhum,
// nada; Dutch geen, niets; Swedish, Danish and Norwegian ingen, inga,
// inget, ingenting; Hungarian semmi, egyik sem; Romanian niciunul, nimic.
var noneWords = map[string]bool{
	"none": true, "no": true, "nothing": true, "zero": true, "empty": true, "nil": true, "null": true,
	"žádný": true, "žádná": true, "žádné": true, "žádní": true, "nic": true,
	"žiadny": true, "žiadna": true, "žiadne": true, "nič": true,
	"kein": true, "keine": true, "keiner": true, "keines": true, "nichts": true,
	"aucun": true, "aucune": true, "rien": true,
	"ninguno": true, "ninguna": true, "nada": true,
	"nessuno": true, "nessuna": true, "niente": true, "nulla": true,
	"żaden": true, "żadna": true, "żadne": true, "brak": true,
	"nenhum": true, "nenhuma": true,
	"geen": true, "niets": true,
	"ingen": true, "inga": true, "inget": true, "ingenting": true,
	"semmi": true, "egyik": true,
	"niciunul": true, "niciuna": true, "nimic": true,
}

// NoItems reports whether a decoded JSON value is a string that says "no
// items" in words, as a model writes it for a list property: one to four
// words, the first of noneWords ("none at all", "no tags", "žádné",
// "keine Tags", "nothing"), in any letter case and within surrounding
// quotes. A list property that asks about such a value says that [] is
// the empty list (issue 32).
func NoItems(v any) bool {
	s, ok := v.(string)
	if !ok || len(s) > maxUnknownBytes {
		return false
	}
	t, _ := spelling.Trim(s)
	words := strings.Fields(strings.ToLower(t))
	return len(words) >= 1 && len(words) <= 4 && noneWords[strings.Trim(words[0], ".,!")]
}
