package fuzz_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/fuzz"
)

type ChargeIn struct {
	Amount float64 `json:"amount" agentinput:"number,required" desc:"The amount to charge."`
	Since  string  `json:"since,omitempty" agentinput:"date" desc:"Charge only orders placed since this day."`
}

var charge = factory.Must(factory.Spec{Name: "charge", Title: "Charge",
	Description: "Charges the customer's open orders. Use when the user asks to bill what is due.",
	Intent:      factory.IntentRead},
	func(_ context.Context, in ChargeIn, _ *factory.Call) (string, error) {
		return fmt.Sprintf("charged %.2f", in.Amount), nil
	})

// A test of one's own tool is five lines: the canonical calls, spelled by
// the kinds their properties bind.
func ExampleTool() {
	_ = func(t *testing.T) {
		fuzz.Tool(t, charge, `{"amount": 4000, "since": "2026-10-01"}`, `{"amount": 12.5}`)
	}
}

// How a model may spell one property's value, and a spelling the tool
// must ask about: factory.Tool.Spell, driven here by a fixed string of
// choices (fuzz.Bytes; a rapid test uses fuzz.Draws).
func Example() {
	for _, choices := range [][]byte{{}, {1, 9, 4, 0, 6}, {5, 6, 10, 7, 6, 5}, {9, 6, 0, 8, 3}} {
		s, _ := charge.Spell(fuzz.Bytes(choices), "amount", json.Number("4000"), false)
		text, _ := json.Marshal(s.Value)
		fmt.Printf("%s (%s)\n", text, s.Class)
	}
	s, _ := charge.Spell(fuzz.Bytes(nil), "since", "2026-02-01", true)
	res := charge.Call(context.Background(), json.RawMessage(`{"amount":1,"since":"`+s.Value.(string)+`"}`))
	fmt.Println(s.Value, "-", s.Class, "-", res.Envelope.Issues[0].Message())
	// Output:
	// 4000 (canonical)
	// "4 000" (grouped by spaces)
	// "4.000,0" (trailing zeros + grouped by dots + decimal comma)
	// "4_000" (grouped by underscores)
	// 1/2/2026 - day/month order - Could not read "1/2/2026": the order of day and month is not declared; it has 2 meanings: "2026-02-01" (day first) or "2026-01-02" (month first). Expected a date as YYYY-MM-DD, for example "2026-10-01". Send the one you mean as YYYY-MM-DD.
}
