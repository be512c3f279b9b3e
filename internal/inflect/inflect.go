// Package inflect owns the declension rules names are read by: the forms
// of a name in Czech, Slovak and German that a vocabulary entry's names
// (kinds/vocabulary) and a language's own names (kinds/locale) are
// written in. The rules cover the grammar of institution names and of
// languages' names, not the languages as a whole: see kinds/vocabulary's
// documentation, # Inflected names, for the class.
package inflect

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// The inflected forms of a name. A vocabulary's New generates, for every name in a language
// with rules (Entry.Language, Entry.NamesByLanguage), the forms the rules
// give, folded as a read folds a spelling (key), and indexes each as a
// weaker spelling of its entry (byForm): a declared spelling of another
// entry, or an id, always comes first, and a form two entries share is an
// ask naming both. The rules are per language and cover the grammar of
// institution names, not the language as a whole: see the package
// documentation, # Inflected names, for the class.

// inflectedLanguages are the languages with rules, by their base language
// code.
var inflectedLanguages = map[string]func(words []string, key Key, out []string) []string{
	"cs": func(words []string, key Key, out []string) []string { return slavicForms(&czech, words, key, out) },
	"sk": func(words []string, key Key, out []string) []string { return slavicForms(&slovak, words, key, out) },
	"de": germanForms,
}

// Key folds a spelling as its reader's lookups do; a form is written in
// it.
type Key func(string) string

// Has reports whether the language lang (a base language code) has rules.
func Has(lang string) bool {
	_, ok := inflectedLanguages[lang]
	return ok
}

// Forms appends to out the keys of the inflected forms of the name in the
// language lang (a base language code), other than the name's own key;
// none for a language without rules. The keys may repeat.
func Forms(name, lang string, key Key, out []string) []string {
	rules, ok := inflectedLanguages[lang]
	if !ok {
		return out
	}
	words := strings.Fields(name)
	if len(words) == 0 || len(words) > maxInflectedWords {
		return out
	}
	own := key(name)
	start := len(out)
	out = rules(words, key, out)
	// A rule may give the name itself back (a soft feminine adjective
	// is the same in every case); it is not a form.
	kept := out[:start]
	for _, k := range out[start:] {
		if k != own && k != "" {
			kept = append(kept, k)
		}
	}
	return kept
}

// maxInflectedWords bounds the words of a name that is inflected: an
// institution's name is a few words, and a longer text is not one.
const maxInflectedWords = 16

// Grammatical cases a form is generated in, beside the nominative (the
// name as declared): genitive, dative, accusative, locative and
// instrumental. In the masculine, the accusative is the animate one (the
// inanimate one is the nominative); in the neuter it is the nominative.
const (
	genitive = iota
	dative
	accusative
	locative
	instrumental
	cases
)

// Genders, as a set.
const (
	masculine uint8 = 1 << iota
	feminine
	neuter
	anyGender = masculine | feminine | neuter
)

// slavicAdjective is one nominative ending of an adjective: the genders
// it agrees with, and its endings by gender and case (folded; "" leaves
// the adjective as declared, nil gives no form in that case).
type slavicAdjective struct {
	nom     string
	genders uint8
	endings map[uint8][cases][]string
}

// slavicNoun is one declension of a noun: the nominative ending it has
// (cut to get the stem; "" for a noun that ends in a consonant), which
// consonants the stem may end in (soft: c č ď ň ř š ž j ť; hard: any
// other; "" any), its gender, and its endings by case (folded; "" is the
// stem as it is, "^e" the stem softened before an e: k→c, h→z, g→z,
// ch→š, r→ř).
type slavicNoun struct {
	nom    string
	stem   string // "soft", "hard", or "" for any
	gender uint8
	// agreed says the declension applies only when an adjective of the
	// name says the noun is of its gender: a consonant ends both a
	// masculine noun and a feminine one (soud, kancelář), and -e both a
	// masculine noun and others (soudce, stanice).
	agreed  bool
	endings [cases][]string
}

