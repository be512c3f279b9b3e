package main

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"agentinput.dev/factory/catalog"
	"agentinput.dev/factory/protocol"
)

// The texts of the fixture resources.
const (
	staticText  = "This is the content of the static text resource."
	watchedText = "This resource is watched: subscribe to hear of its updates."
	exampleText = "Embedded resource content for testing."
)

// fixtures is the provenance of every fixture resource: this server's own
// record, written in its source, so it vouches for it itself.
var fixtures = catalog.Provenance{
	Evidence:        catalog.EvidenceRecord,
	Authority:       "agentinput-everything",
	ContractVersion: "everything/1",
}

// fixturesChanged is when the fixture resources' content last changed
// (it is fixed in the source): the static resources' lastModified.
var fixturesChanged = time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)

// both is the audience of every fixture: the suite reads them as a
// client would show them to a person and hand them to a model.
var both = []string{catalog.AudienceUser, catalog.AudienceAssistant}

// TemplateParams are the variables of test://template/{id}/data.
type TemplateParams struct {
	ID int `json:"id" agentinput:"required,min=0" desc:"The number of the data record, a whole number (0 or more)."`
}

// ArgumentsArgs are test_prompt_with_arguments' arguments. Each is one of
// a closed set, so that completion/complete offers its values: the values
// the conformance suite sends and completes (testValue1, testValue2,
// "test", "par") and the ones its documentation shows (hello, world).
type ArgumentsArgs struct {
	Arg1 string `json:"arg1" agentinput:"enum,required,values=hello|paris|park|party|test|testValue1" desc:"First test argument."`
	Arg2 string `json:"arg2" agentinput:"enum,required,values=testValue2|world" desc:"Second test argument."`
}

// EmbedArgs are test_prompt_with_embedded_resource's arguments.
type EmbedArgs struct {
	ResourceURI string `json:"resourceUri" agentinput:"required" desc:"URI of the resource to embed: one that resources/list lists or resources/templates/list describes."`
}

// newCatalog declares the suite's resources, template and prompts; the
// completions are the enum arguments' values.
func newCatalog() (*catalog.Catalog, error) {
	var errs []error
	var resources []*catalog.Resource
	resource := func(uri, name, title, desc, mime string, priority float64, body catalog.Body) {
		r, err := catalog.NewResource(catalog.ResourceSpec{URI: uri, Name: name, Title: title, Description: desc, MIMEType: mime,
			Annotations: catalog.Annotations{Audience: both, Priority: priority, LastModified: fixturesChanged}, Provenance: fixtures},
			func(context.Context) (catalog.Body, error) { return body, nil })
		errs = append(errs, err)
		if r != nil {
			resources = append(resources, r)
		}
	}
	resource("test://static-text", "static-text", "Static text",
		"A static text resource, for the conformance suite: one fixed sentence of plain text.", "text/plain", 0.5, catalog.Body{Text: staticText})
	resource("test://static-binary", "static-binary", "Static binary",
		"A static binary resource, for the conformance suite: a 1x1 red PNG, served as a blob.", "image/png", 0.5, catalog.Body{Blob: redPixelPNG})
	resource("test://watched-resource", "watched-resource", "Watched resource",
		"A resource a client may subscribe to (resources/subscribe), for the conformance suite.", "text/plain", 0.5, catalog.Body{Text: watchedText})
	resource("test://example-resource", "example-resource", "Example resource",
		"The resource test_prompt_with_embedded_resource embeds when the conformance suite names it.", "text/plain", 0.3, catalog.Body{Text: exampleText})

	tmpl, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: "test://template/{id}/data", Name: "template-data", Title: "Data by id",
		Description: "Data for one id, substituted into the URI, for the conformance suite: a JSON object naming the id.", MIMEType: "application/json",
		Annotations: catalog.Annotations{Audience: both, Priority: 0.5}, Provenance: catalog.Provenance{
			Evidence: catalog.EvidenceDerived, Authority: fixtures.Authority, ContractVersion: fixtures.ContractVersion}},
		func(_ context.Context, p TemplateParams) (catalog.Body, error) {
			id := strconv.Itoa(p.ID)
			body, err := json.Marshal(struct {
				ID           string `json:"id"`
				TemplateTest bool   `json:"templateTest"`
				Data         string `json:"data"`
			}{id, true, "Data for ID: " + id})
			return catalog.Body{Text: string(body)}, err
		})
	errs = append(errs, err)

	var prompts []*catalog.Prompt
	prompt := func(p *catalog.Prompt, err error) {
		errs = append(errs, err)
		if p != nil {
			prompts = append(prompts, p)
		}
	}
	user := func(b protocol.Block) protocol.Message { return protocol.Message{Role: "user", Content: b} }
	prompt(catalog.NewPrompt(catalog.PromptSpec{Name: "test_simple_prompt", Title: "Simple prompt",
		Description: "A simple prompt without arguments, for the conformance suite: one fixed user message."},
		func(context.Context, struct{}, *catalog.PromptCall) ([]protocol.Message, error) {
			return []protocol.Message{user(protocol.Text("This is a simple prompt for testing."))}, nil
		}))
	prompt(catalog.NewPrompt(catalog.PromptSpec{Name: "test_prompt_with_arguments", Title: "Prompt with arguments",
		Description: "A prompt with two required arguments, each one of a closed set, for the conformance suite: the message repeats them."},
		func(_ context.Context, a ArgumentsArgs, _ *catalog.PromptCall) ([]protocol.Message, error) {
			return []protocol.Message{user(protocol.Text("Prompt with arguments: arg1='" + a.Arg1 + "', arg2='" + a.Arg2 + "'"))}, nil
		}))
	prompt(catalog.NewPrompt(catalog.PromptSpec{Name: "test_prompt_with_embedded_resource", Title: "Prompt with an embedded resource",
		Description: "A prompt that embeds the resource its argument names, read as resources/read reads it, for the conformance suite."},
		func(_ context.Context, a EmbedArgs, call *catalog.PromptCall) ([]protocol.Message, error) {
			// A URI of no resource is the read's own error (resource not
			// found, naming the URI): the prompt embeds what this server
			// serves, never content made up under another's URI.
			b, err := call.Embed(a.ResourceURI)
			if err != nil {
				return nil, err
			}
			return []protocol.Message{user(b), user(protocol.Text("Please process the embedded resource above."))}, nil
		}))
	prompt(catalog.NewPrompt(catalog.PromptSpec{Name: "test_prompt_with_image", Title: "Prompt with an image",
		Description: "A prompt with an image, for the conformance suite: a 1x1 red PNG, then a request to analyze it."},
		func(context.Context, struct{}, *catalog.PromptCall) ([]protocol.Message, error) {
			return []protocol.Message{user(protocol.Image(redPixelPNG, "image/png")), user(protocol.Text("Please analyze the image above."))}, nil
		}))
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return catalog.New(catalog.Options{Resources: resources, Templates: []*catalog.Template{tmpl}, Prompts: prompts})
}
