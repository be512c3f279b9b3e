package number

import (
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// scanned reads t as Read does when readGrouped declines it: scanString,
// then interpret. It reports false for an ask.
func scanned(t string) (Decimal, agentinput.Notes, bool) {
	var sc scan
	var notes agentinput.Notes
	if sc.scanString(t) != scanOK {
		return Decimal{}, notes, false
	}
	r := sc.interpret(agentinput.Text(t), &notes, Options{})
	if r.invalid != "" || r.ambiguous != sepNone {
		return Decimal{}, notes, false
	}
	return sc.decimal(r.whole), notes, true
}

// TestReadGroupedAgrees: where the fast path reads a string, the scan
// reads it to the same Decimal with the same notes; where it declines, it
// adds no note.
func TestReadGroupedAgrees(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s string) bool {
		var fast agentinput.Notes
		d, ok := readGrouped(s, agentinput.Text(s), &fast)
		if !ok {
			if fast.Len() != 0 {
				t.Fatalf("readGrouped(%q) declined but added %d notes", s, fast.Len())
			}
			return false
		}
		want, notes, ok := scanned(s)
		if !ok {
			t.Fatalf("readGrouped(%q) = %v, but the scan asks", s, d)
		}
		got, exp := agentinput.Value(d, fast), agentinput.Value(want, notes)
		if d != want || !reflect.DeepEqual(got.Notes(), exp.Notes()) {
			t.Fatalf("readGrouped(%q) = %v %v, the scan %v %v", s, d, got.Notes(), want, exp.Notes())
		}
		return true
	}
	for _, s := range []string{
		"4 000", "12\u00a0345\u00a0678", "1 234,56", "1'000'000", "1_000", "1 234.5", "1\u202f234",
		"1 000,000", "999 999 999 999 999 999,9", "1 234\u066b5", "1\u066c234", "1 234\uff0c5", "1 000,10",
	} {
		if !check(t, s) {
			t.Errorf("readGrouped(%q) declined a grouped spelling", s)
		}
	}
	for _, s := range []string{
		"0 000", "1234 567", "1 23", "1 2345", "1 234 ", "1 234,", "1,234", "1 234\u00a0567", "-1 000",
		"1 000e3", "1 234,5 6", "99 999 999 999 999 999 999", "1 234 567 890 123 456 789 012", "999 999 999 999 999 999 9,1", "1 234.5.6", "1__000",
	} {
		check(t, s)
	}
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "shaped") {
			seps := []string{" ", "\u00a0", "\u202f", "'", "_", "\u066c", ",", ".", "\u2019"}
			var b strings.Builder
			b.WriteString(rapid.StringMatching(`[0-9]{1,4}`).Draw(t, "first"))
			sep := rapid.SampledFrom(seps).Draw(t, "sep")
			for range rapid.IntRange(0, 7).Draw(t, "groups") {
				if rapid.IntRange(0, 9).Draw(t, "other sep") == 0 {
					b.WriteString(rapid.SampledFrom(seps).Draw(t, "sep2"))
				} else {
					b.WriteString(sep)
				}
				b.WriteString(rapid.StringMatching(`[0-9]{2,4}`).Draw(t, "group"))
			}
			if rapid.Bool().Draw(t, "fraction") {
				b.WriteString(rapid.SampledFrom([]string{",", ".", "\u066b", "\uff0c", "\uff0e", " ", "e"}).Draw(t, "mark"))
				b.WriteString(rapid.StringMatching(`[0-9]{0,6}`).Draw(t, "frac"))
			}
			s = b.String()
		} else {
			alphabet := []rune("0123456789 \u00a0\u202f'_,.\u066b\u066c-+e")
			s = string(rapid.SliceOfN(rapid.SampledFrom(alphabet), 1, 30).Draw(t, "any"))
		}
		check(t, s)
	})
}
