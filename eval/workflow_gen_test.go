package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/demo"
)

// workflowLine is one line of the shipped workflow corpus.
type workflowLine struct {
	Label string `json:"label"`
	Steps []Step `json:"steps"`
}

var allTags = []string{"contract", "tort", "employment", "tax", "criminal", "administrative", "constitutional", "family"}

// workflowCorpus is the shipped workflow corpus: the canonical
// orchestration (can_do → read → do → read the post-state) over the three
// demo writes, each workflow on a decision of its own (the workflows run
// one after another against one store), its calls spelled as models spell
// them — the action's name folded or partial, arguments nested or beside
// the action, tags as a string, ids in capitals.
func workflowCorpus() []workflowLine {
	decisions := demo.Generate()
	actionSpellings := map[string][]string{
		"do_tag_decision":   {"do_tag_decision", "do tag decision", "DO_TAG_DECISION", "Do-Tag-Decision"},
		"do_untag_decision": {"do_untag_decision", "do untag decision", "DO_UNTAG_DECISION", "untag"},
		"do_set_tags":       {"do_set_tags", "do set tags", "DO_SET_TAGS", "set tags"},
	}
	var out []workflowLine
	for n := range 45 {
		d := decisions[10+n]
		action := []string{"do_tag_decision", "do_untag_decision", "do_set_tags"}[n%3]
		var tags []string
		switch action {
		case "do_tag_decision":
			for _, t := range allTags {
				if !slices.Contains(d.Tags, t) {
					tags = append(tags, t)
					break
				}
			}
		case "do_untag_decision":
			if len(d.Tags) == 0 {
				continue
			}
			tags = []string{d.Tags[0]}
		case "do_set_tags":
			tags = []string{"tax", "family"}
			if slices.Equal(d.Tags, []string{"family", "tax"}) || slices.Equal(d.Tags, tags) {
				tags = []string{"criminal"}
			}
		}
		id := d.ID
		spelledID := id
		if n%4 == 1 {
			spelledID = strings.ToUpper(id)
		}
		var spelledTags any = tags
		if n%5 == 2 && len(tags) == 1 {
			spelledTags = strings.ToUpper(tags[0][:1]) + tags[0][1:]
		} else if n%5 == 3 {
			spelledTags = strings.Join(tags, ", ")
		}
		name := actionSpellings[action][n%4]
		intendedArgs := obj{"decision_id": id, "tags": tags}
		sentArgs := obj{"decision_id": spelledID, "tags": spelledTags}
		var check, checkIntended obj
		if n%2 == 0 {
			check, checkIntended = obj{"action": name, "arguments": sentArgs}, obj{"action": action, "arguments": intendedArgs}
		} else {
			check, checkIntended = obj{"action": name}, obj{"action": action}
			for k, v := range sentArgs {
				check[k] = v
			}
			for k, v := range intendedArgs {
				checkIntended[k] = v
			}
		}
		do := obj{"idempotency_key": fmt.Sprintf("wf-%02d", n)}
		for k, v := range sentArgs {
			do[k] = v
		}
		label := action + []string{"/nested", "/beside"}[n%2]
		out = append(out, workflowLine{Label: label, Steps: []Step{
			{Tool: "can_do", Arguments: js(check), Intended: js(checkIntended)},
			{Tool: "read_decision", Arguments: js(obj{"id": spelledID}), Intended: js(obj{"id": id})},
			{Tool: action, Arguments: js(do), Intended: js(intendedArgs)},
			{Tool: "read_decision", Arguments: js(obj{"id": id}), Intended: js(obj{"id": id}), Post: "/value/tags"},
		}})
	}
	return out
}

