package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/uuid"
)

// searchIn is the input of the test tools: a property of each kind the
// factory binds today, by type, by name and by tag.
type searchIn struct {
	Query           string   `json:"query" desc:"Words to search for in titles and summaries."`
	Limit           int      `json:"limit" desc:"How many results to return."`
	IncludeArchived bool     `json:"include_archived" desc:"Whether archived decisions are searched too."`
	MinScore        *float64 `json:"min_score" agentinput:"number,min=0,max=1" desc:"The lowest relevance score to return."`
	Court           string   `json:"court" agentinput:"text,example=Supreme Court" desc:"The court's name."`
}

type searchOut struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

const desc = "Searches the court decisions by words in their titles and summaries. Use when the user asks for decisions about a topic."

// recorder remembers the input of the last handler call.
type recorder struct {
	calls int
	last  searchIn
}

func (r *recorder) handle(_ context.Context, in searchIn, _ *Call) (searchOut, error) {
	r.calls++
	r.last = in
	return searchOut{Query: in.Query, Limit: in.Limit}, nil
}

func quietSpec(name string, intent Intent) Spec {
	return Spec{Name: name, Title: "Search decisions", Description: desc, Intent: intent,
		Observer: observe.Slog{Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}}
}

func newSearch(t *testing.T, intent Intent) (*Tool, *recorder) {
	t.Helper()
	r := &recorder{}
	tool, err := New(quietSpec("search_decisions", intent), r.handle)
	if err != nil {
		t.Fatal(err)
	}
	return tool, r
}

func TestCallReadsLeniently(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"query":"x","limit":"10","include_archived":"ne","min_score":"0,5"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope: %+v", res.Envelope)
	}
	if r.calls != 1 || r.last.Limit != 10 || r.last.IncludeArchived || r.last.MinScore == nil || *r.last.MinScore != 0.5 || r.last.Query != "x" {
		t.Fatalf("handler got %+v", r.last)
	}
	paths := map[string]string{}
	for _, n := range res.Notes {
		paths[n.Path] = n.Code
	}
	want := map[string]string{"/limit": "from_string", "/include_archived": "word", "/min_score": "decimal_comma"}
	for p, c := range want {
		if paths[p] != c {
			t.Errorf("note at %s = %q, want %q (notes %+v)", p, paths[p], c, res.Notes)
		}
	}
	if got := res.Arguments["limit"]; got != json.Number("10") {
		t.Errorf("normalized limit = %#v", got)
	}
}

func TestCallClampsPageSize(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"limit":500}`))
	if res.Envelope != nil || r.last.Limit != 100 {
		t.Fatalf("limit 500 → %d, envelope %+v", r.last.Limit, res.Envelope)
	}
	if len(res.Notes) != 1 || res.Notes[0].Code != "clamped" || res.Notes[0].Path != "/limit" {
		t.Fatalf("notes %+v", res.Notes)
	}
}

func TestCallAbsence(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	// Null, a placeholder, and the schema's own example copied: all absent.
	res := tool.Call(context.Background(), json.RawMessage(`{"query":null,"min_score":"N/A","court":"Supreme Court"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	if r.last.MinScore != nil || r.last.Court != "" {
		t.Fatalf("handler got %+v", r.last)
	}
	if len(res.Notes) != 2 || res.Notes[0].Code != "placeholder" || res.Notes[1].Code != "placeholder" {
		t.Fatalf("notes %+v", res.Notes)
	}
	// On a do tool the placeholder is an ask; null stays absence.
	doTool, dr := newSearch(t, IntentDo)
	res = doTool.Call(context.Background(), json.RawMessage(`{"query":null,"min_score":"N/A"}`))
	if res.Envelope == nil || dr.calls != 0 {
		t.Fatal("a placeholder on a do tool reached the handler")
	}
	if is := res.Envelope.Issues; len(is) != 1 || is[0].Path != "/min_score" || is[0].Code != agentinput.AskPlaceholderOnWrite {
		t.Fatalf("issues %+v", is)
	}
}

