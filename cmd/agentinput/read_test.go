package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/number"
)

var update = flag.Bool("update", false, "rewrite testdata/read.golden from the current output")

// cli runs the command in-process.
func cli(args []string, stdin string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), code
}

// goldenCases are the command lines whose output testdata/read.golden
// holds exactly: boolean (whose engine is done), and what the command and
// the factory own for every kind — absence, placeholders, lines that are
// not JSON, the line budget — with number only where its engine has no say.
var goldenCases = []struct {
	name  string
	args  []string
	stdin string
}{
	// boolean: canonical, repaired, word, ambiguous-free invalid, absent.
	{"boolean values", []string{"read", "boolean", "true", "false", `"yes"`, "ano", "1", "0", "maybe"}, ""},
	{"boolean absence, read mode", []string{"read", "boolean", "null", "N/A", "", "  ", "-", "'null'", "[]", "{}"}, ""},
	{"boolean: unknown is asked, not absent", []string{"read", "boolean", "unknown", "TBD", "?"}, ""},
	{"boolean placeholder, write mode", []string{"read", "boolean", "--mode", "write", "N/A", "null", "true"}, ""},
	{"boolean required", []string{"read", "--required", "boolean", "null", "none", "false"}, ""},
	{"boolean languages", []string{"read", "boolean", "--languages", "cs", "ano", "yes"}, ""},
	// Standard input: a blank line, a line that is not JSON, CRLF, no
	// final line end.
	{"boolean stdin", []string{"read", "boolean"}, "true\n\n   \nano\nyes please\n\"N/A\"\r\n{\"a\":\n\tfalse"},

	// number: only what the factory and the command decide (asks carry
	// the engine's expected text: TestReadNumberAsks checks those).
	{"number absence", []string{"read", "number", "null", "N/A", `"<nil>"`, "undefined", "[]"}, ""},
}

func TestReadGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Output of `agentinput read` for goldenCases (read_test.go).\n")
	b.WriteString("# Rewrite with: go test ./cmd/agentinput -run TestReadGolden -update\n")
	for _, c := range goldenCases {
		stdout, stderr, code := cli(c.args, c.stdin)
		fmt.Fprintf(&b, "\n== %s\n$ agentinput %s\n", c.name, quoteArgs(c.args[0:]))
		if c.stdin != "" {
			fmt.Fprintf(&b, "< %q\n", c.stdin)
		}
		b.WriteString(stdout)
		if stderr != "" {
			fmt.Fprintf(&b, "stderr: %q\n", stderr)
		}
		fmt.Fprintf(&b, "exit %d\n", code)
	}
	path := filepath.Join("testdata", "read.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if b.String() != string(want) {
		got := strings.Split(b.String(), "\n")
		wl := strings.Split(string(want), "\n")
		for i := 0; i < len(got) || i < len(wl); i++ {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("%s:%d\n got  %s\n want %s", path, i+1, g, w)
			}
		}
	}
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\"'<>*?[]{}|&;$\\") {
			q[i] = strconv.Quote(a)
		} else {
			q[i] = a
		}
	}
	return strings.Join(q, " ")
}

// line is one output line, decoded.
type line struct {
	raw  string
	keys []string
	obj  map[string]json.RawMessage
}

func parseLines(t *testing.T, stdout string) []line {
	t.Helper()
	if stdout != "" && !strings.HasSuffix(stdout, "\n") {
		t.Errorf("output does not end with a line end: %q", stdout)
	}
	var out []line
	for _, raw := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if raw == "" {
			continue
		}
		l := line{raw: raw}
		dec := json.NewDecoder(strings.NewReader(raw))
		if _, err := dec.Token(); err != nil {
			t.Fatalf("not a JSON object: %s", raw)
		}
		l.obj = map[string]json.RawMessage{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			l.keys = append(l.keys, k.(string))
			l.obj[k.(string)] = v
		}
		out = append(out, l)
	}
	return out
}

