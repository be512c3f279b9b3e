package filter

import (
	"testing"

	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/enum"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A filter reads through its kind, then looks for a negation and a
// pattern, which it matches against every declared value (glob: linear in
// the pattern times the value, the last star the only one backtracked
// to): many stars, many wildcards between letters, many negations and
// many words are its worst classes. Each class starts with a letter: a
// string of marks alone up to 64 bytes is "not filtering", another path.
func TestLinear(t *testing.T) {
	e, err := enum.New(enum.Options{Values: []string{"draft", "in_review", "published", "archived"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values()})
	if err != nil {
		t.Fatal(err)
	}
	read := func(v any) { _ = r.Read(v) }
	oracle.Linear(t, 64, read,
		oracle.Repeat("stars", "d", "*", ""),
		oracle.Repeat("stars_between_letters", "", "a*", "b"),
		oracle.Repeat("star_runs", "", "d**r", "t"),
		oracle.Repeat("questions", "d", "?", "x"),
		oracle.Repeat("percents", "", "%a", ""),
		oracle.Repeat("negations", "", "not ", "draft"),
		oracle.Repeat("marks", "", "-!~", "draft"),
		oracle.Repeat("all_words", "x ", "all ", ""),
		oracle.Repeat("dashes", "x", " -", ""),
		oracle.Repeat("words", "", "lorem ipsum dolor ", ""),
	)
}
