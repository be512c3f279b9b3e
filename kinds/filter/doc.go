// Package filter is the one owner of optional filters: a property that
// narrows a listing by a value of another kind (usually a vocabulary or an
// enum), and that a model often fills with a word for "everything".
//
// A Filter is built once, with OverVocabulary (over a data-owned
// vocabulary) or Over (over any other kind's read function), and read
// cheaply from many goroutines.
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
// # Over a vocabulary
//
// A filter over a vocabulary never empties a search: a value the
// vocabulary reads is the filter; a value it asks about (no entry, several
// entries, a wrong type, too large) is dropped — absent — with a warning
// filter_dropped that names the entries it could have meant (the ask's
// readings), or, when it meant none, the first ten stored values and how
// many there are.
//
// # Over another kind
//
// Over a kind with no vocabulary only the "not filtering" spellings are
// lenient: everything else is read by the kind, and its asks stay asks.
// When the handler's page comes back empty under such a filter, it
// attaches the warning NoHits builds, naming the values that would have
// matched, through the factory's Call.Warn.
//
// A "not filtering" word that the kind reads as a value (an enum that
// declares "all") is an error of Over and OverVocabulary: the filter could
// not tell "no filter" from that value.
package filter
