package number

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Cardinal number words (issue 32). The class, exactly: one word (a
// hyphenated word counts as one, "dix-sept"), the cardinal of 0 to 20, of
// a ten from 30 to 90, of 100 or of 1000, as a language of the table
// writes it, with or without its diacritics, in any letter case, within
// whitespace and quotes: "five", "pět", "fünf", "twelve", "dvacet",
// "cinquante", "hundred". It reads as its number, note word, and the
// property's options apply (a whole number; its range). Compounds
// ("twenty-one", "einundzwanzig", "dvacet jedna", "two hundred") and
// ordinals are not in the class: they ask, and the ask's example is the
// number a word of them names.
//
// A word that names different numbers in two enabled languages (Spanish
// "tres" is 3, Danish "tres" 60) is an ask naming both; a word that is also
// an article or a common word in English or an enabled language ("to",
// "fire", "sex", "elf", "due", "once", "un", "ein", "een", "en", "hat",
// "pet" without its háček; numberHomographs) is an ask whose one reading
// is the number: a word with another meaning is never read as a number
// silently.

// numberLanguage is one language's cardinal words: words[n] are the words
// for n (forms and genders a language writes, separated by spaces), for 0
// to 20, then the tens 30 to 90 at tens[0..6], then 100 and 1000.
type numberLanguage struct {
	code     string
	name     string
	words    [21]string
	tens     [7]string
	hundred  string
	thousand string
}

// numberLanguages is the one table of number words, in the boolean and
// date kinds' default languages.
var numberLanguages = [...]numberLanguage{
	{"en", "English", [21]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"},
		[7]string{"thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}, "hundred", "thousand"},
	{"cs", "Czech", [21]string{"nula", "jedna jeden jedno", "dva dvě", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět", "deset",
		"jedenáct", "dvanáct", "třináct", "čtrnáct", "patnáct", "šestnáct", "sedmnáct", "osmnáct", "devatenáct", "dvacet"},
		[7]string{"třicet", "čtyřicet", "padesát", "šedesát", "sedmdesát", "osmdesát", "devadesát"}, "sto", "tisíc"},
	{"sk", "Slovak", [21]string{"nula", "jeden jedna jedno", "dva dve", "tri", "štyri", "päť", "šesť", "sedem", "osem", "deväť", "desať",
		"jedenásť", "dvanásť", "trinásť", "štrnásť", "pätnásť", "šestnásť", "sedemnásť", "osemnásť", "devätnásť", "dvadsať"},
		[7]string{"tridsať", "štyridsať", "päťdesiat", "šesťdesiat", "sedemdesiat", "osemdesiat", "deväťdesiat"}, "sto", "tisíc"},
	{"de", "German", [21]string{"null", "eins ein eine", "zwei zwo", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
		"elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig"},
		[7]string{"dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"}, "hundert einhundert", "tausend eintausend"},
	{"fr", "French", [21]string{"zéro", "un une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
		"onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf", "vingt"},
		[7]string{"trente", "quarante", "cinquante", "soixante", "soixante-dix", "quatre-vingts quatre-vingt", "quatre-vingt-dix"}, "cent", "mille"},
	{"es", "Spanish", [21]string{"cero", "uno una un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
		"once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte"},
		[7]string{"treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"}, "cien ciento", "mil"},
	{"it", "Italian", [21]string{"zero", "uno una un", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
		"undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto", "diciannove", "venti"},
		[7]string{"trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"}, "cento", "mille"},
	{"pl", "Polish", [21]string{"zero", "jeden jedna jedno", "dwa dwie", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć", "dziesięć",
		"jedenaście", "dwanaście", "trzynaście", "czternaście", "piętnaście", "szesnaście", "siedemnaście", "osiemnaście", "dziewiętnaście", "dwadzieścia"},
		[7]string{"trzydzieści", "czterdzieści", "pięćdziesiąt", "sześćdziesiąt", "siedemdziesiąt", "osiemdziesiąt", "dziewięćdziesiąt"}, "sto", "tysiąc"},
	{"pt", "Portuguese", [21]string{"zero", "um uma", "dois duas", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
		"onze", "doze", "treze", "catorze quatorze", "quinze", "dezesseis dezasseis", "dezessete dezassete", "dezoito", "dezenove dezanove", "vinte"},
		[7]string{"trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"}, "cem cento", "mil"},
	{"nl", "Dutch", [21]string{"nul", "een één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien",
		"elf", "twaalf", "dertien", "veertien", "vijftien", "zestien", "zeventien", "achttien", "negentien", "twintig"},
		[7]string{"dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig", "negentig"}, "honderd", "duizend"},
	{"sv", "Swedish", [21]string{"noll", "en ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio",
		"elva", "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton", "arton", "nitton", "tjugo"},
		[7]string{"trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio"}, "hundra", "tusen"},
	{"da", "Danish", [21]string{"nul", "en et", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti",
		"elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten", "nitten", "tyve"},
		[7]string{"tredive", "fyrre", "halvtreds", "tres", "halvfjerds", "firs", "halvfems"}, "hundrede", "tusind"},
	{"nb", "Norwegian", [21]string{"null", "en ett én", "to", "tre", "fire", "fem", "seks", "sju syv", "åtte", "ni", "ti",
		"elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten", "nitten", "tjue"},
		[7]string{"tretti", "førti", "femti", "seksti", "sytti", "åtti", "nitti"}, "hundre", "tusen"},
	{"hu", "Hungarian", [21]string{"nulla", "egy", "kettő két", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc", "tíz",
		"tizenegy", "tizenkettő", "tizenhárom", "tizennégy", "tizenöt", "tizenhat", "tizenhét", "tizennyolc", "tizenkilenc", "húsz"},
		[7]string{"harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven"}, "száz", "ezer"},
	{"ro", "Romanian", [21]string{"zero", "unu una un o", "doi două", "trei", "patru", "cinci", "șase", "șapte", "opt", "nouă", "zece",
		"unsprezece", "doisprezece douăsprezece", "treisprezece", "paisprezece", "cincisprezece", "șaisprezece", "șaptesprezece", "optsprezece", "nouăsprezece", "douăzeci"},
		[7]string{"treizeci", "patruzeci", "cincizeci", "șaizeci", "șaptezeci", "optzeci", "nouăzeci"}, "sută", "mie"},
}

// numberHomographs are number words of the table, in lower case as
// written or as they fold ("pet" is "pět" without its háček), that are
// also an article or a common word in English or a language of the table
// (Hungarian "hét" is 7 and a week), or a spelling the library reads as
// something else (null, the JSON null): asked about, with the number as
// the one reading.
var numberHomographs = []string{
	"un", "une", "una", "ein", "eine", "een", "en", "et", "ett", "egy", "o", "um", // articles that also mean one
	"to", "fire", "fem", "sex", "seks", "hat", "het", "elf", "due", "once", "sept", "cent", "sei", "nove", "otto",
	"sto", "mil", "ni", "ti", "opt", "pet", "pat", "null", "nulla", "nula", "neuf", "hét",
}

// DefaultNumberLanguages returns the codes of the languages whose number
// words Read reads when Options.Languages is empty: every language of the
// table.
func DefaultNumberLanguages() []string {
	out := make([]string, len(numberLanguages))
	for i, l := range numberLanguages {
		out[i] = l.code
	}
	return out
}

// wordMeaning is what one folded word is: the numbers it names, each with
// the languages that say so.
type wordMeaning struct {
	values    []int64
	languages [][]string
	homograph bool
}

// wordIndexes caches the index of each language set, keyed by its codes.
var wordIndexes sync.Map

// wordIndex returns the index of the number words of the languages codes
// (the default set when empty): folded word → meaning.
func wordIndex(codes []string) map[string]*wordMeaning {
	key := strings.Join(codes, ",")
	if ix, ok := wordIndexes.Load(key); ok {
		return ix.(map[string]*wordMeaning)
	}
	if len(codes) == 0 {
		codes = DefaultNumberLanguages()
	}
	ix := map[string]*wordMeaning{}
	add := func(words string, n int64, lang string) {
		for _, w := range strings.Fields(words) {
			for _, k := range []string{strings.ToLower(w), spelling.Fold(w)} {
				m := ix[k]
				if m == nil {
					m = &wordMeaning{homograph: slices.Contains(numberHomographs, k)}
					ix[k] = m
				}
				i := slices.Index(m.values, n)
				if i < 0 {
					m.values = append(m.values, n)
					m.languages = append(m.languages, nil)
					i = len(m.values) - 1
				}
				if !slices.Contains(m.languages[i], lang) {
					m.languages[i] = append(m.languages[i], lang)
				}
			}
		}
	}
	for _, l := range numberLanguages {
		if !slices.Contains(codes, l.code) {
			continue
		}
		for n, words := range l.words {
			add(words, int64(n), l.code)
		}
		for i, words := range l.tens {
			add(words, int64(30+10*i), l.code)
		}
		add(l.hundred, 100, l.code)
		add(l.thousand, 1000, l.code)
	}
	wordIndexes.Store(key, ix)
	return ix
}

// lookupWord returns the meaning of the trimmed t as one number word, or
// nil.
func lookupWord(t string, opts Options) *wordMeaning {
	if len(t) > 32 || strings.ContainsAny(t, " \t") {
		return nil
	}
	ix := wordIndex(opts.Languages)
	if m := ix[strings.ToLower(t)]; m != nil {
		return m
	}
	return ix[spelling.Fold(t)]
}

// readWord reads t, a string of letters, as a number word: the value with
// a note word, or the ask about a word with several meanings. ok is false
// when t is no number word.
func readWord(v any, t string, from agentinput.Spelling, notes agentinput.Notes, opts Options) (agentinput.Outcome[Decimal], bool) {
	m := lookupWord(t, opts)
	if m == nil {
		return agentinput.Outcome[Decimal]{}, false
	}
	if len(m.values) == 1 && !m.homograph {
		notes.Add(agentinput.NoteWord, from, "the number word of "+strings.Join(languageNames(m.languages[0]), ", "))
		return finish(v, FromInt64(m.values[0]), notes, opts), true
	}
	rs := make([]agentinput.Reading, 0, len(m.values))
	var sends []string
	for i, n := range m.values {
		d := FromInt64(n)
		if !inRange(d, opts) {
			continue
		}
		rs = append(rs, agentinput.Reading{Value: json.RawMessage(d.String()), Meaning: "the number word of " + strings.Join(languageNames(m.languages[i]), ", ")})
		sends = append(sends, d.String())
	}
	reason := "it is a number word in several languages, for different numbers"
	if m.homograph {
		reason = "it is a number word, and also a word with another meaning"
	}
	if len(rs) == 0 {
		return ask(v, opts, agentinput.AskOutOfRange, reason+", and no number it names is in range"), true
	}
	hint := "Send the number you mean as a JSON number: " + strings.Join(sends, " or ")
	if len(sends) == 1 {
		hint = "Send " + sends[0] + " as a JSON number if that is the number you mean"
	}
	return agentinput.Asking[Decimal](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: Expected(opts),
		Hint:     hint,
		Readings: rs,
	}), true
}

// languageNames are the English names of the languages with codes.
func languageNames(codes []string) []string {
	out := make([]string, 0, len(codes))
	for _, c := range codes {
		for _, l := range numberLanguages {
			if l.code == c {
				out = append(out, l.name)
			}
		}
	}
	return out
}

// exampleFrom returns a number the words of t name that the property
// accepts, for an ask's example: the first number in digits t holds
// ("5 items", "€50"), or its one number word ("five items"). ok is false
// when t names none the property takes.
func exampleFrom(t string, opts Options) (Decimal, bool) {
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			continue
		}
		j := i
		for j < len(t) && ('0' <= t[j] && t[j] <= '9' || t[j] == '.' && j+1 < len(t) && '0' <= t[j+1] && t[j+1] <= '9') {
			j++
		}
		if d, ok := Read(t[i:j], Options{}).Value(); ok && accepts(d, opts) {
			return d, true
		}
		break
	}
	// A number word, when the input holds exactly one ("five items"; not
	// "dix sept", which names neither 10 nor 7).
	var found []Decimal
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 || r == '-') }) {
		if m := lookupWord(w, opts); m != nil {
			if len(m.values) != 1 {
				return Decimal{}, false
			}
			found = append(found, FromInt64(m.values[0]))
		}
	}
	if len(found) == 1 && accepts(found[0], opts) {
		return found[0], true
	}
	return Decimal{}, false
}

// accepts reports whether the property takes d as it is.
func accepts(d Decimal, opts Options) bool {
	return inRange(d, opts) && (!opts.Integer || d.IsInteger())
}

// sendFrom is the hint of an ask whose input names a number the property
// takes: that number as the example.
func sendFrom(d Decimal) string {
	return "Send the number alone as a JSON number, for example " + d.String()
}
