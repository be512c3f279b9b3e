package country

import (
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// A flag emoji is a country's code written in regional indicator symbols
// (U+1F1E6 … U+1F1FF, one for each letter A … Z): 🇨🇿 is C and Z, read as
// the code CZ by the code's rules, with a note form naming the letters. A
// subdivision flag (a black flag, U+1F3F4, then tag letters and a cancel
// tag: 🏴󠁧󠁢󠁳󠁣󠁴󠁿 is gb-sct, Scotland) is the flag of a part of
// the country its first two tag letters name. An emoji variation selector
// (U+FE0F) after a flag is dropped. A pair that is no country's code (🇪🇺,
// the European Union's; 🇺🇳) is asked about as the code would be.

const (
	regionalA  = 0x1F1E6 // REGIONAL INDICATOR SYMBOL LETTER A
	regionalZ  = 0x1F1FF
	blackFlag  = 0x1F3F4
	tagA       = 0xE0061 // TAG LATIN SMALL LETTER A
	tagZ       = 0xE007A
	cancelTag  = 0xE007F
	emojiStyle = 0xFE0F
)

// flagLetters returns the two letters of the code a flag emoji spells, and
// whether t is one flag emoji (a regional indicator pair, or a subdivision
// flag) and nothing else.
func flagLetters(t string) (string, bool) {
	r, size := utf8.DecodeRuneInString(t)
	switch {
	case r >= regionalA && r <= regionalZ:
		second, size2 := utf8.DecodeRuneInString(t[size:])
		if second < regionalA || second > regionalZ {
			return "", false
		}
		if rest := t[size+size2:]; rest != "" && rest != string(rune(emojiStyle)) {
			return "", false
		}
		return string([]byte{byte('A' + r - regionalA), byte('A' + second - regionalA)}), true
	case r == blackFlag:
		var letters []byte
		rest := t[size:]
		for rest != "" {
			c, n := utf8.DecodeRuneInString(rest)
			rest = rest[n:]
			switch {
			case c >= tagA && c <= tagZ && len(letters) < 7:
				letters = append(letters, byte('A'+c-tagA))
			case c == cancelTag && rest == "" && len(letters) >= 3:
				return string(letters[:2]), true
			default:
				return "", false
			}
		}
	}
	return "", false
}

// readFlag reads a flag emoji as its code, with a note form naming it.
func (r *Reader) readFlag(v any, t, letters string, notes agentinput.Notes) agentinput.Outcome[string] {
	o := r.readTrimmed(v, letters, letters, false)
	code, ok := o.Value()
	if !ok {
		return o
	}
	notes.Add(agentinput.NoteForm, agentinput.Text(t), "a flag emoji, the letters "+letters)
	return agentinput.Value(code, notes)
}
