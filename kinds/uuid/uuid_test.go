package uuid

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func noteCodes(o agentinput.Outcome[UUID]) []string {
	var codes []string
	for _, n := range o.Notes() {
		codes = append(codes, string(n.Code))
	}
	return codes
}

func TestCases(t *testing.T) {
	casefile.Load(t, "testdata/cases.txt").Check(t, nil, func(r *casefile.Row) []string {
		o := Read(r.Input, Options{})
		if a, ok := o.Ask(); ok {
			checkAsk(t, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, Format)
		if o.IsPlaceholder() {
			got[0] = "placeholder"
		}
		for _, msg := range oracle.NoteTexts(o, `"`+got[0]+`"`) {
			r.Errorf(t, "%s", msg)
		}
		return got
	})
}

// checkAsk checks what every ask of this package must hold.
func checkAsk(t testing.TB, input any, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value")
	}
	if a.Expected != Expected(Options{}) || a.Hint == "" || a.Reason == "" {
		fail("an ask has the package's expected text, a hint and a reason")
	}
	if len(a.Readings) != 0 {
		fail("a UUID ask has no readings: a UUID has no second meaning")
	}
	if _, err := json.Marshal(a); err != nil {
		fail("ask does not encode: " + err.Error())
	}
}

// TestMessages pins the text an agent reads.
func TestMessages(t *testing.T) {
	tests := []struct {
		input any
		want  string
	}{
		{"4e6a3fac-9262-4826-91f0-e77195e54c58", ""},
		{"4E6A3FAC-9262-4826-91F0-E77195E54C58", `Read "4E6A3FAC-9262-4826-91F0-E77195E54C58" as "4e6a3fac-9262-4826-91f0-e77195e54c58" (lowercased)`},
		{"{4E6A3FAC9262482691F0E77195E54C58}", `Read "{4E6A3FAC9262482691F0E77195E54C58}" as "4e6a3fac-9262-4826-91f0-e77195e54c58" (braces removed, hyphens added, lowercased)`},
		{"urn:uuid:4e6a3fac-9262-4826-91f0-e77195e54c58", `Read "urn:uuid:4e6a3fac-9262-4826-91f0-e77195e54c58" as "4e6a3fac-9262-4826-91f0-e77195e54c58" (urn:uuid: prefix removed)`},
		{" 4e6a3fac9262482691f0e77195e54c58 ", `Read " 4e6a3fac9262482691f0e77195e54c58 " as "4e6a3fac9262482691f0e77195e54c58" / Read "4e6a3fac9262482691f0e77195e54c58" as "4e6a3fac-9262-4826-91f0-e77195e54c58" (hyphens added)`},
		{"00000000-0000-0000-0000-000000000000", `Read "00000000-0000-0000-0000-000000000000" as absent (the nil UUID)`},
		{"3fa85f64-5717-4562-b3fc-2c963f66afa6", `Read "3fa85f64-5717-4562-b3fc-2c963f66afa6" as absent (the example UUID Swagger UI fills in)`},
		{"<uuid>", `Read "<uuid>" as absent (a template, not a UUID)`},
		{"123e4567-e89b-42d3-a456-556642440000", `Read "123e4567-e89b-42d3-a456-556642440000" as absent (the start of the example UUID of Wikipedia and many tutorials)`},
		{"aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", `Read "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" as absent (one hex digit repeated in each group)`},
		{"12345678-1234-1234-1234-123456789012", `Read "12345678-1234-1234-1234-123456789012" as absent (a counting sequence)`},
		{"deadbeef-dead-beef-dead-beefdeadbeef", `Read "deadbeef-dead-beef-dead-beefdeadbeef" as absent (hex words, not an id)`},
		{"4e6a3fac-9262-4826-91f0-e77195e54c5", `Could not read "4e6a3fac-9262-4826-91f0-e77195e54c5": it has 31 hex digits; a UUID has 32. ` +
			`Expected a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "4e6a3fac-9262-4826-91f0-e77195e54c58". ` +
			`Send the id of the record you mean, as a lowercase 8-4-4-4-12 UUID string; do not invent one.`},
		{"hello", `Could not read "hello": it is not a UUID. ` +
			`Expected a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "4e6a3fac-9262-4826-91f0-e77195e54c58". ` +
			`Send the id of the record you mean, as a lowercase 8-4-4-4-12 UUID string; do not invent one.`},
		{json.Number("42"), `Could not read 42: a UUID is a JSON string, never a number. ` +
			`Expected a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "4e6a3fac-9262-4826-91f0-e77195e54c58". ` +
			`Send the id of the record you mean, as a lowercase 8-4-4-4-12 UUID string; do not invent one.`},
	}
	for _, tt := range tests {
		o := Read(tt.input, Options{})
		var got string
		if a, ok := o.Ask(); ok {
			got = a.Message()
		} else {
			var msgs []string
			for _, n := range o.Notes() {
				msgs = append(msgs, n.Message)
			}
			got = strings.Join(msgs, " / ")
		}
		if got != tt.want {
			t.Errorf("Read(%#v)\n\tgot  %s\n\twant %s", tt.input, got, tt.want)
		}
	}
}

