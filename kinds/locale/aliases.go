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

// moreAliases are names the main index does not hold, read on its miss
// (lookupName) through an index built on that first miss, so that the main
// index's first use costs what it did (issue 33). TestMoreAliasesApart
// keeps their keys out of the main index: none of them replaces what CLDR
// says. A name with several tags is an ask naming each.
var moreAliases = [...]struct {
	name string
	tags []string
}{
	// English names beside CLDR's: the English names ISO 639-2 registers
	// (the Library of Congress list) where CLDR names the language
	// otherwise, and the older spellings English dictionaries give as
	// variants of CLDR's name (issue 33).
	{"Slovene", []string{"sl"}},
	{"Sinhalese", []string{"si"}},
	{"Singhalese", []string{"si"}},
	{"Panjabi", []string{"pa"}},
	{"Pushto", []string{"ps"}},
	{"Uighur", []string{"ug"}},
	{"Oriya", []string{"or"}},
	{"Bengali", []string{"bn"}},
	{"Tadzhik", []string{"tg"}},
	{"Tajiki", []string{"tg"}},
	{"Byelorussian", []string{"be"}},
	{"Belorussian", []string{"be"}},
	{"Letzeburgesch", []string{"lb"}},
	{"Maldivian", []string{"dv"}},
	{"Dhivehi", []string{"dv"}},
	{"Greenlandic", []string{"kl"}},
	{"Chichewa", []string{"ny"}},
	{"Chewa", []string{"ny"}},
	{"Haitian", []string{"ht"}},
	{"Navaho", []string{"nv"}},
	{"Ossetian", []string{"os"}},
	{"Central Khmer", []string{"km"}},
	{"Cambodian", []string{"km"}},
	{"Laotian", []string{"lo"}},
	{"Azeri", []string{"az"}},
	{"Fula", []string{"ff"}},
	{"Fulani", []string{"ff"}},
	{"Faeroese", []string{"fo"}},
	{"Moldovan", []string{"ro-MD"}},
	{"Romani", []string{"rom"}},
	{"Manx Gaelic", []string{"gv"}},
	{"Scots Gaelic", []string{"gd"}},
	{"Irish Gaelic", []string{"ga"}},
	{"Gaelic", []string{"gd", "ga"}},
	{"Yakut", []string{"sah"}},
	{"Kurmanji", []string{"ku"}},
	{"Sorani", []string{"ckb"}},
	{"Pedi", []string{"nso"}},
	{"Kirundi", []string{"rn"}},
	{"Old Church Slavonic", []string{"cu"}},
	{"Church Slavonic", []string{"cu"}},
	{"Kazak", []string{"kk"}},
	{"Gujerati", []string{"gu"}},
	{"Kanarese", []string{"kn"}},
	{"Nepalese", []string{"ne"}},
	{"Pilipino", []string{"fil"}},
	{"High German", []string{"de"}},
	{"Standard German", []string{"de"}},
	// Endonyms CLDR 32's data lacks: the language's own name, as its
	// speakers write it (the native names of the generated table are only
	// those of the locales x/text has data for).
	{"Bahasa Malaysia", []string{"ms"}},
	{"Hochdeutsch", []string{"de"}},
	{"Srpski", []string{"sr"}},
	{"Kreyòl ayisyen", []string{"ht"}},
	{"Diné bizaad", []string{"nv"}},
	{"Sesotho", []string{"st"}},
	{"Setswana", []string{"tn"}},
	{"isiXhosa", []string{"xh"}},
	{"Sepedi", []string{"nso"}},
	{"Sesotho sa Leboa", []string{"nso"}},
	{"Jawa", []string{"jv"}},
	{"Sunda", []string{"su"}},
	{"Kurdî", []string{"ku"}},
	{"ދިވެހި", []string{"dv"}},
}

// languageWords are a language's own word for "language", which its
// speakers write before or after the language's name: "Bahasa
// Indonesia", "Wikang Tagalog", "język polski", "magyar nyelv", "русский
// язык", "ภาษาไทย". A name with one of them reads as the name alone would,
// when the rest names a language. before says the word leads the name;
// joined that it is written with no space (Thai, Lao, Khmer).
var languageWords = [...]struct {
	word           string
	before, joined bool
}{
	{"bahasa", true, false},    // Indonesian, Malay
	{"basa", true, false},      // Javanese, Sundanese
	{"wikang", true, false},    // Tagalog, Filipino
	{"afaan", true, false},     // Oromo
	{"język", true, false},     // Polish
	{"limba", true, false},     // Romanian
	{"idioma", true, false},    // Spanish, Portuguese
	{"tiếng", true, false},     // Vietnamese
	{"اللغة", true, false},     // Arabic
	{"زبان", true, false},      // Persian
	{"ภาษา", true, true},       // Thai
	{"ພາສາ", true, true},       // Lao
	{"ភាសា", true, true},       // Khmer
	{"язык", false, false},     // Russian
	{"мова", false, false},     // Ukrainian, Belarusian
	{"език", false, false},     // Bulgarian
	{"јазик", false, false},    // Macedonian
	{"jezik", false, false},    // Serbian, Croatian, Bosnian, Slovenian
	{"nyelv", false, false},    // Hungarian
	{"keel", false, false},     // Estonian
	{"valoda", false, false},   // Latvian
	{"kalba", false, false},    // Lithuanian
	{"dili", false, false},     // Turkish, Azerbaijani, Turkmen
	{"tili", false, false},     // Uzbek
	{"тілі", false, false},     // Kazakh
	{"भाषा", false, false},     // Hindi, Marathi, Nepali
	{"språk", false, false},    // Swedish, Norwegian
	{"sprog", false, false},    // Danish
	{"taal", false, false},     // Dutch
	{"sprache", false, false},  // German
	{"language", false, false}, // English ("English language")
}

// splitCodes are the withdrawn ISO 639-1 codes of a language that has
// since been split into several: such a code reads as its name does, an
// ask naming each language of the split, and is never read as a
// country's language (SH is St Helena's code too). golang.org/x/text
// aliases "sh" to sr-Latn alone.
var splitCodes = [...]struct {
	code, name string
	tags       []string
}{
	{"sh", "Serbo-Croatian", []string{"sr-Latn", "hr", "bs"}},
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
