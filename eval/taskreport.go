package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"agentinput.dev/factory/protocol"
)

// TaskReport is the result of running a task corpus under each policy.
type TaskReport struct {
	Summary []PolicySummary      `json:"summary"`
	Runs    map[Policy][]TaskRun `json:"runs"`
	tasks   []Task
}

// PolicySummary counts one policy's outcomes and calls.
type PolicySummary struct {
	Policy     Policy `json:"policy"`
	Tasks      int    `json:"tasks"`
	Right      int    `json:"right"`
	Wrong      int    `json:"wrong"`
	Unanswered int    `json:"unanswered"`
	Calls      int    `json:"calls"`
	// Unexpected counts the tasks whose outcome is not the one the corpus
	// expects (right, or its known outcome).
	Unexpected int `json:"unexpected"`
}

// NewTaskReport gathers the runs of each policy over tasks.
func NewTaskReport(tasks []Task, runs map[Policy][]TaskRun) *TaskReport {
	rep := &TaskReport{Runs: runs, tasks: tasks}
	for _, p := range Policies {
		list, ok := runs[p]
		if !ok {
			continue
		}
		s := PolicySummary{Policy: p, Tasks: len(list)}
		for _, r := range list {
			switch r.Outcome {
			case Right:
				s.Right++
			case WrongAnswer:
				s.Wrong++
			case Unanswered:
				s.Unanswered++
			}
			s.Calls += len(r.Calls)
			if r.Unexpected {
				s.Unexpected++
			}
		}
		rep.Summary = append(rep.Summary, s)
	}
	return rep
}

// Unexpected returns the runs whose outcome the corpus does not expect.
func (r *TaskReport) Unexpected() []TaskRun {
	var out []TaskRun
	for _, p := range Policies {
		for _, run := range r.Runs[p] {
			if run.Unexpected {
				out = append(out, run)
			}
		}
	}
	return out
}

// WriteJSON writes the whole report.
func (r *TaskReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteMarkdown writes the report for a pull request: one line per
// policy, a table of the policies, a table of the tasks (outcome and
// calls under each policy), and each task not answered right with why.
func (r *TaskReport) WriteMarkdown(w io.Writer) {
	var line []string
	for _, s := range r.Summary {
		line = append(line, fmt.Sprintf("%s: %d wrong, %d unanswered, %.2f calls a task", s.Policy, s.Wrong, s.Unanswered, perTask(s)))
	}
	fmt.Fprintf(w, "**%d tasks. %s.**\n\n", len(r.tasks), strings.Join(line, "; "))
	fmt.Fprintln(w, "| policy | tasks | right | wrong | unanswered | calls | calls a task | not as expected |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, s := range r.Summary {
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %.2f | %d |\n", s.Policy, s.Tasks, s.Right, s.Wrong, s.Unanswered, s.Calls, perTask(s), s.Unexpected)
	}
	fmt.Fprintln(w)
	head, rule := "| task | lang | answer |", "|---|---|---|"
	for _, s := range r.Summary {
		head += " " + string(s.Policy) + " | calls |"
		rule += "---|---:|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for i, t := range r.tasks {
		row := "| " + t.ID + " | " + t.Lang + " | " + t.Answer + " |"
		for _, s := range r.Summary {
			run := r.Runs[s.Policy][i]
			cell := string(run.Outcome)
			if run.Outcome != Right {
				cell = "**" + cell + "**"
			}
			if run.Expected != Right {
				cell += " (known)"
			}
			if run.Unexpected {
				cell += " (NOT " + string(run.Expected) + ")"
			}
			row += fmt.Sprintf(" %s | %d |", cell, len(run.Calls))
		}
		fmt.Fprintln(w, row)
	}
	var notRight []string
	for i, t := range r.tasks {
		for _, s := range r.Summary {
			run := r.Runs[s.Policy][i]
			if run.Outcome == Right && !run.Unexpected {
				continue
			}
			item := fmt.Sprintf("- %s, %s: %s: %s", t.ID, s.Policy, run.Outcome, run.Why)
			if k, ok := t.Known[s.Policy]; ok {
				item += " — known: " + k.Why
			}
			if run.Unexpected {
				item += " — expected " + string(run.Expected)
			}
			notRight = append(notRight, item)
		}
	}
	if len(notRight) > 0 {
		fmt.Fprintf(w, "\n### Not answered right, or not as expected (%d)\n\n%s\n", len(notRight), strings.Join(notRight, "\n"))
	}
}

func perTask(s PolicySummary) float64 {
	if s.Tasks == 0 {
		return 0
	}
	return float64(s.Calls) / float64(s.Tasks)
}

// RunDemoTasks runs tasks under each policy against the demonstration
// tools in process, each policy over a fresh store.
func RunDemoTasks(tasks []Task) (*TaskReport, error) {
	runs := map[Policy][]TaskRun{}
	for _, p := range Policies {
		tools, err := DemoTools()
		if err != nil {
			return nil, err
		}
		r, err := RunTasks(protocol.WithPrincipal(context.Background(), Session), InProcess(NewTools(tools)), tasks, p)
		if err != nil {
			return nil, err
		}
		runs[p] = r
	}
	return NewTaskReport(tasks, runs), nil
}
