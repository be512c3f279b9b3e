package catalog

import (
	"context"
	"testing"

	"agentinput.dev/factory/protocol"
)

type openAndClosed struct {
	Topic string `json:"topic" agentinput:"required" desc:"What to write about."`
	Tone  string `json:"tone" agentinput:"enum,required,values=plain|formal" desc:"How to write it."`
}

// TestCompleteOpenKind: an argument of an open kind (text) completes to
// nothing — not to its own partial spelling, read — and an enum
// argument to its values.
func TestCompleteOpenKind(t *testing.T) {
	p, err := NewPrompt(PromptSpec{Name: "write-note", Title: "Write a note", Description: "Writes a note on a topic, in a tone."},
		func(context.Context, openAndClosed, *PromptCall) ([]protocol.Message, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(Options{Prompts: []*Prompt{p}})
	if err != nil {
		t.Fatal(err)
	}
	ref := Ref{Type: "ref/prompt", Name: "write-note"}
	if got := c.Complete(ref, "topic", "tax"); got.Values == nil || len(got.Values) != 0 || got.Total != 0 {
		t.Errorf("topic: %+v, want no values", got)
	}
	if got := c.Complete(ref, "tone", "f"); len(got.Values) != 1 || got.Values[0] != "formal" {
		t.Errorf("tone: %+v, want formal", got)
	}
}
