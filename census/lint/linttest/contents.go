package linttest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
)

// Server is a fixture server's resources and prompts as an MCP server
// sends them: the entries of resources/list, resources/templates/list and
// prompts/list, the resources/read result of each resource and the
// prompts/get result of each prompt. Breaks maps each rule the server
// breaks to the one entry it breaks it on: a prompt's name, or a
// resource's URI (a template's URI template).
type Server struct {
	Name      string
	Resources []json.RawMessage
	Templates []json.RawMessage
	Prompts   []json.RawMessage
	Reads     map[string]json.RawMessage
	Gets      map[string]json.RawMessage
	Breaks    map[string]string
}

// ShapeA is the Shape A _meta of a content (docs/lint.md): the five keys,
// sha256 the content's.
func ShapeA(content []byte) map[string]any {
	sum := sha256.Sum256(content)
	return map[string]any{"seal_id": "seal-1", "evidence_class": "record", "authority": "fixture",
		"sha256": hex.EncodeToString(sum[:]), "contract_version": "1"}
}

// raw is v as JSON; the fixture's values always encode.
func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("linttest: " + err.Error())
	}
	return b
}

// annotated is a listed resource with audience, priority and lastModified.
func annotated(uri, name string) map[string]any {
	return map[string]any{"uri": uri, "name": name, "mimeType": "text/plain",
		"annotations": map[string]any{"audience": []string{"user", "assistant"}, "priority": 0.5, "lastModified": "2026-12-01T09:00:00Z"}}
}

// template is a listed template with audience and priority.
func template(uriTemplate, name string) map[string]any {
	return map[string]any{"uriTemplate": uriTemplate, "name": name, "mimeType": "text/plain",
		"annotations": map[string]any{"audience": []string{"assistant"}, "priority": 0.25}}
}

// text is a read result of one text content with Shape A _meta.
func text(uri, s string) json.RawMessage {
	return raw(map[string]any{"contents": []any{map[string]any{"uri": uri, "mimeType": "text/plain", "text": s, "_meta": ShapeA([]byte(s))}}})
}

// messages is a prompts/get result of one user message per content block.
func messages(blocks ...map[string]any) json.RawMessage {
	var ms []any
	for _, b := range blocks {
		ms = append(ms, map[string]any{"role": "user", "content": b})
	}
	return raw(map[string]any{"messages": ms})
}

func textBlock(s string) map[string]any { return map[string]any{"type": "text", "text": s} }

