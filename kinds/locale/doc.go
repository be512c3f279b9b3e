// Package locale is the one owner of language tags: it reads every
// spelling of a locale that carries a single meaning, and asks about the
// rest. It is the only package that calls golang.org/x/text/language's
// parsing functions (with kinds/country, which owns region names).
//
// The canonical spelling is a BCP 47 tag in canonical case ("cs-CZ", "en",
// "zh-Hant-TW", "es-419"); it reads as itself with no note. Read also
// takes, each with a note:
//
//   - underscores, wrong letter case and POSIX suffixes ("cs_CZ", "CS-cz",
//     "cs_CZ.UTF-8", "de_DE@euro"), note form naming each change. The
//     POSIX modifiers @latin, @cyrillic, @devanagari and @arabic read as
//     the script and @valencia as the variant; @euro is dropped.
//   - three-letter and deprecated codes ("ces", "cze", "ger", "iw", "ji",
//     "yid"),
//     and every subtag golang.org/x/text replaces by its canonical one
//     without saying so ("en-UK" as en-GB, "en-GB-oed" as
//     en-GB-oxendict), note alias_code: x/text never canonicalises
//     silently here.
//   - English and native language names and their common aliases
//     ("Czech", "čeština", "cestina", "Deutsch", "Brazilian Portuguese",
//     "Farsi"), a name with a script or a region in parentheses or after a
//     comma ("Portuguese (Brazil)", "Chinese (Traditional)", "English, UK"),
//     a name with a region code ("English_US"), and a name with its
//     region said in words: a region adjective of a small table, a
//     country's name or capital code before it ("Indian English", "US
//     English"), "(CC)" after a language code ("en (US)"), or a country
//     after "of", "from", "do", "de", "du" ("Português do Brasil"), note
//     name. "Swiss German", CLDR's name of gsw and a name of de-CH, is
//     asked about.
//   - any of these inside surrounding whitespace and one pair of quotes,
//     with a note trimmed before the other.
//
// A country code written as a language code is asked about, with the
// country's main language as the reading: "cz" (cs), "dk" (da), "jp"
// (ja), "ua" (uk), "gr" (el), "at" (de), "usa" (en), and the same with a
// region after it ("cz_CZ" reads cs-CZ). When the code is also a
// language's code, the ask names both readings ("se": Swedish, the
// language of Sweden, or Northern Sami), unless the code is the current
// code of a widely used language (the languages golang.org/x/text/language
// predefines a Tag for, and Welsh, Irish, Galician, Basque, Luxembourgish
// and Maltese): "ca", "sv", "et" and "my" read as Catalan, Swedish,
// Estonian and Burmese. A deprecated or three-letter code that is a
// country's code is asked about too ("in": Hindi or Indonesian). A lone
// two-letter code in capitals is written as a country's code, so when it
// is also a language's code and the country's main language is another,
// it is asked about with both readings, widely used or not: "UK" is
// English, the language of the United Kingdom (a code kinds/country
// reads as GB), or Ukrainian; "CA" English (Canada) or Catalan; "SV"
// Spanish (El Salvador) or Swedish. "uk", "Uk" and "UK-UA" read as
// Ukrainian.
//
// A language code is read only as a language this package knows by name:
// one whose base language, after aliasing ("yid" is Yiddish, "iw"
// Hebrew), has an English name in the generated name data. A registered
// code of a language CLDR does not name is not read as that language,
// whether it is a rare ISO 639-3 code or an English word a model sends
// ("TBD", "all", "the", "any", "all-US"; Kaki Ae and Allar are not what
// it means): it is an ask invalid saying it is not the code of a language
// this reader knows. When such a code is also a country's code, only the
// country's language is a reading, and it is asked about ("ury":
// Uruguay's Spanish; "and": Andorra's Catalan); when it is a language's
// name, it reads as the name ("Laz", "asu" is Asu). A tag whose rest
// turns the language into one this package does not know ("ar-aao") is
// an ask invalid too.
//
// English names beside CLDR's (ISO 639-2's registered English names and
// the older spellings dictionaries give, "Slovene", "Sinhalese", "Azeri")
// and endonyms CLDR 32's data lacks are data in aliases.go. A language's
// name with its own word for "language" before or after it ("Bahasa
// Indonesia", "Wikang Tagalog", "język polski", "magyar nyelv", "русский
// язык", "ภาษาไทย"; the words are languageWords; and the English "English
// language") reads as the name alone, note name.
//
// A language's name in Czech, Slovak, German, Polish, French, Spanish,
// Italian, Portuguese or Dutch, by CLDR (foreignNames: "angličtina",
// "Englisch", "anglais"), reads as the language, note name, when no other
// reading of the spelling does: in the forms a sentence puts it in, which
// internal/inflect owns (Czech and Slovak cases, "angličtině"; the adverb,
// "anglicky", "po slovensky"; the adjective, alone and with the word for
// language, "v anglickém jazyce", and with "written", "česky psaná";
// German adjective endings, "in englischer Sprache", "deutschsprachig"),
// and after a word for "in", "the" or "written" ("in English", "v
// angličtině", "auf Deutsch", "en français", "written in the English
// language"; inPrepositions). A spelling
// two languages' names share is an ask naming both. A name of three
// letters or fewer is read as a code, never here. See foreign.go.
//
// A language code doubled as its region ("sv-SV", "uk-UK", "el_EL"), or
// followed by an area's initials for its UN M49 code ("es-LA" for
// es-419), where the region is not a country of the language by CLDR's
// data (not one of CLDR's locales, not the language's likely region, not
// a region whose main language it is: "de-DE", "pt-PT", "az-AZ" and
// "lo-LA" read), is a well-known misspelling: never the tag as written,
// never remapped in silence, an ask whose readings are the language in
// its own country, the language alone, and, when the region is a country,
// that country's own locale ("sv-SV": sv-SE, sv or es-SV; "uk-UK": uk-UA,
// uk or en-GB). See doubled.go.
//
// A withdrawn code of a language since split reads as its name does:
// "sh" (Serbo-Croatian) asks for sr-Latn, hr or bs, and only in capitals
// ("SH") adds St Helena's English.
//
// Every reading an ask offers reads as a value when sent back: a region's
// successors are offered only with a language this reader knows
// ("AAA-YU" is invalid, not an ask offering "aaa-RS").
//
// A name with several meanings ("Sami", "Serbo-Croatian", "English
// (Korea)", "Ga", which is a language's name and, as "ga", Irish) is an ask
// naming each. Anything else is an ask invalid; a value that is not a
// string is an ask wrong_type; a string over agentinput.MaxScalarBytes is
// too_large without being scanned.
//
// # Data
//
// The names are generated (gen.go, tables.go) from the CLDR display data
// of golang.org/x/text (the version go.mod names, v0.44.0, CLDR 32), so
// that a program does not pay for importing
// golang.org/x/text/language/display, whose init alone takes milliseconds.
// The names CLDR lacks or gets wrong are data with one owner, aliases.go.
// The name index is built on first use (sync.Once), never at init.
//
// Reader.Spell and Reader.Ambiguous (spell.go) draw the spellings above, and the ones asked about, for tests and fuzzers.
package locale

//go:generate go run gen.go
