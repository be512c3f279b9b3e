package cursor

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

// pageLanguage is one language's words for naming a page of a listing, as
// the language writes them (with their diacritics); they are read case- and
// diacritics-insensitively (German also lists the spellings that write an
// umlaut as ae, oe, ue). Each field is a list of words separated by spaces.
type pageLanguage struct {
	code string
	// page names the page or labels its number: page, p, number.
	page string
	// offset names a position counted in items: offset, skip, from.
	offset string
	// filler may stand beside the others and says nothing: the, la, die.
	filler string
	// move names a page after or before the current one: next, previous,
	// last. A spelling with one names a page past the first, whatever
	// number stands with it.
	move string
	// ordinal are the endings of an ordinal written in digits, read only
	// right after the digits: the "nd" of "2nd", the "e" of "2e".
	ordinal string
	// numbers[n] are the words for the number n, 1 to 10: the cardinal and
	// the ordinal in the gender of the language's word for page.
	numbers [11]string
	// first are words a model writes for the first call, for no cursor
	// yet or the start of the listing: start, begin, none, null. With the
	// page and offset words and the numbers 0 and 1 they are the first-call
	// class (firstcall.go); they never name a later page.
	first string
}

// pageLanguages is the one table of the words that name a page: English
// and the languages of the boolean kind's default set whose number words
// are not everyday English words (cs, sk, de, fr, es, it, pl, pt, nl).
// Swedish, Danish, Norwegian, Hungarian and Romanian are left out: their
// number words ("to", "fire", "ni", "en") are English words or too short to
// say anything. The package documentation lists the table's fields.
var pageLanguages = [...]pageLanguage{
	{code: "en",
		first:   "start begin beginning initial init reset top head home none null nil undefined empty blank default yet",
		page:    "page p pg number num no nr cursor token",
		offset:  "offset skip start from after",
		filler:  "the at to",
		move:    "next more continue following forward last end previous prev back",
		ordinal: "st nd rd th",
		numbers: [11]string{1: "one first", 2: "two second", 3: "three third", 4: "four fourth", 5: "five fifth",
			6: "six sixth", 7: "seven seventh", 8: "eight eighth", 9: "nine ninth", 10: "ten tenth"}},
	{code: "cs",
		first:  "začátek start žádný nic",
		page:   "strana stránka strany stránky stranu stránku str číslo",
		offset: "od posun přeskočit přeskoč",
		filler: "na",
		move:   "další následující dál dále pokračovat pokračuj víc více předchozí zpět poslední konec",
		numbers: [11]string{1: "jedna první", 2: "dva dvě druhá", 3: "tři třetí", 4: "čtyři čtvrtá", 5: "pět pátá",
			6: "šest šestá", 7: "sedm sedmá", 8: "osm osmá", 9: "devět devátá", 10: "deset desátá"}},
	{code: "sk",
		first:  "začiatok štart žiadny nič",
		page:   "strana stránka strany stránky stranu stránku str číslo",
		offset: "od posun preskočiť preskoč",
		filler: "na",
		move:   "ďalšia ďalší ďalej nasledujúca nasledujúci pokračovať pokračuj viac predchádzajúca predošlá späť posledná koniec",
		numbers: [11]string{1: "jedna prvá", 2: "dva dve druhá", 3: "tri tretia", 4: "štyri štvrtá", 5: "päť piata",
			6: "šesť šiesta", 7: "sedem siedma", 8: "osem ôsma", 9: "deväť deviata", 10: "desať desiata"}},
	{code: "de",
		first:  "anfang beginn start kein keiner leer",
		page:   "seite nummer nr",
		offset: "ab von versatz überspringen ueberspringen",
		filler: "die der den zur",
		move: "nächste nächster nächsten naechste naechster naechsten weiter mehr folgende fortsetzen " +
			"vorherige vorige zurück zurueck letzte letzten ende",
		ordinal: "te ten",
		numbers: [11]string{1: "eins erste ersten", 2: "zwei zwo zweite zweiten", 3: "drei dritte dritten",
			4: "vier vierte vierten", 5: "fünf fünfte fünften fuenf fuenfte fuenften", 6: "sechs sechste sechsten",
			7: "sieben siebte siebten", 8: "acht achte achten", 9: "neun neunte neunten", 10: "zehn zehnte zehnten"}},
	{code: "fr",
		first:   "début commencer aucun vide",
		page:    "page p numéro no",
		offset:  "décalage depuis",
		filler:  "la le",
		move:    "suivante suivant suite plus continuer précédente précédent retour dernière dernier fin",
		ordinal: "e ème er re ère",
		numbers: [11]string{1: "un une premier première", 2: "deux deuxième second seconde", 3: "trois troisième",
			4: "quatre quatrième", 5: "cinq cinquième", 6: "six sixième", 7: "sept septième", 8: "huit huitième",
			9: "neuf neuvième", 10: "dix dixième"}},
	{code: "es",
		first:   "inicio comienzo principio ninguno vacío",
		page:    "página pág p número núm no",
		offset:  "desde desplazamiento saltar",
		filler:  "la el",
		move:    "siguiente más continuar anterior atrás última último fin final",
		ordinal: "a o ª º",
		numbers: [11]string{1: "uno una primera", 2: "dos segunda", 3: "tres tercera", 4: "cuatro cuarta",
			5: "cinco quinta", 6: "seis sexta", 7: "siete séptima", 8: "ocho octava", 9: "nueve novena", 10: "diez décima"}},
	{code: "it",
		first:   "inizio principio nessuno vuoto",
		page:    "pagina pag p numero num",
		offset:  "da salta",
		filler:  "la il alla",
		move:    "successiva successivo prossima prossimo seguente avanti continua continuare precedente indietro ultima ultimo fine",
		ordinal: "a o ª º",
		numbers: [11]string{1: "uno una prima", 2: "due seconda", 3: "tre terza", 4: "quattro quarta", 5: "cinque quinta",
			6: "sei sesta", 7: "sette settima", 8: "otto ottava", 9: "nove nona", 10: "dieci decima"}},
	{code: "pl",
		first:  "początek start brak pusty",
		page:   "strona strony stronę str numer nr",
		offset: "od przesunięcie pomiń",
		filler: "na",
		move:   "następna następny następne dalej więcej kontynuuj poprzednia poprzedni wstecz ostatnia ostatni koniec",
		numbers: [11]string{1: "jeden jedna pierwsza", 2: "dwa dwie druga", 3: "trzy trzecia", 4: "cztery czwarta",
			5: "pięć piąta", 6: "sześć szósta", 7: "siedem siódma", 8: "osiem ósma", 9: "dziewięć dziewiąta",
			10: "dziesięć dziesiąta"}},
	{code: "pt",
		first:   "início começo nenhum vazio",
		page:    "página pág p número núm",
		offset:  "desde deslocamento pular",
		filler:  "a o da na",
		move:    "próxima próximo seguinte mais continuar anterior voltar última último fim",
		ordinal: "a o ª º",
		numbers: [11]string{1: "um uma primeira", 2: "dois duas segunda", 3: "três terceira", 4: "quatro quarta",
			5: "cinco quinta", 6: "seis sexta", 7: "sete sétima", 8: "oito oitava", 9: "nove nona", 10: "dez décima"}},
	{code: "nl",
		first:   "begin start geen leeg",
		page:    "pagina blz bladzijde nummer nr p",
		offset:  "vanaf van overslaan",
		filler:  "de het",
		move:    "volgende verder meer doorgaan vorige terug laatste einde eind",
		ordinal: "e de ste",
		numbers: [11]string{1: "een eerste", 2: "twee tweede", 3: "drie derde", 4: "vier vierde", 5: "vijf vijfde",
			6: "zes zesde", 7: "zeven zevende", 8: "acht achtste", 9: "negen negende", 10: "tien tiende"}},
}

