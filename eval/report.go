package eval

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/demo"
)

// Row counts the outcomes of a group of calls.
type Row struct {
	Group  string          `json:"group"`
	Calls  int             `json:"calls"`
	Counts map[Outcome]int `json:"counts"`
	// FirstAttempt is exact + repaired.
	FirstAttempt int `json:"first_attempt"`
	// WithinTwo is FirstAttempt + asked_recoverable (whose second attempt
	// the eval made and checked).
	WithinTwo int `json:"within_two_attempts"`
}

func (r *Row) add(o Outcome) {
	if r.Counts == nil {
		r.Counts = map[Outcome]int{}
		for _, x := range Outcomes {
			r.Counts[x] = 0
		}
	}
	r.Calls++
	r.Counts[o]++
	switch o {
	case Exact, Repaired:
		r.FirstAttempt++
		r.WithinTwo++
	case AskedRecoverable:
		r.WithinTwo++
	}
}

// Report is the result of a run.
type Report struct {
	Total   Row      `json:"total"`
	ByTool  []Row    `json:"by_tool"`
	ByLabel []Row    `json:"by_label"`
	Calls   []Scored `json:"calls"`
}

func (r *Report) summarize() {
	tools, labels := map[string]*Row{}, map[string]*Row{}
	var toolOrder, labelOrder []string
	r.Total = Row{Group: "all"}
	for _, c := range r.Calls {
		r.Total.add(c.Outcome)
		if tools[c.Tool] == nil {
			tools[c.Tool] = &Row{Group: c.Tool}
			toolOrder = append(toolOrder, c.Tool)
		}
		tools[c.Tool].add(c.Outcome)
		if labels[c.Label] == nil {
			labels[c.Label] = &Row{Group: c.Label}
			labelOrder = append(labelOrder, c.Label)
		}
		labels[c.Label].add(c.Outcome)
	}
	r.ByTool, r.ByLabel = nil, nil
	for _, k := range toolOrder {
		r.ByTool = append(r.ByTool, *tools[k])
	}
	for _, k := range labelOrder {
		r.ByLabel = append(r.ByLabel, *labels[k])
	}
}

// Wrong returns the calls scored wrong.
func (r *Report) Wrong() []Scored {
	var out []Scored
	for _, c := range r.Calls {
		if c.Outcome == Wrong {
			out = append(out, c)
		}
	}
	return out
}

// WithinTwoRate is the share of calls that succeeded within two attempts,
// in percent.
func (r *Report) WithinTwoRate() float64 { return pct(r.Total.WithinTwo, r.Total.Calls) }

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// WriteTables writes the summary tables in Markdown, per tool and per
// label, to paste into a pull request. It holds no argument value.
func (r *Report) WriteTables(w io.Writer) {
	fmt.Fprintf(w, "**%d calls: %d within two attempts (%.1f%%), %d on the first (%.1f%%), %d wrong.**\n\n",
		r.Total.Calls, r.Total.WithinTwo, pct(r.Total.WithinTwo, r.Total.Calls),
		r.Total.FirstAttempt, pct(r.Total.FirstAttempt, r.Total.Calls), r.Total.Counts[Wrong])
	writeTable(w, "tool", append(append([]Row{}, r.ByTool...), r.Total))
	fmt.Fprintln(w)
	writeTable(w, "label", append(append([]Row{}, r.ByLabel...), r.Total))
}

func writeTable(w io.Writer, by string, rows []Row) {
	fmt.Fprintf(w, "| %s | calls |", by)
	for _, o := range Outcomes {
		fmt.Fprintf(w, " %s |", o)
	}
	fmt.Fprint(w, " first attempt | within two |\n|---|---:|")
	for range Outcomes {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprint(w, "---:|---:|\n")
	for _, row := range rows {
		name := row.Group
		if name == "all" {
			name = "**all**"
		}
		fmt.Fprintf(w, "| %s | %d |", name, row.Calls)
		for _, o := range Outcomes {
			fmt.Fprintf(w, " %d |", row.Counts[o])
		}
		fmt.Fprintf(w, " %d (%.0f%%) | %d (%.0f%%) |\n", row.FirstAttempt, pct(row.FirstAttempt, row.Calls),
			row.WithinTwo, pct(row.WithinTwo, row.Calls))
	}
}

// WriteMarkdown writes the tables, then the wrong calls, then — in a
// separate, collapsed section — the rejected payloads: the arguments of
// every call that was not accepted and the envelope's codes and hints.
// The payloads live in this report only, never in telemetry.
func (r *Report) WriteMarkdown(w io.Writer) {
	r.WriteTables(w)
	if wrong := r.Wrong(); len(wrong) > 0 {
		fmt.Fprintf(w, "\n### Wrong (accepted with a value other than the intended one)\n\n")
		for _, c := range wrong {
			fmt.Fprintf(w, "- line %d, %s [%s]: sent `%s`; %s\n", c.Line, c.Tool, c.Label, oneLine(c.First.Arguments), c.Why)
		}
	}
	var rejected []Scored
	for _, c := range r.Calls {
		if !c.First.Accepted {
			rejected = append(rejected, c)
		}
	}
	if len(rejected) == 0 {
		return
	}
	fmt.Fprintf(w, "\n<details><summary>Rejected payloads (%d)</summary>\n\n", len(rejected))
	for _, c := range rejected {
		fmt.Fprintf(w, "- line %d, %s [%s] → %s: `%s`", c.Line, c.Tool, c.Label, c.Outcome, oneLine(c.First.Arguments))
		env := c.First.Envelope
		var codes []string
		for _, is := range env.Issues {
			codes = append(codes, is.Path+" "+string(is.Code))
		}
		if len(codes) == 0 {
			codes = append(codes, string(env.Code))
		}
		fmt.Fprintf(w, " — %s", strings.Join(codes, "; "))
		if c.Why != "" {
			fmt.Fprintf(w, " — %s", c.Why)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "\n</details>\n")
}

// WriteJSON writes the whole report, every call included, as one JSON
// document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

func oneLine(raw json.RawMessage) string {
	s := strings.ReplaceAll(string(raw), "`", "'")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// Quiet is an observer that drops every event: an eval's calls are not
// telemetry.
type Quiet struct{}

// Observe drops e.
func (Quiet) Observe(context.Context, observe.Event) {}

// DemoTools returns the demonstration server's tools over a fresh store,
// with a fixed cursor key and no telemetry: the same run every time.
func DemoTools() ([]*factory.Tool, error) {
	key := sha256.Sum256([]byte("agentinput eval cursor key"))
	return demo.Tools(demo.NewStore(), key[:], Quiet{})
}

// Session is the session id RunDemo gives its calls.
const Session = "eval"

// RunDemo runs cases against fresh demonstration tools.
func RunDemo(cases []Case) (*Report, error) {
	tools, err := DemoTools()
	if err != nil {
		return nil, err
	}
	return Run(protocol.WithPrincipal(context.Background(), Session), tools, cases)
}