// slavicLanguage holds the rules of Czech or Slovak.
type slavicLanguage struct {
	adjectives []slavicAdjective
	nouns      []slavicNoun
	// nounEndings are word endings that make a word a noun although an
	// adjective may end so ("zastupitelství", "združenie").
	nounEndings []string
	// stops are the words that end the group of adjectives and their
	// noun (prepositions), and conjunctions the words that join two
	// adjectives of one noun.
	stops, conjunctions []string
	// soft are the soft consonants, as a stem may end.
	soft []string
	// shortened is the long vowel of a masculine noun's last syllable
	// that the other cases shorten (dvůr, dvora), and what it becomes.
	shortened [2]string
}

var czech = slavicLanguage{
	adjectives: []slavicAdjective{
		{nom: "ý", genders: masculine, endings: map[uint8][cases][]string{
			masculine: {{"eho"}, {"emu"}, {"eho"}, {"em"}, {"ym"}},
		}},
		{nom: "á", genders: feminine, endings: map[uint8][cases][]string{
			feminine: {{"e"}, {"e"}, {"ou"}, {"e"}, {"ou"}},
		}},
		{nom: "é", genders: neuter, endings: map[uint8][cases][]string{
			neuter: {{"eho"}, {"emu"}, nil, {"em"}, {"ym"}},
		}},
		{nom: "í", genders: anyGender, endings: map[uint8][cases][]string{
			masculine: {{"iho"}, {"imu"}, {"iho"}, {"im"}, {"im"}},
			feminine:  {{"i"}, {"i"}, {"i"}, {"i"}, {"i"}},
			neuter:    {{"iho"}, {"imu"}, nil, {"im"}, {"im"}},
		}},
	},
	nouns: []slavicNoun{
		// hrad (and pán, the animate): soud, úřad, ústav, senát.
		{nom: "", stem: "hard", gender: masculine, endings: [cases][]string{
			{"u", "a"}, {"u", "ovi"}, {"a"}, {"u", "^e", "ovi"}, {"em"}}},
		// stroj (and muž): a masculine noun ending in a soft consonant.
		{nom: "", stem: "soft", gender: masculine, endings: [cases][]string{
			{"e"}, {"i", "ovi"}, {"e"}, {"i", "ovi"}, {"em"}}},
		// soudce: a masculine noun in -e.
		{nom: "e", gender: masculine, agreed: true, endings: [cases][]string{
			{"e"}, {"i", "ovi"}, {"e"}, {"i", "ovi"}, {"em"}}},
		// žena: banka, rada, komora, správa.
		{nom: "a", stem: "hard", gender: feminine, endings: [cases][]string{
			{"y"}, {"^e"}, {"u"}, {"^e"}, {"ou"}}},
		// růže: stanice, inspekce, komise.
		{nom: "e", gender: feminine, endings: [cases][]string{
			{"e"}, {"i"}, {"i"}, {"i"}, {"i"}}},
		{nom: "ě", gender: feminine, endings: [cases][]string{
			{"e"}, {"i"}, {"i"}, {"i"}, {"i"}}},
		// píseň, kost: kancelář.
		{nom: "", gender: feminine, agreed: true, endings: [cases][]string{
			{"e", "i"}, {"i"}, {""}, {"i"}, {"i"}}},
		// město: ministerstvo.
		{nom: "o", gender: neuter, endings: [cases][]string{
			{"a"}, {"u"}, nil, {"^e", "u"}, {"em"}}},
		// moře.
		{nom: "e", gender: neuter, endings: [cases][]string{
			{"e"}, {"i"}, nil, {"i"}, {"em"}}},
		// stavení: zastupitelství, ředitelství, sdružení.
		{nom: "í", gender: neuter, endings: [cases][]string{
			{"i"}, {"i"}, nil, {"i"}, {"im"}}},
	},
	nounEndings:  []string{"ství", "ctví", "ení", "ání", "ění"},
	stops:        []string{"v", "ve", "na", "pro", "při", "u", "o", "z", "ze", "do", "od", "k", "ke", "s", "se", "nad", "pod", "před", "za", "mezi", "po", "proti", "podle", "bez", "kromě"},
	conjunctions: []string{"a", "i"},
	soft:         []string{"c", "č", "ď", "ň", "ř", "š", "ž", "j", "ť"},
	shortened:    [2]string{"ů", "o"},
}

