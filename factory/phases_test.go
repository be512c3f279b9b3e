package factory

import (
	"context"
	"encoding/json"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
	"agentinput.dev/promcp"
)

// The phases of a call, each alone.
func TestPhases(t *testing.T) {
	type in struct {
		Limit int    `json:"limit" desc:"Page size."`
		Court string `json:"court" desc:"A court."`
	}
	do := Must(Spec{Name: "tag_it", Title: "Tag it", Intent: IntentDo, Observer: nopObserver{},
		Description: "Tags a decision with a tag for the phases test. Use when a decision needs a tag."},
		func(context.Context, in, *Call) (any, error) { return nil, nil })

	args, res, refused := do.decode(json.RawMessage(`"{\"limit\": \"5\", \"idempotency_key\": 7, \"cuort\": 1}"`))
	if refused != nil || len(res.Notes) != 1 || res.Notes[0].Code != string(agentinput.NoteObjectInString) {
		t.Fatalf("decode: %+v %+v", res, refused)
	}
	if _, _, refused := do.decode(json.RawMessage(`{"limit":`)); refused == nil || refused.Envelope == nil {
		t.Error("decode: a broken object is not refused")
	}
	key, issues := do.claimKey(args, res)
	if key != "" || len(issues) != 1 || issues[0].Path != "/idempotency_key" {
		t.Errorf("claimKey: %q %+v", key, issues)
	}
	if _, left := args[IdempotencyKeyProperty]; left {
		t.Error("claimKey left the key among the arguments")
	}
	if k, _ := do.claimKey(map[string]any{IdempotencyKeyProperty: "retry-1"}, res); k != "retry-1" {
		t.Errorf("claimKey: %q", k)
	}
	unknown := do.unknownProperties(args, res)
	if len(unknown) != 1 || unknown[0].Path != "/cuort" || unknown[0].Ask.Code != agentinput.AskUnknownProperty {
		t.Errorf("unknownProperties: %+v", unknown)
	}
	assign, readIssues := do.readProperties(context.Background(), args, res, binding.ModeWrite)
	if len(readIssues) != 0 || !assign[0].Filled() || assign[1].Filled() || res.Arguments["limit"] != json.Number("5") {
		t.Errorf("readProperties: %+v %+v", readIssues, res.Arguments)
	}
	if r := do.refusedArguments(res, unknown); r.Effect != promcp.EffectNotStarted || r.Envelope == nil {
		t.Errorf("refusedArguments: %+v", r)
	}
}

type nopObserver struct{}

func (nopObserver) Observe(context.Context, observe.Event) {}