// Contents is the fixture of the resource and prompt rules: each rule
// fires on one entry, named in Breaks, and nowhere else. Its
// notes://archive/{year} template carries supportsList, which go-sdk
// cannot serve: serve it with Handler.
func Contents() Server {
	const changelog = "v1.2: the export takes a date range."
	s := Server{Name: "contents", Reads: map[string]json.RawMessage{}, Gets: map[string]json.RawMessage{}}
	draft := annotated("notes://draft", "draft")
	delete(draft["annotations"].(map[string]any), "lastModified")
	s.Resources = []json.RawMessage{
		raw(annotated("notes://changelog", "changelog")), raw(draft), raw(annotated("notes://envelope", "envelope")),
		raw(annotated("notes://bare", "bare")), raw(annotated("notes://tampered", "tampered")), raw(annotated("web://front-page", "front page")),
	}
	archive := template("notes://archive/{year}", "archive")
	archive["supportsList"] = true
	s.Templates = []json.RawMessage{raw(template("notes://day/{date}", "day")), raw(archive)}
	s.Reads["notes://changelog"] = text("notes://changelog", changelog)
	s.Reads["notes://draft"] = text("notes://draft", "A draft.")
	envelope := ShapeA([]byte("Sealed."))
	s.Reads["notes://envelope"] = raw(map[string]any{"_meta": map[string]any{"seal_id": "seal-1", "sha256": envelope["sha256"]},
		"contents": []any{map[string]any{"uri": "notes://envelope", "text": "Sealed.", "_meta": envelope}}})
	s.Reads["notes://bare"] = raw(map[string]any{"contents": []any{map[string]any{"uri": "notes://bare", "text": "Bare."}}})
	s.Reads["notes://tampered"] = raw(map[string]any{"contents": []any{map[string]any{"uri": "notes://tampered", "text": "Tampered.", "_meta": ShapeA([]byte("The original."))}}})
	page := "<html>front page</html>"
	s.Reads["web://front-page"] = raw(map[string]any{"contents": []any{map[string]any{"uri": "https://example.com/", "mimeType": "text/html", "text": page, "_meta": ShapeA([]byte(page))}}})
	s.Prompts = []json.RawMessage{
		raw(map[string]any{"name": "weekly-review", "description": "Reviews the week's changes with the team.",
			"arguments": []any{map[string]any{"name": "team", "description": "The team whose week it is"}}}),
		raw(map[string]any{"name": "get_summary", "description": "Summarizes a report.",
			"arguments": []any{map[string]any{"name": "report", "description": "The report", "required": true}}}),
		raw(map[string]any{"name": "review-draft", "description": "Reviews a draft for tone."}),
		raw(map[string]any{"name": "release-notes", "description": "Drafts this week's release notes from the changelog."}),
	}
	s.Gets["weekly-review"] = messages(textBlock("Review the week from notes://changelog."),
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "notes://changelog", "text": changelog}})
	s.Gets["get_summary"] = messages(textBlock("Summarize the report."))
	s.Gets["review-draft"] = messages(textBlock("Review this draft for tone:\n\n{{draft}}"))
	s.Gets["release-notes"] = messages(textBlock("Read notes://changelog and draft the release notes."))
	s.Breaks = map[string]string{
		lint.RulePromptName:          "get_summary",
		lint.RulePromptArguments:     "review-draft",
		lint.RulePromptEmbeds:        "release-notes",
		lint.RuleTemplateShape:       "notes://archive/{year}",
		lint.RuleResourceAnnotations: "notes://draft",
		lint.RuleMetaEnvelope:        "notes://envelope",
		lint.RuleMetaContents:        "notes://bare",
		lint.RuleContentSHA256:       "notes://tampered",
		lint.RuleResourceWebProxy:    "web://front-page",
	}
	return s
}

// Compliant are three servers that break none of the resource and prompt
// rules, each of another shape: only resources (a text and a blob);
// only prompts, with arguments, one embedding a resource; resources,
// templates and prompts, a prompt linking an instance of a template.
func Compliant() []Server {
	blob := []byte{0x89, 'P', 'N', 'G', 0, 1, 2}
	resources := Server{Name: "resources-only",
		Resources: []json.RawMessage{raw(annotated("notes://handbook", "handbook")), raw(annotated("notes://logo", "logo"))},
		Reads: map[string]json.RawMessage{
			"notes://handbook": text("notes://handbook", "Read this first."),
			"notes://logo": raw(map[string]any{"contents": []any{map[string]any{"uri": "notes://logo", "mimeType": "image/png",
				"blob": blob, "_meta": ShapeA(blob)}}}),
		}}
	const handover = "Night shift: the export ran twice."
	prompts := Server{Name: "prompts-only",
		Prompts: []json.RawMessage{
			raw(map[string]any{"name": "incident-summary", "description": "Summarizes an incident for the status page.",
				"arguments": []any{map[string]any{"name": "incident", "description": "The incident's number", "required": true}}}),
			raw(map[string]any{"name": "handover-notes", "description": "Writes the shift's handover notes.",
				"arguments": []any{map[string]any{"name": "shift", "description": "The shift, night by default"}}}),
		},
		Gets: map[string]json.RawMessage{
			"incident-summary": messages(textBlock("Summarize the incident.")),
			"handover-notes": messages(textBlock("Write the handover notes from notes://handover."),
				map[string]any{"type": "resource", "resource": map[string]any{"uri": "notes://handover", "text": handover}}),
		}}
	both := Server{Name: "resources-templates-prompts",
		Resources: []json.RawMessage{raw(annotated("notes://today", "today"))},
		Templates: []json.RawMessage{raw(template("notes://day/{date}", "day")), raw(template("notes://search{?q,limit}", "search"))},
		Reads:     map[string]json.RawMessage{"notes://today": text("notes://today", "Nothing yet.")},
		Prompts: []json.RawMessage{
			raw(map[string]any{"name": "daily-brief", "description": "Briefs the team on the day's notes."}),
		},
		Gets: map[string]json.RawMessage{
			"daily-brief": messages(textBlock("Brief the team from notes://day/2026-12-01 and notes://today."),
				map[string]any{"type": "resource_link", "uri": "notes://day/2026-12-01", "name": "day"},
				map[string]any{"type": "resource_link", "uri": "notes://today", "name": "today"}),
		}}
	return []Server{resources, prompts, both}
}

