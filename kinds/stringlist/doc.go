// Package stringlist is the one owner of lists: a property whose value is
// a list of items of one kind (uuids, enum values, countries, free text…).
// It reads every spelling of a list that carries a single meaning and
// hands each item to the item kind's owner; it never reads an item
// itself.
//
// A Reader is built once with New from Options: the item reader (any
// kind's read function with its options, or Text for free text), Split,
// Unique, and what one item is for asks; this is the face of every
// configurable kind (docs/kind-guide.md). The canonical spelling is a JSON
// array of canonical items (encoding/json of the []T Read returns, each
// item in its kind's canonical JSON), so the list has no Format of its own;
// it reads as itself with no note. Read also takes, each with a note:
//
//   - a lone value (a string, a number, a boolean) as a one-item list
//     (note one_item): "CZ" is ["CZ"];
//   - a string holding a JSON array as that array (note list_in_string):
//     "[\"a\",\"b\"]" is ["a","b"];
//   - a comma- or semicolon-separated string, split into items (note
//     split), only when Options.Split says the item kind's values never
//     hold those characters: "CZ, SK" is ["CZ","SK"], and so is "[CZ, SK]";
//     free text is never split silently (Options.SplitText, below). The
//     string unsplit (within its brackets) is read as one item too: when
//     both it and every split item read as values and the two lists
//     differ, the string has two meanings and is an ask ambiguous naming
//     both lists ("English, UK" is ["en-GB"] or ["en","uk"]); when only
//     the whole reads, it is a one-item list (note one_item: "Korea,
//     Republic of" is ["KR"]); otherwise the split items stand;
//   - with Options.SplitAsks (typed items whose values may hold a comma:
//     numbers, dates, instants …), a string with separators (commas,
//     semicolons, line breaks) is weighed, not split silently (issue 32):
//     its readings are the whole as one item (or each of the item kind's
//     readings of it), the string split at every separator, and split at
//     its strong separators only (a comma before whitespace, a semicolon,
//     a line break), each plausible when every item reads as a value. One
//     plausible reading is the list ("1, 2, 3" is [1,2,3] with a note
//     split; "October 1, 2026" is one date); several are an ask naming
//     each whole list ("10,20" is [10.2] or [10,20]; "1,5, 2" is [1,5,2]
//     or [1.5,2]); a whole the item kind refuses (not_whole,
//     out_of_range: "1,5" on whole numbers is 1.5) is a meaning too, so a
//     split is then asked about, never read. With none, a string written
//     as a list keeps its split items, whose asks name their indices; any
//     other string is one item, whose ask names no index ("the value");
//   - with Options.SplitText (free text), a lone string written as a list
//     — list separators (commas, semicolons, line breaks), a quoted CSV
//     line, another language's list literal (['a', 'b'], c("a", "b") …),
//     a JSON array missing a bracket — is an ask ambiguous naming the
//     one-item list and the split list ("Smith, John" is ["Smith, John"]
//     or ["Smith","John"]); a string without any of these is one item. The
//     split list leaves out the list's markers: a bullet leading every
//     item ("- a"), numbering in sequence one item a line or with ")"
//     ("1. a", "a) x"), and a conjunction joining the last item ("a, b and
//     c", "a, b, and c" are a, b, c);
//   - with Options.Unique, an item that repeats an earlier one (the same
//     canonical value, however spelled) is dropped (note duplicate).
//
// Spell and Ambiguous (spell.go) draw a list's spellings from these
// classes, its items spelled by Options.ItemSpeller.
//
// # Items are independent
//
// Each item is read by the item kind on its own, so one bad item never
// hides the others: ReadItems returns every item with its index in the
// list and its own outcome, so that the factory can apply the valid items
// and report the others by path (/tags/3) — best effort. Read turns the
// same result into one outcome: the list of values when every item is a
// value (each item's notes relayed with its index), otherwise one ask that
// names the first bad item by its index (and how many others are bad);
// when that item is the only bad one and its ask has readings, the
// readings are whole lists, the item replaced by each of its readings.
//
// A lone value that says "no items" in words ("none at all", "no tags",
// "žádné", "keine": placeholder.NoItems) and that the item kind does not
// read is an ask whose hint says that [] is the empty list, with [] among
// its readings.
//
// A placeholder as an item ("N/A", "", null, [] — placeholder.Is —
// or the item kind's own, such as the nil UUID) is an ask for that item,
// never a silently shorter list — unless the item kind declares that
// spelling as one of its values (Options.Declared: an enum of none, low,
// high reads "None" as "none").
//
// # Budgets
//
// A list holds at most agentinput.MaxArrayItems items, whether it arrives
// as an array, a string holding an array, or a separated string; a string
// form is read only up to agentinput.MaxStringBytes. Over either, the list
// is an ask too_large, and no item is read.
package stringlist
