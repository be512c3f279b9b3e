package placeholder

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Template reports whether s is a template that was not filled in: a
// text a model copied from an example or a prompt template instead of a
// value of its own, which every caller that copies it shares. Three
// classes:
//
//   - a slot of a template language anywhere in s: "{{…}}", "${…}",
//     "{%…%}", "%{…}" ("{{idempotency_key}}", "order-${id}");
//   - a slot named in brackets: a run of words in <>, {} or [] anywhere in
//     s ("<key>", "{uuid}", "order-<id>", "[your key]"), the words being
//     letters, digits, spaces, "_", "-" and "." and at least one a letter;
//   - a text made only of template words (TemplateWords: "your-key-here",
//     "unique_idempotency_key", "UUID"), in any letter case, between any
//     separators that are not letters or digits.
//
// It is for values that name one thing by a caller's choice (an
// idempotency key), where such a text is never a choice. It reads no
// kind; the generic placeholders are Is's, and the templates of an id
// ("your-uuid-here", example UUIDs) are the uuid kind's.
func Template(s string) bool {
	if len(s) > maxTemplateBytes {
		return false
	}
	for _, open := range [...]struct{ open, close string }{{"{{", "}}"}, {"${", "}"}, {"{%", "%}"}, {"%{", "}"}} {
		if i := strings.Index(s, open.open); i >= 0 && strings.Contains(s[i+len(open.open):], open.close) {
			return true
		}
	}
	for _, pair := range [...]string{"<>", "{}", "[]"} {
		if namedSlot(s, pair[0], pair[1]) {
			return true
		}
	}
	return onlyTemplateWords(s)
}

// maxTemplateBytes bounds the texts Template looks at: longer than any
// key a store takes (factory.MaxIdempotencyKeyBytes).
const maxTemplateBytes = 1024

// namedSlot reports whether s holds open, then a run of slot characters
// with a letter among them, then close.
func namedSlot(s string, open, close byte) bool {
	for i := strings.IndexByte(s, open); i >= 0; {
		rest := s[i+1:]
		j := strings.IndexByte(rest, close)
		if j < 0 {
			return false
		}
		if slotName(rest[:j]) {
			return true
		}
		next := strings.IndexByte(rest, open)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

func slotName(inner string) bool {
	letter := false
	for _, r := range inner {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.IsDigit(r), r == ' ', r == '_', r == '-', r == '.':
		default:
			return false
		}
	}
	return letter
}

// templateWords are the words a template's stand-in for a caller-chosen
// key is made of, in lower case.
var templateWords = map[string]bool{
	"your": true, "my": true, "a": true, "an": true, "the": true, "some": true, "any": true,
	"new": true, "unique": true, "random": true, "fresh": true, "generated": true, "generate": true,
	"idempotency": true, "idempotent": true, "idempotencykey": true, "key": true,
	"uuid": true, "uuid4": true, "uuidv4": true, "guid": true, "id": true,
	"here": true, "value": true, "string": true, "example": true, "sample": true,
	"placeholder": true, "insert": true, "put": true, "replace": true, "me": true, "this": true,
	"request": true, "token": true, "xxx": true, "xxxx": true, "foo": true, "bar": true,
}

// TemplateWords lists the template words, in lower case.
func TemplateWords() []string {
	out := make([]string, 0, len(templateWords))
	for w := range templateWords {
		out = append(out, w)
	}
	return out
}

// onlyTemplateWords reports whether s has at least one word and every
// word of it, split at whatever is not a letter or a digit, is a
// template word.
func onlyTemplateWords(s string) bool {
	var buf [32]byte // the longest template word, lowered, fits
	words := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += n
			continue
		}
		word := buf[:0]
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			if r >= utf8.RuneSelf || len(word) == len(buf) {
				return false // no template word is that long, or not ASCII
			}
			word = append(word, byte(unicode.ToLower(r)))
			i += n
		}
		if !templateWords[string(word)] { // no allocation: a map lookup by a converted key
			return false
		}
		words++
	}
	return words > 0
}
