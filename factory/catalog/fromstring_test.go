package catalog

import (
	"context"
	"strconv"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
)

type numberParams struct {
	N int `json:"n" agentinput:"required,min=0" desc:"A whole number, 0 or more."`
}

// TestNumberSentAsTextIsNoRepair: a URI and a prompt's arguments carry only
// strings, so "123" is a number's canonical spelling there: no
// from_string note, no canonical_uri note, no "Arguments read" message;
// a spelling that is a repair ("1_000") still has its notes.
func TestNumberSentAsTextIsNoRepair(t *testing.T) {
	face := Annotations{Audience: []string{AudienceAssistant}, Priority: 0.5}
	prov := Provenance{Evidence: EvidenceDerived, Authority: "test", ContractVersion: "1"}
	tmpl, err := NewTemplate(TemplateSpec{URITemplate: "num://{n}", Name: "num", Title: "Number", Description: "A number, as the URI names it.",
		MIMEType: "text/plain", Annotations: face, Provenance: prov},
		func(_ context.Context, p numberParams) (Body, error) { return Body{Text: strconv.Itoa(p.N)}, nil })
	if err != nil {
		t.Fatal(err)
	}
	prompt, err := NewPrompt(PromptSpec{Name: "count", Title: "Count", Description: "Counts to the number it is given."},
		func(_ context.Context, p numberParams, _ *PromptCall) ([]protocol.Message, error) {
			return []protocol.Message{{Role: "user", Content: protocol.Text("Count to " + strconv.Itoa(p.N) + ".")}}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(Options{Templates: []*Template{tmpl}, Prompts: []*Prompt{prompt}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, e := c.Read(ctx, "num://123")
	if e != nil {
		t.Fatal(e)
	}
	if len(res.Notes) != 0 || res.Contents[0].URI != "num://123" {
		t.Errorf("num://123: notes %+v, served as %s", res.Notes, res.Contents[0].URI)
	}
	res, e = c.Read(ctx, "num://1_000")
	if e != nil {
		t.Fatal(e)
	}
	if len(res.Notes) != 2 || res.Notes[0].Code != string(agentinput.NoteCanonicalURI) || res.Notes[1].Code != "grouping" || res.Contents[0].URI != "num://1000" {
		t.Errorf("num://1_000: notes %+v, served as %s", res.Notes, res.Contents[0].URI)
	}
	got, e := c.Get(ctx, "count", map[string]string{"n": "3"})
	if e != nil {
		t.Fatal(e)
	}
	if len(got.Notes) != 0 || len(got.Messages) != 1 || got.Messages[0].Content.Text != "Count to 3." {
		t.Errorf("count 3: notes %+v, messages %+v", got.Notes, got.Messages)
	}
}
