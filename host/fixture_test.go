package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// secret is what a remote tool says in its errors: it must never reach
// the model.
const secret = "SECRET-remote-internals-db-password"

// fixture is an official go-sdk server in memory, with a client session a
// test binds over.
type fixture struct {
	server *sdk.Server
	cs     *sdk.ClientSession
	mon    *host.Monitor
	// received are the arguments each tool got, as JSON, by name.
	mu       sync.Mutex
	received map[string][]string
	calls    atomic.Int64
}

func closed(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "additionalProperties": false, "properties": props}
}

var ordersSchema = closed(map[string]any{
	"amount":    map[string]any{"type": "number", "description": "An amount."},
	"limit":     map[string]any{"type": "integer", "minimum": 1, "maximum": 100},
	"date_from": map[string]any{"type": "string", "description": "The first day."},
	"note":      map[string]any{"type": "string"},
})

var outputSchema = closed(map[string]any{"total": map[string]any{"type": "integer"}})

// newFixture starts the server with its read tools (and those setup adds,
// before any client connects: a tool added later is a list_changed) and
// connects.
func newFixture(t testing.TB, protocol string, setup ...func(*fixture)) *fixture {
	t.Helper()
	f := &fixture{received: map[string][]string{}}
	f.server = sdk.NewServer(&sdk.Implementation{Name: "fixture", Version: "v1"}, &sdk.ServerOptions{PageSize: 3})
	text := func(s ...string) []sdk.Content {
		out := []sdk.Content{}
		for _, x := range s {
			out = append(out, &sdk.TextContent{Text: x})
		}
		return out
	}
	f.add("read_orders", ordersSchema, nil, func(args string) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: text("orders for " + args)}, nil
	})
	f.add("read_total", ordersSchema, outputSchema, func(string) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: text(`{"total": 7}`), StructuredContent: map[string]any{"total": 7}}, nil
	})
	results := map[string]*sdk.CallToolResult{
		"image":          {Content: []sdk.Content{&sdk.ImageContent{Data: []byte("x"), MIMEType: "image/png"}}},
		"audio":          {Content: []sdk.Content{&sdk.AudioContent{Data: []byte("x"), MIMEType: "audio/wav"}}},
		"resource":       {Content: []sdk.Content{&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "file:///x", Text: "x"}}}},
		"link":           {Content: []sdk.Content{&sdk.ResourceLink{URI: "file:///x", Name: "x"}}},
		"is_error":       {Content: text(secret), IsError: true},
		"empty":          {Content: []sdk.Content{}},
		"many_blocks":    {Content: text(strings.Split(strings.Repeat("a,", 200), ",")...)},
		"huge":           {Content: text(strings.Repeat("x", 70<<10))},
		"mixed_text_img": {Content: append(text("fine"), &sdk.ImageContent{Data: []byte("x"), MIMEType: "image/png"})},
	}
	for name, res := range results {
		f.add("read_"+name, ordersSchema, nil, func(string) (*sdk.CallToolResult, error) { return res, nil })
	}
	structured := map[string]*sdk.CallToolResult{
		"no_structured":    {Content: text(`{"total": 7}`)},
		"wrong_structured": {Content: text("x"), StructuredContent: map[string]any{"total": "seven"}},
		"extra_structured": {Content: text("x"), StructuredContent: map[string]any{"total": 7, "more": 1}},
	}
	f.add("read_bad_time", ordersSchema, closed(map[string]any{"at": map[string]any{"type": "string", "format": "date-time"}}), func(string) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: text("x"), StructuredContent: map[string]any{"at": "yesterday"}}, nil
	})
	for name, res := range structured {
		f.add("read_"+name, ordersSchema, outputSchema, func(string) (*sdk.CallToolResult, error) { return res, nil })
	}
	f.add("do_append", closed(map[string]any{"entry": map[string]any{"type": "string"}}), nil, func(string) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: text("appended")}, nil
	})
	f.add("read_protocol_error", ordersSchema, nil, func(string) (*sdk.CallToolResult, error) {
		return nil, errors.New(secret)
	})
	f.server.AddTool(&sdk.Tool{Name: "read_slow", InputSchema: ordersSchema}, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		f.calls.Add(1)
		<-ctx.Done() // answers only when the host gives up
		return &sdk.CallToolResult{Content: text("late")}, nil
	})
	for _, s := range setup {
		s(f)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := f.server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	f.mon = host.NewMonitor()
	opts := host.SessionOptions()
	if protocol != "" {
		opts.ProtocolVersion = protocol
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "host-test", Version: "v0"}, f.mon.ClientOptions(nil)).Connect(context.Background(), ct, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	f.cs = cs
	return f
}

// add adds a tool whose handler gets the arguments as JSON.
func (f *fixture) add(name string, in, out map[string]any, h func(args string) (*sdk.CallToolResult, error)) {
	tool := &sdk.Tool{Name: name, Description: "A fixture tool.", InputSchema: in}
	if out != nil {
		tool.OutputSchema = out
	}
	f.server.AddTool(tool, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		f.calls.Add(1)
		args := string(req.Params.Arguments)
		f.mu.Lock()
		f.received[name] = append(f.received[name], args)
		f.mu.Unlock()
		return h(args)
	})
}

func (f *fixture) got(name string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.received[name]...)
}

// read binds remote as a parallel read without a scope.
func read(remote string) host.Binding {
	return host.Binding{Remote: remote, Local: remote, Policy: host.PolicyRead, NoScope: true, Concurrency: host.Parallel}
}

// bind makes a host over the fixture's session and swaps in its first
// snapshot.
func (f *fixture) bind(t testing.TB, opts host.Options, bindings ...host.Binding) *host.Host {
	t.Helper()
	if opts.ServerID == "" {
		opts.ServerID = "fixture"
	}
	h, err := host.New(f.cs, f.mon, opts, bindings...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Rediscover(context.Background()); err != nil {
		t.Fatal(err)
	}
	return h
}

func envelopeJSON(t testing.TB, r *host.Result) string {
	t.Helper()
	b, err := json.Marshal(r.Envelope)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
