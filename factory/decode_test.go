package factory

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// deep nests n arrays in the property p: `{"p":[[…]]}` is n+1 levels.
func deep(p string, n int) string {
	return `{"` + p + `":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`
}

// zeros is the pointer of the container past the depth budget under the
// path head, when every container above it is an item 0.
func zeros(head string, n int) string { return head + strings.Repeat("/0", n) }

// TestDecodeDepthPath: arguments nested past MaxJSONDepth are too_large
// at the container that crossed the budget, not at the root; a path that
// would be long, or that a repeated property hides, is cut to the
// top-level property; the root when nothing can be named.
func TestDecodeDepthPath(t *testing.T) {
	const max = agentinput.MaxJSONDepth
	long := strings.Repeat("k", 300)
	for _, tt := range []struct {
		name, args, path string
	}{
		{"one past", deep("tags", max), zeros("/tags", max-1)},
		{"far past", deep("tags", 10000), zeros("/tags", max-1)},
		{"after other items", `{"a":1,"tags":[1,"x",` + strings.Repeat("[", max-1) + strings.Repeat("]", max-1) + `]}`, zeros("/tags/2", max-2)},
		{"in objects", `{"a":{"b~/c":` + strings.Repeat(`{"x":`, max-2) + `{}` + strings.Repeat("}", max-2) + `}}`, "/a/b~0~1c" + strings.Repeat("/x", max-2)},
		{"escaped name", `{"t\u0061gs":` + strings.Repeat("[", max) + strings.Repeat("]", max) + `}`, zeros("/tags", max-1)},
		{"a long path is cut", `{"p":` + strings.Repeat(`{"`+long+`":`, max) + "1" + strings.Repeat("}", max) + `}`, "/p"},
		{"hidden by a repeat", deep("tags", max)[:len(deep("tags", max))-1] + `,"tags":1}`, "/tags"},
		{"arguments that are an array", strings.Repeat("[", max+1) + strings.Repeat("]", max+1), ""},
		{"not closed", `{"tags":` + strings.Repeat("[", 100), ""},
		{"not JSON outside", `{"tags" ` + strings.Repeat("[", max) + strings.Repeat("]", max) + `}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, is := decodeArguments(json.RawMessage(tt.args))
			if is == nil || is.Code != agentinput.AskTooLarge || is.Path != tt.path {
				t.Fatalf("got %+v, want too_large at %q", is, tt.path)
			}
			checkDecodeIssue(t, is)
		})
	}
	if _, is := decodeArguments(json.RawMessage(deep("tags", max-1))); is != nil {
		t.Errorf("at the budget: %+v", is)
	}
}

// checkDecodeIssue: a complete ask, a received that is short JSON, no Go
// error text.
func checkDecodeIssue(t *testing.T, is *agentinput.Issue) {
	t.Helper()
	if !json.Valid(is.Received) || utf8.RuneCount(is.Received) > 4*agentinput.MaxReceivedChars+8 {
		t.Errorf("received %q", is.Received)
	}
	if is.Expected == "" || is.Hint == "" || is.Reason == "" {
		t.Errorf("incomplete ask %+v", is.Ask)
	}
	for _, s := range []string{is.Reason, is.Expected, is.Hint} {
		for _, g := range []string{"json: ", "invalid character", "strconv.", "unexpected end"} {
			if strings.Contains(s, g) {
				t.Errorf("Go error text %q in %q", g, s)
			}
		}
	}
}

// TestDecodeBadStrings: a string that encoding/json would change (a byte
// that is not UTF-8, a lone surrogate escape) is an ask invalid at its
// path naming the byte offset, never U+FFFD in its place.
func TestDecodeBadStrings(t *testing.T) {
	for _, tt := range []struct {
		name, args, path, reason string
	}{
		{"byte in free text", "{\"query\":\"a\xffb\"}", "/query", "the byte 0xFF, which is not UTF-8 (at byte offset 11 "},
		{"offset counts leading space", " \n{\"query\":\"a\xffb\"}", "/query", "(at byte offset 13 "},
		{"cut sequence", "{\"query\":\"caf\xc3\"}", "/query", "the byte 0xC3"},
		{"encoded surrogate", "{\"query\":\"\xed\xa0\x80\"}", "/query", "the byte 0xED"},
		{"list item", "{\"tags\":[\"tax\",\"t\xe9x\"]}", "/tags/1", "the byte 0xE9"},
		{"nested object", "{\"a\":[{\"b\":1},{\"c\":\"\xff\"}]}", "/a/1/c", "the byte 0xFF"},
		{"property name", "{\"qu\xffery\":\"x\"}", "/qu\uFFFDery", "the property name holds the byte 0xFF"},
		{"lone high surrogate", `{"query":"\ud800"}`, "/query", `the escape \ud800, half of a UTF-16 surrogate pair`},
		{"lone low surrogate", `{"query":"x\uDC00"}`, "/query", `the escape \uDC00`},
		{"high then no low", `{"query":"\ud800\u0041"}`, "/query", `the escape \ud800`},
		{"high then high", `{"query":"\ud800\ud800\udc00"}`, "/query", `(at byte offset 10 `},
		{"reversed pair", `{"query":"\udc00\ud800"}`, "/query", `the escape \udc00`},
		{"the first of two", "{\"a\":\"\xfe\",\"b\":\"\\ud800\"}", "/a", "the byte 0xFE"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, is := decodeArguments(json.RawMessage(tt.args))
			if is == nil || is.Code != agentinput.AskInvalid || is.Path != tt.path || !strings.Contains(is.Reason, tt.reason) {
				t.Fatalf("got %+v, want invalid at %q with %q", is, tt.path, tt.reason)
			}
			checkDecodeIssue(t, is)
		})
	}
	for _, args := range []string{
		`{"query":"\ud83d\ude00"}`, `{"query":"\uD83D\uDE00"}`, `{"query":"\ufffd"}`, "{\"query\":\"\uFFFD\"}",
		`{"query":"\\ud800"}`, `{"query":"\u0041\u00e9"}`, "{\"query\":\"caf\u00e9 \U0001F600\"}",
	} {
		if _, is := decodeArguments(json.RawMessage(args)); is != nil {
			t.Errorf("%s: %+v", args, is)
		}
	}
}

// TestDecodeLinear: decoding allocates in proportion to the arguments,
// for deep nesting (the stand-in text) and for many strings and names.
func TestDecodeLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, tt := range []struct {
		name string
		args func(n int) string
	}{
		{"deep", func(n int) string { return deep("tags", n) }},
		{"deep after items", func(n int) string {
			return `{"tags":[` + strings.Repeat(`"x",`, n) + strings.Repeat("[", n) + strings.Repeat("]", n) + `]}`
		}},
		{"strings", func(n int) string { return `{"tags":[` + strings.Repeat(`"\u00e9\ud83d\ude00",`, n) + `"\ud800"]}` }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const n = 500
			small, large := []byte(tt.args(n)), []byte(tt.args(16*n))
			b1, b16 := decodeBytes(small), decodeBytes(large)
			t.Logf("n=%d: %d B; 16n: %d B", n, b1, b16)
			// Linear is 16×; quadratic would be 256×. The bound leaves room
			// for sync.Pool reuse in encoding/json, which a GC (more often
			// under -race and on a loaded machine) empties: a CI run under
			// -race measured 25.7× once.
			if b16 > 48*max(b1, 1) {
				t.Errorf("not linear: %d B for %d bytes, %d B for %d bytes", b1, len(small), b16, len(large))
			}
		})
	}
}

func decodeBytes(args []byte) uint64 {
	_, bytes := oracle.Cost(10, func() { decodeArguments(args) })
	return bytes
}

// The allocation-free check and the ordered walk agree on every value:
// the walk runs only when the check fails, and must then find the crossing.
func TestBudgetChecksAgree(t *testing.T) {
	long := strings.Repeat("x", agentinput.MaxStringBytes+1)
	many := make([]any, agentinput.MaxArrayItems+1)
	wide := map[string]any{}
	for i := range agentinput.MaxProperties + 1 {
		wide["p"+strconv.Itoa(i)] = i
	}
	for _, v := range []any{
		"x", long, []any{"a", long}, many, wide, map[string]any{long: 1},
		map[string]any{"a": map[string]any{"b": []any{long}}}, map[string]any{"a": []any{1, "b"}},
		json.Number("1"), nil, true,
	} {
		if within, issue := withinBudgets(v), firstOverBudget(v, nil); within != (issue == nil) {
			t.Errorf("withinBudgets = %v, firstOverBudget = %+v", within, issue)
		}
	}
}