// role is a set of what a folded word is in some language of the table.
type role uint8

const (
	rolePage role = 1 << iota
	roleOffset
	roleFiller
	roleMove
	roleOrdinal
	roleNumber
	roleFirst
)

// pageWord is what one folded word is: its roles, and for a number word
// its number (conflictingNumber when two languages give it two numbers,
// which TestPageWordsTable forbids).
type pageWord struct {
	roles role
	n     int
}

const conflictingNumber = -1

// pageIndex maps every folded word of pageLanguages to what it is. It is
// built on first use.
var pageIndex = sync.OnceValue(func() map[string]pageWord {
	index := make(map[string]pageWord, 700)
	add := func(words string, r role, n int) {
		for _, w := range strings.Fields(words) {
			k := spelling.Fold(w)
			e := index[k]
			if r == roleNumber && e.roles&roleNumber != 0 && e.n != n {
				n = conflictingNumber
			}
			e.roles |= r
			if r == roleNumber {
				e.n = n
			}
			index[k] = e
		}
	}
	for _, l := range pageLanguages {
		add(l.page, rolePage, 0)
		add(l.offset, roleOffset, 0)
		add(l.filler, roleFiller, 0)
		add(l.move, roleMove, 0)
		add(l.ordinal, roleOrdinal, 0)
		add(l.first, roleFirst, 0)
		for n, words := range l.numbers {
			add(words, roleNumber, n)
		}
	}
	return index
})

