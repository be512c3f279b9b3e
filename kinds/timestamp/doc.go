// Package timestamp is the one owner of instants (time.Time): it reads
// every spelling of an instant that carries one meaning, asks about every
// spelling that carries several, and asks for a zone when a spelling names
// none. Calendar dates stay the date kind's: the date inside a timestamp
// is read by kinds/date whenever it is not written year first with dashes,
// so that "01/02/2026 09:00 UTC" asks exactly as the date "01/02/2026"
// does, and a declared day/month order resolves both alike.
//
// The face is the configurable kinds' (see docs/kind-guide.md):
//
//	New(opts)          builds a Reader once; declaration mistakes are errors
//	(*Reader).Read(v)  reads a decoded JSON value: an Outcome[time.Time]
//	Parse(s)           reads the canonical spelling strictly
//	Format(t)          writes the canonical spelling
//
// # Values
//
// A value is a time.Time whose location keeps the offset it was sent with
// (a fixed zone, or the named zone it was read in). Its canonical spelling
// is RFC 3339 as time.RFC3339Nano writes it: seconds always, a fraction
// only when there is one, without trailing zeros, and "Z" for a zero
// offset, else the offset sent ("2026-10-01T09:00:00+02:00"). The sent
// offset is kept rather than converted to UTC, because it says the wall
// time the caller meant as well as the instant; both spellings of one
// instant are the same value to time.Time.Equal. The canonical spelling
// reads back as itself, with no note.
//
// # Spellings
//
// A string is trimmed (whitespace, one pair of quotes, note trimmed) and
// read as a date, a time of day and a zone:
//
//   - RFC 3339 and its common variants, note form: a space or a
//     lower-case t between date and time, missing seconds, a lower-case z,
//     a comma before the fraction, an offset without its colon ("+0100"),
//     or hours only ("+01"), the basic ISO 8601 form
//     ("20261001T090000Z"), a fraction with trailing zeros, "-00:00" and
//     "+00:00" for UTC, a Unicode minus before the offset;
//   - a zone's name after the time: "UTC", "GMT" (alone or with an offset,
//     "UTC+2"), an IANA name ("2026-10-01 09:00 Europe/Prague"), note
//     zone_name naming the offset the zone has at that instant. Zone
//     abbreviations other than UTC and GMT (CET, EST, IST …) name different
//     zones in different places and are an ask;
//   - a date the date kind reads ("1. 10. 2026 9:00 UTC", "October 1,
//     2026 09:00Z"), and a 12-hour time with am or pm, also an hour alone
//     with am or pm after a space or T ("2026-10-01 9am UTC": on the hour);
//   - an explicit zone followed by a description in parentheses, as
//     JavaScript's Date.toString() writes it ("Thu Oct 01 2026 09:00:00
//     GMT+0200 (Central European Summer Time)"): the description, in any
//     words, says nothing the offset does not and is dropped with the
//     form note; an IANA name there is checked against the offset, as RFC
//     9557's brackets are; a description after no offset is an ask;
//   - a date and time without any offset or zone, or a date alone: read in
//     Options.DefaultZone (a date alone at 00:00 there), note default_zone
//     naming the zone; without a declared zone, an ask no_zone.
//
// A wall time in a named zone that occurs twice (the hour the clocks go
// back) is an ask with both instants as readings; one that never occurs
// (the hour the clocks skip) is an ask with the instants the wall time
// names under the offset before and after the change. Neither is ever
// guessed.
//
// (*Reader).Spell draws spellings from these classes, and Ambiguous
// the spellings with several meanings (spell.go).
//
// Everything else is an ask: an impossible date or time (a month 13, an
// hour 24, a leap second 60, which time.Time cannot hold), more than nine
// fraction digits, an offset past ±23:59, an unknown zone, a number (a
// Unix time is never guessed: seconds or milliseconds?), a boolean, an
// array, an object.
//
// # Budgets
//
// A string longer than agentinput.MaxScalarBytes is too_large without a
// scan. Zone names are looked up once each and kept (the misses up to
// 4096 names); a lookup is made only for a name spelled like one, in one
// of the database's areas (Europe/, America/, Etc/ …), so that text that
// only looks like a path costs no lookup.
package timestamp
