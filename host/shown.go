package host

import (
	"encoding/json"

	"agentinput.dev/internal/shown"
)

// visible is a remote server's text as the model reads it through the
// proxy: every character that does not show on a screen (a bidi override,
// a zero-width space, a tag character) escaped as \uXXXX, so that what a
// description says is what it shows to a person reading the same catalog
// (shown.Shown). The snapshot keeps the remote's text as sent: its
// digest is of what the server says.
func visible(s string) string {
	t, _ := shown.Shown(s)
	return t
}

// shownSchema is an input schema with each description and title in it
// shown; a schema with nothing to escape is returned as it is.
func shownSchema(raw json.RawMessage) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	changed := false
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && (k == "description" || k == "title") {
					if t := visible(s); t != s {
						x[k], changed = t, true
					}
					continue
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	if !changed {
		return raw
	}
	out, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return out
}
