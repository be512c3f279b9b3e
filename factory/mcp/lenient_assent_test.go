package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

type noteIn struct {
	Title string `json:"title" jsonschema:"the note's title"`
	Body  string `json:"body,omitempty" jsonschema:"the note's text"`
}

// handSchema is a hand-written schema, open to extra properties, with a
// date format the server does not assert.
const handSchema = `{"type":"object","properties":{
	"due":{"type":"string","format":"date","description":"when it is due"},
	"ref":{"type":"string","format":"uuid","description":"the list it continues"},
	"contents":{"type":"array","items":{"type":"string"},"description":"the lines of the list"}}}`

// asSentServer is an existing go-sdk server that records what each
// handler received: a read with a required string, a tool that says
// nothing (read as one that may write), and a hand-written open schema.
func asSentServer(o *mcp.LenientOptions, got *[]string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "existing", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "find_items", Description: "Finds items.", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in findIn) (*sdk.CallToolResult, findOut, error) {
			*got = append(*got, "find_items "+in.Query)
			return nil, findOut(in), nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "save_note", Description: "Saves a note."},
		func(_ context.Context, _ *sdk.CallToolRequest, in noteIn) (*sdk.CallToolResult, struct{}, error) {
			*got = append(*got, "save_note "+in.Title)
			return nil, struct{}{}, nil
		})
	s.AddTool(&sdk.Tool{Name: "plan_list", Description: "Plans a list.", InputSchema: json.RawMessage(handSchema)},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			*got = append(*got, "plan_list "+string(req.Params.Arguments))
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "planned"}}}, nil
		})
	if o != nil {
		s.AddReceivingMiddleware(mcp.LenientWith(*o))
	}
	return s
}

// TestLenientNeverRefusesWhatTheServerTakes: a call the server alone takes
// reaches it through Lenient, unless a value is of a class Lenient stands
// by (a placeholder on a write, a spelling with two meanings, a
// misspelled property the server would ignore); each of those is let
// through for a tool that Relax names.
func TestLenientNeverRefusesWhatTheServerTakes(t *testing.T) {
	type want int
	const (
		sent    want = iota // reaches the handler as it was sent, with a warning sent_as_is
		asked               // an envelope whose one issue is of the code named
		refused             // the server alone refuses it too: Lenient's envelope
	)
	cases := []struct {
		tool, args string
		relax      mcp.Relaxed
		want       want
		code       agentinput.AskCode // for asked
		path       string
	}{
		// A read: a placeholder for a required string is the server's
		// value ("" is what a field without omitempty takes).
		{"find_items", `{"query":""}`, mcp.Relaxed{}, sent, "", "/query"},
		{"find_items", `{"query":"N/A"}`, mcp.Relaxed{}, sent, "", "/query"},
		{"find_items", `{"query":"  "}`, mcp.Relaxed{}, sent, "", "/query"},
		// A write: a placeholder would be stored as it is.
		{"save_note", `{"title":"N/A"}`, mcp.Relaxed{}, asked, agentinput.AskMissingRequired, "/title"},
		{"save_note", `{"title":"x","body":"none"}`, mcp.Relaxed{}, asked, agentinput.AskPlaceholderOnWrite, "/body"},
		{"save_note", `{"title":"N/A"}`, mcp.Relaxed{PlaceholdersOnWrite: true}, sent, "", "/title"},
		{"save_note", `{"title":"x","body":"none"}`, mcp.Relaxed{PlaceholdersOnWrite: true}, sent, "", "/body"},
		// Two meanings: the server would read one, unasked.
		{"plan_list", `{"due":"01/02/2026"}`, mcp.Relaxed{}, asked, agentinput.AskAmbiguous, "/due"},
		{"plan_list", `{"due":"01/02/2026"}`, mcp.Relaxed{Ambiguous: true}, sent, "", "/due"},
		// A misspelled property the open schema admits: the server would
		// ignore it and leave contents empty.
		{"plan_list", `{"contnets":["milk"]}`, mcp.Relaxed{}, asked, agentinput.AskUnknownProperty, "/contnets"},
		{"plan_list", `{"contnets":["milk"]}`, mcp.Relaxed{UnknownProperties: true}, sent, "", "/contnets"},
		// A value the format does not describe: the server takes it.
		{"plan_list", `{"due":"next sprint"}`, mcp.Relaxed{}, sent, "", "/due"},
		{"plan_list", `{"ref":"ORD-1042"}`, mcp.Relaxed{}, sent, "", "/ref"},
		// What the server alone refuses stays Lenient's ask.
		{"find_items", `{"query":"x","limt":3}`, mcp.Relaxed{}, refused, agentinput.AskUnknownProperty, "/limt"},
		{"find_items", `{"query":"x","archived":"maybe"}`, mcp.Relaxed{Ambiguous: true, PlaceholdersOnWrite: true, UnknownProperties: true}, refused, "", "/archived"},
	}
	for _, c := range cases {
		var got []string
		relax := c.relax
		o := &mcp.LenientOptions{Relax: func(tool string) mcp.Relaxed {
			if tool == c.tool {
				return relax
			}
			return mcp.Relaxed{}
		}}
		var sentArgs map[string]any
		if err := json.Unmarshal([]byte(c.args), &sentArgs); err != nil {
			t.Fatal(err)
		}
		// The server alone: every case but the refused ones reaches it.
		var alone []string
		res, err := connect(t, asSentServer(nil, &alone)).CallTool(context.Background(), &sdk.CallToolParams{Name: c.tool, Arguments: sentArgs})
		if err != nil || res.IsError != (c.want == refused) {
			t.Fatalf("%s %s: the server alone answered %v, %+v: the case proves nothing", c.tool, c.args, err, res)
		}
		res, err = connect(t, asSentServer(o, &got)).CallTool(context.Background(), &sdk.CallToolParams{Name: c.tool, Arguments: sentArgs})
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, c.args, err)
		}
		switch c.want {
		case sent:
			if res.IsError || len(got) != 1 || len(alone) != 1 || got[0] != alone[0] {
				t.Errorf("%s %s: the handler got %q, alone %q (error result %v)", c.tool, c.args, got, alone, res.IsError)
				continue
			}
			meta, _ := json.Marshal(res.Meta[reply.MetaKey])
			if !strings.Contains(string(meta), `"code":"sent_as_is"`) || !strings.Contains(string(meta), `"path":"`+c.path+`"`) {
				t.Errorf("%s %s: no sent_as_is warning at %s: %s", c.tool, c.args, c.path, meta)
			}
		case asked, refused:
			env, _ := json.Marshal(res.Meta["agentinput.dev/envelope"])
			var e struct {
				Issues []struct {
					Code string `json:"code"`
					Path string `json:"path"`
				} `json:"issues"`
			}
			_ = json.Unmarshal(env, &e)
			if !res.IsError || len(got) != 0 || len(e.Issues) != 1 || e.Issues[0].Path != c.path || c.code != "" && e.Issues[0].Code != string(c.code) {
				t.Errorf("%s %s: want an ask %s at %s, got handler %q, envelope %s", c.tool, c.args, c.code, c.path, got, env)
			}
		}
	}
}
