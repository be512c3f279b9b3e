package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
	"agentinput.dev/kinds/date"
)

// The spelling classes of issues 32 (item 3) and 33 end to end, through
// MCP with go-sdk's own client: the demo server in memory, and a tool of
// typed lists beside it.

// mcpCall is what one call gave: the tool ran (and with what arguments,
// as the server read them), or the envelope's code and issues.
type mcpCall struct {
	called   bool
	echoed   string // the arguments as read, when called
	envelope struct {
		Code   string `json:"code"`
		Hint   string `json:"hint"`
		Issues []struct {
			Path     string            `json:"path"`
			Code     string            `json:"code"`
			Hint     string            `json:"hint"`
			Readings []json.RawMessage `json:"-"`
			Raw      []struct {
				Value json.RawMessage `json:"value"`
			} `json:"readings"`
		} `json:"issues"`
	}
	text string
}

// issue returns the issue at path, or fails t.
func (c mcpCall) issue(t *testing.T, path string) (code, hint string, readings []string) {
	t.Helper()
	for _, is := range c.envelope.Issues {
		if is.Path == path {
			for _, r := range is.Raw {
				readings = append(readings, string(r.Value))
			}
			return is.Code, is.Hint, readings
		}
	}
	t.Fatalf("no issue at %s: %s", path, c.text)
	return "", "", nil
}

func callMCP(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) mcpCall {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	var c mcpCall
	c.text = callText(res)
	if !res.IsError {
		c.called = true
		b, _ := json.Marshal(res.Meta[agentmcp.EchoKey])
		c.echoed = string(b)
		return c
	}
	b, _ := json.Marshal(res.Meta[reply.EnvelopeKey])
	if err := json.Unmarshal(b, &c.envelope); err != nil || c.envelope.Code == "" {
		t.Fatalf("%s %v: an error result without its envelope: %s", tool, args, c.text)
	}
	return c
}

