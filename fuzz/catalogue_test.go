package fuzz

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

// summary is what a catalogue row checks of a call: "ok" and the
// normalized arguments, or the envelope code and its issues as code@path,
// then the warnings.
func summary(t *testing.T, r registry, toolName, args string) string {
	t.Helper()
	res := tool(t, r, toolName).Call(context.Background(), json.RawMessage(args))
	var parts []string
	if res.Envelope != nil {
		parts = append(parts, string(res.Envelope.Code))
		for i, is := range res.Envelope.Issues {
			if i == 3 {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, string(is.Code)+"@"+is.Path)
		}
	} else {
		b, _ := json.Marshal(res.Arguments)
		parts = append(parts, "ok "+string(b))
	}
	var ws []string
	for _, w := range res.Warnings {
		ws = append(ws, w.Code+"@"+w.Path)
	}
	sort.Strings(ws)
	if len(ws) > 3 {
		ws = append(ws[:3], "…")
	}
	if len(ws) > 0 {
		parts = append(parts, "warnings "+strings.Join(ws, " "))
	}
	return strings.Join(parts, " ")
}

func unknownProperties(n int) string {
	var b strings.Builder
	b.WriteString(`{"query":"x"`)
	for i := range n {
		b.WriteString(`,"u` + strings.Repeat("x", i%7) + itoa(i) + `":1`)
	}
	return b.String() + "}"
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// catalogue is docs/robustness.md's bad-input catalogue: each row is one
// bad input sent to a demo tool and the outcome it gets.
var catalogue = []struct{ name, tool, args, want string }{
	{"oversized string to a scalar kind", "read_decisions", `{"date_from":"` + strings.Repeat("2", 2000) + `"}`, "invalid_arguments too_large@/date_from"},
	{"oversized free text", "read_decisions", `{"query":"` + strings.Repeat("a", 70000) + `"}`, "invalid_arguments too_large@/query"},
	{"oversized arguments", "read_decisions", `{"query":"` + strings.Repeat("a ", 600000) + `"}`, "invalid_arguments too_large@"},
	{"invalid UTF-8 in a code", "read_decisions", "{\"country\":\"C\xffZ\"}", "invalid_arguments invalid@/country"},
	// encoding/json would replace the byte with U+FFFD: the string is not
	// read (it was read so, silently, before).
	{"invalid UTF-8 in free text", "read_decisions", "{\"query\":\"a\xffb\"}", "invalid_arguments invalid@/query"},
	{"invalid UTF-8 in a list item", "read_decisions", "{\"tags\":[\"tax\",\"t\xe9x\"]}", "invalid_arguments invalid@/tags/1"},
	{"invalid UTF-8 in a property name", "read_decisions", "{\"qu\xffery\":\"x\"}", "invalid_arguments invalid@/qu\uFFFDery"},
	{"NUL in a code", "read_decisions", `{"country":"CZ\u0000"}`, "invalid_arguments invalid@/country"},
	{"NUL in free text", "read_decisions", `{"query":"a\u0000b"}`, "ok {\"query\":\"a\\u0000b\"} warnings no_hits_filtered@/query"},
	{"control character in a date", "read_decisions", `{"date_from":"2026-10-01\u0007"}`, "invalid_arguments invalid@/date_from"},
	{"escape sequence in an enum", "read_decisions", `{"tags":["\u001b[31mtax"]}`, "invalid_arguments invalid@/tags/0"},
	{"bidi override in a code", "read_decisions", `{"country":"\u202eZC"}`, "invalid_arguments invalid@/country"},
	{"bidi override in a date", "read_decisions", `{"date_from":"\u202e10-01-2026"}`, "invalid_arguments invalid@/date_from"},
	{"zero-width joiner in a code", "read_decisions", `{"country":"C\u200dZ"}`, "invalid_arguments invalid@/country"},
	{"zero-width space in an enum", "read_decisions", `{"tags":["tax\u200b"]}`, "invalid_arguments invalid@/tags/0"},
	{"zero-width no-break space (BOM) before a number", "read_decisions", `{"limit":"\ufeff5"}`, "ok {\"limit\":5}"},
	{"mixed-script digits in a number", "read_decisions", `{"limit":"١2"}`, "invalid_arguments invalid@/limit"},
	{"mixed-script digits in a date", "read_decisions", `{"date_from":"２026-10-01"}`, "invalid_arguments invalid@/date_from"},
	{"full-width digits in a date", "read_decisions", `{"date_from":"２０２６-１０-０１"}`, "invalid_arguments invalid@/date_from"},
	{"homoglyph letter in a country code", "read_decisions", `{"country":"СZ"}`, "invalid_arguments invalid@/country"},
	{"homoglyph letter in an enum", "read_decisions", `{"tags":["tаx"]}`, "invalid_arguments ambiguous@/tags/0"},
	// A filter value that does not read drops the filter, with a warning
	// (the filter kind's rule); the Greek Ν never reads as N.
	{"homoglyph letter in a vocabulary id", "read_decisions", `{"court":"ΝS"}`, "ok {} warnings filter_dropped@/court"},
	{"exponent bomb as a JSON number", "read_decisions", `{"limit":1e999999999}`, "invalid_arguments invalid@/limit"},
	{"exponent bomb in a string", "read_decisions", `{"limit":"1e-999999999"}`, "invalid_arguments invalid@/limit"},
	{"ten thousand digits", "read_decisions", `{"limit":` + strings.Repeat("9", 10000) + `}`, "invalid_arguments too_large@/limit"},
	{"NaN and Infinity", "read_decisions", `{"limit":"NaN"}`, "invalid_arguments invalid@/limit"},
	{"deeply nested arrays", "read_decisions", `{"tags":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, "invalid_arguments too_large@/tags" + strings.Repeat("/0", 15)},
	{"deeply nested arrays, not closed", "read_decisions", `{"tags":` + strings.Repeat("[", 10000), "invalid_arguments too_large@"},
	{"duplicate JSON keys, same value", "read_decisions", `{"country":"CZ","country":"CZ"}`, "ok {\"country\":\"CZ\"}"},
	{"duplicate JSON keys, different values", "read_decisions", `{"country":"CZ","country":"SK"}`, "invalid_arguments invalid@/country"},
	{"duplicate keys that differ in case", "read_decisions", `{"country":"CZ","Country":"SK"}`, "invalid_arguments unknown_property@/Country"},
	{"a thousand unknown properties", "read_decisions", unknownProperties(1000), "invalid_arguments too_large@"},
	{"two hundred unknown properties", "read_decisions", unknownProperties(200), "invalid_arguments unknown_property@/u0 unknown_property@/u105 unknown_property@/u112 …"},
	{"tampered cursor", "read_decisions", `{"cursor":"c1_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, "invalid_arguments invalid_cursor@/cursor"},
	{"invented cursor, first call", "read_decisions", `{"cursor":"start"}`, "ok {}"},
	{"invented cursor, later page", "read_decisions", `{"cursor":"page2"}`, "invalid_arguments invalid_cursor@/cursor"},
	// As invalid UTF-8: encoding/json would read it as U+FFFD.
	{"lone surrogate escape", "read_decisions", `{"query":"\ud800"}`, "invalid_arguments invalid@/query"},
	{"surrogate pair escape", "read_decisions", `{"query":"\ud83d\ude00"}`, "ok {\"query\":\"😀\"} warnings no_hits_filtered@/query"},
	{"U+FFFD as sent", "read_decisions", `{"query":"a\ufffdb�"}`, "ok {\"query\":\"a�b�\"} warnings no_hits_filtered@/query"},
	{"not JSON", "read_decisions", `{"query":`, "invalid_arguments invalid_json@"},
	{"arguments that are an array", "read_decisions", `[]`, "invalid_arguments wrong_type@"},
	{"arguments encoded twice (a string holding the object)", "read_decisions", `"{\"country\":\"CZ\"}"`, "ok {\"country\":\"CZ\"}"},
	{"a string holding no object", "read_decisions", `"country=CZ"`, "invalid_arguments wrong_type@"},
	{"trailing data after the arguments", "read_decisions", `{"query":"x"} {"query":"y"}`, "invalid_arguments invalid_json@"},
	{"a Go format verb in a value", "read_decision", `{"id":"%!s(MISSING)%v"}`, "invalid_arguments invalid@/id"},
	// The caller's own "%!" echoed in a hint is no Go formatting error
	// (the check takes the caller's strings out first; fuzz seed
	// FuzzCall/format-verb-in-a-property-name).
	{"a Go format verb in a property name", "read_decisions", `{"%!s":1}`, "invalid_arguments unknown_property@/%!s"},
	{"SQL in an id", "read_decision", `{"id":"1' OR '1'='1"}`, "invalid_arguments invalid@/id"},
}

func TestBadInputCatalogue(t *testing.T) {
	r := newRegistry(t)
	for _, c := range catalogue {
		t.Run(c.name, func(t *testing.T) {
			got := summary(t, r, c.tool, c.args)
			if got != c.want {
				t.Errorf("%s %.80q:\n got  %s\n want %s", c.tool, c.args, got, c.want)
			}
			check(t, r, tool(t, r, c.tool), []byte(c.args))
		})
	}
}
