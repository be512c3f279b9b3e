package promcp_test

import (
	"encoding/json"
	"fmt"
	"time"

	"agentinput.dev/promcp"
)

func ExampleNewDo() {
	previous, applied := []string{"tax"}, []string{"tax", "vat"}
	d, err := promcp.NewDo(promcp.Do[[]string]{
		AppliedValue: &applied, PreviousValue: &previous,
		SideEffects: []string{"notifies the decision's watchers"},
	})
	if err == nil {
		// The exact call that reverses this change: it removes the tag
		// the call added, never one the decision had before.
		d, err = d.Compensate("do_untag_decision", map[string]any{"decision_id": "d-7731", "tags": []string{"vat"}})
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	// The factory completes the result with the call's effect and the key
	// it used.
	done, _ := d.CompleteDo(promcp.DoFill{Effect: promcp.EffectCommitted, Key: "5c1d8a52", At: time.Date(2026, 12, 1, 21, 30, 0, 0, time.UTC)})
	b, _ := json.Marshal(done)
	fmt.Println(string(b))
	// Output:
	// {"status":"success","effect":"committed","changed":true,"idempotency_key":"5c1d8a52","applied_value":["tax","vat"],"previous_value":["tax"],"side_effects":["notifies the decision's watchers"],"compensable":true,"compensation_hint":"do_untag_decision {\"decision_id\":\"d-7731\",\"tags\":[\"vat\"]}","timestamp":"2026-12-01T21:30:00Z"}
}

func ExampleNewDo_unchanged() {
	// The decision already had the tag: the call changed nothing, so it
	// has no side effects and nothing to reverse.
	tags := []string{"tax"}
	d, _ := promcp.NewDo(promcp.Do[[]string]{AppliedValue: &tags, PreviousValue: &tags})
	done, _ := d.CompleteDo(promcp.DoFill{Effect: promcp.EffectCommitted, Key: "5c1d8a52", At: time.Date(2026, 12, 1, 21, 30, 0, 0, time.UTC),
		SideEffects: []string{"notifies the decision's watchers"}})
	b, _ := json.Marshal(done)
	fmt.Println(string(b))
	// Output:
	// {"status":"success","effect":"committed","changed":false,"idempotency_key":"5c1d8a52","applied_value":["tax"],"previous_value":["tax"],"side_effects":[],"compensable":false,"compensation_hint":null,"timestamp":"2026-12-01T21:30:00Z"}
}

func ExampleNewDo_refused() {
	_, err := promcp.NewDo(promcp.Do[int]{Compensable: true})
	fmt.Println(err)
	// Output:
	// promcp: invalid do result: compensable is true but compensation_hint does not name the call that reverses it
}

func ExampleNewRead() {
	r, _ := promcp.NewRead(21.5, "°C", time.Date(2026, 12, 1, 22, 30, 0, 0, time.FixedZone("CET", 3600)), promcp.Good)
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
	// Output:
	// {"value":21.5,"unit":"°C","timestamp":"2026-12-01T21:30:00Z","quality":"good"}
}
