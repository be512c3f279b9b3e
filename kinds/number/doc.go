// Package number is the one owner of numbers: it reads every spelling of a
// number that carries one meaning, and asks, naming both readings, about
// every spelling that carries two.
//
// The face is the same as every kind's:
//
//	Read(v, opts)  reads a decoded JSON value: an Outcome[Decimal]
//	Parse(s)       reads the canonical spelling strictly (the JSON grammar)
//	Decimal.String formats the canonical spelling
//
// # Values
//
// A number reads to a Decimal, an exact decimal: "12345678901234567890" and
// "0.1" keep every digit. Int64 and Float64 convert and report loss. The
// canonical spelling is a JSON number: integers without a fraction, plain
// notation while the leading digit's exponent is in [-7, 21), scientific
// notation outside ("1e+21"), as JavaScript prints numbers. The range is the
// float64 range: "1e400" and "NaN" are asks.
//
// # Spellings
//
// A JSON number is itself, with no note. A string is trimmed (whitespace,
// one pair of quotes) and read by class, each repair with a note:
//
//   - plain: "4000", "-2.5", "+7", "1.5E-3", "010" (never octal), ".5";
//   - Unicode minus signs and digits of any one script: "−5", "４０００", "٤٠٠٠";
//     the minus signs are U+2212, the en and figure dashes, the hyphens
//     U+2010 and U+2011 ("‐5"), and the small and fullwidth hyphen-minus;
//   - grouping by any Unicode space, apostrophe or underscore: "4 000",
//     "1'000"; the apostrophes include the prime ′, the acute accent ´ and
//     the backtick ` that Swiss numbers are typed with ("1´000", "1`000"),
//     none of which is ever a decimal mark;
//   - comma or dot grouping with two or more groups, western or Indian:
//     "1,234,567", "1.234.567", "12,34,567";
//   - both a group mark and a different last mark, the decimal mark:
//     "1,234.5", "1.234,5", "1 234,56";
//   - a decimal comma not before exactly three digits: "1,5", "12,75", and
//     so before an exponent: "1,5e3" is 1500 (a grouping comma needs three
//     digits after it), while "1,500e3" stays an ask;
//   - one comma or dot before exactly three digits after a whole part of
//     one to three digits not all zeros ("1,234", "1.234"): two meanings, an
//     ask naming both, unless the integer option or a declared convention
//     resolves it (with a note);
//   - a cardinal number word of 0 to 20, the tens 30 to 90, 100 or 1000,
//     one word, in the languages of Options.Languages ("five", "pět",
//     "fünf", "dvacet", "cinquante"): note word. A word for two numbers in
//     two languages, or with another meaning ("to", "una"), asks with the
//     number among its readings (words.go);
//   - anything else is an ask: other words, units, currencies, percentages,
//     inconsistent groups, invisible or control characters, mixed scripts.
//     An ask about letters or a currency whose input holds a number the
//     property takes ("20 items", "€50", "five items") gives that number
//     as its example.
//
// Reader.Spell draws a spelling of a value from these classes, and
// Reader.Ambiguous one of the spellings with two meanings (spell.go).
//
// The em dash U+2014 and the horizontal bar U+2015 are no minus signs: in
// front of a number they are a list's bullet or a quotation dash as often
// as a sign, so "—5" is an ask rather than −5 or 5.
//
// # Options
//
// The zero Options reads any finite number. Integer admits whole numbers
// ("10.0" is 10; "10.5" is an ask not_whole). Min and Max bound the value:
// outside, an ask out_of_range, or with Clamp the nearest bound and a note.
// Convention declares the field's decimal mark by name (ConventionFor("cs")),
// from the one conventions table.
//
// # Budgets
//
// A string longer than agentinput.MaxScalarBytes, or with more than
// agentinput.MaxNumberDigits digits, is an ask too_large, turned away
// before it is scanned. Every read is one pass over the input.
package number
