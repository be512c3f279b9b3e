package promcp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"pgregory.net/rapid"

	"agentinput.dev/promcp"
)

var at = time.Date(2026, 12, 1, 22, 30, 0, 0, time.FixedZone("CET", 3600))

func ptr[T any](v T) *T { return &v }

// compile compiles a contract schema the way a client would.
func compile(t testing.TB, schema map[string]any) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("contract.json", roundTrip(t, schema)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("contract.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// roundTrip is v as the generic JSON value a client decodes.
func roundTrip(t interface{ Fatal(...any) }, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestReadRefusesWhatTheContractForbids(t *testing.T) {
	cases := []struct {
		name    string
		read    func() error
		problem string
	}{
		{"unknown quality", func() error { _, err := promcp.NewRead(1, "", at, "fresh"); return err }, `quality "fresh" is not one of good, stale, degraded, error`},
		{"no timestamp", func() error { _, err := promcp.NewRead(1, "", time.Time{}, promcp.Good); return err }, "timestamp is not set"},
		{"local timestamp by hand", func() error { return promcp.Read[int]{Timestamp: at, Quality: promcp.Good}.Validate() }, "timestamp is not in UTC"},
		{"empty unit by hand", func() error {
			return promcp.Read[int]{Unit: ptr(""), Timestamp: at.UTC(), Quality: promcp.Good}.Validate()
		}, "unit is an empty string"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantProblem(t, c.read(), c.problem) })
	}
	r, err := promcp.NewRead(21.5, "°C", at, promcp.Stale)
	if err != nil {
		t.Fatal(err)
	}
	if r.Timestamp.Location() != time.UTC || !r.Timestamp.Equal(at) || *r.Unit != "°C" {
		t.Errorf("NewRead = %+v, want the instant in UTC and the unit kept", r)
	}
}

func TestDoRefusesWhatTheContractForbids(t *testing.T) {
	cases := []struct {
		name    string
		do      promcp.Do[[]string]
		problem string
	}{
		{"compensable without hint", promcp.Do[[]string]{Compensable: true}, "compensable is true but compensation_hint does not name"},
		{"compensable with empty hint", promcp.Do[[]string]{Compensable: true, CompensationHint: ptr("")}, "compensable is true but compensation_hint"},
		{"hint without compensable", promcp.Do[[]string]{CompensationHint: ptr("do_untag")}, "compensation_hint is set but compensable is false"},
		{"unknown status", promcp.Do[[]string]{Status: "done"}, `status "done" is not one of success, partial, failed`},
		{"unknown effect", promcp.Do[[]string]{Effect: "done"}, `effect "done" is not one of not_started, committed, unknown`},
		{"blank side effect", promcp.Do[[]string]{SideEffects: []string{" "}}, "side_effects[0] is empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := promcp.NewDo(c.do)
			wantProblem(t, err, c.problem)
		})
	}
	// The factory's fields may wait for Complete; Validate wants them.
	d, err := promcp.NewDo(promcp.Do[[]string]{AppliedValue: ptr([]string{"tax"})})
	if err != nil {
		t.Fatalf("NewDo without key and timestamp: %v", err)
	}
	wantProblem(t, d.Validate(), "idempotency_key is empty")
	wantProblem(t, d.Validate(), "timestamp is not set")
	wantProblem(t, d.Validate(), `effect "" is not one of not_started, committed, unknown`)
	if d.Status != promcp.Success || d.SideEffects == nil {
		t.Errorf("NewDo = %+v, want status success and an empty side-effect list", d)
	}
	d.Effect = promcp.EffectCommitted
	done, err := d.Complete("key-1", at)
	if err != nil {
		t.Fatal(err)
	}
	if done.IdempotencyKey != "key-1" || !done.Timestamp.Equal(at) || done.Timestamp.Location() != time.UTC {
		t.Errorf("Complete = %+v, want the key and the instant in UTC", done)
	}
	kept, err := promcp.Do[int]{Effect: promcp.EffectCommitted, IdempotencyKey: "sent", Timestamp: at.UTC()}.Complete("derived", at.Add(time.Hour))
	if err != nil || kept.IdempotencyKey != "sent" || !kept.Timestamp.Equal(at) {
		t.Errorf("Complete over set fields = %+v, %v; want them kept", kept, err)
	}
}

func TestCapabilityReportRefusesWhatTheContractForbids(t *testing.T) {
	good := promcp.Candidate{Capability: "do_tag_decision", Source: "demo", Confidence: 1, Permission: promcp.Allowed, ValidUntil: at}
	cases := []struct {
		name    string
		edit    func(*promcp.Candidate)
		problem string
	}{
		{"no valid_until", func(c *promcp.Candidate) { c.ValidUntil = time.Time{} }, "valid_until is not set"},
		{"confidence above one", func(c *promcp.Candidate) { c.Confidence = 1.01 }, "confidence 1.01 is outside 0–1"},
		{"confidence below zero", func(c *promcp.Candidate) { c.Confidence = -0.1 }, "outside 0–1"},
		{"blocking permission", func(c *promcp.Candidate) { c.Permission = promcp.PolicyDenied }, "report it as blocked"},
		{"unknown permission", func(c *promcp.Candidate) { c.Permission = "maybe" }, `permission "maybe" is not one of`},
		{"no capability", func(c *promcp.Candidate) { c.Capability = "" }, "capability is empty"},
		{"min above max", func(c *promcp.Candidate) { c.Constraints.Min, c.Constraints.Max = ptr(2.0), ptr(1.0) }, "constraints.min 2 is above constraints.max 1"},
		{"negative latency", func(c *promcp.Candidate) { c.EstimatedLatencyMS = -1 }, "estimated_latency_ms -1 is negative"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cand := good
			c.edit(&cand)
			_, err := promcp.NewCandidate(cand)
			wantProblem(t, err, c.problem)
			_, err = promcp.NewCapabilityReport(promcp.CapabilityReport{Candidates: []promcp.Candidate{cand}, Metadata: promcp.Metadata{Timestamp: at}})
			wantProblem(t, err, "candidates[0]: ")
		})
	}
	_, err := promcp.NewBlocked(promcp.Blocked{Capability: "do_x", Source: "demo", Permission: promcp.Allowed, Reason: "r"})
	wantProblem(t, err, "report it as a candidate")
	_, err = promcp.NewBlocked(promcp.Blocked{Capability: "do_x", Source: "demo", Permission: promcp.RateLimited})
	wantProblem(t, err, "reason is empty")

	r, err := promcp.NewCapabilityReport(promcp.CapabilityReport{Candidates: []promcp.Candidate{good}, Metadata: promcp.Metadata{Timestamp: at}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Feasible || r.QueryID == "" || r.Blocked == nil || r.Context.CurrentObservations == nil {
		t.Errorf("report = %+v, want feasible, an id, and no null lists", r)
	}
	approval := good
	approval.Permission = promcp.RequiresHumanApproval
	r, err = promcp.NewCapabilityReport(promcp.CapabilityReport{Candidates: []promcp.Candidate{approval}, Metadata: promcp.Metadata{Timestamp: at}})
	if err != nil || r.Feasible {
		t.Errorf("a report whose only candidate needs approval = feasible %v, %v; want not feasible now", r.Feasible, err)
	}
	r.Feasible = true
	wantProblem(t, r.Validate(), "feasible is true but no candidate is allowed")
}

func wantProblem(t *testing.T, err error, problem string) {
	t.Helper()
	var ce *promcp.ContractError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *ContractError naming %q", err, problem)
	}
	if !strings.Contains(err.Error(), problem) {
		t.Errorf("err = %v, want it to name %q", err, problem)
	}
}

// The field lists, the schemas' properties and required lists, and the Go
// types' JSON names are one fact; this holds them together.
func TestFieldsAreTheTypesAndTheSchemas(t *testing.T) {
	cases := []struct {
		name   string
		fields []string
		// extensions are optional fields after the required ones, each
		// omitted from the JSON when empty.
		extensions []string
		typ        reflect.Type
		schema     map[string]any
	}{
		{"read", promcp.ReadFields(), promcp.ReadExtensionFields(), reflect.TypeFor[promcp.Read[int]](), promcp.ReadSchema(nil)},
		{"do", promcp.DoFields(), nil, reflect.TypeFor[promcp.Do[int]](), promcp.DoSchema(nil)},
		{"report", promcp.ReportFields(), nil, reflect.TypeFor[promcp.CapabilityReport](), promcp.CapabilityReportSchema()},
		{"candidate", promcp.CandidateFields(), nil, reflect.TypeFor[promcp.Candidate](),
			promcp.CapabilityReportSchema()["properties"].(map[string]any)["candidates"].(map[string]any)["items"].(map[string]any)},
	}
	for _, c := range cases {
		var tags []string
		for f := range c.typ.Fields() {
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			tags = append(tags, name)
			if slices.Contains(c.extensions, name) != (opts == "omitempty") {
				t.Errorf("%s: field %s has JSON options %q; an extension, and only one, is omitempty", c.name, name, opts)
			}
		}
		if all := append(slices.Clone(c.fields), c.extensions...); !slices.Equal(tags, all) {
			t.Errorf("%s: JSON names %v, fields %v", c.name, tags, all)
		}
		var req []string
		for _, r := range c.schema["required"].([]any) {
			req = append(req, r.(string))
		}
		props := c.schema["properties"].(map[string]any)
		if !slices.Equal(req, c.fields) || len(props) != len(c.fields)+len(c.extensions) {
			t.Errorf("%s: schema requires %v with %d properties, fields %v and extensions %v", c.name, req, len(props), c.fields, c.extensions)
		}
		for _, f := range append(slices.Clone(c.fields), c.extensions...) {
			p, ok := props[f].(map[string]any)
			if !ok || p["description"] == nil {
				t.Errorf("%s: property %q missing or without a description", c.name, f)
			}
		}
	}
}

// Every contract a constructor accepts validates against its schema, and
// taking away a required field makes it fail (the schema can fail).
func TestContractsValidateAgainstTheirSchemas(t *testing.T) {
	value := map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	readS, doS, reportS := compile(t, promcp.ReadSchema(value)), compile(t, promcp.DoSchema(value)), compile(t, promcp.CapabilityReportSchema())
	rapid.Check(t, func(t *rapid.T) {
		tags := rapid.SliceOf(rapid.StringMatching(`[a-z]{1,8}`)).Draw(t, "tags")
		when := time.Unix(rapid.Int64Range(0, 4102444800).Draw(t, "unix"), rapid.Int64Range(0, 999999999).Draw(t, "nanos"))
		r, err := promcp.NewRead(tags, rapid.SampledFrom([]string{"", "tags", "°C"}).Draw(t, "unit"), when,
			rapid.SampledFrom(promcp.Qualities()).Draw(t, "quality"))
		if err != nil {
			t.Fatal(err)
		}
		valid(t, readS, r)
		var dropped []promcp.DroppedFilter
		for i := range rapid.IntRange(0, 2).Draw(t, "dropped") {
			d := promcp.DroppedFilter{Property: "f" + string(rune('a'+i)), Path: "/f" + string(rune('a'+i)),
				Received: json.RawMessage(`"x"`), MayMean: []promcp.Meaning{}, Message: "Dropped the filter value \"x\"."}
			for range rapid.IntRange(0, 2).Draw(t, "may mean") {
				d.MayMean = append(d.MayMean, promcp.Meaning{Value: json.RawMessage(`"NS"`), Meaning: "Nejvyšší soud"})
			}
			dropped = append(dropped, d)
		}
		valid(t, readS, r.WithDroppedFilters(dropped))

		d := promcp.Do[[]string]{Status: rapid.SampledFrom(promcp.Statuses()).Draw(t, "status"), Effect: promcp.EffectCommitted}
		if rapid.Bool().Draw(t, "changed") {
			d.SideEffects = rapid.SliceOf(rapid.StringMatching(`[a-z ]{0,5}[a-z]`)).Draw(t, "effects")
			if rapid.Bool().Draw(t, "applied") {
				d.AppliedValue, d.PreviousValue = &tags, ptr(append([]string{"before"}, tags...))
			}
			if rapid.Bool().Draw(t, "compensable") {
				if d, err = d.Compensate("do_untag_decision", map[string]any{"tags": tags}); err != nil {
					t.Fatal(err)
				}
			}
		} else {
			// Nothing changed: the values are the same, and there are no
			// side effects and nothing to reverse.
			d.AppliedValue, d.PreviousValue = &tags, ptr(append([]string{}, tags...))
		}
		done, err := d.Complete(rapid.StringMatching(`[a-z0-9-]{1,20}`).Draw(t, "key"), when)
		if err != nil {
			t.Fatal(err)
		}
		valid(t, doS, done)

		var cands []promcp.Candidate
		for i := range rapid.IntRange(0, 3).Draw(t, "candidates") {
			c := promcp.Candidate{Capability: "do_" + string(rune('a'+i)), Source: "demo",
				Confidence: rapid.Float64Range(0, 1).Draw(t, "confidence"),
				Permission: rapid.SampledFrom([]promcp.Permission{promcp.Allowed, promcp.RequiresHumanApproval}).Draw(t, "permission"),
				ValidUntil: when.Add(time.Minute)}
			if rapid.Bool().Draw(t, "bounded") {
				c.Constraints.Min, c.Constraints.Max = ptr(0.0), ptr(10.0)
			}
			if rapid.Bool().Draw(t, "state") {
				c.CurrentState = &promcp.State{Value: tags, Timestamp: when}
			}
			cands = append(cands, c)
		}
		rep, err := promcp.NewCapabilityReport(promcp.CapabilityReport{Candidates: cands,
			Blocked:  []promcp.Blocked{{Capability: "do_z", Source: "demo", Permission: promcp.CooldownActive, Reason: "just ran"}},
			Metadata: promcp.Metadata{Timestamp: when}})
		if err != nil {
			t.Fatal(err)
		}
		valid(t, reportS, rep)
	})

	// A do result without compensable is what proMCP-lint's R006 names.
	b, _ := json.Marshal(map[string]any{"status": "success", "effect": "committed", "idempotency_key": "k", "applied_value": nil,
		"previous_value": nil, "side_effects": []any{}, "compensation_hint": nil, "timestamp": "2026-12-01T21:30:00Z"})
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err := doS.Validate(doc); err == nil {
		t.Error("a do result without compensable validates against DoSchema")
	}
	// A candidate without valid_until is what R010 names.
	b, _ = json.Marshal(map[string]any{"query_id": "q", "feasible": true, "blocked": []any{},
		"candidates": []any{map[string]any{"capability": "do_x", "source": "s", "confidence": 1, "permission": "allowed",
			"current_state": nil, "constraints": map[string]any{"min": nil, "max": nil, "unit": nil, "enum_values": []any{}},
			"side_effects": []any{}, "estimated_latency_ms": 0}},
		"context":  map[string]any{"related_reads": []any{}, "current_observations": map[string]any{}},
		"metadata": map[string]any{"timestamp": "2026-12-01T21:30:00Z", "total_latency_ms": 0}})
	doc, _ = jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err := reportS.Validate(doc); err == nil {
		t.Error("a candidate without valid_until validates against CapabilityReportSchema")
	}
}

func valid(t *rapid.T, s *jsonschema.Schema, v any) {
	t.Helper()
	if err := s.Validate(roundTrip(t, v)); err != nil {
		b, _ := json.Marshal(v)
		t.Fatalf("%s\ndoes not validate: %v", b, err)
	}
}

func TestNullableKeepsTheValueSchema(t *testing.T) {
	cases := []struct {
		value map[string]any
		ok    []string
		bad   []string
	}{
		{map[string]any{"type": "string", "enum": []any{"a", "b"}}, []string{`"a"`, `null`}, []string{`"c"`, `1`}},
		{map[string]any{"type": []any{"integer", "null"}}, []string{`1`, `null`}, []string{`"1"`}},
		{nil, []string{`1`, `null`, `"x"`}, nil},
		{map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}},
			[]string{`"x"`, `2`, `null`}, []string{`true`}},
	}
	for _, c := range cases {
		s := compile(t, promcp.DoSchema(c.value))
		for _, v := range c.ok {
			if err := s.Validate(doWith(t, v)); err != nil {
				t.Errorf("value schema %v: applied_value %s refused: %v", c.value, v, err)
			}
		}
		for _, v := range c.bad {
			if err := s.Validate(doWith(t, v)); err == nil {
				t.Errorf("value schema %v: applied_value %s accepted", c.value, v)
			}
		}
	}
}

