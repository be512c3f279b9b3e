package mcp

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"agentinput.dev/agentinput"
)

// frameReply is an error reply of the transport, decoded.
type frameReply struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func nested(open, close string, n int) string {
	return strings.Repeat(open, n) + strings.Repeat(close, n)
}

// screenCases are lines and what screen makes of them: a message for
// go-sdk ("request", "notification", "response"), nothing (""), or an
// error reply with its code and id.
var screenCases = []struct {
	name, line string
	want       string // "request", "notification", "response", "" or "error"
	code       int
	id         string
}{
	{"request", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "request", 0, ""},
	{"string id", `{"jsonrpc":"2.0","id":"a-1","method":"tools/list"}`, "request", 0, ""},
	{"largest exact id", `{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}`, "request", 0, ""},
	{"negative id", `{"jsonrpc":"2.0","id":-7,"method":"ping"}`, "request", 0, ""},
	{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notification", 0, ""},
	{"notification with a bad method", `{"jsonrpc":"2.0","method":"no/such"}`, "notification", 0, ""},
	{"response nobody asked for", `{"jsonrpc":"2.0","id":99,"result":{}}`, "response", 0, ""},
	{"error response", `{"jsonrpc":"2.0","id":99,"error":{"code":1,"message":"x"}}`, "response", 0, ""},
	{"byte-order mark", "\ufeff" + `{"jsonrpc":"2.0","id":2,"method":"ping"}`, "request", 0, ""},
	{"surrounding blanks", " \t" + `{"jsonrpc":"2.0","id":2,"method":"ping"}` + " \r", "request", 0, ""},
	{"invalid UTF-8 in a string", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","arguments":{"q":"a` + "\xff" + `b"}}}`, "request", 0, ""},
	{"empty line", "", "", 0, ""},
	{"blank line", " \t\r", "", 0, ""},

	{"lone brace", `{`, "error", -32700, "null"},
	{"not json", `not json`, "error", -32700, "null"},
	{"raw NUL", "\x00", "error", -32700, "null"},
	{"NUL in a string", `{"jsonrpc":"2.0","id":4,"method":"p` + "\x00" + `"}`, "error", -32700, "null"},
	{"bad escape", `{"jsonrpc":"2.0","id":4,"method":"\q"}`, "error", -32700, "null"},
	{"bad number", `{"jsonrpc":"2.0","id":01,"method":"ping"}`, "error", -32700, "null"},
	{"truncated", `{"jsonrpc":"2.0","id":5,"method":"tools/list"`, "error", -32700, "null"},
	{"mismatched brackets", `{"jsonrpc":"2.0","id":5,"method":"ping","params":{]}`, "error", -32700, "null"},
	{"trailing garbage", `{"jsonrpc":"2.0","id":6,"method":"ping"} x`, "error", -32700, "6"},
	{"two messages", `{"jsonrpc":"2.0","id":6,"method":"ping"}{"jsonrpc":"2.0","id":7,"method":"ping"}`, "error", -32700, "6"},
	{"trailing after a response", `{"jsonrpc":"2.0","id":6,"result":{}} x`, "error", -32700, "null"},
	{"invalid UTF-8 outside a string", "{\xff}", "error", -32700, "null"},

	{"batch", `[{"jsonrpc":"2.0","id":8,"method":"ping"}]`, "error", -32600, "null"},
	{"empty batch", `[]`, "error", -32600, "null"},
	{"a number", `42`, "error", -32600, "null"},
	{"a string", `"ping"`, "error", -32600, "null"},
	{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "error", -32600, "null"},
	{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, "error", -32600, "null"},
	{"boolean id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, "error", -32600, "null"},
	{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, "error", -32600, "null"},
	{"huge id", `{"jsonrpc":"2.0","id":1e400,"method":"ping"}`, "error", -32600, "null"},
	{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, "error", -32600, "null"},
	{"id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, "error", -32600, "null"},
	{"id written twice", `{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`, "error", -32600, "null"},
	{"method written twice", `{"jsonrpc":"2.0","id":1,"method":"ping","method":"tools/list"}`, "error", -32600, "null"},
	{"escaped name written twice", `{"jsonrpc":"2.0","id":1,"method":"ping","\u006dethod":"x"}`, "error", -32600, "null"},
	{"another member written twice", `{"jsonrpc":"2.0","id":1,"method":"ping","x":1,"x":2}`, "error", -32600, "1"},
	{"a tool's name written twice", `{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"search","name":"delete_all","arguments":{}}}`, "error", -32602, "15"},
	{"an argument written twice", `{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"t","arguments":{"q":"a","q":"b"}}}`, "error", -32602, "16"},
	{"an argument written twice with one value", `{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"t","arguments":{"q":"a","\u0071":"a"}}}`, "error", -32602, "17"},
	{"a name written twice deep in the arguments", `{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"t","arguments":{"s":[{"k":1,"k":2}]}}}`, "error", -32602, "18"},
	{"a name written twice in _meta", `{"jsonrpc":"2.0","id":19,"method":"tools/list","params":{"_meta":{"a":1,"a":1}}}`, "error", -32602, "19"},
	{"the same name in two objects", `{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"t","arguments":{"a":{"name":1},"b":{"name":2}}}}`, "request", 0, ""},
	{"no jsonrpc", `{"id":9,"method":"ping"}`, "error", -32600, "9"},
	{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":9,"method":"ping"}`, "error", -32600, "9"},
	{"jsonrpc a number", `{"jsonrpc":2.0,"id":9,"method":"ping"}`, "error", -32600, "9"},
	{"method a number", `{"jsonrpc":"2.0","id":10,"method":1}`, "error", -32600, "10"},
	{"nothing", `{"jsonrpc":"2.0"}`, "error", -32600, "null"},
	{"response with neither", `{"jsonrpc":"2.0","id":11}`, "error", -32600, "null"},
	{"response with both", `{"jsonrpc":"2.0","id":11,"result":{},"error":{"code":1,"message":"x"}}`, "error", -32600, "null"},
	{"response with a bad error", `{"jsonrpc":"2.0","id":11,"error":"oops"}`, "error", -32600, "null"},
	{"deep params of another method", `{"jsonrpc":"2.0","id":12,"method":"tools/list","params":{"_meta":` + nested("[", "]", 1200) + `}}`, "error", -32600, "12"},
	{"deep elsewhere in a tools/call", `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"x":` + nested("[", "]", 1200) + `}}}`, "error", -32600, "13"},
	{"deep arguments", `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"t","arguments":{"q":` + nested("[", "]", 5000) + `}}}`, "request", 0, ""},
}

func TestScreen(t *testing.T) {
	for _, c := range screenCases {
		t.Run(c.name, func(t *testing.T) {
			msg, out := screen([]byte(c.line), false)
			got := ""
			switch m := msg.(type) {
			case *jsonrpc.Request:
				got = "notification"
				if m.IsCall() {
					got = "request"
				}
			case *jsonrpc.Response:
				got = "response"
			}
			if out != nil {
				if got != "" {
					t.Fatalf("both a message and a reply")
				}
				got = "error"
			}
			if got != c.want {
				t.Fatalf("got %q (reply %s), want %q", got, out, c.want)
			}
			if out == nil {
				return
			}
			var r frameReply
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatalf("the reply %s is not JSON: %v", out, err)
			}
			if r.JSONRPC != "2.0" || r.Error.Code != c.code || string(r.ID) != c.id || r.Error.Message == "" {
				t.Fatalf("reply %s, want code %d id %s", out, c.code, c.id)
			}
			if len(out) > 512 {
				t.Fatalf("a reply of %d bytes to a line of %d", len(out), len(c.line))
			}
		})
	}
}

// Arguments nested past go-sdk's decoder arrive as a JSON string of their
// text; arguments within it arrive as sent.
func TestScreenDeepArguments(t *testing.T) {
	for _, depth := range []int{16, 17, sdkMaxDepth - 3, sdkMaxDepth - 2, sdkMaxDepth - 1, sdkMaxDepth, 10_000} {
		args := `{"q":` + nested("[", "]", depth-1) + `}`
		line := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":` + args + `}}`
		msg, out := screen([]byte(line), false)
		req, ok := msg.(*jsonrpc.Request)
		if !ok || out != nil {
			t.Fatalf("depth %d: %v %s", depth, msg, out)
		}
		var params struct{ Arguments json.RawMessage }
		if err := json.Unmarshal(req.Params, &params); err != nil {
			t.Fatal(err)
		}
		want := args
		if depth+2 > sdkMaxDepth {
			want = strconv.Quote(args)
		}
		if string(params.Arguments) != want {
			t.Fatalf("depth %d: arguments %.60s…, want %.60s…", depth, params.Arguments, want)
		}
	}
}

// go-sdk's decoder takes sdkMaxDepth levels and no more: when a release
// changes that, the transport's threshold follows.
func TestSDKDepthLimit(t *testing.T) {
	frame := func(depth int) string {
		return `{"jsonrpc":"2.0","id":1,"method":"m","params":` + nested("[", "]", depth-1) + `}`
	}
	if _, err := jsonrpc.DecodeMessage([]byte(frame(sdkMaxDepth))); err != nil {
		t.Fatalf("go-sdk no longer decodes %d levels: %v", sdkMaxDepth, err)
	}
	if _, err := jsonrpc.DecodeMessage([]byte(frame(sdkMaxDepth + 1))); err == nil {
		t.Fatalf("go-sdk now decodes %d levels: raise sdkMaxDepth", sdkMaxDepth+1)
	}
}

// A line over the budget is answered with its id when the id and the
// method came before the cut, and null otherwise.
func TestScreenOverBudget(t *testing.T) {
	pad := strings.Repeat(" ", agentinput.MaxFrameBytes)
	for _, c := range []struct{ line, id string }{
		{`{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"t","arguments":{"q":"` + pad + `"}}}`, "21"},
		{`{"jsonrpc":"2.0","id":"x","method":"ping"}` + pad, `"x"`},
		{`{"jsonrpc":"2.0","params":{"q":"` + pad + `"},"id":22,"method":"ping"}`, "null"},
		{`{"jsonrpc":"2.0","id":23,"result":{"q":"` + pad + `"}}`, "null"},
		{`{"jsonrpc":"2.0","id":24,"method":"ping",}` + pad, "null"},
		{`{"jsonrpc":"2.0","method":"ping","id":` + strings.Repeat("1", agentinput.MaxFrameBytes), "null"},
		{pad + "x", "null"},
	} {
		line := []byte(c.line)
		if len(line) > agentinput.MaxFrameBytes {
			line = line[:agentinput.MaxFrameBytes]
		}
		msg, out := screen(line, true)
		var r frameReply
		if msg != nil || json.Unmarshal(out, &r) != nil || r.Error.Code != jsonrpc.CodeInvalidRequest || string(r.ID) != c.id {
			t.Errorf("%.50s…: %v %s, want id %s", c.line, msg, out, c.id)
		}
	}
}
