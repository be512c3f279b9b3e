package boolean

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	var opts Options
	directive := func(d casefile.Directive) error {
		if d.Name != "languages" {
			return errors.New("unknown directive")
		}
		opts = Options{}
		for _, code := range d.Args {
			if code == "default" {
				opts.Languages = append(opts.Languages, DefaultLanguages()...)
			} else {
				opts.Languages = append(opts.Languages, code)
			}
		}
		return nil
	}
	casefile.Load(t, "testdata/cases.txt").Check(t, directive, func(r *casefile.Row) []string {
		o := Read(r.Input, opts)
		if a, ok := o.Ask(); ok {
			checkAsk(t, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, Format)
		for _, msg := range oracle.NoteTexts(o, got[0]) {
			r.Errorf(t, "%s", msg)
		}
		return got
	})
}

// checkAsk checks what every ask of this package must hold.
func checkAsk(t testing.TB, input any, a agentinput.Ask, fail func(string)) {
	t.Helper()
	if !bytes.Equal(a.Received, agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the raw value " + string(agentinput.Received(input)))
	}
	if a.Expected != Expected(Options{}) {
		fail("expected is " + a.Expected)
	}
	if a.Hint == "" {
		fail("no hint")
	}
	switch a.Code {
	case agentinput.AskAmbiguous:
		if len(a.Readings) < 2 {
			fail("an ambiguous ask needs two readings or more")
		}
		for _, r := range a.Readings {
			if _, err := Parse(string(r.Value)); err != nil || r.Meaning == "" {
				fail("reading " + string(r.Value) + " is not canonical or has no meaning")
			}
		}
	default:
		if len(a.Readings) != 0 || a.Reason == "" {
			fail("an invalid ask has a reason and no readings")
		}
	}
	// agentinput.Received echoes a json.Number as it is, so one that is
	// not JSON (a Go caller's, never a decoder's) cannot encode.
	if n, ok := input.(json.Number); ok && !json.Valid([]byte(n)) {
		return
	}
	if _, err := json.Marshal(a); err != nil {
		fail("ask does not encode: " + err.Error())
	}
}

