package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/promcp"
)

// A workflow is proMCP's canonical orchestration as a model calls it
// (../shared/spec/contracts.md, "Orchestration the eval scores"):
//
//  1. can_do — the action is a candidate, allowed, with valid_until;
//  2. read_* — the state before, of a quality to act on (good or stale);
//  3. do_* — before valid_until, keeping the idempotency key it sent;
//  4. read_* — the post-state holds the value the do applied.
//
// Each step is a call scored as a corpus line is (its spelling read, an
// ask followed once), and then checked against its step's contract. A
// step whose call or contract fails ends the workflow: the steps after it
// are not reached, as a careful model would not go on.

// Workflow is one line of a workflow corpus.
type Workflow struct {
	Line  int    `json:"line"`
	Label string `json:"label"`
	Steps []Step `json:"steps"`
}

// Step is one call of a workflow.
type Step struct {
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	Intended  json.RawMessage `json:"intended"`
	// Post, on the read after the do, is the JSON Pointer into its result
	// whose value must equal the do's applied_value.
	Post string `json:"post,omitempty"`
}

// The steps' roles, in workflow order.
const (
	RoleCheck  = "can_do"
	RoleRead   = "read"
	RoleDo     = "do"
	RoleVerify = "read post-state"
)

// Roles lists the roles in workflow order.
var Roles = []string{RoleCheck, RoleRead, RoleDo, RoleVerify}

// IsWorkflows reports whether a corpus holds workflows rather than single
// calls: its first line that is neither blank nor a comment has "steps".
func IsWorkflows(corpus []byte) bool {
	for line := range bytes.Lines(corpus) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' || bytes.HasPrefix(line, []byte("//")) {
			continue
		}
		var probe map[string]json.RawMessage
		if json.Unmarshal(line, &probe) != nil {
			return false
		}
		_, ok := probe["steps"]
		return ok
	}
	return false
}

// LoadWorkflows reads a JSONL workflow corpus: one workflow a line, its
// steps the four roles in order. Blank lines and lines starting with # or
// // are skipped.
func LoadWorkflows(r io.Reader) ([]Workflow, error) {
	var out []Workflow
	err := eachLine(r, func(n int, line []byte) error {
		var w Workflow
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			return err
		}
		if len(w.Steps) != len(Roles) {
			return fmt.Errorf("a workflow has %d steps (can_do, read, do, read the post-state), not %d", len(Roles), len(w.Steps))
		}
		for i, s := range w.Steps {
			want := []promcp.Triad{promcp.TriadCanDo, promcp.TriadRead, promcp.TriadDo, promcp.TriadRead}[i]
			if triad, _ := promcp.NameTriad(s.Tool); triad != want {
				return fmt.Errorf("step %d (%s) calls %q, which is no %s tool", i+1, Roles[i], s.Tool, want)
			}
			if len(s.Arguments) == 0 {
				w.Steps[i].Arguments = json.RawMessage(`{}`)
			}
			if len(s.Intended) == 0 {
				w.Steps[i].Intended = json.RawMessage(`{}`)
			}
		}
		if w.Steps[3].Post == "" {
			return errors.New("the read of the post-state names no post pointer")
		}
		if w.Label == "" {
			w.Label = "(none)"
		}
		w.Line = n
		out = append(out, w)
		return nil
	})
	return out, err
}

// ScoredStep is one step's score: its call's, and whether its contract
// held.
type ScoredStep struct {
	Role   string `json:"role"`
	Scored Scored `json:"call"`
	// Held is true when the call was accepted (within two attempts) and
	// the step's contract held.
	Held bool `json:"held"`
	// Why says why the contract did not hold.
	Why string `json:"why,omitempty"`
}

// ScoredWorkflow is one workflow's score: the steps reached.
type ScoredWorkflow struct {
	Line     int          `json:"line"`
	Label    string       `json:"label"`
	Steps    []ScoredStep `json:"steps"`
	Complete bool         `json:"complete"`
}

// StepRow counts one role over the workflows.
type StepRow struct {
	Role string `json:"role"`
	// Reached counts the workflows that got to this step.
	Reached      int `json:"reached"`
	FirstAttempt int `json:"first_attempt"`
	WithinTwo    int `json:"within_two_attempts"`
	Held         int `json:"held"`
	Wrong        int `json:"wrong"`
}