func TestCallUnknownProperty(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"limt":5}`))
	if res.Envelope == nil || r.calls != 0 {
		t.Fatal("an unknown property was dropped silently")
	}
	is := res.Envelope.Issues[0]
	if is.Code != agentinput.AskUnknownProperty || is.Path != "/limt" || !strings.Contains(is.Hint, "Send it as limit") {
		t.Fatalf("issue %+v", is)
	}
	if !strings.Contains(res.Envelope.Hint, "Call search_decisions again") {
		t.Fatalf("envelope hint %q names no next call", res.Envelope.Hint)
	}
	// An open tool warns instead.
	spec := quietSpec("search_open", IntentRead)
	spec.Open = true
	open := Must(spec, r.handle)
	res = open.Call(context.Background(), json.RawMessage(`{"limt":5}`))
	if res.Envelope != nil || len(res.Warnings) != 1 || res.Warnings[0].Code != "unknown_property" {
		t.Fatalf("open tool: %+v", res)
	}
}

func TestCallAsksNeverReachTheHandler(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	for _, args := range []string{
		`{"min_score":"1,234"}`,        // ambiguous
		`{"include_archived":"maybe"}`, // invalid
		`{"min_score":2}`,              // out of range
		`{"query":5}`,                  // wrong type
		`[1,2]`,                        // not an object
		`{"limit":`,                    // not JSON
	} {
		res := tool.Call(context.Background(), json.RawMessage(args))
		if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeInvalidArguments || len(res.Envelope.Issues) == 0 {
			t.Errorf("%s: no envelope", args)
		}
	}
	if r.calls != 0 {
		t.Fatalf("the handler ran %d times", r.calls)
	}
}

func TestBudgets(t *testing.T) {
	tool, _ := newSearch(t, IntentRead)
	for _, tt := range []struct {
		name, args, path string
	}{
		{"bytes", `{"query":"` + strings.Repeat("a", agentinput.MaxArgumentBytes) + `"}`, ""},
		{"string", `{"query":"` + strings.Repeat("a", agentinput.MaxStringBytes+1) + `"}`, "/query"},
		{"depth", `{"query":` + strings.Repeat("[", agentinput.MaxJSONDepth) + strings.Repeat("]", agentinput.MaxJSONDepth) + `}`, "/query" + strings.Repeat("/0", agentinput.MaxJSONDepth-1)},
		{"array", `{"query":[` + strings.TrimSuffix(strings.Repeat("1,", agentinput.MaxArrayItems+1), ",") + `]}`, "/query"},
	} {
		res := tool.Call(context.Background(), json.RawMessage(tt.args))
		if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskTooLarge || res.Envelope.Issues[0].Path != tt.path {
			t.Errorf("%s: %+v", tt.name, res.Envelope)
			continue
		}
		if n := len(res.Envelope.Issues[0].Received); n > 4*agentinput.MaxReceivedChars+8 {
			t.Errorf("%s: the issue echoes %d bytes", tt.name, n)
		}
	}
}

func TestHandlerFailureHidesGoErrors(t *testing.T) {
	tool := Must(quietSpec("search_fail", IntentRead), func(context.Context, searchIn, *Call) (searchOut, error) {
		return searchOut{}, errors.New("pq: connection refused to 10.0.0.7")
	})
	res := tool.Call(context.Background(), nil)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeToolFailed || strings.Contains(res.Envelope.Message, "pq:") {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	tool = Must(quietSpec("search_fail", IntentRead), func(context.Context, searchIn, *Call) (searchOut, error) {
		return searchOut{}, &Failure{Message: "the index is being rebuilt", Hint: "Call search_fail again in a minute"}
	})
	res = tool.Call(context.Background(), nil)
	if !strings.Contains(res.Envelope.Message, "index is being rebuilt") || res.Envelope.Hint != "Call search_fail again in a minute" {
		t.Fatalf("envelope %+v", res.Envelope)
	}
}

func TestExact(t *testing.T) {
	type in struct {
		Confirm bool `json:"confirm" agentinput:"exact,required" desc:"Set to true to delete for good."`
	}
	tool := Must(quietSpec("delete_decision", IntentDo), func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	if res := tool.Call(context.Background(), json.RawMessage(`{"confirm":"yes"}`)); res.Envelope == nil {
		t.Fatal(`"yes" passed an exact property`)
	}
	if res := tool.Call(context.Background(), json.RawMessage(`{"confirm":true}`)); res.Envelope != nil {
		t.Fatalf("true failed: %+v", res.Envelope)
	}
	if res := tool.Call(context.Background(), json.RawMessage(`{}`)); res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskMissingRequired {
		t.Fatal("a missing required property passed")
	}
}

func TestReversedRange(t *testing.T) {
	type in struct {
		PriceFrom float64 `json:"price_from" agentinput:"number" desc:"The lowest price."`
		PriceTo   float64 `json:"price_to" agentinput:"number" desc:"The highest price."`
	}
	tool := Must(quietSpec("search_prices", IntentRead), func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	res := tool.Call(context.Background(), json.RawMessage(`{"price_from":"1 000","price_to":10}`))
	if res.Envelope == nil {
		t.Fatal("a reversed range passed (or was swapped)")
	}
	is := res.Envelope.Issues[0]
	if is.Code != agentinput.AskRangeReversed || !strings.Contains(is.Hint, "price_from 10 and price_to 1000") {
		t.Fatalf("issue %+v", is)
	}
}

// A reversed pair of periods swaps the periods, whole: "2024" to "2020"
// meant 2020 to 2024, not 2020-12-31 to 2024-01-01.
func TestReversedPeriods(t *testing.T) {
	type in struct {
		DateFrom string `json:"date_from" desc:"The first day."`
		DateTo   string `json:"date_to" desc:"The last day."`
	}
	tool := Must(quietSpec("search_days", IntentRead), func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	for sent, want := range map[string]string{
		`{"date_from":"2024","date_to":"2020"}`:             `date_from "2020-01-01" and date_to "2024-12-31"`,
		`{"date_from":"Q3 2026","date_to":"2026-03"}`:       `date_from "2026-03-01" and date_to "2026-09-30"`,
		`{"date_from":"2026-12-31","date_to":"2026-01-01"}`: `date_from "2026-01-01" and date_to "2026-12-31"`,
	} {
		res := tool.Call(context.Background(), json.RawMessage(sent))
		if res.Envelope == nil || len(res.Envelope.Issues) != 1 {
			t.Fatalf("%s: got %+v", sent, res)
		}
		if is := res.Envelope.Issues[0]; is.Code != agentinput.AskRangeReversed || !strings.Contains(is.Hint, want) {
			t.Errorf("%s: hint %q, want it to name %s", sent, is.Hint, want)
		}
	}
}

func TestDeclarationMistakes(t *testing.T) {
	h := func(context.Context, searchIn, *Call) (struct{}, error) { return struct{}{}, nil }
	good := quietSpec("search_decisions", IntentRead)
	for _, tt := range []struct {
		name string
		spec func(Spec) Spec
	}{
		{"name", func(s Spec) Spec { s.Name = "Search-Decisions"; return s }},
		{"title", func(s Spec) Spec { s.Title = ""; return s }},
		{"title equals name", func(s Spec) Spec { s.Title = s.Name; return s }},
		{"short description", func(s Spec) Spec { s.Description = "Searches. Use when asked."; return s }},
		{"no use-when", func(s Spec) Spec { s.Description = strings.Repeat("Searches the decisions. ", 3); return s }},
		{"intent", func(s Spec) Spec { s.Intent = "write"; return s }},
	} {
		if _, err := New(tt.spec(good), h); err == nil {
			t.Errorf("%s: declared", tt.name)
		}
	}
	type unbound struct {
		Where struct{ X int } `json:"where" desc:"Somewhere."`
	}
	type badTag struct {
		N int `json:"n" agentinput:"number,,min=1" desc:"A number."`
	}
	type typo struct {
		N int `json:"n" agentinput:"number,integr" desc:"A number."`
	}
	type mismatch struct {
		N int `json:"n" agentinput:"boolean" desc:"A number."`
	}
	type noDesc struct {
		N int `json:"n"`
	}
	type badMin struct {
		N int `json:"n" agentinput:"min=one" desc:"A number."`
	}
	check := func(name string, err error) {
		if err == nil {
			t.Errorf("%s: declared", name)
		}
	}
	_, err := New(good, func(context.Context, unbound, *Call) (struct{}, error) { return struct{}{}, nil })
	check("unbound", err)
	_, err = New(good, func(context.Context, badTag, *Call) (struct{}, error) { return struct{}{}, nil })
	check("bad tag", err)
	_, err = New(good, func(context.Context, typo, *Call) (struct{}, error) { return struct{}{}, nil })
	check("typo", err)
	_, err = New(good, func(context.Context, mismatch, *Call) (struct{}, error) { return struct{}{}, nil })
	check("mismatch", err)
	_, err = New(good, func(context.Context, noDesc, *Call) (struct{}, error) { return struct{}{}, nil })
	check("no description", err)
	_, err = New(good, func(context.Context, badMin, *Call) (struct{}, error) { return struct{}{}, nil })
	check("bad min", err)
	defer func() {
		if recover() == nil {
			t.Error("Must did not panic on a declaration mistake")
		}
	}()
	Must(good, func(context.Context, noDesc, *Call) (struct{}, error) { return struct{}{}, nil })
}

func TestSchema(t *testing.T) {
	tool, _ := newSearch(t, IntentRead)
	var s struct {
		Type       string `json:"type"`
		Additional bool   `json:"additionalProperties"`
		Properties map[string]struct {
			Type        string          `json:"type"`
			Description string          `json:"description"`
			Minimum     json.Number     `json:"minimum"`
			Maximum     json.Number     `json:"maximum"`
			Examples    json.RawMessage `json:"examples"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(tool.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	if s.Type != "object" || s.Additional || len(s.Properties) != 5 {
		t.Fatalf("schema %s", tool.InputSchema())
	}
	for name, p := range s.Properties {
		if !strings.Contains(p.Description, "Send ") {
			t.Errorf("%s: description %q has no guidance", name, p.Description)
		}
	}
	if l := s.Properties["limit"]; l.Type != "integer" || l.Minimum != "1" || l.Maximum != "100" {
		t.Errorf("limit: %+v", l)
	}
	if c := s.Properties["court"]; string(c.Examples) != `["Supreme Court"]` {
		t.Errorf("court examples %s", c.Examples)
	}
}

// TestTelemetryCarriesNoValues sends canaries through every property, as
// values and as unknown property names, valid and invalid, and checks that
// the log holds none of them.
func TestTelemetryCarriesNoValues(t *testing.T) {
	var log bytes.Buffer
	spec := quietSpec("search_decisions", IntentRead)
	spec.Observer = observe.Slog{Logger: slog.New(slog.NewJSONHandler(&log, nil))}
	r := &recorder{}
	tool := Must(spec, r.handle)
	canary := "c4n4ry7731"
	for _, args := range []string{
		`{"query":"` + canary + `"}`,
		`{"limit":"` + canary + `"}`,
		`{"include_archived":"` + canary + `"}`,
		`{"min_score":"` + canary + `"}`,
		`{"court":"` + canary + `"}`,
		`{"` + canary + `":1}`,
		`{"query":"x","limit":"1,234","min_score":"` + canary + `"}`,
		`{"query":["` + canary + `"]}`,
		`{"query":{"` + canary + `":"` + strings.Repeat("a", agentinput.MaxStringBytes+1) + `"}}`,
	} {
		tool.Call(context.Background(), json.RawMessage(args))
	}
	if log.Len() == 0 {
		t.Fatal("nothing was logged")
	}
	if strings.Contains(log.String(), canary) {
		t.Fatalf("the log carries a value:\n%s", log.String())
	}
}

func TestIdempotency(t *testing.T) {
	tool, r := newSearch(t, IntentDo)
	first := tool.Call(context.Background(), json.RawMessage(`{"query":"x","limit":"4 000"}`))
	again := tool.Call(context.Background(), json.RawMessage(`{"query":"x","limit":4000}`))
	if first.Envelope != nil || again.Envelope != nil {
		t.Fatalf("envelopes %+v %+v", first.Envelope, again.Envelope)
	}
	if r.calls != 1 || first.Replayed || !again.Replayed {
		t.Fatalf("handler ran %d times; replayed %v, %v", r.calls, first.Replayed, again.Replayed)
	}
	if string(again.Output.(json.RawMessage)) != `{"query":"x","limit":100}` {
		t.Fatalf("replayed output %s", again.Output)
	}
	if len(again.Warnings) != 1 || again.Warnings[0].Code != "replayed" {
		t.Fatalf("warnings %+v", again.Warnings)
	}
	// The caller's own key wins over the derived one: a retry under it
	// replays, and the key reused with other arguments is a conflict,
	// never the other call's result.
	tool.Call(context.Background(), json.RawMessage(`{"query":"y","idempotency_key":"k1"}`))
	res := tool.Call(context.Background(), json.RawMessage(`{"idempotency_key":"k1","query":"y"}`))
	if !res.Replayed || r.calls != 2 {
		t.Fatalf("caller key: replayed %v, calls %d", res.Replayed, r.calls)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"query":"z","idempotency_key":"k1"}`))
	if res.Replayed || r.calls != 2 || res.Envelope == nil || res.Envelope.Issues[0].Code != "idempotency_conflict" {
		t.Fatalf("caller key reused with other arguments: replayed %v, calls %d, envelope %+v", res.Replayed, r.calls, res.Envelope)
	}
	// A read tool keeps no receipts, and idempotency_key is unknown to it.
	readTool, rr := newSearch(t, IntentRead)
	readTool.Call(context.Background(), json.RawMessage(`{"query":"x"}`))
	readTool.Call(context.Background(), json.RawMessage(`{"query":"x"}`))
	if rr.calls != 2 {
		t.Fatalf("a read tool replayed: %d calls", rr.calls)
	}
	if res := readTool.Call(context.Background(), json.RawMessage(`{"idempotency_key":"k"}`)); res.Envelope == nil {
		t.Fatal("a read tool took an idempotency key")
	}
}

// TestEveryKindBinds declares one tool with a property of every kind the
// factory binds, by tag, by name rule and by Go type, and reads a lenient
// spelling of each.
func TestEveryKindBinds(t *testing.T) {
	type in struct {
		Act      string       `json:"act" agentinput:"eli" desc:"The act the decision applies."`
		DateFrom string       `json:"date_from" desc:"The first day of the period."`
		DateTo   date.Date    `json:"date_to" desc:"The last day of the period."`
		ID       uuid.UUID    `json:"id" desc:"The decision."`
		Lang     language.Tag `json:"language" desc:"The language of the decision."`
		Country  string       `json:"country" desc:"The country of the court."`
		Status   string       `json:"status" agentinput:"enum,values=published|draft,synonyms=final:published" desc:"The decision's status."`
		Score    float64      `json:"score" desc:"The lowest relevance score."`
		Archived bool         `json:"archived" desc:"Whether archived decisions count."`
		Tags     []string     `json:"tags" agentinput:"stringlist,item=enum,values=tax|tort|family,unique" desc:"Subject tags."`
		Words    []string     `json:"words" desc:"Words that must occur."`
		Scores   []int        `json:"scores" agentinput:"min=0,max=10" desc:"Scores to match."`
	}
	var got in
	tool := Must(quietSpec("read_act", IntentRead), func(_ context.Context, i in, _ *Call) (struct{}, error) {
		got = i
		return struct{}{}, nil
	})
	res := tool.Call(context.Background(), json.RawMessage(`{
		"act": "Regulation (EU) 2016/679",
		"date_from": "2026",
		"date_to": "31. 12. 2026",
		"id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
		"language": "cs_CZ",
		"country": "Czech Republic",
		"status": "Final",
		"score": "0,5",
		"archived": "ne",
		"tags": "Tax; TORT, tax",
		"words": "Smith John",
		"scores": ["4", 7]
	}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	want := map[string]any{
		"act": "http://data.europa.eu/eli/reg/2016/679/oj", "date_from": "2026-01-01", "date_to": "2026-12-31",
		"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "language": "cs-CZ", "country": "CZ", "status": "published",
		"score": json.Number("0.5"), "archived": false,
		"tags": []any{"tax", "tort"}, "words": []any{"Smith John"}, "scores": []any{json.Number("4"), json.Number("7")},
	}
	for k, v := range want {
		if string(binding.MustJSON(res.Arguments[k])) != string(binding.MustJSON(v)) {
			t.Errorf("%s = %#v, want %#v", k, res.Arguments[k], v)
		}
	}
	if got.Act != want["act"] || got.DateFrom != "2026-01-01" || got.DateTo.String() != "2026-12-31" || got.ID.String() != want["id"] ||
		got.Lang.String() != "cs-CZ" || got.Country != "CZ" || got.Status != "published" || got.Score != 0.5 || got.Archived ||
		len(got.Tags) != 2 || got.Tags[1] != "tort" || len(got.Words) != 1 || len(got.Scores) != 2 || got.Scores[1] != 7 {
		t.Fatalf("handler got %+v", got)
	}
	for _, name := range tool.Properties() {
		found := false
		for _, n := range res.Notes {
			found = found || n.Path == "/"+name
		}
		if !found {
			t.Errorf("no note at /%s: %+v", name, res.Notes)
		}
	}
	// The from/to rule holds for dates too.
	res = tool.Call(context.Background(), json.RawMessage(`{"date_from":"2026-12-31","date_to":"2026-01-01"}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskRangeReversed {
		t.Fatalf("reversed dates: %+v", res.Envelope)
	}
}

// TestListItems: a placeholder or a bad item of a list is asked about at
// its own path, never silently dropped; a best-effort list reaches the
// handler with the items that read and reports the others beside the
// result.
func TestListItems(t *testing.T) {
	type in struct {
		Tags  []string `json:"tags" agentinput:"item=enum,values=tax|tort" desc:"Subject tags."`
		Loose []string `json:"loose" agentinput:"item=enum,values=tax|tort,besteffort" desc:"Subject tags, best effort."`
	}
	var got in
	calls := 0
	tool := Must(quietSpec("tag_items", IntentRead), func(_ context.Context, i in, _ *Call) (struct{}, error) {
		got, calls = i, calls+1
		return struct{}{}, nil
	})
	res := tool.Call(context.Background(), json.RawMessage(`{"tags":["tax","N/A","wrong"]}`))
	if res.Envelope == nil || calls != 0 {
		t.Fatal("a placeholder item passed")
	}
	paths := []string{}
	for _, is := range res.Envelope.Issues {
		paths = append(paths, is.Path)
	}
	if strings.Join(paths, " ") != "/tags/1 /tags/2" {
		t.Fatalf("issue paths %v", paths)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"loose":["tax","N/A","Tort"]}`))
	if res.Envelope != nil || calls != 1 {
		t.Fatalf("best effort: envelope %+v", res.Envelope)
	}
	if strings.Join(got.Loose, ",") != "tax,tort" || len(res.Issues) != 1 || res.Issues[0].Path != "/loose/1" {
		t.Fatalf("handler got %v; issues %+v", got.Loose, res.Issues)
	}
}

// TestDuplicateProperty: the same property twice with different values is
// asked about, never resolved by keeping the last; twice the same value is
// one value.
func TestDuplicateProperty(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"query":"a","query":"b"}`))
	if res.Envelope == nil || r.calls != 0 || res.Envelope.Issues[0].Path != "/query" {
		t.Fatalf("duplicate with different values: %+v", res.Envelope)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"query":"a","query":"a"}`))
	if res.Envelope != nil || r.last.Query != "a" {
		t.Fatalf("duplicate with the same value: %+v", res.Envelope)
	}
	// The same name spelled with an escape is the same property.
	res = tool.Call(context.Background(), json.RawMessage(`{"limit":5,"query":"a","\u0071uery":"b"}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/query" {
		t.Fatalf("duplicate through an escape: %+v", res.Envelope)
	}
	// Names repeated inside a value are not properties.
	res = tool.Call(context.Background(), json.RawMessage(`{"query":"a","limit":5,"court":"NS"}`))
	if res.Envelope != nil {
		t.Fatalf("no duplicate: %+v", res.Envelope)
	}
}

// The unknown property's hint names the declared one only when it is
// close and unique; otherwise it says to leave it out.
func TestLikelyMeant(t *testing.T) {
	declared := []string{"query", "court", "date_from", "date_to", "language", "country", "tags", "limit", "cursor"}
	for _, tt := range []struct{ name, want string }{
		{"limt", "limit"}, {"lmit", "limit"}, {"cuort", "court"}, {"contry", "country"},
		{"date_form", "date_from"}, {"dateFrom", "date_from"}, {"DATE-TO", "date_to"},
		{"lang", "language"}, {"tag", "tags"}, {"Query", "query"},
		{"from", "date_from"}, {"To", "date_to"}, // the last word of one declared name
		// Not close, or as close to two: no suggestion.
		{"sort", ""}, {"confirm", ""}, {"page_size", ""}, {"da", ""}, {"date", ""}, {"", ""},
		{strings.Repeat("x", 100), ""},
	} {
		got, ok := binding.LikelyMeant(tt.name, declared)
		if tt.name == "from" {
			if got, ok := binding.LikelyMeant("id", []string{"decision_id", "court_id"}); ok {
				t.Errorf("likelyMeant(id) among decision_id and court_id = %q", got)
			}
		}
		if tt.name == "sort" {
			// One edit from both: a tie names neither.
			if got, ok := binding.LikelyMeant("sort", []string{"port", "sore", "limit"}); ok {
				t.Errorf("likelyMeant(sort) among port and sore = %q", got)
			}
		}
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("likelyMeant(%q) = %q, %v; want %q", tt.name, got, ok, tt.want)
		}
	}
}

func TestUnknownPropertySaysLeaveItOut(t *testing.T) {
	tool, _ := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"query":"x","sort":"newest"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 1 {
		t.Fatalf("got %+v", res)
	}
	if h := res.Envelope.Issues[0].Hint; !strings.HasPrefix(h, "Leave sort out") || !strings.Contains(h, "include_archived") {
		t.Errorf("hint %q", h)
	}
}

// Arguments encoded twice — a JSON string holding the object — are read as
// the object, with a note at the root; a string holding anything else is
// still the wrong type.
func TestArgumentsInString(t *testing.T) {
	tool, r := newSearch(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(` " {\"query\":\"x\",\"limit\":\"5\"} " `))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope.Issues)
	}
	if r.last.Query != "x" || r.last.Limit != 5 {
		t.Fatalf("handler got %+v", r.last)
	}
	if len(res.Notes) == 0 || res.Notes[0].Code != "object_in_string" || res.Notes[0].Path != "" {
		t.Fatalf("notes %+v", res.Notes)
	}
	for _, bad := range []string{`"x"`, `"[1]"`, `"{not json"`, `"{\"query\":\"a\",\"query\":\"b\"}"`} {
		if res := tool.Call(context.Background(), json.RawMessage(bad)); res.Envelope == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// TestTelemetryKeepsNoObjectKey: an object key the caller chose is never
// logged, digits (a PIN) included; array indices of arrays are.
func TestTelemetryKeepsNoObjectKey(t *testing.T) {
	spec := quietSpec("search_decisions", IntentRead)
	var events []observe.Event
	spec.Observer = observerFunc(func(e observe.Event) { events = append(events, e) })
	r := &recorder{}
	tool := Must(spec, r.handle)
	long := strings.Repeat("a", agentinput.MaxStringBytes+1)
	for _, args := range []string{
		`{"query":{"482913":"` + long + `"}}`,
		`{"query":[["` + long + `"]]}`,
		`{"query":{"0":["` + long + `"]}}`,
	} {
		tool.Call(context.Background(), json.RawMessage(args))
	}
	var got []string
	for _, e := range events {
		for _, is := range e.Issues {
			got = append(got, is.Path)
		}
	}
	want := "/query/(key) /query/0/0 /query/(key)/0"
	if strings.Join(got, " ") != want {
		t.Fatalf("paths %q, want %q", got, want)
	}
}

type observerFunc func(observe.Event)

func (f observerFunc) Observe(_ context.Context, e observe.Event) { f(e) }
