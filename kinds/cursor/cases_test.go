package cursor

import (
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
)

func TestCases(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	tokens := strings.NewReplacer(
		"$TOKEN", c.Encode(Position{Offset: 40, PageSize: 20, Session: "s", Filters: "f"}),
		"$OTHER", c.Encode(Position{Offset: 40, PageSize: 20, Session: "t", Filters: "f"}))
	tb := casefile.Load(t, "testdata/cases.txt")
	if n := len(tb.Rows()); n < 35 {
		t.Fatalf("only %d cases", n)
	}
	tb.Check(t, nil, func(r *casefile.Row) []string {
		o := c.Read(substitute(tokens, r.Input), "s", "f")
		return []string{describe(o)}
	})
}

// substitute replaces $TOKEN and $OTHER in every string of v.
func substitute(tokens *strings.Replacer, v any) any {
	switch v := v.(type) {
	case string:
		return tokens.Replace(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = substitute(tokens, x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[tokens.Replace(k)] = substitute(tokens, x)
		}
		return out
	}
	return v
}

// describe renders o in the OUTCOME column's terms; an outcome none of
// them fits is its JSON, which no row expects.
func describe(o agentinput.Outcome[Position]) string {
	switch p, isValue := o.Value(); {
	case isValue && p.Offset == 40 && p.PageSize == 20:
		return "value"
	case o.IsPlaceholder() && o.NoteCount() == 1 && o.Notes()[0].Code == agentinput.NotePlaceholder:
		return "no cursor"
	case o.Status() == agentinput.StatusAbsent && !o.IsPlaceholder() && o.NoteCount() == 0:
		return "absent"
	}
	if a, ok := o.Ask(); ok {
		switch {
		case a.Code == agentinput.AskInvalidCursor && a.Hint == HintLaterPage && a.Expected == Expected && a.Reason == reasonLaterPage:
			return "later page"
		case a.Code == agentinput.AskInvalidCursor && a.Hint == HintLaterPage && a.Expected == Expected && a.Reason == reasonNotIssued:
			return "not issued"
		case a.Hint == Hint:
			return "ask " + string(a.Code)
		}
	}
	b, _ := o.MarshalJSON()
	return string(b)
}
