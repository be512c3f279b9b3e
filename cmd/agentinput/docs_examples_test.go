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

// The docs cite, today, this many spellings read without a file, spellings
// read with a vocabulary file (--vocab), and calls. Fewer of any means
// the extraction lost some (a changed convention, a broken parser, a
// fixture not found), which must not pass as "nothing disagrees". Raise
// a floor when the docs cite more.
const (
	minReadExamples  = 451
	minVocabExamples = 45
	minCallExamples  = 14
)

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

// example is one checkable citation: of `read` (citation) or of a call
// (callCitation).
type example interface {
	at() string      // file:line
	count() int      // how many outcomes it cites
	check() []string // one message per outcome that differs
}

func (c citation) at() string { return c.where }
func (c citation) count() int { return len(c.spelling) }

// docCitations extracts the citations of one Markdown file. Every code
// span holding " → " is a citation and must parse; one that does not is
// reported, never skipped. In docs/codes.md's table of note codes, a value,
// absent or called outcome must also carry the row's note.
func docCitations(t *testing.T, path string) []example {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.ToSlash(filepath.Join("docs", filepath.Base(path)))
	known := flagKinds()
	var out []example
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
			if strings.HasPrefix(text, "call ") {
				c, err := parseCallCitation(text)
				if err != nil {
					t.Errorf("%s: citation %s does not parse: %v", where, span, err)
					continue
				}
				c.where = where
				if rowCode != "" && c.envelope == "" && !slices.ContainsFunc(c.notes, func(r remark) bool { return r.code == rowCode }) {
					c.notes = append(c.notes, remark{code: rowCode})
				}
				out = append(out, c)
				continue
			}
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

// fileFlags are the flags of `read` whose value is a file: a citation
// names it from the repository's root, where a reader runs the command.
var fileFlags = map[string]bool{"vocab": true}

// fromRepoRoot returns args with each file flag's relative path made
// relative to this package's directory, where the test runs.
func fromRepoRoot(args []string) []string {
	out := slices.Clone(args)
	for i := 0; i < len(out); i++ {
		name, withValue, ok := flagName(out[i])
		if !ok || !fileFlags[name] {
			continue
		}
		if withValue {
			flagPart, file, _ := strings.Cut(out[i], "=")
			if !filepath.IsAbs(file) {
				out[i] = flagPart + "=" + filepath.Join("..", "..", file)
			}
			continue
		}
		if i+1 < len(out) && !filepath.IsAbs(out[i+1]) {
			out[i+1] = filepath.Join("..", "..", out[i+1])
		}
		i++
	}
	return out
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
	stdout, stderr, _ := cli(append([]string{"read"}, fromRepoRoot(c.args)...), "")
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
	reads, vocab, calls := 0, 0, 0
	for _, path := range exampleDocs {
		for _, c := range docCitations(t, path) {
			switch c := c.(type) {
			case callCitation:
				calls++
			case citation:
				if slices.ContainsFunc(c.args, func(a string) bool { n, _, ok := flagName(a); return ok && n == "vocab" }) {
					vocab += c.count()
				} else {
					reads += c.count()
				}
			}
			for _, msg := range c.check() {
				t.Error(msg)
			}
		}
	}
	for _, n := range []struct {
		what     string
		got, min int
	}{{"spellings read without a file", reads, minReadExamples}, {"spellings read with --vocab", vocab, minVocabExamples}, {"calls", calls, minCallExamples}} {
		if n.got < n.min {
			t.Errorf("checked %d cited %s, want at least %d: the citations were not all found", n.got, n.what, n.min)
		}
	}
	t.Logf("checked %d cited spellings read without a file, %d with --vocab, %d calls", reads, vocab, calls)
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

// proseDocs are the docs whose prose must not cite an outcome outside a
// citation: exampleDocs, and the kind guide.
var proseDocs = append(slices.Clone(exampleDocs), "../../docs/kind-guide.md")

// proseOutcome matches what follows a code span when the prose says what
// the span gives: "`X` reads as …", "`X`, `Y` and `Z` are asks", "`X` → …".
// A span followed so is an outcome example in prose, which no test reads.
var proseOutcome = regexp.MustCompile("^((,| and| or|,? and|,? or) `[^`]+`)*\\)?,? (→ |reads? as |is read as |are read as |is read |are read |asks|ask about|is asked about|are asked about|is an ask|are asks|are an ask|is absent|are absent|stays? an ask|stays? asks|is ambiguous|are ambiguous|is an `|are `[a-z_]+` asks|is `[a-z_]+`)")

// goIdentifier matches a span naming Go code (`enum.Spec`,
// `binding.Read`, `cursor.Options`), which is no spelling.
var goIdentifier = regexp.MustCompile(`^(\[\][A-Za-z_.]+|[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_\[\]]*)+(\(.*\))?(\[[A-Za-z]+\])?|[A-Za-z_][A-Za-z0-9_]*\(.*\))$`)

// codeRow matches a row of docs/codes.md's tables, naming its code: a
// code in prose ("`ambiguous` asks") is no spelling.
var codeRow = regexp.MustCompile("^\\| `([a-z_]+)` \\|")

// proseExempt are the spans followed by an outcome phrase that are no
// example of a spelling's outcome, or that no citation can state, each
// with the reason, by doc and span. An entry that matches nothing fails,
// so the list shrinks with the prose.
var proseExempt = map[string]string{
	"docs/decisions.md Outcome":                "a Go type: the zero Outcome is an ask",
	"docs/decisions.md …/2012/89/2024-01-01/…": "a fragment of a URI, not a spelling; the entry cites whole URIs",
	"docs/decisions.md (…)":                    "a shape (any UUID in parentheses); the entry cites a member",
	"docs/decisions.md […]":                    "a shape (any UUID in brackets); the entry cites a member",
	"docs/decisions.md urn:uuid:{…}":           "a shape; the entry cites a member",
	"docs/decisions.md bound=":                 "a tag key of a Go struct field, not a spelling",
	"docs/decisions.md MaxIdempotencyKeyBytes": "a Go constant, not a spelling",
	"docs/decisions.md YYYY-MM-DD":             "a form, not a spelling: which function reads it",
	"docs/decisions.md id":                     "the property an unknown one's hint names: a message, which no citation checks (factory's TestLikelyMeant does)",
	"docs/decisions.md decision_id":            "the property an unknown one's hint names (see id)",
	"docs/decisions.md from":                   "the property an unknown one's hint names (see id)",
}

// proseExamples returns, for one doc, each span that the prose says gives
// an outcome and that its paragraph (a list item, a table row) does not
// cite, as "file:line: span …". A paragraph is read as one line, so prose
// wrapped after a span is read as its reader reads it.
func proseExamples(t *testing.T, path string, used map[string]bool) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.ToSlash(filepath.Join("docs", filepath.Base(path)))
	codes := documentedCodes(t)
	var out []string
	for _, p := range paragraphs(string(raw)) {
		cited := citedSpellings(p.text)
		for _, at := range codeSpan.FindAllStringIndex(p.text, -1) {
			text := strings.Trim(p.text[at[0]:at[1]], "`")
			after := p.text[at[1]:]
			if strings.Contains(text, " → ") || goIdentifier.MatchString(text) || codes[text] || cited.has(text) {
				continue
			}
			if !proseOutcome.MatchString(after) && !(strings.HasPrefix(text, `"`) && strings.HasPrefix(after, " as ")) {
				continue
			}
			key := name + " " + text
			if _, ok := proseExempt[key]; ok {
				used[key] = true
				continue
			}
			excerpt := []rune(after)
			excerpt = excerpt[:min(len(excerpt), 32)]
			out = append(out, fmt.Sprintf("%s:%d: `%s`%s…", name, p.line(at[0]), text, string(excerpt)))
		}
	}
	return out
}

// paragraph is one block of a Markdown file, its lines joined by spaces.
type paragraph struct {
	text   string
	starts []int // the offset in text where each line begins
	first  int   // the first line's number
}

func (p paragraph) line(offset int) int {
	n, _ := slices.BinarySearch(p.starts, offset+1)
	return p.first + n - 1
}

// paragraphs splits a Markdown file into blocks: a blank line, a heading,
// a list item, a table row or a fence starts a new one.
func paragraphs(doc string) []paragraph {
	var out []paragraph
	var cur *paragraph
	for n, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(line)
		starts := trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "- ") ||
			strings.HasPrefix(trimmed, "|") || strings.HasPrefix(trimmed, "```") || regexp.MustCompile(`^[0-9]+\. `).MatchString(trimmed)
		if starts || cur == nil {
			out = append(out, paragraph{first: n + 1})
			cur = &out[len(out)-1]
		} else {
			cur.text += " "
		}
		cur.starts = append(cur.starts, len(cur.text))
		cur.text += trimmed
	}
	return out
}

