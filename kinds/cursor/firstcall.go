package cursor

import (
	"strings"

	"agentinput.dev/agentinput"
)

// The first-call class (issue 33): what a model sends for a first call,
// which reads as no cursor. Exactly:
//
//   - null (absent), false, the JSON numbers 0 and 1 (1.0, 10e-1), an
//     empty array or object;
//   - a string, trimmed, that is made of words of the word table
//     (pageLanguages: page, offset and filler words, the words for the
//     numbers, and the first-call words: start, begin, initial, reset,
//     top, none, null, undefined … in each language), separators
//     (whitespace, _ - = : . # / , ; + and brackets) and
//     numbers, in digits or in words, each 0 or 1, with no word that
//     names a move, no filler alone ("the", "na" name nothing) and no
//     trailing "=" (base64's padding: "NA==" is the base64 of "4"): "",
//     " ", "0", "1", "start", "first", "page 1", "page 0", "offset=0",
//     "first page", "1st page", "<start>", "__start__", "FIRST_PAGE",
//     "erste Seite", "page 1/10";
//   - key=value pairs of known keys (laterPairs' keys) that name the first
//     page: a page key of 0 or 1 or no value, an offset key of 0 or 1 or
//     no value, a keyset key with no value, harmless keys with any value:
//     "?page=1", "?offset=0&limit=20", "page[size]=20", "?".
//
// Everything else that is not a token of this server's class — base64 of
// JSON ("eyJwYWdlIjoyfQ=="), "MQ==", true, a token of another server or
// version ("v2:abc"), a negative or fractional page, a word the table does
// not hold ("s2"), an object naming a page — is a cursor this server never
// issued: invalid_cursor, never a silent restart at page one.

// firstCall reports whether the trimmed string t, outside the token class
// and naming no later page, is of the first-call class.
func firstCall(t string) bool {
	return firstWords(t) || firstWords(withoutTotal(t)) && withoutTotal(t) != "" || firstPairs(t)
}

// firstPairs reports whether t is key=value pairs (key:value too) of known
// keys that name the first page (see the class above).
func firstPairs(t string) bool {
	if t == "" || (t[0] != '?' && t[0] != '&') && !strings.ContainsAny(t, "=:") {
		return false
	}
	if t[0] == '?' || t[0] == '&' {
		t = t[1:]
	}
	for _, p := range strings.FieldsFunc(t, func(r rune) bool { return r == '&' || r == ';' || r == ',' }) {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			if k, v, ok = strings.Cut(p, ":"); !ok {
				return false
			}
		}
		kind, word, _ := readKey(trimSpace(k))
		v = trimSpace(v)
		if kind == keyKeyset && pageIndex()[word].roles&roleOffset != 0 && isNumber(v) {
			kind = keyOffset // "after=0" reads as the offset word it is, as laterPairs reads it
		}
		switch kind {
		case keyUnknown:
			return false
		case keyKeyset:
			if v != "" {
				return false
			}
		case keyPage, keyOffset:
			if v != "" && !(isNumber(v) && firstNumber(v)) && !firstWords(v) {
				return false
			}
		}
	}
	return true
}

// firstValue reports whether a JSON value that is not a string is of the
// first-call class: false, 0 or 1, an empty array or object.
func firstValue(v any) bool {
	switch x := v.(type) {
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return firstNumber(v)
}

// reasonNotIssued is the reason of the ask about a value that is neither a
// token of this server's class nor of the first-call class.
const reasonNotIssued = "it is not a cursor this server issued, nor a way of asking for the first page"

// askNotIssued is the ask about such a value: reading it as no cursor
// would restart at page one in silence, and it may be a token of another
// server, or a cursor the caller made up for a later page.
func askNotIssued(v any) agentinput.Outcome[Position] {
	return askWith(v, agentinput.AskInvalidCursor, reasonNotIssued, HintLaterPage)
}
