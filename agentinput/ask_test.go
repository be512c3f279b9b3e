package agentinput

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/asks.golden from the current renderer")

// askCases are the asks whose messages testdata/asks.golden holds: at least
// one ask of every AskCode, and the variants of the renderer (readings,
// reason, both, neither, an empty hint, a hint that ends its own sentence).
var askCases = []struct {
	name string
	ask  Ask
}{
	// invalid: a spelling with no meaning, in each shape the renderer has.
	{"invalid/bare", Ask{Code: AskInvalid, Received: json.RawMessage(`"abc"`)}},
	{"invalid/expected-hint", Ask{Code: AskInvalid, Received: json.RawMessage(`"abc"`),
		Expected: "a JSON number, for example 4000", Hint: "Send a JSON number such as 4000"}},
	{"invalid/reason", Ask{Code: AskInvalid, Received: json.RawMessage(`"12a"`),
		Reason: `"a" is not a digit`, Expected: "a JSON number, for example 4000", Hint: "Send 12 if you meant twelve"}},
	{"invalid/hint-with-period", Ask{Code: AskInvalid, Received: json.RawMessage(`"maybe"`),
		Expected: "true or false", Hint: "Send true or false."}},
	{"invalid/empty-hint", Ask{Code: AskInvalid, Received: json.RawMessage(`"maybe"`), Expected: "true or false"}},
	{"invalid/no-received", Ask{Code: AskInvalid, Expected: "true or false", Hint: "Send true or false"}},

	// ambiguous: readings alone, one reading, readings with a reason.
	{"ambiguous/two-readings", Ask{Code: AskAmbiguous, Received: json.RawMessage(`"1,234"`),
		Readings: []Reading{
			{Value: json.RawMessage(`1234`), Meaning: "comma groups thousands"},
			{Value: json.RawMessage(`1.234`), Meaning: "comma is the decimal mark"},
		},
		Expected: "a JSON number, for example 4000", Hint: "Send one of them as a JSON number"}},
	{"ambiguous/three-readings", Ask{Code: AskAmbiguous, Received: json.RawMessage(`"01/02/03"`),
		Readings: []Reading{
			{Value: json.RawMessage(`"2003-02-01"`), Meaning: "day first"},
			{Value: json.RawMessage(`"2003-01-02"`), Meaning: "month first"},
			{Value: json.RawMessage(`"2001-02-03"`), Meaning: "year first"},
		},
		Expected: `a date as YYYY-MM-DD, for example "2026-10-01"`, Hint: "Send one of them"}},
	{"ambiguous/one-reading", Ask{Code: AskAmbiguous, Received: json.RawMessage(`"1.5"`),
		Readings: []Reading{{Value: json.RawMessage(`1.5`)}},
		Expected: "a whole number, for example 10", Hint: "Send 1.5 as a JSON number if that is what you mean"}},
	{"ambiguous/reason-and-readings", Ask{Code: AskAmbiguous, Received: json.RawMessage(`"1.234"`),
		Reason: "the field declares no decimal mark",
		Readings: []Reading{
			{Value: json.RawMessage(`1234`), Meaning: "dot groups thousands"},
			{Value: json.RawMessage(`1.234`), Meaning: "dot is the decimal mark"},
		},
		Expected: "a JSON number, for example 4000", Hint: "Send one of them as a JSON number"}},

	{"out_of_range", Ask{Code: AskOutOfRange, Received: json.RawMessage(`500`),
		Reason: "the largest accepted value is 100", Expected: "a whole number from 1 to 100, for example 10", Hint: "Send 100 or less"}},
	{"not_whole", Ask{Code: AskNotWhole, Received: json.RawMessage(`10.5`),
		Reason: "the property takes whole numbers", Expected: "a whole number, for example 10",
		Readings: []Reading{{Value: json.RawMessage(`10`), Meaning: "rounded down"}, {Value: json.RawMessage(`11`), Meaning: "rounded up"}},
		Hint:     "Send 10 or 11"}},
	{"wrong_type", Ask{Code: AskWrongType, Received: json.RawMessage(`[1,2]`),
		Reason: "an array is not a number", Expected: "a JSON number, for example 4000", Hint: "Send one number"}},
	{"too_large", Ask{Code: AskTooLarge, Received: json.RawMessage(`"1111111111111111111111111111111111111111111111111111111111111111111111111111111…"`),
		Reason: "it is longer than the 1024-byte budget", Expected: "a JSON number, for example 4000", Hint: "Send a shorter value"}},
	{"missing_required/missing", Ask{Code: AskMissingRequired, Received: json.RawMessage(`null`),
		Expected: "a JSON number, for example 4000", Hint: "Send limit with a value, for example 4000"}},
	{"missing_required/placeholder", Ask{Code: AskMissingRequired, Received: json.RawMessage(`"N/A"`),
		Reason: `"N/A" reads as absent`, Expected: "a JSON number, for example 4000", Hint: "Send limit with a value, for example 4000"}},
	{"placeholder_on_write", Ask{Code: AskPlaceholderOnWrite, Received: json.RawMessage(`"none"`),
		Reason: "it is a placeholder, and this tool changes data", Expected: "a UUID", Hint: "Send the value you mean, or leave id out to send none"}},
	{"invalid_json", Ask{Code: AskInvalidJSON, Received: json.RawMessage(`"{\"a\":"`),
		Reason: "the line is not JSON", Expected: "a JSON number, for example 4000", Hint: `Send one JSON value per line`}},
	{"unknown_property", Ask{Code: AskUnknownProperty, Received: json.RawMessage(`5`),
		Reason: "the tool has no property limt", Expected: "one of the declared properties: query, limit, cursor",
		Hint: "Send the value as limit"}},
	{"range_reversed", Ask{Code: AskRangeReversed, Received: json.RawMessage(`"2026-12-31"`),
		Reason: "date_from 2026-12-31 is after date_to 2026-01-01", Expected: "date_from on or before date_to",
		Hint: `Send date_from "2026-01-01" and date_to "2026-12-31" if you meant that period`}},
	{"schema_violation", Ask{Code: AskSchemaViolation, Received: json.RawMessage(`10.5`),
		Reason: "the normalized value does not match the advertised schema (type)", Expected: "a whole number",
		Hint: "This is a bug in the tool, not in the call: report it to the tool's author"}},
	{"invalid_cursor", Ask{Code: AskInvalidCursor, Received: json.RawMessage(`"c1_AQoKgMDA"`),
		Reason:   "it is not a whole cursor: truncated, altered or made up",
		Expected: `a cursor exactly as the previous page returned it (a string that starts with "c1_"), or no cursor for the first page`,
		Hint:     "Call again without cursor to start from the first page"}},
	{"idempotency_conflict", Ask{Code: AskIdempotencyConflict, Received: json.RawMessage(`"order-7731"`),
		Reason:   "this idempotency key was already used by a call of do_tag_decision with other arguments, and a key stands for one call",
		Expected: "a key not used before, for example a new UUID",
		Hint:     "Send idempotency_key with a fresh key to make this a new call, or send the earlier call's arguments to get its result"}},
	{"no_zone", Ask{Code: AskNoZone, Received: json.RawMessage(`"2026-10-01 09:00"`),
		Reason:   "it names no offset or time zone, so it is a different instant in every zone",
		Expected: `an instant in RFC 3339 with its offset, for example "2026-10-01T09:00:00+02:00", or a date and time with a zone name, for example "2026-10-01 09:00 Europe/Prague"`,
		Hint:     `Send the same time with its offset or zone name, for example "2026-10-01T09:00:00Z" if you meant UTC`}},
}

