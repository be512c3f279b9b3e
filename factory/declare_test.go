package factory

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/receipt"
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
	if !errors.Is(err, binding.ErrNoDescription) {
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

// TestNamePrefixAgreesWithIntent: a name that starts with a proMCP prefix
// promises its category, so a read_ tool declared as a write (or the other
// way round) is a declaration error; a name without a prefix promises
// nothing.
func TestNamePrefixAgreesWithIntent(t *testing.T) {
	type in struct {
		Tags []string `json:"tags" desc:"The tags to set."`
	}
	h := func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil }
	desc := "Tags the decision with the given tags. Use when the user asks to tag a court decision."
	cases := []struct {
		name   string
		intent Intent
		want   string // "" when the declaration is fine
	}{
		{"read_orders", IntentDo, "the name says read but the intent is do; rename the tool or declare IntentRead"},
		{"do_tag", IntentRead, "the name says do but the intent is read; rename the tool or declare IntentDo"},
		{"can_do", IntentRead, "the name says can_do but the intent is read; rename the tool or declare IntentCanDo"},
		{"can_do_refund", IntentDo, "the name says can_do but the intent is do"},
		{"do_read_orders", IntentDo, "starts with the do_ prefix but is not one prefix and a name of its own"},
		{"read_orders", IntentRead, ""},
		{"do_tag", IntentDo, ""},
		{"can_do", IntentCanDo, ""},
		{"search_orders", IntentDo, ""},
	}
	for _, c := range cases {
		spec := Spec{Name: c.name, Title: "A tool for people", Description: desc, Intent: c.intent, Receipts: nil}
		if c.intent == IntentDo {
			spec.Receipts = &receipt.Memory{}
		}
		_, err := New(spec, h)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (%s): %v", c.name, c.intent, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (%s): err = %v, want it to say %q", c.name, c.intent, err, c.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Must declared read_orders as a do tool without a panic")
		}
	}()
	Must(Spec{Name: "read_orders", Title: "Orders", Description: desc, Intent: IntentDo, Receipts: &receipt.Memory{}}, h)
}

// compiledForTest is the tool's compiled schema, which a test validates
// with directly.
func (t *Tool) compiledForTest() *jsonschema.Schema {
	s, err := t.compiled()
	if err != nil {
		panic(err)
	}
	return s
}

// TestCursorOnlyAmongTheToolsArguments: a cursor reads against the tool's
// other arguments, so one in a list or in a nested object is a
// declaration error, said by the cursor's binder.
func TestCursorOnlyAmongTheToolsArguments(t *testing.T) {
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")}})
	if err != nil {
		t.Fatal(err)
	}
	type inner struct {
		Cursor cursor.Position `json:"cursor" desc:"Where the page starts."`
	}
	type in struct {
		Pages []cursor.Position `json:"pages" agentinput:"stringlist,item=cursor" desc:"Where each page starts."`
		Page  inner             `json:"page" desc:"A page."`
	}
	spec := quietSpec("read_pages", IntentRead)
	spec.Cursors = codec
	_, err = New(spec, func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	if err == nil {
		t.Fatal("declared")
	}
	for _, want := range []string{
		"property pages (field Pages): item: a cursor cannot be an item",
		"a cursor belongs to the tool's own arguments, not to a nested object",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

// TestIDsAreTextUnlessUUID: an identifier's name says what it identifies,
// not how it is spelled. A string id is free text (the server's own
// "ORD-1042" reads as sent), a uuid.UUID field or a uuid tag is the uuid
// kind, which asks about the same spelling.
func TestIDsAreTextUnlessUUID(t *testing.T) {
	type in struct {
		OrderID  string    `json:"order_id" desc:"The order."`
		ID       string    `json:"id" desc:"The record."`
		RecordID string    `json:"record_id" agentinput:"uuid" desc:"The record, a UUID."`
		Batch    uuid.UUID `json:"batch_id" desc:"The batch, a UUID."`
	}
	var got in
	tool := Must(quietSpec("read_orders", IntentRead), func(_ context.Context, v in, _ *Call) (struct{}, error) {
		got = v
		return struct{}{}, nil
	})
	kinds := map[string]string{}
	for _, p := range tool.props {
		kinds[p.Name] = p.Kind
	}
	want := map[string]string{"order_id": "text", "id": "text", "record_id": "uuid", "batch_id": "uuid"}
	if !maps.Equal(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"order_id":"ORD-1042","id":"rec 7","batch_id":"{0F8FAD5B-D9CB-469F-A165-70867728950E}"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	if got.OrderID != "ORD-1042" || got.ID != "rec 7" || got.Batch.String() != "0f8fad5b-d9cb-469f-a165-70867728950e" {
		t.Errorf("handler got %+v", got)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"record_id":"ORD-1042"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Path != "/record_id" {
		t.Errorf("a uuid property took ORD-1042: %+v", res.Envelope)
	}
}