// WorkflowReport is the result of a workflow run.
type WorkflowReport struct {
	Workflows int              `json:"workflows"`
	Complete  int              `json:"complete"`
	Steps     []StepRow        `json:"steps"`
	Runs      []ScoredWorkflow `json:"runs"`
}

// RunWorkflows drives each workflow through caller, step by step.
func RunWorkflows(ctx context.Context, caller Caller, wfs []Workflow) (*WorkflowReport, error) {
	rep := &WorkflowReport{Workflows: len(wfs)}
	rows := make([]StepRow, len(Roles))
	for i, r := range Roles {
		rows[i].Role = r
	}
	for _, w := range wfs {
		sw, err := runWorkflow(ctx, caller, w)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", w.Line, err)
		}
		for i, st := range sw.Steps {
			row := &rows[i]
			row.Reached++
			switch st.Scored.Outcome {
			case Exact, Repaired:
				row.FirstAttempt++
				row.WithinTwo++
			case AskedRecoverable:
				row.WithinTwo++
			case Wrong:
				row.Wrong++
			}
			if st.Held {
				row.Held++
			}
		}
		if sw.Complete {
			rep.Complete++
		}
		rep.Runs = append(rep.Runs, sw)
	}
	rep.Steps = rows
	return rep, nil
}

// Wrong lists the steps accepted with arguments other than intended.
func (r *WorkflowReport) Wrong() []ScoredStep {
	var out []ScoredStep
	for _, w := range r.Runs {
		for _, s := range w.Steps {
			if s.Scored.Outcome == Wrong {
				out = append(out, s)
			}
		}
	}
	return out
}

func runWorkflow(ctx context.Context, caller Caller, w Workflow) (ScoredWorkflow, error) {
	sw := ScoredWorkflow{Line: w.Line, Label: w.Label}
	do := w.Steps[2]
	var validUntil time.Time
	var applied json.RawMessage
	for i, step := range w.Steps {
		c := Case{Line: w.Line, Tool: step.Tool, Arguments: step.Arguments, Intended: step.Intended, Label: w.Label}
		scored, res, err := scoreCall(ctx, caller, c)
		if err != nil {
			return sw, err
		}
		scored.Written = step.Arguments
		st := ScoredStep{Role: Roles[i], Scored: scored}
		if res == nil {
			st.Why = "the call was not accepted within two attempts (" + string(scored.Outcome) + ")"
		} else {
			out, _ := json.Marshal(res.Output)
			switch Roles[i] {
			case RoleCheck:
				validUntil, st.Why = checkCandidate(out, do.Tool)
			case RoleRead:
				st.Why = checkQuality(out)
			case RoleDo:
				switch {
				case !time.Now().Before(validUntil):
					st.Why = "the do ran after the can_do answer's valid_until"
				default:
					applied, st.Why = checkDo(out, objectOf(step.Arguments))
				}
			case RoleVerify:
				st.Why = checkPost(out, step.Post, applied)
			}
			st.Held = st.Why == ""
		}
		sw.Steps = append(sw.Steps, st)
		if !st.Held {
			return sw, nil
		}
	}
	sw.Complete = true
	return sw, nil
}

