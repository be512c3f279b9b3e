package date

// Language is one language's month and weekday names, as the language
// writes them (with their diacritics). A name is read case- and
// diacritics-insensitively, so "ŘÍJNA", "Října" and "rijna" are all Czech
// October.
type Language struct {
	// Code is the ISO 639-1 code Options.Languages names the language by.
	Code string
	// Name is the language's English name.
	Name string
	// Default is true for the languages read when Options.Languages is
	// empty. The others are data that a property enables by code.
	Default bool
	// Months holds the names of January … December.
	Months [12]Month
	// Weekdays holds the names of Sunday … Saturday (as time.Weekday
	// counts), full names first, then abbreviations.
	Weekdays [7][]string
}

// Month is the names of one month in one language.
type Month struct {
	// Nominative is the name as a language writes it alone ("říjen 2026").
	Nominative string
	// Genitive is the form after a day number ("1. října 2026"), where the
	// language has one that differs from the nominative; "" otherwise.
	Genitive string
	// Abbreviations are the short forms ("Oct", "říj"), each once; a
	// trailing dot is punctuation, not part of the abbreviation.
	Abbreviations []string
}

// Forms returns every spelling of m: the nominative, the genitive (when
// it differs) and the abbreviations.
func (m Month) Forms() []string {
	out := []string{m.Nominative}
	if m.Genitive != "" {
		out = append(out, m.Genitive)
	}
	return append(out, m.Abbreviations...)
}

func mo(nom, gen string, abbr ...string) Month {
	return Month{Nominative: nom, Genitive: gen, Abbreviations: abbr}
}

