// Package filter is the one owner of optional filters: a property that
// narrows a listing by a value of another kind (usually a vocabulary or an
// enum), and that a model often fills with a word for "everything".
//
// A Reader is built once with New from Options — over a data-owned
// vocabulary (Options.Vocabulary) or over any other kind's read function
// (Options.Read) — and read cheaply from many goroutines: the face of every
// configurable kind (docs/kind-guide.md). Its values are the kind's, in the
// kind's canonical spelling, so it has no Format of its own.
//
// # Not filtering
//
// An empty or whitespace string, a dash alone, wildcards ("*", "%", ".*")
// and the words for "all" and "any" in the languages of the boolean kind
// ("all", "any", "every", "everything", "vše", "všechny", "alle", "tous",
// "todos", "tutti", "wszystkie", "minden", "toate", "alla" …; Words holds
// the table, folded for case, diacritics and punctuation) read as absent,
// with a note placeholder ("not filtering"). They are absent through
// agentinput.Absent, not agentinput.Placeholder: an explicit "all" is a
// meaningful "no filter", not a placeholder, so a tool that writes reads it
// as no filter too instead of asking placeholder_on_write. (A generic
// placeholder — "-", "", "null" — reaches the factory's absence rule
// before the filter and follows it.)
//
// The words for "both" and "either" ("both", "beide", "oba", "ambos" …)
// are not among them: over a kind of more than two values they name two
// particular values, not all of them, so the kind reads them (and over a
// vocabulary they are dropped).
//
// # Negations and patterns
//
// A filter names the values to keep. A spelling led by a negation — a
// mark ("-NS", "!NS", "~NS", "¬NS", "^NS") or a word of the boolean kind's
// languages ("not NS", "non-NS", "except NS", "kromě NS", "ohne NS", "sauf
// NS" …; the table negations) — is never read as the value it negates:
// over a vocabulary it is dropped with a warning filter_dropped that names
// the value it would exclude; over another kind it is an ask invalid. The
// mark is part of the value, and the spelling reads as the kind reads it,
// when the kind reads the whole spelling as a value with no note, or as a
// value the rest alone does not read as (a number's "-5" is -5, not 5).
//
// A spelling with a wildcard among other characters ("NS*", "N*S", "KS%",
// "N?S"; a "%" after a digit is a percent sign) is a pattern, never one
// value even when it matches one: over a vocabulary it is dropped with a
// warning filter_dropped naming the entries whose id or names it matches
// (folded for case and diacritics), or a sample when it matches none; over
// another kind it is an ask invalid whose readings are the declared values
// it matches (Options.Values; none when the kind declares none).
//
// # Over a vocabulary
//
// A filter over a vocabulary never empties a search: a value the
// vocabulary reads is the filter; a value it asks about (no entry, several
// entries, a wrong type, too large) is dropped — absent — with a warning
// filter_dropped that names the entries it could have meant (the ask's
// readings), or, when it meant none, the first ten stored values and how
// many there are. A value within reach of exactly one entry — the
// vocabulary's ask offers that one reading (a near miss, an inflected
// form its rules do not generate, a part that names nothing beside one
// that names the entry), or a pattern matches that one entry — is not
// dropped but asked about, naming it: one more call, never an unfiltered
// answer. The ask carries the filter's expected text and says the filter
// may be left out.
//
// That is the policy MissDrop, the zero Options.Miss. With MissAsk (a
// tag's miss=ask) every value the vocabulary does not read as one entry
// is an ask, negations and patterns too, as over another kind: choose it
// where an answer drawn from an unfiltered page would be wrong (a count,
// a total, what a do tool changes), and MissDrop where an unfiltered page
// still serves and the next call can narrow it (docs/decisions.md,
// filter).
//
// A drop's warning carries the ask the value would have been
// (agentinput.Warning.Ask), as it carries the ask of a negation or a
// pattern: the factory puts the drop first in the result and in the read
// contract, lists it among the issues of a call refused for another
// reason, and refuses a write with it.
//
// # Over another kind
//
// Over a kind with no vocabulary only the "not filtering" spellings are
// lenient: everything else is read by the kind, and its asks stay asks.
// When the handler's page comes back empty under such a filter, it
// attaches the warning NoHits builds, naming the values that would have
// matched, through the factory's Call.Warn.
//
// Spell and Ambiguous (spell.go) spell a value through the kind's
// Speller (the vocabulary, or Options.Speller) and ask about patterns.
//
// A "not filtering" word that the kind reads as a value (an enum that
// declares "all") is an error of New: the filter could
// not tell "no filter" from that value.
package filter