// laterPage reports whether t, a trimmed string outside the token class,
// names a page past the first: read as words and numbers (laterWords), as
// words and numbers before a total of pages ("page 2/10"), or as key=value
// pairs (laterPairs).
func laterPage(t string) bool {
	return laterWords(t) || laterWords(withoutTotal(t)) || laterPairs(t)
}

// laterWords reports whether t names a page past the first as words and
// numbers. t is cut into numbers written in digits,
// words (a change from a lower-case to an upper-case letter starts a new
// one, so "nextPage" is two) and separators (whitespace, _ - = : . # / ,
// ; +). It names a later page when every word is in
// pageIndex, it holds at most one number (in digits or in words), and
// either a word names a move (next, previous, last) or the number is
// whole and at least 2. A minus sign right before digits, after a
// separator or at the start, makes them negative ("page -2"); after a
// word it is a separator ("page-2").
func laterWords(t string) bool {
	w := scanWords(t, false)
	return w.known && w.numbers <= 1 && (w.move || w.later)
}

// firstWords reports whether t asks for the first page as words and
// numbers (firstcall.go): every word is in pageIndex, no word names a
// move, every number it holds is 0 or 1, and a filler stands beside
// another word or a number ("page 1", "offset 0", "first", "first_1",
// "start", "the start", ""; not "the", "na").
func firstWords(t string) bool {
	if strings.HasSuffix(t, "=") {
		return false // base64's padding ("NA==" is the base64 of "4"), or a key with no value, which firstPairs reads
	}
	return firstScanned(scanWords(t, true))
}

// firstScanned is firstWords of what scanWords found.
func firstScanned(w scannedWords) bool {
	return w.known && !w.move && w.allFirst && !(w.fillers > 0 && w.others == 0)
}

// classify sorts a trimmed string outside the token class: it names a
// later page (laterPage), or it is of the first-call class (firstCall),
// or neither. A string without brackets is scanned once for both.
func classify(t string) (later, first bool) {
	w := scanWords(t, false)
	if w.known && w.numbers <= 1 && (w.move || w.later) || laterWords(withoutTotal(t)) || laterPairs(t) {
		return true, false
	}
	if hasBracket(t) || strings.HasSuffix(t, "=") {
		return false, firstCall(t)
	}
	return false, firstScanned(w) || firstWords(withoutTotal(t)) && withoutTotal(t) != "" || firstPairs(t)
}