// languages is the one table of month and weekday names (sources: the
// CLDR "format" wide and abbreviated month names, nominative "stand-alone"
// forms for the Slavic languages, and the languages' own dictionaries).
// Its order is the order in which notes and readings list languages.
//
// The weekday abbreviations are CLDR's abbreviated forms, left out where
// one would name something else in the default set (doc.go lists them):
// cs "st" and sk "st", "št" (the ordinal suffix "st"), cs and sk "so"
// and German "So" (Saturday in the one, Sunday in the other), German and Dutch "Do" (the
// range word "do" of cs and pl), and "mar" of fr, es and it (the month
// abbreviation "mar").
//
// Croatian is optional: its "listopad" is October where Czech and Polish
// "listopad" is November (and Croatian genitive "listopada" is Polish
// genitive November), so a property that enables hr beside the default set
// gets an ask naming both dates.
var languages = [...]Language{
	{Code: "en", Name: "English", Default: true,
		Months: [12]Month{
			mo("January", "", "Jan"), mo("February", "", "Feb"), mo("March", "", "Mar"),
			mo("April", "", "Apr"), mo("May", ""), mo("June", "", "Jun"),
			mo("July", "", "Jul"), mo("August", "", "Aug"), mo("September", "", "Sep", "Sept"),
			mo("October", "", "Oct"), mo("November", "", "Nov"), mo("December", "", "Dec"),
		},
		Weekdays: [7][]string{
			{"Sunday", "Sun"}, {"Monday", "Mon"}, {"Tuesday", "Tue", "Tues"}, {"Wednesday", "Wed"},
			{"Thursday", "Thu", "Thur", "Thurs"}, {"Friday", "Fri"}, {"Saturday", "Sat"},
		}},
	{Code: "cs", Name: "Czech", Default: true,
		Months: [12]Month{
			mo("leden", "ledna", "led"), mo("únor", "února", "úno"), mo("březen", "března", "bře"),
			mo("duben", "dubna", "dub"), mo("květen", "května", "kvě"), mo("červen", "června", "čvn"),
			mo("červenec", "července", "čvc"), mo("srpen", "srpna", "srp"), mo("září", "", "zář"),
			mo("říjen", "října", "říj"), mo("listopad", "listopadu", "lis"), mo("prosinec", "prosince", "pro"),
		},
		Weekdays: [7][]string{
			{"neděle", "ne"}, {"pondělí", "po"}, {"úterý", "út"}, {"středa"}, {"čtvrtek", "čt"}, {"pátek", "pá"}, {"sobota"},
		}},
	{Code: "sk", Name: "Slovak", Default: true,
		Months: [12]Month{
			mo("január", "januára", "jan"), mo("február", "februára", "feb"), mo("marec", "marca", "mar"),
			mo("apríl", "apríla", "apr"), mo("máj", "mája"), mo("jún", "júna"),
			mo("júl", "júla"), mo("august", "augusta", "aug"), mo("september", "septembra", "sep"),
			mo("október", "októbra", "okt"), mo("november", "novembra", "nov"), mo("december", "decembra", "dec"),
		},
		Weekdays: [7][]string{
			{"nedeľa", "ne"}, {"pondelok", "po"}, {"utorok", "ut"}, {"streda"}, {"štvrtok"}, {"piatok", "pi"}, {"sobota"},
		}},
	{Code: "de", Name: "German", Default: true,
		Months: [12]Month{
			mo("Januar", "", "Jan", "Jänner"), mo("Februar", "", "Feb"), mo("März", "", "Mär", "Mrz"),
			mo("April", "", "Apr"), mo("Mai", ""), mo("Juni", "", "Jun"),
			mo("Juli", "", "Jul"), mo("August", "", "Aug"), mo("September", "", "Sep", "Sept"),
			mo("Oktober", "", "Okt"), mo("November", "", "Nov"), mo("Dezember", "", "Dez"),
		},
		Weekdays: [7][]string{
			{"Sonntag"}, {"Montag", "Mo"}, {"Dienstag", "Di"}, {"Mittwoch", "Mi"}, {"Donnerstag"}, {"Freitag", "Fr"},
			{"Samstag", "Sonnabend", "Sa"},
		}},
	{Code: "fr", Name: "French", Default: true,
		Months: [12]Month{
			mo("janvier", "", "janv"), mo("février", "", "févr"), mo("mars", ""),
			mo("avril", "", "avr"), mo("mai", ""), mo("juin", ""),
			mo("juillet", "", "juil"), mo("août", ""), mo("septembre", "", "sept"),
			mo("octobre", "", "oct"), mo("novembre", "", "nov"), mo("décembre", "", "déc"),
		},
		Weekdays: [7][]string{
			{"dimanche", "dim"}, {"lundi", "lun"}, {"mardi"}, {"mercredi", "mer"}, {"jeudi", "jeu"}, {"vendredi", "ven"},
			{"samedi", "sam"},
		}},
	{Code: "es", Name: "Spanish", Default: true,
		Months: [12]Month{
			mo("enero", "", "ene"), mo("febrero", "", "feb"), mo("marzo", "", "mar"),
			mo("abril", "", "abr"), mo("mayo", "", "may"), mo("junio", "", "jun"),
			mo("julio", "", "jul"), mo("agosto", "", "ago"), mo("septiembre", "", "sep", "sept", "setiembre"),
			mo("octubre", "", "oct"), mo("noviembre", "", "nov"), mo("diciembre", "", "dic"),
		},
		Weekdays: [7][]string{
			{"domingo", "dom"}, {"lunes", "lun"}, {"martes"}, {"miércoles", "mié"}, {"jueves", "jue"}, {"viernes", "vie"},
			{"sábado", "sáb"},
		}},
	{Code: "it", Name: "Italian", Default: true,
		Months: [12]Month{
			mo("gennaio", "", "gen"), mo("febbraio", "", "feb"), mo("marzo", "", "mar"),
			mo("aprile", "", "apr"), mo("maggio", "", "mag"), mo("giugno", "", "giu"),
			mo("luglio", "", "lug"), mo("agosto", "", "ago"), mo("settembre", "", "set"),
			mo("ottobre", "", "ott"), mo("novembre", "", "nov"), mo("dicembre", "", "dic"),
		},
		Weekdays: [7][]string{
			{"domenica", "dom"}, {"lunedì", "lun"}, {"martedì"}, {"mercoledì", "mer"}, {"giovedì", "gio"}, {"venerdì", "ven"},
			{"sabato", "sab"},
		}},
	{Code: "pl", Name: "Polish", Default: true,
		Months: [12]Month{
			mo("styczeń", "stycznia", "sty"), mo("luty", "lutego", "lut"), mo("marzec", "marca", "mar"),
			mo("kwiecień", "kwietnia", "kwi"), mo("maj", "maja"), mo("czerwiec", "czerwca", "cze"),
			mo("lipiec", "lipca", "lip"), mo("sierpień", "sierpnia", "sie"), mo("wrzesień", "września", "wrz"),
			mo("październik", "października", "paź"), mo("listopad", "listopada", "lis"), mo("grudzień", "grudnia", "gru"),
		},
		Weekdays: [7][]string{
			{"niedziela", "niedz"}, {"poniedziałek", "pon"}, {"wtorek", "wt"}, {"środa", "śr"}, {"czwartek", "czw"},
			{"piątek", "pt"}, {"sobota", "sob"},
		}},
	{Code: "pt", Name: "Portuguese", Default: true,
		Months: [12]Month{
			mo("janeiro", "", "jan"), mo("fevereiro", "", "fev"), mo("março", "", "mar"),
			mo("abril", "", "abr"), mo("maio", "", "mai"), mo("junho", "", "jun"),
			mo("julho", "", "jul"), mo("agosto", "", "ago"), mo("setembro", "", "set"),
			mo("outubro", "", "out"), mo("novembro", "", "nov"), mo("dezembro", "", "dez"),
		},
		Weekdays: [7][]string{
			{"domingo", "dom"}, {"segunda", "seg"}, {"terça", "ter"}, {"quarta", "qua"}, {"quinta", "qui"}, {"sexta", "sex"},
			{"sábado", "sáb"},
		}},
	{Code: "nl", Name: "Dutch", Default: true,
		Months: [12]Month{
			mo("januari", "", "jan"), mo("februari", "", "feb"), mo("maart", "", "mrt"),
			mo("april", "", "apr"), mo("mei", ""), mo("juni", "", "jun"),
			mo("juli", "", "jul"), mo("augustus", "", "aug"), mo("september", "", "sep", "sept"),
			mo("oktober", "", "okt"), mo("november", "", "nov"), mo("december", "", "dec"),
		},
		Weekdays: [7][]string{
			{"zondag", "zo"}, {"maandag", "ma"}, {"dinsdag", "di"}, {"woensdag", "wo"}, {"donderdag"}, {"vrijdag", "vr"},
			{"zaterdag", "za"},
		}},

	// Optional: read only when Options.Languages names them.
	{Code: "hr", Name: "Croatian",
		Months: [12]Month{
			mo("siječanj", "siječnja", "sij"), mo("veljača", "veljače", "velj"), mo("ožujak", "ožujka", "ožu"),
			mo("travanj", "travnja", "tra"), mo("svibanj", "svibnja", "svi"), mo("lipanj", "lipnja", "lip"),
			mo("srpanj", "srpnja", "srp"), mo("kolovoz", "kolovoza", "kol"), mo("rujan", "rujna", "ruj"),
			mo("listopad", "listopada", "lis"), mo("studeni", "studenoga", "stu", "studenog"), mo("prosinac", "prosinca", "pro"),
		},
		Weekdays: [7][]string{
			{"nedjelja"}, {"ponedjeljak"}, {"utorak"}, {"srijeda"}, {"četvrtak"}, {"petak"}, {"subota"},
		}},
}

