package factory_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

type setIn struct {
	Level int    `json:"level" agentinput:"required,min=0,max=10" desc:"The level to set."`
	Room  string `json:"room" agentinput:"required" desc:"The room whose level to set."`
}

func canDoFixture(t *testing.T, check func(context.Context, map[string]any) factory.Verdict) *factory.Tool {
	t.Helper()
	desc := "Sets the heating level of one room. Use when the user asks to make a room warmer or colder."
	set := factory.Must(factory.Spec{Name: "do_set_level", Title: "Set a level", Description: desc, Intent: factory.IntentDo,
		Receipts: &receipt.Memory{}, SideEffects: []string{"the boiler starts"}},
		func(context.Context, setIn, *factory.Call) (promcp.Do[int], error) { return promcp.Do[int]{}, nil })
	cando, err := factory.CanDo(factory.Spec{Name: "can_do", Title: "Whether it can be done",
		Description: "Answers whether an action would run now, and why not, without changing anything. Use when the user asks before acting."},
		factory.Action{Tool: set, Check: check, RelatedReads: []string{"read_level"}})
	if err != nil {
		t.Fatal(err)
	}
	return cando
}

func TestCanDoReadsTheActionsArguments(t *testing.T) {
	var got []map[string]any
	cando := canDoFixture(t, func(_ context.Context, args map[string]any) factory.Verdict {
		got = append(got, args)
		return factory.Verdict{}
	})
	ctx := context.Background()
	nested := cando.Call(ctx, json.RawMessage(`{"action":"do_set_level","arguments":{"level":"7","room":"kitchen"}}`))
	flat := cando.Call(ctx, json.RawMessage(`{"action":"do_set_level","level":"7","room":"kitchen"}`))
	folded := cando.Call(ctx, json.RawMessage(`{"action":"Do Set Level","level":7,"room":"kitchen"}`))
	for name, res := range map[string]*factory.Result{"nested": nested, "flat": flat, "folded": folded} {
		if res.Envelope != nil {
			t.Fatalf("%s: %+v", name, res.Envelope)
		}
		r := res.Output.(promcp.CapabilityReport)
		c := r.Candidates[0]
		if !r.Feasible || c.Capability != "do_set_level" || c.ValidUntil.IsZero() || c.SideEffects[0] != "the boiler starts" ||
			*c.Constraints.Min != 0 || *c.Constraints.Max != 10 || r.Context.RelatedReads[0] != "read_level" {
			t.Errorf("%s: %+v", name, r)
		}
		if want := map[string]float64{"nested": 1, "flat": 1, "folded": factory.FoldedConfidence}[name]; c.Confidence != want {
			t.Errorf("%s: confidence %v, want %v", name, c.Confidence, want)
		}
	}
	// The precondition got the action's normalized arguments, each time.
	for _, args := range got {
		if b, _ := json.Marshal(args); string(b) != `{"level":7,"room":"kitchen"}` {
			t.Errorf("the check got %s", b)
		}
	}
	// The notes point where the value was sent.
	if !hasPath(nested.Notes, "/arguments/level") || !hasPath(flat.Notes, "/level") || !hasPath(folded.Notes, "/action") {
		t.Errorf("notes: nested %+v, flat %+v, folded %+v", nested.Notes, flat.Notes, folded.Notes)
	}
	if b, _ := json.Marshal(nested.Arguments); string(b) != `{"action":"do_set_level","arguments":{"level":7,"room":"kitchen"}}` {
		t.Errorf("nested arguments %s", b)
	}
}

func hasPath(rs []agentinput.Remark, path string) bool {
	for _, r := range rs {
		if r.Path == path {
			return true
		}
	}
	return false
}

func TestCanDoAsks(t *testing.T) {
	cando := canDoFixture(t, nil)
	ctx := context.Background()
	cases := []struct {
		args  string
		paths []string // the envelope's issue paths
	}{
		{`{"action":"do_set_level","arguments":{"level":"eleven","room":"kitchen"}}`, []string{"/arguments/level"}},
		{`{"action":"do_set_level","level":11,"room":"kitchen"}`, []string{"/level"}},
		{`{"action":"do_set_level","arguments":{"room":"kitchen","level":null},"x":1}`, []string{"/x"}},
		{`{"action":"do_set_level","arguments":{"level":1,"room":"kitchen"},"room":"hall"}`, []string{"/room"}},
		{`{"action":"do_set_lever","level":1,"room":"kitchen"}`, []string{"/action"}}, // a near miss asks, never a candidate
		{`{"action":"do_refund","level":1,"room":"kitchen"}`, []string{"/action"}},
		{`{"level":1,"room":"kitchen"}`, []string{"/action"}},
	}
	for _, c := range cases {
		res := cando.Call(ctx, json.RawMessage(c.args))
		if res.Envelope == nil {
			t.Errorf("%s: answered %+v", c.args, res.Output)
			continue
		}
		var paths []string
		for _, is := range res.Envelope.Issues {
			paths = append(paths, is.Path)
		}
		if strings.Join(paths, " ") != strings.Join(c.paths, " ") {
			t.Errorf("%s: issues at %v, want %v", c.args, paths, c.paths)
		}
	}
}