// Inspection is what lint.Inspect reads from the server: every listed
// resource and template with its entry, every prompt (those with no
// required argument with their prompts/get result), a read of every
// resource. The fixtures hold fewer than lint.MaxReads resources and
// lint.MaxPromptGets prompts.
func (s Server) Inspection() lint.Inspection {
	var in lint.Inspection
	for _, e := range s.Resources {
		var r struct{ URI, Name, MIMEType string }
		mustDecode(e, &r)
		in.Resources = append(in.Resources, lint.Resource{URI: r.URI, Name: r.Name, MIMEType: r.MIMEType, Listed: e})
	}
	for _, e := range s.Templates {
		var r struct {
			URITemplate string `json:"uriTemplate"`
			Name        string
		}
		mustDecode(e, &r)
		in.Resources = append(in.Resources, lint.Resource{URI: r.URITemplate, Name: r.Name, Template: true, Listed: e})
	}
	for _, e := range s.Prompts {
		var p lint.Prompt
		mustDecode(e, &p)
		required := false
		for _, a := range p.Arguments {
			required = required || a.Required
		}
		if !required {
			p.Got = s.Gets[p.Name]
			in.Fetched++
		}
		in.Prompts = append(in.Prompts, p)
	}
	for _, r := range in.Resources {
		if !r.Template {
			in.Reads = append(in.Reads, lint.Read{URI: r.URI, Result: s.Reads[r.URI]})
			if s.Reads[r.URI] != nil {
				in.Read++
			}
		}
	}
	return in
}

// Capabilities is what the server declares in initialize: tools (it lists
// none, as Handler serves it), resources and prompts when it has them.
func (s Server) Capabilities() json.RawMessage {
	caps := map[string]any{"tools": map[string]any{}}
	if len(s.Resources)+len(s.Templates) > 0 {
		caps["resources"] = map[string]any{}
	}
	if len(s.Prompts) > 0 {
		caps["prompts"] = map[string]any{}
	}
	return raw(caps)
}

func mustDecode(data []byte, v any) {
	if err := json.Unmarshal(data, v); err != nil {
		panic("linttest: " + err.Error())
	}
}