// checkCandidate holds a can_do answer to its step: the do step's action is
// a candidate, allowed, with a valid_until still ahead. It returns that
// valid_until, read by the timestamp kind.
func checkCandidate(out []byte, action string) (time.Time, string) {
	var r struct {
		Feasible   bool `json:"feasible"`
		Candidates []struct {
			Capability string `json:"capability"`
			Permission string `json:"permission"`
			ValidUntil string `json:"valid_until"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return time.Time{}, "the answer is no capability report"
	}
	for _, c := range r.Candidates {
		if c.Capability != action {
			continue
		}
		if c.Permission != string(promcp.Allowed) {
			return time.Time{}, action + " is a candidate with permission " + c.Permission + ", not allowed"
		}
		until, ok := instants().Read(c.ValidUntil).Value()
		if !ok {
			return time.Time{}, "the candidate's valid_until is no instant"
		}
		if !time.Now().Before(until) {
			return time.Time{}, "the candidate's valid_until has passed"
		}
		return until, ""
	}
	return time.Time{}, action + " is not a candidate (feasible " + fmt.Sprint(r.Feasible) + ")"
}

// instants reads a report's timestamps (RFC 3339 with their offsets: no
// default zone is needed).
var instants = sync.OnceValue(func() *timestamp.Reader {
	r, err := timestamp.New(timestamp.Options{})
	if err != nil {
		panic("eval: the timestamp kind refuses its zero options: " + err.Error())
	}
	return r
})

// checkQuality holds a read to its contract: a quality to act on.
func checkQuality(out []byte) string {
	var r struct {
		Quality string `json:"quality"`
	}
	if err := json.Unmarshal(out, &r); err != nil || r.Quality == "" {
		return "the answer is no read result"
	}
	if r.Quality != string(promcp.Good) && r.Quality != string(promcp.Stale) {
		return "the read's quality is " + r.Quality + ": not a state to act on"
	}
	return ""
}

// checkDo holds a do answer to its contract: success, under the key the
// call sent (when it sent one). It returns the applied value.
func checkDo(out []byte, sent map[string]any) (json.RawMessage, string) {
	var r struct {
		Status         string          `json:"status"`
		IdempotencyKey string          `json:"idempotency_key"`
		AppliedValue   json.RawMessage `json:"applied_value"`
		Compensable    *bool           `json:"compensable"`
	}
	if err := json.Unmarshal(out, &r); err != nil || r.Status == "" {
		return nil, "the answer is no do result"
	}
	key, _ := sent[factory.IdempotencyKeyProperty].(string)
	switch {
	case r.Status != string(promcp.Success):
		return nil, "the do's status is " + r.Status
	case r.IdempotencyKey == "" || (key != "" && r.IdempotencyKey != key):
		return nil, "the do answered the key " + fmt.Sprintf("%q", r.IdempotencyKey) + ", not the one it sent"
	case r.Compensable == nil:
		return nil, "the do does not say whether it is compensable"
	}
	return r.AppliedValue, ""
}

// checkPost holds the read of the post-state to the do: the value at the
// pointer is the applied value.
func checkPost(out []byte, pointer string, applied json.RawMessage) string {
	v, ok := lookup(objectOf(out), splitPointer(pointer))
	if !ok {
		return "the post-state has nothing at " + pointer
	}
	if !bytes.Equal(canonical(v), canonical(decode(applied))) {
		return "the post-state at " + pointer + " is " + string(canonical(v)) + ", the do applied " + string(canonical(decode(applied)))
	}
	return ""
}

// WriteMarkdown writes the per-step table and the workflows that did not
// complete.
func (r *WorkflowReport) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "**%d workflows: %d complete (%.1f%%), %d wrong steps.**\n\n", r.Workflows, r.Complete, pct(r.Complete, r.Workflows), len(r.Wrong()))
	fmt.Fprintln(w, "| step | reached | first attempt | within two | contract held | wrong |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, s := range r.Steps {
		fmt.Fprintf(w, "| %s | %d | %d (%.0f%%) | %d (%.0f%%) | %d (%.0f%%) | %d |\n", s.Role, s.Reached,
			s.FirstAttempt, pct(s.FirstAttempt, s.Reached), s.WithinTwo, pct(s.WithinTwo, s.Reached), s.Held, pct(s.Held, s.Reached), s.Wrong)
	}
	var broken []string
	for _, run := range r.Runs {
		if run.Complete {
			continue
		}
		last := run.Steps[len(run.Steps)-1]
		broken = append(broken, fmt.Sprintf("- line %d [%s], step %s (%s): %s", run.Line, run.Label, last.Role, last.Scored.Tool, cmpOr(last.Why, last.Scored.Why)))
	}
	if len(broken) > 0 {
		slices.Sort(broken)
		fmt.Fprintf(w, "\n<details><summary>Workflows that did not complete (%d)</summary>\n\n%s\n\n</details>\n", len(broken), strings.Join(broken, "\n"))
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// WriteJSON writes the report as one JSON object.
func (r *WorkflowReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
