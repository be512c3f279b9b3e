package architecture_test

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
)

// TestReaderContract holds the scalar kinds' two faces to one reading:
// the Reader New(opts) returns (agentinput.Reader) reads every input of
// the kind's cases.txt as Read(v, opts) does, and says what it expects
// and shows as Expected(opts) and Example(opts) do.
func TestReaderContract(t *testing.T) {
	type face struct {
		read     func(any) any
		reader   func(any) any
		expected [2]string
		example  [2]json.RawMessage
	}
	faces := map[string]face{}
	add := func(name string, f face) { faces[name] = f }
	{
		opts := number.Options{}
		r, err := number.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		add("number", face{func(v any) any { return number.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{number.Expected(opts), r.Expected()}, [2]json.RawMessage{number.Example(opts), r.Example()}})
	}
	{
		opts := boolean.Options{}
		r, err := boolean.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		add("boolean", face{func(v any) any { return boolean.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{boolean.Expected(opts), r.Expected()}, [2]json.RawMessage{boolean.Example(opts), r.Example()}})
	}
	{
		opts := date.Options{}
		r, err := date.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		add("date", face{func(v any) any { return date.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{date.Expected(opts), r.Expected()}, [2]json.RawMessage{date.Example(opts), r.Example()}})
	}
	{
		opts := country.Options{}
		r, err := country.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		add("country", face{func(v any) any { return country.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{country.Expected(opts), r.Expected()}, [2]json.RawMessage{country.Example(opts), r.Example()}})
	}
	{
		opts := eli.Options{}
		r, _ := eli.New(opts)
		add("eli", face{func(v any) any { return eli.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{eli.Expected(opts), r.Expected()}, [2]json.RawMessage{eli.Example(opts), r.Example()}})
	}
	{
		opts := uuid.Options{}
		r, _ := uuid.New(opts)
		add("uuid", face{func(v any) any { return uuid.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{uuid.Expected(opts), r.Expected()}, [2]json.RawMessage{uuid.Example(opts), r.Example()}})
	}
	{
		opts := locale.Options{}
		r, _ := locale.New(opts)
		add("locale", face{func(v any) any { return locale.Read(v, opts) }, func(v any) any { return r.Read(v) },
			[2]string{locale.Expected(opts), r.Expected()}, [2]json.RawMessage{locale.Example(opts), r.Example()}})
	}
	for name, f := range faces {
		if f.expected[0] != f.expected[1] {
			t.Errorf("%s: Expected(opts) %q, the Reader's %q", name, f.expected[0], f.expected[1])
		}
		if string(f.example[0]) != string(f.example[1]) {
			t.Errorf("%s: Example(opts) %s, the Reader's %s", name, f.example[0], f.example[1])
		}
		n := 0
		for _, in := range caseInputs(t, "kinds/"+name+"/testdata/cases.txt") {
			dec := json.NewDecoder(strings.NewReader(in))
			dec.UseNumber()
			var v any
			if dec.Decode(&v) != nil {
				continue
			}
			n++
			if a, b := f.read(v), f.reader(v); !reflect.DeepEqual(a, b) {
				t.Errorf("%s %s: Read(v, opts) %+v, the Reader's %+v", name, in, a, b)
			}
		}
		if n == 0 {
			t.Errorf("%s: no input read from its cases.txt", name)
		}
	}
}

// TestNumberNew: the number Reader's declaration mistakes are errors of
// New, as every kind's are.
func TestNumberNew(t *testing.T) {
	lo, hi := number.FromInt64(10), number.FromInt64(1)
	for _, opts := range []number.Options{{Languages: []string{"xx"}}, {Min: &lo, Max: &hi}} {
		if _, err := number.New(opts); err == nil {
			t.Errorf("New(%+v) is no error", opts)
		}
	}
}

// TestCursorBind: the cursor's Reader bound to a call reads as Read with
// that call's session and filters.
func TestCursorBind(t *testing.T) {
	c, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("a cursor key of thirty-two bytes")}, TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	token := c.Encode(cursor.Position{Offset: 20, PageSize: 10, Session: "s", Filters: "f"})
	var r agentinput.Reader[cursor.Position] = c.Bind("s", "f")
	for _, v := range []any{token, token + "x", "", "start", json.Number("3")} {
		for _, call := range [][2]string{{"s", "f"}, {"s", "g"}, {"t", "f"}} {
			want := c.Read(v, call[0], call[1])
			got := c.Bind(call[0], call[1]).Read(v)
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%v in %v: Read %+v, Bind's %+v", v, call, want, got)
			}
		}
		if !reflect.DeepEqual(r.Read(v), c.Read(v, "s", "f")) {
			t.Errorf("%v: the bound Reader reads otherwise than Read", v)
		}
	}
	if _, ok := r.Read(token).Value(); !ok {
		t.Errorf("the bound Reader does not read the token issued for its call")
	}
	if r.Expected() != cursor.Expected || r.Example() != nil {
		t.Errorf("the bound Reader says %q, shows %s", r.Expected(), r.Example())
	}
}

// caseInputs returns the INPUT column of a cases.txt: every line that is
// no comment, no directive and not blank, up to its first " |".
func caseInputs(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "@") {
			continue
		}
		in, _, _ := strings.Cut(line, " |")
		out = append(out, strings.TrimSpace(in))
	}
	return out
}