func connectClient(t *testing.T, server *sdk.Server) *sdk.ClientSession {
	t.Helper()
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestClassesThroughMCP(t *testing.T) {
	server, err := demoServer(true, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	cs := connectClient(t, server)

	// Values that read: number words, statistical-table and foreign
	// country names, flag emoji, CJK dates, language endonyms, a copied
	// date format (absent), a first-call cursor.
	for _, c := range []struct {
		args map[string]any
		want string // in the echoed arguments
	}{
		{map[string]any{"limit": "five"}, `"limit":5`},
		{map[string]any{"limit": "dvacet"}, `"limit":20`},
		{map[string]any{"limit": 0}, `"limit":1`},
		{map[string]any{"country": "Congo, Dem. Rep."}, `"country":"CD"`},
		{map[string]any{"country": "Korea, Rep."}, `"country":"KR"`},
		{map[string]any{"country": "Österrike"}, `"country":"AT"`},
		{map[string]any{"country": "Norge"}, `"country":"NO"`},
		{map[string]any{"country": "🇨🇿"}, `"country":"CZ"`},
		{map[string]any{"date_from": "2026年10月1日"}, `"date_from":"2026-10-01"`},
		{map[string]any{"date_from": "2026년 10월 1일"}, `"date_from":"2026-10-01"`},
		{map[string]any{"language": "Bahasa Indonesia"}, `"language":"id"`},
		{map[string]any{"language": "Slovene"}, `"language":"sl"`},
		{map[string]any{"date_from": "YYYY-MM-DD"}, `{}`},
		{map[string]any{"cursor": "start"}, `{}`},
	} {
		got := callMCP(t, cs, "read_decisions", c.args)
		if !got.called || !strings.Contains(got.echoed, c.want) {
			t.Errorf("read_decisions %v: called %v, echoed %s, want %s\n%s", c.args, got.called, got.echoed, c.want, got.text)
		}
	}

	// Spellings that ask, each at its path with its code (and readings).
	for _, c := range []struct {
		args     map[string]any
		path     string
		code     string
		readings []string
	}{
		{map[string]any{"limit": -5}, "/limit", "out_of_range", nil},
		{map[string]any{"limit": "tres"}, "/limit", "ambiguous", []string{"3"}}, // 60 is over the limit's 50
		{map[string]any{"language": "sv-SV"}, "/language", "ambiguous", []string{`"sv-SE"`, `"sv"`, `"es-SV"`}},
		{map[string]any{"language": "uk-UK"}, "/language", "ambiguous", []string{`"uk-UA"`, `"uk"`, `"en-GB"`}},
		{map[string]any{"language": "sh"}, "/language", "ambiguous", []string{`"sr-Latn"`, `"hr"`, `"bs"`}},
		{map[string]any{"cursor": "MQ=="}, "/cursor", "invalid_cursor", nil},
		{map[string]any{"cursor": "eyJwYWdlIjoyfQ=="}, "/cursor", "invalid_cursor", nil},
		{map[string]any{"cursor": true}, "/cursor", "invalid_cursor", nil},
	} {
		got := callMCP(t, cs, "read_decisions", c.args)
		if got.called {
			t.Errorf("read_decisions %v was called: %s", c.args, got.echoed)
			continue
		}
		code, _, readings := got.issue(t, c.path)
		if code != c.code || c.readings != nil && strings.Join(readings, " ") != strings.Join(c.readings, " ") {
			t.Errorf("read_decisions %v: %s %v, want %s %v\n%s", c.args, code, readings, c.code, c.readings, got.text)
		}
	}

	// A list's "no items" in words: [] is named; "limit five" is never
	// told an example it did not send.
	got := callMCP(t, cs, "do_set_tags", map[string]any{"decision_id": "c2f1a7d9-58e3-4b06-9a4f-e61d03b8c7a2", "tags": "none at all", "idempotency_key": "k-none"})
	if code, hint, readings := got.issue(t, "/tags"); code != "ambiguous" || !strings.Contains(hint, "[]") || strings.Join(readings, " ") != "[]" {
		t.Errorf("do_set_tags tags \"none at all\": %s %q %v", code, hint, readings)
	}
	got = callMCP(t, cs, "read_decisions", map[string]any{"limit": "twenty-two"})
	if _, hint, _ := got.issue(t, "/limit"); strings.Contains(hint, "twenty-two") {
		t.Errorf("the hint repeats the refused spelling: %q", hint)
	}
}

// A tool of typed lists: numbers and dates sent as one string read as the
// list when one split reads, and ask with whole lists otherwise.
func TestTypedListsThroughMCP(t *testing.T) {
	type in struct {
		Sizes []int       `json:"sizes" desc:"Sizes, whole numbers"`
		Days  []date.Date `json:"days" desc:"Days"`
		Data  []byte      `json:"data" desc:"Bytes"`
	}
	type out struct {
		Sizes []int       `json:"sizes"`
		Days  []date.Date `json:"days"`
		Data  []byte      `json:"data"`
	}
	h := func(_ context.Context, x in, _ *factory.Call) (out, error) { return out(x), nil }
	tool := factory.Must(factory.Spec{Name: "read_lists", Title: "Read lists",
		Description: "Echoes typed lists. Use when a test needs lists of numbers and dates.",
		Intent:      factory.IntentRead, Observer: quiet{}}, h)
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	agentmcp.RegisterWith(server, agentmcp.Options{EchoArguments: true}, tool)
	cs := connectClient(t, server)

	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"sizes": "1, 2, 3"}, `"sizes":[1,2,3]`},
		{map[string]any{"sizes": "five"}, `"sizes":[5]`},
		{map[string]any{"days": "2026-10-01, 2026-10-02"}, `"days":["2026-10-01","2026-10-02"]`},
		{map[string]any{"days": "October 1, 2026"}, `"days":["2026-10-01"]`},
		{map[string]any{"data": []any{104, 105}}, `"data":"aGk="`},
	} {
		got := callMCP(t, cs, "read_lists", c.args)
		if !got.called || !strings.Contains(got.echoed, c.want) {
			t.Errorf("read_lists %v: called %v, echoed %s, want %s\n%s", c.args, got.called, got.echoed, c.want, got.text)
		}
	}
	for _, c := range []struct {
		args     map[string]any
		path     string
		code     string
		readings []string
	}{
		// Whole numbers: 1.5 is refused, so [1,5,2] is asked, not read.
		{map[string]any{"sizes": "1,5, 2"}, "/sizes", "ambiguous", []string{"[1,5,2]"}},
		{map[string]any{"data": "good work"}, "/data", "ambiguous", []string{`"Z29vZCB3b3Jr"`}},
		{map[string]any{"data": "0x48656c6c6f"}, "/data", "ambiguous", []string{`"SGVsbG8="`}},
	} {
		got := callMCP(t, cs, "read_lists", c.args)
		if got.called {
			t.Errorf("read_lists %v was called: %s", c.args, got.echoed)
			continue
		}
		code, hint, readings := got.issue(t, c.path)
		if code != c.code || strings.Join(readings, " ") != strings.Join(c.readings, " ") || strings.Contains(hint, "index 0") {
			t.Errorf("read_lists %v: %s %v %q, want %s %v\n%s", c.args, code, readings, hint, c.code, c.readings, got.text)
		}
	}
}
