package factory_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/factorytest"
	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/promcp"
)

// dropIn is a search with a filter over a vocabulary (court), which drops
// what it cannot read, beside a date and a filter over a kind with no
// vocabulary (language), which ask.
type dropIn struct {
	Court    string `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	DateFrom string `json:"date_from" desc:"Only decisions from this day on."`
	Language string `json:"language" agentinput:"filter" desc:"Only decisions in this language."`
}

// dropTools are a read tool answering promcp.Read, a read tool answering a
// plain result, and a do tool, over the same input; calls counts the
// handlers' runs by tool.
func dropTools(t testing.TB, v *vocabulary.Reader) (read, plain, do *factory.Tool, calls map[string]int) {
	calls = map[string]int{}
	spec := func(name string, intent factory.Intent) factory.Spec {
		return factory.Spec{Name: name, Title: "Decisions", Intent: intent, Observer: observe.None{},
			Description:  "Searches or closes court decisions by court, date and language. Use when a test needs such a tool.",
			Vocabularies: map[string]*vocabulary.Reader{"courts": v}}
	}
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	read = factory.Must(spec("read_decisions", factory.IntentRead), func(_ context.Context, in dropIn, _ *factory.Call) (promcp.Read[dropIn], error) {
		calls["read"]++
		return promcp.NewRead(in, "", at, promcp.Good)
	})
	plain = factory.Must(spec("search_decisions", factory.IntentRead), func(_ context.Context, in dropIn, _ *factory.Call) (dropIn, error) {
		calls["plain"]++
		return in, nil
	})
	do = factory.Must(spec("do_close_decisions", factory.IntentDo), func(_ context.Context, in dropIn, _ *factory.Call) (promcp.Do[string], error) {
		calls["do"]++
		return promcp.NewDo(promcp.Do[string]{})
	})
	return read, plain, do, calls
}

// courtSpellings are the spellings of the vocabulary's entries, which
// factorytest.FilterValue changes as models do.
func courtSpellings(v *vocabulary.Reader) []string {
	var spellings []string
	for _, id := range v.IDs() {
		e, _ := v.Entry(id)
		spellings = append(spellings, e.ID)
		spellings = append(spellings, e.Names...)
		spellings = append(spellings, e.Abbreviations...)
		spellings = append(spellings, e.English...)
	}
	return spellings
}

// loadCourts is the vocabulary the kind's own tests read.
func loadCourts(t testing.TB) *vocabulary.Reader {
	t.Helper()
	f, err := os.Open("../kinds/vocabulary/testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A filter the call sent and did not apply is never silent: every
// filter_dropped warning is one of Result.Dropped, at its path, with the
// value as sent and the stored values it may mean (the filter kind's
// ask's readings); a promcp read result carries them as dropped_filters
// and is not good; a plain result goes ahead as it is, with the same
// Dropped. Every other value is read or absent, with no drop.
func TestDroppedFiltersAreStated(t *testing.T) {
	v := loadCourts(t)
	read, plain, _, _ := dropTools(t, v)
	owner, err := filter.New(filter.Options[string]{Vocabulary: v})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		court := factorytest.FilterValue(t, courtSpellings(v))
		args, _ := json.Marshal(map[string]any{"court": court})
		res := read.Call(context.Background(), args)
		if res.Envelope != nil {
			// Within reach of exactly one stored value: an ask naming it,
			// never a drop (the filter kind's rule).
			if is := res.Envelope.Issues; len(is) != 1 || is[0].Path != "/court" || len(is[0].Readings) != 1 {
				t.Fatalf("court %s: refused %+v", args, res.Envelope.Issues)
			}
			return
		}
		var drops []agentinput.Remark
		for _, w := range res.Warnings {
			if w.Code == string(agentinput.WarningFilterDropped) {
				drops = append(drops, w)
			}
		}
		out := res.Output.(promcp.Read[dropIn])
		_, filtered := res.Arguments["court"]
		switch {
		case len(drops) == 0:
			if len(res.Dropped) != 0 || out.Quality != promcp.Good || out.DroppedFilters != nil {
				t.Fatalf("court %s: no warning, yet Dropped %+v, quality %s", args, res.Dropped, out.Quality)
			}
		case filtered:
			t.Fatalf("court %s: read as %v and dropped", args, res.Arguments["court"])
		default:
			if len(drops) != 1 || len(res.Dropped) != 1 {
				t.Fatalf("court %s: warnings %+v, Dropped %+v", args, drops, res.Dropped)
			}
			d := res.Dropped[0]
			if d.Property != "court" || d.Path != "/court" || string(d.Received) != string(agentinput.Received(court)) || d.Message != drops[0].Message {
				t.Fatalf("court %s: dropped %+v", args, d)
			}
			// The stored values it may mean are the readings of the ask
			// the filter kind's warning carries.
			ws := owner.Read(court).Warnings()
			if len(ws) != 1 || ws[0].Ask == nil || len(d.MayMean) != len(ws[0].Ask.Readings) {
				t.Fatalf("court %s: may mean %+v, the kind's warnings %+v", args, d.MayMean, ws)
			}
			for i, r := range ws[0].Ask.Readings {
				if string(d.MayMean[i].Value) != string(r.Value) || !strings.Contains(d.Message, string(r.Value)) {
					t.Fatalf("court %s: may mean %s, want %s, named in %q", args, d.MayMean[i].Value, r.Value, d.Message)
				}
			}
			if out.Quality != promcp.Degraded || !slices.EqualFunc(out.DroppedFilters, res.Dropped, sameDrop) {
				t.Fatalf("court %s: the read result says quality %s, dropped %+v", args, out.Quality, out.DroppedFilters)
			}
		}
		p := plain.Call(context.Background(), args)
		if p.Envelope != nil || !slices.EqualFunc(p.Dropped, res.Dropped, sameDrop) {
			t.Fatalf("court %s: a plain result's Dropped %+v, the read's %+v", args, p.Dropped, res.Dropped)
		}
		if _, ok := p.Output.(dropIn); !ok {
			t.Fatalf("court %s: a plain result became %T", args, p.Output)
		}
	})
}

func sameDrop(a, b promcp.DroppedFilter) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// A call refused for another argument lists every filter value that would
// be dropped among its issues, as the ask it would have been, so that one
// corrected call fixes everything; the warnings of a refused call no
// longer speak of results. A do call never goes ahead without a filter it
// was sent: what a read drops, a write refuses.
func TestDroppedFiltersInARefusal(t *testing.T) {
	v := loadCourts(t)
	read, _, do, calls := dropTools(t, v)
	rapid.Check(t, func(t *rapid.T) {
		court := factorytest.FilterValue(t, courtSpellings(v))
		alone, _ := json.Marshal(map[string]any{"court": court})
		lone := read.Call(context.Background(), alone)
		args, _ := json.Marshal(map[string]any{"court": court, "date_from": "01/02/2026"})
		res := read.Call(context.Background(), args)
		if res.Envelope == nil {
			t.Fatalf("%s: not refused", args)
		}
		var courtIssue *agentinput.Issue
		for i, is := range res.Envelope.Issues {
			if is.Path == "/court" {
				courtIssue = &res.Envelope.Issues[i]
			}
		}
		// The call alone dropped the court, or asked about it (a value
		// within reach of one stored value): either way one issue.
		loneAsked := lone.Envelope != nil
		if (courtIssue != nil) != (len(lone.Dropped) == 1 || loneAsked) {
			t.Fatalf("%s: issue at /court %+v, the call alone dropped %+v", args, courtIssue, lone.Dropped)
		}
		if !loneAsked && res.Envelope.Issues[0].Path != "/date_from" {
			t.Fatalf("%s: the first issue is at %s, not the date's", args, res.Envelope.Issues[0].Path)
		}
		for _, w := range res.Warnings {
			if w.Code == string(agentinput.WarningFilterDropped) {
				t.Fatalf("%s: a refused call keeps the warning %+v", args, w)
			}
		}
		if courtIssue != nil && !loneAsked {
			d := lone.Dropped[0]
			if string(courtIssue.Received) != string(d.Received) || len(courtIssue.Readings) != len(d.MayMean) {
				t.Fatalf("%s: issue %+v, dropped alone %+v", args, courtIssue.Ask, d)
			}
			for i, r := range courtIssue.Readings {
				if string(r.Value) != string(d.MayMean[i].Value) {
					t.Fatalf("%s: issue reading %s, may mean %s", args, r.Value, d.MayMean[i].Value)
				}
			}
		}

		before := calls["do"]
		w := do.Call(context.Background(), alone)
		switch {
		case len(lone.Dropped) == 1 || loneAsked:
			if w.Envelope == nil || calls["do"] != before || len(w.Envelope.Issues) != 1 || w.Envelope.Issues[0].Path != "/court" {
				t.Fatalf("%s on a do tool: %+v, handler ran %d times", alone, w.Envelope, calls["do"]-before)
			}
		case w.Envelope != nil && slices.ContainsFunc(w.Envelope.Issues, func(is agentinput.Issue) bool { return is.Ask.Code != agentinput.AskPlaceholderOnWrite }):
			t.Fatalf("%s on a do tool: refused %+v though the read kept it", alone, w.Envelope.Issues)
		}
	})
}

// The corrected call: each issue's first reading sent back, the drop's
// included, answers with no drop and a good quality.
func TestOneCorrectedCallFixesTheDrop(t *testing.T) {
	v := loadCourts(t)
	read, _, _, _ := dropTools(t, v)
	res := read.Call(context.Background(), json.RawMessage(`{"court":"Nejvyšší","date_from":"01/02/2026","language":"Elbisch"}`))
	if res.Envelope == nil || len(res.Envelope.Issues) != 3 {
		t.Fatalf("want three issues (date, language, court), got %+v", res.Envelope)
	}
	fixed := map[string]any{}
	for _, is := range res.Envelope.Issues {
		name := strings.TrimPrefix(is.Path, "/")
		if len(is.Readings) > 0 {
			fixed[name] = json.RawMessage(is.Readings[0].Value)
		} else {
			fixed[name] = "de"
		}
	}
	args, _ := json.Marshal(fixed)
	again := read.Call(context.Background(), args)
	if again.Envelope != nil || len(again.Dropped) != 0 || again.Output.(promcp.Read[dropIn]).Quality != promcp.Good {
		t.Fatalf("%s: %+v", args, again)
	}
	if again.Arguments["court"] != "NS" {
		t.Fatalf("%s: court %v", args, again.Arguments["court"])
	}
}
