// Package date is the one owner of calendar dates: it reads every
// spelling of a date that carries one meaning, and asks, naming every
// reading, about every spelling that carries two.
//
// The face is the same as every kind's:
//
//	Read(v, opts)   reads a decoded JSON value: an Outcome[Date]
//	Parse(s)        reads the canonical spelling strictly (YYYY-MM-DD)
//	Date.String     formats the canonical spelling
//
// # Values
//
// A Date is a civil date (year, month, day), with no time of day and no
// zone, from 0001-01-01 to 9999-12-31 in the proleptic Gregorian calendar.
// Its canonical spelling, and its JSON, is "YYYY-MM-DD".
//
// # Spellings
//
// A string is trimmed (whitespace, one pair of quotes) and read by class,
// each repair with a note:
//
//   - ISO 8601, "2026-10-01": itself, no note. Year first with a dash,
//     slash or dot and one- or two-digit month and day ("2026/10/1"), and
//     the basic form "20261001": note date_form. A time of day and zone after it
//     ("2026-10-01T23:30:00-05:00") are dropped, note time_dropped: the
//     calendar date as written, never shifted by the zone.
//   - Day first with dots, "1. 10. 2026", "01.10.2026": note date_form.
//   - Slash or dash with the year last, "13/02/2026": a value (note
//     date_form) when only one day/month order names a day or both name
//     the same; otherwise an ask naming both, unless Options.Order
//     declares the order (note convention).
//   - Month names in the enabled languages (Languages): nominative,
//     genitive and abbreviated, in any case, with or without diacritics,
//     with the connecting words and ordinals the languages write ("15 de
//     marzo de 2026", "1er octobre 2026", "the 1st of October, 2026",
//     "1. října 2026"), and Roman-numeral months ("1. X. 2026"): note word.
//   - Chinese, Japanese and Korean year, month and day markers,
//     "2026年10月1日", "2026년 10월 1일": a four-digit year, then a month
//     and a day, each with its marker, digits all ASCII or all full-width,
//     and after the day optionally a weekday in parentheses ("(木)",
//     "(목요일)"), which is checked: note date_form (cjk.go).
//   - A leading weekday ("Thursday, October 1, 2026", "čt 1. 10. 2026",
//     "jeu. 1 oct. 2026") is checked: a wrong one is an ask naming the date
//     and the nearest date with that weekday.
//   - A two-digit year is an ask naming the readings in 19xx and 20xx. A
//     slash or dash date whose first number has two digits ("26-10-01",
//     "26/10/01") may be that year first (YY-MM-DD), and the ask names
//     those readings too, which a declared day/month order never drops.
//     Dots ("26.10.01") stay day first.
//   - A year, a year and month, or a quarter ("2026", "2026-10", "October
//     2026", "10/2026", "Q3 2026", "2026-Q3") is its first day on a from
//     bound and its last on a to bound (note period_bound), and an ask on a
//     property that is one date. The JSON numbers 1000–9999 are years; any
//     other number is an ask, never a timestamp.
//   - A whole range in one value ("2024-01-01 to 2024-12-31",
//     "2024-01-01/2024-12-31", "1.–31. 3. 2024", "2024-01-01..2024-12-31",
//     "2024-01-01...2024-12-31", "2024-01-01 ~ 2024-12-31",
//     "2024-01-01→2024-12-31", and a comma between two complete
//     year-first dates, "2024-01-01, 2024-12-31") is an ask whose hint
//     names date_from and date_to with both values. Across dots, both
//     ends are whole dates ("1..10.2026" is not a range).
//   - On a bound, a date before year 1000 or from year 9000 (the sentinels
//     0001-01-01 and 9999-12-31) is absent, note open_bound.
//
// (*Reader).Spell draws spellings from these classes, and Ambiguous
// the spellings with two meanings (spell.go).
//
// Everything else is an ask: impossible days ("2026-02-30"), digit
// strings that are not dates, words no enabled language knows, invisible
// or control characters, text that is not UTF-8, arrays and objects.
//
// # Languages
//
// The month and weekday names are data with one owner, the table in
// languages.go. Options.Languages names the languages to read; empty
// means DefaultLanguages (en, cs, sk, de, fr, es, it, pl, pt, nl). Croatian
// (hr) is optional. A word that names different months in two enabled
// languages (Croatian "listopad" is October, Czech and Polish "listopad"
// November) is an ask naming both dates: enabling a language never changes
// the meaning of a word silently.
//
// Weekdays are read by their full names and CLDR's abbreviations, except
// the abbreviations that would name something else in the default set,
// which are left out (a date after one is an ask): cs "st" and sk "st",
// "št" (the ordinal suffix "st"; sk "št" folds to it), cs and sk "so"
// and German "So" (Saturday in the one, Sunday in the other), German and Dutch
// "Do" (the range word "do" of cs and pl), and "mar" of fr, es and it
// (Tuesday; the month abbreviation "mar"). Croatian has no weekday
// abbreviations. A weekday abbreviation with a dot and a comma ("jeu., 1
// oct.") is not read.
//
// An unknown language code is a mistake of
// the program: Validate and New report it, and Read panics on it.
//
// # Budgets
//
// A string longer than agentinput.MaxScalarBytes is too_large without a
// scan. A spelling is split into at most 32 tokens in one pass, and every
// later step works on those tokens, so every read is linear in the input.
// The canonical spelling allocates nothing; the tables are built on first
// use, not at init.
package date
