package host

import "testing"

// A root type other than the one string "object" is refused by the
// profile, and no suggestion is made from it: go-sdk's AddTool panics on
// a tool whose schema's type is a list, even ["object"], so a proxy that
// served one would stop (go-sdk's own server cannot list such a tool, so
// the fixtures of profile_test.go cannot send it).
func TestRootTypeIsTheStringObject(t *testing.T) {
	for _, typ := range []any{[]any{"object"}, []any{"object", "null"}, "array", nil} {
		schema := map[string]any{"additionalProperties": false}
		if typ != nil {
			schema["type"] = typ
		}
		if why := checkProfile(schema, inputFormats); why != `the root's type is not the string "object"` {
			t.Errorf("type %v: checkProfile says %q", typ, why)
		}
		if d, _, why := suggest(schema, inputFormats); d != nil || why == "" {
			t.Errorf("type %v: suggested %v", typ, d)
		}
	}
	if why := checkProfile(map[string]any{"type": "object", "additionalProperties": false}, inputFormats); why != "" {
		t.Errorf("the string object: %q", why)
	}
}
