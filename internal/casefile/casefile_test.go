package casefile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing, so
// that the tests can see what Check and Walk report.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
}

type fatalStop struct{}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	panic(fatalStop{})
}
func (r *recorder) Fatal(args ...any) {
	r.fatal = fmt.Sprint(args...)
	panic(fatalStop{})
}

// run calls f with a recorder and returns it, a Fatal having stopped f.
func run(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(fatalStop); !ok {
					panic(p)
				}
			}
		}()
		f(r)
	}()
	return r
}

const sample = `# a comment
  # an indented comment

@options a=1
"x"      | value x | -
1.50     | value 1.5
{"a": [1, "|"]} | ask invalid | "r1" "r2"
@options
-0 | value 0 | note
`

func TestParse(t *testing.T) {
	tb, err := Parse("cases.txt", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	tb.Walk(t, func(d Directive) error {
		got = append(got, fmt.Sprintf("%d @%s %q", d.Line, d.Name, d.Args))
		return nil
	}, func(r *Row) {
		in, _ := json.Marshal(r.Input)
		got = append(got, fmt.Sprintf("%d %s %s %T %q", r.Line, r.Raw, in, r.Input, r.Cols))
	})
	want := []string{
		`4 @options ["a=1"]`,
		`5 "x" "x" string ["value x" "-"]`,
		`6 1.50 1.50 json.Number ["value 1.5"]`,
		`7 {"a": [1, "|"]} {"a":[1,"|"]} map[string]interface {} ["ask invalid" "\"r1\" \"r2\""]`,
		`8 @options []`,
		`9 -0 -0 json.Number ["value 0" "note"]`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(tb.Rows()); n != 4 {
		t.Errorf("%d rows, want 4", n)
	}
	if r := tb.Rows()[1]; r.Col(0) != "value 1.5" || r.Col(1) != "-" || r.Col(5) != "-" {
		t.Errorf("Col: %q %q", r.Col(0), r.Col(1))
	}
}

// TestParseErrors: every malformed line is an error naming the file and
// the line, never a row skipped in silence.
func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"\"a\" | x\nnot json | x\n", "t.txt:2: the input is not one JSON value"},
		{"\"a\" | x\n\"b\"\n", `t.txt:2: want "INPUT | COLUMN ..."`},
		{"\"a\" x | y\n", `t.txt:1: want "INPUT | COLUMN ..."`},
		{"1 2 | y\n", `t.txt:1: want "INPUT | COLUMN ..."`},
		{"\"a\" | x\n@ values a\n", "t.txt:2: a directive needs a name"},
		{"@\n", "t.txt:1: a directive needs a name"},
		{"# only comments\n@values a\n", "t.txt: no rows"},
		{`"unterminated | x` + "\n", "t.txt:1: the input is not one JSON value"},
	} {
		_, err := Parse("t.txt", []byte(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
}

func TestWalkDirectiveErrors(t *testing.T) {
	tb, err := Parse("t.txt", []byte("\"a\" | x\n@bound sideways\n\"b\" | y\n"))
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	r := run(t, func(t testing.TB) {
		tb.Walk(t, nil, func(*Row) { rows++ })
	})
	if r.fatal != "t.txt:2: this table has no directives (@bound)" || rows != 1 {
		t.Errorf("nil directive: fatal %q after %d rows", r.fatal, rows)
	}
	r = run(t, func(t testing.TB) {
		tb.Walk(t, func(d Directive) error { return fmt.Errorf("unknown bound %q", d.Args[0]) }, func(*Row) {})
	})
	if r.fatal != `t.txt:2: @bound: unknown bound "sideways"` {
		t.Errorf("directive error: fatal %q", r.fatal)
	}
}

func TestEqual(t *testing.T) {
	for _, tt := range []struct {
		written, got []string
		want         bool
	}{
		{[]string{"a", "-"}, []string{"a", "-"}, true},
		{[]string{"a"}, []string{"a", "-"}, true},
		{[]string{"a", "-"}, []string{"a"}, true},
		{[]string{"a"}, []string{"a", "b"}, false},
		{[]string{"a", "b"}, []string{"a", "c"}, false},
		{[]string{"a", "b"}, []string{"b", "a"}, false},
		{[]string{"value 1"}, []string{"value  1"}, false},
	} {
		if got := Equal(tt.written, tt.got); got != tt.want {
			t.Errorf("Equal(%q, %q) = %v", tt.written, tt.got, got)
		}
	}
}

// answers is a fake kind: it answers each input with the columns in the
// map, by raw input.
func answers(m map[string][]string) func(*Row) []string {
	return func(r *Row) []string { return m[r.Raw] }
}

const table = `# header
"a"           | true  | -
"bb"          | false | from_string
"c"           | ask invalid
"d" | x
`

func TestCheckReportsMismatches(t *testing.T) {
	tb, err := Parse("testdata/cases.txt", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, func(t testing.TB) {
		tb.Check(t, nil, answers(map[string][]string{
			`"a"`:  {"true", "-"},
			`"bb"`: {"true", "from_string"},
			`"c"`:  {"ask invalid", "-"},
			`"d"`:  {"x", "note"},
		}))
	})
	want := []string{
		"testdata/cases.txt:3: \"bb\"\n\tgot  true | from_string\n\twant false | from_string",
		"testdata/cases.txt:5: \"d\"\n\tgot  x | note\n\twant x",
	}
	if !reflect.DeepEqual(r.errors, want) || r.fatal != "" {
		t.Errorf("errors %q (fatal %q), want %q", r.errors, r.fatal, want)
	}
}

func TestRowErrorf(t *testing.T) {
	tb, err := Parse("cases.txt", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, func(t testing.TB) { tb.Rows()[2].Errorf(t, "want %d readings", 2) })
	if want := []string{"cases.txt:4: \"c\"           | ask invalid\n\twant 2 readings"}; !reflect.DeepEqual(r.errors, want) {
		t.Errorf("got %q, want %q", r.errors, want)
	}
}

func withUpdate(t *testing.T) {
	old := *update
	*update = true
	t.Cleanup(func() { *update = old })
}

func TestUpdateRewrites(t *testing.T) {
	withUpdate(t)
	path := filepath.Join(t.TempDir(), "cases.txt")
	if err := os.WriteFile(path, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := Load(t, path)
	r := run(t, func(t testing.TB) {
		tb.Check(t, nil, answers(map[string][]string{
			`"a"`:  {"true", "-"},                  // unchanged
			`"bb"`: {"true", "from_string"},        // fits the written width
			`"c"`:  {"ask ambiguous", `"x" "y"`},   // gains a column
			`"d"`:  {"a much longer outcome", "-"}, // the trailing "-" stays out
		}))
	})
	if len(r.errors) != 0 || r.fatal != "" {
		t.Fatalf("under -update: errors %q, fatal %q", r.errors, r.fatal)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `# header
"a"           | true  | -
"bb"          | true  | from_string
"c"           | ask ambiguous | "x" "y"
"d" | a much longer outcome
`
	if string(got) != want {
		t.Errorf("rewritten:\n%s\nwant:\n%s", got, want)
	}
	// The rewritten file checks clean with the same answers.
	r = run(t, func(t testing.TB) {
		*update = false
		Load(t, path).Check(t, nil, answers(map[string][]string{
			`"a"`: {"true", "-"}, `"bb"`: {"true", "from_string"},
			`"c"`: {"ask ambiguous", `"x" "y"`}, `"d"`: {"a much longer outcome", "-"},
		}))
	})
	if len(r.errors) != 0 || r.fatal != "" {
		t.Errorf("after -update: errors %q, fatal %q", r.errors, r.fatal)
	}
}

// TestUpdateUnchanged: when every answer is as written, -update leaves
// the file alone, byte for byte (no trailing newline added or dropped).
func TestUpdateUnchanged(t *testing.T) {
	withUpdate(t)
	for _, text := range []string{table, strings.TrimSuffix(table, "\n")} {
		path := filepath.Join(t.TempDir(), "cases.txt")
		if err := os.WriteFile(path, []byte(text), 0o444); err != nil {
			t.Fatal(err)
		}
		tb := Load(t, path)
		r := run(t, func(t testing.TB) { tb.Check(t, nil, func(r *Row) []string { return r.Cols }) })
		if r.fatal != "" || len(r.errors) != 0 {
			t.Errorf("unchanged table: fatal %q, errors %q (a read-only file must not be written)", r.fatal, r.errors)
		}
		if string(tb.Bytes()) != text {
			t.Errorf("Bytes changed the table:\n%q\nwant\n%q", tb.Bytes(), text)
		}
	}
}
