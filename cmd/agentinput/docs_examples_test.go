package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The docs cite examples of outcomes in one checkable form, a code span
// holding a command line of `agentinput read` and what it gives (the
// convention is written in docs/codes.md's introduction):
//
//	`KIND [FLAGS] SPELLING... → OUTCOME[, note CODE][, warning CODE]`
//
// OUTCOME is a JSON value (the output's "value"), `absent`, or `ask CODE`.
// TestDocsExamples reads every such citation of exampleDocs through the
// command, in process, and fails at file:line for each spelling whose
// outcome differs, so a doc cannot drift from the code unnoticed.

// exampleDocs are the docs whose citations are checked, from this package.
var exampleDocs = []string{"../../docs/codes.md", "../../docs/decisions.md"}

// minDocsExamples is how many spellings the docs cite today: fewer means
// the extraction lost some (a changed convention, a broken parser), which
// must not pass as "nothing disagrees".
const minDocsExamples = 149

// codeSpan is one inline code span of a Markdown file (no backtick
// inside, as every citation is written).
var codeSpan = regexp.MustCompile("`[^`]+`")

// noteRow matches a row of docs/codes.md's note table, naming its code.
var noteRow = regexp.MustCompile("^\\| `([a-z_]+)` \\|")

// citation is one checkable example.
type citation struct {
	where    string   // file:line
	text     string   // the span, for messages
	args     []string // `read`'s arguments: KIND, flags and spellings
	spelling []string // the spellings alone, in order
	status   string   // value, absent or ask
	value    any      // for status value: the expected value, decoded
	ask      string   // for status ask: the ask code
	notes    []string // note codes the outcome must carry
	warnings []string // warning codes the outcome must carry
}

// docCitations extracts the citations of one Markdown file. Every code
// span holding " → " is a citation and must parse; one that does not is
// reported, never skipped. In docs/codes.md's table of note codes, a value
// or absent outcome must also carry the row's note.
func docCitations(t *testing.T, path string) []citation {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.ToSlash(filepath.Join("docs", filepath.Base(path)))
	known := flagKinds()
	var out []citation
	section, rowCode := "", ""
	sc := bufio.NewScanner(strings.NewReader(string(raw)))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			section = strings.TrimPrefix(line, "## ")
		}
		rowCode = ""
		if m := noteRow.FindStringSubmatch(line); m != nil && section == "Note codes" && strings.HasSuffix(name, "codes.md") {
			rowCode = m[1]
		}
		for _, span := range codeSpan.FindAllString(line, -1) {
			text := strings.Trim(span, "`")
			if !strings.Contains(text, " → ") {
				continue
			}
			where := fmt.Sprintf("%s:%d", name, n)
			c, err := parseCitation(text, known)
			if err != nil {
				t.Errorf("%s: citation %s does not parse: %v", where, span, err)
				continue
			}
			c.where = where
			if rowCode != "" && c.status != "ask" && !slices.Contains(c.notes, rowCode) {
				c.notes = append(c.notes, rowCode)
			}
			out = append(out, c)
		}
	}
	return out
}

// parseCitation parses `KIND [FLAGS] SPELLING... → OUTCOME[, note CODE]...`.
func parseCitation(text string, known map[string]bool) (citation, error) {
	c := citation{text: "`" + text + "`"}
	lhs, rhs, _ := strings.Cut(text, " → ")
	args, err := splitArgs(lhs)
	if err != nil {
		return c, err
	}
	if len(args) < 2 {
		return c, fmt.Errorf("want KIND and at least one spelling before →")
	}
	c.args = args
	for i := 1; i < len(args); i++ {
		a := args[i]
		if name, withValue, ok := flagName(a); ok {
			if isBool, ok := known[name]; ok {
				if !isBool && !withValue {
					i++
				}
				continue
			}
		}
		c.spelling = append(c.spelling, a)
	}
	if len(c.spelling) == 0 {
		return c, fmt.Errorf("no spelling before →")
	}
	rest := strings.TrimSpace(rhs)
	switch {
	case rest == "absent" || strings.HasPrefix(rest, "absent,"):
		c.status, rest = "absent", strings.TrimPrefix(rest, "absent")
	case rest == "ask" || strings.HasPrefix(rest, "ask "):
		c.status = "ask"
		code, after, _ := strings.Cut(strings.TrimPrefix(rest, "ask"), ",")
		c.ask = strings.TrimSpace(code)
		if c.ask == "" || strings.Contains(c.ask, " ") {
			return c, fmt.Errorf("want ask CODE, got %q", rest)
		}
		if after != "" {
			after = "," + after
		}
		rest = after
	default:
		c.status = "value"
		dec := json.NewDecoder(strings.NewReader(rest))
		if err := dec.Decode(&c.value); err != nil {
			return c, fmt.Errorf("the outcome is no JSON value, absent or ask CODE: %v", err)
		}
		rest = rest[dec.InputOffset():]
	}
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
		item, after, _ := strings.Cut(strings.TrimPrefix(rest, ","), ",")
		if !strings.HasPrefix(rest, ",") {
			return c, fmt.Errorf("unexpected %q after the outcome", rest)
		}
		what, code, ok := strings.Cut(strings.TrimSpace(item), " ")
		switch {
		case ok && what == "note":
			c.notes = append(c.notes, code)
		case ok && what == "warning":
			c.warnings = append(c.warnings, code)
		default:
			return c, fmt.Errorf("want \", note CODE\" or \", warning CODE\", got %q", item)
		}
		if after != "" {
			after = "," + after
		}
		rest = after
	}
	return c, nil
}

