//lint:file-ignore SA1019 the test checks MCP sampling, deprecated from protocol 2026-07-28 but served

package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/factory/reply"
)

type renderIn struct {
	Limit int `json:"limit" desc:"How many pages to render."`
}

var pixel = []byte{0x89, 'P', 'N', 'G', 1, 2, 3}

func allBlocks() []protocol.Block {
	size := int64(42)
	link := protocol.ResourceLink("file:///report.pdf", "report", "application/pdf")
	link.Title, link.Description, link.Size = "The report", "The whole report", &size
	return []protocol.Block{
		protocol.Text("Rendered the pages:"),
		protocol.Image(pixel, "image/png"),
		protocol.Audio([]byte("RIFF"), "audio/wav"),
		protocol.TextResource("file:///notes.txt", "text/plain", "the notes"),
		protocol.BlobResource("file:///page.png", "image/png", pixel),
		link,
	}
}

// TestContentBlocks: a handler's content blocks reach a go-sdk client in
// order and whole, with the structured result beside them, and the notes
// of a repaired input after them.
func TestContentBlocks(t *testing.T) {
	tool := factory.Must(factory.Spec{Name: "render_pages", Title: "Render pages", Intent: factory.IntentRead, Observer: silent{},
		Description: "Renders the pages of the report as text, images, audio and resources. Use when the user asks to see the report."},
		func(_ context.Context, in renderIn, _ *factory.Call) (protocol.Content, error) {
			return protocol.Content{Blocks: allBlocks(), Structured: map[string]any{"pages": in.Limit}}, nil
		})
	cs := serve(t, tool)
	res := callTool(t, cs, "render_pages", map[string]any{"limit": "7"})
	if res.IsError {
		t.Fatal(texts(res))
	}
	if len(res.Content) != 7 {
		t.Fatalf("%d blocks, want the 6 of the handler and the input note: %s", len(res.Content), texts(res))
	}
	if c, ok := res.Content[0].(*sdk.TextContent); !ok || c.Text != "Rendered the pages:" {
		t.Errorf("block 0 %#v", res.Content[0])
	}
	if c, ok := res.Content[1].(*sdk.ImageContent); !ok || !bytes.Equal(c.Data, pixel) || c.MIMEType != "image/png" {
		t.Errorf("block 1 %#v", res.Content[1])
	}
	if c, ok := res.Content[2].(*sdk.AudioContent); !ok || string(c.Data) != "RIFF" || c.MIMEType != "audio/wav" {
		t.Errorf("block 2 %#v", res.Content[2])
	}
	if c, ok := res.Content[3].(*sdk.EmbeddedResource); !ok || c.Resource.URI != "file:///notes.txt" || c.Resource.Text != "the notes" || c.Resource.MIMEType != "text/plain" {
		t.Errorf("block 3 %#v", res.Content[3])
	}
	if c, ok := res.Content[4].(*sdk.EmbeddedResource); !ok || !bytes.Equal(c.Resource.Blob, pixel) || c.Resource.Text != "" {
		t.Errorf("block 4 %#v", res.Content[4])
	}
	if c, ok := res.Content[5].(*sdk.ResourceLink); !ok || c.URI != "file:///report.pdf" || c.Name != "report" || c.Title != "The report" ||
		c.Description != "The whole report" || c.MIMEType != "application/pdf" || c.Size == nil || *c.Size != 42 {
		t.Errorf("block 5 %#v", res.Content[5])
	}
	if c, ok := res.Content[6].(*sdk.TextContent); !ok || !strings.HasPrefix(c.Text, "Input read:") {
		t.Errorf("block 6 %#v, want the notes of the read", res.Content[6])
	}
	if got := structured(t, res); got["pages"] != float64(7) {
		t.Errorf("structured %v", got)
	}
	if _, ok := res.Meta[reply.MetaKey]; !ok {
		t.Errorf("no notes in _meta: %v", res.Meta)
	}
}