// status returns the line's status and checks that its keys are exactly
// those the README's CLI section prints for that status, in order.
func (l line) status(t *testing.T) string {
	t.Helper()
	var s string
	if err := json.Unmarshal(l.obj["status"], &s); err != nil {
		t.Fatalf("%s: no status", l.raw)
	}
	want := map[string][]string{
		"value":  {"input", "status", "value", "notes", "warnings"},
		"absent": {"input", "status", "notes", "warnings"},
		"ask":    {"input", "status", "notes", "warnings", "ask"},
	}[s]
	if want == nil || !slices.Equal(l.keys, want) {
		t.Errorf("status %q with keys %v, want %v: %s", s, l.keys, want, l.raw)
	}
	if s == "ask" {
		var ask map[string]json.RawMessage
		if err := json.Unmarshal(l.obj["ask"], &ask); err != nil {
			t.Fatalf("%s: %v", l.raw, err)
		}
		for _, k := range []string{"code", "message", "received", "expected", "hint", "readings"} {
			if _, ok := ask[k]; !ok {
				t.Errorf("ask without %q: %s", k, l.raw)
			}
		}
	}
	return s
}

func (l line) askCode(t *testing.T) string {
	t.Helper()
	var ask struct{ Code, Expected string }
	if err := json.Unmarshal(l.obj["ask"], &ask); err != nil {
		t.Fatalf("%s: %v", l.raw, err)
	}
	return ask.Code
}

// The number engine decides values, notes and asks; the command decides the
// shape, the input echo, and one line per value in order.
func TestReadNumberShape(t *testing.T) {
	values := []string{"4 000", "1,234", "4000", `"4000"`, "-2.5", "abc", "1e400", "[1]", "true"}
	inputs := []string{`"4 000"`, `"1,234"`, `4000`, `"4000"`, `-2.5`, `"abc"`, `1e400`, `[1]`, `true`}
	stdout, stderr, code := cli(append([]string{"read", "number"}, values...), "")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(values) {
		t.Fatalf("%d lines for %d values:\n%s", len(lines), len(values), stdout)
	}
	for i, l := range lines {
		if got := string(l.obj["input"]); got != inputs[i] {
			t.Errorf("value %q: input %s, want %s", values[i], got, inputs[i])
		}
		switch s := l.status(t); s {
		case "value", "ask":
		default:
			t.Errorf("value %q: status %s", values[i], s)
		}
	}
	// The canonical spelling is a value with no note, whatever the engine.
	if lines[2].status(t) != "value" || string(lines[2].obj["value"]) != "4000" || string(lines[2].obj["notes"]) != "[]" {
		t.Errorf("canonical 4000: %s", lines[2].raw)
	}
}

