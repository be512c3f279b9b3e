// Package lint is the contract linter: the rules of a tool catalog that any
// MCP server should keep (docs/lint.md), as a Go API over
// a list of tool descriptions, with a digest of the catalog to pin.
//
// Lint checks descriptions from anywhere: From converts a factory registry,
// and List reads a live server's catalog over an MCP client session, page by
// page within a Budget. `agentinput lint` is the command line over both.
//
// Every finding has a stable rule id, a severity and a one-line fix. An
// error is a broken contract; a warning asks a person to look (the exit
// status of `agentinput lint` counts errors only).
package lint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/factory"
	"agentinput.dev/promcp"
)

// Tool is one tool as tools/list describes it.
type Tool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	// OutputSchema is the schema of the tool's structuredContent; nil
	// when the tool advertises none.
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// Annotations are the tool's MCP annotations as JSON (their title
	// stands in for a missing Title); nil when it has none.
	Annotations json.RawMessage `json:"annotations,omitempty"`
}

// Severity says whether a finding breaks the contract (error) or asks a
// person to look (warning).
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Rule is one rule of the linter.
type Rule struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	// Fix is the one-line fix every finding of the rule carries.
	Fix string `json:"fix"`
}

// The rule ids. They are stable: users filter on them.
const (
	RuleNameSnakeCase        = "name-snake-case"
	RuleNameUnique           = "name-unique"
	RulePromcpPrefix         = "promcp-prefix"
	RuleDescriptionLength    = "description-length"
	RuleDescriptionUseWhen   = "description-use-when"
	RuleTitlePresent         = "title-present"
	RuleTitleDistinct        = "title-distinct"
	RuleInputSchemaObject    = "input-schema-object"
	RulePropertyDescription  = "property-description"
	RulePropertyNameSemantic = "property-name-semantic"
	RuleTooManyTools         = "too-many-tools"
	RuleCatalogDrift         = "catalog-drift"
	RuleListBudget           = "list-budget"
	RuleListPagination       = "list-pagination"
	RulePromcpAnnotations    = "promcp-annotations"
	RuleOutputSchema         = "promcp-output-schema"
	RuleCapabilities         = "capabilities-declared"
	RuleResourceSubscribe    = "resources-subscribe-declared"
	RuleResourceWebProxy     = "resource-web-proxy"
	// The rules of resources and prompts (docs/lint.md, "Resources and
	// prompts").
	RulePromptName          = "prompt-name-vocabulary"
	RulePromptArguments     = "prompt-arguments-declared"
	RulePromptEmbeds        = "prompt-embeds-resources"
	RuleTemplateShape       = "resource-template-shape"
	RuleResourceAnnotations = "resource-annotations"
	RuleMetaEnvelope        = "resource-meta-envelope"
	RuleMetaContents        = "resource-meta-contents"
	RuleContentSHA256       = "resource-content-sha256"
	RuleReadResult          = "promcp-read-result"
	RuleDoResult            = "promcp-do-result"
	RuleCandidateResult     = "promcp-candidate-result"
	// R006 and R010 keep proMCP-lint's published ids.
	RuleDoCompensable     = "R006"
	RuleCandidateValidity = "R010"
)

// MaxTools is the number of tools one server may have before the linter
// warns (too-many-tools).
const MaxTools = 8