// hasBracket reports whether t holds a bracket, which only the first-call
// class reads as a separator.
func hasBracket(t string) bool {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '<', '>', '(', ')', '[', ']', '{', '}':
			return true
		}
	}
	return false
}

// scannedWords is what scanWords found in a spelling.
type scannedWords struct {
	known    bool // every word is in pageIndex, every other rune a separator or a number
	numbers  int  // the numbers, in digits or in words
	move     bool // a word names a move
	later    bool // the last number is whole and at least 2
	allFirst bool // every number is 0 or 1
	fillers  int  // words that are fillers only ("the", "na")
	others   int  // the other words and the numbers
}

// scanWords cuts t into numbers, words and separators (isPageSeparator;
// brackets too when brackets is set, for the first-call class: "<start>").
func scanWords(t string, brackets bool) scannedWords {
	index := pageIndex()
	w := scannedWords{allFirst: true}
	afterDigits, afterSeparator := false, true
	for i := 0; i < len(t); {
		r, size := utf8.DecodeRuneInString(t[i:])
		switch {
		case isDigit(r) || r == '-' && afterSeparator && i+1 < len(t) && isDigit(rune(t[i+1])):
			end := numberEnd(t, i)
			w.numbers++
			w.others++
			w.later = laterNumber(t[i:end])
			w.allFirst = w.allFirst && firstNumber(t[i:end])
			i, afterDigits, afterSeparator = end, true, false
		case unicode.IsLetter(r):
			end := wordEnd(t, i)
			e := index[spelling.Fold(t[i:end])]
			switch {
			case afterDigits && e.roles&roleOrdinal != 0:
			case e.roles&roleNumber != 0:
				w.numbers++
				w.later, w.allFirst = e.n >= 2, w.allFirst && e.n <= 1
			case e.roles&roleMove != 0:
				w.move = true
			case e.roles&(rolePage|roleOffset|roleFiller|roleFirst) == 0:
				return scannedWords{}
			}
			if e.roles == roleFiller {
				w.fillers++
			} else {
				w.others++
			}
			i, afterDigits, afterSeparator = end, false, false
		case isPageSeparator(r) || brackets && r < utf8.RuneSelf && hasBracket(string(byte(r))):
			i, afterDigits, afterSeparator = i+size, false, true
		default:
			return scannedWords{}
		}
	}
	w.known = true
	return w
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// isPageSeparator reports whether r separates the words and numbers of a
// page spelling: whitespace, or one of _ - = : . # / , ; +.
func isPageSeparator(r rune) bool {
	return spelling.IsSpace(r) || strings.ContainsRune("_-=:.#/,;+", r)
}

// numberEnd returns where the number that starts at t[i] ends: an optional
// minus, digits, and a decimal part (a dot and digits).
func numberEnd(t string, i int) int {
	if t[i] == '-' {
		i++
	}
	for i < len(t) && isDigit(rune(t[i])) {
		i++
	}
	if i+1 < len(t) && t[i] == '.' && isDigit(rune(t[i+1])) {
		for i++; i < len(t) && isDigit(rune(t[i])); i++ {
		}
	}
	return i
}

// wordEnd returns where the word that starts at t[i] ends: at the first
// rune that is neither a letter nor a combining mark, or at an upper-case
// letter that follows a lower-case one.
func wordEnd(t string, i int) int {
	prev, size := utf8.DecodeRuneInString(t[i:])
	for i += size; i < len(t); i += size {
		var r rune
		r, size = utf8.DecodeRuneInString(t[i:])
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) || unicode.IsLower(prev) && unicode.IsUpper(r) {
			break
		}
		prev = r
	}
	return i
}

// laterNumber reports whether v, a number as it arrives (a json.Number, a
// Go number, or the digits of a string with an optional minus and decimal
// part), is whole and at least 2: 2, 2.0, 1e3 and "02" are; 1, 1.0, 1.5, 0
// and -2 are not. The number kind reads it; what it cannot read (1e400, a
// number over its digit budget) is no later page.
func laterNumber(v any) bool { return wholeAtLeast(v, 2) }

