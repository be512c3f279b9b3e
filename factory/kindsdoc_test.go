package factory_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"agentinput.dev/internal/binding"
)

var updateKinds = flag.Bool("update-kinds", false, "rewrite docs/factory.md's kind table from the kind table")

// TestKindsTableDocumented: docs/factory.md's table of every kind's tag
// and options is the kind table's, row for row and option for option: a
// kind or an option added to internal/binding/kindtable.go fails here until
// the table says it. The failure prints the table as it should read;
// go test ./factory -run TestKindsTableDocumented -update-kinds writes it.
func TestKindsTableDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/factory.md")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- the kind table: TestKindsTableDocumented -->\n", "<!-- end of the kind table -->\n"
	before, rest, ok := strings.Cut(string(doc), begin)
	got, after, ok2 := strings.Cut(rest, end)
	if !ok || !ok2 {
		t.Fatalf("docs/factory.md has no table between %q and %q", begin, end)
	}
	var b strings.Builder
	b.WriteString("| kind | Go types that bind it with no tag | tag options |\n|---|---|---|\n")
	rows := 0
	for _, k := range binding.Kinds() {
		rows++
		var types []string
		for _, ty := range k.Types() {
			types = append(types, "`"+ty.String()+"`")
		}
		var opts []string
		for _, o := range k.Options() {
			spelled := o.Name
			if o.Arg != "" {
				spelled += "=" + o.Arg
			}
			opts = append(opts, "`"+spelled+"`: "+o.Usage)
		}
		// A "|" inside a cell is written "\\|", as a Markdown table needs.
		cell := func(items []string, sep string) string {
			if len(items) == 0 {
				return "—"
			}
			return strings.ReplaceAll(strings.Join(items, sep), "|", `\|`)
		}
		b.WriteString("| `" + k.Name() + "` | " + cell(types, ", ") + " | " + cell(opts, "; ") + " |\n")
	}
	if rows < 15 {
		t.Fatalf("the kind table has %d rows", rows)
	}
	if *updateKinds {
		if err := os.WriteFile("../docs/factory.md", []byte(before+begin+b.String()+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != b.String() {
		t.Errorf("docs/factory.md's kind table differs from internal/binding/kindtable.go; it should read:\n%s", b.String())
	}
}