var slovak = slavicLanguage{
	adjectives: []slavicAdjective{
		{nom: "ý", genders: masculine, endings: slovakHard(masculine)},
		{nom: "y", genders: masculine, endings: slovakHard(masculine)},
		{nom: "á", genders: feminine, endings: slovakHard(feminine)},
		{nom: "a", genders: feminine, endings: slovakHard(feminine)},
		{nom: "é", genders: neuter, endings: slovakHard(neuter)},
		{nom: "e", genders: neuter, endings: slovakHard(neuter)},
		// The soft adjective (cudzí, najvyšší) ends in -í, -ia, -ie by
		// gender.
		{nom: "í", genders: masculine, endings: map[uint8][cases][]string{
			masculine: {{"ieho"}, {"iemu"}, {"ieho"}, {"om"}, {"im"}},
		}},
		{nom: "ia", genders: feminine, endings: map[uint8][cases][]string{
			feminine: {{"ej"}, {"ej"}, {"iu"}, {"ej"}, {"ou"}},
		}},
		{nom: "ie", genders: neuter, endings: map[uint8][cases][]string{
			neuter: {{"ieho"}, {"iemu"}, nil, {"om"}, {"im"}},
		}},
	},
	nouns: []slavicNoun{
		// dub (and chlap, the animate): súd, úrad, ústav.
		{nom: "", stem: "hard", gender: masculine, endings: [cases][]string{
			{"u", "a"}, {"u", "ovi"}, {"a"}, {"e", "u", "ovi"}, {"om"}}},
		// stroj (and muž).
		{nom: "", stem: "soft", gender: masculine, endings: [cases][]string{
			{"a", "u"}, {"u", "ovi"}, {"a"}, {"i", "ovi"}, {"om"}}},
		// komisia: a feminine noun in -ia.
		{nom: "ia", gender: feminine, endings: [cases][]string{
			{"ie"}, {"ii"}, {"iu"}, {"ii"}, {"iou"}}},
		// žena: banka, rada, prokuratúra.
		{nom: "a", stem: "hard", gender: feminine, endings: [cases][]string{
			{"y"}, {"e"}, {"u"}, {"e"}, {"ou"}}},
		// ulica: a feminine noun in -a after a soft consonant.
		{nom: "a", stem: "soft", gender: feminine, endings: [cases][]string{
			{"e"}, {"i"}, {"u"}, {"i"}, {"ou"}}},
		// dlaň, kosť.
		{nom: "", gender: feminine, agreed: true, endings: [cases][]string{
			{"e", "i"}, {"i"}, {""}, {"i"}, {"ou"}}},
		// vysvedčenie: združenie.
		{nom: "ie", gender: neuter, endings: [cases][]string{
			{"ia"}, {"iu"}, nil, {"i"}, {"im"}}},
		// mesto: ministerstvo.
		{nom: "o", gender: neuter, endings: [cases][]string{
			{"a"}, {"u"}, nil, {"e", "u"}, {"om"}}},
		// srdce.
		{nom: "e", gender: neuter, endings: [cases][]string{
			{"a"}, {"u"}, nil, {"i"}, {"om"}}},
	},
	nounEndings:  []string{"nie", "tie", "stvo"},
	stops:        []string{"v", "vo", "na", "pre", "pri", "u", "o", "z", "zo", "do", "od", "k", "ku", "s", "so", "nad", "pod", "pred", "za", "medzi", "po", "proti", "podľa", "bez", "okrem"},
	conjunctions: []string{"a", "i"},
	soft:         []string{"c", "č", "ď", "ň", "ľ", "š", "ž", "j", "ť", "dz", "dž"},
}

