package lint

import (
	"context"
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/mcplist"
)

// The reading budget of Inspect, within the Budget: it reads at most
// MaxReads resources (the first listed, templates aside) and gets at most
// MaxPromptGets prompts (the first listed that have no required argument;
// a prompt with a required argument is judged by its listing alone).
const (
	MaxReads      = 8
	MaxPromptGets = 8
)

// Inspection is what Inspect read beyond the tools: the listed resources
// with their entries as sent, the prompts (fetched ones with their
// prompts/get result), the reads, and the findings about the prompts'
// listing (list-budget, list-pagination).
type Inspection struct {
	Resources []Resource
	Prompts   []Prompt
	Reads     []Read
	// Read counts the resources whose resources/read result is judged,
	// and Fetched the prompts whose prompts/get result is.
	Read    int
	Fetched int
	// Bytes counts the bytes of the read and get results judged.
	Bytes    int
	Findings []Finding
}

// Inspect reads what the resource and prompt rules judge, over a session
// connected through rec's transport (Record), after ListResources listed
// resources over it: it attaches to each listed resource its entry as
// sent, lists the prompts (when the server declares the prompts
// capability) within the budget, gets the first MaxPromptGets prompts
// that have no required argument (with no arguments), and reads the first
// MaxReads listed resources. Each request is bounded by b.PerRequest; the
// read and get results together by b.Bytes (a result that would cross it
// is not judged, and nothing more is read). A read or get that fails is
// not judged: it is no finding, and never an error of the run.
func Inspect(ctx context.Context, cs *sdk.ClientSession, rec *Recorder, resources []Resource, b Budget) Inspection {
	b = b.WithDefaults()
	in := Inspection{Resources: attachListed(resources, rec.Take("resources/list"), rec.Take("resources/templates/list"))}
	ir := cs.InitializeResult()
	if ir != nil && ir.Capabilities != nil && ir.Capabilities.Prompts != nil {
		got := mcplist.Prompts(ctx, cs, mcplist.Budget{Pages: b.Pages, Items: b.Tools, Bytes: b.Bytes, PerRequest: b.PerRequest},
			func(p *sdk.Prompt) int {
				n := len(p.Name) + len(p.Title) + len(p.Description)
				for _, a := range p.Arguments {
					if a != nil {
						n += len(a.Name) + len(a.Description)
					}
				}
				return n
			})
		rec.Take("prompts/list")
		for _, p := range got.Items {
			lp := Prompt{Name: p.Name, Title: p.Title, Description: p.Description}
			for _, a := range p.Arguments {
				if a != nil {
					lp.Arguments = append(lp.Arguments, PromptArgument{Name: a.Name, Description: a.Description, Required: a.Required})
				}
			}
			in.Prompts = append(in.Prompts, lp)
		}
		if f := listFinding("prompts/list", got.Stop, b); f != nil {
			in.Findings = append(in.Findings, *f)
		}
	}
	// take is one request's raw result within the bytes budget, or nil.
	full := false
	take := func(method string, err error) json.RawMessage {
		raws := rec.Take(method)
		if err != nil || len(raws) == 0 || full {
			return nil
		}
		res := raws[len(raws)-1]
		if res == nil || in.Bytes+len(res) > b.Bytes {
			full = true
			return nil
		}
		in.Bytes += len(res)
		return res
	}
	gets := 0
	for i := range in.Prompts {
		p := &in.Prompts[i]
		if gets >= MaxPromptGets || full || requiresArgument(*p) {
			continue
		}
		gets++
		rctx, cancel := context.WithTimeout(ctx, b.PerRequest)
		_, err := cs.GetPrompt(rctx, &sdk.GetPromptParams{Name: p.Name})
		cancel()
		if p.Got = take("prompts/get", err); p.Got != nil {
			in.Fetched++
		}
	}
	for _, r := range in.Resources {
		if len(in.Reads) >= MaxReads || full {
			break
		}
		if r.Template {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, b.PerRequest)
		_, err := cs.ReadResource(rctx, &sdk.ReadResourceParams{URI: r.URI})
		cancel()
		res := take("resources/read", err)
		if res != nil {
			in.Read++
		}
		// A failed read still counts against MaxReads: the budget is of
		// requests.
		in.Reads = append(in.Reads, Read{URI: r.URI, Result: res})
	}
	return in
}

func requiresArgument(p Prompt) bool {
	for _, a := range p.Arguments {
		if a.Required {
			return true
		}
	}
	return false
}

// attachListed gives each listed resource and template its entry as the
// listing sent it: the first entry not yet given whose uri (uriTemplate)
// is the resource's.
func attachListed(resources []Resource, resourcePages, templatePages []json.RawMessage) []Resource {
	entries := func(pages []json.RawMessage, member, key string) map[string][]json.RawMessage {
		out := map[string][]json.RawMessage{}
		for _, page := range pages {
			var p map[string][]json.RawMessage
			if page == nil || json.Unmarshal(page, &p) != nil {
				continue
			}
			for _, e := range p[member] {
				var k map[string]json.RawMessage
				var uri string
				if json.Unmarshal(e, &k) == nil && json.Unmarshal(k[key], &uri) == nil {
					out[uri] = append(out[uri], e)
				}
			}
		}
		return out
	}
	res := entries(resourcePages, "resources", "uri")
	tpl := entries(templatePages, "resourceTemplates", "uriTemplate")
	out := append([]Resource(nil), resources...)
	for i := range out {
		m := res
		if out[i].Template {
			m = tpl
		}
		if es := m[out[i].URI]; len(es) > 0 {
			out[i].Listed, m[out[i].URI] = es[0], es[1:]
		}
	}
	return out
}
