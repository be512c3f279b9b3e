package mcp_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// The bound of docs/budgets.md ("Replies are bounded by their requests"):
// a tool result, as the MCP rendering makes it (structured content, text
// blocks, _meta, echoed arguments included), takes at most amplifyK × the
// arguments' bytes + amplifyC. k is three copies of what a handler that
// returns its arguments echoes (structured content, its text, the echoed
// arguments), each up to 6 bytes a byte sent ("<" is "\u003c") and the
// text's 7; c is what the factory says itself, every echo in it cut and
// every list of issues and remarks capped.
const (
	amplifyK = 19
	amplifyC = 256 << 10
)

type ampIn struct {
	Query     string   `json:"query" desc:"Words to search for."`
	Limit     int      `json:"limit" desc:"How many results to return."`
	Archived  bool     `json:"include_archived" desc:"Whether archived items are searched too."`
	Countries []string `json:"countries" agentinput:"item=country" desc:"Only items of these countries."`
	Tags      []string `json:"tags" agentinput:"item=enum,values=tax|tort,besteffort" desc:"Subject tags, best effort."`
	Since     string   `json:"since" agentinput:"date" desc:"Only items on or after this day."`
	Until     string   `json:"until" agentinput:"date" desc:"Only items on or before this day."`
}

func ampTool(t testing.TB) *factory.Tool {
	t.Helper()
	desc := "Searches the test items by words in their titles. Use when a test needs a tool to call."
	return factory.Must(factory.Spec{Name: "search_items", Title: "Search items", Description: desc, Intent: factory.IntentRead, Observer: silent{}},
		func(_ context.Context, in ampIn, _ *factory.Call) (ampIn, error) { return in, nil })
}

// replyBytes is the size of the MCP tool result of args, with the
// normalized arguments echoed in _meta too (Options.EchoArguments).
func replyBytes(t interface{ Fatal(...any) }, tool *factory.Tool, args []byte) (int, string) {
	res := tool.Call(context.Background(), json.RawMessage(args))
	out := mcp.Result(res)
	if res.Arguments != nil {
		if out.Meta == nil {
			out.Meta = map[string]any{}
		}
		out.Meta[mcp.EchoKey] = res.Arguments
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return len(b), string(b)
}

// text draws a string that escapes badly: long, with characters JSON and
// HTML escaping widen.
func text(t *rapid.T, label string, maxLen int) string {
	n := rapid.IntRange(0, maxLen).Draw(t, label+" length")
	piece := rapid.SampledFrom([]string{"a", "<", "é", "\u2028", "\"", "cz", "Tax", " ", "/", "~"}).Draw(t, label+" piece")
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(piece)
	}
	return b.String()
}

func value(t *rapid.T, label string) any {
	switch rapid.IntRange(0, 6).Draw(t, label+" kind") {
	case 0:
		return text(t, label, 3000)
	case 1:
		return rapid.IntRange(-5, 5000).Draw(t, label+" number")
	case 2:
		return nil
	case 3:
		item := rapid.SampledFrom([]any{"cz", "Czechia", "CZE", "Tax", "tort", "xx", 7, "", nil}).Draw(t, label+" item")
		list := make([]any, rapid.IntRange(0, agentinput.MaxArrayItems).Draw(t, label+" items"))
		for i := range list {
			list[i] = item
		}
		return list
	case 4:
		return map[string]any{text(t, label+" key", 200): text(t, label+" member", 200)}
	case 5:
		return rapid.SampledFrom([]string{"2020", "2024-02-30", "yesterday", "cz,de,fr", "tax; tort", "no"}).Draw(t, label+" spelling")
	}
	return true
}

func TestRepliesAreBoundedByRequests(t *testing.T) {
	tool := ampTool(t)
	declared := []string{"query", "limit", "include_archived", "countries", "tags", "since", "until"}
	worst, largest := 0.0, 0
	rapid.Check(t, func(t *rapid.T) {
		args := map[string]any{}
		for i := range rapid.IntRange(0, 300).Draw(t, "properties") {
			name := rapid.SampledFrom(declared).Draw(t, "declared")
			if rapid.Bool().Draw(t, "unknown") {
				name = text(t, "name", 5000) + strconv.Itoa(i)
			}
			args[name] = value(t, "value")
		}
		raw, err := json.Marshal(args)
		if err != nil || len(raw) > agentinput.MaxArgumentBytes {
			t.Skip("over the argument budget: one too_large issue")
		}
		n, reply := replyBytes(t, tool, raw)
		if strings.Contains(reply, `"isError":true`) && n > amplifyC {
			// An envelope carries no handler output: the factory's own
			// words, bounded whatever the request.
			t.Fatalf("%d bytes of arguments, an envelope of %d bytes (over %d): %.2000s", len(raw), n, amplifyC, reply)
		}
		if n > amplifyK*len(raw)+amplifyC {
			t.Fatalf("%d bytes of arguments, a reply of %d bytes (over %d × + %d): %.2000s", len(raw), n, amplifyK, amplifyC, reply)
		}
		if len(raw) > 32<<10 {
			worst = max(worst, float64(n)/float64(len(raw)))
		}
		largest = max(largest, n)
	})
	t.Logf("worst reply / request over 32 KiB: %.1f; largest reply %d bytes", worst, largest)
}

