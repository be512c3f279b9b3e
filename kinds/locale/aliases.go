package locale

// The language names CLDR's display data lacks or gets wrong for a reader,
// kept here as data with one owner. A name here replaces whatever the
// generated table says under the same key (letter case, diacritics and
// punctuation do not count); a name with several tags is an ask naming
// each.
var aliases = [...]struct {
	name string
	tags []string
}{
	// Norwegian: CLDR 32 names "no" "Norwegian Bokmål"; the macrolanguage is
	// Norwegian, its written standards Bokmål and Nynorsk.
	{"Norwegian", []string{"no"}},
	{"Norwegian Bokmål", []string{"nb"}},
	{"Bokmål", []string{"nb"}},
	{"norsk bokmål", []string{"nb"}},
	{"norsk", []string{"no"}},
	// CLDR names sr-Latn after its deprecated alias sh.
	{"Serbo-Croatian", []string{"sr-Latn", "hr", "bs"}},
	{"srpskohrvatski", []string{"sr-Latn", "hr", "bs"}},
	{"Serbian Latin", []string{"sr-Latn"}},
	{"Serbian Cyrillic", []string{"sr-Cyrl"}},
	// Scripts and regions a name says in words.
	{"Chinese Traditional", []string{"zh-Hant"}},
	{"Chinese Simplified", []string{"zh-Hans"}},
	{"Mandarin", []string{"zh"}},
	{"Mandarin Chinese", []string{"zh"}},
	{"Cantonese Chinese", []string{"yue"}},
	{"Brazilian", []string{"pt-BR"}},
	{"European Portuguese", []string{"pt-PT"}},
	{"Portuguese Portugal", []string{"pt-PT"}},
	{"Spanish Latin America", []string{"es-419"}},
	{"Latin American Spanish", []string{"es-419"}},
	{"Mexican Spanish", []string{"es-MX"}},
	// CLDR's name of gsw, and what a reader also calls de-CH.
	{"Swiss German", []string{"gsw", "de-CH"}},
	{"Castilian", []string{"es"}},
	{"Castellano", []string{"es"}},
	{"Farsi", []string{"fa"}},
	{"Dari", []string{"fa-AF"}},
	{"Tagalog", []string{"fil"}},
	{"Flemish", []string{"nl-BE"}},
	{"Moldavian", []string{"ro-MD"}},
	{"Valencian", []string{"ca-ES-valencia"}},
	{"Hebrew", []string{"he"}},
	{"Greek", []string{"el"}},
	{"Modern Greek", []string{"el"}},
	{"Ελληνικά", []string{"el"}},
	{"Kirghiz", []string{"ky"}},
	{"Burmese", []string{"my"}},
	{"Persian", []string{"fa"}},
	// Native names a model types without their script or marks.
	{"cestina", []string{"cs"}},
	{"Cesky", []string{"cs"}},
	{"slovencina", []string{"sk"}},
	{"Deutsch", []string{"de"}},
	{"Francais", []string{"fr"}},
	{"Espanol", []string{"es"}},
	{"Portugues", []string{"pt"}},
	{"Russkiy", []string{"ru"}},
	{"Nihongo", []string{"ja"}},
	{"Hanyu", []string{"zh"}},
	{"Zhongwen", []string{"zh"}},
	{"Putonghua", []string{"zh"}},
	{"Hangugeo", []string{"ko"}},
	{"Ivrit", []string{"he"}},
	{"Arabiya", []string{"ar"}},
	{"Hindi", []string{"hi"}},
	{"Ukrainska", []string{"uk"}},
	// Names of several languages.
	{"Chinese", []string{"zh"}},
	{"Sami", []string{"se", "smn", "sma", "smj", "sms"}},
	{"Sorbian", []string{"hsb", "dsb"}},
	{"Frisian", []string{"fy", "frr", "stq"}},
	{"Sotho", []string{"st", "nso"}},
	{"Kurdish", []string{"ku", "ckb"}},
}

// acceptedCodes are two-letter language codes that are also country codes
// of countries whose main language differs, and that read as the language
// although x/text does not count the language among the widely used ones
// (widelyUsed), or the code is deprecated ("tl", which x/text reads as
// fil): each is the everyday code of its language in software, and no one
// writes it for the country.
const acceptedCodes = " cy ga gl eu lb mt bs tl "

// scriptAliases are words for a script a name puts in parentheses:
// "Chinese (Traditional)", "Serbian (Latin)".
var scriptAliases = [...][2]string{
	{"traditional", "Hant"},
	{"simplified", "Hans"},
	{"traditional chinese", "Hant"},
	{"simplified chinese", "Hans"},
	{"latin", "Latn"},
	{"latinica", "Latn"},
	{"cyrillic", "Cyrl"},
	{"cyrillic script", "Cyrl"},
	{"latin script", "Latn"},
	{"cirilica", "Cyrl"},
}

// englishNames replace CLDR 32's English name of a tag where a reader
// would be misled by it (CLDR names "no" after Bokmål, and "sr-Latn" after
// its deprecated alias sh).
var englishNames = [...][2]string{
	{"no", "Norwegian"},
	{"nb", "Norwegian Bokmål"},
	{"sr-Latn", "Serbian (Latin)"},
	{"tw", "Twi"},
}

// regionAdjectives are the words for a region a name puts before a
// language's name ("British English", "Indian English"), as keys, with
// the region's code. A country's name or capital code there is read by
// kinds/country ("New Zealand English", "US English").
var regionAdjectives = [...][2]string{
	{"american", "US"},
	{"british", "GB"},
	{"brazilian", "BR"},
	{"canadian", "CA"},
	{"swiss", "CH"},
	{"austrian", "AT"},
	{"mexican", "MX"},
	{"australian", "AU"},
	{"belgian", "BE"},
	{"indian", "IN"},
	{"irish", "IE"},
	{"argentine", "AR"},
	{"argentinian", "AR"},
	{"chilean", "CL"},
	{"colombian", "CO"},
	{"south african", "ZA"},
	{"singaporean", "SG"},
	{"moroccan", "MA"},
	{"egyptian", "EG"},
}
