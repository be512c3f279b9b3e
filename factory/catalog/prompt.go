package catalog

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"unicode/utf8"

	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

// PromptSpec declares a prompt.
type PromptSpec struct {
	// Name is what a person picks from a menu: lower-case words of the
	// task joined by - or _ (summarize-decision), never a tool's name
	// (read_…, do_…, can_do, get_…, list_…).
	Name        string
	Title       string
	Description string
	// Vocabularies are the vocabularies the arguments' tags name (of=).
	Vocabularies map[string]*vocabulary.Reader
}

// Prompt is a declared prompt.
type Prompt struct {
	spec   PromptSpec
	params *params
	get    func(ctx context.Context, in reflect.Value, call *PromptCall) ([]protocol.Message, error)
}

// PromptCall is what a prompt handler may do beyond its arguments: embed
// a resource of the catalog, read through the catalog as resources/read
// reads it (its canonical URI, its contents' _meta, its annotations).
type PromptCall struct {
	ctx context.Context
	cat *Catalog
}

// Embed is the resource at uri as an embedded resource block, for a
// prompt's message: the data the prompt is about travels with it rather
// than as a URI in its text. An error is the read's *Error.
func (c *PromptCall) Embed(uri string) (protocol.Block, error) {
	res, err := c.cat.Read(c.ctx, uri)
	if err != nil {
		return protocol.Block{}, err
	}
	return res.Embedded(), nil
}

// promptName is the class of prompt names: lower-case words of letters
// and digits joined by single hyphens or underscores.
var promptName = regexp.MustCompile(`^[a-z][a-z0-9]*([-_][a-z0-9]+)*$`)

// toolPrefixes start the names of tools, not of a person's prompts.
var toolPrefixes = []string{"read_", "do_", "can_do", "get_", "list_", "fetch_", "read-", "do-", "can-do", "get-", "list-", "fetch-"}

// NewPrompt declares a prompt whose arguments are the fields of A, bound
// to kinds exactly as a tool's properties are; each arrives as a string
// and is read by its kind. Every declaration mistake is an error here,
// all of them at once.
func NewPrompt[A any](spec PromptSpec, h func(ctx context.Context, args A, call *PromptCall) ([]protocol.Message, error)) (*Prompt, error) {
	var problems []error
	what := "prompt " + spec.Name
	if !promptName.MatchString(spec.Name) {
		problems = append(problems, fmt.Errorf("catalog: %s: a prompt's name is lower-case words joined by - or _ (summarize-decision)", what))
	}
	for _, p := range toolPrefixes {
		if strings.HasPrefix(spec.Name, p) {
			problems = append(problems, fmt.Errorf("catalog: %s: the name starts like a tool's (%s); name the task a person picks", what, p))
		}
	}
	if strings.TrimSpace(spec.Title) == "" || spec.Title == spec.Name {
		problems = append(problems, fmt.Errorf("catalog: %s: a title for people, distinct from the name, is required", what))
	}
	if n := utf8.RuneCountInString(spec.Description); n < 20 || n > 300 {
		problems = append(problems, fmt.Errorf("catalog: %s: the description has %d characters; it needs 20–300", what, n))
	}
	ps, err := bindParams(reflect.TypeFor[A](), spec.Vocabularies)
	if err != nil {
		problems = append(problems, binding.Prefixed("catalog: "+what+": ", err)...)
	}
	if h == nil {
		problems = append(problems, fmt.Errorf("catalog: %s has no handler", what))
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return &Prompt{spec: spec, params: ps, get: func(ctx context.Context, in reflect.Value, call *PromptCall) ([]protocol.Message, error) {
		return h(ctx, *in.Addr().Interface().(*A), call)
	}}, nil
}

// Argument is one argument of a prompt as prompts/list shows it.
type Argument struct {
	Name        string
	Description string
	Required    bool
}

// PromptInfo is a prompt as prompts/list shows it.
type PromptInfo struct {
	Name        string
	Title       string
	Description string
	Arguments   []Argument
}

// Describe is the prompt as prompts/list shows it: each argument with the
// description its author wrote. The kind's guidance ("Send … as a JSON
// number") is left out: a prompt's arguments are strings whatever their
// kind, and the kind reads each spelling or asks, naming what it takes.
func (p *Prompt) Describe() PromptInfo {
	info := PromptInfo{Name: p.spec.Name, Title: p.spec.Title, Description: p.spec.Description}
	for _, prop := range p.params.props {
		info.Arguments = append(info.Arguments, Argument{Name: prop.Name, Description: prop.Doc(), Required: prop.Required})
	}
	return info
}
