package agentinput

// The closed code sets. Each code is declared once, here, as a typed
// constant, and listed once in the exported slice of its set. docs/codes.md
// lists the same codes with their meaning; TestCodesDocumented keeps the two
// in step. A package that needs a new code adds it here and to the docs.

// NoteCode names a repair: what was done to a spelling to read it.
type NoteCode string

const (
	NoteTrimmed         NoteCode = "trimmed"          // surrounding whitespace or one pair of quotes removed
	NoteFromString      NoteCode = "from_string"      // a scalar sent as a JSON string
	NoteFromNumber      NoteCode = "from_number"      // the number 1 or 0 (or its digit in a string) read as true or false
	NoteUnicodeDigits   NoteCode = "unicode_digits"   // non-ASCII digits, signs or marks read as their ASCII meaning
	NoteGrouping        NoteCode = "grouping"         // digit-group separators removed
	NoteDecimalComma    NoteCode = "decimal_comma"    // a comma read as the decimal mark
	NoteNumberForm      NoteCode = "number_form"      // leading zeros, a leading "+" or a bare "." ("007", "+7", ".5")
	NoteIntegerGrouping NoteCode = "integer_grouping" // a single separator before three digits read as grouping because the property takes whole numbers
	NoteConvention      NoteCode = "convention"       // an ambiguous spelling resolved by the convention the property declares
	NoteClamped         NoteCode = "clamped"          // a value outside the range replaced by the nearest bound
	NoteWord            NoteCode = "word"             // a word or letter read as the value it names in one of the enabled languages
	NotePlaceholder     NoteCode = "placeholder"      // a placeholder spelling read as absent
)

// NoteCodes lists every NoteCode.
var NoteCodes = []NoteCode{
	NoteTrimmed, NoteFromString, NoteFromNumber, NoteUnicodeDigits, NoteGrouping, NoteDecimalComma,
	NoteNumberForm, NoteIntegerGrouping, NoteConvention, NoteClamped,
	NoteWord, NotePlaceholder,
}

// AskCode names why a value could not be read.
type AskCode string

const (
	AskInvalid            AskCode = "invalid"              // the spelling has no meaning for this kind
	AskAmbiguous          AskCode = "ambiguous"            // the spelling has several meanings; the readings name each
	AskOutOfRange         AskCode = "out_of_range"         // a value outside the range the property accepts
	AskNotWhole           AskCode = "not_whole"            // a fraction where the property takes whole numbers
	AskWrongType          AskCode = "wrong_type"           // a JSON type the kind never reads (an array for a number)
	AskTooLarge           AskCode = "too_large"            // a value over a documented budget
	AskMissingRequired    AskCode = "missing_required"     // a required property is absent
	AskPlaceholderOnWrite AskCode = "placeholder_on_write" // a placeholder where a tool that writes needs a real value or nothing
	AskInvalidJSON        AskCode = "invalid_json"         // the input is not JSON
	AskUnknownProperty    AskCode = "unknown_property"     // a property the tool does not declare
	AskRangeReversed      AskCode = "range_reversed"       // a from/to pair whose from is after its to
	AskSchemaViolation    AskCode = "schema_violation"     // normalized arguments the advertised schema rejects: a bug in a kind or a declaration
)

// AskCodes lists every AskCode.
var AskCodes = []AskCode{
	AskInvalid, AskAmbiguous, AskOutOfRange, AskNotWhole, AskWrongType,
	AskTooLarge, AskMissingRequired, AskPlaceholderOnWrite, AskInvalidJSON,
	AskUnknownProperty, AskRangeReversed, AskSchemaViolation,
}

// WarningCode names something the caller should know about a call that
// nonetheless succeeded. No kind of this module warns yet; the set is
// declared so that the census and the JSON shape are in place.
type WarningCode string

// WarningCodes lists every WarningCode.
var WarningCodes = []WarningCode{}

// EnvelopeCode names why a whole call failed: the code of the envelope
// whose issues say what to send instead.
type EnvelopeCode string

const (
	EnvelopeInvalidArguments EnvelopeCode = "invalid_arguments" // one or more arguments could not be read: the issues name each
	EnvelopeToolFailed       EnvelopeCode = "tool_failed"       // the arguments were read, and the tool itself failed
)

// EnvelopeCodes lists every EnvelopeCode.
var EnvelopeCodes = []EnvelopeCode{EnvelopeInvalidArguments, EnvelopeToolFailed}