// The cases, one by one: a 64 KB property name, 256 names of 4 KB,
// 1,000 repeated list items.
func TestAmplificationCases(t *testing.T) {
	tool := ampTool(t)
	long := strings.Repeat("n", 64<<10)
	names := map[string]any{}
	for i := range 240 {
		names[strings.Repeat("m", 4<<10)+strconv.Itoa(i)] = 1
	}
	many, _ := json.Marshal(names)
	worstNames := map[string]any{}
	for i := range 200 {
		worstNames[strings.Repeat("<", 100)+strconv.Itoa(i)] = strings.Repeat("\u2028", 100)
	}
	worstEnvelope, _ := json.Marshal(worstNames)
	items := `["cz"` + strings.Repeat(`,"cz"`, 999) + `]`
	for _, c := range []struct {
		name string
		args string
	}{
		{"a 64 KB name", `{"` + long + `":1}`},
		{"240 names of 4 KB", string(many)},
		{"200 names that escape widely", string(worstEnvelope)},
		{"1,000 repeated items", `{"countries":` + items + `}`},
		{"1,000 bad best-effort items", `{"tags":["xx"` + strings.Repeat(`,"xx"`, 999) + `]}`},
		{"1,000 items, some bad", `{"tags":["tax"` + strings.Repeat(`,"xx"`, 999) + `]}`},
		{"free text that escapes widely", `{"query":"` + strings.Repeat("<\u2028", 10000) + `"}`},
	} {
		n, reply := replyBytes(t, tool, []byte(c.args))
		t.Logf("%s: %d bytes in, %d out", c.name, len(c.args), n)
		if n > amplifyK*len(c.args)+amplifyC {
			t.Errorf("%s: %d bytes in, %d out: %.1000s", c.name, len(c.args), n, reply)
		}
		if strings.Contains(reply, strings.Repeat("n", agentinput.MaxReceivedChars+1)) || strings.Contains(reply, strings.Repeat("m", agentinput.MaxReceivedChars+1)) {
			t.Errorf("%s: a name echoed uncut", c.name)
		}
	}
	// The repeated items are one note, with the count and the first
	// indices.
	res := tool.Call(context.Background(), json.RawMessage(`{"countries":`+items+`}`))
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0].Message, "1000 items read alike, indices 0, 1, 2, 3, 4, …") {
		t.Errorf("notes of 1,000 repeated items: %+v", res.Notes)
	}
}

// TestProtocolErrorsAreBounded: the protocol errors go-sdk answers itself
// echo what the caller sent (an unknown tool's or prompt's name, a
// resource's URI); through a server Register built, each echo is cut and
// the message is at most MaxErrorChars characters, whatever the name's
// length — a 1 MB name included — and the name's start is still there to
// read.
func TestProtocolErrorsAreBounded(t *testing.T) {
	cs, _ := session(t)
	ctx := context.Background()
	check := func(t interface{ Fatalf(string, ...any) }, name string) {
		_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err == nil {
			t.Fatalf("an unknown tool of %d bytes was called", len(name))
		}
		msg := err.Error()
		if len(msg) > 4*mcp.MaxErrorChars+256 {
			t.Fatalf("an unknown tool of %d bytes: an error of %d bytes", len(name), len(msg))
		}
		head := []rune(name)
		if len(head) > 20 {
			head = head[:20]
		}
		if q := strconv.Quote(string(head)); !strings.Contains(msg, q[1:len(q)-1]) {
			t.Fatalf("the error does not name the tool's first characters %q: %q", string(head), msg)
		}
	}
	check(t, strings.Repeat("x", 1<<20))
	check(t, strings.Repeat("\"é<\u2028", 50000))
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.StringN(0, 20000, -1).Draw(t, "name")
		if name == "search_items" || name == "archive_items" {
			return
		}
		check(t, name)
	})
	if _, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: strings.Repeat("p", 1<<20)}); err == nil || len(err.Error()) > 4*mcp.MaxErrorChars+256 {
		t.Fatalf("an unknown prompt of 1 MB: %d bytes of error", len(err.Error()))
	}
}
