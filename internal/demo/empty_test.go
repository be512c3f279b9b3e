package demo

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/promcp"
)

// oracleQuery is a search as the test writes it, canonical, matched by
// plain loops over Generate's data rather than by the store.
type oracleQuery struct {
	Court, From, To, Language, Country string
	Tags                               []string
	Words                              []string
}

func (q oracleQuery) match(data []Decision) []Decision {
	var out []Decision
	for _, d := range data {
		text := strings.ToLower(d.Title + " " + d.Summary)
		ok := (q.Court == "" || d.Court == q.Court) && (q.From == "" || d.Date >= q.From) && (q.To == "" || d.Date <= q.To) &&
			(q.Language == "" || d.Language == q.Language) && (q.Country == "" || d.Country == q.Country)
		if len(q.Tags) > 0 {
			any := false
			for _, t := range q.Tags {
				any = any || slices.Contains(d.Tags, t)
			}
			ok = ok && any
		}
		for _, w := range q.Words {
			ok = ok && strings.Contains(text, strings.ToLower(w))
		}
		if ok {
			out = append(out, d)
		}
	}
	return out
}

func (q oracleQuery) arguments() map[string]any {
	args := map[string]any{}
	for k, v := range map[string]string{"court": q.Court, "date_from": q.From, "date_to": q.To, "language": q.Language, "country": q.Country} {
		if v != "" {
			args[k] = v
		}
	}
	if len(q.Tags) > 0 {
		args["tags"] = q.Tags
	}
	if len(q.Words) > 0 {
		args["query"] = strings.Join(q.Words, " ")
	}
	return args
}

func drawQuery(t *rapid.T) oracleQuery {
	maybe := func(label string, values ...string) string {
		return rapid.SampledFrom(append([]string{"", ""}, values...)).Draw(t, label)
	}
	q := oracleQuery{
		Court:    maybe("court", Courts...),
		Language: maybe("language", "cs", "sk", "en", "de", "fr", "pl"),
		Country:  maybe("country", "CZ", "SK", "GB", "AT", "DE", "PL"),
	}
	if y := maybe("year", "2015", "2018", "2020", "2024", "2025", "2026"); y != "" {
		q.From, q.To = y+"-01-01", y+"-"+rapid.SampledFrom([]string{"01-31", "06-30", "12-31"}).Draw(t, "until")
	}
	q.Tags = rapid.SliceOfNDistinct(rapid.SampledFrom(Tags), 0, 2, rapid.ID[string]).Draw(t, "tags")
	q.Words = rapid.SliceOfN(rapid.SampledFrom([]string{"tax", "VAT", "refund", "dog", "Court", "permit", "Kreisgericht", "Brünn", "appeal", "lease"}), 0, 3).Draw(t, "words")
	return q
}

// An empty page says why: for each filter over a kind with no vocabulary
// (language, country, tags) that alone emptied it, a no_hits_filtered
// warning at its path names exactly the values that would have matched;
// for the text query, when it alone emptied the page, one names the words
// that occur in no decision the other filters keep (or says that each
// occurs but none holds them all). A page that is not empty, and a filter
// that is not why, get no such warning.
func TestEmptyPagesSayWhy(t *testing.T) {
	ts := tools(t)
	data := Generate()
	rapid.Check(t, func(t *rapid.T) {
		q := drawQuery(t)
		args, _ := json.Marshal(q.arguments())
		res := ts["read_decisions"].Call(context.Background(), args)
		if res.Envelope != nil {
			t.Fatalf("%s: %+v", args, res.Envelope)
		}
		total := res.Output.(promcp.Read[Page]).Value.Total
		if want := len(q.match(data)); total != want {
			t.Fatalf("%s: total %d, the oracle %d", args, total, want)
		}
		got := map[string]string{}
		for _, w := range res.Warnings {
			if w.Code == string(agentinput.WarningNoHitsFiltered) {
				got[w.Path] = w.Message
			}
		}
		if total > 0 {
			if len(got) > 0 {
				t.Fatalf("%s: %d results, yet %v", args, total, got)
			}
			return
		}
		for _, f := range []struct {
			name   string
			clear  func(*oracleQuery)
			values func(Decision) []string
		}{
			{"language", func(r *oracleQuery) { r.Language = "" }, func(d Decision) []string { return []string{d.Language} }},
			{"country", func(r *oracleQuery) { r.Country = "" }, func(d Decision) []string { return []string{d.Country} }},
			{"tags", func(r *oracleQuery) { r.Tags = nil }, func(d Decision) []string { return d.Tags }},
		} {
			r := q
			f.clear(&r)
			var values []string
			if _, set := q.arguments()[f.name]; set {
				for _, d := range r.match(data) {
					for _, v := range f.values(d) {
						if !slices.Contains(values, v) {
							values = append(values, v)
						}
					}
				}
			}
			msg, warned := got["/"+f.name]
			if warned != (len(values) > 0) {
				t.Fatalf("%s: /%s warned %v (%q), values that would match %v", args, f.name, warned, msg, values)
			}
			for _, v := range values {
				if !strings.Contains(msg, strconv.Quote(v)) {
					t.Fatalf("%s: %q does not name %q", args, msg, v)
				}
			}
			if warned && strings.Count(msg, `"`) != 2*len(values) {
				t.Fatalf("%s: %q names more than %v", args, msg, values)
			}
		}
		r := q
		r.Words = nil
		msg, warned := got["/query"]
		if warned != (len(q.Words) > 0 && len(r.match(data)) > 0) {
			t.Fatalf("%s: /query warned %v (%q)", args, warned, msg)
		}
		if !warned {
			return
		}
		none := 0
		for _, w := range q.Words {
			one := r
			one.Words = []string{w}
			if len(one.match(data)) == 0 {
				none++
				if !strings.Contains(msg, strconv.Quote(w)) {
					t.Fatalf("%s: %q does not name %q, which matches nothing", args, msg, w)
				}
			}
		}
		if (none == 0) != strings.Contains(msg, "each word occurs") {
			t.Fatalf("%s: %q, %d words match nothing", args, msg, none)
		}
	})
}
