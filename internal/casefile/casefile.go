// Package casefile reads, checks and rewrites the tables of cases every
// kind keeps in testdata/cases.txt. It is test-only code: kinds' tests and
// the fuzz/ package import it; the library never does.
//
// The format, one line at a time:
//
//   - a blank line, or one whose first non-blank character is #, is a
//     comment;
//   - a line starting with @ is a directive: "@NAME ARG ARG ..." (the kind
//     says what its directives mean; they apply to the rows below them);
//   - any other line is a row: INPUT | COLUMN | COLUMN ..., where INPUT is
//     one JSON value (decoded with UseNumber, as a request's arguments
//     are) and the columns, split on "|" and trimmed, say what the kind
//     answers. "-" stands for none, and a trailing "-" column may be left
//     out: a row "INPUT | ask invalid" says the same as
//     "INPUT | ask invalid | -".
//
// A kind checks its table with [Table.Check]: for each row, its answer
// function returns the columns the code gives now; a row whose written
// columns differ fails the test at FILE:LINE. Run with -update, Check
// rewrites the columns from the answers instead (keeping the input as
// written and each column's width), so a change of behaviour is one
// command and a reviewed diff.
package casefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// update is the one -update flag of every kind's test binary.
var update = flag.Bool("update", false, "rewrite the expected columns of testdata/cases.txt from what the code now answers")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// Table is one parsed cases.txt.
type Table struct {
	path  string
	lines []string // the file, split on "\n" (the last element is "" when it ends with a newline)
	items []item   // directives and rows, in file order
}

type item struct {
	dir *Directive
	row *Row
}

// Directive is one "@NAME ARG ..." line.
type Directive struct {
	Path string
	Line int      // 1-based
	Name string   // without the @
	Args []string // the fields after the name
}

// Pos is "PATH:LINE".
func (d Directive) Pos() string { return fmt.Sprintf("%s:%d", d.Path, d.Line) }

// Row is one case.
type Row struct {
	Path  string
	Line  int    // 1-based
	Text  string // the line, trimmed, for messages
	Raw   string // the input as written, trimmed
	Input any    // the input decoded, numbers as json.Number
	Cols  []string

	segs []string // the line cut at the pipes: the input with its padding, then each column as written
}

// Pos is "PATH:LINE".
func (r *Row) Pos() string { return fmt.Sprintf("%s:%d", r.Path, r.Line) }

// Col returns the written column i (0 is the first after the input), or
// "-" when the row leaves it out.
func (r *Row) Col(i int) string {
	if i < len(r.Cols) {
		return r.Cols[i]
	}
	return "-"
}

// Errorf fails t with a message that names the row's file, line and text.
func (r *Row) Errorf(t testing.TB, format string, args ...any) {
	t.Helper()
	t.Errorf("%s: %s\n\t%s", r.Pos(), r.Text, fmt.Sprintf(format, args...))
}

