package factory_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
)

const noArgsDesc = "Shows the chart of the current quarter. Use when the user asks for the chart."

// TestToolWithoutArguments: an empty input struct declares a tool that
// takes no arguments; an argument sent to it is asked about, with a hint
// to send {}; a struct with fields none of which is a property is still
// a declaration error.
func TestToolWithoutArguments(t *testing.T) {
	tool, err := factory.New(factory.Spec{Name: "show_chart", Title: "Show the chart", Description: noArgsDesc, Intent: factory.IntentRead},
		func(context.Context, struct{}, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(protocol.Text("the chart")), nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(tool.InputSchema()); got != `{"additionalProperties":false,"properties":{},"type":"object"}` {
		t.Errorf("schema %s", got)
	}
	for _, args := range []string{``, `{}`, `null`} {
		res := tool.Call(context.Background(), json.RawMessage(args))
		if res.Envelope != nil {
			t.Fatalf("%q: %s", args, res.Envelope.Message)
		}
		if c, ok := res.Output.(protocol.Content); !ok || len(c.Blocks) != 1 || c.Blocks[0].Text != "the chart" {
			t.Errorf("%q: output %#v", args, res.Output)
		}
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"quarter":"Q3"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 {
		t.Fatalf("an argument to a tool without arguments: %+v", res)
	}
	is := res.Envelope.Issues[0]
	if is.Code != agentinput.AskUnknownProperty || is.Path != "/quarter" || !strings.Contains(is.Hint, "with {}") {
		t.Errorf("issue %+v", is)
	}

	type hidden struct {
		secret string
		Skip   string `json:"-"`
	}
	_ = hidden{secret: "unexported: no property"}
	_, err = factory.New(factory.Spec{Name: "show_chart", Title: "Show the chart", Description: noArgsDesc, Intent: factory.IntentRead},
		func(context.Context, hidden, *factory.Call) (string, error) { return "", nil })
	if err == nil || !strings.Contains(err.Error(), "declares no property") {
		t.Errorf("a struct of no properties: %v", err)
	}
}

// TestContentConstructors: each constructor sets its block's type and the
// fields that type uses, and nothing else.
func TestContentConstructors(t *testing.T) {
	data := []byte{1, 2}
	for _, tt := range []struct {
		got, want protocol.Block
	}{
		{protocol.Text("hi"), protocol.Block{Type: protocol.BlockText, Text: "hi"}},
		{protocol.Image(data, "image/png"), protocol.Block{Type: protocol.BlockImage, Data: data, MIMEType: "image/png"}},
		{protocol.Audio(data, "audio/wav"), protocol.Block{Type: protocol.BlockAudio, Data: data, MIMEType: "audio/wav"}},
		{protocol.TextResource("a://b", "text/plain", "t"), protocol.Block{Type: protocol.BlockResource, URI: "a://b", MIMEType: "text/plain", Text: "t"}},
		{protocol.BlobResource("a://b", "image/png", data), protocol.Block{Type: protocol.BlockResource, URI: "a://b", MIMEType: "image/png", Data: data}},
		{protocol.ResourceLink("a://b", "b", "text/plain"), protocol.Block{Type: protocol.BlockResourceLink, URI: "a://b", Name: "b", MIMEType: "text/plain"}},
	} {
		got, _ := json.Marshal(tt.got)
		want, _ := json.Marshal(tt.want)
		if string(got) != string(want) {
			t.Errorf("block %s, want %s", got, want)
		}
	}
}

type askIn struct {
	Question string `json:"question" agentinput:"required" desc:"What to ask."`
}

// TestSampleAndElicitThroughTheRequest: Call.Sample and Call.Elicit go to
// the functions of the call's Request, and are ErrUnsupported without
// them.
func TestSampleAndElicitThroughTheRequest(t *testing.T) {
	tool := factory.Must(factory.Spec{Name: "ask_twice", Title: "Ask twice", Intent: factory.IntentRead,
		Description: "Asks the client's model, then its user, the same question. Use when an answer needs a person's approval."},
		func(_ context.Context, in askIn, call *factory.Call) (map[string]any, error) {
			out := map[string]any{}
			s, err := call.Sample(protocol.Sampling{Messages: []protocol.Message{{Role: "user", Content: protocol.Text(in.Question)}}, MaxTokens: 5})
			out["sample_unsupported"] = errors.Is(err, factory.ErrUnsupported)
			if s != nil {
				out["sampled"] = s.Content.Text
			}
			e, err := call.Elicit(protocol.Elicitation{Message: in.Question})
			out["elicit_unsupported"] = errors.Is(err, factory.ErrUnsupported)
			if e != nil {
				out["elicited"] = e.Action
			}
			return out, nil
		})
	args := json.RawMessage(`{"question":"Which year?"}`)

	res := tool.Call(context.Background(), args)
	if got := res.Output.(map[string]any); got["sample_unsupported"] != true || got["elicit_unsupported"] != true {
		t.Errorf("without a request: %v", got)
	}

	var asked []string
	ctx := protocol.WithRequest(context.Background(), &protocol.Request{
		Sample: func(_ context.Context, s protocol.Sampling) (*protocol.Sampled, error) {
			asked = append(asked, "sample:"+s.Messages[0].Content.Text)
			return &protocol.Sampled{Role: "assistant", Content: protocol.Text("2024"), Model: "m"}, nil
		},
		Elicit: func(_ context.Context, e protocol.Elicitation) (*protocol.Elicited, error) {
			asked = append(asked, "elicit:"+e.Message)
			return &protocol.Elicited{Action: "decline"}, nil
		},
	})
	res = tool.Call(ctx, args)
	got := res.Output.(map[string]any)
	if got["sampled"] != "2024" || got["elicited"] != "decline" || got["sample_unsupported"] != false || got["elicit_unsupported"] != false {
		t.Errorf("with a request: %v", got)
	}
	if strings.Join(asked, ",") != "sample:Which year?,elicit:Which year?" {
		t.Errorf("asked %v", asked)
	}
}