// slovakHard is the hard adjective's endings (ústavný, krajská,
// krajské; after a long syllable the short -y, -a, -e, the same folded).
func slovakHard(g uint8) map[uint8][cases][]string {
	switch g {
	case masculine:
		return map[uint8][cases][]string{masculine: {{"eho"}, {"emu"}, {"eho"}, {"om"}, {"ym"}}}
	case feminine:
		return map[uint8][cases][]string{feminine: {{"ej"}, {"ej"}, {"u"}, {"ej"}, {"ou"}}}
	}
	return map[uint8][cases][]string{neuter: {{"eho"}, {"emu"}, nil, {"om"}, {"ym"}}}
}

// slavicWord is one word of a name's group: an adjective (its rule and
// folded stem), a conjunction, or the noun.
type slavicWord struct {
	adjective *slavicAdjective
	stem      string // folded: the adjective or noun without its ending
	text      string // folded: the word as declared (a conjunction)
}

// slavicForms appends the forms of a Czech or Slovak name: its leading
// adjectives (and conjunctions between them) and the noun they agree
// with are declined, and what follows the noun is kept as declared.
func slavicForms(l *slavicLanguage, words []string, key Key, out []string) []string {
	var group []slavicWord
	nounAt := -1
	var lower []string
	end := len(words)
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && (startsUpper(w) || containsWord(l.stops, lw)) || !allLetters(w) {
			end = i
			break
		}
		lower = append(lower, lw)
		if i > 0 && containsWord(l.conjunctions, lw) {
			group = append(group, slavicWord{text: lw})
			continue
		}
		if hasSuffix(lw, l.nounEndings) {
			nounAt = i
			end = i + 1
			break
		}
		if a := l.adjective(lw); a != nil {
			group = append(group, slavicWord{adjective: a, stem: fold(strings.TrimSuffix(lw, a.nom))})
			continue
		}
		nounAt = i
		end = i + 1
		break
	}
	if nounAt < 0 {
		// The last adjective-like word is the noun ("Nejvyšší státní
		// zastupitelství", "Krajská prokuratúra").
		for len(group) > 0 && group[len(group)-1].adjective == nil {
			group = group[:len(group)-1]
		}
		if len(group) == 0 {
			return out
		}
		nounAt = len(group) - 1
		for j, g := range group {
			if g.adjective != nil {
				nounAt = j
			}
		}
		// nounAt indexes group here; it is the word of the same index,
		// since the group holds every word before it.
		group = group[:nounAt]
		end = nounAt + 1
	} else {
		group = group[:min(len(group), nounAt)]
	}
	if nounAt >= len(lower) {
		return out
	}
	noun := lower[nounAt]
	if len(group) > 0 && group[len(group)-1].adjective == nil {
		return out // a conjunction with no adjective after it
	}
	genders := anyGender
	for _, g := range group {
		if g.adjective != nil {
			genders &= g.adjective.genders
		}
	}
	if genders == 0 {
		return out // adjectives of different genders: not one noun's
	}
	rest := ""
	if end < len(words) {
		rest = " " + key(strings.Join(words[end:], " "))
	}
	var b strings.Builder
	for ni := range l.nouns {
		n := &l.nouns[ni]
		if n.gender&genders == 0 || n.agreed && genders != n.gender || !l.declines(n, noun) {
			continue
		}
		stem := strings.TrimSuffix(noun, n.nom)
		if long := l.shortened[0]; n.nom == "" && n.gender == masculine && long != "" {
			// The long vowel of the last syllable: followed by
			// consonants alone.
			if i := strings.LastIndex(stem, long); i >= 0 && !strings.ContainsAny(stem[i+len(long):], "aáeéěiíoóuúůyý") {
				stem = stem[:i] + l.shortened[1] + stem[i+len(long):]
			}
		}
		stem = fold(stem)
		if stem == "" {
			continue
		}
		for c := range cases {
			for _, ne := range n.endings[c] {
				b.Reset()
				ok := true
				for _, g := range group {
					if g.adjective == nil {
						b.WriteString(g.text)
						b.WriteByte(' ')
						continue
					}
					ends := g.adjective.endings[n.gender][c]
					if ends == nil {
						ok = false
						break
					}
					b.WriteString(g.stem)
					b.WriteString(ends[0])
					b.WriteByte(' ')
				}
				if !ok {
					break
				}
				switch ne {
				case "^e":
					b.WriteString(soften(stem))
					b.WriteByte('e')
				default:
					b.WriteString(stem)
					b.WriteString(ne)
				}
				b.WriteString(rest)
				out = append(out, b.String())
			}
		}
	}
	return out
}

