package fuzz

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/stringlist"
	"agentinput.dev/kinds/vocabulary"
)

func tool(t *testing.T, r registry, name string) *factory.Tool {
	t.Helper()
	for _, tl := range r.tools {
		if tl.Name() == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

// tooLarge returns the paths of the too_large issues of a result.
func tooLarge(res *factory.Result) []string {
	var out []string
	if res.Envelope != nil {
		for _, is := range res.Envelope.Issues {
			if is.Code == agentinput.AskTooLarge {
				out = append(out, is.Path)
			}
		}
	}
	for _, is := range res.Issues {
		if is.Code == agentinput.AskTooLarge {
			out = append(out, is.Path)
		}
	}
	return out
}

// pad makes {"query":"x"} exactly n bytes long with whitespace, which
// JSON allows and which counts toward the argument bytes.
func pad(n int) string {
	const head, tail = `{"query":"x"`, `}`
	return head + strings.Repeat(" ", n-len(head)-len(tail)) + tail
}

func nested(depth int) string {
	// The arguments object is depth 1; the query holds depth-1 arrays.
	return `{"query":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}`
}

func items(n int) string {
	return `{"tags":[` + strings.TrimSuffix(strings.Repeat(`"tax",`, n), ",") + `]}`
}

func properties(n int) string {
	var b strings.Builder
	b.WriteString(`{"query":"x"`)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, `,"p%d":1`, i)
	}
	b.WriteString("}")
	return b.String()
}

// TestBudgetEdges: each budget of docs/budgets.md, through the factory
// (the demo's read_decisions) or the kind that owns it, exactly at the
// budget (no too_large) and one past it (too_large at the named path).
func TestBudgetEdges(t *testing.T) {
	r := newRegistry(t)
	search := tool(t, r, "read_decisions")
	for _, tt := range []struct {
		budget   string
		at, past string
		path     string // the path of the too_large issue one past
	}{
		{"MaxArgumentBytes", pad(agentinput.MaxArgumentBytes), pad(agentinput.MaxArgumentBytes + 1), ""},
		// At the container past the budget (docs/robustness.md).
		{"MaxJSONDepth", nested(agentinput.MaxJSONDepth), nested(agentinput.MaxJSONDepth + 1), "/query" + strings.Repeat("/0", agentinput.MaxJSONDepth-1)},
		{"MaxStringBytes", `{"query":"` + strings.Repeat("a", agentinput.MaxStringBytes) + `"}`, `{"query":"` + strings.Repeat("a", agentinput.MaxStringBytes+1) + `"}`, "/query"},
		{"MaxStringBytes (multi-byte)", `{"query":"` + strings.Repeat("é", agentinput.MaxStringBytes/2) + `"}`, `{"query":"` + strings.Repeat("é", agentinput.MaxStringBytes/2) + `a"}`, "/query"},
		{"MaxArrayItems", items(agentinput.MaxArrayItems), items(agentinput.MaxArrayItems + 1), "/tags"},
		{"MaxProperties", properties(agentinput.MaxProperties), properties(agentinput.MaxProperties + 1), ""},
		{"MaxScalarBytes", `{"date_from":"2026-10-01` + strings.Repeat(" ", agentinput.MaxScalarBytes-10) + `"}`, `{"date_from":"2026-10-01` + strings.Repeat(" ", agentinput.MaxScalarBytes-9) + `"}`, "/date_from"},
	} {
		t.Run(tt.budget, func(t *testing.T) {
			if got := tooLarge(search.Call(context.Background(), json.RawMessage(tt.at))); len(got) != 0 {
				t.Errorf("exactly at the budget: too_large at %q", got)
			}
			got := tooLarge(search.Call(context.Background(), json.RawMessage(tt.past)))
			if len(got) != 1 || !strings.HasPrefix(got[0], tt.path) {
				t.Errorf("one past the budget: too_large at %q, want one at %q", got, tt.path)
			}
		})
	}
}

