package factory

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// jsonValue draws a JSON value that looks like what models send: numbers
// and number-like strings, words, placeholders, lists and objects.
func jsonValue(t *rapid.T, depth int) any {
	choices := 6
	if depth > 2 {
		choices = 4
	}
	switch rapid.IntRange(0, choices-1).Draw(t, "type") {
	case 0:
		return rapid.SampledFrom([]any{nil, true, false}).Draw(t, "literal")
	case 1:
		return json.Number(rapid.SampledFrom([]string{"0", "1", "10", "500", "-3", "0.5", "1e3", "1.234", "2"}).Draw(t, "number"))
	case 2:
		return rapid.SampledFrom([]string{"", " ", "N/A", "null", "ano", "ne", "yes", "maybe", "4 000", "1,234", "0,5",
			"10", "Supreme Court", "x", "-", "1e999", "\u200b1"}).Draw(t, "string")
	case 3:
		return rapid.StringN(0, 12, 40).Draw(t, "text")
	case 4:
		n := rapid.IntRange(0, 3).Draw(t, "items")
		out := make([]any, n)
		for i := range out {
			out[i] = jsonValue(t, depth+1)
		}
		return out
	default:
		n := rapid.IntRange(0, 3).Draw(t, "props")
		out := map[string]any{}
		for range n {
			out[rapid.SampledFrom([]string{"a", "limit", "x_y"}).Draw(t, "key")] = jsonValue(t, depth+1)
		}
		return out
	}
}

// TestAnyArguments: whatever JSON object arrives, either the handler runs
// with arguments that validate against the advertised schema, or the call
// ends in an envelope whose every issue path exists in the input (or is the
// root) and the handler does not run.
func TestAnyArguments(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	doTool, dr := newSearch(t, IntentDo)
	names := append(tool.Properties(), "limt", "extra")
	rapid.Check(t, func(t *rapid.T) {
		args := map[string]any{}
		for _, name := range names {
			if rapid.IntRange(0, 2).Draw(t, "has_"+name) == 0 {
				args[name] = jsonValue(t, 1)
			}
		}
		raw, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			tool *Tool
			rec  *recorder
		}{{tool, r}, {doTool, dr}} {
			before := tt.rec.calls
			res := tt.tool.Call(context.Background(), raw)
			ran := tt.rec.calls > before
			if res.Envelope == nil {
				if !ran && !res.Replayed {
					t.Fatalf("%s: no envelope, no handler call and no replay", raw)
				}
				if err := tt.tool.compiledForTest().Validate(res.Arguments); err != nil {
					t.Fatalf("%s: the handler got arguments the schema rejects: %v", raw, err)
				}
				continue
			}
			if ran {
				t.Fatalf("%s: the handler ran despite %+v", raw, res.Envelope)
			}
			if len(res.Envelope.Issues) == 0 || !strings.HasPrefix(res.Envelope.Hint, "Call ") {
				t.Fatalf("%s: envelope %+v", raw, res.Envelope)
			}
			for _, is := range res.Envelope.Issues {
				if is.Path != "" && !pathExists(args, is.Path) {
					t.Fatalf("%s: issue path %s is not in the input", raw, is.Path)
				}
				if is.Hint == "" || is.Code == "" {
					t.Fatalf("%s: issue without code or hint: %+v", raw, is)
				}
			}
		}
	})
}

// pathExists reports whether a JSON Pointer names a place in v.
func pathExists(v any, pointer string) bool {
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				return false
			}
			v = next
		case []any:
			// An index is one of the indices the array has, spelled as
			// the path spells it.
			found := false
			for i := range x {
				if strconv.Itoa(i) == tok {
					v, found = x[i], true
					break
				}
			}
			if !found {
				return false
			}
		default:
			return false
		}
	}
	return true
}
