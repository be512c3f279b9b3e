package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// commandBudgets maps each constant of budget.go to its value. A new
// budget fails TestCommandBudgetsDocumented until it is added here and to
// the command line's table of docs/budgets.md.
var commandBudgets = map[string]int{
	"maxLineBytes": maxLineBytes,
}

func TestCommandBudgetsDocumented(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "budget.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
			for _, s := range gd.Specs {
				for _, id := range s.(*ast.ValueSpec).Names {
					declared++
					if _, ok := commandBudgets[id.Name]; !ok {
						t.Errorf("budget.go declares %s: add it to commandBudgets (budget_test.go) and to docs/budgets.md", id.Name)
					}
				}
			}
		}
	}
	if declared != len(commandBudgets) {
		t.Errorf("budget.go declares %d budgets, commandBudgets lists %d", declared, len(commandBudgets))
	}

	// The table under "## The command line": | `name` | value … | over it |.
	text, err := os.ReadFile("../../docs/budgets.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## The command line\n")
	if !ok {
		t.Fatal(`docs/budgets.md has no section "## The command line"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	row := regexp.MustCompile("^\\| `(\\w+)` \\| ([0-9]+)[^|]*\\| *([^|]*?) *\\|$")
	documented := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		documented[m[1]] = true
		want, ok := commandBudgets[m[1]]
		switch {
		case !ok:
			t.Errorf("docs/budgets.md lists %s under the command line, which is not one of its budgets", m[1])
		case m[2] != strconv.Itoa(want): // spellings compared: the number kind owns reading them
			t.Errorf("docs/budgets.md says %s is %s; budget.go says %d", m[1], m[2], want)
		case m[3] == "":
			t.Errorf("docs/budgets.md does not say what happens over %s", m[1])
		}
	}
	for name := range commandBudgets {
		if !documented[name] {
			t.Errorf("docs/budgets.md does not list %s under the command line", name)
		}
	}
}
