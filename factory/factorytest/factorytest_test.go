package factorytest_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/factory/factorytest"
)

// A setting's labels, described by read_labels and set by do_set_labels.
type labelsOut struct {
	Name   string   `json:"name"`
	Labels []string `json:"labels"`
}

type nameIn struct {
	Name string `json:"name" agentinput:"required" desc:"The setting's name."`
}

type setIn struct {
	Name   string   `json:"name" agentinput:"required" desc:"The setting's name."`
	Labels []string `json:"labels" agentinput:"item=enum,values=red|green|blue,required" desc:"The labels the setting has afterwards."`
}

const describe = "Returns the labels of a setting by its name, as a list of label names. Use when the user asks how a setting is labelled."
const configure = "Sets the labels of a setting by its name to exactly the list sent. Use when the user asks to relabel a setting."

// pair declares the two tools over one store; set is what do_set_labels
// does with the labels it is sent.
func pair(t *testing.T, stored []string, set func(old, sent []string) []string, decl *factory.Configures) (*factory.Tool, *factory.Tool) {
	t.Helper()
	labels := slices.Clone(stored)
	read, err := factory.New(factory.Spec{Name: "read_labels", Title: "Read a setting's labels", Description: describe, Intent: factory.IntentRead},
		func(_ context.Context, in nameIn, _ *factory.Call) (labelsOut, error) {
			return labelsOut{Name: in.Name, Labels: slices.Clone(labels)}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	do, err := factory.New(factory.Spec{Name: "do_set_labels", Title: "Set a setting's labels", Description: configure, Intent: factory.IntentDo, Configures: decl},
		func(_ context.Context, in setIn, _ *factory.Call) (labelsOut, error) {
			labels = set(labels, in.Labels)
			return labelsOut{Name: in.Name, Labels: labels}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return read, do
}

var decl = &factory.Configures{Tool: "read_labels", From: map[string]string{"name": "/name", "labels": "/labels"}}

func replace(_, sent []string) []string { return slices.Clone(sent) }

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	args := json.RawMessage(`{"name": "alerts"}`)
	read, do := pair(t, []string{"red", "blue"}, replace, decl)
	factorytest.FixedPoint(t, ctx, read, do, args)
	// The same call again is a replay: the handler does not run, and a
	// replay checks nothing.
	if err := factorytest.RoundTrip(ctx, read, do, args); err == nil || !strings.Contains(err.Error(), "earlier identical call") {
		t.Errorf("a replayed round trip: %v", err)
	}

	for _, tc := range []struct {
		name   string
		stored []string
		set    func(old, sent []string) []string
		decl   *factory.Configures
		says   string
	}{
		// Setting adds instead of replacing: the description changes.
		{"appends", []string{"red"}, func(old, sent []string) []string { return append(old, sent...) }, decl, "changed what read_labels describes"},
		// The description spells a label another way than configure takes.
		{"repairs", []string{"Red"}, replace, decl, "repaired what read_labels returned"},
		// The description holds a value configure does not take.
		{"refuses", []string{"purple"}, replace, decl, "refused what read_labels returned"},
		{"undeclared", []string{"red"}, replace, nil, "declares no Configures"},
		{"elsewhere", []string{"red"}, replace, &factory.Configures{Tool: "read_colours", From: map[string]string{"labels": "/labels"}}, "not read_labels"},
		{"a pointer to nothing", []string{"red"}, replace, &factory.Configures{Tool: "read_labels", From: map[string]string{"name": "/name", "labels": "/tags"}}, `no property "tags"`},
	} {
		read, do := pair(t, tc.stored, tc.set, tc.decl)
		err := factorytest.RoundTrip(ctx, read, do, args)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.says)
		}
	}
}

func TestConfiguresDeclarationMistakes(t *testing.T) {
	h := func(_ context.Context, in setIn, _ *factory.Call) (labelsOut, error) { return labelsOut{}, nil }
	for _, tc := range []struct {
		intent factory.Intent
		decl   *factory.Configures
		says   string
	}{
		{factory.IntentDo, &factory.Configures{Tool: "read_labels"}, "From names no property"},
		{factory.IntentDo, &factory.Configures{Tool: "read_labels", From: map[string]string{"colour": "/c"}}, "does not declare"},
		{factory.IntentDo, &factory.Configures{Tool: "read_labels", From: map[string]string{"labels": "labels"}}, "not a JSON Pointer"},
		{factory.IntentDo, &factory.Configures{Tool: "do_set_labels", From: map[string]string{"labels": "/labels"}}, "what it describes itself"},
		{factory.IntentRead, &factory.Configures{Tool: "read_labels", From: map[string]string{"labels": "/labels"}}, "its intent is do"},
	} {
		_, err := factory.New(factory.Spec{Name: "do_set_labels", Title: "Set a setting's labels", Description: configure, Intent: tc.intent, Configures: tc.decl}, h)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%+v: %v, want %q", tc.decl, err, tc.says)
		}
	}
}
