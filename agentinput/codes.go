package agentinput

import "slices"

// The closed code sets. Each code is declared once, here, as a typed
// constant, and listed once in the unexported slice of its set, which a
// function (NoteCodes, AskCodes …) hands out as a fresh copy: no other
// package can add, drop or reorder a code of a closed set. docs/codes.md
// lists the same codes with their meaning; TestCodesDocumented keeps the two
// in step. A package that needs a new code adds it here and to the docs.

// NoteCode names a repair: what was done to a spelling to read it.
type NoteCode string

const (
	NoteTrimmed          NoteCode = "trimmed"           // surrounding whitespace or one pair of quotes removed
	NoteFromString       NoteCode = "from_string"       // a scalar sent as a JSON string
	NoteFromNumber       NoteCode = "from_number"       // the number 1 or 0 (or its digit in a string) read as true or false
	NoteUnicodeDigits    NoteCode = "unicode_digits"    // non-ASCII digits, signs or marks read as their ASCII meaning
	NoteGrouping         NoteCode = "grouping"          // digit-group separators removed
	NoteDecimalComma     NoteCode = "decimal_comma"     // a comma read as the decimal mark
	NoteNumberForm       NoteCode = "number_form"       // leading zeros, a leading "+" or a bare "." ("007", "+7", ".5")
	NoteIntegerGrouping  NoteCode = "integer_grouping"  // a single separator before three digits read as grouping because the property takes whole numbers
	NoteConvention       NoteCode = "convention"        // an ambiguous spelling resolved by the convention the property declares
	NoteClamped          NoteCode = "clamped"           // a value outside the range replaced by the nearest bound
	NoteWord             NoteCode = "word"              // a word or letter read as the value it names in one of the enabled languages
	NotePlaceholder      NoteCode = "placeholder"       // a placeholder spelling read as absent
	NoteDateForm         NoteCode = "date_form"         // a date written in another form than YYYY-MM-DD, read as the day it names
	NoteTimeDropped      NoteCode = "time_dropped"      // a time of day and zone after a date dropped: the calendar date as written
	NotePeriodBound      NoteCode = "period_bound"      // a year, month or quarter on a range bound read as its first or last day
	NoteOpenBound        NoteCode = "open_bound"        // an open-bound sentinel date (0001-01-01, 9999-12-31) on a range bound read as absent
	NoteURIForm          NoteCode = "uri_form"          // an identifier URI in another form of the same URI (scheme, case, host, trailing slash, path only)
	NoteCitation         NoteCode = "citation"          // a legal citation read as the identifier of the one act it names
	NoteForm             NoteCode = "form"              // a non-canonical form of the value (letter case, braces, a prefix, missing hyphens) written canonically
	NoteFolded           NoteCode = "folded"            // a word matched a declared value after folding case, separators and diacritics
	NoteSynonym          NoteCode = "synonym"           // a declared synonym read as its value
	NoteScalarAsText     NoteCode = "scalar_as_text"    // a JSON number or boolean read as the text it spells
	NoteOneItem          NoteCode = "one_item"          // a lone value read as a one-item list
	NoteListInString     NoteCode = "list_in_string"    // a string holding a JSON array read as that array
	NoteObjectInString   NoteCode = "object_in_string"  // a call's arguments sent as a JSON string holding an object, read as that object
	NoteSplit            NoteCode = "split"             // a comma- or semicolon-separated string split into items
	NoteDuplicate        NoteCode = "duplicate"         // a repeated list item dropped
	NoteAliasCode        NoteCode = "alias_code"        // another code of the value (three-letter, deprecated, alpha-3, numeric, a common alias) read as its canonical code
	NoteName             NoteCode = "name"              // a name of the value (a language's or a country's) read as its code
	NoteCountryQualifier NoteCode = "country_qualifier" // a vocabulary entry's spelling followed by its country ("Nejvyšší soud ČR") read as the entry
	NoteDataURI          NoteCode = "data_uri"          // a data: URI read as the bytes it holds; its media type is kept beside them
	NoteZoneName         NoteCode = "zone_name"         // a time zone name (Europe/Prague, UTC) read as the offset it has at that instant
	NoteDefaultZone      NoteCode = "default_zone"      // a date or a time without an offset read in the zone the property declares
	NoteVariantInferred  NoteCode = "variant_inferred"  // an object sent without its union's discriminator read as the one variant whose required properties it has and that alone could hold it
	NoteCanonicalURI     NoteCode = "canonical_uri"     // a resource read at a URI whose parameters were spelled another way, served under the canonical URI
)

// NoteCodes returns every NoteCode, in a new slice the caller may keep or change.
func NoteCodes() []NoteCode { return slices.Clone(noteCodes) }