// Load reads and parses the table at path, failing t (with the file and
// line) when a line is neither a comment, a directive nor a row, or when
// the table has no row.
func Load(t testing.TB, path string) *Table {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// Parse parses data, the contents of the table at path (used in
// messages). Its error names the file and line.
func Parse(path string, data []byte) (*Table, error) {
	tb := &Table{path: path, lines: strings.Split(string(data), "\n")}
	rows := 0
	for i, line := range tb.lines {
		n := i + 1
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || trimmed[0] == '#':
			continue
		case trimmed[0] == '@':
			f := strings.Fields(trimmed[1:])
			if len(f) == 0 || strings.HasPrefix(trimmed, "@ ") {
				return nil, fmt.Errorf("%s:%d: a directive needs a name right after the @", path, n)
			}
			tb.items = append(tb.items, item{dir: &Directive{Path: path, Line: n, Name: f[0], Args: f[1:]}})
			continue
		}
		r, err := parseRow(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		r.Path, r.Line, r.Text = path, n, trimmed
		tb.items = append(tb.items, item{row: r})
		rows++
	}
	if rows == 0 {
		return nil, fmt.Errorf("%s: no rows", path)
	}
	return tb, nil
}

func parseRow(line string) (*Row, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	var in any
	if err := dec.Decode(&in); err != nil {
		return nil, errors.New("the input is not one JSON value")
	}
	off := int(dec.InputOffset())
	rest := strings.TrimLeft(line[off:], " \t")
	if !strings.HasPrefix(rest, "|") {
		return nil, errors.New(`want "INPUT | COLUMN ..." (a "|" right after the input)`)
	}
	pipe := len(line) - len(rest)
	r := &Row{Raw: strings.TrimSpace(line[:off]), Input: in}
	r.segs = append([]string{line[:pipe]}, strings.Split(rest[1:], "|")...)
	for _, s := range r.segs[1:] {
		r.Cols = append(r.Cols, strings.TrimSpace(s))
	}
	return r, nil
}

// Rows returns the table's rows in file order.
func (tb *Table) Rows() []*Row {
	var rows []*Row
	for _, it := range tb.items {
		if it.row != nil {
			rows = append(rows, it.row)
		}
	}
	return rows
}

// Walk calls directive for each directive and row for each row, in file
// order, so that a directive's settings reach the rows below it. A nil
// directive means the table has none: a directive line fails t. So does
// an error directive returns (an unknown name, a bad argument), with the
// directive's file and line.
func (tb *Table) Walk(t testing.TB, directive func(Directive) error, row func(*Row)) {
	t.Helper()
	for _, it := range tb.items {
		if it.dir != nil {
			d := *it.dir
			if directive == nil {
				t.Fatalf("%s: this table has no directives (@%s)", d.Pos(), d.Name)
			}
			if err := directive(d); err != nil {
				t.Fatalf("%s: @%s: %v", d.Pos(), d.Name, err)
			}
			continue
		}
		row(it.row)
	}
}

// Check walks the table (see [Table.Walk]) and compares, for each row,
// the columns answer returns with the written ones (a left-out trailing
// column is "-"). A mismatch fails t at the row's file and line; answer
// may fail t further through [Row.Errorf] for what the columns do not
// say. Under -update, Check rewrites the file instead, each row's columns
// as answer returns them (a trailing "-" the row left out stays out).
func (tb *Table) Check(t testing.TB, directive func(Directive) error, answer func(*Row) []string) {
	t.Helper()
	changed := 0
	tb.Walk(t, directive, func(r *Row) {
		t.Helper()
		got := answer(r)
		if Equal(r.Cols, got) {
			return
		}
		if !*update {
			t.Errorf("%s: %s\n\tgot  %s\n\twant %s", r.Pos(), r.Raw, strings.Join(got, " | "), strings.Join(r.Cols, " | "))
			return
		}
		tb.lines[r.Line-1] = r.rewrite(got)
		changed++
	})
	if *update && changed > 0 {
		if err := os.WriteFile(tb.path, tb.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: rewrote %d rows", tb.path, changed)
	}
}

// Bytes returns the table's text, with the rows Check rewrote.
func (tb *Table) Bytes() []byte { return []byte(strings.Join(tb.lines, "\n")) }

// Equal reports whether the written columns and the answered ones say the
// same, a missing trailing column standing for "-".
func Equal(written, got []string) bool {
	n := max(len(written), len(got))
	for i := range n {
		if col(written, i) != col(got, i) {
			return false
		}
	}
	return true
}

func col(cols []string, i int) string {
	if i < len(cols) {
		return strings.TrimSpace(cols[i])
	}
	return "-"
}

// rewrite returns the row's line with got as its columns: the input part
// as written, each column padded to its written width when it fits, and
// the trailing "-" columns the row left out still left out.
func (r *Row) rewrite(got []string) string {
	for len(got) > len(r.Cols) && len(got) > 1 && strings.TrimSpace(got[len(got)-1]) == "-" {
		got = got[:len(got)-1]
	}
	var b bytes.Buffer
	b.WriteString(r.segs[0])
	for i, c := range got {
		c = strings.TrimSpace(c)
		b.WriteString("| ")
		b.WriteString(c)
		if i == len(got)-1 {
			break
		}
		width := 1 // the space before the next pipe
		if i+1 < len(r.segs)-1 {
			width = max(1, utf8.RuneCountInString(r.segs[i+1])-1-utf8.RuneCountInString(c))
		}
		b.WriteString(strings.Repeat(" ", width))
	}
	return b.String()
}
