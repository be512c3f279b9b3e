package agentinput

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The code census: docs/codes.md, the exported code lists and the constants
// of codes.go name the same codes.

// docTables reads the `| code | meaning |` table under each "## … codes"
// heading of a markdown file: section title → code → meaning.
func docTables(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]map[string]string{}
	var section map[string]string
	for i, line := range strings.Split(string(text), "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			title := strings.TrimSpace(strings.TrimPrefix(line, "## "))
			section = map[string]string{}
			tables[title] = section
		case section != nil && strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
			if len(cells) != 2 {
				t.Errorf("%s:%d: a row needs two cells (code, meaning): %q", path, i+1, line)
				continue
			}
			code := strings.Trim(strings.TrimSpace(cells[0]), "`")
			meaning := strings.TrimSpace(cells[1])
			if code == "code" || strings.Trim(code, "-: ") == "" {
				continue // header and separator rows
			}
			if meaning == "" {
				t.Errorf("%s:%d: code %q has no meaning", path, i+1, code)
			}
			if _, dup := section[code]; dup {
				t.Errorf("%s:%d: code %q listed twice", path, i+1, code)
			}
			section[code] = meaning
		}
	}
	return tables
}

func TestCodesDocumented(t *testing.T) {
	docs := docTables(t, filepath.Join("..", "docs", "codes.md"))
	sets := []struct {
		section string
		codes   []string
	}{
		{"Note codes", strs(NoteCodes())},
		{"Ask codes", strs(AskCodes())},
		{"Warning codes", strs(WarningCodes())},
		{"Envelope codes", strs(EnvelopeCodes())},
	}
	for _, set := range sets {
		doc, ok := docs[set.section]
		if !ok {
			t.Errorf("docs/codes.md has no section %q", set.section)
			continue
		}
		seen := map[string]bool{}
		for _, c := range set.codes {
			if seen[c] {
				t.Errorf("%s: %q is listed twice in the Go list", set.section, c)
			}
			seen[c] = true
			if !regexp.MustCompile(`^[a-z][a-z0-9_]*$`).MatchString(c) {
				t.Errorf("%s: %q is not a snake_case code", set.section, c)
			}
			if _, ok := doc[c]; !ok {
				t.Errorf("%s: code %q is in Go but not in docs/codes.md", set.section, c)
			}
		}
		for c := range doc {
			if !seen[c] {
				t.Errorf("%s: code %q is in docs/codes.md but not in Go", set.section, c)
			}
		}
	}
}

func strs[C ~string](codes []C) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = string(c)
	}
	return out
}

// Every constant of a code type is in its exported list, and is declared in
// codes.go, the one file that owns the code sets.
func TestCodeConstantsListed(t *testing.T) {
	lists := map[string][]string{
		"NoteCode":     strs(NoteCodes()),
		"AskCode":      strs(AskCodes()),
		"WarningCode":  strs(WarningCodes()),
		"EnvelopeCode": strs(EnvelopeCodes()),
	}
	consts := codeConstants(t)
	if len(consts) == 0 {
		t.Fatal("found no code constants: the parser is broken")
	}
	if want := len(NoteCodes()) + len(AskCodes()) + len(WarningCodes()) + len(EnvelopeCodes()); len(consts) != want {
		t.Errorf("found %d code constants, the lists hold %d codes: every listed code must be a constant of codes.go", len(consts), want)
	}
	for _, c := range consts {
		if c.file != "codes.go" {
			t.Errorf("%s: %s %s is declared outside codes.go", c.pos, c.typ, c.name)
		}
		if !slices.Contains(lists[c.typ], c.value) {
			t.Errorf("%s: %s (%q) is missing from %ss", c.pos, c.name, c.value, c.typ)
		}
	}
}

// The code sets are closed: what a caller does with the slice it was given
// changes no other caller's set.
func TestCodeSetsReadOnly(t *testing.T) {
	readOnly(t, "NoteCodes", NoteCodes)
	readOnly(t, "AskCodes", AskCodes)
	readOnly(t, "WarningCodes", WarningCodes)
	readOnly(t, "EnvelopeCodes", EnvelopeCodes)
}

func readOnly[C ~string](t *testing.T, name string, get func() []C) {
	t.Helper()
	mine := get()
	if len(mine) < 2 {
		t.Fatalf("%s() holds %d codes", name, len(mine))
	}
	want := slices.Clone(mine)
	mine[0] = "changed"
	_ = append(mine[:1], "appended") // writes over mine[1] when it shares an array
	if got := get(); !slices.Equal(got, want) {
		t.Errorf("after a caller changed its slice, %s() = %v; want %v", name, got, want)
	}
}

type codeConst struct {
	name, typ, value, file string
	pos                    token.Position
}

// codeConstants finds the constants of type NoteCode, AskCode and
// WarningCode in the package's own (non-test) files: `X T = "v"`,
// `X = T("v")`, and a typed constant's implicit repetition in a group.
func codeConstants(t *testing.T) []codeConst {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	codeTypes := map[string]bool{"NoteCode": true, "AskCode": true, "WarningCode": true, "EnvelopeCode": true}
	var out []codeConst
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			var typ string // the type a spec without type and values repeats
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				switch {
				case vs.Type != nil:
					typ = identName(vs.Type)
				case len(vs.Values) > 0:
					typ = ""
					if call, ok := vs.Values[0].(*ast.CallExpr); ok {
						typ = identName(call.Fun)
					}
				}
				if !codeTypes[typ] {
					continue
				}
				for i, id := range vs.Names {
					value := ""
					if i < len(vs.Values) {
						value = stringValue(vs.Values[i])
					}
					out = append(out, codeConst{name: id.Name, typ: typ, value: value, file: name, pos: fset.Position(id.Pos())})
				}
			}
		}
	}
	return out
}

func identName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// stringValue returns the string literal of "v" or T("v").
func stringValue(e ast.Expr) string {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		e = call.Args[0]
	}
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		if s, err := strconv.Unquote(lit.Value); err == nil {
			return s
		}
	}
	return ""
}
