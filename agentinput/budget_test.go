package agentinput

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// budgets maps each constant of budget.go to its value. A new budget fails
// TestBudgetsDocumented until it is added here and to docs/budgets.md.
var budgets = map[string]int{
	"MaxReceivedChars": MaxReceivedChars,
	"MaxScalarBytes":   MaxScalarBytes,
	"MaxNumberDigits":  MaxNumberDigits,
	"MaxArgumentBytes": MaxArgumentBytes,
	"MaxFrameBytes":    MaxFrameBytes,
	"MaxJSONDepth":     MaxJSONDepth,
	"MaxStringBytes":   MaxStringBytes,
	"MaxInlineBytes":   MaxInlineBytes,
	"MaxArrayItems":    MaxArrayItems,
	"MaxProperties":    MaxProperties,
	"MaxIssues":        MaxIssues,
	"MaxRemarks":       MaxRemarks,
	"MaxItemNotes":     MaxItemNotes,

	"MaxVocabularyEntries": MaxVocabularyEntries,
}

func TestBudgetsDocumented(t *testing.T) {
	// The constants budget.go declares.
	f, err := parser.ParseFile(token.NewFileSet(), "budget.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
			for _, s := range gd.Specs {
				for _, id := range s.(*ast.ValueSpec).Names {
					declared[id.Name] = true
				}
			}
		}
	}
	for name := range declared {
		if _, ok := budgets[name]; !ok {
			t.Errorf("budget.go declares %s: add it to budgets (budget_test.go) and to docs/budgets.md", name)
		}
	}
	for name := range budgets {
		if !declared[name] {
			t.Errorf("budgets lists %s, which budget.go does not declare", name)
		}
	}

	// The table of docs/budgets.md: | `Name` | value … | over it |.
	text, err := os.ReadFile(filepath.Join("..", "docs", "budgets.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `(\\w+)` \\| ([0-9]+)[^|]*\\| *([^|]*?) *\\|$")
	documented := map[string]bool{}
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "## ") {
			break // the command line's budgets: cmd/agentinput's TestCommandBudgetsDocumented
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		documented[m[1]] = true
		want, ok := budgets[m[1]]
		if !ok {
			t.Errorf("docs/budgets.md lists %s, which is not a budget", m[1])
			continue
		}
		// Compare spellings, not numbers: the number kind owns reading them.
		if m[2] != strconv.Itoa(want) {
			t.Errorf("docs/budgets.md says %s is %s; budget.go says %d", m[1], m[2], want)
		}
		if m[3] == "" {
			t.Errorf("docs/budgets.md does not say what happens over %s", m[1])
		}
	}
	for name := range budgets {
		if !documented[name] {
			t.Errorf("docs/budgets.md does not list %s", name)
		}
	}
}
