package demo

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

// Over random tag sets: a do call's reply states the tags the decision had
// before it and has after it, as reads find them; and the call followed by
// its compensation hint, sent literally as the hint writes it, restores
// the tags the decision had before the call. A call that changed nothing
// says so and offers nothing to reverse.
func TestPropertyCompensationRestores(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		store := NewStore()
		ts, err := ToolsWith(store, Options{Keys: [][]byte{testKey}, Observer: observe.None{}, Receipts: &receipt.Memory{}})
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]*factory.Tool{}
		for _, tool := range ts {
			byName[tool.Name()] = tool
		}
		ctx := context.Background()
		d := store.decisions[rapid.IntRange(0, Size-1).Draw(t, "decision")]
		initial := rapid.SliceOfDistinct(rapid.SampledFrom(Tags), rapid.ID[string]).Draw(t, "initial")
		slices.Sort(initial)
		if _, _, err := store.SetTags(ctx, d.ID, initial); err != nil {
			t.Fatal(err)
		}
		read := func() []string {
			got, _, _, err := store.Get(ctx, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.Tags
		}
		tool := rapid.SampledFrom([]string{"do_tag_decision", "do_untag_decision", "do_set_tags"}).Draw(t, "tool")
		tags := rapid.SliceOfDistinct(rapid.SampledFrom(Tags), rapid.ID[string]).Draw(t, "tags")
		args, _ := json.Marshal(map[string]any{"decision_id": d.ID, "tags": tags})

		before := read()
		res := byName[tool].Call(ctx, args)
		if res.Envelope != nil {
			t.Fatalf("%s %s: %s", tool, args, res.Envelope.Message)
		}
		after := read()
		done := res.Output.(Tagged)
		if !slices.Equal(*done.PreviousValue, before) || !slices.Equal(*done.AppliedValue, after) {
			t.Fatalf("%s %s reported %v → %v; reads found %v → %v", tool, args, *done.PreviousValue, *done.AppliedValue, before, after)
		}
		if !done.Compensable {
			if slices.Equal(before, after) != done.Unchanged() || !done.Unchanged() || len(done.SideEffects) != 0 {
				t.Fatalf("%s %s changed %v → %v but offers nothing to reverse: %+v", tool, args, before, after, done)
			}
			return
		}
		if done.Unchanged() || slices.Equal(before, after) {
			t.Fatalf("%s %s changed nothing but is compensable: %+v", tool, args, done)
		}
		reverse, reverseArgs, err := promcp.ParseCompensation(*done.CompensationHint)
		if err != nil {
			t.Fatal(err)
		}
		back := byName[reverse].Call(ctx, reverseArgs)
		if back.Envelope != nil {
			t.Fatalf("the compensation %s: %s", *done.CompensationHint, back.Envelope.Message)
		}
		if got := read(); !slices.Equal(got, before) {
			t.Fatalf("%s %s took %v to %v; its compensation %s left %v", tool, args, before, after, *done.CompensationHint, got)
		}
	})
}
