package mcpgo_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/mcpgo"
)

// constructsServer has one tool built with every schema helper of mcp-go
// (docs/retrofit.md, "Both SDKs"); its handler keeps the arguments it got.
func constructsServer() (*server.MCPServer, func() (string, bool)) {
	var mu sync.Mutex
	var last string
	var ran bool
	s := server.NewMCPServer("constructs", "1.0.0")
	s.AddTool(mcp.NewTool("read_constructs",
		mcp.WithDescription("Reads every construct."),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("s", mcp.Description("free text")),
		mcp.WithString("must", mcp.Required(), mcp.Description("required text")),
		mcp.WithString("order", mcp.Enum("newest", "oldest"), mcp.DefaultString("newest")),
		mcp.WithNumber("f", mcp.Description("a number")),
		mcp.WithInteger("i", mcp.Description("a whole number")),
		mcp.WithNumber("size", mcp.Min(1), mcp.Max(50)),
		mcp.WithInteger("limit", mcp.Min(1), mcp.Max(20), mcp.DefaultNumber(10)),
		mcp.WithBoolean("b", mcp.DefaultBool(false)),
		mcp.WithArray("tags", mcp.WithStringItems()),
		mcp.WithArray("nums", mcp.WithNumberItems()),
		mcp.WithArray("kinds", mcp.WithStringEnumItems([]string{"tax", "tort"})),
		mcp.WithObject("addr", mcp.Properties(map[string]any{
			"city": map[string]any{"type": "string"},
			"zip":  map[string]any{"type": "integer"},
		})),
		mcp.WithString("code", mcp.Pattern("^[A-Z]{3}$"), mcp.MaxLength(3)),
	), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		b, _ := json.Marshal(req.GetArguments())
		mu.Lock()
		last, ran = string(b), true
		mu.Unlock()
		return mcp.NewToolResultText("ok"), nil
	})
	mcpgo.Lenient(s)
	return s, func() (string, bool) {
		mu.Lock()
		defer mu.Unlock()
		l, r := last, ran
		last, ran = "", false
		return l, r
	}
}

// TestLenientReadsEveryMCPGoConstruct is the mcp-go column of
// docs/retrofit.md's table, row by row: what the handler gets for the
// spellings a model sends, or the path an ask names.
func TestLenientReadsEveryMCPGoConstruct(t *testing.T) {
	s, last := constructsServer()
	c := connect(t, s)
	for _, row := range []struct {
		construct, args string
		want            string // the handler's arguments as JSON, or "ask PATH"
	}{
		{"WithString", `{"must":"x","s":" a "}`, `{"must":"x","s":" a "}`},
		{"WithString, Required (left out)", `{"s":"a"}`, "ask /must"},
		{"WithString, Enum", `{"must":"x","order":"Newest"}`, `{"must":"x","order":"newest"}`},
		{"WithString, Enum (no such value)", `{"must":"x","order":"sideways"}`, "ask /order"},
		{"WithNumber", `{"must":"x","f":"2,5"}`, `{"f":2.5,"must":"x"}`},
		{"WithNumber (two meanings)", `{"must":"x","f":"1,234"}`, "ask /f"},
		{"WithInteger", `{"must":"x","i":"4 000"}`, `{"i":4000,"must":"x"}`},
		{"WithNumber, Min, Max", `{"must":"x","size":"500"}`, "ask /size"},
		{"WithInteger named limit, Max (a page size: clamped)", `{"must":"x","limit":"500"}`, `{"limit":20,"must":"x"}`},
		{"DefaultNumber (left out: the handler's default)", `{"must":"x"}`, `{"must":"x"}`},
		{"WithBoolean", `{"must":"x","b":"ano"}`, `{"b":true,"must":"x"}`},
		{"WithArray, WithStringItems", `{"must":"x","tags":"tax"}`, `{"must":"x","tags":["tax"]}`},
		{"WithArray, WithNumberItems", `{"must":"x","nums":["1","2 000"]}`, `{"must":"x","nums":[1,2000]}`},
		{"WithArray, WithStringEnumItems", `{"must":"x","kinds":"Tax, TORT"}`, `{"kinds":["tax","tort"],"must":"x"}`},
		{"WithObject, Properties", `{"must":"x","addr":{"city":"Brno","zip":"60 200"}}`, `{"addr":{"city":"Brno","zip":60200},"must":"x"}`},
		{"WithObject (a wrong value inside)", `{"must":"x","addr":{"zip":"many"}}`, "ask /addr/zip"},
		{"Pattern, MaxLength", `{"must":"x","code":"abcd"}`, "ask /code"},
		{"an undeclared property, misspelled", `{"must":"x","lmit":5}`, "ask /lmit"},
		{"an undeclared property (passed on)", `{"must":"x","extra":5}`, `{"extra":5,"must":"x"}`},
	} {
		res := call(t, c, "read_constructs", row.args)
		got, ran := last()
		if path, ask := strings.CutPrefix(row.want, "ask "); ask {
			if !res.IsError || ran || !strings.Contains(texts(res), path+":") {
				t.Errorf("%s %s: want an ask at %s, got %v (handler ran: %v): %s", row.construct, row.args, path, res.IsError, ran, texts(res))
			}
			continue
		}
		if res.IsError || !ran || got != row.want {
			t.Errorf("%s %s: the handler got %s (ran %v), want %s: %s", row.construct, row.args, got, ran, row.want, texts(res))
		}
	}
}