// TestContentWithoutStructured: blocks alone send no structured content,
// and a handler's failure is the envelope, as for any result.
func TestContentWithoutStructured(t *testing.T) {
	var fail atomic.Bool
	tool := factory.Must(factory.Spec{Name: "show_chart", Title: "Show the chart", Intent: factory.IntentRead, Observer: silent{},
		Description: "Shows the chart of the quarter as an image. Use when the user asks to see the chart."},
		func(context.Context, struct{}, *factory.Call) (*protocol.Content, error) {
			if fail.Load() {
				return nil, &factory.Failure{Code: "not_found", Message: "there is no chart for this quarter"}
			}
			c := protocol.Blocks(protocol.Image(pixel, "image/png"))
			return &c, nil
		})
	cs := serve(t, tool)
	res := callTool(t, cs, "show_chart", map[string]any{})
	if res.IsError || res.StructuredContent != nil || len(res.Content) != 1 {
		t.Fatalf("result %+v: want one image block and no structured content", res)
	}
	if _, ok := res.Content[0].(*sdk.ImageContent); !ok {
		t.Errorf("block %#v", res.Content[0])
	}
	fail.Store(true)
	res = callTool(t, cs, "show_chart", map[string]any{})
	if !res.IsError || structured(t, res)["code"] != "not_found" || !strings.Contains(texts(res), "there is no chart") {
		t.Errorf("failure %s", texts(res))
	}
}

type shareIn struct {
	Note string `json:"note" agentinput:"required" desc:"The note to share."`
}

// TestContentReplayed: a do tool's content comes back as content when a
// retry replays its receipt, and the handler runs once.
func TestContentReplayed(t *testing.T) {
	var runs atomic.Int32
	tool := factory.Must(factory.Spec{Name: "do_share_note", Title: "Share a note", Intent: factory.IntentDo, Observer: silent{},
		Description: "Shares a note and answers a link to the shared copy. Use when the user asks to share a note."},
		func(_ context.Context, in shareIn, _ *factory.Call) (protocol.Content, error) {
			runs.Add(1)
			return protocol.Blocks(protocol.Text("Shared "+in.Note), protocol.ResourceLink("notes://shared/1", "shared note", "text/plain")), nil
		})
	cs := serve(t, tool)
	first := callTool(t, cs, "do_share_note", map[string]any{"note": "groceries"})
	again := callTool(t, cs, "do_share_note", map[string]any{"note": "groceries"})
	if runs.Load() != 1 {
		t.Fatalf("the handler ran %d times", runs.Load())
	}
	if writeMeta(t, again)["replayed"] != true {
		t.Fatalf("second call not replayed: %v", again.Meta)
	}
	for _, res := range []*sdk.CallToolResult{first, again} {
		if res.IsError || len(res.Content) < 2 {
			t.Fatalf("result %s", texts(res))
		}
		if c, ok := res.Content[0].(*sdk.TextContent); !ok || c.Text != "Shared groceries" {
			t.Errorf("block 0 %#v", res.Content[0])
		}
		if c, ok := res.Content[1].(*sdk.ResourceLink); !ok || c.URI != "notes://shared/1" {
			t.Errorf("block 1 %#v", res.Content[1])
		}
	}
}

type askIn struct {
	Question string `json:"question" agentinput:"required" desc:"What to ask the model and the user."`
}

// askTool samples the client's model with the question, then asks the
// user to confirm the answer, and answers both; a client that cannot is a
// precondition_failed failure.
func askTool() *factory.Tool {
	return factory.Must(factory.Spec{Name: "ask_twice", Title: "Ask twice", Intent: factory.IntentRead, Observer: silent{},
		Description: "Asks the client's model a question, then asks the user to confirm the answer. Use when an answer needs a person's approval."},
		func(_ context.Context, in askIn, call *factory.Call) (protocol.Content, error) {
			got, err := call.Sample(protocol.Sampling{Messages: []protocol.Message{{Role: "user", Content: protocol.Text(in.Question)}},
				SystemPrompt: "Answer in one word.", MaxTokens: 20})
			if errors.Is(err, factory.ErrUnsupported) {
				return protocol.Content{}, &factory.Failure{Code: "precondition_failed", Message: "the client cannot sample"}
			}
			if err != nil {
				return protocol.Content{}, err
			}
			ok, err := call.Elicit(protocol.Elicitation{Message: "Is " + got.Content.Text + " right?",
				Schema: json.RawMessage(`{"type":"object","properties":{"right":{"type":"boolean"}},"required":["right"]}`)})
			if errors.Is(err, factory.ErrUnsupported) {
				return protocol.Content{}, &factory.Failure{Code: "precondition_failed", Message: "the client cannot elicit"}
			}
			if err != nil {
				return protocol.Content{}, err
			}
			return protocol.Content{Blocks: []protocol.Block{protocol.Text(got.Content.Text + " from " + got.Model)},
				Structured: map[string]any{"action": ok.Action, "right": ok.Content["right"]}}, nil
		})
}

