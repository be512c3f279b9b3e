// Package country is the one owner of countries: it reads every spelling of
// a country that carries a single meaning, and asks about the rest.
//
// The canonical spelling is the uppercase ISO 3166-1 alpha-2 code ("CZ"),
// or, on a property whose Options.Output is Alpha3, the alpha-3 code
// ("CZE"); it reads as itself with no note. Read also takes, each with a
// note:
//
//   - the alpha-2 code in any case, note form: `Read "cz" as "CZ" (letter case)`.
//   - the alpha-3 code in any case and the numeric code, as a string or a
//     JSON number ("CZE", "203", "040", 203), note alias_code.
//   - codes in use that ISO 3166-1 does not assign ("UK" for GB, "EL" for
//     GR) and withdrawn codes with one successor ("DD" for DE), note
//     alias_code. A withdrawn code with several successors ("CS", "YU",
//     "SU") is an ask ambiguous naming each.
//   - English names, names in the country's main language, official names
//     and common aliases ("Czechia", "Czech Republic", "Česko", "Deutschland",
//     "United States of America", "Holland"), matched through letter case,
//     diacritics, punctuation, "&" for "and", "St." for "Saint" and a
//     leading "the", note name with the English name as the reason.
//   - a name turned around, "NAME, QUALIFIER" or "NAME (QUALIFIER)" read
//     as "QUALIFIER NAME" ("Korea, South", "Virgin Islands (U.S.)", ISO's
//     "Congo, Democratic Republic of the"), and the abbreviations "S." for
//     "South", "N." for "North", "Ste." for "Sainte" ("S. Korea"), note
//     name, when what they read as names one country; when it names
//     several, an ask ambiguous naming each.
//   - names as statistical tables write them (the World Bank's, the UN's,
//     ISO 3166-1's short names): turned around with their qualifier
//     abbreviated ("Congo, Dem. Rep.", "Korea, Rep.", "Micronesia, Fed.
//     Sts.", "Venezuela, RB", "Hong Kong SAR, China"), or with "the", "of"
//     and "and" between words where the indexed name has none or "&" ("St.
//     Vincent and the Grenadines", "Democratic Republic of Congo"): the,
//     of and and between two words are left out on both sides (looseNames),
//     and the abbreviations Dem., Rep., Fed. Sts., Is., SAR, PDR, RB are
//     written out; names no rule reads from another ("Sint Maarten (Dutch
//     part)", "West Bank and Gaza") are data (statisticalNames), note name;
//   - a name in one of the further languages of moreLanguages (Swedish,
//     Danish, Norwegian, Finnish, Icelandic, the Baltic and Balkan
//     languages, Russian, Ukrainian, Greek, Turkish, Japanese, Chinese,
//     Korean, Arabic, Hebrew …: "Norge", "Österrike", "Германия"), from
//     CLDR, read on a miss of the main index through an index built on
//     that miss, note name;
//   - a flag emoji, the code in regional indicator letters ("🇨🇿"), or a
//     subdivision flag (🏴 and tag letters) as the country of its first
//     two, read by the code's rules, note form;
//   - any of these inside surrounding whitespace and one pair of quotes,
//     with a note trimmed before the other.
//
// A name that names several countries ("Congo") is an ask ambiguous
// naming each. A name that is no country's name but part of the names of a
// few ("Korea", "Virgin Islands", "New Guinea") is an ask ambiguous whose
// readings are those countries, even when there is only one: a part of a
// name is never read as the whole. An exact name always wins ("Guinea" is
// GN, not a part of "Guinea-Bissau").
//
// A country field owns its spelling: "NO" is Norway and "NA" Namibia,
// never a boolean or an absence.
//
// With Options.Admit, a country outside the admitted set is an ask
// out_of_range whose expected text lists the admitted codes, and an
// ambiguous spelling names only the admitted readings.
//
// # Data
//
// The countries, their codes and their English and native names are
// generated (gen.go, tables.go) from the CLDR display data of
// golang.org/x/text (the version go.mod names, v0.44.0, CLDR 32), so that a
// program does not pay for importing golang.org/x/text/language/display.
// The names CLDR lacks (official names, names in other official
// languages, former and colloquial names) and the withdrawn codes are data
// with one owner, aliases.go. Kosovo (XK, a user-assigned code in wide
// use) is read as a country.
//
// The code tables and the name index are built on first use, not at init.
//
// Reader.Spell and Reader.Ambiguous (spell.go) draw the spellings above, and the ones asked about, for tests and fuzzers.
package country

//go:generate go run gen.go
