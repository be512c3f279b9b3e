package factorytest

import (
	"encoding/json"
	"strings"

	"pgregory.net/rapid"
)

// FilterValue draws a value a model may send as a filter over stored
// values whose spellings (ids, names, abbreviations …) are given: a
// spelling as it is or in capitals; one changed as models change them (a
// letter changed or cut off, an ending or a word added as an inflection or
// a qualifier adds one, the first word alone); a negation or a pattern of
// one; a word of none of them; or a value of another JSON type, a
// placeholder or a "not filtering" word. It is the class a filter over a
// vocabulary reads, asks about or drops, for properties that hold for each
// of those outcomes.
func FilterValue(t *rapid.T, spellings []string) any {
	s := rapid.SampledFrom(spellings).Draw(t, "spelling")
	switch rapid.IntRange(0, 10).Draw(t, "change") {
	case 0:
		return s
	case 1:
		return strings.ToUpper(s)
	case 2:
		r := []rune(s)
		i := rapid.IntRange(0, len(r)-1).Draw(t, "at")
		r[i] = rapid.RuneFrom([]rune("aeiouyxzčšíů")).Draw(t, "letter")
		return string(r)
	case 3:
		r := []rune(s)
		return string(r[:rapid.IntRange(1, len(r)).Draw(t, "cut")])
	case 4:
		return s + " " + rapid.SampledFrom([]string{"soudu", "ČR", "(NS)", "Gerichts", "of appeal", "– Praha"}).Draw(t, "added")
	case 5:
		return rapid.SampledFrom([]string{"not ", "-", "kromě ", "ohne ", "!"}).Draw(t, "negation") + s
	case 6:
		return s + rapid.SampledFrom([]string{"*", "%", "?"}).Draw(t, "wildcard")
	case 7:
		first, _, _ := strings.Cut(s, " ")
		return first
	case 8:
		return rapid.StringMatching(`[A-Za-zÀ-ž ]{1,24}`).Draw(t, "word")
	case 9:
		return rapid.SampledFrom([]any{json.Number("7"), true, []any{"NS", "NSS"}, map[string]any{"id": "NS"}, "all", "-", ""}).Draw(t, "other")
	}
	return s + rapid.SampledFrom([]string{"s", "u", "em", "ého", "ým", "ovi"}).Draw(t, "ending")
}
