// Package bytes is the one owner of inline bytes: base64 in every
// spelling that carries one meaning, and data: URIs. No other package of
// the module decodes agent base64 (the cursor kind decodes its own tokens
// and keys, a format of its own); the census guards encoding/base64.
//
// The face is the configurable kinds' (see docs/kind-guide.md):
//
//	New(opts)          builds a Reader once; declaration mistakes are errors
//	(*Reader).Read(v)  reads a decoded JSON value: an Outcome[Bytes]
//	Parse(s)           reads the canonical spelling strictly
//	Format(b)          writes the canonical spelling
//
// # Values
//
// A Bytes holds the decoded bytes and, when they arrived in a data: URI,
// its media type. The canonical spelling, and the JSON of a Bytes, is the
// standard base64 of the bytes with padding (RFC 4648 §4), with no line
// break: the media type is not part of it. A data: URI is read with a note
// (data_uri) that names the media type, which Bytes.MediaType keeps; a
// property bound to []byte keeps the bytes only.
//
// # Spellings
//
// A string is trimmed (whitespace, one pair of quotes, note trimmed) and
// read as one of
//
//   - standard base64 with padding: itself, no note;
//   - standard base64 without padding or with incomplete padding, the URL
//     and filename-safe alphabet (-_) with or without padding, and any of
//     these broken into lines at a fixed width, MIME's 76 characters or
//     PEM's 64 (LF or CRLF; every line that width but the last): note
//     form, whose reason names each change. Any other whitespace inside
//     (a space, a tab, a break at another width) makes it no base64: an
//     ask, whose reading is the base64 its characters spell when it does
//     not read as words;
//   - a data: URI (RFC 2397), "data:image/png;base64,iVBOR…": the base64
//     after the comma read as above, note data_uri; without ";base64"
//     the percent-encoded text after the comma, as its UTF-8 bytes. A
//     data: URI with no media type has RFC 2397's,
//     "text/plain;charset=US-ASCII";
//   - a JSON array of byte values, the integers 0 to 255 ([104, 105]),
//     each read by the number kind: note form.
//
// Reader.Spell draws a spelling of a value from these classes, and
// Reader.Ambiguous one of the spellings the Reader asks about (spell.go).
//
// The standard and the URL alphabet share 62 characters and give them the
// same values, so no string is base64 in both with different bytes; one
// that mixes the characters only each has (+/ and -_) is an ask.
//
// Plain text is never decoded as base64 (text.go). A string that reads as
// words ("good work", "Dear John", "yes": letters in a word's case, digits
// apart, whitespace and punctuation; no run mixing letters and digits or
// cases as base64 of binary data does) is an ask whose readings are its
// UTF-8 bytes and, for a word without whitespace that is also base64, the
// bytes that base64 spells. The canonical spelling of a value that reads
// as words ("good", "Dear") reads as itself, as every canonical spelling
// does, with a warning also_text naming the text's bytes.
//
// Hexadecimal is not a spelling of this kind, and is never read
// silently. Hex digits after 0x ("0x48656c6c6f") are an ask whose one
// reading is their bytes, even when the whole is canonical base64: such
// bytes are sent as a data: URI ("data:;base64,0x48656c6c6f"), the one
// exception to the canonical fixed point. A string of an even number of hex digits ("deadbeef00") is
// both, and is an ask: ambiguous with both readings (the base64 bytes and
// the hex bytes, each in canonical base64) when it is also base64, invalid
// with a hint that gives the hex bytes' base64 when it is not. The one
// exception is the canonical spelling, which is always base64 because
// every value's canonical spelling reads back as itself: a canonical
// string that is also hex ("deadbeef", "AAAA") is read as base64 with a
// warning also_hex that names the hex reading (docs/decisions.md).
//
// Everything else is an ask: a character of neither alphabet (named with
// its position), a length no base64 has (one character past a group of
// four), a last character whose unused bits are set (not what any encoder
// writes: the text was cut or altered), text that is not UTF-8, a number,
// a boolean, an object, an array with an item that is no byte's value.
//
// # Budgets
//
// The decoded size is bounded by Options.MaxBytes, at most (and by
// default) agentinput.MaxInlineBytes: more is too_large, counted before
// anything is decoded. Its hint never asks to shorten, summarize or
// rewrite the content; the factory adds the tool's reference form when
// the tool declares one. A string longer than four times the canonical
// length of the budget is too_large without a scan.
package bytes