var noteCodes = []NoteCode{
	NoteTrimmed, NoteFromString, NoteFromNumber, NoteUnicodeDigits, NoteGrouping, NoteDecimalComma,
	NoteNumberForm, NoteIntegerGrouping, NoteConvention, NoteClamped,
	NoteWord, NotePlaceholder,
	NoteDateForm, NoteTimeDropped, NotePeriodBound, NoteOpenBound,
	NoteURIForm, NoteCitation,
	NoteForm, NoteFolded, NoteSynonym, NoteScalarAsText, NoteOneItem, NoteListInString, NoteObjectInString, NoteSplit, NoteDuplicate,
	NoteAliasCode, NoteName, NoteCountryQualifier,
	NoteDataURI, NoteZoneName, NoteDefaultZone,
	NoteVariantInferred, NoteCanonicalURI,
}

// AskCode names why a value could not be read.
type AskCode string

const (
	AskInvalid             AskCode = "invalid"              // the spelling has no meaning for this kind
	AskAmbiguous           AskCode = "ambiguous"            // the spelling has several meanings; the readings name each
	AskOutOfRange          AskCode = "out_of_range"         // a value outside the range the property accepts
	AskNotWhole            AskCode = "not_whole"            // a fraction where the property takes whole numbers
	AskWrongType           AskCode = "wrong_type"           // a JSON type the kind never reads (an array for a number)
	AskTooLarge            AskCode = "too_large"            // a value over a documented budget
	AskMissingRequired     AskCode = "missing_required"     // a required property is absent
	AskPlaceholderOnWrite  AskCode = "placeholder_on_write" // a placeholder where a tool that writes needs a real value or nothing
	AskInvalidJSON         AskCode = "invalid_json"         // the input is not JSON
	AskUnknownProperty     AskCode = "unknown_property"     // a property the tool does not declare
	AskRangeReversed       AskCode = "range_reversed"       // a from/to pair whose from is after its to
	AskSchemaViolation     AskCode = "schema_violation"     // normalized arguments the advertised schema rejects: a bug in a kind or a declaration
	AskIdempotencyConflict AskCode = "idempotency_conflict" // an idempotency key already used by a call with other arguments: send a fresh key
	AskNoZone              AskCode = "no_zone"              // a date, or a date and time, with no offset or zone on a property that declares no default zone: send the offset or the zone's name
	AskInvalidCursor       AskCode = "invalid_cursor"       // a cursor token that does not verify (forged, truncated, tampered with, expired, another session's or other filters'), or a spelling that names a later page ("page2", "next", 3): restart without cursor, or send the previous page's next_cursor
)

// AskCodes returns every AskCode, in a new slice the caller may keep or change.
func AskCodes() []AskCode { return slices.Clone(askCodes) }

var askCodes = []AskCode{
	AskInvalid, AskAmbiguous, AskOutOfRange, AskNotWhole, AskWrongType,
	AskTooLarge, AskMissingRequired, AskPlaceholderOnWrite, AskInvalidJSON,
	AskUnknownProperty, AskRangeReversed, AskSchemaViolation, AskInvalidCursor,
	AskIdempotencyConflict, AskNoZone,
}

// WarningCode names something the caller should know about a call that
// nonetheless succeeded.
type WarningCode string

const (
	WarningUnknownProperty WarningCode = "unknown_property" // a property the tool does not declare, ignored by a tool open to extra properties
	WarningReplayed        WarningCode = "replayed"         // a repeated do call answered with the stored result of the first
	WarningFilterDropped   WarningCode = "filter_dropped"   // a filter value that names no stored value, or several, dropped: the results are not filtered by it
	WarningNoHitsFiltered  WarningCode = "no_hits_filtered" // an empty page under a filter: the warning names the values that would have matched
	WarningReceiptNotKept  WarningCode = "receipt_not_kept" // a do call made its change but its receipt could not be stored: a retry with the same key answers effect_unknown
	WarningAlsoHex         WarningCode = "also_hex"         // canonical base64 that is also a string of hex digits, read as base64: the warning names the bytes the hex would be
	WarningAlsoText        WarningCode = "also_text"        // canonical base64 that also reads as words, read as base64: the warning names the text's UTF-8 bytes
	WarningSentAsIs        WarningCode = "sent_as_is"       // a retrofit would have asked about a value that the server takes as it is, and sent it unchanged
)

// WarningCodes returns every WarningCode, in a new slice the caller may keep or change.
func WarningCodes() []WarningCode { return slices.Clone(warningCodes) }

var warningCodes = []WarningCode{WarningUnknownProperty, WarningReplayed, WarningFilterDropped, WarningNoHitsFiltered, WarningReceiptNotKept, WarningAlsoHex, WarningAlsoText, WarningSentAsIs}

// EnvelopeCode names why a whole call failed: the code of the envelope
// whose issues say what to send instead.
type EnvelopeCode string

