package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
)

// step is the pause between a fixture's notifications (the suite asks for
// "~50ms", so that a client sees them arrive during the call).
const step = 50 * time.Millisecond

// pause waits d or until the call is cancelled.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// none is the input of a tool without arguments.
type none struct{}

// SamplingIn is test_sampling's input.
type SamplingIn struct {
	Prompt string `json:"prompt" agentinput:"required" desc:"The prompt to send to the client's model."`
}

// ElicitationIn is test_elicitation's input.
type ElicitationIn struct {
	Message string `json:"message" agentinput:"required" desc:"The message to show the user."`
}

// tools declares the suite's fixture tools with the factory; obs receives
// one event per call.
func tools(obs observe.Observer) ([]*factory.Tool, error) {
	read := func(name, title, desc string) factory.Spec {
		return factory.Spec{Name: name, Title: title, Description: desc, Intent: factory.IntentRead, Observer: obs}
	}
	var out []*factory.Tool
	var errs []error
	add := func(t *factory.Tool, err error) {
		errs = append(errs, err)
		if t != nil {
			out = append(out, t)
		}
	}
	add(factory.New(read("test_simple_text", "Simple text",
		"Answers one fixed text block, for the conformance suite. Use when checking that a client reads text content."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(protocol.Text("This is a simple text response for testing.")), nil
		}))
	add(factory.New(read("test_image_content", "Image content",
		"Answers a 1x1 red PNG image, for the conformance suite. Use when checking that a client reads image content."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(protocol.Image(redPixelPNG, "image/png")), nil
		}))
	add(factory.New(read("test_audio_content", "Audio content",
		"Answers a short silent WAV clip, for the conformance suite. Use when checking that a client reads audio content."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(protocol.Audio(silentWAV, "audio/wav")), nil
		}))
	add(factory.New(read("test_embedded_resource", "Embedded resource",
		"Answers a text resource embedded whole, for the conformance suite. Use when checking that a client reads embedded resources."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(protocol.TextResource("test://embedded-resource", "text/plain", "This is an embedded resource content.")), nil
		}))
	add(factory.New(read("test_multiple_content_types", "Mixed content",
		"Answers text, an image and an embedded JSON resource in one result, for the conformance suite. Use when checking mixed content."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Blocks(
				protocol.Text("Multiple content types test:"),
				protocol.Image(redPixelPNG, "image/png"),
				protocol.TextResource("test://mixed-content-resource", "application/json", `{"test":"data","value":123}`),
			), nil
		}))
	add(factory.New(read("test_tool_with_logging", "Logging during a call",
		"Sends three info log messages to the client while it runs, for the conformance suite. Use when checking client logging."),
		func(ctx context.Context, _ none, call *factory.Call) (protocol.Content, error) {
			// A log message the transport could not send does not fail the
			// call: the client asked for the result.
			_ = call.Log(slog.LevelInfo, "Tool execution started")
			if err := pause(ctx, step); err != nil {
				return protocol.Content{}, err
			}
			_ = call.Log(slog.LevelInfo, "Tool processing data")
			if err := pause(ctx, step); err != nil {
				return protocol.Content{}, err
			}
			_ = call.Log(slog.LevelInfo, "Tool execution completed")
			return protocol.Blocks(protocol.Text("Tool with logging executed successfully: sent 3 log messages.")), nil
		}))
	add(factory.New(read("test_tool_with_progress", "Progress during a call",
		"Reports progress 0, 50 and 100 of 100 while it runs, when the client asks for progress, for the conformance suite. Use when checking progress."),
		func(ctx context.Context, _ none, call *factory.Call) (protocol.Content, error) {
			for i, done := range []float64{0, 50, 100} {
				if i > 0 {
					if err := pause(ctx, step); err != nil {
						return protocol.Content{}, err
					}
				}
				_ = call.Progress(done, 100, "")
			}
			return protocol.Blocks(protocol.Text("Tool with progress executed successfully: reported 0, 50 and 100 of 100.")), nil
		}))
	add(factory.New(read("test_error_handling", "Error handling",
		"Always fails, answering the error envelope as an isError result, for the conformance suite. Use when checking tool errors."),
		func(context.Context, none, *factory.Call) (protocol.Content, error) {
			return protocol.Content{}, &factory.Failure{
				Message: "This tool intentionally returns an error for testing",
				Hint:    "Do not call test_error_handling again expecting a result: it always fails.",
			}
		}))
	add(factory.New(read("test_sampling", "Sampling",
		"Asks the client's model to answer the prompt (MCP sampling) and returns its reply, for the conformance suite. Use when checking sampling."),
		func(_ context.Context, in SamplingIn, call *factory.Call) (protocol.Content, error) {
			got, err := call.Sample(protocol.Sampling{
				Messages:  []protocol.Message{{Role: "user", Content: protocol.Text(in.Prompt)}},
				MaxTokens: 100,
			})
			if errors.Is(err, factory.ErrUnsupported) {
				return protocol.Content{}, unsupported("sampling")
			}
			if err != nil {
				return protocol.Content{}, err
			}
			return protocol.Blocks(protocol.Text("LLM response: " + got.Content.Text)), nil
		}))
	add(factory.New(read("test_elicitation", "Elicitation",
		"Asks the client's user for a username and an email (MCP elicitation) and returns the answer, for the conformance suite. Use when checking elicitation."),
		func(_ context.Context, in ElicitationIn, call *factory.Call) (protocol.Content, error) {
			return elicit(call, in.Message, userSchema, "User response: ")
		}))
	add(factory.New(read("test_elicitation_sep1034_defaults", "Elicitation defaults",
		"Asks the client's user for a form whose every field has a default (SEP-1034), for the conformance suite. Use when checking elicitation defaults."),
		func(_ context.Context, _ none, call *factory.Call) (protocol.Content, error) {
			return elicit(call, "Please review and update the form fields with defaults", defaultsSchema, "Elicitation completed: ")
		}))
	add(factory.New(read("test_elicitation_sep1330_enums", "Elicitation enums",
		"Asks the client's user for a form with the five kinds of enum fields (SEP-1330), for the conformance suite. Use when checking elicitation enums."),
		func(_ context.Context, _ none, call *factory.Call) (protocol.Content, error) {
			return elicit(call, "Please select options from the enum fields", enumsSchema, "Elicitation completed: ")
		}))
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// unsupported is the failure of a fixture whose client lacks what it
// needs: the envelope names the capability, and a retry will not help.
func unsupported(capability string) error {
	return &factory.Failure{
		Code:    agentinput.EnvelopePreconditionFailed,
		Message: "the client declared no " + capability + " capability",
		Hint:    "Connect with a client that declares the " + capability + " capability, then call again.",
	}
}

// elicit asks the client's user to fill the form of schema, and answers the
// action and the content, after prefix.
func elicit(call *factory.Call, message string, schema json.RawMessage, prefix string) (protocol.Content, error) {
	got, err := call.Elicit(protocol.Elicitation{Message: message, Schema: schema})
	if errors.Is(err, factory.ErrUnsupported) {
		return protocol.Content{}, unsupported("elicitation")
	}
	if err != nil {
		return protocol.Content{}, err
	}
	content, err := json.Marshal(got.Content)
	if err != nil {
		return protocol.Content{}, err
	}
	return protocol.Content{
		Blocks:     []protocol.Block{protocol.Text(prefix + "action=" + got.Action + ", content=" + string(content))},
		Structured: map[string]any{"action": got.Action, "content": got.Content},
	}, nil
}

// The forms the elicitation fixtures send.
var (
	userSchema = json.RawMessage(`{"type":"object","properties":{
		"username":{"type":"string","description":"User's response"},
		"email":{"type":"string","description":"User's email address"}},
		"required":["username","email"]}`)
	defaultsSchema = json.RawMessage(`{"type":"object","properties":{
		"name":{"type":"string","description":"User name","default":"John Doe"},
		"age":{"type":"integer","description":"User age","default":30},
		"score":{"type":"number","description":"User score","default":95.5},
		"status":{"type":"string","description":"User status","enum":["active","inactive","pending"],"default":"active"},
		"verified":{"type":"boolean","description":"Verification status","default":true}}}`)
	enumsSchema = json.RawMessage(`{"type":"object","properties":{
		"untitledSingle":{"type":"string","description":"Select one option","enum":["option1","option2","option3"]},
		"titledSingle":{"type":"string","description":"Select one option with titles","oneOf":[
			{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
		"legacyEnum":{"type":"string","description":"Select one option (legacy)","enum":["opt1","opt2","opt3"],
			"enumNames":["Option One","Option Two","Option Three"]},
		"untitledMulti":{"type":"array","description":"Select multiple options","items":{"type":"string","enum":["option1","option2","option3"]}},
		"titledMulti":{"type":"array","description":"Select multiple options with titles","items":{"anyOf":[
			{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}`)
)
