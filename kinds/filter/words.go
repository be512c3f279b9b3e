package filter

// words are the spellings of "not filtering" in the languages the boolean
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
var words = []struct {
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

// Words returns the "not filtering" words of a language (by the boolean
// kind's code), as declared; nil for a language the table does not hold.
func Words(lang string) []string {
	for _, l := range words {
		if l.lang == lang {
			return append([]string(nil), l.words...)
		}
	}
	return nil
}

// negations are the words that, leading a filter value, exclude what
// follows ("not NS", "kromě NS", "non-NS"), in the languages the boolean
// kind reads, compared after folding like words. A filter keeps the values
// it names and cannot exclude one, so a value led by one of these (or by a
// mark: "-", "!", "~", "¬", "^") is never read as the value it negates.
var negations = []struct {
	lang  string
	words []string
}{
	{"en", []string{"not", "except", "excluding", "exclude", "without", "no", "non", "but not", "other than",
		"all except", "all but", "everything except", "anything but", "except for", "apart from"}},
	{"cs", []string{"ne", "kromě", "bez", "mimo", "vyjma", "vše kromě", "všechno kromě", "všechny kromě"}},
	{"sk", []string{"nie", "okrem", "bez", "všetko okrem"}},
	{"de", []string{"nicht", "kein", "keine", "ohne", "außer", "ausser", "ausgenommen", "alle außer", "alles außer"}},
	{"fr", []string{"pas", "non", "sauf", "sans", "hors", "excepté", "tout sauf", "tous sauf"}},
	{"es", []string{"no", "excepto", "sin", "salvo", "menos", "todo excepto", "todos excepto", "todos menos"}},
	{"it", []string{"non", "tranne", "senza", "eccetto", "tutto tranne", "tutti tranne"}},
	{"pl", []string{"nie", "oprócz", "bez", "poza", "z wyjątkiem", "wszystko oprócz", "wszystkie oprócz"}},
	{"nl", []string{"niet", "geen", "behalve", "zonder", "alles behalve"}},
	{"sv", []string{"inte", "utom", "utan", "förutom", "alla utom"}},
	{"da", []string{"ikke", "undtagen", "uden", "alle undtagen"}},
	{"nb", []string{"ikke", "unntatt", "uten", "alle unntatt"}},
	{"pt", []string{"não", "exceto", "sem", "menos", "todos exceto", "todos menos"}},
	{"hu", []string{"nem", "kivéve", "nélkül", "mind kivéve"}},
	{"ro", []string{"nu", "except", "fără", "cu excepția", "toate except"}},
	{"el", []string{"όχι", "εκτός", "χωρίς", "όλα εκτός"}},
	{"ru", []string{"не", "кроме", "без", "все кроме", "всё кроме"}},
	{"uk", []string{"не", "крім", "окрім", "без", "всі крім", "усі крім"}},
	{"fi", []string{"ei", "paitsi", "ilman", "kaikki paitsi"}},
	{"tr", []string{"değil", "hariç", "olmadan"}},
}