const (
	EnvelopeInvalidArguments EnvelopeCode = "invalid_arguments" // one or more arguments could not be read: the issues name each
	EnvelopeToolFailed       EnvelopeCode = "tool_failed"       // the arguments were read, and the tool itself failed (an error or a panic, no details given)

	// A handler's domain answers: the call was refused before it changed
	// anything.
	EnvelopeNotFound           EnvelopeCode = "not_found"           // what the call names does not exist
	EnvelopeConflict           EnvelopeCode = "conflict"            // the call clashes with the current state (a version, a duplicate)
	EnvelopeForbidden          EnvelopeCode = "forbidden"           // the caller may not do this
	EnvelopePreconditionFailed EnvelopeCode = "precondition_failed" // a condition the call needs does not hold now
	EnvelopeRateLimited        EnvelopeCode = "rate_limited"        // too many calls: the same call may be sent again later
	EnvelopeUnavailable        EnvelopeCode = "unavailable"         // the tool or its receipt store cannot serve now: the same call may be sent again later

	// The states of a do call's receipt.
	EnvelopeInProgress    EnvelopeCode = "in_progress"    // the same call is still running: send it again later to get its result
	EnvelopeEffectUnknown EnvelopeCode = "effect_unknown" // the call started and never finished: the change may or may not have happened

	// A host's answers about a remote server's tool (package host,
	// docs/host.md): closed codes, and a remote error message never
	// reaches the model.
	EnvelopeRequiresHumanApproval EnvelopeCode = "requires_human_approval" // a remote write was prepared as a durable intent; a person approves it out of band before it is dispatched
	EnvelopeMCPInvalidArguments   EnvelopeCode = "mcp_invalid_arguments"   // the arguments of a remote tool did not read against its schema; the issues name each; nothing was sent
	EnvelopeMCPScopeDenied        EnvelopeCode = "mcp_scope_denied"        // the host's scope does not allow this call (or no longer does); nothing was sent
	EnvelopeMCPCatalogStale       EnvelopeCode = "mcp_catalog_stale"       // the remote catalog changed since it was bound (or the binding did since approval); nothing was sent
	EnvelopeMCPConnectionClosed   EnvelopeCode = "mcp_connection_closed"   // the connection to the remote server closed
	EnvelopeMCPTimeout            EnvelopeCode = "mcp_timeout"             // the remote call took longer than its budget, or the wait was cancelled
	EnvelopeMCPProtocolError      EnvelopeCode = "mcp_protocol_error"      // the remote server answered with a JSON-RPC error (its message is not passed on)
	EnvelopeMCPTransportError     EnvelopeCode = "mcp_transport_error"     // the request could not be sent or its answer not read
	EnvelopeMCPToolError          EnvelopeCode = "mcp_tool_error"          // the remote tool answered with isError (its message is not passed on)
	EnvelopeMCPResultInvalid      EnvelopeCode = "mcp_result_invalid"      // the result does not fit what the tool advertised (no valid structuredContent for its output schema, or no content)
	EnvelopeMCPResultUnsupported  EnvelopeCode = "mcp_result_unsupported"  // the result holds content the host does not pass on: an image, audio, a resource or a link
	EnvelopeMCPResultTooLarge     EnvelopeCode = "mcp_result_too_large"    // the result is over the host's budget (bytes or content blocks)
	EnvelopeMCPSchemaUnsupported  EnvelopeCode = "mcp_schema_unsupported"  // discovery: a bound tool's schema does not fit the strict profile; the tool is not bound
	EnvelopeMCPCanDoRequired      EnvelopeCode = "mcp_can_do_required"     // a guarded write needs an allowed can_do answer for the same arguments, still valid; the hint names the can_do call; nothing was sent
	EnvelopeMCPWorkflowStopped    EnvelopeCode = "mcp_workflow_stopped"    // a read answered a quality (degraded, error) that stops a guarded write; the hint names the read to call again; nothing was sent
)

// EnvelopeCodes returns every EnvelopeCode, in a new slice the caller may keep or change.
func EnvelopeCodes() []EnvelopeCode { return slices.Clone(envelopeCodes) }

var envelopeCodes = []EnvelopeCode{
	EnvelopeInvalidArguments, EnvelopeToolFailed,
	EnvelopeNotFound, EnvelopeConflict, EnvelopeForbidden, EnvelopePreconditionFailed, EnvelopeRateLimited, EnvelopeUnavailable,
	EnvelopeInProgress, EnvelopeEffectUnknown,
	EnvelopeRequiresHumanApproval, EnvelopeMCPInvalidArguments, EnvelopeMCPScopeDenied, EnvelopeMCPCatalogStale,
	EnvelopeMCPConnectionClosed, EnvelopeMCPTimeout, EnvelopeMCPProtocolError, EnvelopeMCPTransportError,
	EnvelopeMCPToolError, EnvelopeMCPResultInvalid, EnvelopeMCPResultUnsupported, EnvelopeMCPResultTooLarge,
	EnvelopeMCPSchemaUnsupported, EnvelopeMCPCanDoRequired, EnvelopeMCPWorkflowStopped,
}

// RetryAllowed reports whether a call answered with code may be sent again
// unchanged: only a wait can change its answer. Any other code needs other
// arguments, a fresh idempotency key, or a check first.
func (c EnvelopeCode) RetryAllowed() bool {
	switch c {
	case EnvelopeRateLimited, EnvelopeUnavailable, EnvelopeInProgress:
		return true
	}
	return false
}