// splitArgs splits a citation's command line at spaces; a JSON string
// ("4 000") is one argument, as the shell would pass '"4 000"'.
func splitArgs(s string) ([]string, error) {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] != '"' {
			arg, rest, _ := strings.Cut(s, " ")
			out = append(out, arg)
			s = rest
			continue
		}
		end := -1
		for i := 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == '"' {
				end = i
				break
			}
		}
		if end < 0 {
			return nil, fmt.Errorf("unclosed JSON string in %q", s)
		}
		if end+1 < len(s) && s[end+1] != ' ' {
			return nil, fmt.Errorf("a JSON string must end its argument: %q", s)
		}
		out = append(out, s[:end+1])
		s = s[end+1:]
	}
	return out, nil
}

// readOutput is the part of one line of `read`'s output a citation checks.
type readOutput struct {
	Status   string                  `json:"status"`
	Value    json.RawMessage         `json:"value"`
	Notes    []struct{ Code string } `json:"notes"`
	Warnings []struct{ Code string } `json:"warnings"`
	Ask      *struct{ Code string }  `json:"ask"`
}

// check reads the citation's spellings and returns one message per
// spelling whose outcome differs.
func (c citation) check() []string {
	stdout, stderr, _ := cli(append([]string{"read"}, c.args...), "")
	if stderr != "" {
		return []string{fmt.Sprintf("%s: %s: the command failed: %s", c.where, c.text, strings.TrimSpace(stderr))}
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(c.spelling) {
		return []string{fmt.Sprintf("%s: %s: %d spellings gave %d lines of output", c.where, c.text, len(c.spelling), len(lines))}
	}
	var out []string
	for i, line := range lines {
		var got readOutput
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			out = append(out, fmt.Sprintf("%s: %s: output %q is not JSON: %v", c.where, c.text, line, err))
			continue
		}
		if msg := c.differs(got); msg != "" {
			out = append(out, fmt.Sprintf("%s: %s: %s %s, the doc says %s", c.where, c.text, c.spelling[i], msg, c.want()))
		}
	}
	return out
}

// differs says what the output gave when it is not the cited outcome.
func (c citation) differs(got readOutput) string {
	var notes, warnings []string
	for _, n := range got.Notes {
		notes = append(notes, n.Code)
	}
	for _, w := range got.Warnings {
		warnings = append(warnings, w.Code)
	}
	gave := "gave " + got.Status
	switch got.Status {
	case "value":
		gave += " " + string(got.Value)
	case "ask":
		if got.Ask != nil {
			gave += " " + got.Ask.Code
		}
	}
	gave += fmt.Sprintf(" (notes %v, warnings %v)", notes, warnings)
	if got.Status != c.status {
		return gave
	}
	switch c.status {
	case "value":
		var v any
		if err := json.Unmarshal(got.Value, &v); err != nil || !reflect.DeepEqual(v, c.value) {
			return gave
		}
	case "ask":
		if got.Ask == nil || got.Ask.Code != c.ask {
			return gave
		}
	}
	for _, n := range c.notes {
		if !slices.Contains(notes, n) {
			return gave
		}
	}
	for _, w := range c.warnings {
		if !slices.Contains(warnings, w) {
			return gave
		}
	}
	return ""
}

func (c citation) want() string {
	s := c.status
	switch c.status {
	case "value":
		b, _ := json.Marshal(c.value)
		s = string(b)
	case "ask":
		s += " " + c.ask
	}
	for _, n := range c.notes {
		s += ", note " + n
	}
	for _, w := range c.warnings {
		s += ", warning " + w
	}
	return s
}

// TestDocsExamples reads every example the docs cite through the command
// and fails, at the doc's file:line, for each one whose outcome differs.
func TestDocsExamples(t *testing.T) {
	checked := 0
	for _, path := range exampleDocs {
		for _, c := range docCitations(t, path) {
			checked += len(c.spelling)
			for _, msg := range c.check() {
				t.Error(msg)
			}
		}
	}
	if checked < minDocsExamples {
		t.Errorf("checked %d cited spellings, want at least %d: the citations were not all found", checked, minDocsExamples)
	}
	t.Logf("checked %d cited spellings", checked)
}

// TestParseCitation pins the citation grammar, and that a wrong outcome
// is reported, so TestDocsExamples cannot pass by parsing nothing.
func TestParseCitation(t *testing.T) {
	known := flagKinds()
	c, err := parseCitation(`number --integer "1,234" "4 000" → 1234, note integer_grouping`, known)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.spelling, []string{`"1,234"`, `"4 000"`}) || c.status != "value" || c.value != 1234.0 || !slices.Equal(c.notes, []string{"integer_grouping"}) {
		t.Fatalf("parsed %+v", c)
	}
	c.where = "x.md:1"
	msgs := c.check()
	if len(msgs) != 1 || !strings.Contains(msgs[0], `x.md:1`) || !strings.Contains(msgs[0], `"4 000"`) {
		t.Fatalf("want one mismatch, for \"4 000\" (4000, note grouping), at x.md:1; got %q", msgs)
	}
	c, err = parseCitation(`date --bound to "9999-12-31" → absent, note open_bound`, known)
	if err != nil || c.status != "absent" || !slices.Equal(c.spelling, []string{`"9999-12-31"`}) || len(c.check()) != 0 {
		t.Fatalf("parsed %+v, %v; check %q", c, err, c.check())
	}
	c, err = parseCitation(`boolean "J" → true, note word`, known)
	if err != nil || len(c.check()) != 1 {
		t.Fatalf("a wrong cited outcome must be one mismatch: %+v, %v, %q", c, err, c.check())
	}
	for _, bad := range []string{`number → 5`, `number "5 → 5`, `number 5 → maybe`, `number 5 → 5, notes x`, `number 5 → ask `, `number 5 → 5 6`} {
		if _, err := parseCitation(bad, known); err == nil {
			t.Errorf("%s parsed; want an error", bad)
		}
	}
}
