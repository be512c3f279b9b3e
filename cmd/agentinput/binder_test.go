package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/language"

	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

// The one-property tools the command's reads are compared with, declared
// as a server author declares them: the tag written by hand, not the one
// the command builds.
type (
	inNumber struct {
		V number.Decimal `json:"v" agentinput:"number" desc:"A number."`
	}
	inBoolean struct {
		V bool `json:"v" agentinput:"boolean" desc:"A flag."`
	}
	inDate struct {
		V date.Date `json:"v" agentinput:"date" desc:"A day."`
	}
	inELI struct {
		V eli.ELI `json:"v" agentinput:"eli" desc:"An act."`
	}
	inLocale struct {
		V language.Tag `json:"v" agentinput:"locale" desc:"A language."`
	}
	inCountry struct {
		V string `json:"v" agentinput:"country" desc:"A country."`
	}
	inVocabulary struct {
		V string `json:"v" agentinput:"vocabulary,of=courts" desc:"A court."`
	}
	inFilter struct {
		V string `json:"v" agentinput:"filter,of=courts" desc:"A court."`
	}
	inCursor struct {
		V cursor.Position `json:"v" agentinput:"cursor" desc:"A page."`
	}
	inUUID struct {
		V uuid.UUID `json:"v" agentinput:"uuid" desc:"An id."`
	}
	inEnum struct {
		V string `json:"v" agentinput:"enum,values=draft|published_at|archived|in_review" desc:"A state."`
	}
	inList struct {
		V []string `json:"v" desc:"Tags."`
	}
	inBytes struct {
		V []byte `json:"v" agentinput:"bytes" desc:"Content."`
	}
	inTimestamp struct {
		V time.Time `json:"v" agentinput:"timestamp" desc:"An instant."`
	}
)

// oneProperty is a one-property read tool whose handler reports the value
// its field got, as JSON.
func oneProperty[In any](t *testing.T, spec factory.Spec, field func(In) any) *factory.Tool {
	t.Helper()
	spec.Name, spec.Title, spec.Intent, spec.Observer = "one", "One property", factory.IntentRead, quiet{}
	spec.Description = "Reads one property and returns what its field got. Use when comparing the command with a tool."
	tool, err := factory.New(spec, func(_ context.Context, in In, call *factory.Call) (any, error) {
		if spec.Cursors != nil {
			return map[string]any{"v": field(in), "next": call.NextCursor(40, 20)}, nil
		}
		return map[string]any{"v": field(in)}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

// same is what both paths must agree on: the status, the value's JSON,
// the notes, the warnings' codes and the ask's code and reason (the hint
// names the property, which the command calls "the property").
type same struct {
	Status   string
	Value    string
	Notes    []string
	Warnings []string
	Ask      string
}

// TestOneBinder runs every row of every kind's cases.txt through
// `agentinput read KIND` and through a one-property tool of that kind, and
// requires the same outcome: the command reads through the factory's
// binder, so the two never drift apart.
func TestOneBinder(t *testing.T) {
	courts := func() *vocabulary.Reader {
		f, err := os.Open(courtsFile)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		v, err := vocabulary.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}()
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte(testKey)}})
	if err != nil {
		t.Fatal(err)
	}
	vocabs := factory.Spec{Vocabularies: map[string]*vocabulary.Reader{"courts": courts}}
	field := func(v any) any { return v }
	for _, k := range []struct {
		kind  string
		flags []string
		tool  *factory.Tool
	}{
		{"number", nil, oneProperty(t, factory.Spec{}, func(in inNumber) any { return field(in.V) })},
		{"boolean", nil, oneProperty(t, factory.Spec{}, func(in inBoolean) any { return in.V })},
		{"date", nil, oneProperty(t, factory.Spec{}, func(in inDate) any { return in.V })},
		{"eli", nil, oneProperty(t, factory.Spec{}, func(in inELI) any { return in.V })},
		{"locale", nil, oneProperty(t, factory.Spec{}, func(in inLocale) any { return in.V })},
		{"country", nil, oneProperty(t, factory.Spec{}, func(in inCountry) any { return in.V })},
		{"vocabulary", []string{"--vocab", courtsFile}, oneProperty(t, vocabs, func(in inVocabulary) any { return in.V })},
		{"filter", []string{"--vocab", courtsFile}, oneProperty(t, vocabs, func(in inFilter) any { return in.V })},
		{"cursor", []string{"--key", testKey, "--session", "s", "--filters", "one\x00{}"}, oneProperty(t, factory.Spec{Cursors: codec}, func(in inCursor) any { return in.V })},
		{"uuid", nil, oneProperty(t, factory.Spec{}, func(in inUUID) any { return in.V })},
		{"enum", []string{"--values", "draft,published_at,archived,in_review"}, oneProperty(t, factory.Spec{}, func(in inEnum) any { return in.V })},
		{"stringlist", nil, oneProperty(t, factory.Spec{}, func(in inList) any { return in.V })},
		{"bytes", nil, oneProperty(t, factory.Spec{}, func(in inBytes) any { return in.V })},
		{"timestamp", nil, oneProperty(t, factory.Spec{}, func(in inTimestamp) any { return in.V })},
	} {
		t.Run(k.kind, func(t *testing.T) {
			ctx := protocol.WithPrincipal(context.Background(), "s")
			// A token the tool itself issued, for the cursor's $TOKEN.
			var token string
			if k.kind == "cursor" {
				res := k.tool.Call(ctx, json.RawMessage(`{}`))
				token, _ = res.Output.(map[string]any)["next"].(string)
			}
			inv, err := parseRead(append([]string{k.kind}, k.flags...))
			if err != nil {
				t.Fatal(err)
			}
			rows := 0
			for _, in := range caseInputs(t, "../../kinds/"+k.kind+"/testdata/cases.txt") {
				in = strings.NewReplacer("$TOKEN", token, "$OTHER", token+"x").Replace(in)
				v, _, bad, ok := decode([]byte(in))
				if !ok {
					t.Fatalf("cases.txt: %s is not JSON", in)
				}
				if bad != nil {
					t.Fatalf("cases.txt: %s: the decoder refuses it: %s", in, bad.Reason)
				}
				rows++
				cli := commandSays(t, inv.reader.read(v))
				args, _ := json.Marshal(map[string]any{"v": v})
				tool := toolSays(k.tool.Call(ctx, args))
				if !equalSame(cli, tool) {
					t.Errorf("%s:\n\tcommand %+v\n\ttool    %+v", in, cli, tool)
				}
			}
			if rows == 0 {
				t.Fatal("no rows")
			}
		})
	}
}

