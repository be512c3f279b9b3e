// Package placeholder holds the generic placeholder spellings of the
// absence rule (factory.md): the one table, below both the factory, which
// reads a placeholder property as absent, and the list kind, which asks
// about a placeholder item. It reads no kind.
package placeholder

import (
	"strings"

	"agentinput.dev/internal/spelling"
)

// placeholders are the generic placeholder spellings, compared after
// trimming and ASCII case folding. Dash-like characters alone stand for "no
// value" in tables that models copy.
var placeholders = map[string]bool{
	"": true, "null": true, "nil": true, "none": true, "undefined": true,
	"n/a": true, "<nil>": true, "<null>": true, "<none>": true,
	"(null)": true, "(none)": true, "(nil)": true,
	"-": true, "‐": true, "‑": true, "‒": true, "–": true, "—": true, "―": true, "−": true,
}

// Is reports whether a decoded JSON value is one of the generic
// placeholder spellings of factory.md: an empty or whitespace string, one of
// the null-like words (null, nil, none, undefined, N/A, <nil> …) in any
// letter case and within surrounding quotes, a dash alone; and, when the
// kind is not a collection, an empty array or object. 0 and false never are.
func Is(v any, collection bool) bool {
	switch v := v.(type) {
	case string:
		if len(v) > 64 {
			return false
		}
		t, _ := spelling.Trim(v)
		return placeholders[strings.ToLower(t)]
	case []any:
		return !collection && len(v) == 0
	case map[string]any:
		return !collection && len(v) == 0
	}
	return false
}
