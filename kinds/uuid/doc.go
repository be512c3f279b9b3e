// Package uuid is the one owner of UUIDs: it reads every spelling of a UUID
// that carries a single meaning, reads the ids a model copies or invents
// instead of a real one as placeholders, and asks about the rest.
//
// The canonical spelling is the JSON string of a UUID in lowercase
// 8-4-4-4-12 hex ("4e6a3fac-9262-4826-91f0-e77195e54c58"); it reads as
// itself with no note. Read also takes, each with a note form that names
// the change: upper or mixed case, braces ("{…}"), a urn:uuid: prefix in
// any case, and the 32 hex digits without hyphens, and any of these inside
// surrounding whitespace and one pair of quotes (note trimmed first).
// Reader.Spell draws a spelling of an id from these classes (spell.go).
//
// # Placeholders
//
// A placeholder is not an id: it is read as the kind's placeholder
// (agentinput.Placeholder), which the factory reads as absent on a tool
// that reads and asks about on a tool that writes. The placeholders are
//
//   - the nil and the max UUID, and every UUID of one repeated hex digit;
//   - every UUID whose groups are each one repeated hex digit, the version
//     and variant digits aside ("aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
//     "00000000-0000-4000-8000-000000000000");
//   - the well-known UUIDs of specifications and documentation (the RFC
//     4122 and RFC 9562 examples, Wikipedia's 123e4567-…, Swagger UI's
//     3fa85f64-…, PostgreSQL's, Python's and the npm uuid package's
//     examples), listed once in the table Placeholders returns, with where
//     each comes from, and every UUID that begins with the first 12 hex
//     digits of one ("123e4567-e89b-42d3-…": a copy with another version
//     digit or tail);
//   - counting sequences: the 32 digits are runs of four or more that count
//     up or down in hex, decimal or keyboard order (1234567890abcdef), each
//     run in one order ("12345678-1234-1234-1234-123456789012",
//     "fedcba98-7654-3210-…");
//   - hex words and nothing else ("deadbeef-dead-beef-…", "cafebabe-…"),
//     from a small table of words (dead, beef, cafe, babe, f00d, c0de, …);
//   - template spellings: the shape of a UUID filled with x, y, ?, * or #
//     ("xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx"); a name in template brackets
//     ("<uuid>", "{user_id}", "{{ id }}", "${ORDER_ID}", "%UUID%"); words
//     that only name an id ("uuid", "YOUR_UUID", "your-uuid-here",
//     "insert uuid"); a call that would make one ("uuid4()").
//
// Everything else is an ask: invalid (with a reason that counts the hex
// digits when that is what is wrong, or names an invisible or control
// character), wrong_type (a number, a boolean, an array, an object, null),
// or too_large (a string over agentinput.MaxScalarBytes, refused without
// being scanned). The expected text of every ask carries a canonical
// example that is itself not a placeholder.
//
// The rules are tight enough that a real id is never caught: a random
// version 4 UUID matches one by a chance below 2^-40 (a tested property),
// and a version 7 UUID only when it was made in the millisecond of RFC
// 9562's example. Reading never panics on agent
// data and never shows a Go error.
//
// # One owner
//
// github.com/google/uuid's parse functions are this kind's primitives:
// only this package calls them, for every spelling but the canonical one.
// google/uuid reads more than the spelling class (any two characters
// around a 36-character body, for example); the shape is checked here
// before it is asked. The canonical spelling is read by Parse, this
// package's strict parser (one unrolled, table-driven pass that takes
// lowercase hex only), which is also the fast path of Read: with the
// placeholder check and the outcome, a canonical read costs about 1.1 to
// 1.3 times google/uuid's Parse, and allocates nothing.
package uuid
