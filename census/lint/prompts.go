package lint

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Prompt is one prompt as prompts/list describes it, with the prompts/get
// result when the linter fetched it.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
	// Got is the prompts/get result (with no arguments) as the server
	// sent it; nil when the prompt was not fetched (it has a required
	// argument, it was past MaxPromptGets, or the get failed).
	Got json.RawMessage `json:"-"`
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// LintPrompts runs the prompt rules over a server's prompts, with its
// listed resources and templates (the URIs a prompt's messages may name):
//
//   - prompt-name-vocabulary: the name is not words of a task
//     (PromptNameProblem);
//   - prompt-arguments-declared: a prompt that declares no argument asks
//     for the user's input in its description or messages
//     (AsksForInput);
//   - prompt-embeds-resources: a fetched prompt's text names a listed
//     resource's URI, or a URI of a listed template's scheme, but no
//     message carries a "resource" or "resource_link" block.
func LintPrompts(prompts []Prompt, resources []Resource) []Finding {
	var out []Finding
	names := make([]string, len(prompts))
	for i, p := range prompts {
		names[i] = p.Name
	}
	uris, schemes := resourceNames(resources)
	for _, p := range prompts {
		if why := PromptNameProblem(p.Name, names); why != "" {
			out = append(out, promptFinding(RulePromptName, p.Name, fmt.Sprintf("the prompt name %q %s", clip(p.Name), why)))
		}
		texts, blocks := promptMessages(p.Got)
		if len(p.Arguments) == 0 {
			if why := AsksForInput(p.Description, texts); why != "" {
				out = append(out, promptFinding(RulePromptArguments, p.Name, "the prompt declares no arguments, but "+why))
			}
		}
		if p.Got != nil && !blocks {
			if uri := namedURI(texts, uris, schemes); uri != "" {
				out = append(out, promptFinding(RulePromptEmbeds, p.Name, fmt.Sprintf("the prompt's text names %q but no message embeds or links a resource", clip(uri))))
			}
		}
	}
	return out
}

// promptMessages reads a prompts/get result: the texts of its text
// blocks, and whether a message carries a "resource" or "resource_link"
// block. A result that does not decode has neither.
func promptMessages(got json.RawMessage) (texts []string, blocks bool) {
	if got == nil {
		return nil, false
	}
	var res struct {
		Description string `json:"description"`
		Messages    []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(got, &res) != nil {
		return nil, false
	}
	if res.Description != "" {
		texts = append(texts, res.Description)
	}
	for _, m := range res.Messages {
		// A message holds one content block; a list of them is read too.
		var list []json.RawMessage
		if json.Unmarshal(m.Content, &list) != nil {
			list = []json.RawMessage{m.Content}
		}
		for _, c := range list {
			var block struct {
				Type string `json:"type"`
				Text string `json:"text"`
			}
			if json.Unmarshal(c, &block) != nil {
				continue
			}
			switch block.Type {
			case "text":
				texts = append(texts, block.Text)
			case "resource", "resource_link":
				blocks = true
			}
		}
	}
	return texts, blocks
}

// resourceNames are the URIs of the listed resources and the schemes of
// the listed templates, lower-cased.
func resourceNames(resources []Resource) (uris []string, schemes map[string]bool) {
	schemes = map[string]bool{}
	for _, r := range resources {
		if !r.Template {
			if r.URI != "" {
				uris = append(uris, r.URI)
			}
			continue
		}
		if scheme, _, ok := strings.Cut(r.URI, ":"); ok && uriScheme.MatchString(scheme+":") {
			schemes[strings.ToLower(scheme)] = true
		}
	}
	return uris, schemes
}

var (
	uriScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	// schemeURI is a URI with an authority, as prose names one.
	schemeURI = regexp.MustCompile(`\b([A-Za-z][A-Za-z0-9+.-]*)://[^\s"'<>)\]]*`)
)

// namedURI is the first listed URI, or URI of a template's scheme, that
// one of the texts names; "" when none.
func namedURI(texts, uris []string, schemes map[string]bool) string {
	for _, t := range texts {
		for _, u := range uris {
			if strings.Contains(t, u) {
				return u
			}
		}
		for _, m := range schemeURI.FindAllStringSubmatch(t, -1) {
			if schemes[strings.ToLower(m[1])] {
				return m[0]
			}
		}
	}
	return ""
}

// toolVerbs are the verbs of data access and remote calls that start a
// tool's name: proMCP's triad (read, do, can_do), HTTP's verbs, and the
// storage and RPC verbs. A person picks a prompt for a task ("summarize
// incident", "weekly review"), not for an operation on data.
var toolVerbs = map[string]bool{
	"read": true, "do": true, "get": true, "list": true, "fetch": true, "set": true, "put": true, "post": true,
	"patch": true, "delete": true, "retrieve": true, "load": true, "query": true, "call": true, "invoke": true,
	"exec": true, "execute": true,
}

// codeWords are words of a program, not of a task: a test or temporary
// fixture, the implementation's own names (prompt, handler, fn), and
// metasyntactic placeholders.
var codeWords = map[string]bool{
	"test": true, "tmp": true, "temp": true, "prompt": true, "prompts": true, "handler": true, "fn": true,
	"func": true, "impl": true, "foo": true, "bar": true, "baz": true,
}

var camelCase = regexp.MustCompile(`\p{Ll}\p{Lu}`)

// PromptNameProblem says why a prompt's name is not words of a task a
// person picks it for, or "" when it is. others are the names of the
// server's prompts (the name among them). The class, by shape:
//
//   - opaque, as an argument name is (opaqueName: one character, a short
//     stem and a number, a word that names no content);
//   - camelCase (a lower-case letter followed by an upper-case one);
//   - a tool verb first (toolVerbs: read_, do_, can_do, get_, list_,
//     fetch_, delete_ …), whatever the separator;
//   - a word of code (codeWords: test, tmp, prompt, handler, fn …);
//   - a number as the distinction: a trailing number that is a word of
//     its own (review_3), a version (draft-v2), or that alone tells the
//     name from another listed prompt's (summary2 beside summary).
//
// Words are split at every character that is not a letter or digit, and
// at camelCase boundaries; "tests" and "testing" are words of a task
// (write-tests), "test" is not.
func PromptNameProblem(name string, others []string) string {
	if why := opaqueName(strings.TrimSpace(name)); why != "" {
		return why
	}
	if camelCase.MatchString(name) {
		return "is camelCase, a name in code"
	}
	words := nameWords(name)
	if len(words) == 0 {
		return "has no words"
	}
	switch {
	case toolVerbs[words[0]] && len(words) > 1:
		return fmt.Sprintf("starts with the tool verb %q", words[0])
	case words[0] == "can" && len(words) > 1 && words[1] == "do":
		return "starts with the tool prefix \"can_do\""
	}
	for _, w := range words {
		if codeWords[w] {
			return fmt.Sprintf("carries the code word %q", w)
		}
	}
	last := words[len(words)-1]
	stem := strings.TrimRightFunc(last, unicode.IsDigit)
	if stem == last {
		return ""
	}
	switch {
	case stem == "":
		return "is told apart by a number"
	case stem == "v" || stem == "ver" || stem == "version":
		return "is told apart by a version number"
	}
	base := strings.TrimRightFunc(name, func(r rune) bool { return unicode.IsDigit(r) || !unicode.IsLetter(r) })
	for _, o := range others {
		if o != name && strings.TrimRightFunc(o, func(r rune) bool { return unicode.IsDigit(r) || !unicode.IsLetter(r) }) == base {
			return fmt.Sprintf("differs from the prompt %q only by a number", clip(o))
		}
	}
	return ""
}

// nameWords splits a name into lower-case words: at each character that
// is neither a letter nor a digit, and where a lower-case letter meets an
// upper-case one.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	prev := rune(0)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return words
}

