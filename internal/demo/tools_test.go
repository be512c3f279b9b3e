package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/factory/factorytest"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/promcp"
)

var testKey = []byte("demo-test-key-0123456789abcdef-0123")

func tools(t *testing.T) map[string]*factory.Tool {
	t.Helper()
	ts, err := Tools(NewStore(), testKey, observe.Slog{Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*factory.Tool{}
	for _, tool := range ts {
		out[tool.Name()] = tool
	}
	return out
}

func TestReadDecisionsPages(t *testing.T) {
	ts := tools(t)
	ctx := protocol.WithPrincipal(context.Background(), "s1")
	args := `{"court":"Nejvyšší soud","date_from":"2018","limit":"7","cursor":"start"}`
	seen := map[string]bool{}
	total := -1
	for range 100 {
		res := ts["read_decisions"].Call(ctx, json.RawMessage(args))
		if res.Envelope != nil {
			t.Fatalf("%s: %+v", args, res.Envelope)
		}
		page := res.Output.(promcp.Read[Page]).Value
		total = page.Total
		for _, d := range page.Decisions {
			if seen[d.ID] || d.Court != "NS" || d.Date < "2018-01-01" {
				t.Fatalf("decision %+v repeated or outside the query", d)
			}
			seen[d.ID] = true
		}
		if page.NextCursor == "" {
			break
		}
		args = `{"court":"NS","date_from":"2018-01-01","limit":7,"cursor":"` + page.NextCursor + `"}`
	}
	if total <= 7 || len(seen) != total {
		t.Fatalf("paged through %d of %d", len(seen), total)
	}
}

func TestDoTagDecision(t *testing.T) {
	ts := tools(t)
	store := NewStore()
	id := store.decisions[0].ID
	ctx := context.Background()
	// A placeholder id on the do tool is asked about.
	res := ts["do_tag_decision"].Call(ctx, json.RawMessage(`{"decision_id":"00000000-0000-0000-0000-000000000000","tags":["tax"]}`))
	if res.Envelope == nil {
		t.Fatal("a placeholder id was taken")
	}
	// A retried call with a differently spelled argument is the same call.
	first := ts["do_tag_decision"].Call(ctx, json.RawMessage(`{"decision_id":"`+strings.ToUpper(id)+`","tags":"Tax, family"}`))
	again := ts["do_tag_decision"].Call(ctx, json.RawMessage(`{"decision_id":"`+id+`","tags":["tax","family"]}`))
	if first.Envelope != nil || again.Envelope != nil || first.Replayed || !again.Replayed {
		t.Fatalf("first %+v, again %+v", first.Envelope, again)
	}
	tagged := first.Output.(Tagged)
	if !slices.Contains(*tagged.AppliedValue, "tax") || !slices.Contains(*tagged.AppliedValue, "family") ||
		tagged.IdempotencyKey != first.IdempotencyKey || tagged.IdempotencyKey == "" || tagged.Timestamp.IsZero() {
		t.Fatalf("tagged %+v, want the tags after it, the key the call used (%s) and its time", tagged, first.IdempotencyKey)
	}
	added := slices.DeleteFunc(slices.Clone(*tagged.AppliedValue), func(t string) bool { return slices.Contains(*tagged.PreviousValue, t) })
	if len(added) == 0 || !tagged.Compensable || !strings.HasPrefix(*tagged.CompensationHint, `do_untag_decision {"decision_id":"`+id+`"`) {
		t.Fatalf("tagged %+v: want it compensable by do_untag_decision", tagged)
	}
	report := func(action string) promcp.CapabilityReport {
		t.Helper()
		res := ts["can_do"].Call(ctx, json.RawMessage(`{"action":"`+action+`","decision_id":"`+id+`","tags":["tax","family"]}`))
		if res.Envelope != nil {
			t.Fatalf("can_do %s: %+v", action, res.Envelope)
		}
		return res.Output.(promcp.CapabilityReport)
	}
	if r := report("do tag decision"); r.Feasible || len(r.Blocked) != 1 || !strings.Contains(r.Blocked[0].Reason, "already has") {
		t.Fatalf("can_do after tagging: %+v", r)
	}
	if r := report("do_untag_decision"); !r.Feasible || len(r.Candidates) != 1 || r.Candidates[0].ValidUntil.IsZero() {
		t.Fatalf("can_do untag after tagging: %+v", r)
	}
	// The compensating call restores the tags before.
	undo := ts["do_untag_decision"].Call(ctx, json.RawMessage(`{"decision_id":"`+id+`","tags":["`+strings.Join(added, `","`)+`"]}`))
	if undo.Envelope != nil || !slices.Equal(*undo.Output.(Tagged).AppliedValue, *tagged.PreviousValue) {
		t.Fatalf("untag: %+v %+v, want the tags %v back", undo.Envelope, undo.Output, *tagged.PreviousValue)
	}
}

// TestTagsFixedPoint: what read_decision describes of a decision's tags,
// do_set_tags takes back byte for byte, with no note, and read_decision
// then describes the same bytes — for tags as generated, after tagging,
// and for no tags at all.
func TestTagsFixedPoint(t *testing.T) {
	ts := tools(t)
	ctx := context.Background()
	store := NewStore()
	for _, d := range store.decisions[:3] {
		factorytest.FixedPoint(t, ctx, ts["read_decision"], ts["do_set_tags"], json.RawMessage(`{"id":"`+d.ID+`"}`))
	}
	id := store.decisions[3].ID
	if res := ts["do_tag_decision"].Call(ctx, json.RawMessage(`{"decision_id":"`+id+`","tags":["tort","tax"]}`)); res.Envelope != nil {
		t.Fatal(res.Envelope)
	}
	factorytest.FixedPoint(t, ctx, ts["read_decision"], ts["do_set_tags"], json.RawMessage(`{"id":"`+id+`"}`))
	id = store.decisions[4].ID
	res := ts["do_set_tags"].Call(ctx, json.RawMessage(`{"decision_id":"`+id+`","tags":[],"idempotency_key":"clear-tags"}`))
	if res.Envelope != nil || len(*res.Output.(Tagged).AppliedValue) != 0 {
		t.Fatalf("no tags: %+v", res.Envelope)
	}
	factorytest.FixedPoint(t, ctx, ts["read_decision"], ts["do_set_tags"], json.RawMessage(`{"id":"`+id+`"}`))
}
