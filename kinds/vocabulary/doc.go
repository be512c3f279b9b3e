// Package vocabulary is the one owner of data-owned values: a set of
// entries (courts, agencies, registers …), each with an id, names,
// abbreviations and English names, and the country of an entry bound to
// one, loaded from data. The canonical spelling of a value is its entry's
// id; it reads as itself with no note.
//
// A Reader is built once, with New from Options (the entries, from Go) or
// with Load (from JSON `[{"id", "names", "abbreviations", "english",
// "country"}]`),
// and then read cheaply, many times, from many goroutines: the face of
// every configurable kind (docs/kind-guide.md). Read returns an entry's id,
// which is its own canonical spelling (Parse takes it strictly), so there
// is no Format. Read takes, each with a note:
//
//   - the id in another letter case, without diacritics or with other
//     separators ("ks praha" for "KS-PRAHA"; note folded);
//   - a name or an English name, through letter case, diacritics,
//     whitespace and punctuation ("nejvyssi soud", "NEJVYŠŠÍ SOUD",
//     "Supreme court"; note name);
//   - an abbreviation with or without dots and spaces ("NSČR", "nscr",
//     "N.S.Č.R.", "n. s. č. r."; note alias_code);
//   - a JSON number whose text is one of these (note scalar_as_text);
//   - any of these inside surrounding whitespace and one pair of quotes
//     (note trimmed first);
//   - any of these after a leading article (English the/a/an, German
//     der/die/das, French le/la/les/l', Spanish el/la/los/las, Italian
//     il/lo/la/i/gli/le/l', Portuguese o/a/os/as, Dutch de/het), when the
//     spelling as sent names no entry and the rest names exactly one:
//     "the Supreme Court" (the note of the rest's spelling, form for an
//     id). A spelling that names an entry as sent is never read this way,
//     so an entry's own name that begins with an article stays its own;
//   - the first words of a name or an English name, fewer words than the
//     name and four letters or digits or more, when no other entry's name
//     begins with them: "Constitutional", "Nejvyšší správní" (note name).
//     A spelling of an entry's own, or after an article, is read as above
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
//     an entry of that country makes it an ask naming both.
//
// A spelling that several entries share (an abbreviation or an English name
// two entries carry, or the first words of names of two entries) is an ask
// ambiguous naming each entry: "Nejvyšší" alone begins the names of both
// Supreme Courts and is asked about with both. A spelling that names no
// entry is an ask whose readings are the nearest entries (at most
// MaxNear), or an ask invalid when nothing is near. The nearest entries are
// first every entry whose id or abbreviation (without spaces, two letters
// or more) begins the spelling, the longest first ("NSSČR" is near NSS and
// NS), then those sharing the most words and three-letter pieces.
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
// New rejects, naming both entries: two entries with the same id, or whose
// ids or names fold alike ("Nejvyšší soud" and "nejvyssi soud"); and a
// spelling of one entry (a name, an abbreviation, an English name) that
// folds like another entry's id, because an id must read as its own entry
// and nothing else. An abbreviation or an English name that two entries
// share is allowed and reads as an ask naming both. It also rejects an
// entry without an id or a name, an empty spelling, a spelling with no
// letter or digit, a spelling with control or invisible characters, an id
// with surrounding whitespace or quotes (a read trims them), and a
// country the country owner does not read as one country ("XX", "Congo"),
// naming the entry.
package vocabulary