func TestCanDoBlocked(t *testing.T) {
	ctx := context.Background()
	// Arguments the action needs and the call leaves out (a placeholder is
	// absence: can_do is a read) are the answer, not an ask.
	for _, args := range []string{`{"action":"do_set_level","arguments":{"room":"kitchen"}}`, `{"action":"do_set_level","room":"kitchen","level":"N/A"}`} {
		res := canDoFixture(t, nil).Call(ctx, json.RawMessage(args))
		r, _ := res.Output.(promcp.CapabilityReport)
		if res.Envelope != nil || r.Feasible || len(r.Blocked) != 1 || r.Blocked[0].Reason != "do_set_level needs level" {
			t.Errorf("%s: %+v %+v", args, res.Envelope, r)
		}
	}
	blocked := canDoFixture(t, func(context.Context, map[string]any) factory.Verdict {
		return factory.Verdict{Permission: promcp.CooldownActive, Reason: "the boiler restarted a minute ago", Details: "wait 4 minutes"}
	})
	res := blocked.Call(ctx, json.RawMessage(`{"action":"do_set_level","level":1,"room":"kitchen"}`))
	r, _ := res.Output.(promcp.CapabilityReport)
	if res.Envelope != nil || r.Feasible || len(r.Candidates) != 0 || len(r.Blocked) != 1 || r.Blocked[0].Permission != promcp.CooldownActive || *r.Blocked[0].Details != "wait 4 minutes" {
		t.Errorf("blocked: %+v %+v", res.Envelope, r)
	}
	approval := canDoFixture(t, func(context.Context, map[string]any) factory.Verdict {
		return factory.Verdict{Permission: promcp.RequiresHumanApproval}
	})
	r, _ = approval.Call(ctx, json.RawMessage(`{"action":"do_set_level","level":1,"room":"kitchen"}`)).Output.(promcp.CapabilityReport)
	if r.Feasible || len(r.Candidates) != 1 || r.Candidates[0].Permission != promcp.RequiresHumanApproval {
		t.Errorf("approval: %+v", r)
	}
	// A precondition that blocks without a reason is the server's bug.
	broken := canDoFixture(t, func(context.Context, map[string]any) factory.Verdict {
		return factory.Verdict{Permission: promcp.PolicyDenied}
	})
	if res := broken.Call(ctx, json.RawMessage(`{"action":"do_set_level","level":1,"room":"kitchen"}`)); res.Envelope == nil {
		t.Errorf("a reasonless block answered %+v", res.Output)
	}
}

func TestCanDoDeclaration(t *testing.T) {
	desc := "Answers whether an action would run now, and why not, without changing anything. Use when the user asks before acting."
	read := factory.Must(factory.Spec{Name: "read_level", Title: "The level", Description: desc, Intent: factory.IntentRead},
		func(context.Context, setIn, *factory.Call) (promcp.Read[int], error) { return promcp.Read[int]{}, nil })
	for _, c := range []struct {
		name    string
		actions []factory.Action
		want    string
	}{
		{"can_do", nil, "needs at least one action"},
		{"can_do", []factory.Action{{Tool: read}}, "action read_level is not a do tool"},
		{"check_it", []factory.Action{{}}, "a generic can_do is named can_do or can_do_*"},
	} {
		_, err := factory.CanDo(factory.Spec{Name: c.name, Title: "Whether it can be done", Description: desc}, c.actions...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: err %v, want %q", c.name, c.actions, err, c.want)
		}
	}
}

// BenchmarkCanDo compares the generic can_do (reading the action's
// arguments with its declaration, the precondition, the report) with a
// plain read call that reads the same arguments.
func BenchmarkCanDo(b *testing.B) {
	cando := canDoFixture(&testing.T{}, func(context.Context, map[string]any) factory.Verdict { return factory.Verdict{} })
	desc := "Reads the heating level of one room. Use when the user asks how warm a room is set to be."
	read := factory.Must(factory.Spec{Name: "read_level", Title: "The level", Description: desc, Intent: factory.IntentRead},
		func(_ context.Context, in setIn, _ *factory.Call) (promcp.Read[int], error) {
			return promcp.Read[int]{Value: in.Level, Quality: promcp.Good}, nil
		})
	ctx := context.Background()
	for _, c := range []struct {
		name string
		tool *factory.Tool
		args string
	}{
		{"read", read, `{"level":"7","room":"kitchen"}`},
		{"can_do_nested", cando, `{"action":"do_set_level","arguments":{"level":"7","room":"kitchen"}}`},
		{"can_do_beside", cando, `{"action":"do_set_level","level":"7","room":"kitchen"}`},
	} {
		raw := json.RawMessage(c.args)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := c.tool.Call(ctx, raw); res.Envelope != nil {
					b.Fatal(res.Envelope)
				}
			}
		})
	}
}
