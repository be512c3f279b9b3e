package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/mcplist"
)

// Resource is one resource, or resource template, as resources/list and
// resources/templates/list describe it.
type Resource struct {
	// URI is the resource's URI, or the template's URI template.
	URI         string `json:"uri"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	MIMEType    string `json:"mimeType,omitempty"`
	// Template is true for a resource template.
	Template bool `json:"template,omitempty"`
	// Listed is the entry as resources/list or resources/templates/list
	// sent it (Inspect attaches it from a Recorder); nil when unknown,
	// which skips the checks that need members a typed decoding drops
	// (a template's extra members, the annotations).
	Listed json.RawMessage `json:"-"`
}

// ResourceListing is what ListResources read: resources and templates,
// the pages and bytes they took, and the findings about the listing.
type ResourceListing struct {
	Resources []Resource
	Pages     int
	Bytes     int
	Findings  []Finding
}

// ListResources pages through a session's resources/list and then its
// resources/templates/list, each within the budget (the tools' loop,
// internal/mcplist). A server that does not declare the resources
// capability is not asked. A list that fails, or stops at a budget, is a
// list-budget finding: the server's resources are secondary to its tools,
// so nothing here is an error of the run.
func ListResources(ctx context.Context, cs *sdk.ClientSession, b Budget) ResourceListing {
	var l ResourceListing
	ir := cs.InitializeResult()
	if ir == nil || ir.Capabilities == nil || ir.Capabilities.Resources == nil {
		return l
	}
	b = b.WithDefaults()
	budget := mcplist.Budget{Pages: b.Pages, Items: b.Tools, Bytes: b.Bytes, PerRequest: b.PerRequest}
	res := mcplist.Resources(ctx, cs, budget, func(r *sdk.Resource) int {
		return len(r.URI) + len(r.Name) + len(r.Title) + len(r.Description) + len(r.MIMEType)
	})
	for _, r := range res.Items {
		l.Resources = append(l.Resources, Resource{URI: r.URI, Name: r.Name, Description: r.Description, MIMEType: r.MIMEType})
	}
	l.finish("resources/list", res.Pages, res.Bytes, res.Stop, b)
	tpl := mcplist.Templates(ctx, cs, budget, func(r *sdk.ResourceTemplate) int {
		return len(r.URITemplate) + len(r.Name) + len(r.Title) + len(r.Description) + len(r.MIMEType)
	})
	for _, r := range tpl.Items {
		l.Resources = append(l.Resources, Resource{URI: r.URITemplate, Name: r.Name, Description: r.Description, MIMEType: r.MIMEType, Template: true})
	}
	l.finish("resources/templates/list", tpl.Pages, tpl.Bytes, tpl.Stop, b)
	return l
}

func (l *ResourceListing) finish(method string, pages, size int, stop mcplist.Stop, b Budget) {
	l.Pages += pages
	l.Bytes += size
	if f := listFinding(method, stop, b); f != nil {
		l.Findings = append(l.Findings, *f)
	}
}

// listFinding is the finding about a secondary listing (resources,
// templates, prompts) that ended for stop; nil when it ended on its last
// page.
func listFinding(method string, stop mcplist.Stop, b Budget) *Finding {
	var why string
	switch stop {
	case mcplist.Done:
		return nil
	case mcplist.OverPages:
		why = fmt.Sprintf("has more than %d pages", b.Pages)
	case mcplist.OverItems, mcplist.OverBytes:
		why = fmt.Sprintf("is over its budget (%d items, %d bytes)", b.Tools, b.Bytes)
	case mcplist.RepeatedCursor:
		f := NewFinding(RuleListPagination, "", "", method+" returned a cursor the listing already followed; stopped listing")
		return &f
	case mcplist.PageTimedOut:
		why = fmt.Sprintf("took longer than %s", b.PerRequest)
	default:
		why = "failed"
	}
	f := NewFinding(RuleListBudget, "", "", fmt.Sprintf("%s %s; the list is incomplete", method, why))
	return &f
}

// ProbeSubscribe checks a declared subscribe (docs/decisions.md: a server
// that cannot be subscribed to leaves subscribe out, or says false): when
// the resources capability in capabilities (the initialize result's, as
// sent) says subscribe true, it subscribes to the first listed resource
// and unsubscribes again. A server that answers method not found (-32601)
// declared what it does not do: a finding. No resource to subscribe to,
// or another error, proves nothing either way: no finding.
func ProbeSubscribe(ctx context.Context, cs *sdk.ClientSession, capabilities json.RawMessage, resources []Resource) []Finding {
	var caps struct {
		Resources *struct {
			Subscribe bool `json:"subscribe"`
		} `json:"resources"`
	}
	if json.Unmarshal(capabilities, &caps) != nil || caps.Resources == nil || !caps.Resources.Subscribe {
		return nil
	}
	for _, r := range resources {
		if r.Template {
			continue
		}
		err := cs.Subscribe(ctx, &sdk.SubscribeParams{URI: r.URI})
		var rpc *jsonrpc.Error
		switch {
		case err == nil:
			_ = cs.Unsubscribe(ctx, &sdk.UnsubscribeParams{URI: r.URI})
		case errors.As(err, &rpc) && rpc.Code == codeMethodNotFound:
			return []Finding{NewFinding(RuleResourceSubscribe, "", "", fmt.Sprintf("the resources capability declares subscribe, but resources/subscribe of %q is method not found: leave subscribe out (or false)", clip(r.URI)))}
		}
		return nil
	}
	return nil
}

// codeMethodNotFound is JSON-RPC's code for a method the server does not
// have.
const codeMethodNotFound = -32601

// LintServer runs the rules about what the server declared in initialize
// and the resources it lists — the checks that need no tool call: the
// capabilities, and for each resource or template its shape
// (resource-template-shape), its annotations (resource-annotations) and
// whether it stands for web content (resource-web-proxy).
// capabilities is the initialize result's capabilities object as it was
// sent (CaptureInitialize keeps it: a typed decoding cannot tell a false
// from an omitted member); nil when unknown, which skips the rules that
// need it.
func LintServer(capabilities json.RawMessage, tools []Tool, resources []Resource) []Finding {
	var out []Finding
	if capabilities != nil {
		var caps map[string]json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(capabilities))
		if dec.Decode(&caps) != nil || caps == nil {
			return append(out, NewFinding(RuleCapabilities, "", "", "the initialize result's capabilities are not a JSON object"))
		}
		if _, ok := caps["tools"]; !ok && len(tools) > 0 {
			out = append(out, NewFinding(RuleCapabilities, "", "", fmt.Sprintf("the server lists %d tools but declares no tools capability", len(tools))))
		}
		if _, ok := caps["resources"]; !ok && len(resources) > 0 {
			out = append(out, NewFinding(RuleCapabilities, "", "", "the server lists resources but declares no resources capability"))
		}
	}
	for _, r := range resources {
		out = append(out, lintResource(r)...)
	}
	return out
}

// webURI reports whether a resource URI (or URI template) names web
// content: the http or https scheme.
func webURI(uri string) bool {
	scheme, _, ok := strings.Cut(uri, ":")
	scheme = strings.ToLower(scheme)
	return ok && (scheme == "http" || scheme == "https")
}

// CaptureInitialize wraps a client transport so that the raw
// capabilities of the server's initialize result are kept: go-sdk decodes
// them into typed structs whose false members are omitted, and the rules
// that tell "declared false" from "left out" need the bytes as sent. The
// function returns them once the session is connected (nil before, or
// when the result had none). Record keeps more: the raw results the
// content rules read.
func CaptureInitialize(t sdk.Transport) (sdk.Transport, func() json.RawMessage) {
	c, r := record(t, nil, 0)
	return c, r.Capabilities
}