// Handler serves s over streamable HTTP as canned JSON-RPC answers, each
// list on one page and as written (members go-sdk cannot send included),
// every response a JSON body; it holds no session and no stream. It
// answers initialize, ping, tools/list (no tools), resources/list,
// resources/templates/list, resources/read, prompts/list and prompts/get,
// and tells served (when not nil) each request's method and its uri or
// name.
func (s Server) Handler(served func(method, target string)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				URI             string `json:"uri"`
				Name            string `json:"name"`
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"params"`
		}
		if err != nil || json.Unmarshal(body, &req) != nil {
			http.Error(w, "not JSON-RPC", http.StatusBadRequest)
			return
		}
		if req.ID == nil {
			w.WriteHeader(http.StatusAccepted) // a notification
			return
		}
		if served != nil {
			served(req.Method, req.Params.URI+req.Params.Name)
		}
		var result json.RawMessage
		var rpcErr *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		}
		fail := func(code int, msg string) {
			rpcErr = &struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			}{code, msg}
		}
		list := func(member string, entries []json.RawMessage) json.RawMessage {
			if entries == nil {
				entries = []json.RawMessage{}
			}
			return raw(map[string]any{member: entries})
		}
		switch req.Method {
		case "initialize":
			result = raw(map[string]any{"protocolVersion": req.Params.ProtocolVersion, "capabilities": s.Capabilities(),
				"serverInfo": map[string]any{"name": s.Name, "version": "v0"}})
		case "ping":
			result = json.RawMessage(`{}`)
		case "tools/list":
			result = json.RawMessage(`{"tools":[]}`)
		case "resources/list":
			result = list("resources", s.Resources)
		case "resources/templates/list":
			result = list("resourceTemplates", s.Templates)
		case "prompts/list":
			result = list("prompts", s.Prompts)
		case "resources/read":
			if result = s.Reads[req.Params.URI]; result == nil {
				fail(-32002, "resource not found")
			}
		case "prompts/get":
			if result = s.Gets[req.Params.Name]; result == nil {
				fail(-32602, "no such prompt")
			}
		default:
			fail(-32601, "method not found")
		}
		resp := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		if rpcErr != nil {
			resp["error"] = rpcErr
		} else {
			resp["result"] = result
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(raw(resp))
	})
}

// SDK serves s from a go-sdk server: each entry and answer decoded into
// go-sdk's types (so members go-sdk does not know are dropped, and a
// priority of 0 is left out). A resource's read answers its canned result
// whatever URI a template matched.
func (s Server) SDK() (*sdk.Server, error) {
	srv := sdk.NewServer(&sdk.Implementation{Name: s.Name, Version: "v0"}, nil)
	answer := func(res json.RawMessage) sdk.ResourceHandler {
		return func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			var out sdk.ReadResourceResult
			if err := json.Unmarshal(res, &out); err != nil {
				return nil, err
			}
			return &out, nil
		}
	}
	for _, e := range s.Resources {
		var r sdk.Resource
		if err := json.Unmarshal(e, &r); err != nil {
			return nil, fmt.Errorf("resource %s: %w", e, err)
		}
		srv.AddResource(&r, answer(s.Reads[r.URI]))
	}
	for _, e := range s.Templates {
		var t sdk.ResourceTemplate
		if err := json.Unmarshal(e, &t); err != nil {
			return nil, fmt.Errorf("template %s: %w", e, err)
		}
		srv.AddResourceTemplate(&t, answer(json.RawMessage(`{"contents":[]}`)))
	}
	for _, e := range s.Prompts {
		var p sdk.Prompt
		if err := json.Unmarshal(e, &p); err != nil {
			return nil, fmt.Errorf("prompt %s: %w", e, err)
		}
		var got sdk.GetPromptResult
		if err := json.Unmarshal(s.Gets[p.Name], &got); err != nil {
			return nil, fmt.Errorf("prompt %s's messages: %w", p.Name, err)
		}
		srv.AddPrompt(&p, func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) { return &got, nil })
	}
	return srv, nil
}

// Rules lists the rule ids Breaks names, sorted.
func (s Server) Rules() []string {
	var ids []string
	for id := range s.Breaks {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ContentRules are the ids of the resource and prompt rules that read
// what Inspect reads (resource-web-proxy among them, which also looks at
// the listing).
func ContentRules() []string {
	return []string{lint.RulePromptName, lint.RulePromptArguments, lint.RulePromptEmbeds, lint.RuleTemplateShape,
		lint.RuleResourceAnnotations, lint.RuleMetaEnvelope, lint.RuleMetaContents, lint.RuleContentSHA256, lint.RuleResourceWebProxy}
}

// IsContentRule reports whether id is one of ContentRules.
func IsContentRule(id string) bool {
	return slices.Contains(ContentRules(), id)
}