// cited is what the citations of a paragraph name: their arguments
// (spellings and flags' values) and their outcomes' values, as written
// and, for a JSON string, as the string.
type cited map[string]bool

// has says whether a span is cited: named by a citation, or a part of a
// cited spelling of two characters or more (`51` of "Directive 51/46/EC").
func (c cited) has(span string) bool {
	if c[span] {
		return true
	}
	if len([]rune(span)) < 2 {
		return false
	}
	for s := range c {
		if strings.Contains(s, span) {
			return true
		}
	}
	return false
}

func citedSpellings(text string) cited {
	known := flagKinds()
	out := cited{}
	add := func(s string) {
		out[s] = true
		var str string
		if json.Unmarshal([]byte(s), &str) == nil {
			out[str] = true
		}
	}
	for _, span := range codeSpan.FindAllString(text, -1) {
		span = strings.Trim(span, "`")
		if !strings.Contains(span, " → ") || strings.HasPrefix(span, "call ") {
			continue
		}
		c, err := parseCitation(span, known)
		if err != nil {
			continue
		}
		for _, a := range c.args[1:] {
			add(a)
			for _, v := range strings.Split(a, ",") {
				add(v)
			}
		}
		if b, err := json.Marshal(c.value); err == nil && c.status == "value" {
			add(string(b))
		}
	}
	return out
}

