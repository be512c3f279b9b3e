package bytes

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value), and holds what every ask of
// this kind must say.

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// defaultReader is the zero Options' reader.
var defaultReader = func() *Reader {
	r, err := New(Options{})
	if err != nil {
		panic(err)
	}
	return r
}()

func checkOracle(t *testing.T, r *Reader, s string) {
	t.Helper()
	for _, v := range oracle.Inputs(s) {
		if bad := oracle.Find(r.Read, func(b Bytes) any { return Format(b) }, v); bad != nil && !hexPrefixedCanonical(bad) {
			t.Fatal(bad.Error())
		}
		if a, ok := r.Read(v).Ask(); ok {
			checkAsk(a, func(msg string) { t.Fatalf("%q: %s", s, msg) })
		}
	}
}

// hexPrefixedCanonical tolerates the one known exception to the canonical
// fixed point (docs/decisions.md, bytes): bytes whose canonical base64 is
// "0x" and hex digits ("0x48656c6c6f") have that spelling asked about as
// hex; they are sent as a data: URI ("data:;base64,0x48656c6c6f").
func hexPrefixedCanonical(bad *oracle.Violation) bool {
	var s string
	if bad.Rule != oracle.RuleCanonical || json.Unmarshal([]byte(bad.Value), &s) != nil {
		return false
	}
	_, ok := cutHexPrefix(s)
	return ok
}

func seedOracle(f *testing.F) { oracle.Seed(f, "testdata/cases.txt") }

// shrinking are words a hint of this kind must never hold: content is
// sent whole or by reference, never cut down or rewritten to fit.
var shrinking = []string{"shorten", "shorter", "summar", "rewrite", "truncat", "compress", "smaller", "reduce", "trim", "fewer"}

// checkAsk checks what every ask of this package must hold, beside the
// oracle's: a bounded echo, and no hint that invites shrinking content.
func checkAsk(a agentinput.Ask, fail func(string)) {
	var echoed any
	_ = json.Unmarshal(a.Received, &echoed)
	if text, ok := echoed.(string); ok && utf8.RuneCountInString(text) > agentinput.MaxReceivedChars+1 {
		fail("the ask " + string(a.Code) + " echoes more than MaxReceivedChars characters")
	}
	low := strings.ToLower(a.Hint + " " + a.Reason)
	for _, w := range shrinking {
		if strings.Contains(low, w) {
			fail("the ask's hint or reason invites changing the content (" + w + "): " + a.Hint)
		}
	}
	if a.Expected == "" || a.Hint == "" {
		fail("the ask has no expected or no hint")
	}
}