func TestBudgetEdgesKinds(t *testing.T) {
	status := func(o interface {
		Ask() (agentinput.Ask, bool)
	}) agentinput.AskCode {
		a, _ := o.Ask()
		return a.Code
	}
	digits := strings.Repeat("7", agentinput.MaxNumberDigits)
	if c := status(number.Read(json.Number(digits), number.Options{})); c != "" {
		t.Errorf("MaxNumberDigits: %d digits ask %s", len(digits), c)
	}
	if c := status(number.Read(json.Number(digits+"7"), number.Options{})); c != agentinput.AskTooLarge {
		t.Errorf("MaxNumberDigits: %d digits ask %q, want too_large", len(digits)+1, c)
	}
	if c := status(number.Read("7."+digits[1:], number.Options{})); c != "" {
		t.Errorf("MaxNumberDigits: %d digits with a fraction ask %s", len(digits), c)
	}
	if c := status(number.Read("0."+digits, number.Options{})); c != agentinput.AskTooLarge {
		t.Errorf("MaxNumberDigits: 0. and %d digits (zeros count) ask %q, want too_large", len(digits), c)
	}
	at := "2026-10-01" + strings.Repeat(" ", agentinput.MaxScalarBytes-10)
	if c := status(date.Read(at, date.Options{})); c != "" {
		t.Errorf("MaxScalarBytes: a date of %d bytes asks %s", len(at), c)
	}
	if c := status(date.Read(at+" ", date.Options{})); c != agentinput.AskTooLarge {
		t.Errorf("MaxScalarBytes: a date of %d bytes asks %q, want too_large", len(at)+1, c)
	}

	entries := func(n int) []vocabulary.Entry {
		es := make([]vocabulary.Entry, n)
		for i := range es {
			es[i] = vocabulary.Entry{ID: "E" + strconv.Itoa(i), Names: []string{"Entry number " + strconv.Itoa(i)}}
		}
		return es
	}
	if _, err := vocabulary.New(vocabulary.Options{Entries: entries(agentinput.MaxVocabularyEntries)}); err != nil {
		t.Errorf("MaxVocabularyEntries: %d entries: %v", agentinput.MaxVocabularyEntries, err)
	}
	if _, err := vocabulary.New(vocabulary.Options{Entries: entries(agentinput.MaxVocabularyEntries + 1)}); err == nil {
		t.Errorf("MaxVocabularyEntries: %d entries built", agentinput.MaxVocabularyEntries+1)
	}
}

// TestLinear: reading is linear in the input. For inputs of size n and
// 16n the allocations and the bytes allocated may grow at most 24 times
// (16 times, with room for the constant part); a quadratic step would
// grow them about 256 times. Counts, not wall-clock time.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	r := newRegistry(t)
	search := tool(t, r, "read_decisions")
	call := func(args string) func() {
		return func() { search.Call(context.Background(), json.RawMessage(args)) }
	}
	for _, tt := range []struct {
		name string
		at   func(n int) func()
		n    int
	}{
		{"factory: free text", func(n int) func() { return call(`{"query":"` + strings.Repeat("ab ", n) + `"}`) }, 1000},
		{"factory: unknown properties", func(n int) func() { return call(properties(n)) }, 15},
		{"stringlist: distinct items", func(n int) func() {
			l, _ := stringlist.New(stringlist.Options[string]{Item: stringlist.Text})
			v := make([]any, n)
			for i := range v {
				v[i] = "item " + strconv.Itoa(i)
			}
			return func() { l.Read(v) }
		}, 50},
		{"number: grouped digits", func(n int) func() {
			s := strings.Repeat("1 ", n/2) + "1"
			return func() { number.Read(s, number.Options{}) }
		}, 6},
		{"date: padding", func(n int) func() {
			s := strings.Repeat(" ", n) + "1. 10. 2026" + strings.Repeat(" ", n)
			return func() { date.Read(s, date.Options{}) }
		}, 30},
	} {
		t.Run(tt.name, func(t *testing.T) { linear(t, tt.at, tt.n) })
	}
}

// TestLinearRepeatedItems: a list whose items each carry a note (repeats
// dropped, folded case), sent as an array or as one separated string,
// allocates bytes linear in its items. It was quadratic (docs/robustness.md,
// "notes on a long list"): kinds/stringlist added the note of each dropped
// repeat on its own, and each add copied the notes so far. The kind-level
// test is kinds/stringlist/linear_test.go.
func TestLinearRepeatedItems(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	r := newRegistry(t)
	search := tool(t, r, "read_decisions")
	call := func(args string) func() {
		return func() { search.Call(context.Background(), json.RawMessage(args)) }
	}
	for _, tt := range []struct {
		name string
		at   func(n int) func()
		n    int
	}{
		{"factory: list items", func(n int) func() {
			return call(`{"tags":[` + strings.TrimSuffix(strings.Repeat(`"tax","tort",`, n), ",") + `]}`)
		}, 30},
		{"factory: list in a string", func(n int) func() { return call(`{"tags":"` + strings.Repeat("tax; ", n) + `"}`) }, 40},
	} {
		t.Run(tt.name, func(t *testing.T) { linear(t, tt.at, tt.n) })
	}
}

// Four calls a round are enough: a call's allocations are the same from
// one call to the next, and Cost keeps the least disturbed of three rounds.
// A round of twenty calls made the free-text case (a 48 KB query read by
// the demo's search) cost 20 s of the default suite for the same counts.
func linear(t *testing.T, at func(n int) func(), n int) {
	t.Helper()
	a1, b1 := oracle.Cost(4, at(n))
	a16, b16 := oracle.Cost(4, at(16*n))
	t.Logf("n=%d: %d allocs, %d B; 16n: %d allocs, %d B", n, a1, b1, a16, b16)
	if a16 > 24*max(a1, 1) || b16 > 24*max(b1, 1) {
		t.Errorf("not linear: n=%d takes %d allocs and %d B, 16n takes %d allocs and %d B", n, a1, b1, a16, b16)
	}
}