// firstNumber reports whether the number kind reads v as 0 or 1 (0, 1,
// 1.0, "01"): the first page, counted from 0 or from 1.
func firstNumber(v any) bool {
	d, ok := number.Read(v, number.Options{}).Value()
	return ok && d.IsInteger() && d.Compare(number.FromInt64(0)) >= 0 && d.Compare(number.FromInt64(1)) <= 0
}

// wholeAtLeast reports whether the number kind reads v as a whole number
// of at least least.
func wholeAtLeast(v any, least int64) bool {
	d, ok := number.Read(v, number.Options{}).Value()
	return ok && d.IsInteger() && d.Compare(number.FromInt64(least)) >= 0
}

// The keys of key=value spellings ("?page=2&limit=20") that the table knows
// besides its page and offset words, and the words that join a page number
// to the number of pages. Each is a list separated by spaces, read as
// folded (case- and diacritics-insensitively, _ and - as a space, and a
// change from lower to upper case as a word break: "pageSize" is
// "page_size").
const (
	// harmlessKeys say how many items and in what order, not which page:
	// they may stand beside a page or offset key.
	harmlessKeys = "limit size per_page page_size count sort order"
	// keysetKeys name the item a page starts after or ends before: with
	// any value, they name a page that is not the first.
	keysetKeys = "after start_after starting_after since_id last_id cursor_after before ending_before"
	// totalWords stand between a page number and the number of pages, as
	// "/" does: "2 of 10", "Seite 2 von 10", "page 2 sur 10", "strana 2 z 10".
	totalWords = "of von sur de di z ze van"
)

// keyKind is what a key of a key=value pair is.
type keyKind uint8

const (
	keyUnknown keyKind = iota
	keyHarmless
	keyKeyset
	keyPage   // a page word: its number names a later page from 2
	keyOffset // an offset word: its number names a later page from 1
)

// wordSets holds harmlessKeys, keysetKeys and totalWords, folded, built on
// first use.
var wordSets = sync.OnceValue(func() [3]map[string]bool {
	var sets [3]map[string]bool
	for i, words := range [3]string{harmlessKeys, keysetKeys, totalWords} {
		sets[i] = make(map[string]bool)
		for _, w := range strings.Fields(words) {
			sets[i][spelling.Fold(w)] = true
		}
	}
	return sets
})

// laterPairs reports whether t is key=value pairs (key:value too) that name
// a page past the first. Pairs are joined by & ; or ",". Every key must be
// known: a harmless key, a keyset key, or page and offset words of the
// table ("page", "pageNumber", "offset"); a bracketed key counts as its
// inner word ("page[number]" as "number"). t names a later page when a
// keyset key has a value, or when t reads as a query (it starts with ? or
// &, holds more than one pair, or has a bracketed key) and a page key has
// a number of at least 2, an offset key one of at least 1, or either a
// value that names a later page as words ("?page=next"). A keyset key
// that is also an offset word of the table ("after") with a number in
// digits is that offset word. A single plain pair ("offset=20", "page=2",
// "after=1") is left to laterWords.
func laterPairs(t string) bool {
	if strings.IndexByte(t, '=') < 0 && strings.IndexByte(t, ':') < 0 {
		return false // every pair holds one
	}
	query := false
	if t != "" && (t[0] == '?' || t[0] == '&') {
		t, query = t[1:], true
	}
	pairs := strings.FieldsFunc(t, func(r rune) bool { return r == '&' || r == ';' || r == ',' })
	query = query || len(pairs) > 1
	keyset, later := false, false
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			if k, v, ok = strings.Cut(p, ":"); !ok {
				return false
			}
		}
		kind, word, bracketed := readKey(trimSpace(k))
		v = trimSpace(v)
		query = query || bracketed
		if kind == keyKeyset && pageIndex()[word].roles&roleOffset != 0 && isNumber(v) {
			kind = keyOffset // "after=1" reads as the offset word it is
		}
		switch kind {
		case keyUnknown:
			return false
		case keyKeyset:
			keyset = keyset || v != ""
		case keyPage:
			later = later || laterValue(v, 2)
		case keyOffset:
			later = later || laterValue(v, 1)
		}
	}
	return keyset || query && later
}

