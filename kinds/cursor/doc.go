// Package cursor is the one owner of cursors: the opaque tokens a server
// issues so that a caller can ask for the next page of a listing.
//
// A Reader is built once with New from Options (the server's keys, how long
// a token lives, the clock) and then encodes and reads tokens, many times,
// from many goroutines: the face of every configurable kind
// (docs/kind-guide.md), with the session and the filters a token is bound
// to as Read's two further arguments (For fixes them, for a read function
// of one argument). A position's canonical spelling is the token Encode
// issues, so there is no Format.
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
// The MAC is computed under the first key of Options.Keys with a
// domain-separation label, and verified under every key of the list.
//
// Spell (spell.go) writes a position in the spellings Read takes as its
// token: the token, in whitespace or one pair of quotes.
//
// # Reading
//
// Read sorts what arrives into two classes. A string is inside the class
// when, after trimming whitespace and one pair of quotes, it contains "c1_"
// in any letter case, or it is at least 20 bytes long and starts with three
// bytes of which at most one differs from "c1_" (a real token with one
// character of its prefix damaged). A non-string value is inside when its
// JSON text contains "c1_". Everything else is outside, and outside there
// are three readings:
//
//   - A spelling that names a page past the first (below) is the ask
//     invalid_cursor: the caller means a later page, and reading no cursor
//     would give it the first page again, which it has already read. The
//     reason says that only the next_cursor of the page before reaches a
//     later page, and the hint, HintLaterPage, names both ways on: send
//     that next_cursor exactly as it was returned, or call again without
//     cursor to start from the first page.
//   - A spelling of the first-call class — " ", "0", 1, "start", "first",
//     "page1", "page 0", "offset=0", "__start__", "<start>", "null",
//     "none", false, [] — reads as no cursor, a placeholder with a note
//     (absent on a tool that reads, which is where cursors are). The class
//     is exact (firstcall.go): the words of the word table (page, offset,
//     filler and number words, and the first-call words: start, begin,
//     initial, reset, top, none, null, undefined … in each language of the
//     table), separators and brackets, and numbers that are each 0 or 1,
//     with no move word, no filler alone, no trailing "="; key=value pairs
//     of known keys naming the first page ("?page=1", "?offset=0&limit=20");
//     the JSON values false, 0, 1, [] and {}.
//   - Everything else is a cursor this server never issued — base64 of a
//     JSON page ("eyJwYWdlIjoyfQ"), "MQ==", true, a token of another
//     server or version ("v2:abc"), a negative or fractional page, a word
//     the table does not hold ("s2"), a query with a key it does not know
//     — and is the ask invalid_cursor, whose hint is HintLaterPage:
//     reading it as no cursor would restart at page one in silence.
//
// # A later page
//
// A JSON number names a later page when the number kind reads it as whole
// and at least 2 (2, 2.0, 1e3; not 1, 1.0, 1.5, -2, nor 1e400, which it does
// not read). A string names one when it is made of numbers in digits (read
// by the number kind too), words and separators (whitespace and _ - = : . # / , ; +;
// "nextPage" is two words) such that
//
//   - every word is in the word table, read case- and
//     diacritics-insensitively;
//   - it holds at most one number, in digits (an optional decimal part of
//     zeros, as "2.0") or in words;
//   - and a word of it names a move, or its number is whole and at least 2.
//
// A minus right before digits at the start or after a separator makes them
// negative ("page -2", "offset=-20": not a later page); after a word it is a
// separator ("page-2" is page 2). So "2", "page2", "page 2", "page=2", "p.2",
// "#2", "pg2", "offset=20", "skip 20", "start=40", "from 40", "2nd page",
// "second page", "page two", "next", "last page", "next_cursor", "Seite 2",
// "další strana", "2ª página" name a later page; "page 2-3" (two numbers),
// "page 2.5" (not whole), "2 nd" (an ending apart from its digits) and "s2"
// (a word outside the table) do not: they are cursors never issued.
//
// A string also names a later page when it is such a spelling followed by
// a total of pages: "/" or a word of totalWords (of; von; sur; de; di; z,
// ze; van) and digits, with digits right before it. "2/10", "page 2/10",
// "2 of 10", "Seite 2 von 10" are page 2; "page 1/10" and "1 of 5" are the
// first page.
//
// And it names a later page when it is key=value pairs (key:value too),
// joined by & ; or ",", read pair by pair (laterPairs in later.go). Every
// key must be one the tables know, or the whole is a cursor never issued
// ("?page=2&q=x" may be anything): a harmless key (harmlessKeys: limit, size, per_page,
// page_size, count, sort, order), a keyset key (keysetKeys: after,
// start_after, starting_after, since_id, last_id, cursor_after, before,
// ending_before), or page and offset words of the word table (page,
// pageNumber, offset, skip, start). Keys are read folded, with _ and - and
// a change to upper case as word breaks ("pageSize" is page_size), and a
// bracketed key is its inner word ("page[number]" is number, "page[size]"
// is size). The pairs name a later page when
//
//   - a keyset key has a non-empty value: "start_after: 5f3c", "after=5f3c",
//     "last_id=123", "since_id=99" (a keyset key that is also an offset word
//     of the table, after, with a number in digits is that offset word:
//     "after=1" is the first page, as "after 1" is);
//   - or they read as a query — they start with ? or &, hold more than one
//     pair, or have a bracketed key — and a page key has a whole number of
//     at least 2, an offset key one of at least 1, or either a value that
//     names a later page as words: "?page=2", "&page=2", "page[number]=2",
//     "limit=20&offset=20", "?offset=1", "?page=next&limit=20".
//
// A single plain pair ("page=2", "offset=20", "offset=1") is read as words
// above, so "offset=1" stays the first call; "?page=1", "?offset=0",
// "limit=20&offset=0", "page[size]=20" are first calls too.
//
// The word table is pageLanguages in later.go, one row a language: English,
// Czech, Slovak, German, French, Spanish, Italian, Polish, Portuguese and
// Dutch (the boolean kind's default languages whose number words are not
// everyday English words; Swedish, Danish, Norwegian, Hungarian and Romanian
// are left out). Each row has
//
//   - page words, that name a page or label its number: page, p, pg, number,
//     num, no, nr, cursor, token; strana, stránka, str; Seite; página, pág;
//     pagina; strona; blz, bladzijde (with the Czech, Slovak and Polish case
//     forms a model writes: stranu, stronę);
//   - offset words, that count items: offset, skip, start, from, after; od;
//     ab, von; depuis; desde; da; vanaf;
//   - fillers: the articles and prepositions around them (the, at, to; na;
//     die, der, den, zur; la, le; el; il, alla; a, o, da; de, het);
//   - move words, that name a page after or before the current one: next,
//     more, continue, following, forward, last, end, previous, prev, back,
//     and their equivalents (další, dál, předchozí, zpět, poslední; ďalšia,
//     ďalej, späť; nächste, weiter, mehr, zurück, letzte; suivante, suite,
//     précédente, dernière; siguiente, más, anterior, última; successiva,
//     prossima, avanti, indietro, ultima; następna, dalej, więcej, wstecz,
//     ostatnia; próxima, seguinte, mais, voltar; volgende, verder, meer,
//     vorige, terug, laatste);
//   - the endings of an ordinal in digits, read only right after its digits
//     (2nd, 3rd, 4th; 2e, 2ème; 2ª, 2º, 2a; 2de, 8ste; 2te);
//   - the words for the numbers 1 to 10, cardinal and ordinal, the ordinal
//     in the gender of the language's word for page (two, second; dva,
//     druhá; zwei, zweite; deux, deuxième; dos, segunda; due, seconda; dwa,
//     druga; dois, segunda; twee, tweede).
//
// "start", "first", "begin", "top", "one" and "page 1" are first-call
// spellings: "start" is an offset word without a number, "first" and "one"
// are the number 1, and "begin" and "top" are first-call words.
//
// Everything inside the class goes to the decoder, and every failure —
// forged, truncated, tampered with, expired, issued to another session or
// for other filters, of an unknown version — is one ask, invalid_cursor,
// whose reason says which and whose hint names the restart: call again
// without cursor to start from the first page. A cursor never silently
// restarts the listing, which would repeat pages the caller already has.
//
// A nil *Reader reads too, with no key: outside the class reads as with a
// key (no cursor, or an ask), and inside is
// invalid_cursor (nothing can verify it). The command line's
// `agentinput read cursor` without a key is that reader.
//
// # Keys and rotation
//
// Options.Keys holds at least one key of at least 16 bytes. The first signs;
// every key verifies. To rotate, put the new key first and keep the old one
// after it for one TTL: every token signed with the old key has expired by
// then, and the old key can go.
package cursor