// Asks that the factory and the command make for a number property: the
// expected text is the number API's own, for the options the flags set.
func TestReadNumberAsks(t *testing.T) {
	hundred, err := number.Parse("100")
	if err != nil {
		t.Fatal(err)
	}
	expected := number.Expected(number.Options{Integer: true, Max: &hundred})
	stdout, _, code := cli([]string{"read", "number", "--integer", "--max", "100", "--mode", "write"}, "\"N/A\"\nnull\n\n4 000\n")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := parseLines(t, stdout)
	want := []struct{ status, code, input string }{
		{"ask", "placeholder_on_write", `"N/A"`},
		{"absent", "", "null"},             // null is absence on every tool
		{"ask", "invalid_json", `"4 000"`}, // the line 4 000 is not JSON
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i, w := range want {
		l := lines[i]
		if s := l.status(t); s != w.status || string(l.obj["input"]) != w.input {
			t.Errorf("line %d: %s, want status %s input %s", i, l.raw, w.status, w.input)
			continue
		}
		if w.code != "" {
			if c := l.askCode(t); c != w.code {
				t.Errorf("line %d: code %s, want %s", i, c, w.code)
			}
			var ask struct{ Expected string }
			_ = json.Unmarshal(l.obj["ask"], &ask)
			if ask.Expected != expected {
				t.Errorf("line %d: expected %q, want number.Expected's %q", i, ask.Expected, expected)
			}
		}
	}

	stdout, _, _ = cli([]string{"read", "number", "--integer", "--max", "100", "--mode", "write", `"N/A"`, "--required", "null"}, "")
	lines = parseLines(t, stdout)
	if len(lines) != 2 || lines[0].askCode(t) != "missing_required" || lines[1].askCode(t) != "missing_required" {
		t.Errorf("required wins over write mode:\n%s", stdout)
	}
	var ask struct{ Hint string }
	_ = json.Unmarshal(lines[1].obj["ask"], &ask)
	if want := "Send the property with a value, for example " + string(number.Example(number.Options{Integer: true, Max: &hundred})); ask.Hint != want {
		t.Errorf("hint %q, want %q", ask.Hint, want)
	}
}

// Argument parsing: flags before or after KIND and among the values,
// values that begin with "-", and "--".
func TestParseRead(t *testing.T) {
	tests := []struct {
		args     []string
		kind     string
		values   []string
		mode     binding.Mode
		required bool
	}{
		{[]string{"number", "4 000", "1,234"}, "number", []string{"4 000", "1,234"}, binding.ModeRead, false},
		{[]string{"number", "-5"}, "number", []string{"-5"}, binding.ModeRead, false},
		{[]string{"number", "-2.5", "-1e3", "-", "–", "-Infinity", "--5"}, "number", []string{"-2.5", "-1e3", "-", "–", "-Infinity", "--5"}, binding.ModeRead, false},
		{[]string{"--required", "number", "1"}, "number", []string{"1"}, binding.ModeRead, true},
		{[]string{"--mode", "write", "number", "1"}, "number", []string{"1"}, binding.ModeWrite, false},
		{[]string{"-mode=write", "number", "1", "--required"}, "number", []string{"1"}, binding.ModeWrite, true},
		{[]string{"number", "1", "--mode", "write", "2"}, "number", []string{"1", "2"}, binding.ModeWrite, false},
		{[]string{"number", "--required=false", "1"}, "number", []string{"1"}, binding.ModeRead, false},
		{[]string{"number", "--", "--required", "--mode"}, "number", []string{"--required", "--mode"}, binding.ModeRead, false},
		{[]string{"--", "number", "--required"}, "number", []string{"--required"}, binding.ModeRead, false},
		{[]string{"--min", "-5", "number", "-6"}, "number", []string{"-6"}, binding.ModeRead, false},
		{[]string{"number"}, "number", nil, binding.ModeRead, false},
		{[]string{"number", "--"}, "number", nil, binding.ModeRead, false},
		{[]string{"number", ""}, "number", []string{""}, binding.ModeRead, false},
		{[]string{"--languages", "cs,en", "boolean", "ano"}, "boolean", []string{"ano"}, binding.ModeRead, false},
	}
	for _, tt := range tests {
		inv, err := parseRead(tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if inv.kind != tt.kind || !slices.Equal(inv.values, tt.values) || inv.prop.Mode != tt.mode || inv.prop.Required != tt.required {
			t.Errorf("%q: kind %s values %q mode %v required %v; want %s %q %v %v",
				tt.args, inv.kind, inv.values, inv.prop.Mode, inv.prop.Required, tt.kind, tt.values, tt.mode, tt.required)
		}
	}
}

// A kind's flags reach its options: the reader's expected text is the
// kind's own for those options.
func TestKindFlags(t *testing.T) {
	min5, err1 := number.Parse("-5")
	max9, err2 := number.Parse("9.5")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	cs, ok := number.ConventionFor("cs")
	if !ok {
		t.Fatal("no cs convention")
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"number"}, number.Expected(number.Options{})},
		{[]string{"number", "--integer"}, number.Expected(number.Options{Integer: true})},
		{[]string{"--min", "-5", "number", "--max=9.5", "--clamp"}, number.Expected(number.Options{Min: &min5, Max: &max9, Clamp: true})},
		{[]string{"number", "--locale", "cs"}, number.Expected(number.Options{Convention: cs})},
		{[]string{"boolean", "--languages", "cs, sk"}, boolean.Expected(boolean.Options{Languages: []string{"cs", "sk"}})},
	}
	for _, tt := range tests {
		inv, err := parseRead(tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if inv.reader.expected != tt.want {
			t.Errorf("%q: expected %q, want %q", tt.args, inv.reader.expected, tt.want)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		msg  string // in the first line of stderr
	}{
		{nil, "Usage: agentinput COMMAND"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"serve", "extra"}, "usage: agentinput serve"},
		{[]string{"lint", "--json"}, "name the server"},
		{[]string{"eval", "x.jsonl"}, "no such file"},
		{[]string{"read"}, "missing KIND"},
		{[]string{"read", "--required"}, "missing KIND"},
		{[]string{"read", "numbr", "1"}, `unknown kind "numbr"`},
		{[]string{"read", "date", "--bound", "start", "2026"}, `invalid value "start" for --bound`},
		{[]string{"read", "number", "--integr", "1"}, "unknown flag --integr"},
		{[]string{"read", "--integr", "number", "1"}, "unknown flag --integr"},
		{[]string{"read", "boolean", "--integer", "1"}, "flag --integer does not apply to kind boolean"},
		{[]string{"read", "number", "--alpha3", "1"}, "flag --alpha3 does not apply to kind number"},
		{[]string{"read", "number", "--mode", "delete", "1"}, `invalid value "delete" for --mode`},
		{[]string{"read", "number", "--mode"}, "flag --mode needs a value"},
		{[]string{"read", "number", "--required=perhaps"}, `invalid value "perhaps" for --required`},
		{[]string{"read", "number", "--min", "ten", "1"}, `invalid value "ten" for --min`},
		{[]string{"read", "number", "--max", "4 000", "1"}, `invalid value "4 000" for --max`},
		{[]string{"read", "number", "--locale", "xx-YY", "1"}, `invalid value "xx-YY" for --locale`},
		{[]string{"read", "boolean", "--languages", "cs,xx", "ano"}, `unknown language "xx"`},
	}
	for _, tt := range tests {
		stdout, stderr, code := cli(tt.args, "")
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || stdout != "" || !strings.Contains(first, tt.msg) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.args, code, stdout, first, tt.msg)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"read", "-h"}, {"read", "number", "--help"}} {
		stdout, stderr, code := cli(args, "")
		if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage: agentinput") {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, code, stderr, stdout)
		}
	}
	stdout, _, _ := cli([]string{"help"}, "")
	for _, c := range []string{"read", "serve", "lint", "census", "eval"} {
		if !strings.Contains(stdout, c) {
			t.Errorf("usage does not mention %q:\n%s", c, stdout)
		}
	}
	stdout, _, _ = cli([]string{"read", "-h"}, "")
	for _, want := range []string{"--mode", "--required", "--integer", "--min", "--max", "--clamp", "--locale", "--languages", "date"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("read usage does not mention %s", want)
		}
	}
}