// laterValue reports whether v, the value of a page or offset key, names a
// later page: a number in digits of at least least, or words that do.
func laterValue(v string, least int64) bool {
	if isNumber(v) {
		return wholeAtLeast(v, least)
	}
	return laterWords(v)
}

// isNumber reports whether v is one number in digits: an optional minus,
// digits and an optional decimal part.
func isNumber(v string) bool {
	return v != "" && (isDigit(rune(v[0])) || v[0] == '-') && numberEnd(v, 0) == len(v)
}

// readKey returns what the key k is, its folded words joined by spaces,
// and whether it was bracketed: a key "outer[inner]" is its inner word.
func readKey(k string) (kind keyKind, folded string, bracketed bool) {
	if open := strings.IndexByte(k, '['); open >= 0 && strings.HasSuffix(k, "]") {
		if keyWords(k[:open]) == nil {
			return keyUnknown, "", true
		}
		k, bracketed = k[open+1:len(k)-1], true
	}
	words := keyWords(k)
	if words == nil {
		return keyUnknown, "", bracketed
	}
	sets := wordSets()
	folded = strings.Join(words, " ")
	switch {
	case sets[0][folded]:
		return keyHarmless, folded, bracketed
	case sets[1][folded]:
		return keyKeyset, folded, bracketed
	}
	index, roles := pageIndex(), role(0)
	for _, w := range words {
		e := index[w]
		if e.roles&(rolePage|roleOffset|roleFiller) == 0 {
			return keyUnknown, folded, bracketed
		}
		roles |= e.roles
	}
	switch {
	case roles&roleOffset != 0:
		return keyOffset, folded, bracketed
	case roles&rolePage != 0:
		return keyPage, folded, bracketed
	}
	return keyUnknown, folded, bracketed
}

// keyWords returns the folded words of a key made of letters, _ and -
// ("page_size", "pageSize": page, size), or nil for anything else.
func keyWords(k string) []string {
	var words []string
	for i := 0; i < len(k); {
		r, size := utf8.DecodeRuneInString(k[i:])
		switch {
		case unicode.IsLetter(r):
			end := wordEnd(k, i)
			words = append(words, spelling.Fold(k[i:end]))
			i = end
		case r == '_' || r == '-':
			i += size
		default:
			return nil
		}
	}
	return words
}

// withoutTotal returns t without a trailing total of pages — "/10", " of
// 10", a word of totalWords and digits — when digits stand right before
// it: "page 2/10" and "2 of 10" give "page 2" and "2". Otherwise it returns
// "", which names no page.
func withoutTotal(t string) string {
	i := len(t)
	for i > 0 && isDigit(rune(t[i-1])) {
		i--
	}
	if i == len(t) {
		return ""
	}
	j := len(trimSpace(t[:i]))
	if j > 0 && t[j-1] == '/' {
		j--
	} else {
		w := j
		for w > 0 {
			r, size := utf8.DecodeLastRuneInString(t[:w])
			if !unicode.IsLetter(r) {
				break
			}
			w -= size
		}
		if w == j || w == 0 || t[w-1] != ' ' || !wordSets()[2][spelling.Fold(t[w:j])] {
			return ""
		}
		j = w
	}
	j = len(trimSpace(t[:j]))
	if j == 0 || !isDigit(rune(t[j-1])) {
		return ""
	}
	return t[:j]
}

// trimSpace returns s without whitespace at either end.
func trimSpace(s string) string { return strings.TrimFunc(s, spelling.IsSpace) }
