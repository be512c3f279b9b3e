package factory

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestNewReportsEveryProblem declares a tool wrong in every way at once and
// checks that New names each problem on a line of its own, instead of the
// first one alone.
func TestNewReportsEveryProblem(t *testing.T) {
	type in struct {
		Where  chan int `json:"where" desc:"Somewhere."`
		N      int      `json:"n" agentinput:"number,integr" desc:"A number."`
		Bare   string   `json:"bare"`
		Both   int      `json:"both" agentinput:"boolean"`
		Option string   `json:"option" jsonschema:"minimum=1"`
		Blank  string   `json:"blank" jsonschema:""`
	}
	_, err := New(Spec{Name: "Bad-Name", Description: "Too short.", Intent: "write"},
		func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	if err == nil {
		t.Fatal("declared")
	}
	want := []string{
		`tool name "Bad-Name" is not snake_case`,
		`needs a title for people`,
		`intent "write" is not read, do or can_do`,
		`the description has 10 characters; it needs 50–300`,
		`the description needs a "Use when …" sentence`,
		`property where (field Where): no rule binds a chan int`,
		`property n (field N): option "integr" does not apply to kind number`,
		`property bare (field Bare): it has no description`,
		`property both (field Both): `, // a kind that cannot fill an int
		`property both (field Both): it has no description`,
		`property option (field Option): its jsonschema tag "minimum=1" starts with WORD=`,
		`property blank (field Blank): its jsonschema tag is empty`,
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(want) {
		t.Errorf("%d lines, want %d:\n%s", len(lines), len(want), err)
	}
	for i, w := range want {
		if i >= len(lines) || !strings.Contains(lines[i], w) {
			t.Errorf("line %d does not say %q:\n%s", i+1, w, err)
		}
	}
	if u, ok := err.(interface{ Unwrap() []error }); !ok || len(u.Unwrap()) != len(want) {
		t.Errorf("the error is not a join of %d problems: %T", len(want), err)
	}
	if !errors.Is(err, errNoDescription) {
		t.Error("errors.Is does not find the missing description")
	}
}

// TestJSONSchemaTagDescribes: go-sdk's jsonschema tag is the description
// when there is no desc tag, and desc wins when there are both.
func TestJSONSchemaTagDescribes(t *testing.T) {
	type in struct {
		Query string `json:"query" jsonschema:"the words to search for"`
		Court string `json:"court" agentinput:"text" desc:"The court's name." jsonschema:"ignored"`
	}
	tool, err := New(quietSpec("search_decisions", IntentRead),
		func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	if err != nil {
		t.Fatal(err)
	}
	schema := string(tool.InputSchema())
	for _, w := range []string{`"description":"the words to search for. Send `, `"description":"The court's name. Send `} {
		if !strings.Contains(schema, w) {
			t.Errorf("schema lacks %s:\n%s", w, schema)
		}
	}
	if strings.Contains(schema, "ignored") {
		t.Errorf("the jsonschema tag beat desc:\n%s", schema)
	}
}