// TestBadInput: hostile strings are asks, never panics, never values.
func TestBadInput(t *testing.T) {
	id := "4e6a3fac-9262-4826-91f0-e77195e54c58"
	tests := []struct {
		name  string
		input any
		code  agentinput.AskCode
	}{
		{"1 MiB string", strings.Repeat("a", 1<<20), agentinput.AskTooLarge},
		{"1 MiB of spaces around an id", strings.Repeat(" ", 1<<20) + id, agentinput.AskTooLarge},
		{"one byte over the budget", strings.Repeat(" ", agentinput.MaxScalarBytes-len(id)+1) + id, agentinput.AskTooLarge},
		{"invalid UTF-8", id[:10] + "\xff" + id[11:], agentinput.AskInvalid},
		{"invalid UTF-8 alone", "\xc3", agentinput.AskInvalid},
		{"NUL", "\x00", agentinput.AskInvalid},
		{"NUL inside", id[:8] + "\x00" + id[9:], agentinput.AskInvalid},
		{"bidi override inside", id[:8] + "\u202e" + id[8:], agentinput.AskInvalid},
		{"bidi override around", "\u202e" + id + "\u202c", agentinput.AskInvalid},
		{"zero-width space inside", id[:8] + "\u200b" + id[8:], agentinput.AskInvalid},
		{"zero-width joiner inside", id[:8] + "\u200d" + id[8:], agentinput.AskInvalid},
		{"non-breaking space inside", id[:8] + "\u00a0" + id[9:], agentinput.AskInvalid},
		{"full-width digits", "４e6a3fac-9262-4826-91f0-e77195e54c58", agentinput.AskInvalid},
		{"en dash for hyphens", strings.ReplaceAll(id, "-", "–"), agentinput.AskInvalid},
		{"Go value of another type", struct{}{}, agentinput.AskWrongType},
		{"channel", make(chan int), agentinput.AskWrongType},
		{"1 MiB number", json.Number(strings.Repeat("9", 1<<20)), agentinput.AskWrongType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Read(tt.input, Options{})
			a, ok := o.Ask()
			if !ok {
				t.Fatalf("got %v, want an ask", o.Status())
			}
			if a.Code != tt.code {
				t.Errorf("code %s, want %s", a.Code, tt.code)
			}
			if _, isChan := tt.input.(chan int); !isChan {
				checkAsk(t, tt.input, a, func(msg string) { t.Error(msg) })
			}
			if len([]rune(string(a.Received))) > agentinput.MaxReceivedChars+3 {
				t.Errorf("received is %d characters: not cut", len([]rune(string(a.Received))))
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	u, err := Parse(exampleID)
	if err != nil || Format(u) != exampleID {
		t.Fatalf("Parse(%q) = %v, %v", exampleID, u, err)
	}
	for _, s := range []string{
		"", strings.ToUpper(exampleID), "{" + exampleID + "}", "urn:uuid:" + exampleID,
		strings.ReplaceAll(exampleID, "-", ""), " " + exampleID, exampleID + " ", "x" + exampleID[1:],
	} {
		_, err := Parse(s)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Value != s || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): error %v, want a *ParseError wrapping ErrSyntax", s, err)
		}
	}
	// The example is canonical and not a placeholder: it reads as itself.
	var v any
	if err := json.Unmarshal(Example(Options{}), &v); err != nil {
		t.Fatal(err)
	}
	o := Read(v, Options{})
	if got, ok := o.Value(); !ok || o.NoteCount() != 0 || Format(got) != exampleID {
		t.Errorf("the example does not read as itself: %v", o.Status())
	}
	if !strings.Contains(Expected(Options{}), exampleID) {
		t.Error("Expected does not show the example")
	}
	// A Go UUID reads as itself, a placeholder one as the placeholder.
	if got, ok := Read(u, Options{}).Value(); !ok || got != u {
		t.Error("a Go UUID does not read as itself")
	}
	if !Read(UUID{}, Options{}).IsPlaceholder() {
		t.Error("the nil Go UUID is not a placeholder")
	}
}

// TestPlaceholderTable: every entry is canonical, unique, and a placeholder
// in every form; none is the example.
func TestPlaceholderTable(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Placeholders() {
		if _, err := Parse(p.ID); err != nil {
			t.Errorf("%s is not canonical", p.ID)
		}
		if seen[p.ID[:13]] || p.Source == "" {
			t.Errorf("%s: its first 12 digits are listed twice, or it has no source", p.ID)
		}
		seen[p.ID[:13]] = true
		// A copy with another version digit and tail is a placeholder
		// too, named after the entry.
		version := "7"
		if p.ID[14] == '7' {
			version = "5"
		}
		variant := p.ID[:14] + version + exampleID[15:]
		o := Read(variant, Options{})
		if notes := o.Notes(); !o.IsPlaceholder() || !strings.Contains(notes[len(notes)-1].Message, "the start of "+p.Source) {
			t.Errorf("%s, a copy of %s, is not read as its placeholder", variant, p.ID)
		}
		for _, s := range []string{p.ID, strings.ToUpper(p.ID), "{" + p.ID + "}", "urn:uuid:" + p.ID, strings.ReplaceAll(p.ID, "-", "")} {
			if !Read(s, Options{}).IsPlaceholder() {
				t.Errorf("%s is not read as a placeholder", s)
			}
		}
	}
	if seen[exampleID[:13]] {
		t.Error("the example is a placeholder")
	}
}

// TestAllocations pins the allocation-free canonical path.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	var v any = exampleID
	if n := testing.AllocsPerRun(100, func() { sinkOutcome = Read(v, Options{}) }); n != 0 {
		t.Errorf("Read(canonical) allocates %v times", n)
	}
}

// PlaceholderReason agrees with Read: a string is a placeholder exactly when
// Read reads it as absent.
func TestPlaceholderAgreesWithRead(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(
			rapid.SampledFrom([]string{"123e4567-e89b-12d3-a456-426614174000", "your-uuid-here", "<user_id>", "{{ uuid }}",
				"xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", "00000000-0000-0000-0000-000000000000", exampleID, "k90000-512", " ",
				"{4E6A3FAC-9262-4826-91F0-E77195E54C58}", "uuid()", "order-7731", "Identifier", "i-d"}),
			rapid.String(),
			rapid.StringMatching(`[ {<\\[]?[0-9a-fxA-FX?-]{30,40}[ }>\\]]?`),
		).Draw(t, "s")
		absent := Read(s, Options{}).Status() == agentinput.StatusAbsent
		if why := PlaceholderReason(s); (why != "") != absent {
			t.Fatalf("PlaceholderReason(%q) = %q, Read absent %v", s, why, absent)
		}
	})
}
