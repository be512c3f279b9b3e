// Package cursor is the one owner of cursors: the opaque tokens a server
// issues so that a caller can ask for the next page of a listing.
//
// A Codec is built once with New from a Config (the server's keys, how long
// a token lives, the clock) and then encodes and reads tokens, many times,
// from many goroutines.
//
// # The token class
//
// Every token the encoder emits is the prefix "c1_" followed by the
// unpadded URL-safe base64 encoding (RFC 4648 §5: A–Z a–z 0–9 - _) of
//
//	version (1 byte, 1) | offset (uvarint) | page size (uvarint) |
//	issued (varint, Unix seconds) | session (8 bytes) | filters (8 bytes) |
//	HMAC-SHA256 of all the bytes before it (32 bytes)
//
// where session and filters are the first 8 bytes of the SHA-256 of the
// session id and of the filter hash the server passes (any string that
// stands for the filters of the listing, for example their canonical JSON).
// The MAC is computed under the first key of Config.Keys with a
// domain-separation label, and verified under every key of the list.
//
// # Reading
//
// Read sorts what arrives into two classes. A string is inside the class
// when, after trimming whitespace and one pair of quotes, it contains "c1_"
// in any letter case, or it is at least 20 bytes long and starts with three
// bytes of which at most one differs from "c1_" (a real token with one
// character of its prefix damaged). A non-string value is inside when its
// JSON text contains "c1_". Everything else — " ", "0", 1, "start",
// "first", "page1", "__start__", "null", "eyJwYWdlIjoyfQ", anything a
// model invents for a first call — is outside: it reads as no cursor, a
// placeholder with a note (absent on a tool that reads, which is where
// cursors are).
//
// Everything inside the class goes to the decoder, and every failure —
// forged, truncated, tampered with, expired, issued to another session or
// for other filters, of an unknown version — is one ask, invalid_cursor,
// whose reason says which and whose hint names the restart: call again
// without cursor to start from the first page. A cursor never silently
// restarts the listing, which would repeat pages the caller already has.
//
// A nil *Codec reads too, with no key: outside the class is absent, and
// inside is invalid_cursor (nothing can verify it). The command line's
// `agentinput read cursor` without a key is that reader.
//
// # Keys and rotation
//
// Config.Keys holds at least one key of at least 16 bytes. The first signs;
// every key verifies. To rotate, put the new key first and keep the old one
// after it for one TTL: every token signed with the old key has expired by
// then, and the old key can go.
package cursor