// TestMessages pins the text an agent reads: notes and asks, rendered.
func TestMessages(t *testing.T) {
	el := Options{Languages: []string{"cs", "el"}}
	tests := []struct {
		input any
		opts  Options
		want  string // the notes' messages joined by " / ", or the ask's message
	}{
		{true, Options{}, ""},
		{json.Number("1"), Options{}, `Read 1 as true`},
		{json.Number("-0"), Options{}, `Read -0 as false`},
		{float64(1), Options{}, `Read 1 as true`},
		{"ano", Options{}, `Read "ano" as true (cs, sk: yes)`},
		{"ano", Options{Languages: []string{"cs"}}, `Read "ano" as true (cs: yes)`},
		{"Áno", Options{}, `Read "Áno" as true (cs, sk: yes)`},
		{"ja", Options{}, `Read "ja" as true (de, nl, sv, da, nb: yes)`},
		{"no", Options{}, `Read "no" as false (en, es, it: no)`},
		{"nie", Options{}, `Read "nie" as false (sk, pl: no)`},
		{"true", Options{}, `Read "true" as true`},
		{"0", Options{}, `Read "0" as false`},
		{" “Ano” ", Options{}, `Read " “Ano” " as "Ano" / Read "Ano" as true (cs, sk: yes)`},
		{"ne", el, `Could not read "ne": it has 2 meanings: true (yes in el) or false (no in cs). ` +
			`Expected true or false (a JSON boolean), for example true. Send the one you mean as a JSON boolean, true or false.`},
		{"maybe", Options{}, `Could not read "maybe": it is not a word for yes or no. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
		{json.Number("2"), Options{}, `Could not read 2: only the numbers 1 and 0 stand for true and false. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
		{"ye\u200bs", Options{}, `Could not read "ye` + "\u200b" + `s": it contains the invisible character U+200B. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
		{"yes\x00", Options{}, `Could not read "yes\u0000": it contains the control character U+0000. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
		{[]any{true}, Options{}, `Could not read [true]: a boolean is never an array. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
		{strings.Repeat("y", 2000), Options{}, `Did not read "` + strings.Repeat("y", 80) + `…": it is longer than 1024 bytes, the most a boolean is read from. ` +
			`Expected true or false (a JSON boolean), for example true. Send true or false as a JSON boolean.`},
	}
	for _, tt := range tests {
		o := Read(tt.input, tt.opts)
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
	mib := strings.Repeat("y", 1<<20)
	tests := []struct {
		name  string
		input any
		code  agentinput.AskCode
	}{
		{"1 MiB string", mib, agentinput.AskTooLarge},
		{"1 MiB of spaces around yes", strings.Repeat(" ", 1<<20) + "yes", agentinput.AskTooLarge},
		{"one byte over the budget", strings.Repeat(" ", agentinput.MaxScalarBytes-2) + "yes", agentinput.AskTooLarge},
		{"1 MiB number", json.Number("1." + strings.Repeat("0", 1<<20)), agentinput.AskTooLarge},
		{"invalid UTF-8", "y\xffes", agentinput.AskInvalid},
		{"invalid UTF-8 alone", "\xc3", agentinput.AskInvalid},
		{"truncated á", "\xc3no", agentinput.AskInvalid},
		{"NUL", "\x00", agentinput.AskInvalid},
		{"NUL inside", "an\x00o", agentinput.AskInvalid},
		{"bidi override inside yes", "y\u202ees", agentinput.AskInvalid},
		{"bidi override around yes", "\u202eyes\u202c", agentinput.AskInvalid},
		{"zero-width space inside ano", "a\u200bno", agentinput.AskInvalid},
		{"zero-width joiner inside ano", "an\u200do", agentinput.AskInvalid},
		{"surrogate encoded as UTF-8", "\xed\xa0\x80", agentinput.AskInvalid},
		{"not a JSON number", json.Number("one"), agentinput.AskInvalid},
		{"NaN", nanFloat(), agentinput.AskInvalid},
		{"Go value of another type", struct{}{}, agentinput.AskWrongType},
		{"channel", make(chan int), agentinput.AskWrongType},
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
			checkAsk(t, tt.input, a, func(msg string) { t.Error(msg) })
			if len(a.Received) > 4*agentinput.MaxReceivedChars+8 {
				t.Errorf("received is %d bytes: not cut", len(a.Received))
			}
			if a.Message() == "" {
				t.Error("no message")
			}
		})
	}
}

func nanFloat() float64 {
	zero := 0.0
	return zero / zero
}

// TestGoNumbers: every Go number type reads 1 and 0, and nothing else.
func TestGoNumbers(t *testing.T) {
	for _, v := range []any{
		int(1), int8(1), int16(1), int32(1), int64(1),
		uint(1), uint8(1), uint16(1), uint32(1), uint64(1), float32(1), float64(1),
	} {
		if got, ok := Read(v, Options{}).Value(); !ok || !got {
			t.Errorf("Read(%T 1) is not true", v)
		}
	}
	for _, v := range []any{
		int(0), int8(0), int16(0), int32(0), int64(0),
		uint(0), uint8(0), uint16(0), uint32(0), uint64(0), float32(0), float64(0), math.Copysign(0, -1),
	} {
		if got, ok := Read(v, Options{}).Value(); !ok || got {
			t.Errorf("Read(%T 0) is not false", v)
		}
	}
	for _, v := range []any{int(2), int8(-1), uint64(1 << 63), float32(0.5), float64(1.0000000001), float64(-1)} {
		if _, ok := Read(v, Options{}).Value(); ok {
			t.Errorf("Read(%T %v) is a value", v, v)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, b := range []bool{true, false} {
		got, err := Parse(Format(b))
		if err != nil || got != b {
			t.Errorf("Parse(Format(%v)) = %v, %v", b, got, err)
		}
	}
	for _, s := range []string{"", "True", "TRUE", "1", "0", " true", "true ", "yes", "t", "\"true\"", "truefalse"} {
		_, err := Parse(s)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Value != s || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): error %v, want a *ParseError wrapping ErrSyntax", s, err)
		}
	}
	if want := `boolean: parsing "yes": want true or false`; (&ParseError{Value: "yes"}).Error() != want {
		t.Errorf("ParseError reads %q, want %q", (&ParseError{Value: "yes"}).Error(), want)
	}
	if got := Expected(Options{}); got != "true or false (a JSON boolean), for example true" {
		t.Errorf("Expected = %q", got)
	}
	if got := string(Example(Options{})); got != "true" {
		t.Errorf("Example = %s", got)
	}
	// The example is canonical: it reads as itself with no note.
	var v any
	if err := json.Unmarshal(Example(Options{}), &v); err != nil {
		t.Fatal(err)
	}
	if o := Read(v, Options{}); o.NoteCount() != 0 || o.Status() != agentinput.StatusValue {
		t.Errorf("the example does not read as itself")
	}
}

func TestOptions(t *testing.T) {
	for _, langs := range [][]string{nil, {}, {"cs"}, {"el", "cs"}, {"no"}, {"nn"}, {"nb", "nb"}, DefaultLanguages()} {
		opts := Options{Languages: langs}
		if err := opts.Validate(); err != nil {
			t.Errorf("Validate(%q): %v", langs, err)
		}
		if _, err := New(opts); err != nil {
			t.Errorf("New(%q): %v", langs, err)
		}
	}
	for _, langs := range [][]string{{"xx"}, {"cs", ""}, {"CS"}, {"cs-CZ"}, {"default"}} {
		opts := Options{Languages: langs}
		err := opts.Validate()
		if err == nil {
			t.Errorf("Validate(%q) accepted an unknown code", langs)
			continue
		}
		if !strings.Contains(err.Error(), "known: en, cs,") {
			t.Errorf("Validate(%q): %v does not list the known codes", langs, err)
		}
		if r, err := New(opts); err == nil || r != nil {
			t.Errorf("New(%q) = %v, %v; want an error", langs, r, err)
		}
		func() {
			defer func() {
				if p := recover(); p == nil {
					t.Errorf("Read with %q did not panic", langs)
				}
			}()
			Read("yes", opts)
		}()
	}
	// A JSON boolean needs no languages, even with unknown ones.
	if v, ok := Read(true, Options{Languages: []string{"xx"}}).Value(); !ok || !v {
		t.Error("Read(true) with unknown languages is not true")
	}

	// New and Read agree, and one set of languages has one index however
	// it is named.
	r1, _ := New(Options{Languages: []string{"cs", "el"}})
	r2, _ := New(Options{Languages: []string{"el", "cs", "el"}})
	if r1 != r2 {
		t.Error("two Readers for one set of languages")
	}
	if got := r1.Languages(); !slices.Equal(got, []string{"cs", "el"}) {
		t.Errorf("Languages() = %q", got)
	}
	var zero Reader
	if got := zero.Languages(); !slices.Equal(got, DefaultLanguages()) {
		t.Errorf("the zero Reader reads %q, want the default languages", got)
	}
	if v, ok := zero.Read("ano").Value(); !ok || !v {
		t.Error("the zero Reader does not read ano")
	}
}

// TestConcurrent reads from many goroutines while indexes are first built.
// Run with -race to make it bite.
func TestConcurrent(t *testing.T) {
	sets := [][]string{nil, {"cs", "el"}, {"ru", "uk"}, {"fi"}, {"tr", "en"}}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 200 {
				opts := Options{Languages: sets[(g+i)%len(sets)]}
				o := Read("ne", opts)
				if o.Status() == agentinput.StatusAbsent {
					t.Error("absent")
				}
			}
		})
	}
	wg.Wait()
}