var rules = []Rule{
	{RuleNameSnakeCase, Error, "rename the tool in snake_case: lower-case letters and digits joined by single underscores (search_orders)"},
	{RuleNameUnique, Error, "give every tool its own name; a client calls tools by name"},
	{RulePromcpPrefix, Error, "start the name with exactly one of read_ (observes), do_ (changes data) or can_do (checks a precondition)"},
	{RuleDescriptionLength, Error, "write a description of 50–300 characters: what the tool does, then a \"Use when …\" sentence"},
	{RuleDescriptionUseWhen, Error, "add a sentence starting \"Use when\" that tells the model when to pick this tool"},
	{RuleTitlePresent, Error, "give the tool a title for people (title, or annotations.title)"},
	{RuleTitleDistinct, Error, "write a title in words for people, not the name again (\"Search orders\" for search_orders is still the name: say what it shows)"},
	{RuleInputSchemaObject, Error, "advertise an input schema that is a JSON object with \"type\": \"object\""},
	{RulePropertyDescription, Error, "describe the property in its schema: the description is the model's only briefing on it"},
	{RulePropertyNameSemantic, Warning, "name the argument for what it holds (customer_id, date_from), not p1, x or data"},
	{RuleTooManyTools, Warning, "split the server by task, or group its tools, so a model chooses among at most eight"},
	{RuleCatalogDrift, Error, "review the contract change; if it is intended, pin the new digest (agentinput lint --pin FILE --update-pin)"},
	{RuleListBudget, Error, "keep the catalog within the budgets (pages, tools, bytes, time per request), or raise them on purpose"},
	{RuleListPagination, Error, "make tools/list return a new cursor on every page, and none on the last"},
	{RulePromcpAnnotations, Error, "make the annotations say what the name says: read_ and can_do with readOnlyHint true, do_ with readOnlyHint false (or rename the tool)"},
	{RuleCapabilities, Error, "declare in initialize every capability the server serves (tools, resources): a client reads the capabilities before it lists"},
	{RuleResourceSubscribe, Error, "declare subscribe in the resources capability only when resources/subscribe works: leave it out (or false) otherwise"},
	{RuleResourceWebProxy, Warning, "serve what only this server knows as a resource; a web page the client can fetch itself is not one"},
	{RuleOutputSchema, Error, "advertise an output schema: the result contract of the tool's category (read, do or can_do), so clients can check what it answers"},
	{RuleReadResult, Error, "advertise the read result in the output schema: value, timestamp and quality (good, stale, degraded, error)"},
	{RuleDoResult, Error, "advertise the do result in the output schema: status, idempotency_key, side_effects and timestamp"},
	{RuleCandidateResult, Error, "give every can_do candidate in the output schema its permission and confidence (0–1)"},
	{RuleDoCompensable, Error, "declare compensable (and compensation_hint, naming the reversing call) in the do_ tool's output schema"},
	{RuleCandidateValidity, Error, "declare valid_until on every can_do candidate in the output schema: without it an answer is valid for no time at all"},
	{RulePromptName, Warning, "name the prompt with the words of the task a person picks it for (summarize-incident, weekly-review), not a tool verb (get_, list_, read_ …), code (camelCase, test, tmp, handler) or a number"},
	{RulePromptArguments, Warning, "declare an argument for each thing the prompt asks the user to give, so a client can ask for it, instead of a placeholder or \"the given …\" in the text"},
	{RulePromptEmbeds, Warning, "embed the resource the prompt names (a \"resource\" content block) or link it (\"resource_link\"), so a client attaches its contents instead of passing a URI as text"},
	{RuleTemplateShape, Error, "make the template a URI shape only: uriTemplate an RFC 6570 template with at least one variable, and only MCP's ResourceTemplate members (no supportsList, no uri)"},
	{RuleResourceAnnotations, Warning, "annotate each resource with audience, priority and lastModified (a template with audience and priority), so a client can choose what to put in front of the model"},
	{RuleMetaEnvelope, Error, "move seal_id, evidence_class, authority, sha256 and contract_version from the read result's _meta to each contents object's _meta: each content carries its own evidence"},
	{RuleMetaContents, Warning, "give each contents object of resources/read the Shape A _meta: seal_id, evidence_class, authority, sha256 and contract_version"},
	{RuleContentSHA256, Error, "set _meta.sha256 to the lower-case hex SHA-256 of the content as sent (the text's UTF-8 bytes, or the decoded blob)"},
}

// Rules lists every rule, in a stable order.
func Rules() []Rule { return append([]Rule(nil), rules...) }