// documentedCodes are the codes docs/codes.md's tables list.
func documentedCodes(t *testing.T) map[string]bool {
	t.Helper()
	raw, err := os.ReadFile("../../docs/codes.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(raw), "\n") {
		if m := codeRow.FindStringSubmatch(line); m != nil {
			out[m[1]] = true
		}
	}
	return out
}

// TestDocsProseExamples fails for each outcome example written as prose
// ("`"J"` reads as true") rather than as a citation, so that every example
// the docs give stays one TestDocsExamples reads.
func TestDocsProseExamples(t *testing.T) {
	used := map[string]bool{}
	for _, path := range proseDocs {
		for _, msg := range proseExamples(t, path, used) {
			t.Errorf("%s: an outcome in prose; write it as a citation (docs/codes.md)", msg)
		}
	}
	for key := range proseExempt {
		if !used[key] {
			t.Errorf("proseExempt %q matches no prose: remove it", key)
		}
	}
}

// TestNewCitationFormsFail shows each form added after the first (a
// vocabulary fixture, a call, prose that cites no citation) reports a
// deliberately wrong example, so none of them passes by checking nothing.
func TestNewCitationFormsFail(t *testing.T) {
	known := flagKinds()
	const vocab = "vocabulary --vocab internal/demo/courts.json "
	for text, wantMismatch := range map[string]bool{
		vocab + `"nscr" → "NS", note alias_code`:                       false,
		vocab + `"nscr" → "NSS"`:                                       true,
		vocab + `"nscr" → "NS", note name`:                             true,
		`vocabulary --vocab internal/demo/no-such.json "nscr" → "NS"`:  true,
		`filter --vocab=internal/demo/courts.json "Nejvyšší" → absent`: false,
		`filter --vocab=internal/demo/courts.json "Nejvyšší" → "NS"`:   true,
	} {
		c, err := parseCitation(text, known)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		c.where = "x.md:1"
		if msgs := c.check(); (len(msgs) > 0) != wantMismatch {
			t.Errorf("%s: mismatches %q, want a mismatch: %v", text, msgs, wantMismatch)
		}
	}

	for text, wantMismatch := range map[string]bool{
		`call read_decisions {"limt": 5} → envelope invalid_arguments, ask unknown_property at /limt`:  false,
		`call read_decisions {"limt": 5} → envelope invalid_arguments, ask unknown_property`:           false,
		`call read_decisions {"limt": 5} → called`:                                                     true,
		`call read_decisions {"limt": 5} → envelope not_found`:                                         true,
		`call read_decisions {"limt": 5} → envelope invalid_arguments, ask unknown_property at /limit`: true,
		`call read_decisions {"limt": 5} → envelope invalid_arguments, ask invalid at /limt`:           true,
		`call read_decisions "{\"limit\": 20}" → called, note object_in_string at ""`:                  false,
		`call read_decisions "{\"limit\": 20}" → called, note object_in_string at /limit`:              true,
		`call read_decisions {"court": "Nejvyšší"} → called, warning filter_dropped at /court`:         false,
		`call read_decisions {"court": "Nejvyšší"} → called, note filter_dropped at /court`:            true,
		`call read_decisions {"court": "NS"} → called, warning filter_dropped`:                         true,
		`call no_such_tool {} → called`:                                                                true,
	} {
		c, err := parseCallCitation(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		c.where = "x.md:1"
		if msgs := c.check(); (len(msgs) > 0) != wantMismatch {
			t.Errorf("%s: mismatches %q, want a mismatch: %v", text, msgs, wantMismatch)
		}
	}
	for _, bad := range []string{`call read_decisions → called`, `call read_decisions {"a": → called`, `call t {} → maybe`,
		`call t {} → called, hint x`, `call t {} → envelope`, `call t {} → called, note a at`} {
		if _, err := parseCallCitation(bad); err == nil {
			t.Errorf("%s parsed; want an error", bad)
		}
	}

	doc := filepath.Join(t.TempDir(), "prose.md")
	err := os.WriteFile(doc, []byte("- `\"J\"` reads as true.\n"+
		"- `\"x\"`, `\"y\"` and `\"z\"`\n  are asks.\n"+
		"- `\"J\"` reads as true (`boolean \"J\" → ask invalid`): cited, so TestDocsExamples checks it.\n"+
		"- `binding.Read` asks the kind first; `ambiguous` asks name readings.\n"+
		"| `\"DD\"` → DE |\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	got := proseExamples(t, doc, map[string]bool{})
	var at []string
	for _, msg := range got {
		where, _, _ := strings.Cut(msg, " ")
		at = append(at, where)
	}
	want := []string{"docs/prose.md:1:", "docs/prose.md:2:", "docs/prose.md:2:", "docs/prose.md:2:", "docs/prose.md:6:"}
	if !slices.Equal(at, want) {
		t.Errorf("prose examples found at %q, want %q:\n%s", at, want, strings.Join(got, "\n"))
	}
}