func TestAskMessageGolden(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# Ask.Message for each case of askCases (ask_test.go). Rewrite with: go test ./agentinput -run TestAskMessageGolden -update\n")
	for _, c := range askCases {
		b.WriteString("\n== " + c.name + "\n" + c.ask.Message() + "\n")
	}
	path := filepath.Join("testdata", "asks.golden")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("messages differ from %s (run with -update after checking the change):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines that differ, by position: enough to review a
// renderer change.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("- " + wl + "\n+ " + gl + "\n")
		}
	}
	return b.String()
}

// Every code of AskCodes() has at least one golden case, so a new code cannot
// ship without a reviewed message.
func TestAskCasesCoverEveryCode(t *testing.T) {
	seen := map[AskCode]bool{}
	for _, c := range askCases {
		seen[c.ask.Code] = true
	}
	for _, code := range AskCodes() {
		if !seen[code] {
			t.Errorf("no case in askCases for ask code %q", code)
		}
	}
}

// The message is one paragraph: no line breaks, ending with a period.
func TestAskMessageShape(t *testing.T) {
	for _, c := range askCases {
		m := c.ask.Message()
		if strings.ContainsAny(m, "\n\r") || !strings.HasSuffix(m, ".") || strings.Contains(m, "..") {
			t.Errorf("%s: message %q is not one sentence-ended paragraph", c.name, m)
		}
	}
}

func TestAskJSON(t *testing.T) {
	tests := []struct {
		name string
		ask  Ask
		want string
	}{
		{"readings always an array, received null when unset", Ask{Code: AskInvalid},
			`{"code":"invalid","message":"Could not read null.","received":null,"expected":"","hint":"","readings":[]}`},
		{"readings kept in order", Ask{Code: AskAmbiguous, Received: json.RawMessage(`"1,5"`),
			Readings: []Reading{{Value: json.RawMessage(`15`), Meaning: "comma groups"}, {Value: json.RawMessage(`1.5`), Meaning: "decimal comma"}},
			Expected: "a JSON number", Hint: "Send one of them"},
			`{"code":"ambiguous","message":"Could not read \"1,5\": it has 2 meanings: 15 (comma groups) or 1.5 (decimal comma). Expected a JSON number. Send one of them.","received":"1,5","expected":"a JSON number","hint":"Send one of them","readings":[{"value":15,"meaning":"comma groups"},{"value":1.5,"meaning":"decimal comma"}]}`},
		{"no HTML escaping, reason not encoded", Ask{Code: AskPlaceholderOnWrite, Received: Received("<nil>"), Reason: "a placeholder", Hint: "Send a value"},
			`{"code":"placeholder_on_write","message":"Did not read \"<nil>\" as absent: a placeholder. Send a value.","received":"<nil>","expected":"","hint":"Send a value","readings":[]}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.ask)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		// json.Marshal re-escapes HTML in the outer document; compare the
		// ask's own encoding, which the CLI and the envelope write as is.
		own, err := tt.ask.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(own) != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.name, own, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: invalid JSON %s", tt.name, got)
		}
		assertKeys(t, tt.name, own, "code", "message", "received", "expected", "hint", "readings")
	}
}

// assertKeys checks that the JSON object text has exactly the keys, in
// that order.
func assertKeys(t *testing.T, name string, text []byte, keys ...string) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Errorf("%s: %s is not an object", name, text)
		return
	}
	var got []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		got = append(got, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
	}
	if strings.Join(got, ",") != strings.Join(keys, ",") {
		t.Errorf("%s: keys %v, want %v in %s", name, got, keys, text)
	}
}