func doWith(t *testing.T, applied string) any {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"status":"success","effect":"committed","changed":true,"idempotency_key":"k","applied_value":` + applied +
		`,"previous_value":null,"side_effects":[],"compensable":false,"compensation_hint":null,"timestamp":"2026-12-01T21:30:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestNameTriad(t *testing.T) {
	cases := []struct {
		name  string
		triad promcp.Triad
		exact bool
	}{
		{"read_orders", promcp.TriadRead, true},
		{"do_tag_decision", promcp.TriadDo, true},
		{"can_do", promcp.TriadCanDo, true},
		{"can_do_refund", promcp.TriadCanDo, true},
		{"read_", promcp.TriadRead, false},
		{"do_read_orders", promcp.TriadDo, false},
		{"read_do_x", promcp.TriadRead, false},
		{"can_do_do_tag", promcp.TriadCanDo, false},
		{"do_can_do", promcp.TriadDo, false},
		{"do_read", promcp.TriadDo, false},
		{"read_can_document", promcp.TriadRead, true},
		{"search_orders", "", false},
		{"reader", "", false},
		{"can_dox", "", false},
		{"undo_tag", "", false},
	}
	for _, c := range cases {
		if tr, ex := promcp.NameTriad(c.name); tr != c.triad || ex != c.exact {
			t.Errorf("NameTriad(%q) = %q, %v; want %q, %v", c.name, tr, ex, c.triad, c.exact)
		}
	}
}