var (
	// placeholders are fill-ins a template leaves for a person: {{x}},
	// {x}, <x> (not an HTML tag), [insert …], and a blank of three or
	// more underscores within a line (a line of underscores alone is a
	// Markdown rule).
	mustache    = regexp.MustCompile(`\{\{[^{}]*\}\}`)
	brace       = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_.-]*\}`)
	angle       = regexp.MustCompile(`<([A-Za-z_][A-Za-z0-9_ -]*)>`)
	bracket     = regexp.MustCompile(`(?i)\[(insert|enter|paste|add|fill in|type|your)\b[^\]]*\]`)
	blank       = regexp.MustCompile(`_{3,}`)
	blankLine   = regexp.MustCompile(`^\s*_{3,}\s*$`)
	inputPhrase = regexp.MustCompile(`(?i)\b(the given|provided|supplied|user's|user’s|your|the following)\b`)
)

// htmlTags are the tags an angle-bracket placeholder is not.
var htmlTags = map[string]bool{
	"a": true, "b": true, "i": true, "u": true, "p": true, "s": true, "br": true, "hr": true, "em": true, "strong": true,
	"code": true, "pre": true, "div": true, "span": true, "ul": true, "ol": true, "li": true, "table": true, "tr": true,
	"td": true, "th": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "img": true,
	"sub": true, "sup": true, "blockquote": true, "details": true, "summary": true, "kbd": true, "html": true,
	"body": true, "head": true, "small": true, "mark": true, "del": true, "ins": true, "q": true,
}

// AsksForInput says how a prompt's description or texts (its fetched
// messages) ask for the user's input, or "" when they do not. The class:
// a fill-in placeholder in the description or a text ({{x}}, {x}, <x>
// that is no HTML tag, [insert …] and the like, ___ within a line), or
// a description that speaks of something the user gives ("the given …",
// "provided", "supplied", "the user's …", "your …", "the following").
func AsksForInput(description string, texts []string) string {
	for i, t := range append([]string{description}, texts...) {
		where := "its text"
		if i == 0 {
			where = "its description"
		}
		if p := placeholder(t); p != "" {
			return fmt.Sprintf("%s holds the placeholder %q", where, clip(p))
		}
	}
	if m := inputPhrase.FindString(description); m != "" {
		return fmt.Sprintf("its description speaks of input the user gives (%q)", m)
	}
	return ""
}

func placeholder(t string) string {
	for _, re := range []*regexp.Regexp{mustache, brace, bracket} {
		if m := re.FindString(t); m != "" {
			return m
		}
	}
	for _, m := range angle.FindAllStringSubmatch(t, -1) {
		if !htmlTags[strings.ToLower(strings.TrimSpace(m[1]))] {
			return m[0]
		}
	}
	for _, line := range strings.Split(t, "\n") {
		if !blankLine.MatchString(line) {
			if m := blank.FindString(line); m != "" {
				return m
			}
		}
	}
	return ""
}

// sortedMissing lists the keys of want that m lacks, in want's order.
func sortedMissing[V any](m map[string]V, want []string) []string {
	var out []string
	for _, k := range want {
		if _, ok := m[k]; !ok {
			out = append(out, k)
		}
	}
	return out
}

// sortedKeysOf lists m's keys in order.
func sortedKeysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
