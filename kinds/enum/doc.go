// Package enum is the one owner of enumerations: a property whose value is
// one of a declared set of strings. It reads every spelling that names one
// declared value, and asks about the rest.
//
// An Enum is built once from a Spec (the values, and optional synonyms)
// with New, then read cheaply, many times, from many goroutines. The
// canonical spelling of a value is the declared string; it reads as itself
// with no note. Read also takes, each with a note:
//
//   - the value in another letter case, with other separators (snake_case,
//     kebab-case, spaces, dots, camelCase) or without its diacritics:
//     "Published At", "published-at", "publishedAt" and "PUBLISHED_AT" are
//     published_at (note folded);
//   - the value with its word separators left out ("publishedat"), when
//     that names one value (note folded);
//   - a declared synonym, folded the same way (note synonym);
//   - a JSON number or boolean whose text is a declared value ("10", "true"),
//     note scalar_as_text;
//   - any of these inside surrounding whitespace and one pair of quotes
//     (note trimmed first).
//
// A spelling that names several values once its separators are left out
// ("r e s e t" when both "re-set" and "reset" are declared) is an ask
// ambiguous naming each. A near miss, a
// spelling within a small edit distance of one or more values but equal
// to none ("pubished", "archvied"), is an ask ambiguous whose readings are
// the near values, nearest first: a typo is asked about, never guessed.
// Anything else is an ask invalid. The expected text of every ask lists
// the declared values (the first thirty, and how many in all) with an
// example.
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
package enum
