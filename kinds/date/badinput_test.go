package date

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// Bad input is an ask, never a panic, and never echoed beyond 80
// characters: strings over the budget, text that is not UTF-8, control,
// invisible and bidi characters, a thousand month names in a row, deeply
// repeated separators. Every read stops after maxTokens tokens or at the
// budget, so none of these costs more than one short pass.
func TestBadInput(t *testing.T) {
	months := strings.Repeat("October ", 1000)
	tests := []struct {
		name string
		in   string
		code agentinput.AskCode
	}{
		{"1 MiB", strings.Repeat("2026-10-01", 1<<20/10), agentinput.AskTooLarge},
		{"1 MiB of spaces around a date", strings.Repeat(" ", 1<<20) + "2026-10-01", agentinput.AskTooLarge},
		{"just over the budget", strings.Repeat("1", agentinput.MaxScalarBytes+1), agentinput.AskTooLarge},
		{"a thousand month names", months, agentinput.AskTooLarge},
		{"month names within the budget", months[:agentinput.MaxScalarBytes-8], agentinput.AskInvalid},
		{"a hundred dates in a row", strings.Repeat("1. 10. 2026 ", 80), agentinput.AskInvalid},
		{"repeated slashes", "1" + strings.Repeat("/", 1000) + "10/2026", agentinput.AskInvalid},
		{"repeated dots", strings.Repeat(".", 1000), agentinput.AskInvalid},
		{"repeated dashes between numbers", strings.Repeat("1-", 500), agentinput.AskInvalid},
		{"repeated range marks", strings.Repeat("2026 to ", 100), agentinput.AskInvalid},
		{"digits only", strings.Repeat("9", 1000), agentinput.AskInvalid},
		{"invalid UTF-8", "2026-10-\xff1", agentinput.AskInvalid},
		{"invalid UTF-8 only", "\xff\xfe\xfd", agentinput.AskInvalid},
		{"NUL", "2026-10-01\x00", agentinput.AskInvalid},
		{"control character", "2026\x07-10-01", agentinput.AskInvalid},
		{"bidi override", "\u202e2026-10-01", agentinput.AskInvalid},
		{"zero-width space", "2026-10\u200b-01", agentinput.AskInvalid},
		{"zero-width joiner in a month", "1 Oct\u200dober 2026", agentinput.AskInvalid},
		{"combining grapheme joiner", "1 Octo\u034fber 2026", agentinput.AskInvalid},
		{"a time without a date", "13:45", agentinput.AskInvalid},
		{"colons", strings.Repeat(":", 500), agentinput.AskInvalid},
		{"a very long word", strings.Repeat("a", 1000), agentinput.AskInvalid},
		{"emoji", "📅 2026-10-01", agentinput.AskInvalid},
	}
	for _, tt := range tests {
		for _, b := range []Bound{BoundNone, BoundFrom, BoundTo} {
			o := Read(tt.in, Options{Bound: b})
			a, ok := o.Ask()
			if !ok || a.Code != tt.code {
				got, _ := o.MarshalJSON()
				t.Errorf("%s (bound %s): want an ask %s, got %.300s", tt.name, b, tt.code, got)
				continue
			}
			var received string
			if err := json.Unmarshal(a.Received, &received); err != nil {
				t.Errorf("%s: received %s is not a JSON string", tt.name, a.Received)
			}
			if n := utf8.RuneCountInString(received); n > agentinput.MaxReceivedChars+1 {
				t.Errorf("%s: received echoes %d characters", tt.name, n)
			}
			if strings.Contains(a.Message(), "runtime") || strings.Contains(a.Message(), "strconv") {
				t.Errorf("%s: message leaks a Go error: %s", tt.name, a.Message())
			}
		}
	}
}

// FuzzRead checks the invariants of every read: no panic; an ask is
// well-formed (ambiguous with readings that read back, invalid without);
// a value reads back from its canonical spelling as itself with no note;
// reading is pure; the fast paths read what the scan reads; and, inside the reference reader's domain, the
// outcome is the reference's (reference_test.go), so that a fuzzer that
// finds a wrong date fails.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string, bound uint8) {
		opts := Options{Bound: Bound(bound % 3)}
		checkOracle(t, s, opts)
		o := Read(s, opts)
		a1, _ := o.MarshalJSON()
		a2, _ := Read(s, opts).MarshalJSON()
		if string(a1) != string(a2) {
			t.Fatalf("%q: not pure: %s then %s", s, a1, a2)
		}
		if a3, _ := read(s, opts, defaultIndex()).MarshalJSON(); string(a1) != string(a3) {
			t.Fatalf("%q: the fast path reads %s, the scan %s", s, a1, a3)
		}
		if msg := disagreement(s, opts, o); msg != "" {
			t.Fatal(msg)
		}
		if a, ok := o.Ask(); ok {
			checkAsk(t, s, a, func(msg string) { t.Fatalf("%q: %s", s, msg) })
			return
		}
		if v, ok := o.Value(); ok {
			back := Read(v.String(), opts)
			if w, ok := back.Value(); !ok || w != v || back.NoteCount() != 0 {
				t.Fatalf("%q read as %s, which does not read back as itself", s, v)
			}
			if s != v.String() && o.NoteCount() == 0 {
				t.Fatalf("%q read as %s without a note", s, v)
			}
		}
	})
}

// TestSentinelYearMonthWithDot: fuzzing found "0001,1." absent on a bound
// (a month of year 1, a sentinel) where the reference asks. Two numbers
// with a dot after them are not a year and a month ("2026.10." may have
// lost its day), and a comma never joins three numbers, so they ask on
// every bound, sentinel year or not.
func TestSentinelYearMonthWithDot(t *testing.T) {
	for _, s := range []string{"0001,1.", "9999,12.", "2026,1.", "2026.10.", "10.2026.", "0001-01.", "0001, 1,1.", "2026,1,1"} {
		for _, b := range []Bound{BoundNone, BoundFrom, BoundTo} {
			o := Read(s, Options{Bound: b})
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalid {
				t.Errorf("%q on %s: %s, want an ask invalid", s, b, outcomeJSON(o))
			}
		}
	}
	// Without the dot they stay a month, and a sentinel month is absent.
	for s, want := range map[string]agentinput.Status{"0001,1": agentinput.StatusAbsent, "2026,1": agentinput.StatusValue, "10.2026": agentinput.StatusValue} {
		if o := Read(s, Options{Bound: BoundTo}); o.Status() != want {
			t.Errorf("%q on to: %s, want %s", s, outcomeJSON(o), want)
		}
	}
}

// TestSpacedClosingDot: fuzzing found "0001 ." absent on a to-bound (a
// sentinel year) where the reference asks. A dot after a space closes no
// number: it asks, while a dot that follows its number ("2026.", "1. 10.
// 2026.") still reads.
func TestSpacedClosingDot(t *testing.T) {
	for _, s := range []string{"0001 .", "9999 .", "2026 .", "2026  .", "1. 10. 2026 ."} {
		for _, b := range []Bound{BoundNone, BoundFrom, BoundTo} {
			if a, ok := Read(s, Options{Bound: b}).Ask(); !ok || a.Code != agentinput.AskInvalid {
				t.Errorf("%q on %v: %s, want an ask invalid", s, b, outcomeJSON(Read(s, Options{Bound: b})))
			}
		}
	}
	for _, s := range []string{"2026.", "1. 10. 2026."} {
		if o := Read(s, Options{Bound: BoundTo}); o.Status() != agentinput.StatusValue {
			t.Errorf("%q on to: %s, want a value", s, outcomeJSON(o))
		}
	}
}
