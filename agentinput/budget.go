package agentinput

// Budgets: the documented limits of one read. Every input over a budget is
// an ask with code too_large that names the budget, never a panic, a hang
// or a silent truncation. docs/budgets.md lists the same figures; this file
// is their one owner. The budgets of the command line (the longest line
// `agentinput read` takes) are the command's own, in cmd/agentinput.
const (
	// MaxReceivedChars is how many characters of a received value an ask
	// or a note echoes back before cutting it with "…".
	MaxReceivedChars = 80

	// MaxScalarBytes is the longest string any scalar kind (number,
	// boolean, date, uuid, locale, country, enum) reads, in bytes after
	// nothing is trimmed. No spelling of a scalar comes near it; a longer
	// string is too_large without being scanned.
	MaxScalarBytes = 1024

	// MaxNumberDigits is the most digits a number may carry (integer and
	// fraction digits, leading and trailing zeros included; exponent
	// digits not). The float64 range needs 17 significant digits; an
	// exact decimal has room for 100.
	MaxNumberDigits = 100

	// MaxArgumentBytes is the most bytes of JSON a tool's arguments may
	// take, as they arrive. Larger arguments are one too_large issue at the
	// root, before anything is decoded.
	MaxArgumentBytes = 1 << 20

	// MaxFrameBytes is the longest line (one JSON-RPC message, its line
	// end not counted) the stdio transport of factory/mcp takes: a tool's
	// largest arguments and 64 KiB for the rest of the message. A longer
	// line is answered with a JSON-RPC invalid request and skipped
	// without being kept in memory; the next line is read as usual.
	MaxFrameBytes = MaxArgumentBytes + 64<<10

	// MaxJSONDepth is the deepest nesting of arrays and objects the
	// arguments may hold (the arguments object itself is depth 1).
	MaxJSONDepth = 16

	// MaxStringBytes is the longest string value anywhere in the
	// arguments, in bytes (free text included; scalar kinds have the
	// tighter MaxScalarBytes).
	MaxStringBytes = 64 << 10

	// MaxInlineBytes is the most bytes a bytes property (kinds/bytes)
	// takes inline, decoded. It is 48 KiB so that its canonical spelling,
	// standard padded base64, takes exactly MaxStringBytes: the largest
	// value a property admits is the largest string the arguments admit.
	// A tool states it in the property's description (and its canonical
	// base64 length as maxLength); more is too_large, whose hint offers the
	// tool's reference form when it declares one and never asks to
	// shorten, summarize or rewrite the content.
	MaxInlineBytes = 48 << 10

	// MaxArrayItems is the most items an array anywhere in the arguments
	// may hold.
	MaxArrayItems = 1000

	// MaxProperties is the most properties an object anywhere in the
	// arguments may hold.
	MaxProperties = 256

	// MaxIssues is the most issues one reply lists: an envelope's, and a
	// best-effort result's items that were not applied. The reply says how
	// many there were in all; the rest come back once these are fixed.
	MaxIssues = 32

	// MaxRemarks is the most notes, and the most warnings, one reply
	// lists; past it, one last remark says how many more there were.
	MaxRemarks = 32

	// MaxItemNotes is how many items of one list a note of one kind names
	// by index: the notes of one kind on the items of one list are one
	// note, with the count of items and the first MaxItemNotes indices.
	MaxItemNotes = 5

	// MaxVocabularyEntries is the most entries a vocabulary may declare.
	// It is a build-time budget: vocabulary.New (and Load) return an error
	// for more, since a vocabulary is the tool author's data, not the
	// agent's; each read and each ask stays bounded by it.
	MaxVocabularyEntries = 100_000
)