// romanMonths are the Roman numerals I–XII, which Czech, Slovak, Polish
// and Hungarian write for months ("1. X. 2026"). They belong to no
// language and are read in every language set.
var romanMonths = [12]string{"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"}

// englishMonths names months in notes and readings.
var englishMonths = [12]string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

// englishWeekdays names weekdays in notes and readings, Sunday first.
var englishWeekdays = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// role is what a word that is not a month or weekday name does in a date.
type role uint16

const (
	roleFiller    role = 1 << iota // a connecting word: "de", "of", "le", "dne"
	roleOrdinal                    // an ordinal suffix after a day: "st", "er", "º"
	roleQuarter                    // "q" before a quarter's number
	roleTimeMark                   // "t" between a date and a time
	roleZone                       // "z", "utc", "gmt"
	roleMeridiem                   // "am", "pm"
	roleRangeTo                    // "to", "bis", "až": between the two ends of a range
	roleRangeFrom                  // "from", "od", "von": before the first end of a range
)

// roleWords are the words of every language set that are not names: the
// connecting words of the month-name dates, ordinal suffixes, time and
// range words. They are written folded (lower case, no diacritics).
var roleWords = []struct {
	word string
	role role
}{
	// Connecting words: en "the 1st of October", es "15 de marzo de 2026",
	// "el 1 de octubre del 2026", fr "le 1er octobre", it "il 1 ottobre",
	// de "am 1. Oktober", "den 1. Oktober", cs "dne 1. října",
	// sk "dňa 1. októbra", pl "dnia 1 października".
	{"of", roleFiller}, {"the", roleFiller}, {"on", roleFiller}, {"at", roleFiller},
	{"de", roleFiller}, {"del", roleFiller}, {"el", roleFiller}, {"le", roleFiller},
	{"il", roleFiller}, {"am", roleFiller | roleMeridiem}, {"den", roleFiller}, {"der", roleFiller},
	{"dne", roleFiller}, {"dna", roleFiller}, {"dnia", roleFiller}, {"um", roleFiller},
	{"st", roleOrdinal}, {"nd", roleOrdinal}, {"rd", roleOrdinal}, {"th", roleOrdinal},
	{"er", roleOrdinal}, {"re", roleOrdinal}, {"º", roleOrdinal}, {"ª", roleOrdinal}, {"°", roleOrdinal},
	{"q", roleQuarter}, {"t", roleTimeMark},
	{"z", roleZone}, {"utc", roleZone}, {"gmt", roleZone},
	{"pm", roleMeridiem},
	{"to", roleRangeTo}, {"until", roleRangeTo}, {"till", roleRangeTo}, {"through", roleRangeTo},
	{"thru", roleRangeTo}, {"and", roleRangeTo}, {"bis", roleRangeTo}, {"az", roleRangeTo},
	{"do", roleRangeTo}, {"au", roleRangeTo}, {"al", roleRangeTo}, {"hasta", roleRangeTo},
	{"from", roleRangeFrom}, {"between", roleRangeFrom}, {"od", roleRangeFrom}, {"von", roleRangeFrom},
	{"vom", roleRangeFrom}, {"du", roleRangeFrom}, {"desde", roleRangeFrom}, {"dal", roleRangeFrom},
}

// Languages returns the table of languages, default and optional, in the
// order notes list them. The result is a copy: changing it changes nothing.
func Languages() []Language {
	out := make([]Language, len(languages))
	for i, l := range languages {
		for m := range l.Months {
			l.Months[m].Abbreviations = append([]string(nil), l.Months[m].Abbreviations...)
		}
		for d := range l.Weekdays {
			l.Weekdays[d] = append([]string(nil), l.Weekdays[d]...)
		}
		out[i] = l
	}
	return out
}

// DefaultLanguages returns the codes of the languages read when
// Options.Languages is empty. A property that wants Croatian too writes
// append(date.DefaultLanguages(), "hr").
func DefaultLanguages() []string {
	var out []string
	for _, l := range languages {
		if l.Default {
			out = append(out, l.Code)
		}
	}
	return out
}

func languageIndex(code string) (int, bool) {
	for i := range languages {
		if languages[i].Code == code {
			return i, true
		}
	}
	return 0, false
}
