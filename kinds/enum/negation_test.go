package enum

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// negationPrefix draws a member of the class "a mark or word that excludes
// or inverts what follows": any inverting mark or word of
// internal/spelling, in any letter case, with or without a space or
// hyphen after it.
func negationPrefix(t *rapid.T) string {
	if rapid.Bool().Draw(t, "mark or word") {
		return rapid.SampledFrom(spelling.NegationMarks()).Draw(t, "mark") + rapid.SampledFrom([]string{"", " "}).Draw(t, "gap")
	}
	w := rapid.SampledFrom(spelling.NegationWords()).Draw(t, "word")
	if rapid.Bool().Draw(t, "upper") {
		w = strings.ToUpper(w)
	}
	return w + rapid.SampledFrom([]string{" ", "-", ": ", "_"}).Draw(t, "gap")
}

func offers(o agentinput.Outcome[string], value string) bool {
	if v, ok := o.Value(); ok {
		return v == value
	}
	a, _ := o.Ask()
	for _, r := range a.Readings {
		var s string
		if json.Unmarshal(r.Value, &s) == nil && s == value {
			return true
		}
	}
	return false
}

// TestPropertyNegatedNeverTheValue: every declared value, rendered in any
// spelling class and led by any inverting mark or word, neither reads as
// that value nor is offered as a reading of the ask (which would offer the
// opposite of what was sent) — unless the negated spelling is itself a
// declared value, or the value itself is led by a negation.
func TestPropertyNegatedNeverTheValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawSpec(t)
		e, err := New(spec)
		if err != nil {
			t.Skip(err)
		}
		value := rapid.SampledFrom(spec.Values).Draw(t, "value")
		if _, ok := spelling.Negation(value); ok {
			t.Skip("the value is itself led by a negation")
		}
		s := negationPrefix(t) + render(t, value)
		if wrap := rapid.SampledFrom([][2]string{{"", ""}, {"(", ")"}, {" ", ""}, {`"`, `"`}}).Draw(t, "wrap"); true {
			s = wrap[0] + s + wrap[1]
		}
		o := e.Read(s)
		if got, ok := o.Value(); ok && got != value {
			return // the whole spelling is another declared value ("no" + "ne" …)
		}
		if offers(o, value) {
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) with %v gives or offers %q, the value it negates: %s", s, spec.Values, value, b)
		}
	})
}

// TestPropertyNumericValues: a declared value that is a number, sent as
// another spelling of the same number (a plus sign, a fraction of zeros,
// leading zeros, an exponent, a Unicode minus), is an ask whose readings
// are exactly the declared values equal to it; sent with its sign flipped
// it never reads as, nor offers, the value.
func TestPropertyNumericValues(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ints := rapid.SliceOfNDistinct(rapid.IntRange(-120, 120), 1, 8, rapid.ID).Draw(t, "values")
		var spec Options
		var nums []int
		seen := map[string]bool{}
		for _, n := range ints {
			v := strconv.Itoa(n)
			if !seen[fold(v)] { // "-5" and "5" fold alike: New refuses both
				seen[fold(v)] = true
				spec.Values = append(spec.Values, v)
				nums = append(nums, n)
			}
		}
		e, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		i := rapid.IntRange(0, len(spec.Values)-1).Draw(t, "index")
		n := nums[i]
		abs, minus := strconv.Itoa(max(n, -n)), n < 0
		body := rapid.SampledFrom([]string{abs + ".0", "0" + abs, abs + "e0", abs + ".00", abs}).Draw(t, "form")
		sign := ""
		if minus {
			sign = rapid.SampledFrom([]string{"-", "−", "﹣", "－"}).Draw(t, "minus")
		} else {
			sign = rapid.SampledFrom([]string{"", "+"}).Draw(t, "plus")
		}
		s := sign + body
		if s != spec.Values[i] {
			o := e.Read(s)
			a, ok := o.Ask()
			if !ok || len(a.Readings) != 1 || string(a.Readings[0].Value) != strconv.Quote(spec.Values[i]) {
				b, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) with %v = %s, want an ask offering %q only", s, spec.Values, b, spec.Values[i])
			}
		}
		flipped := "-" + abs
		if minus {
			flipped = abs
		}
		if n == 0 || slices.Contains(spec.Values, flipped) {
			return
		}
		if o := e.Read(flipped); offers(o, spec.Values[i]) {
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) with %v = %s: the sign was dropped", flipped, spec.Values, b)
		}
	})
}

// TestPropertyInvertedNeverOffered: a declared value of one word of four
// letters or more, led by an inverting prefix fused to it (un-, non-, in-,
// ne- …, internal/spelling: "unpublished" of "published"), neither reads
// as that value nor is offered it — unless the inverted word is itself a
// word of a declared value or synonym.
func TestPropertyInvertedNeverOffered(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawSpec(t)
		if rapid.Bool().Draw(t, "english words") {
			spec.Values = rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"published", "active", "valid", "visible", "archived", "draft", "legal", "public", "final"}), 1, 5, rapid.ID).Draw(t, "values")
		}
		e, err := New(spec)
		if err != nil {
			t.Skip(err)
		}
		value := rapid.SampledFrom(spec.Values).Draw(t, "value")
		words := strings.Fields(fold(value))
		if len(words) != 1 || len([]rune(words[0])) < 4 {
			return
		}
		s := rapid.SampledFrom(spelling.InvertingPrefixes()).Draw(t, "prefix") + value
		for _, d := range append(slices.Collect(maps.Keys(spec.Synonyms)), spec.Values...) {
			if slices.Contains(strings.Fields(fold(d)), fold(s)) {
				return // the inverted word is declared
			}
		}
		if o := e.Read(s); offers(o, value) {
			b, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) with %v gives or offers %q, the value it inverts: %s", s, spec.Values, value, b)
		}
	})
}

// TestNegatedValueInOtherSpellings: a declared value that is itself led by
// a negation reads in its other spellings too ("NOT_STARTED", "not
// started" of not_started), with or without the value it inverts declared
// beside it; a negation of another value still asks. Before issue 35 the
// first three asked when "started" was not declared (the rest offered a
// reading, and the outcome's own value was not weighed).
func TestNegatedValueInOtherSpellings(t *testing.T) {
	for _, values := range [][]string{{"not_started", "draft"}, {"not_started", "started"}} {
		e, err := New(Options{Values: values})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{"NOT_STARTED", "not-started", "not started", "Not Started"} {
			if v, ok := e.Read(in).Value(); !ok || v != "not_started" {
				a, _ := e.Read(in).Ask()
				t.Errorf("%v: Read(%q) = %q, %v (%s), want not_started", values, in, v, ok, a.Message())
			}
		}
		for _, in := range []string{"not draft", "-draft", "!draft"} {
			if v, ok := e.Read(in).Value(); ok && v == "draft" {
				t.Errorf("%v: Read(%q) = draft, want an ask", values, in)
			}
		}
	}
}
