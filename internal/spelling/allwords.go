package spelling

import "sync"

// allWords are the words for "all", "any", "no filter": a value that
// restricts nothing. The filter kind reads them as "not filtering", and a
// range bound as an open bound. They are in the languages the boolean
// kind reads (kinds/boolean), compared after folding (letter case,
// diacritics, punctuation and separators: "ALL_VALUES", "(all)" and
// "all values" fold alike). This table is their one owner.
//
// Left out on purpose: words that are as often a value as "all" ("todo", a
// to-do status; "alt", Danish for all and English for alternative; "tot",
// "mind"); the words for "both" and "either" ("both", "beide", "oba",
// "ambos" …), which over a kind of more than two values name two
// particular values, not all of them; and every phrase that filters by
// something ("all except …").
var allWords = []struct {
	lang  string
	words []string
}{
	{"en", []string{"all", "any", "every", "everything", "anything", "whatever",
		"all values", "any value", "all of them", "any of them", "no filter", "unfiltered", "not filtered"}},
	{"cs", []string{"vše", "všechny", "všechno", "všechna", "všichni", "cokoli", "cokoliv", "jakýkoli", "jakýkoliv",
		"libovolný", "libovolné", "bez filtru"}},
	{"sk", []string{"všetko", "všetky", "všetci", "čokoľvek", "akýkoľvek", "ľubovoľný", "ľubovoľné", "bez filtra"}},
	{"de", []string{"alle", "alles", "beliebig", "jede", "jeder", "jedes", "egal", "ohne filter"}},
	{"fr", []string{"tous", "toutes", "tout", "n'importe", "n'importe quel", "n'importe lequel", "peu importe",
		"sans filtre"}},
	{"es", []string{"todos", "todas", "cualquiera", "cualquier", "sin filtro"}},
	{"it", []string{"tutti", "tutte", "tutto", "qualsiasi", "qualunque", "senza filtro"}},
	{"pl", []string{"wszystkie", "wszystko", "wszyscy", "dowolny", "dowolne", "każdy", "bez filtra"}},
	{"nl", []string{"alle", "alles", "elke", "ieder", "willekeurig", "geen filter"}},
	{"sv", []string{"alla", "allt", "samtliga", "vilken som helst", "inget filter"}},
	{"da", []string{"alle", "enhver", "ingen filter"}},
	{"nb", []string{"alle", "hvilken som helst", "ingen filter"}},
	{"pt", []string{"todos", "todas", "tudo", "qualquer", "sem filtro"}},
	{"hu", []string{"minden", "összes", "az összes", "bármelyik", "bármi", "szűrő nélkül"}},
	{"ro", []string{"toate", "toți", "toti", "oricare", "orice", "fără filtru"}},
	{"el", []string{"όλα", "όλοι", "όλες", "οποιοδήποτε", "οποιαδήποτε", "χωρίς φίλτρο"}},
	{"ru", []string{"все", "всё", "любой", "любые", "без фильтра"}},
	{"uk", []string{"всі", "усі", "все", "будь-який", "будь-які", "без фільтра"}},
	{"fi", []string{"kaikki", "mikä tahansa", "ei suodatinta"}},
	{"tr", []string{"tümü", "hepsi", "herhangi", "herhangi biri", "filtresiz"}},
}

// AllWords returns the words for "all" of a language (by the boolean
// kind's code), as declared; nil for a language the table does not hold.
func AllWords(lang string) []string {
	for _, l := range allWords {
		if l.lang == lang {
			return append([]string(nil), l.words...)
		}
	}
	return nil
}

// AllWordLanguages returns the languages of the words for "all", in table
// order.
func AllWordLanguages() []string {
	out := make([]string, len(allWords))
	for i, l := range allWords {
		out[i] = l.lang
	}
	return out
}

// IsAllWord reports whether s, folded by Key, is one of the words for
// "all" ("ALL", "(all)", "vše", "any value").
func IsAllWord(s string) bool { return allIndex()[Key(s)] }

var allIndex = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range allWords {
		for _, w := range l.words {
			m[Key(w)] = true
		}
	}
	return m
})