// askClient connects a client with opts to a server of askTool, on
// protocol 2025-11-25: from 2026-07-28 a server sends no requests of its
// own during a call.
func askClient(t *testing.T, opts *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	return askClientOn(t, "2025-11-25", opts)
}

func askClientOn(t *testing.T, version string, opts *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, askTool())
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, opts).Connect(context.Background(), ct, &sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestSampleAndElicit: Call.Sample and Call.Elicit reach a go-sdk client's
// handlers with what the handler asked, and bring their answers back.
func TestSampleAndElicit(t *testing.T) {
	var sampled *sdk.CreateMessageParams
	var elicited *sdk.ElicitParams
	cs := askClient(t, &sdk.ClientOptions{
		CreateMessageHandler: func(_ context.Context, r *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			sampled = r.Params
			return &sdk.CreateMessageResult{Role: "assistant", Content: &sdk.TextContent{Text: "Prague"}, Model: "test-model", StopReason: "endTurn"}, nil
		},
		ElicitationHandler: func(_ context.Context, r *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			elicited = r.Params
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"right": true}}, nil
		},
	})
	res := callTool(t, cs, "ask_twice", map[string]any{"question": "The capital of Czechia?"})
	if res.IsError {
		t.Fatal(texts(res))
	}
	if sampled == nil || len(sampled.Messages) != 1 || sampled.MaxTokens != 20 || sampled.SystemPrompt != "Answer in one word." {
		t.Fatalf("sampling request %+v", sampled)
	}
	if m, ok := sampled.Messages[0].Content.(*sdk.TextContent); !ok || m.Text != "The capital of Czechia?" || sampled.Messages[0].Role != "user" {
		t.Errorf("sampled message %#v", sampled.Messages[0])
	}
	if elicited == nil || elicited.Message != "Is Prague right?" || elicited.RequestedSchema == nil {
		t.Fatalf("elicitation request %+v", elicited)
	}
	if got := texts(res); got != "Prague from test-model\n" {
		t.Errorf("text %q", got)
	}
	if got := structured(t, res); got["action"] != "accept" || got["right"] != true {
		t.Errorf("structured %v", got)
	}
}

// TestSampleUnsupported: a client that declares no sampling gets the
// handler's own failure, never a request it cannot answer.
func TestSampleUnsupported(t *testing.T) {
	cs := askClient(t, nil)
	res := callTool(t, cs, "ask_twice", map[string]any{"question": "The capital of Czechia?"})
	if !res.IsError || structured(t, res)["code"] != "precondition_failed" || !strings.Contains(texts(res), "cannot sample") {
		t.Errorf("result %s", texts(res))
	}
}

// TestElicitUnsupported: a client that samples but declares no
// elicitation gets ErrUnsupported from Call.Elicit.
func TestElicitUnsupported(t *testing.T) {
	cs := askClient(t, &sdk.ClientOptions{
		CreateMessageHandler: func(context.Context, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			return &sdk.CreateMessageResult{Role: "assistant", Content: &sdk.TextContent{Text: "Prague"}, Model: "m"}, nil
		},
	})
	res := callTool(t, cs, "ask_twice", map[string]any{"question": "The capital of Czechia?"})
	if !res.IsError || !strings.Contains(texts(res), "cannot elicit") {
		t.Errorf("result %s", texts(res))
	}
}

// TestSampleOnMultiRoundTrip: on protocol 2026-07-28, where a server sends
// no requests during a call, Call.Sample is ErrUnsupported even for a
// client that samples, rather than a request the SDK would refuse.
func TestSampleOnMultiRoundTrip(t *testing.T) {
	sampled := false
	cs := askClientOn(t, "2026-07-28", &sdk.ClientOptions{
		CreateMessageHandler: func(context.Context, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			sampled = true
			return &sdk.CreateMessageResult{Role: "assistant", Content: &sdk.TextContent{Text: "Prague"}, Model: "m"}, nil
		},
	})
	res := callTool(t, cs, "ask_twice", map[string]any{"question": "The capital of Czechia?"})
	if !res.IsError || sampled || !strings.Contains(texts(res), "cannot sample") {
		t.Errorf("result %s (sampled: %v)", texts(res), sampled)
	}
}