// caseInputs returns the INPUT column of a cases.txt: every line that is
// no comment, no directive (@values …) and not blank, up to its first " |".
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
		// The INPUT is the JSON value the line begins with.
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		out = append(out, line[:dec.InputOffset()])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func commandSays(t *testing.T, o outcome) same {
	t.Helper()
	b, err := o.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Status   string          `json:"status"`
		Value    json.RawMessage `json:"value"`
		Notes    []struct{ Message string }
		Warnings []struct{ Code string }
		Ask      json.RawMessage
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	s := same{Status: out.Status, Value: string(out.Value)}
	for _, n := range out.Notes {
		s.Notes = append(s.Notes, n.Message)
	}
	for _, w := range out.Warnings {
		s.Warnings = append(s.Warnings, w.Code)
	}
	if out.Ask != nil {
		s.Ask = askSays(out.Ask)
	}
	return s
}

// askSays is an ask's code, received, expected and readings: all of it
// but the message and the hint, which name the property.
func askSays(text []byte) string {
	var a struct {
		Code     string          `json:"code"`
		Received json.RawMessage `json:"received"`
		Expected string          `json:"expected"`
		Readings json.RawMessage `json:"readings"`
	}
	if err := json.Unmarshal(text, &a); err != nil {
		return "undecodable: " + err.Error()
	}
	return a.Code + " " + string(a.Received) + " " + a.Expected + " " + string(a.Readings)
}

func toolSays(res *factory.Result) same {
	var s same
	for _, n := range res.Notes {
		s.Notes = append(s.Notes, n.Message)
	}
	for _, w := range res.Warnings {
		s.Warnings = append(s.Warnings, w.Code)
	}
	if res.Envelope != nil {
		s.Status = "ask"
		if len(res.Envelope.Issues) > 0 {
			is := res.Envelope.Issues[0]
			text, _ := is.Ask.MarshalJSON()
			s.Ask = askSays(text)
			if is.Path != "/v" {
				s.Ask = "item " + s.Ask // a list's item, at its own path
			}
		}
		return s
	}
	out, _ := res.Output.(map[string]any)
	if _, ok := res.Arguments["v"]; !ok {
		s.Status = "absent"
		return s
	}
	s.Status = "value"
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(out["v"])
	s.Value = strings.TrimSuffix(b.String(), "\n")
	return s
}

// equalSame compares; an ask about a list's item is the command's one ask
// naming that item (its reason says so), so only the status is compared.
func equalSame(cli, tool same) bool {
	if strings.HasPrefix(tool.Ask, "item ") {
		return cli.Status == "ask" && strings.Join(cli.Notes, "\n") == strings.Join(tool.Notes, "\n")
	}
	return cli.Status == tool.Status && cli.Value == tool.Value && cli.Ask == tool.Ask &&
		strings.Join(cli.Notes, "\n") == strings.Join(tool.Notes, "\n") &&
		strings.Join(cli.Warnings, "\n") == strings.Join(tool.Warnings, "\n")
}