// adjective returns the rule of the adjective a lower-case word may be
// by its ending, the longest ending first, or nil.
func (l *slavicLanguage) adjective(w string) *slavicAdjective {
	var best *slavicAdjective
	for i := range l.adjectives {
		a := &l.adjectives[i]
		if strings.HasSuffix(w, a.nom) && utf8.RuneCountInString(w) > utf8.RuneCountInString(a.nom)+1 &&
			(best == nil || len(a.nom) > len(best.nom)) {
			best = a
		}
	}
	return best
}

// declines reports whether the noun n declines the lower-case word w: w
// ends in its nominative ending, the stem left ends as the declension
// wants (a consonant, soft or hard, for a noun whose nominative has no
// ending), and the ending is the longest one the word has among the
// declensions of that gender (-ia before -a).
func (l *slavicLanguage) declines(n *slavicNoun, w string) bool {
	if !strings.HasSuffix(w, n.nom) {
		return false
	}
	stem := strings.TrimSuffix(w, n.nom)
	last, _ := utf8.DecodeLastRuneInString(stem)
	if last == utf8.RuneError || !unicode.IsLetter(last) {
		return false
	}
	vowel := strings.ContainsRune("aáeéěiíoóuúůyýäô", last)
	if n.nom == "" && vowel {
		return false
	}
	soft := hasSuffix(stem, l.soft)
	switch n.stem {
	case "soft":
		if !soft {
			return false
		}
	case "hard":
		if soft {
			return false
		}
	}
	for i := range l.nouns {
		m := &l.nouns[i]
		if m.gender == n.gender && len(m.nom) > len(n.nom) && strings.HasSuffix(w, m.nom) {
			return false // a longer ending of the same gender applies
		}
	}
	return true
}

// soften is a folded stem before a softening e (-ě): k→c, h→z, g→z, ch→š,
// r→ř (folded: s and r), any other as it is.
func soften(stem string) string {
	switch {
	case strings.HasSuffix(stem, "ch"):
		return stem[:len(stem)-2] + "s"
	case strings.HasSuffix(stem, "k"):
		return stem[:len(stem)-1] + "c"
	case strings.HasSuffix(stem, "h"), strings.HasSuffix(stem, "g"):
		return stem[:len(stem)-1] + "z"
	}
	return stem
}

// germanFeminine are endings of German feminine nouns, which take no
// genitive ending.
var germanFeminine = []string{"e", "ung", "heit", "keit", "schaft", "ion", "tät", "ei", "ie", "ik", "ur", "enz", "anz", "in"}

