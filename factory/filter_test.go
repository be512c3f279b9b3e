package factory

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

// filterIn declares filters over kinds with no vocabulary: by name rule
// (country), by over= (date), and over a list's items.
type filterIn struct {
	Country string   `json:"country" agentinput:"filter" desc:"Only decisions from this country."`
	Since   string   `json:"since" agentinput:"filter,over=date" desc:"Only decisions from this day on."`
	Tags    []string `json:"tags" agentinput:"filter,item=enum,values=tax|tort" desc:"Only decisions with any of these tags."`
	Status  string   `json:"status" agentinput:"filter,values=open|closed" desc:"Only decisions in this state."`
}

func newFilterTool(t *testing.T, intent Intent) (*Tool, *filterIn) {
	t.Helper()
	var last filterIn
	tool, err := New(quietSpec("filter_decisions", intent), func(_ context.Context, in filterIn, _ *Call) (struct{}, error) {
		last = in
		return struct{}{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool, &last
}

// A "not filtering" spelling is absent with a note, on every filter
// whatever the kind it is over; anything else is the kind's reading, its
// asks included.
func TestFilterOverAnyKind(t *testing.T) {
	tool, last := newFilterTool(t, IntentRead)
	for _, all := range []string{"all", "ALL", "*", "any", "vše", "alle", "(all)", "every"} {
		for _, prop := range []string{"country", "since", "tags", "status"} {
			res := tool.Call(context.Background(), json.RawMessage(`{"`+prop+`":`+quote(all)+`}`))
			if res.Envelope != nil {
				t.Errorf("%s %q: envelope %+v", prop, all, res.Envelope.Issues)
				continue
			}
			if _, ok := res.Arguments[prop]; ok {
				t.Errorf("%s %q: normalized to %v, want absent", prop, all, res.Arguments[prop])
			}
			if len(res.Notes) != 1 || res.Notes[0].Code != "placeholder" || res.Notes[0].Path != "/"+prop {
				t.Errorf("%s %q: notes %+v, want one placeholder note at /%s", prop, all, res.Notes, prop)
			}
		}
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"country":"Czechia","since":"1. 10. 2026","tags":"tax, tort","status":"Open"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope.Issues)
	}
	if last.Country != "CZ" || last.Since != "2026-10-01" || strings.Join(last.Tags, "|") != "tax|tort" || last.Status != "open" {
		t.Fatalf("handler got %+v", *last)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"country":"Atlantis","since":"01/02/2026"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 2 {
		t.Fatalf("want two issues, got %+v", res)
	}
	if got := res.Envelope.Issues[1].Ask.Code; got != "ambiguous" {
		t.Errorf("since 01/02/2026: %s, want ambiguous", got)
	}
	// The advertised guidance says what "all" does.
	var schema struct {
		Properties map[string]struct{ Description string } `json:"properties"`
	}
	if err := json.Unmarshal(tool.InputSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	if d := schema.Properties["country"].Description; !strings.Contains(d, `"all"`) {
		t.Errorf("country's description %q does not say what \"all\" means", d)
	}
}

func TestFilterDeclarationMistakes(t *testing.T) {
	type required struct {
		Country string `json:"country" agentinput:"filter,required" desc:"Only from this country."`
	}
	type overUnknown struct {
		Country string `json:"country" agentinput:"filter,over=nation" desc:"Only from this country."`
	}
	type overFilter struct {
		Country string `json:"country" agentinput:"filter,over=filter" desc:"Only from this country."`
	}
	type allIsAValue struct {
		Scope string `json:"scope" agentinput:"filter,over=enum,values=all|mine" desc:"Whose decisions."`
	}
	type typo struct {
		Country string `json:"country" agentinput:"filter,over=country,alpha=3" desc:"Only from this country."`
	}
	spec := quietSpec("filter_decisions", IntentRead)
	for name, err := range map[string]error{
		"required":       errOf(New(spec, func(context.Context, required, *Call) (struct{}, error) { return struct{}{}, nil })),
		"over unknown":   errOf(New(spec, func(context.Context, overUnknown, *Call) (struct{}, error) { return struct{}{}, nil })),
		"over filter":    errOf(New(spec, func(context.Context, overFilter, *Call) (struct{}, error) { return struct{}{}, nil })),
		"all is a value": errOf(New(spec, func(context.Context, allIsAValue, *Call) (struct{}, error) { return struct{}{}, nil })),
		"typo":           errOf(New(spec, func(context.Context, typo, *Call) (struct{}, error) { return struct{}{}, nil })),
	} {
		if err == nil {
			t.Errorf("%s: declared", name)
		}
	}
}

func errOf(_ *Tool, err error) error { return err }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A declared value that is a placeholder spelling is the enum's, alone and
// as a list item.
func TestDeclaredPlaceholderValue(t *testing.T) {
	type in struct {
		Level  string   `json:"level" agentinput:"enum,values=none|low|high" desc:"The level."`
		Levels []string `json:"levels" agentinput:"item=enum,values=none|low|high" desc:"The levels."`
	}
	var got in
	tool := Must(quietSpec("set_levels", IntentRead), func(_ context.Context, v in, _ *Call) (struct{}, error) {
		got = v
		return struct{}{}, nil
	})
	res := tool.Call(context.Background(), json.RawMessage(`{"level":"None","levels":["none","low"]}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope.Issues)
	}
	if got.Level != "none" || strings.Join(got.Levels, "|") != "none|low" {
		t.Fatalf("handler got %+v", got)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"level":"N/A","levels":["N/A","low"]}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Path != "/levels/0" {
		t.Fatalf("want one ask at /levels/0 (N/A is no declared value), got %+v", res)
	}
}

// A list of numbers sent as "10,20" has two meanings: 10.2 with a decimal
// comma, or two items. It is asked about, with both lists.
func TestNumberListWithComma(t *testing.T) {
	type in struct {
		Sizes []float64 `json:"sizes" agentinput:"item=number" desc:"The sizes."`
	}
	tool := Must(quietSpec("set_sizes", IntentRead), func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	res := tool.Call(context.Background(), json.RawMessage(`{"sizes":"10,20"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 {
		t.Fatalf("want one ask, got %+v", res)
	}
	if is := res.Envelope.Issues[0]; is.Code != "ambiguous" || len(is.Readings) != 2 || is.Path != "/sizes" {
		t.Fatalf("issue %+v", is)
	}
	if res := tool.Call(context.Background(), json.RawMessage(`{"sizes":[10,20]}`)); res.Envelope != nil {
		t.Fatalf("an array: %+v", res.Envelope.Issues)
	}
}

// missIn declares the two policies of a filter over a vocabulary.
type missIn struct {
	Court  string `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	Strict string `json:"strict" agentinput:"filter,of=courts,miss=ask" desc:"Only decisions of this court, or none."`
}

// A filter over a vocabulary drops a value that names several entries or
// none (miss=drop, the default), and asks about one within reach of
// exactly one entry; with miss=ask it asks about every such value. A
// miss= on a filter over another kind, or a policy that is neither, is a
// declaration error.
func TestFilterMiss(t *testing.T) {
	spec := quietSpec("miss_decisions", IntentRead)
	spec.Vocabularies = map[string]*vocabulary.Reader{"courts": courts(t)}
	var last missIn
	tool, err := New(spec, func(_ context.Context, in missIn, _ *Call) (struct{}, error) {
		last = in
		return struct{}{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Several entries: dropped on court, asked on strict.
	res := tool.Call(ctx, json.RawMessage(`{"court":"Nejvyšší"}`))
	if res.Envelope != nil || len(res.Warnings) != 1 || res.Warnings[0].Code != string(agentinput.WarningFilterDropped) {
		t.Fatalf("court Nejvyšší: %+v %+v", res.Envelope, res.Warnings)
	}
	res = tool.Call(ctx, json.RawMessage(`{"strict":"Nejvyšší"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Path != "/strict" ||
		res.Envelope.Issues[0].Code != agentinput.AskAmbiguous || len(res.Envelope.Issues[0].Readings) != 2 {
		t.Fatalf("strict Nejvyšší: %+v", res.Envelope)
	}
	// Within reach of one entry: asked on both.
	for _, prop := range []string{"court", "strict"} {
		res = tool.Call(ctx, json.RawMessage(`{"`+prop+`":"Praha"}`))
		if res.Envelope == nil || len(res.Envelope.Issues) != 1 || string(res.Envelope.Issues[0].Readings[0].Value) != `"KS-PRAHA"` {
			t.Fatalf("%s Praha: %+v", prop, res.Envelope)
		}
	}
	// An inflected name reads on both.
	res = tool.Call(ctx, json.RawMessage(`{"court":"Krajského soudu v Praze","strict":"Nejvyšším správním soudem"}`))
	if res.Envelope != nil || last.Court != "KS-PRAHA" || last.Strict != "NSS" {
		t.Fatalf("forms: %+v %+v", res.Envelope, last)
	}
	for _, c := range []struct{ tag, want string }{
		{"filter,of=courts,miss=maybe", "want drop or ask"},
		{"filter,values=a|b,miss=ask", "is for a filter over a vocabulary"},
		{"filter,over=date,miss=ask", "is for a filter over a vocabulary"},
	} {
		_, err := binding.BindProperty("court", reflect.TypeFor[string](), c.tag, spec.env())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.tag, err, c.want)
		}
	}
}