// RuleByID returns a rule by its id.
func RuleByID(id string) (Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Finding is one broken rule: its rule id, severity and fix, the tool (and
// property) it is about, and what is wrong.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Tool     string   `json:"tool,omitempty"`
	Property string   `json:"property,omitempty"`
	// Prompt names the prompt, and Resource the resource's URI (or the
	// template's URI template), a finding of the resource and prompt
	// rules is about.
	Prompt   string `json:"prompt,omitempty"`
	Resource string `json:"resource,omitempty"`
	Message  string `json:"message"`
	Fix      string `json:"fix"`
}

// NewFinding makes a finding of the rule id, with its severity and fix.
func NewFinding(id, tool, property, message string) Finding {
	r, ok := RuleByID(id)
	if !ok {
		panic("lint: no rule " + id) // a bug in this package
	}
	return Finding{Rule: id, Severity: r.Severity, Tool: tool, Property: property, Message: message, Fix: r.Fix}
}

func promptFinding(id, prompt, message string) Finding {
	f := NewFinding(id, "", "", message)
	f.Prompt = clip(prompt)
	return f
}

func resourceFinding(id, uri, message string) Finding {
	f := NewFinding(id, "", "", message)
	f.Resource = clip(uri)
	return f
}

// Options select the optional rules.
type Options struct {
	// ProMCP adds the proMCP rules: every name starts with read_, do_ or
	// can_do (promcp-prefix), its annotations agree (promcp-annotations),
	// and an advertised output schema has its category's result fields
	// (promcp-read-result, promcp-do-result, R006, promcp-candidate-result,
	// R010).
	ProMCP bool
}

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Lint runs the rules over a catalog. Findings come in catalog order, tool
// by tool, then the catalog-wide ones.
func Lint(tools []Tool, opts Options) []Finding {
	out := []Finding{}
	seen := map[string]int{}
	for _, t := range tools {
		seen[t.Name]++
	}
	reported := map[string]bool{}
	for _, t := range tools {
		name := t.Name
		if !snakeCase.MatchString(name) {
			out = append(out, NewFinding(RuleNameSnakeCase, name, "", fmt.Sprintf("the name %q is not snake_case", clip(name))))
		}
		if seen[name] > 1 && !reported[name] {
			reported[name] = true
			out = append(out, NewFinding(RuleNameUnique, name, "", fmt.Sprintf("%d tools are named %q", seen[name], clip(name))))
		}
		if _, exact := promcp.NameTriad(name); opts.ProMCP && !exact {
			out = append(out, NewFinding(RulePromcpPrefix, name, "", "the name does not start with exactly one of read_, do_, can_do"))
		}
		n := utf8.RuneCountInString(strings.TrimSpace(t.Description))
		if n < 50 || n > 300 {
			out = append(out, NewFinding(RuleDescriptionLength, name, "", fmt.Sprintf("the description has %d characters; it needs 50–300", n)))
		}
		if !strings.Contains(t.Description, "Use when") {
			out = append(out, NewFinding(RuleDescriptionUseWhen, name, "", "the description has no \"Use when …\" sentence"))
		}
		title := titleOf(t)
		switch {
		case strings.TrimSpace(title) == "":
			out = append(out, NewFinding(RuleTitlePresent, name, "", "the tool has no title"))
		case sameWords(title, name):
			out = append(out, NewFinding(RuleTitleDistinct, name, "", fmt.Sprintf("the title %q is the name again", clip(title))))
		}
		out = append(out, lintSchema(name, t.InputSchema)...)
		if opts.ProMCP {
			out = append(out, lintPromcp(t)...)
		}
	}
	if len(tools) > MaxTools {
		out = append(out, NewFinding(RuleTooManyTools, "", "", fmt.Sprintf("the server has %d tools; a model chooses well among at most %d", len(tools), MaxTools)))
	}
	return out
}

// Errors counts the findings of severity error.
func Errors(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == Error {
			n++
		}
	}
	return n
}

func titleOf(t Tool) string {
	if strings.TrimSpace(t.Title) != "" {
		return t.Title
	}
	var a struct {
		Title string `json:"title"`
	}
	if len(t.Annotations) > 0 && json.Unmarshal(t.Annotations, &a) == nil {
		return a.Title
	}
	return ""
}

// sameWords reports whether a title is only the name again: equal once case
// and the separators _, -, space and . are ignored.
func sameWords(title, name string) bool {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '_' || r == '-' || r == '.' || unicode.IsSpace(r) {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	return norm(title) == norm(name)
}

// canDoArguments is the property in which proMCP's generic can_do takes an
// action's arguments: the convention's name, not an opaque one.
const canDoArguments = "arguments"

// maxDepth bounds how deep lintSchema follows nested object properties.
const maxDepth = 8

// lintSchema checks an input schema: an object, every property described
// and semantically named, nested object properties, array items and the
// branches of oneOf, anyOf and allOf included, to maxDepth.
func lintSchema(tool string, raw json.RawMessage) []Finding {
	triad, _ := promcp.NameTriad(tool)
	canDo := triad == promcp.TriadCanDo
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if len(raw) == 0 || dec.Decode(&doc) != nil || doc == nil {
		return []Finding{NewFinding(RuleInputSchemaObject, tool, "", "the input schema is not a JSON object")}
	}
	var out []Finding
	if typ, _ := doc["type"].(string); typ != "object" {
		out = append(out, NewFinding(RuleInputSchemaObject, tool, "", "the input schema's type is not \"object\""))
	}
	var walk func(prefix string, s map[string]any, depth int)
	walk = func(prefix string, s map[string]any, depth int) {
		if depth > maxDepth {
			return
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(prefix+"[]", items, depth+1)
		}
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			branches, _ := s[k].([]any)
			for i, b := range branches {
				if b, ok := b.(map[string]any); ok {
					at := fmt.Sprintf("%s[%d]", k, i)
					if prefix != "" {
						at = prefix + "." + at
					}
					walk(at, b, depth+1)
				}
			}
		}
		props, _ := s["properties"].(map[string]any)
		for _, name := range sortedKeys(props) {
			p, _ := props[name].(map[string]any)
			path := name
			if prefix != "" {
				path = prefix + "." + name
			}
			if d, _ := p["description"].(string); strings.TrimSpace(d) == "" {
				out = append(out, NewFinding(RulePropertyDescription, tool, path, "the property has no description"))
			}
			if why := opaqueName(name); why != "" && !(path == canDoArguments && canDo) {
				out = append(out, NewFinding(RulePropertyNameSemantic, tool, path, fmt.Sprintf("the argument name %q %s", clip(name), why)))
			}
			if p != nil {
				walk(path, p, depth+1)
			}
		}
	}
	walk("", doc, 0)
	return out
}