// TestGenerateWorkflows writes testdata/workflows.jsonl with -update and
// otherwise checks that the file is what the generator writes.
func TestGenerateWorkflows(t *testing.T) {
	var buf bytes.Buffer
	for _, l := range workflowCorpus() {
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(l); err != nil {
			t.Fatal(err)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/workflows.jsonl", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile("testdata/workflows.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, buf.Bytes()) {
		t.Fatal("testdata/workflows.jsonl is not what the generator writes: go test ./eval -run TestGenerateWorkflows -update")
	}
}

// TestWorkflowCorpus runs the shipped workflows against fresh demo tools:
// no step is accepted with other arguments than meant, and the recorded
// share of workflows completes (raise it when it rises).
func TestWorkflowCorpus(t *testing.T) {
	f, err := os.Open("testdata/workflows.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	wfs, err := LoadWorkflows(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(wfs) < 40 {
		t.Fatalf("%d workflows; the corpus ships at least 40", len(wfs))
	}
	tools, err := DemoTools()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunWorkflows(protocol.WithPrincipal(context.Background(), Session), NewTools(tools), wfs)
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	rep.WriteMarkdown(&md)
	t.Log("\n" + md.String())
	if w := rep.Wrong(); len(w) > 0 {
		t.Errorf("%d steps accepted with other arguments than meant", len(w))
	}
	const recordedComplete = 100.0
	if got := pct(rep.Complete, rep.Workflows); got < recordedComplete {
		t.Errorf("%.1f%% of the workflows complete, below the recorded %.1f%%", got, recordedComplete)
	}
}

// The checks of each step can fail: a can_do that blocks, a read of the
// wrong member after the do, a do whose candidate expired.
func TestWorkflowChecksCanFail(t *testing.T) {
	d := demo.Generate()[3]
	if len(d.Tags) == 0 {
		t.Fatal("the fixture decision has no tags")
	}
	has := d.Tags[0]
	step := func(tool string, args obj, post string) Step {
		return Step{Tool: tool, Arguments: js(args), Intended: js(args), Post: post}
	}
	cases := []struct {
		name string
		wf   Workflow
		stop string // the role the workflow stops at
		why  string
	}{
		{"blocked", Workflow{Steps: []Step{
			step("can_do", obj{"action": "do_tag_decision", "decision_id": d.ID, "tags": []any{has}}, ""),
			step("read_decision", obj{"id": d.ID}, ""),
			step("do_tag_decision", obj{"decision_id": d.ID, "tags": []any{has}}, ""),
			step("read_decision", obj{"id": d.ID}, "/value/tags")}}, RoleCheck, "is not a candidate"},
		{"wrong post-state", Workflow{Steps: []Step{
			step("can_do", obj{"action": "do_set_tags", "decision_id": d.ID, "tags": []any{"criminal"}}, ""),
			step("read_decision", obj{"id": d.ID}, ""),
			step("do_set_tags", obj{"decision_id": d.ID, "tags": []any{"criminal"}}, ""),
			step("read_decision", obj{"id": d.ID}, "/value/court")}}, RoleVerify, "the post-state at /value/court"},
	}
	for _, c := range cases {
		tools, err := DemoTools()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := RunWorkflows(context.Background(), NewTools(tools), []Workflow{c.wf})
		if err != nil {
			t.Fatal(err)
		}
		run := rep.Runs[0]
		last := run.Steps[len(run.Steps)-1]
		if run.Complete || last.Role != c.stop || !strings.Contains(last.Why, c.why) {
			t.Errorf("%s: complete %v, stopped at %s: %q; want %s: %q", c.name, run.Complete, last.Role, last.Why, c.stop, c.why)
		}
	}
	if _, why := checkDo([]byte(`{"status":"success","idempotency_key":"derived","compensable":false}`), map[string]any{"idempotency_key": "sent"}); !strings.Contains(why, "not the one it sent") {
		t.Errorf("a do answering another key: %q", why)
	}
	if why := checkQuality([]byte(`{"value":1,"quality":"degraded"}`)); !strings.Contains(why, "not a state to act on") {
		t.Errorf("a degraded read: %q", why)
	}
}
