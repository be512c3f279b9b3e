// Package enum is the one owner of enumerations: a property whose value is
// one of a declared set of strings. It reads every spelling that names one
// declared value, and asks about the rest.
//
// A Reader is built once with New from Options (the values, and optional
// synonyms), then read cheaply, many times, from many goroutines: the face
// of every configurable kind (docs/kind-guide.md). The canonical spelling
// of a value is the declared string, which is what Read returns; it reads
// as itself with no note, and Parse takes it strictly. There is no Format:
// the value is its own canonical spelling. Read also takes, each with a
// note:
//
//   - the value in another letter case, with other separators (snake_case,
//     kebab-case, spaces, dots, camelCase) or without its diacritics:
//     "Published At", "published-at", "publishedAt" and "PUBLISHED_AT" are
//     published_at (note folded);
//   - the value with its word separators left out ("publishedat"), when
//     that names one value (note folded);
//   - a declared synonym, folded the same way (note synonym);
//   - a JSON number or boolean whose text is a declared value ("10", "true"),
//     note scalar_as_text; a JSON number that is the same number as
//     exactly one declared value (1e1 and 10.0 for "10"), note
//     scalar_as_text (a string that spells the same number, "1e1", is an
//     ask: a string is a spelling);
//   - any of these inside surrounding whitespace and one pair of quotes
//     (note trimmed first).
//
// A spelling that names several values once its separators are left out
// ("r e s e t" when both "re-set" and "reset" are declared) is an ask
// ambiguous naming each. A spelling that is no value but whose meaning
// is plain is an ask ambiguous too, whose readings are the values it may
// stand for, each with a meaning that says why; it is asked about, never
// guessed. There are three such classes:
//
//   - a near miss, within a small edit distance of one or more values
//     ("pubished", "archvied"); readings nearest first;
//   - an inflection, a value with an English ending added or, for a
//     plural ending, left out ("taxes" for "tax", "contract" for
//     "contracts"); readings in declared order;
//   - a word of a value, one whole word of one or more values ("tag" for
//     "do_tag_decision", "published" for "published_at"); readings in
//     declared order.
//
// A spelling in several classes has the union of their readings, each
// value once, in declared order. Anything else is an ask invalid. The
// expected text of every ask lists the declared values (the first
// thirty, and how many in all) with an example.
//
// # Near misses
//
// "Small" is one edit (insertion, deletion, substitution, or a swap of
// neighbours) for a word of three to five characters, two for a longer
// one, none for one or two characters; the distance is counted on the
// spelling folded and without separators. The search is a
// symmetric-deletion index built by New: its cost grows with the length of
// the spelling, never with the number of values (see near.go for the
// bounds), and a lookup of a declared value is one map access.
//
// # Inflections
//
// The spelling and the value are compared folded and without separators
// ("Tax_Es" is "taxes"), and only at their ends. The table of endings
// (the endings variable in inflect.go), as "value → spelling":
//
//	+s      contract → contracts     (plural: also read in reverse)
//	+es     tax → taxes              (plural: also read in reverse)
//	y→ies   family → families        (plural: also read in reverse)
//	+ed     publish → published
//	e→ed    archive → archived
//	y→ied   apply → applied
//	+ing    publish → publishing
//	e→ing   archive → archiving
//	+er     report → reporter
//	+ers    report → reporters
//	e→er    manage → manager
//	e→ers   manage → managers
//	+ment   settle → settlement
//	+ments  settle → settlements
//
// In reverse, a spelling is a value without its plural ending:
// "contract" for "contracts", "tax" for "taxes", "family" for "families".
// The part the spelling and the value share (the stem) has at least three
// letters, so "axes" is not asked about as "ax". Only the end of the whole
// spelling is inflected, never a word inside it, and a word of a value is
// not inflected ("clouds" names no "tag_cloud").
//
// # Words of values
//
// A value's words are those of its fold: it splits at separators and at
// camelCase boundaries ("published_at" and "publishedAt" have the words
// "published" and "at"). A spelling that folds to one word of at least
// three letters is asked about with every value that has that word, in
// declared order. A word that more than ten values have (maxWordValues) is
// no clue to any of them: its spelling gets the plain ask listing the
// values, unless another class names some. A run of several words of a
// value ("tag decision") is not this class.
//
// # Negations and numbers
//
// A spelling led by a mark or word that excludes or inverts what follows
// ("-draft", "!draft", "¬ draft", "not draft", "non-draft", "without
// draft"; internal/spelling.Negation owns the marks and words) never reads
// as the value it inverts, and its ask never offers that value: it is an
// ask invalid. The mark is part of the value when the whole spelling is a
// declared value ("not_started" beside "started") or the value is itself
// led by one ("-5").
//
// A spelling the number kind reads as a number ("10.0", "+10", "1e1",
// "−5") is compared with the declared values that are numbers by value,
// never folded (which would drop its sign) nor by edit distance (which
// offers a farther number): an ask whose readings are the declared values
// equal to it, or an ask invalid when there are none.
//
// # Cost
//
// New indexes every inflection of every value and every word of every
// value, once; a read looks each up with one map access, after the exact,
// folded and compact lookups have failed, so the lookup of a declared
// value does no more work than before.
//
// # Declaration
//
// New reports the program's mistakes: no values, an empty or malformed
// value, a value declared twice, two values that fold alike ("Draft" and
// "draft", "published_at" and "publishedAt", "café" and "cafe"), a synonym
// of an undeclared value, a synonym that folds like another value, and
// more than 2,000 values (a vocabulary's job).
//
// A declared value that is also one of the factory's generic placeholders
// ("none", "null", "-", "N/A") is read by the factory as absence before
// the enum sees it; see docs/decisions.md.
//
// Reader.Spell and Reader.Ambiguous (spell.go) draw the spellings above, and the ones asked about, for tests and fuzzers.
package enum
