// Package vocabulary is the one owner of data-owned values: a set of
// entries (courts, agencies, registers …), each with an id, names (in the
// entry's language and in others), abbreviations and English names, and
// the country of an entry bound to one, loaded from data. The canonical
// spelling of a value is its entry's id; it reads as itself with no note.
//
// A Reader is built once, with New from Options (the entries, from Go) or
// with Load (from JSON `[{"id", "names", "language", "names_by_language",
// "abbreviations", "english", "country"}]`, every field but id and names
// optional), and then read cheaply, many times, from many goroutines: the
// face of every configurable kind (docs/kind-guide.md). Read returns an
// entry's id,
// which is its own canonical spelling (Parse takes it strictly), so there
// is no Format. Read takes, each with a note:
//
//   - the id in another letter case, without diacritics or with other
//     separators ("ks praha" for "KS-PRAHA"; note folded);
//   - a name (in any language the entry declares) or an English name,
//     through letter case, diacritics, whitespace and punctuation
//     ("nejvyssi soud", "NEJVYŠŠÍ SOUD", "Supreme court", "Kreisgericht
//     Brünn"; note name), and in the inflected forms of a name in Czech,
//     Slovak or German ("Krajského soudu v Praze", "Najvyššieho súdu",
//     "des Obersten Gerichtshofs"; note name; see # Inflected names);
//   - an abbreviation with or without dots and spaces ("NSČR", "nscr",
//     "N.S.Č.R.", "n. s. č. r."; note alias_code);
//   - a JSON number whose text is one of these (note scalar_as_text);
//   - any of these inside surrounding whitespace and one pair of quotes
//     (note trimmed first);
//   - any of these after a leading article (English the/a/an, German
//     der/die/das/des/dem/den, French le/la/les/l', Spanish el/la/los/las, Italian
//     il/lo/la/i/gli/le/l', Portuguese o/a/os/as, Dutch de/het), when the
//     spelling as sent names no entry and the rest names exactly one:
//     "the Supreme Court" (the note of the rest's spelling, form for an
//     id). A spelling that names an entry as sent is never read this way,
//     so an entry's own name that begins with an article stays its own;
//   - the first words of a name, an English name or an inflected form,
//     fewer words than the name and four letters or digits or more, when
//     no other entry's name begins with them nor holds all of their words
//     (in any order, among others: "Federal Court" begins "Federal Court
//     of Justice" and fits "Federal Fiscal Court" too, and is an ask
//     naming both): "Constitutional", "Nejvyšší správní" (note name). A
//     spelling of an entry's own, or after an article, is read as above
//     first;
//   - an entry's id, name, abbreviation or English name followed by its
//     country (Entry.Country), after a space, a comma or inside
//     parentheses: "Nejvyšší soud ČR", "Nejvyšší soud, CZ", "Supreme Court
//     (Czech Republic)" (note country_qualifier). The qualifier is read by
//     the country owner (kinds/country), and may be a code, an alpha-3
//     code or a name it reads, never digits alone ("Praha 10" is a name).
//     The qualifier tells apart two entries of one name and different
//     countries ("Supreme Court (Slovakia)"). Another country's
//     qualifier is an ask invalid that offers no entry ("Nejvyšší soud
//     SK"; "CR" is Costa Rica's code); a qualifier the country owner asks
//     about ("Czechoslovakia", a lower-case word such as "de") is an ask
//     naming the entries of the countries it may mean; an entry with no
//     country never takes a qualifier, and one the spelling names beside
//     an entry of that country makes it an ask naming both. After a space,
//     the English "of" or "in" may lead the qualifier ("Supreme Court of
//     the Czech Republic"); a qualifier of up to three words may come
//     first ("Czech Supreme Court"); and one the country owner does not
//     read is read as a country's name in the genitive ("Nejvyšší soud
//     České republiky", "Verfassungsgericht Tschechiens");
//   - spellings of one entry side by side: see # Parts.
//
// Spell and Ambiguous (spell.go) draw an entry's spellings from these
// classes, by the vocabulary's own index.
//
// A spelling that several entries share (an abbreviation or an English name
// two entries carry, an inflected form of names of two entries, or the
// first words of names of two entries) is an ask ambiguous naming each
// entry: "Nejvyšší" alone begins the names of both Supreme Courts and is
// asked about with both. A spelling that names no entry is an ask whose
// readings are the nearest entries (at most MaxNear), or an ask invalid
// when nothing is near. The nearest entries are first every entry whose
// id or abbreviation (without spaces, two letters or more) begins the
// spelling, the longest first ("NSSČR" is near NSS and NS), then those
// sharing the most words and three-letter pieces; when only one of them
// carries every word of the spelling (of three letters or more, not an
// article) among its spellings, it alone ("Krajský soud Brno"). An ask
// never offers an entry the spelling contradicts: one bound to another
// country than a country the spelling names, read by the country owner
// from its last words (or their genitive) or its first ("Supreme Court of
// Slovakia", "Slovak Supreme Court", "Najvyšší súd Slovenskej
// republiky", when no entry is Slovak, offer no Czech court), nor one a
// word of whose name the spelling inverts with a prefix fused to it
// ("Neústavní soud" is not offered Ústavní soud; internal/spelling owns
// the prefixes).
//
// A currency sign anywhere, and "+" or "#" ending a word, are part of a
// spelling, not separators: "C$" reads as the entry with that
// abbreviation, and "C" never does; "US$" is not "US".
//
// # Inflected names
//
// An entry's names are in its language (Entry.Language) and in those of
// Entry.NamesByLanguage, each a code the locale owner (kinds/locale)
// writes as it is ("cs", "sk", "de"); the language is declared, never
// taken from the country. For a name in Czech, Slovak or German, New
// generates the forms the declension rules of internal/inflect give — the one
// owner of those rules — and indexes each, folded, as a spelling of the
// entry weaker than every declared one:
//
//   - Czech and Slovak: the leading adjectives (hard -ý/-á/-é, Slovak also
//     -y/-a/-e; soft -í, Slovak -í/-ia/-ie; "a" or "i" between two) and the
//     noun they agree with, in the genitive, dative, accusative, locative
//     and instrumental singular, by the noun's gender and declension
//     (masculine hard and soft, animate too; feminine -a, -e, -ia, and in a
//     consonant when an adjective says so; neuter -o, -e, -í, -ie); what
//     follows the noun — a preposition and its place ("v Praze", already
//     in its case), a genitive ("České republiky"), a capitalized name — is
//     kept as declared: "Vrchní soud v Olomouci" gives "Vrchního soudu v
//     Olomouci" and "Vrchním soudem v Olomouci";
//   - German: capitalized adjectives in -er, -es or -e before a
//     capitalized word in the weak and strong endings (-e, -en, -em, -er),
//     and a masculine or neuter noun in the genitive -s and -es: "Oberster
//     Gerichtshof" gives "Obersten Gerichtshofs" (and "des Obersten
//     Gerichtshofs" reads after its article).
//
// A form that a declared spelling of another entry folds like (also
// without spaces) is not indexed: the declared one reads. A form two
// entries share is an ask naming both. A form no rule generates is a
// miss, near its entry.
//
// # Parts
//
// A spelling that names no entry as a whole, nor after an article, nor
// with a country qualifier, nor as a partial name, may be two to four
// spellings side by side: a closing group in round or square brackets,
// and the text around an en or em dash, a slash, or a hyphen between
// spaces ("Supreme Court (NS)", "NS – Nejvyšší soud", "Oberste
// Gerichtshof (Nejvyšší soud)"). Each part is read alone; when one entry
// is named by every part, by a spelling of its own in one of them, it is
// that entry (note name, or alias_code when only ids and abbreviations
// name it). Parts naming different entries are an ask naming each; a part
// that names no entry makes the spelling an ask naming what the others
// name, never a value.
//
// # Cost
//
// New folds every spelling once into a map from folded spelling to the
// entries it names, so a lookup is one fold of the spelling (linear in its
// length) and one or two map accesses, whatever the number of entries. The
// nearest-entries search of a miss goes through two more indexes built by
// New: folded words and their three-letter pieces (trigrams), each keeping
// at most maxPosting entries per word or piece. A search looks at the
// first maxTokens words of the spelling and the first maxGrams pieces of
// each, so it touches at most maxTokens×(1+maxGrams)×maxPosting entries
// however large the vocabulary is, and sums their scores in a table sized
// to the entries it touches, not to the vocabulary (the posting lists are
// spans of one flat array, so a large vocabulary costs no more per
// search, and the trigrams are in a flat table of their own). Full lists
// that are equal (those of a word every entry carries and of its
// trigrams) are kept once and read once, and the search sums the heaviest
// lists first: once the lists left weigh too little to lift an entry not
// yet counted to two thirds of the best score, it only adds to the
// entries it counted, so that the lists of rarer trigrams, which hold
// entries far apart in a large vocabulary, are mostly not read. The cap
// costs recall in a vocabulary where thousands of entries share a word
// ("soud"): the nearest entries are then taken among the first maxPosting
// entries carrying each word or piece, in the order of the data, and a
// reader who wants one of the others spells it more fully.
//
// # Building
//
// New generates the inflected forms of every name in a language with rules
// once, and indexes them as it indexes declared spellings (their words and
// pieces for the nearest entries, their first words for the partial
// names): a Czech name gives up to nine forms, a German one five, so a
// vocabulary of such names holds several times the keys of one without
// declared languages.
//
// New rejects, naming both entries: two entries with the same id, or whose
// ids or names fold alike ("Nejvyšší soud" and "nejvyssi soud"); and a
// spelling of one entry (a name, an abbreviation, an English name) that
// folds like another entry's id, because an id must read as its own entry
// and nothing else. An abbreviation or an English name that two entries
// share is allowed and reads as an ask naming both. It also rejects an
// entry without an id or a name, an empty spelling, a spelling with no
// letter or digit, a spelling with control or invisible characters, an id
// with surrounding whitespace or quotes (a read trims them), a country the
// country owner does not read as one country ("XX", "Congo"), a language
// code the locale owner does not write as it is ("Czech", "cz"), and a
// names_by_language key that is English or the entry's own language
// (their names go in english and names), naming the entry.
package vocabulary
