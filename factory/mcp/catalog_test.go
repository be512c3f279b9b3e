package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/catalog"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/protocol"
)

type dayParams struct {
	Day string `json:"day" agentinput:"date,required" desc:"The day"`
}

type planArgs struct {
	Day  string `json:"day" agentinput:"date,required" desc:"The day to plan"`
	Mood string `json:"mood" agentinput:"enum,values=calm|busy" desc:"How the day should feel"`
}

func catalogServer(t *testing.T, opts *sdk.ServerOptions) *sdk.ClientSession {
	t.Helper()
	prov := catalog.Provenance{Evidence: catalog.EvidenceDerived, Authority: "the test's calendar", ContractVersion: "2"}
	static, err := catalog.NewResource(catalog.ResourceSpec{URI: "calendar://today", Name: "today", Title: "Today's agenda", Description: "The agenda of today, as plain text.",
		MIMEType: "text/plain", Provenance: prov,
		Annotations: catalog.Annotations{Audience: []string{"user"}, Priority: 0.3, LastModified: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}},
		func(context.Context) (catalog.Body, error) { return catalog.Body{Text: "nothing"}, nil })
	if err != nil {
		t.Fatal(err)
	}
	day, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: "calendar://days/{day}", Name: "day", Title: "A day's agenda", Description: "The agenda of one day, as plain text.",
		MIMEType: "text/plain", Provenance: prov, Annotations: catalog.Annotations{Audience: []string{"assistant"}, Priority: 0.7}},
		func(_ context.Context, p dayParams) (catalog.Body, error) {
			return catalog.Body{Text: "agenda of " + p.Day}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := catalog.NewPrompt(catalog.PromptSpec{Name: "plan-day", Title: "Plan a day", Description: "Plans one day around its agenda, embedded."},
		func(_ context.Context, a planArgs, call *catalog.PromptCall) ([]protocol.Message, error) {
			b, err := call.Embed("calendar://days/" + a.Day)
			if err != nil {
				return nil, err
			}
			return []protocol.Message{{Role: "user", Content: protocol.Text("Plan " + a.Day + ", " + a.Mood + ".")}, {Role: "user", Content: b}}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.New(catalog.Options{Resources: []*catalog.Resource{static}, Templates: []*catalog.Template{day}, Prompts: []*catalog.Prompt{plan}})
	if err != nil {
		t.Fatal(err)
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "calendar", Version: "v0"}, opts)
	agentmcp.RegisterCatalog(s, c)
	return connect(t, s)
}

// TestCatalogOverSDK: a go-sdk client sees the catalog as MCP serves it.
func TestCatalogOverSDK(t *testing.T) {
	cs := catalogServer(t, nil)
	ctx := context.Background()
	caps := cs.InitializeResult().Capabilities
	if caps.Resources == nil || caps.Resources.Subscribe || caps.Resources.ListChanged || caps.Prompts == nil || caps.Prompts.ListChanged || caps.Completions == nil || caps.Tools != nil {
		b, _ := json.Marshal(caps)
		t.Errorf("capabilities %s", b)
	}
	rl, err := cs.ListResources(ctx, nil)
	if err != nil || len(rl.Resources) != 1 || rl.Resources[0].Annotations == nil || rl.Resources[0].Annotations.LastModified != "2026-12-01T08:00:00Z" {
		t.Fatalf("resources/list: %v %+v", err, rl)
	}
	tl, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tl.ResourceTemplates) != 1 || tl.ResourceTemplates[0].URITemplate != "calendar://days/{day}" || tl.ResourceTemplates[0].Annotations.Priority != 0.7 {
		t.Fatalf("templates/list: %v %+v", err, tl)
	}
	res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "calendar://days/1.%2010.%202026"})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Contents[0]
	if c.URI != "calendar://days/2026-10-01" || c.Text != "agenda of 2026-10-01" || c.Meta[catalog.MetaEvidenceClass] != "derived" || c.Meta[catalog.MetaSHA256] == nil {
		t.Errorf("read: %+v", c)
	}
	if n, _ := json.Marshal(res.Meta[agentmcp.MetaNotes]); !strings.Contains(string(n), "canonical_uri") || res.Meta[catalog.MetaSHA256] != nil {
		t.Errorf("the result's _meta: %v", res.Meta)
	}
	_, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "calendar://days/3/4/2026"})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != catalog.CodeResourceNotFound || !strings.Contains(string(rpc.Data), `"uri":"calendar://days/3/4/2026"`) {
		t.Errorf("a URI no template has: %v", err)
	}
	_, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "calendar://days/3.4.26"})
	if !errors.As(err, &rpc) || rpc.Code != catalog.CodeInvalidParams || !strings.Contains(string(rpc.Data), `"uri":"calendar://days/3.4.26"`) {
		t.Errorf("an ambiguous day: %v", err)
	}
	var data catalog.ErrorData
	if json.Unmarshal(rpc.Data, &data) != nil || len(data.Issues) != 1 || len(data.Issues[0].Readings) < 2 || !strings.Contains(data.Hint, "calendar://days/") {
		t.Errorf("the error's data: %s", rpc.Data)
	}
	gp, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "plan-day", Arguments: map[string]string{"day": "1. 10. 2026", "mood": "Busy"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(gp.Messages) != 3 || !strings.HasPrefix(gp.Messages[0].Content.(*sdk.TextContent).Text, "Arguments read: ") {
		t.Fatalf("prompts/get: %+v", gp.Messages)
	}
	if e, ok := gp.Messages[2].Content.(*sdk.EmbeddedResource); !ok || e.Resource.URI != "calendar://days/2026-10-01" || e.Resource.Meta[catalog.MetaSealID] == nil || e.Annotations == nil {
		t.Errorf("the embedded block: %+v", gp.Messages[2].Content)
	}
	_, err = cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "plan-day", Arguments: map[string]string{"day": "N/A"}})
	if !errors.As(err, &rpc) || rpc.Code != catalog.CodeInvalidParams || !strings.Contains(string(rpc.Data), "missing_required") {
		t.Errorf("a placeholder for a required argument: %v", err)
	}
	cr, err := cs.Complete(ctx, &sdk.CompleteParams{Ref: &sdk.CompleteReference{Type: "ref/prompt", Name: "plan-day"}, Argument: sdk.CompleteParamsArgument{Name: "mood", Value: "b"}})
	if err != nil || len(cr.Completion.Values) != 1 || cr.Completion.Values[0] != "busy" {
		t.Errorf("completion: %v %+v", err, cr)
	}
}

// TestCatalogKeepsSubscribe: a subscribe the server declares itself (and
// serves with go-sdk's SubscribeHandler) stays declared.
func TestCatalogKeepsSubscribe(t *testing.T) {
	cs := catalogServer(t, &sdk.ServerOptions{
		Capabilities:       &sdk.ServerCapabilities{Resources: &sdk.ResourceCapabilities{Subscribe: true}},
		SubscribeHandler:   func(context.Context, *sdk.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *sdk.UnsubscribeRequest) error { return nil },
	})
	if caps := cs.InitializeResult().Capabilities; caps.Resources == nil || !caps.Resources.Subscribe {
		t.Errorf("subscribe dropped: %+v", caps.Resources)
	}
	if err := cs.Subscribe(context.Background(), &sdk.SubscribeParams{URI: "calendar://today"}); err != nil {
		t.Error(err)
	}
}