// genericNames say that a value is there, not what it is.
var genericNames = map[string]bool{
	"data": true, "value": true, "val": true, "input": true, "inputs": true, "arg": true, "args": true,
	"argument": true, "arguments": true, "param": true, "params": true, "parameter": true, "parameters": true,
	"obj": true, "object": true, "thing": true, "stuff": true, "item": true, "foo": true, "bar": true, "baz": true,
	"tmp": true, "temp": true, "misc": true, "payload": true, "body": true, "info": true, "var": true, "field": true,
}

// opaqueName says why an argument name is not semantic, or "" when it is:
// one letter (x), letters then only digits (p1, arg2, a10), or a word that
// names no content (data, value, params). The class is the shape, so names
// the lists never saw (q7, v, in2) are caught too.
func opaqueName(name string) string {
	lower := strings.ToLower(name)
	letters := strings.TrimRightFunc(lower, func(r rune) bool { return r >= '0' && r <= '9' })
	switch {
	case utf8.RuneCountInString(lower) == 1:
		return "is one character"
	case letters == "":
		return "is only digits"
	case letters != lower && (utf8.RuneCountInString(letters) <= 2 || genericNames[strings.TrimRight(letters, "_")]):
		return "is a placeholder followed by a number"
	case genericNames[strings.Trim(lower, "_")]:
		return "names no content"
	}
	return ""
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// clip shortens what a server sent before it goes into a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	return string([]rune(s)[:80]) + "…"
}

// Digest is the catalog's fingerprint: sha256 over the canonical JSON of
// every tool's name, title, description, input and output schemas and
// annotations, sorted, so that
// it is stable under the order the server lists them in (and under the
// order of keys and the spacing in a schema). It is "sha256:" and 64 hex
// digits.
func Digest(tools []Tool) string {
	entries := make([]string, len(tools))
	for i, t := range tools {
		entries[i] = canonicalTool(t)
	}
	sort.Strings(entries)
	h := sha256.New()
	for _, e := range entries {
		h.Write([]byte(e))
		h.Write([]byte{'\n'})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ToolDigest is the fingerprint of one tool, as Digest computes it.
func ToolDigest(t Tool) string {
	sum := sha256.Sum256([]byte(canonicalTool(t)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func canonicalTool(t Tool) string {
	b, err := json.Marshal(map[string]any{
		"name": t.Name, "title": titleOf(t), "description": t.Description,
		"inputSchema": canonicalJSON(t.InputSchema), "outputSchema": canonicalJSON(t.OutputSchema),
		"annotations": annotations(t.Annotations),
	})
	if err != nil {
		panic("lint: a decoded schema does not encode: " + err.Error())
	}
	return string(b)
}

// annotations are the tool's annotations without their title, which the
// digest already holds as the tool's title (titleOf).
func annotations(raw json.RawMessage) any {
	a := canonicalJSON(raw)
	if m, ok := a.(map[string]any); ok {
		delete(m, "title")
		if len(m) == 0 {
			return nil
		}
	}
	return a
}

// canonicalJSON is raw decoded (so that encoding it again sorts its keys
// and drops its spacing), nil for none, or its bytes as a string when it
// is not JSON.
func canonicalJSON(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return string(raw)
	}
	return v
}

// From describes factory tools as tools/list would (factory/mcp.Describe
// advertises the same name, title, description and schemas), so that Lint
// and Digest run over a registry without a server.
func From(tools []*factory.Tool) []Tool {
	out := make([]Tool, 0, len(tools))
	for _, t := range tools {
		if t == nil {
			continue
		}
		s, h := t.Spec(), t.Hints()
		ann, _ := json.Marshal(map[string]any{
			"title": s.Title, "readOnlyHint": h.ReadOnly, "destructiveHint": h.Destructive, "idempotentHint": h.Idempotent,
		})
		out = append(out, Tool{Name: s.Name, Title: s.Title, Description: s.Description, InputSchema: t.InputSchema(),
			OutputSchema: t.OutputSchema(), Annotations: ann})
	}
	return out
}
