// Package boolean is the one owner of booleans: it reads every spelling of
// a boolean that carries a single meaning, and asks about the rest.
//
// The canonical spelling is a JSON true or false; it reads as itself with
// no note. Read also takes, each with a note:
//
//   - the JSON numbers 1 and 0 (by value, so 1.0 and -0 too), note
//     from_number: `Read 1 as true`. Their value is the number kind's to
//     say (number.Parse); any other number is an ask.
//   - the strings "true" and "false" in any case, note from_string, and
//     "1" and "0", note from_number. These are read in every language set.
//   - a word for yes or no in one of the enabled languages, case- and
//     diacritics-insensitively ("ANO", "Áno", "nao", "NÃO"), note word with
//     the languages that read it: `Read "ano" as true (cs: yes)`.
//   - a check mark or box of a form, in every language set, note form:
//     ✓ ✔ ☑ ✅ are true; ✗ ✘ ☒ ❌ and the empty box ☐ (unchecked) are
//     false. The emoji variation selector U+FE0F may follow ("✔️").
//   - any of these followed by a run of sentence punctuation, ".", "!" or
//     "…", repeated or mixed ("yes.", "TRUE!", "Yes!!", "ano…"), with a
//     note form, `Read "yes." as "yes" (trailing punctuation dropped)`,
//     before the word's note. The run must end the word itself (not
//     "yes ." or "\"yes\"."), and what it leaves must be in the table.
//   - any of these inside surrounding whitespace (ASCII or Unicode) and one
//     pair of matching quotes, with a note trimmed before the other.
//
// A word that means yes in one enabled language and no in another (Greek
// "ne" against Czech "ne") is an ask ambiguous whose readings name both:
// true "yes in el" and false "no in cs". Enabling a language therefore
// never changes the meaning of a word silently. A word that means the same
// in several languages ("ja") is no conflict.
//
// Everything else is an ask invalid ("maybe", "2", "yes please", a word
// with an invisible or control character in it, text that is not UTF-8),
// wrong_type (null, an array, an object), or too_large (a string longer
// than agentinput.MaxScalarBytes, refused without being scanned). An ask
// never guesses, and reading never panics on agent data.
//
// # Languages
//
// The words are data with one owner, the table in languages.go (see
// Languages). Options.Languages names the languages to read; empty means
// DefaultLanguages, the specification's set. The table also holds optional
// languages (Greek, Russian, Ukrainian, Finnish, Turkish) that a property
// enables by code. Norwegian is "nb", with "no" and "nn" as aliases; it
// reads "nei", which Norwegian writes today, and "nej", which the
// specification lists.
//
// # Decisions
//
// An unknown language code is a mistake of the program, not of the agent:
// Options.Validate and New report it where a property is declared, and
// Read panics on it rather than answer the agent with an ask it cannot act
// on, or drop the code silently. New builds the index of one language set
// once; Read with the zero Options uses the default index, built on first
// use (importing the package builds nothing), and Read with other options
// shares the index New builds for the same set.
//
// The words are single words: letters, with their marks, the digit 1 or
// 0, or one check-mark symbol. A string with anything else inside ("-1",
// "y.e.s", "yes please") is not folded into a word, because folding would
// drop the difference ("-1" is not 1).
//
// Trailing punctuation is dropped only where it cannot change the meaning.
// A full stop or an exclamation mark ends a sentence; "…" is the one
// character autocorrect makes of "...", so it goes with them. "?" stays:
// "yes?" asks back. A digit keeps its punctuation: "0!" is a factorial
// (which is 1) and "1." a number form, and neither is a full stop for
// sure. A word that is ambiguous stays an ask with punctuation ("ne." with
// Greek and Czech enabled).
//
// Check marks are data in the language-independent part of the table
// (universal in index.go), beside "true", "false", "1" and "0", so they
// can never conflict with a language's word. Left out: ☓ (U+2613 SALTIRE,
// a St Andrew's cross more than a ballot mark), 🗸 (U+1F5F8, rare), and
// any symbol with a stroke or an extra mark on it.
//
// English reads "enable" and "disable" beside "enabled" and "disabled":
// as a value of a switch the imperative names the state it asks for.
// Considered and left out: "active"/"inactive" (a status, not a switch:
// "inactive" may mean paused, expired or not yet started, and the table
// would then read it for every property), "ok" (agreement, not a state),
// "yeah"/"nope" and "none" (the factory's placeholder), and "x" (a cross
// marks a chosen box as often as a rejected one).
//
// Expected and Example are the same for every Options: a property asks for
// a JSON boolean and reads words only as a repair.
//
// Reading a JSON boolean, and a short ASCII word, allocates nothing.
//
// Reader.Spell and Reader.Ambiguous (spell.go) draw the spellings above, and the ones asked about, for tests and fuzzers.
package boolean