// The kind table: unique names, every kind of the README's Kinds section either built or
// planned, and flag arities that let KIND be found (flagKinds panics
// otherwise).
func TestKindTable(t *testing.T) {
	cliKinds := []string{"number", "boolean", "date", "uuid", "locale", "country", "enum", "stringlist", "vocabulary", "filter", "cursor", "eli", "bytes", "timestamp"}
	var all []string
	for _, k := range kinds {
		all = append(all, k.name)
	}
	all = append(all, plannedKinds...)
	slices.Sort(all)
	want := slices.Clone(cliKinds)
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Errorf("built and planned kinds %v, the README lists %v", all, want)
	}
	_ = flagKinds()
}

// Standard input: lines over the budget are answered and skipped, the
// stream goes on; a byte-order mark is dropped; invalid UTF-8 is echoed as
// U+FFFD.
func TestStreamBudget(t *testing.T) {
	max := maxLineBytes
	long := `"` + strings.Repeat("x", max) + `"` // 2 bytes over
	exact := `"` + strings.Repeat("y", max-2) + `"`
	numbers := strings.Repeat("7", max+5000)
	stdin := "\uFEFFtrue\n" + long + "\n" + exact + "\r\n" + numbers + "\nfalse\n\"\xff\"\n[\"\xfe\"]"
	stdout, stderr, code := cli([]string{"read", "boolean"}, stdin)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := parseLines(t, stdout)
	if len(lines) != 7 {
		t.Fatalf("%d lines, want 7", len(lines))
	}
	if lines[0].status(t) != "value" || string(lines[0].obj["input"]) != "true" {
		t.Errorf("byte-order mark not dropped: %s", lines[0].raw)
	}
	for _, i := range []int{1, 3} {
		if lines[i].status(t) != "ask" || lines[i].askCode(t) != "too_large" {
			t.Errorf("line %d: %.200s", i, lines[i].raw)
		}
		var input string
		_ = json.Unmarshal(lines[i].obj["input"], &input)
		if n := len([]rune(input)); n != agentinput.MaxReceivedChars+1 || !strings.HasSuffix(input, "…") {
			t.Errorf("line %d: input not cut (%d characters)", i, n)
		}
	}
	// A line of exactly the budget is read by the kind (which has its own,
	// smaller budget), and echoed whole.
	if len(lines[2].obj["input"]) != len(exact) {
		t.Errorf("line at the budget was not read whole: input of %d bytes", len(lines[2].obj["input"]))
	}
	if lines[4].status(t) != "value" || string(lines[4].obj["value"]) != "false" {
		t.Errorf("reading did not go on after the long lines: %s", lines[4].raw)
	}
	if got := string(lines[5].obj["input"]); got != `"`+"\uFFFD"+`"` {
		t.Errorf("invalid UTF-8 echoed as %q", got)
	}
	if got := string(lines[6].obj["input"]); got != `["`+"\uFFFD"+`"]` {
		t.Errorf("invalid UTF-8 in an array echoed as %q", got)
	}
}

