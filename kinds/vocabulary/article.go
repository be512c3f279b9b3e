package vocabulary

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/kinds/country"
)

// articles are the leading articles a spelling that names no entry may
// start with, as data: English, German (its genitive, dative and
// accusative too: "des Obersten Gerichtshofs"), French, Spanish, Italian,
// Portuguese and Dutch. A word article is followed by whitespace; an
// elided one ("l'", "l’") by the rest of the spelling directly. Matched
// without regard to letter case.
var articles = []struct {
	word   string
	elided bool
}{
	{"the", false}, {"a", false}, {"an", false}, // English
	{"der", false}, {"die", false}, {"das", false}, {"des", false}, {"dem", false}, {"den", false}, // German
	{"le", false}, {"la", false}, {"les", false}, {"l'", true}, {"l’", true}, // French, Italian
	{"el", false}, {"los", false}, {"las", false}, // Spanish
	{"il", false}, {"lo", false}, {"i", false}, {"gli", false}, // Italian
	{"o", false}, {"os", false}, {"as", false}, // Portuguese
	{"de", false}, {"het", false}, // Dutch
}

// isArticle reports whether the folded word w is a word article.
func isArticle(w string) bool {
	for _, a := range articles {
		if !a.elided && a.word == w {
			return true
		}
	}
	return false
}

// dropArticle returns the trimmed spelling s without its leading article,
// and the article as written, or ok false when s starts with none or
// nothing follows it.
func dropArticle(s string) (article, rest string, ok bool) {
	// Every word article is three letters or fewer, and an elided one
	// starts with l: a spelling that starts otherwise and whose first
	// space is not among its first four bytes has none (most misses).
	if len(s) > 0 && s[0]|0x20 != 'l' {
		if i := strings.IndexFunc(s[:min(len(s), 7)], unicode.IsSpace); i < 0 || i > 3 {
			return "", "", false
		}
	}
	for _, a := range articles {
		n := len(a.word)
		if len(s) <= n || !strings.EqualFold(s[:n], a.word) {
			continue
		}
		if !a.elided {
			r, _ := utf8.DecodeRuneInString(s[n:])
			if !unicode.IsSpace(r) {
				continue
			}
		}
		if rest = strings.TrimLeftFunc(s[n:], unicode.IsSpace); rest != "" {
			return s[:n], rest, true
		}
	}
	return "", "", false
}

// dropArticle is dropArticle, except that a leading word in capitals
// that the country owner reads as a country ("AS", American Samoa's code,
// "DE", "EL") is a country written first (qualify), never an article
// ("as", "de", "el" stay articles).
func (v *Reader) dropArticle(s string) (article, rest string, ok bool) {
	article, rest, ok = dropArticle(s)
	if ok && strings.ToUpper(article) == article {
		if _, isCountry := country.Read(article, country.Options{}).Value(); isCountry {
			return "", "", false
		}
	}
	return article, rest, ok
}

// withoutArticle reads a spelling s that names no entry as sent once its
// leading article is left out: the one entry the rest names, or ok false
// when s has no leading article or the rest names no entry or several.
func (v *Reader) withoutArticle(s string) (h hit, article string, ok bool) {
	article, rest, ok := v.dropArticle(s)
	if !ok {
		return hit{}, "", false
	}
	if i, exact := v.ids[rest]; exact {
		return hit{entry: i, how: byID}, article, true
	}
	k := key(rest)
	if k == "" {
		return hit{}, "", false
	}
	hits := v.lookup(k)
	if len(hits) != 1 {
		return hit{}, "", false
	}
	return hits[0], article, true
}
