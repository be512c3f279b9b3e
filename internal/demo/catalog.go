package demo

import (
	"context"
	"encoding/json"
	"strconv"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/catalog"
	"agentinput.dev/factory/protocol"
)

// DecisionURI is the demo's resource template: one decision by its id.
const DecisionURI = "decision://{id}"

// DecisionParams are the parameters of decision://{id}: the id, read by
// the uuid kind as read_decision's is ("{0F8FAD5B-…}" is served under
// decision://0f8fad5b-…).
type DecisionParams struct {
	ID string `json:"id" agentinput:"uuid,required" desc:"The decision's id"`
}

// BriefArgs are the arguments of the brief-on-decisions prompt, each read
// by its kind from the string a person or a model typed.
type BriefArgs struct {
	Court string `json:"court" agentinput:"vocabulary,of=courts,required" desc:"The court whose decisions to brief on"`
	Since string `json:"since" agentinput:"date" desc:"Only decisions from this day on"`
	Count int    `json:"count" agentinput:"min=1,max=10" desc:"How many decisions to embed, from 1 to 10, newest first (5 when left out)"`
}

// provenance is what the demo's contents' _meta says of them: its own
// (synthetic) records.
var provenance = catalog.Provenance{Evidence: catalog.EvidenceRecord, Authority: "agentinput demonstration dataset (synthetic court decisions)", ContractVersion: "1"}

// Catalog builds the demo's resources and prompts over store: the
// decision://{id} template and the brief-on-decisions workflow prompt,
// which embeds the decisions it is about. The listings' cursors are
// signed with opts.Keys, as the tools' are.
func Catalog(store *Store, opts Options) (*catalog.Catalog, error) {
	vocabs, codec, err := shared(opts)
	if err != nil {
		return nil, err
	}
	decision, err := catalog.NewTemplate(catalog.TemplateSpec{
		URITemplate: DecisionURI,
		Name:        "decision",
		Title:       "A court decision",
		Description: "One court decision as JSON: court, date, language, country, tags, title and summary.",
		MIMEType:    "application/json",
		Annotations: catalog.Annotations{Audience: []string{catalog.AudienceUser, catalog.AudienceAssistant}, Priority: 0.8},
		Provenance:  provenance,
	}, func(ctx context.Context, p DecisionParams) (catalog.Body, error) {
		d, ok, _, err := store.Get(ctx, p.ID)
		if err != nil {
			return catalog.Body{}, err
		}
		if !ok {
			return catalog.Body{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + p.ID,
				Hint: "Call read_decisions to find the decision's id, then read decision://ID."}
		}
		body, err := json.Marshal(d)
		if err != nil {
			return catalog.Body{}, err
		}
		return catalog.Body{Text: string(body)}, nil
	})
	if err != nil {
		return nil, err
	}
	brief, err := catalog.NewPrompt(catalog.PromptSpec{
		Name:         "brief-on-decisions",
		Title:        "Brief me on a court's decisions",
		Description:  "A briefing on the newest decisions of one court, each embedded whole, with what to look for.",
		Vocabularies: vocabs,
	}, func(ctx context.Context, a BriefArgs, call *catalog.PromptCall) ([]protocol.Message, error) {
		count := a.Count
		if count == 0 {
			count = 5
		}
		found, total, _, err := store.Search(ctx, Query{Courts: []string{a.Court}, From: a.Since}, 0, count)
		if err != nil {
			return nil, err
		}
		since := ""
		if a.Since != "" {
			since = " from " + a.Since + " on"
		}
		if total == 0 {
			return []protocol.Message{{Role: "user", Content: protocol.Text("The court " + a.Court + " has no decisions" + since +
				" in this dataset. Say so; do not brief on decisions of another court or period.")}}, nil
		}
		msgs := []protocol.Message{{Role: "user", Content: protocol.Text("Brief me on the " + strconv.Itoa(len(found)) + " newest of the " + strconv.Itoa(total) +
			" decisions of the court " + a.Court + since + ", embedded below: for each, what was decided and why it matters. Cite each by its URI.")}}
		for _, d := range found {
			b, err := call.Embed("decision://" + d.ID)
			if err != nil {
				return nil, err
			}
			msgs = append(msgs, protocol.Message{Role: "user", Content: b})
		}
		return msgs, nil
	})
	if err != nil {
		return nil, err
	}
	return catalog.New(catalog.Options{Templates: []*catalog.Template{decision}, Prompts: []*catalog.Prompt{brief}, Cursors: codec})
}
