package cursor

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

func TestCases(t *testing.T) {
	c := newCodec(t, &clock{t0}, key1)
	token := c.Encode(Position{Offset: 40, PageSize: 20, Session: "s", Filters: "f"})
	other := c.Encode(Position{Offset: 40, PageSize: 20, Session: "t", Filters: "f"})
	f, err := os.Open("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		in, outcome, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("cases.txt:%d: want INPUT | OUTCOME", n)
		}
		in = strings.NewReplacer("$TOKEN", token, "$OTHER", other).Replace(strings.TrimSpace(in))
		dec := json.NewDecoder(strings.NewReader(in))
		dec.UseNumber()
		var input any
		if err := dec.Decode(&input); err != nil {
			t.Fatalf("cases.txt:%d: %v", n, err)
		}
		cases++
		outcome = strings.TrimSpace(outcome)
		o := c.Read(input, "s", "f")
		got, _ := o.MarshalJSON()
		ok = false
		switch {
		case outcome == "value":
			p, isValue := o.Value()
			ok = isValue && p.Offset == 40 && p.PageSize == 20
		case outcome == "no cursor":
			ok = o.IsPlaceholder() && o.NoteCount() == 1 && o.Notes()[0].Code == agentinput.NotePlaceholder
		case outcome == "absent":
			ok = o.Status() == agentinput.StatusAbsent && !o.IsPlaceholder()
		case outcome == "later page":
			a, isAsk := o.Ask()
			ok = isAsk && a.Code == agentinput.AskInvalidCursor && a.Hint == HintLaterPage &&
				a.Expected == Expected && a.Reason == reasonLaterPage
		case strings.HasPrefix(outcome, "ask "):
			a, isAsk := o.Ask()
			ok = isAsk && string(a.Code) == strings.TrimPrefix(outcome, "ask ") && a.Hint == Hint
		}
		if !ok {
			t.Errorf("cases.txt:%d: %s\n\twant %s, got %s", n, line, outcome, got)
		}
	}
	if cases < 35 {
		t.Fatalf("only %d cases", cases)
	}
}