// A read carries the filters its call dropped as dropped_filters, and is
// then not good: good and stale become degraded, degraded and error stay.
// With none dropped it is the read as it was, and its JSON has no
// dropped_filters at all.
func TestWithDroppedFilters(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	d := []promcp.DroppedFilter{{Property: "court", Path: "/court", Received: json.RawMessage(`"Nejvyšší"`),
		MayMean: []promcp.Meaning{{Value: json.RawMessage(`"NS"`), Meaning: "Nejvyšší soud"}}, Message: "m"}}
	for q, want := range map[promcp.Quality]promcp.Quality{promcp.Good: promcp.Degraded, promcp.Stale: promcp.Degraded,
		promcp.Degraded: promcp.Degraded, promcp.Error: promcp.Error} {
		r, err := promcp.NewRead(1, "", at, q)
		if err != nil {
			t.Fatal(err)
		}
		got := r.WithDroppedFilters(d).(promcp.Read[int])
		if got.Quality != want || len(got.DroppedFilters) != 1 {
			t.Errorf("%s: %+v", q, got)
		}
		same := r.WithDroppedFilters(nil).(promcp.Read[int])
		raw, _ := json.Marshal(same)
		if same.Quality != q || strings.Contains(string(raw), "dropped_filters") {
			t.Errorf("%s with nothing dropped: %s", q, raw)
		}
	}
	var _ promcp.Narrowed = promcp.Read[string]{}
}
