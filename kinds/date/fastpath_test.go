package date

import (
	"bytes"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// drawDateTime draws a date-time: half the time in a form parseDateTime
// reads, otherwise with near misses around those forms that it must
// leave to the scan (a digit too many or too few, a value out of range,
// another separator, zone or sign).
func drawDateTime(t *rapid.T) string {
	clean := rapid.Bool().Draw(t, "clean")
	// pick draws from good on a clean draw, from good and bad otherwise.
	pick := func(label string, good, bad []string) string {
		if clean {
			return rapid.SampledFrom(good).Draw(t, label)
		}
		return rapid.SampledFrom(append(append([]string(nil), good...), bad...)).Draw(t, label)
	}
	// digits draws a run of digits of the width the field has, or on a
	// draw that is not clean sometimes of any width from min to max.
	digits := func(label string, width, min, max int) string {
		if clean || rapid.IntRange(0, 3).Draw(t, label+" odd width") != 0 {
			min, max = width, width
		}
		return rapid.StringOfN(rapid.RuneFrom([]rune("0123456789")), min, max, -1).Draw(t, label)
	}
	// clock draws a field of the clock: on a clean draw a valid one (up to
	// most), so that clean draws reach the fast path (about half of them
	// do; with any two digits too few did, and a short run drew none).
	clock := func(label string, most int) string {
		if clean {
			v := rapid.IntRange(0, most).Draw(t, label)
			return string([]byte{byte('0' + v/10), byte('0' + v%10)})
		}
		return digits(label, 2, 0, 3)
	}
	var b strings.Builder
	if !clean && rapid.IntRange(0, 3).Draw(t, "date kind") == 0 {
		b.WriteString(digits("date", 10, 8, 12))
	} else {
		d := drawDate(t, "date")
		if rapid.IntRange(0, 7).Draw(t, "sentinel") == 0 {
			d.Year = rapid.SampledFrom([]int{1, 999, 9000, 9999}).Draw(t, "sentinel year")
		}
		b.WriteString(d.String())
	}
	b.WriteString(pick("mark", []string{"T", "t", " "}, []string{"", "  ", "x", "T ", "\u00a0", ", ", " at "}))
	b.WriteString(clock("hour", 23))
	b.WriteString(pick("colon", []string{":"}, []string{".", ""}))
	b.WriteString(clock("minute", 59))
	if rapid.Bool().Draw(t, "seconds") {
		b.WriteString(pick("colon 2", []string{":"}, []string{"."}))
		b.WriteString(clock("second", 59))
		if rapid.Bool().Draw(t, "fraction") {
			b.WriteString(pick("fraction mark", []string{".", ","}, []string{":"}))
			b.WriteString(digits("fraction digits", rapid.IntRange(1, 9).Draw(t, "fraction width"), 0, 11))
		}
	}
	b.WriteString(pick("zone", []string{"", "Z", "z"}, []string{"ZZ", " Z", "UTC", " pm", "am"}))
	if rapid.Bool().Draw(t, "offset") {
		b.WriteString(pick("sign", []string{"+", "-"}, []string{"\u2212", "+ "}))
		if rapid.Bool().Draw(t, "offset minutes") {
			b.WriteString(digits("offset hours", 2, 0, 5))
			b.WriteString(pick("offset colon", []string{":"}, []string{".", ""}))
			b.WriteString(digits("offset minutes digits", 2, 0, 3))
		} else {
			b.WriteString(digits("offset digits", rapid.SampledFrom([]int{2, 4}).Draw(t, "offset width"), 0, 5))
		}
	}
	b.WriteString(pick("tail", []string{""}, []string{" ", "x", "0", ":", "Z"}))
	return b.String()
}

// TestPropertyDateTimeFastPath: the date-time fast path reads every
// spelling to the outcome the scan reads it to, with every option.
func TestPropertyDateTimeFastPath(t *testing.T) {
	codes := []string{}
	for _, l := range Languages() {
		codes = append(codes, l.Code)
	}
	taken := 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawDateTime(t)
		opts := Options{Bound: rapid.SampledFrom([]Bound{BoundNone, BoundFrom, BoundTo}).Draw(t, "bound")}
		if rapid.Bool().Draw(t, "order") {
			opts.Order, _ = OrderFor(rapid.SampledFrom([]string{"cs", "en-US"}).Draw(t, "order name"))
		}
		if rapid.Bool().Draw(t, "languages") {
			opts.Languages = rapid.SliceOfNDistinct(rapid.SampledFrom(codes), 1, 4, rapid.ID[string]).Draw(t, "codes")
		}
		m, err := opts.mask()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := parseDateTime(s); ok {
			taken++
		}
		r, _ := New(opts)
		slow := read(s, opts, indexOf(m))
		for _, fast := range []agentinput.Outcome[Date]{Read(s, opts), r.Read(s)} {
			fj, _ := fast.MarshalJSON()
			sj, _ := slow.MarshalJSON()
			if !bytes.Equal(fj, sj) || fast.IsPlaceholder() != slow.IsPlaceholder() {
				t.Fatalf("%q %+v:\nfast %s (placeholder %v)\nslow %s (placeholder %v)", s, opts, fj, fast.IsPlaceholder(), sj, slow.IsPlaceholder())
			}
		}
	})
	t.Logf("the fast path took %d spellings", taken)
	if taken == 0 {
		t.Errorf("the fast path took %d of the drawn spellings: the generator misses it", taken)
	}
}