// germanForms appends the forms of a German name: its leading adjectives
// (capitalized words ending in -er, -es or -e before another capitalized
// word) in the weak and strong oblique endings, and its noun, when it is
// masculine or neuter, with the genitive -s or -es; what follows the
// noun is kept as declared. An adjective already in an oblique ending
// (-en, -em) gives no forms: the name is not in the nominative.
func germanForms(words []string, key Key, out []string) []string {
	type adjective struct{ stem string }
	var adjs []adjective
	gender := uint8(0)
	nounAt := -1
	for i, w := range words {
		if !allLetters(w) {
			return out
		}
		lw := strings.ToLower(w)
		if i+1 < len(words) && startsUpper(w) && startsUpper(words[i+1]) && utf8.RuneCountInString(lw) >= 4 {
			g, ending := uint8(0), ""
			switch {
			case strings.HasSuffix(lw, "en"), strings.HasSuffix(lw, "em"):
				return out
			case strings.HasSuffix(lw, "er"):
				g, ending = masculine, "er"
			case strings.HasSuffix(lw, "es"):
				g, ending = neuter, "es"
			case strings.HasSuffix(lw, "e"):
				g, ending = feminine, "e"
			}
			if g != 0 {
				if gender != 0 && gender != g {
					return out
				}
				gender = g
				adjs = append(adjs, adjective{stem: fold(strings.TrimSuffix(lw, ending))})
				continue
			}
		}
		nounAt = i
		break
	}
	if nounAt < 0 {
		return out
	}
	noun := strings.ToLower(words[nounAt])
	nk := fold(noun)
	rest := ""
	if nounAt+1 < len(words) {
		rest = " " + key(strings.Join(words[nounAt+1:], " "))
	}
	// The genitive endings of the noun: -s and -es (-es alone after a
	// hissing sound), none for a feminine noun.
	var genitives []string
	if gender != feminine && !hasSuffix(noun, germanFeminine) {
		switch {
		case hasSuffix(noun, []string{"s", "ß", "x", "z"}):
			genitives = []string{"es"}
		default:
			genitives = []string{"s", "es"}
		}
	}
	phrase := func(ending string, nounKey string) {
		var b strings.Builder
		for _, a := range adjs {
			b.WriteString(a.stem + ending + " ")
		}
		b.WriteString(nounKey + rest)
		out = append(out, b.String())
	}
	if len(adjs) == 0 {
		for _, g := range genitives {
			phrase("", nk+g)
		}
		return out
	}
	if gender == feminine {
		phrase("en", nk) // der Obersten Behörde
		phrase("er", nk) // Oberster Behörde
		return out
	}
	phrase("e", nk)  // der Oberste Gerichtshof
	phrase("en", nk) // dem, den Obersten Gerichtshof
	phrase("em", nk) // Oberstem Gerichtshof
	for _, g := range genitives {
		phrase("en", nk+g) // des Obersten Gerichtshofs
	}
	return out
}

// fold folds one word as key does (its letters only: no separator to
// make a space of).
func fold(w string) string { return spelling.Fold(w) }

func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func allLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return w != ""
}

func hasSuffix(w string, endings []string) bool {
	for _, e := range endings {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

func containsWord(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// GenitiveNominatives returns the nominatives that the last words of a
// spelling, run, may be the genitive of, when they are a country's name
// in the genitive ("… Slovenskej republiky", "… Österreichs"), for the
// country owner to read: German -s and -es dropped (Österreichs,
// Deutschlands); a Czech or Slovak neuter -a made -o (Slovenska →
// Slovensko, Rakouska → Rakousko); a Czech or Slovak feminine adjective
// and noun in -é or -ej and -y made -á and -a (Slovenské republiky,
// Slovenskej republiky → Slovenská republika). The reverse of the
// genitive the forms above give, for names of countries only: a reading
// it finds only leaves an entry of another country out of an ask.
func GenitiveNominatives(run []string, out []string) []string {
	switch len(run) {
	case 1:
		w := run[0]
		if strings.HasSuffix(w, "es") && len(w) > 4 {
			out = append(out, w[:len(w)-2])
		}
		if strings.HasSuffix(w, "s") && len(w) > 3 {
			out = append(out, w[:len(w)-1])
		}
		if strings.HasSuffix(w, "a") && len(w) > 3 {
			out = append(out, w[:len(w)-1]+"o")
		}
	case 2:
		adj, noun := run[0], run[1]
		var stem string
		switch {
		case strings.HasSuffix(adj, "ej"):
			stem = adj[:len(adj)-2]
		case strings.HasSuffix(adj, "é"):
			stem = adj[:len(adj)-len("é")]
		default:
			return out
		}
		if strings.HasSuffix(noun, "y") && stem != "" {
			out = append(out, stem+"á "+noun[:len(noun)-1]+"a")
		}
	}
	return out
}
