// Package eli is the one owner of European Legislation Identifiers: it
// reads every spelling of an act's ELI that carries one meaning — the URI
// in its forms, and citations that name one act — and asks, naming every
// reading, about a citation that could name several.
//
// The face is the same as every kind's:
//
//	Read(v, opts)  reads a decoded JSON value: an Outcome[ELI]
//	Parse(s)       reads the canonical spelling strictly
//	ELI.String     formats the canonical spelling (Format too)
//
// # Values
//
// An ELI names one act of one of two registers:
//
//   - an EU regulation, directive or decision (and their implementing and
//     delegated forms) as published in the Official Journal, canonically
//     http://data.europa.eu/eli/{type}/{year}/{number}/oj, the EU
//     Publications Office's template, with {type} one of the ELI codes of
//     ActTypes (reg, reg_impl, reg_del, dir, …);
//   - an act of the Czech collection of laws (Sbírka zákonů), canonically
//     https://www.e-sbirka.cz/eli/cz/sb/{year}/{number}, the form of the
//     Czech register e-Sbírka.
//
// The canonical URI reads as itself with no note, and without allocating.
//
// # Spellings
//
// Each with a note (uri_form for a URI, citation for a citation, after
// trimmed when whitespace or one pair of quotes was removed):
//
//   - the URI in http or https, any case in the scheme and host, with or
//     without a trailing slash, without "/oj", with leading zeros in the
//     number, with the ELI path's words in any case, from a host that
//     serves the same paths (eur-lex.europa.eu, e-sbirka.cz), or with no
//     scheme ("data.europa.eu/eli/…");
//   - the path alone: "eli/reg/2016/679/oj", "/eli/cz/sb/2012/89", or
//     without "eli/": "reg/2016/679/oj", "/cz/sb/2012/89";
//   - the number before the year where only that order is valid (the
//     first is no year, the second is one): "eli/reg/679/2016/oj";
//   - a valid ELI path under a host of no register
//     ("https://example.com/eli/reg/2016/679/oj"), the note naming the
//     host replaced; a host of the other register is an ask;
//   - a citation of an EU act in English or Czech: "Regulation (EU)
//     2016/679", "Commission Implementing Regulation (EU) 2019/947",
//     "Council Directive 93/13/EEC", "Directive 95/46/EC", "Decision No
//     1082/2013/EU", "nařízení Komise v přenesené pravomoci (EU) 2019/980",
//     in any case, with its title after it ("… of 27 April 2016 on …");
//   - a citation of a Czech act: "89/2012 Sb.", "č. 89/2012 Sb.", "zákon
//     č. 89/2012 Sb., občanský zákoník", with "Sb." written onto the
//     number ("č.89/2012Sb."), or with "Coll.", its English name, for an
//     act before 1993 ("40/1964 Coll."). From 1993 "Coll." names the
//     Slovak collection (Z. z.) too: "89/2012 Coll." is an ask ambiguous
//     whose one reading is the Czech act.
//
// Spell and Ambiguous (spell.go) draw spellings of an act from these
// classes, and from the asks below.
//
// The order of the two numbers follows the EU's practice, which the type
// table holds: directives are cited year/number, with two-digit years
// until 1998 ("95/46" is 1995); regulations number/year before 2015
// ("No 1907/2006") and year/number from 2015; decisions year/number, and
// number/year before 2015 when cited "No …". A citation is read in every
// order its type allows; when two fit ("Regulation 2016/1999"), it is an
// ask naming both.
//
// A Czech path alone whose number is a year too ("/eli/cz/sb/2012/1990")
// may hold a citation's order, number first: it is an ask ambiguous naming
// both acts, the path's order first. The URI with its host is read as
// written: it is an address, and the canonical URI reads as itself.
//
// # Asks
//
// A citation that does not say which type of act it is ("2016/679",
// "(EU) 2016/679", "89/2012") is an ask ambiguous whose readings name every
// act it can be, each a canonical URI with its meaning. Everything else is
// an ask invalid: a URI of a version, a part, a language or a format of an
// act (the hint names the act's ELI), a citation of a part ("Article 6 of
// …") or of two acts, numbers that fit no act of the type named, a host
// or type the kind does not read, hidden or control characters, text that
// is not UTF-8; wrong_type for a number, a boolean, an array or an object;
// too_large for a string over agentinput.MaxScalarBytes, refused unread.
// Null is absent.
//
// The facts the kind reads by (the act types and their codes, the words of
// citations, the numbering orders and their years, the hosts) are data
// with one owner, types.go; docs/decisions.md names their sources.
package eli
