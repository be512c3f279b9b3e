package eval

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"testing"

	"agentinput.dev/internal/demo"
)

var update = flag.Bool("update", false, "rewrite testdata/demo.jsonl from the generator")

// corpusLine is one line of the shipped corpus, in the key order a
// reviewer reads best.
type corpusLine struct {
	Tool       string          `json:"tool"`
	Label      string          `json:"label"`
	Arguments  json.RawMessage `json:"arguments"`
	Intended   json.RawMessage `json:"intended"`
	CursorFrom json.RawMessage `json:"cursor_from,omitempty"`
}

// TestGenerateCorpus writes testdata/demo.jsonl with -update and otherwise
// checks that the file is what the generator writes.
func TestGenerateCorpus(t *testing.T) {
	var buf bytes.Buffer
	for _, l := range demoCorpus() {
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(l); err != nil {
			t.Fatal(err)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/demo.jsonl", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile("testdata/demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, buf.Bytes()) {
		t.Fatal("testdata/demo.jsonl is not what the generator writes: go test ./eval -run TestGenerateCorpus -update")
	}
}

func js(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSpace(b.Bytes())
}

type obj = map[string]any

// exampleUUID is the example the factory's guidance sentence gives for a
// uuid property ("for example ...").
const exampleUUID = "4e6a3fac-9262-4826-91f0-e77195e54c58"

// demoCorpus is the shipped corpus: the spelling classes of every kind the
// demonstration tools use, one call each, with the canonical arguments the
// model meant.
func demoCorpus() []corpusLine {
	d := demo.Generate()
	id0, id1, id2, id3 := d[0].ID, d[1].ID, d[2].ID, d[3].ID
	var out []corpusLine
	add := func(tool, label string, args, intended obj) {
		out = append(out, corpusLine{Tool: tool, Label: label, Arguments: js(args), Intended: js(intended)})
	}
	// One property of read_decisions at a time: spelling → canonical
	// (nil: meant absent).
	type sp struct {
		label string
		sent  any
		meant any
	}
	one := func(prop string, cases []sp) {
		for _, c := range cases {
			intended := obj{}
			if c.meant != nil {
				intended[prop] = c.meant
			}
			add("read_decisions", c.label, obj{prop: c.sent}, intended)
		}
	}
	genericPlaceholder := map[string]bool{"": true, "N/A": true, "n/a": true, "none": true, "null": true, "-": true}
	placeholders := []any{nil, "", "N/A", "n/a", "none", "null", "-", "unknown", "TBD", "?"}
	for _, prop := range []string{"court", "date_from", "date_to", "language", "country", "tags", "limit", "query"} {
		for _, p := range placeholders {
			intended := obj{}
			if s, ok := p.(string); ok && prop == "query" && !genericPlaceholder[s] {
				// Free text has no other reading: "unknown" is a search
				// for the word.
				intended[prop] = s
			}
			add("read_decisions", "placeholder-optional", obj{prop: p}, intended)
		}
	}

	one("limit", []sp{
		{"number-canonical", 20, 20},
		{"number-canonical", 50, 50},
		{"number-string", "20", 20},
		{"number-string", " 25 ", 25},
		{"number-string", "+30", 30},
		{"number-decimal-zero", 20.0, 20},
		{"number-decimal-zero", "20.0", 20},
		{"number-decimal-zero", "20,0", 20},
		{"number-exponent", "2e1", 20},
		{"number-fullwidth", "２０", 20},
		{"number-clamped", 500, 50},
		{"number-clamped", "0", 1},
		{"number-grouping", "1 000", 50},
		{"number-grouping", "1\u00a0000", 50},
		{"number-grouping", "1'000", 50},
		{"number-grouping-ambiguous", "1,000", 50},
		{"number-grouping-ambiguous", "1.000", 50},
		// The same spellings meant as decimals: 1.000 and 1,000 are the
		// whole number 1 too, so reading them as 1000 is a guess.
		{"number-grouping-ambiguous", "1,000", 1},
		{"number-grouping-ambiguous", "1.000", 1},
		{"number-grouping-integer", "2,500", 50},
		{"number-fraction", 2.5, nil},
		{"number-word", "twenty", 20},
		{"number-with-unit", "20 items", 20},
	})
	one("date_from", []sp{
		{"date-iso", "2020-01-01", "2020-01-01"},
		{"date-iso-unpadded", "2020-1-5", "2020-01-05"},
		{"date-iso-slash", "2020/01/05", "2020-01-05"},
		{"date-iso-datetime", "2020-01-05T00:00:00Z", "2020-01-05"},
		{"date-compact", "20200105", "2020-01-05"},
		{"date-dotted", "05.01.2020", "2020-01-05"},
		{"date-dotted", "5.1.2020", "2020-01-05"},
		{"date-dotted", "5. 1. 2020", "2020-01-05"},
		{"date-words-en", "5 January 2020", "2020-01-05"},
		{"date-words-en", "January 5, 2020", "2020-01-05"},
		{"date-words-en", "Jan 5 2020", "2020-01-05"},
		{"date-words-en", "5th of January 2020", "2020-01-05"},
		{"date-words-cs", "5. ledna 2020", "2020-01-05"},
		{"date-words-cs", "5. února 2022", "2022-02-05"},
		{"date-words-de", "5. Januar 2020", "2020-01-05"},
		{"date-words-de", "2. März 2022", "2022-03-02"},
		{"date-words-fr", "5 janvier 2020", "2020-01-05"},
		{"date-year", "2020", "2020-01-01"},
		{"date-year", 2020, "2020-01-01"},
		{"date-month", "2020-03", "2020-03-01"},
		{"date-month", "March 2021", "2021-03-01"},
		{"date-month", "březen 2021", "2021-03-01"},
		{"date-slash-unambiguous", "15/03/2021", "2021-03-15"},
		{"date-slash-unambiguous", "03/15/2021", "2021-03-15"},
		{"date-slash-ambiguous", "01/02/2026", "2026-02-01"},
		{"date-slash-ambiguous", "01/02/2026", "2026-01-02"},
		{"date-slash-ambiguous", "02/03/2021", "2021-03-02"},
		{"date-slash-ambiguous", "5/6/2020", "2020-06-05"},
		{"date-slash-ambiguous", "5-6-2020", "2020-05-06"},
		{"date-invalid", "2021-02-30", "2021-02-28"},
	})
	one("date_to", []sp{
		{"date-iso", "2024-12-31", "2024-12-31"},
		{"date-year", "2024", "2024-12-31"},
		{"date-month", "December 2024", "2024-12-31"},
		{"date-month", "2024-02", "2024-02-29"},
		{"date-month", "Feb 2023", "2023-02-28"},
		{"date-dotted", "31.12.2024", "2024-12-31"},
		{"date-words-en", "31 December 2024", "2024-12-31"},
		{"date-words-en", "Dec 31, 2024", "2024-12-31"},
		{"date-words-cs", "31. prosince 2024", "2024-12-31"},
		{"date-words-de", "31. Dezember 2024", "2024-12-31"},
		{"date-slash-unambiguous", "12/31/2024", "2024-12-31"},
		{"date-slash-unambiguous", "31/12/2024", "2024-12-31"},
		{"date-slash-ambiguous", "11/12/2024", "2024-12-11"},
		{"date-iso-datetime", "2024-12-31T23:59:59+01:00", "2024-12-31"},
	})
	one("language", []sp{
		{"locale-code", "cs", "cs"},
		{"locale-code", "CS", "cs"},
		{"locale-tag", "cs-CZ", "cs-CZ"},
		{"locale-tag", "cs_CZ", "cs-CZ"},
		{"locale-tag", "cs-cz", "cs-CZ"},
		{"locale-tag", "en-GB", "en-GB"},
		{"locale-tag", "en_gb", "en-GB"},
		{"locale-tag", "EN-us", "en-US"},
		{"locale-tag", "de-AT", "de-AT"},
		{"locale-tag", "zh-hant-tw", "zh-Hant-TW"},
		{"locale-name-en", "Czech", "cs"},
		{"locale-name-en", "czech", "cs"},
		{"locale-name-en", "English", "en"},
		{"locale-name-en", "German", "de"},
		{"locale-name-en", "Slovak", "sk"},
		{"locale-name-native", "čeština", "cs"},
		{"locale-name-native", "Deutsch", "de"},
		{"locale-name-native", "slovenčina", "sk"},
		{"locale-alpha3", "ces", "cs"},
		{"locale-alpha3", "cze", "cs"},
		{"locale-alpha3", "eng", "en"},
		{"locale-alpha3", "deu", "de"},
		{"locale-country-as-language", "cz", "cs"},
		{"all-filter", "all", nil},
	})
	one("country", []sp{
		{"country-code", "CZ", "CZ"},
		{"country-code", "cz", "CZ"},
		{"country-code", " at ", "AT"},
		{"country-alpha3", "CZE", "CZ"},
		{"country-alpha3", "SVK", "SK"},
		{"country-alpha3", "AUT", "AT"},
		{"country-numeric", "203", "CZ"},
		{"country-name-en", "Czechia", "CZ"},
		{"country-name-en", "Czech Republic", "CZ"},
		{"country-name-en", "Slovakia", "SK"},
		{"country-name-en", "United Kingdom", "GB"},
		{"country-name-en", "Austria", "AT"},
		{"country-name-en", "Germany", "DE"},
		{"country-name-native", "Česko", "CZ"},
		{"country-name-native", "Česká republika", "CZ"},
		{"country-name-native", "Slovensko", "SK"},
		{"country-name-native", "Österreich", "AT"},
		{"country-name-native", "Deutschland", "DE"},
		{"country-alias", "UK", "GB"},
		{"country-alias", "Great Britain", "GB"},
		{"all-filter", "all", nil},
	})
	one("tags", []sp{
		{"list-canonical", []any{"tax"}, []any{"tax"}},
		{"list-canonical", []any{"tax", "contract"}, []any{"tax", "contract"}},
		{"list-scalar", "tax", []any{"tax"}},
		{"list-case", "Tax", []any{"tax"}},
		{"list-case", []any{"TAX", "Contract"}, []any{"tax", "contract"}},
		{"list-comma-string", "tax, contract", []any{"tax", "contract"}},
		{"list-comma-string", "tax,contract,family", []any{"tax", "contract", "family"}},
		{"list-semicolon-string", "tax; family", []any{"tax", "family"}},
		{"list-stringified-array", `["tax","contract"]`, []any{"tax", "contract"}},
		{"list-stringified-array", `["employment"]`, []any{"employment"}},
		{"list-stringified-array", `['tax', 'family']`, []any{"tax", "family"}},
		{"list-duplicate", []any{"tax", "tax"}, []any{"tax"}},
		{"list-misspelled-item", []any{"taxes"}, []any{"tax"}},
		{"list-misspelled-item", "employement", []any{"employment"}},
		{"list-empty", []any{}, []any{}},
		{"all-filter", "all", nil},
	})
	one("court", []sp{
		{"vocabulary-id", "NS", "NS"},
		{"vocabulary-id", "ns", "NS"},
		{"vocabulary-id", "KS-PRAHA", "KS-PRAHA"},
		{"vocabulary-id", "ks-brno", "KS-BRNO"},
		{"vocabulary-id", "US", "US"},
		{"vocabulary-name", "Nejvyšší soud", "NS"},
		{"vocabulary-name", "nejvyšší soud", "NS"},
		{"vocabulary-name", "Nejvyssi soud", "NS"},
		{"vocabulary-name", "Nejvyšší správní soud", "NSS"},
		{"vocabulary-name", "Ústavní soud", "US"},
		{"vocabulary-name", "Ustavni soud", "US"},
		{"vocabulary-name", "Krajský soud v Praze", "KS-PRAHA"},
		{"vocabulary-name", "Krajský soud v Brně", "KS-BRNO"},
		{"vocabulary-abbreviation", "NSČR", "NS"},
		{"vocabulary-abbreviation", "NSS", "NSS"},
		{"vocabulary-abbreviation", "ÚS", "US"},
		{"vocabulary-abbreviation", "KS Praha", "KS-PRAHA"},
		{"vocabulary-abbreviation", "KS Brno", "KS-BRNO"},
		{"vocabulary-english", "Supreme Court", "NS"},
		{"vocabulary-english", "supreme court", "NS"},
		{"vocabulary-english", "Supreme Administrative Court", "NSS"},
		{"vocabulary-english", "Constitutional Court", "US"},
		{"vocabulary-english", "Regional Court in Prague", "KS-PRAHA"},
		{"vocabulary-english", "Regional Court in Brno", "KS-BRNO"},
		{"vocabulary-misspelled", "Nejvyšší správni sud", "NSS"},
		{"vocabulary-misspelled", "Suprme Court", "NS"},
		{"vocabulary-misspelled", "Constitutonal Court", "US"},
		{"vocabulary-partial", "Regional Court", "KS-BRNO"},
		{"vocabulary-partial", "Krajský soud", "KS-PRAHA"},
		{"vocabulary-inflected", "Krajského soudu v Praze", "KS-PRAHA"},
		{"vocabulary-inflected", "Ústavním soudem", "US"},
		{"vocabulary-inflected", "Nejvyššího soudu", "NS"},
		{"vocabulary-inflected", "Najvyššieho súdu", "NS"},
		{"vocabulary-inflected", "des Obersten Gerichtshofs", "NS"},
		{"vocabulary-other-language", "Kreisgericht Brünn", "KS-BRNO"},
		{"vocabulary-other-language", "Verfassungsgericht", "US"},
		{"vocabulary-other-language", "Najvyšší správny súd", "NSS"},
		{"vocabulary-qualified", "Supreme Court (Czech Republic)", "NS"},
		{"vocabulary-qualified", "Supreme Court of the Czech Republic", "NS"},
		{"vocabulary-parts", "Supreme Court (NS)", "NS"},
		{"vocabulary-parts", "NS – Nejvyšší soud", "NS"},
		{"vocabulary-parts", "Oberste Gerichtshof (Nejvyšší soud)", "NS"},
		{"vocabulary-parts-two", "Nejvyšší soud (NSS)", "NS"},
		{"vocabulary-parts-two", "Nejvyšší soud (NSS)", "NSS"},
		{"all-filter", "all", nil},
		{"all-filter", "All", nil},
		{"all-filter", "any", nil},
		{"all-filter", "*", nil},
	})
	one("query", []sp{
		{"text", "tax", "tax"},
		{"text", "unfair dismissal", "unfair dismissal"},
	})

	// Combined filters, as a model fills a search form.
	add("read_decisions", "combined", obj{"court": "Supreme Court", "date_from": "1. ledna 2020", "date_to": "2024", "language": "Czech", "country": "Czechia", "tags": "tax, contract", "limit": "20"},
		obj{"court": "NS", "date_from": "2020-01-01", "date_to": "2024-12-31", "language": "cs", "country": "CZ", "tags": []any{"tax", "contract"}, "limit": 20})
	add("read_decisions", "combined", obj{"court": "all", "date_from": "N/A", "tags": `["family"]`, "limit": 10},
		obj{"tags": []any{"family"}, "limit": 10})
	add("read_decisions", "combined", obj{"query": "permit", "country": "CZE", "language": "cs_CZ", "limit": "1 000"},
		obj{"query": "permit", "country": "CZ", "language": "cs-CZ", "limit": 50})
	add("read_decisions", "range-reversed", obj{"date_from": "2024-01-01", "date_to": "2020-12-31"},
		obj{"date_from": "2020-12-31", "date_to": "2024-01-01"})
	add("read_decisions", "range-reversed", obj{"date_from": "2024", "date_to": "2020"},
		obj{"date_from": "2020-01-01", "date_to": "2024-12-31"})

	// Unknown properties.
	add("read_decisions", "unknown-property", obj{"limt": 20}, obj{"limit": 20})
	add("read_decisions", "unknown-property", obj{"lmit": "20"}, obj{"limit": 20})
	add("read_decisions", "unknown-property", obj{"cuort": "NS"}, obj{"court": "NS"})
	add("read_decisions", "unknown-property", obj{"date_form": "2020-01-01"}, obj{"date_from": "2020-01-01"})
	add("read_decisions", "unknown-property", obj{"tag": []any{"tax"}}, obj{"tags": []any{"tax"}})
	add("read_decisions", "unknown-property", obj{"contry": "CZ"}, obj{"country": "CZ"})
	add("read_decisions", "unknown-property", obj{"lang": "cs"}, obj{"language": "cs"})
	add("read_decisions", "unknown-property", obj{"page_size": 20}, obj{"limit": 20})
	add("read_decisions", "unknown-property", obj{"Limit": 20}, obj{"limit": 20})
	add("read_decisions", "unknown-property", obj{"limit": 20, "sort": "newest"}, obj{"limit": 20})

	// Cursors: invented ones mean the first page; real ones continue;
	// damaged real ones must be asked (meant: the real token).
	for _, s := range []any{"start", "first", "page1", "page 1", "0", "1", "beginning"} {
		add("read_decisions", "cursor-invented", obj{"cursor": s, "limit": 20}, obj{"limit": 20})
	}
	cur := func(label string, sent any, meant any, from obj, extra obj) {
		args, intended := obj{"cursor": sent}, obj{}
		if meant != nil {
			intended["cursor"] = meant
		}
		for k, v := range extra {
			args[k] = v
		}
		for k, v := range from {
			intended[k] = v
		}
		out = append(out, corpusLine{Tool: "read_decisions", Label: label, Arguments: js(args), Intended: js(intended), CursorFrom: js(from)})
	}
	base := obj{"limit": 20}
	cur("cursor-real", "$NEXT_CURSOR", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-real", "$NEXT_CURSOR", "$NEXT_CURSOR", obj{"limit": 5, "country": "CZ"}, obj{"limit": "5", "country": "Czechia"})
	cur("cursor-real", "$NEXT_CURSOR", "$NEXT_CURSOR", obj{"tags": []any{"tax"}}, obj{"tags": "tax"})
	cur("cursor-real-spaced", " $NEXT_CURSOR ", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-damaged", "$NEXT_CURSOR_TRUNCATED", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-damaged", "$NEXT_CURSOR_FLIPPED", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-damaged", "$NEXT_CURSOR_TRUNCATED", "$NEXT_CURSOR", obj{"court": "NS"}, obj{"court": "NS"})
	cur("cursor-invented-next", "page2", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-invented-next", "2", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-invented-next", "next", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-invented-next", "offset=20", "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-invented-next", 2, "$NEXT_CURSOR", base, obj{"limit": 20})
	cur("cursor-other-filters", "$NEXT_CURSOR", "$NEXT_CURSOR", base, obj{"limit": 20, "court": "NS"})

	// read_decision.
	ids := []string{id0, id1, id2, id3}
	for _, id := range ids {
		add("read_decision", "uuid-canonical", obj{"id": id}, obj{"id": id})
	}
	up := func(s string) string { return string(bytes.ToUpper([]byte(s))) }
	nohyph := func(s string) string { return string(bytes.ReplaceAll([]byte(s), []byte("-"), nil)) }
	for _, id := range ids[:2] {
		add("read_decision", "uuid-uppercase", obj{"id": up(id)}, obj{"id": id})
		add("read_decision", "uuid-braces", obj{"id": "{" + id + "}"}, obj{"id": id})
		add("read_decision", "uuid-urn", obj{"id": "urn:uuid:" + id}, obj{"id": id})
		add("read_decision", "uuid-no-hyphens", obj{"id": nohyph(id)}, obj{"id": id})
		add("read_decision", "uuid-spaced", obj{"id": " " + id + " "}, obj{"id": id})
	}
	add("read_decision", "uuid-truncated", obj{"id": id0[:8]}, obj{"id": id0})
	add("read_decision", "uuid-truncated", obj{"id": id0[:35]}, obj{"id": id0})
	for _, p := range []any{nil, "", "N/A", "<id>"} {
		add("read_decision", "placeholder-required", obj{"id": p}, obj{})
	}
	add("read_decision", "unknown-property", obj{"decision_id": id1}, obj{"id": id1})
	add("read_decision", "unknown-property", obj{"uuid": id1}, obj{"id": id1})
	add("read_decision", "unknown-property", obj{"ID": id2}, obj{"id": id2})

	// can_do.
	act := "do_tag_decision"
	add("can_do", "enum-canonical", obj{"action": act, "decision_id": id0, "tags": []any{"family"}}, obj{"action": act, "decision_id": id0, "tags": []any{"family"}})
	add("can_do", "enum-case", obj{"action": "DO_TAG_DECISION", "decision_id": id0, "tags": []any{"family"}}, obj{"action": act, "decision_id": id0, "tags": []any{"family"}})
	add("can_do", "enum-spaced", obj{"action": "do tag decision", "decision_id": id0, "tags": []any{"family"}}, obj{"action": act, "decision_id": id0, "tags": []any{"family"}})
	add("can_do", "enum-misspelled", obj{"action": "do_tag_decison", "decision_id": id0, "tags": []any{"family"}}, obj{"action": act, "decision_id": id0, "tags": []any{"family"}})
	add("can_do", "enum-partial", obj{"action": "tag", "decision_id": id0}, obj{"action": act, "decision_id": id0})
	add("can_do", "uuid-uppercase", obj{"action": act, "decision_id": up(id1), "tags": "tax"}, obj{"action": act, "decision_id": id1, "tags": []any{"tax"}})
	add("can_do", "list-comma-string", obj{"action": act, "decision_id": id1, "tags": "tax, tort"}, obj{"action": act, "decision_id": id1, "tags": []any{"tax", "tort"}})
	add("can_do", "list-stringified-array", obj{"action": act, "decision_id": id1, "tags": `["tax"]`}, obj{"action": act, "decision_id": id1, "tags": []any{"tax"}})
	for _, p := range []any{nil, "", "N/A", "none"} {
		add("can_do", "placeholder-optional", obj{"action": act, "decision_id": p, "tags": []any{"tax"}}, obj{"action": act, "tags": []any{"tax"}})
		add("can_do", "placeholder-optional", obj{"action": act, "decision_id": id1, "tags": p}, obj{"action": act, "decision_id": id1})
	}
	add("can_do", "placeholder-required", obj{"action": "N/A"}, obj{})
	// The uuid the schema's guidance sentence gives as its example, copied
	// by a model that has no id: meant absent.
	add("can_do", "copied-example", obj{"action": act, "decision_id": exampleUUID, "tags": []any{"tax"}}, obj{"action": act, "tags": []any{"tax"}})
	add("read_decision", "copied-example", obj{"id": exampleUUID}, obj{})
	add("can_do", "unknown-property", obj{"action": act, "id": id1, "tags": []any{"tax"}}, obj{"action": act, "decision_id": id1, "tags": []any{"tax"}})
	add("can_do", "unknown-property", obj{"actoin": act}, obj{"action": act})

	// do_tag_decision: spellings, placeholders (asked: a write tool never
	// reads a placeholder as absence), and retries spelled differently.
	tag := func(label string, args, intended obj) { add("do_tag_decision", label, args, intended) }
	tag("list-canonical", obj{"decision_id": id2, "tags": []any{"tax"}}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": id2, "tags": "tax"}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": id2, "tags": "Tax"}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": up(id2), "tags": `["tax"]`}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": "{" + id2 + "}", "tags": " TAX "}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": id2, "tags": []any{"tax"}, "idempotency_key": "eval-retry-1"}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("retry-respelled", obj{"decision_id": id2, "tags": []any{"tax"}, "idempotency_key": "eval-retry-1"}, obj{"decision_id": id2, "tags": []any{"tax"}})
	tag("list-comma-string", obj{"decision_id": id3, "tags": "tort, family"}, obj{"decision_id": id3, "tags": []any{"tort", "family"}})
	tag("list-stringified-array", obj{"decision_id": id3, "tags": `["criminal","tax"]`}, obj{"decision_id": id3, "tags": []any{"criminal", "tax"}})
	tag("list-semicolon-string", obj{"decision_id": id1, "tags": "contract;tort"}, obj{"decision_id": id1, "tags": []any{"contract", "tort"}})
	tag("uuid-urn", obj{"decision_id": "urn:uuid:" + id1, "tags": []any{"employment"}}, obj{"decision_id": id1, "tags": []any{"employment"}})
	tag("uuid-no-hyphens", obj{"decision_id": nohyph(id0), "tags": []any{"criminal"}}, obj{"decision_id": id0, "tags": []any{"criminal"}})
	tag("list-misspelled-item", obj{"decision_id": id0, "tags": []any{"familly"}}, obj{"decision_id": id0, "tags": []any{"family"}})
	tag("list-misspelled-item", obj{"decision_id": id0, "tags": []any{"tax", "contrakt"}}, obj{"decision_id": id0, "tags": []any{"tax", "contract"}})
	for _, p := range []any{nil, "", "N/A", "TBD", "<decision_id>", exampleUUID} {
		tag("placeholder-do", obj{"decision_id": p, "tags": []any{"tax"}}, obj{"tags": []any{"tax"}})
	}
	for _, p := range []any{nil, "", "N/A", "none"} {
		tag("placeholder-do", obj{"decision_id": id1, "tags": p}, obj{"decision_id": id1})
	}
	// An empty list is a value of a list kind, not a placeholder: the
	// model asked to add no tag.
	tag("list-empty", obj{"decision_id": id1, "tags": []any{}}, obj{"decision_id": id1, "tags": []any{}})
	tag("list-empty", obj{"decision_id": id1, "tags": "[]"}, obj{"decision_id": id1, "tags": []any{}})
	tag("unknown-property", obj{"decision_id": id1, "tag": "tax"}, obj{"decision_id": id1, "tags": []any{"tax"}})
	tag("unknown-property", obj{"id": id1, "tags": []any{"tax"}}, obj{"decision_id": id1, "tags": []any{"tax"}})
	tag("unknown-property", obj{"decision_id": id1, "tags": []any{"tax"}, "confirm": true}, obj{"decision_id": id1, "tags": []any{"tax"}})
	tag("all-filter", obj{"decision_id": id1, "tags": "all"}, obj{"decision_id": id1, "tags": []any{"contract", "tort", "employment", "tax", "criminal", "administrative", "constitutional", "family"}})
	if len(out) < 300 {
		panic(fmt.Sprintf("the corpus has %d calls, fewer than 300", len(out)))
	}
	return out
}