// VALUE arguments: JSON when they parse as JSON (compacted onto one line),
// strings otherwise; one over the budget is too_large.
func TestArgumentValues(t *testing.T) {
	stdout, _, _ := cli([]string{"read", "boolean", "[ true,\n false ]", ` "x" `, "{\"a\" : 1}", "<b>&", strings.Repeat("z", maxLineBytes+1)}, "")
	lines := parseLines(t, stdout)
	wantInputs := []string{`[true,false]`, `"x"`, `{"a":1}`, `"<b>&"`}
	for i, w := range wantInputs {
		if got := string(lines[i].obj["input"]); got != w {
			t.Errorf("input %d: %s, want %s", i, got, w)
		}
	}
	if lines[4].askCode(t) != "too_large" {
		t.Errorf("over-budget argument: %.200s", lines[4].raw)
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestWriteError(t *testing.T) {
	var errs bytes.Buffer
	if code := run([]string{"read", "boolean", "true"}, strings.NewReader(""), errWriter{}, &errs); code != exitIO {
		t.Errorf("exit %d on a failing stdout, want %d (%s)", code, exitIO, errs.String())
	}
}

func BenchmarkReadStdin(b *testing.B) {
	for _, k := range []string{"number", "boolean"} {
		b.Run(k, func(b *testing.B) {
			var in bytes.Buffer
			for i := 1; i <= 10000; i++ {
				in.WriteString(strconv.Itoa(i % 3))
				in.WriteByte('\n')
			}
			data := in.Bytes()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if run([]string{"read", k}, bytes.NewReader(data), io.Discard, io.Discard) != 0 {
					b.Fatal("exit status")
				}
			}
		})
	}
}
