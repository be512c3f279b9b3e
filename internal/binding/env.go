package binding

import (
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/vocabulary"
)

// Env is what a tool declares beside its input type that a tag names but
// cannot carry: its vocabularies, cursors and unions, and what the tool
// is for (a read or a write, and whether the factory owns its
// idempotency key).
type Env struct {
	Vocabularies map[string]*vocabulary.Reader
	// ListedBy names, for a vocabulary, the tool that lists its entries.
	ListedBy map[string]string
	Cursors  *cursor.Reader
	Unions   []Union
	// Mode is the tool's, for the absence rule of a property bound alone
	// (BindProperty).
	Mode Mode
	// KeyOwned is set on a do tool: the factory owns its
	// idempotency_key, which is bound as no kind.
	KeyOwned bool
}

// KeyProperty is the property by which a do call's caller names its own
// idempotency key; the factory owns it on every do tool.
const KeyProperty = "idempotency_key"
