package date

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// refResult is what the reference reader says a spelling reads as.
type refResult struct {
	status   agentinput.Status
	value    string             // a value's date
	code     agentinput.AskCode // an ask's code
	readings []string           // an ambiguous ask's readings, sorted
}

// refRead is the slow, obviously-correct reader: it replaces every word by
// what it names (comparing its fold with the fold of every name of every
// enabled language, one by one), then matches the result against one
// regular expression per spelling class, then decides the outcome from the
// candidate days. It shares Trim and Fold with the reader (the spelling
// package's) and the language table, and nothing else: no tokenizer, no
// index. It does not read ranges or times of day: it reports ok false for
// a spelling with ':', a dash between spaces or a range word.
func refRead(s string, opts Options) (refResult, bool) {
	if len(s) > agentinput.MaxScalarBytes {
		return refResult{code: agentinput.AskTooLarge}, true
	}
	if !utf8.ValidString(s) {
		return refResult{code: agentinput.AskInvalid}, true
	}
	t, _ := spelling.Trim(s)
	if opts.Bound != BoundNone && t != "" && !strings.ContainsAny(t, "0123456789") && openWord(t) {
		return refResult{status: agentinput.StatusAbsent}, true // a word for no bound (the words are data)
	}
	t = strings.Join(strings.FieldsFunc(t, spelling.IsSpace), " ")
	if strings.ContainsAny(t, ":–—") || strings.Contains(t, " - ") {
		return refResult{}, false
	}
	if strings.ContainsAny(t, "年月日号號년월일") {
		// A date with CJK markers: TestPropertyCJKMarkers is its reference.
		return refResult{}, false
	}
	langs := opts.Languages
	if len(langs) == 0 {
		langs = DefaultLanguages()
	}
	invalid := refResult{code: agentinput.AskInvalid}

	// Words → M (a month), W (a weekday), Q, or nothing (a connecting word,
	// an ordinal suffix after a digit).
	var months []int // the months the month word names
	var weekdays []int
	bad := false
	shape := refWord.ReplaceAllStringFunc(t, func(w string) string {
		f := spelling.Fold(w)
		var ms, ws []int
		for _, l := range Languages() {
			if !slices.Contains(langs, l.Code) {
				continue
			}
			for m, month := range l.Months {
				for _, form := range month.Forms() {
					if spelling.Fold(form) == f && !slices.Contains(ms, m+1) {
						ms = append(ms, m+1)
					}
				}
			}
			for d, names := range l.Weekdays {
				for _, name := range names {
					if spelling.Fold(name) == f && !slices.Contains(ws, d) {
						ws = append(ws, d)
					}
				}
			}
		}
		for m, r := range romanMonths {
			if r == f && !slices.Contains(ms, m+1) {
				ms = append(ms, m+1)
			}
		}
		switch {
		case len(ms) > 0:
			if months != nil {
				bad = true
			}
			slices.Sort(ms)
			months = ms
			return "M"
		case len(ws) > 0:
			weekdays = ws
			return "W"
		case f == "q":
			return "Q"
		}
		for _, rw := range roleWords {
			if spelling.Fold(rw.word) == f && rw.role&roleOrdinal != 0 {
				return "°" // checked below: only right after a digit
			}
			if spelling.Fold(rw.word) == f && rw.role&roleFiller != 0 {
				return " "
			}
			if spelling.Fold(rw.word) == f && rw.role&(roleRangeTo|roleRangeFrom) != 0 {
				bad = true // a range: out of the reference's domain
			}
		}
		bad = true
		return "?"
	})
	if bad {
		if strings.Contains(shape, "?") && !refRangeWord(t) {
			return invalid, true
		}
		return refResult{}, false
	}
	if strings.Contains(shape, "°") {
		if !regexp.MustCompile(`^[^°]*(\d°[^°]*)*$`).MatchString(shape) || strings.Count(shape, "°") > 1 || months == nil {
			return invalid, true
		}
		shape = strings.Replace(shape, "°", "", 1)
	}
	shape = strings.Join(strings.Fields(shape), " ")

	// A leading weekday.
	hasWeekday := false
	if m := regexp.MustCompile(`^W[,.]? (.+)$`).FindStringSubmatch(shape); m != nil {
		shape, hasWeekday = m[1], true
	}
	if strings.Contains(shape, "W") {
		// A weekday glued to a number ("Thu1Oct0100") is outside the
		// reference's domain: the reader reads it (cases.txt pins what
		// it answers), the reference's shapes separate a weekday by a
		// space or a comma.
		if regexp.MustCompile(`W\d|\dW`).MatchString(shape) {
			return refResult{}, false
		}
		return invalid, true
	}

	type cand struct {
		d     Date
		order string // "d", "m" or ""
	}
	var cands []cand
	whole := false // a period: cands hold its first day, last holds its last
	var last []Date
	ambiguous := false
	atoi := func(s string) int { // s is \d+: the regular expressions say so
		n := 0
		for _, c := range s {
			n = n*10 + int(c-'0')
		}
		return n
	}
	G := ` ?[-/,.]? ?`       // between a name and a number: may be empty
	G1 := `(?: ?[-/,.] ?| )` // between two numbers: never empty
	match := func(re string) []string { return regexp.MustCompile("^" + re + "$").FindStringSubmatch(shape) }
	period := func(y, m1, m2 int) {
		whole = true
		cands = append(cands, cand{d: Date{y, m1, 1}})
		last = append(last, Date{y, m2, DaysIn(y, m2)})
	}
	if m := match(`(\d{4})-(\d{2})-(\d{2})`); m != nil {
		cands = append(cands, cand{d: Date{atoi(m[1]), atoi(m[2]), atoi(m[3])}})
	} else if m := match(`(\d{4}) ?([-/.]) ?(\d{1,2}) ?([-/.]) ?(\d{1,2})\.?`); m != nil && m[2] == m[4] {
		cands = append(cands, cand{d: Date{atoi(m[1]), atoi(m[3]), atoi(m[5])}})
	} else if m := match(`(\d{4})(\d{2})(\d{2})`); m != nil {
		cands = append(cands, cand{d: Date{atoi(m[1]), atoi(m[2]), atoi(m[3])}})
	} else if m := match(`(\d{1,2}) ?\. ?(\d{1,2}) ?\. ?(\d{4})\.?`); m != nil {
		cands = append(cands, cand{d: Date{atoi(m[3]), atoi(m[2]), atoi(m[1])}})
	} else if m := match(`(\d{1,2}) ?([/-]) ?(\d{1,2}) ?([/-]) ?(\d{4})`); m != nil && m[2] == m[4] {
		cands = append(cands, cand{Date{atoi(m[5]), atoi(m[3]), atoi(m[1])}, "d"}, cand{Date{atoi(m[5]), atoi(m[1]), atoi(m[3])}, "m"})
	} else if m := match(`(\d{1,2}) ?([/.-]) ?(\d{1,2}) ?([/.-]) ?(\d{2})\.?`); m != nil && m[2] == m[4] {
		ambiguous = true
		for _, c := range []int{2000, 1900} {
			y := c + atoi(m[5])
			if m[2] == "." {
				cands = append(cands, cand{d: Date{y, atoi(m[3]), atoi(m[1])}})
			} else {
				cands = append(cands, cand{Date{y, atoi(m[3]), atoi(m[1])}, "d"}, cand{Date{y, atoi(m[1]), atoi(m[3])}, "m"})
			}
		}
		if m[2] != "." && len(m[1]) == 2 {
			// YY-MM-DD: a two-digit year first, in the same centuries.
			for _, c := range []int{2000, 1900} {
				cands = append(cands, cand{Date{c + atoi(m[1]), atoi(m[3]), atoi(m[5])}, "y"})
			}
		}
	} else if m := match(`(\d{1,2})\.?` + G + `M` + G + `(\d{4})\.?`); m != nil {
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[2]), mo, atoi(m[1])}})
		}
	} else if m := match(`M` + G + `(\d{1,2})` + G1 + `(\d{4})\.?`); m != nil {
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[2]), mo, atoi(m[1])}})
		}
	} else if m := match(`(\d{4})` + G + `M` + G + `(\d{1,2})\.?`); m != nil {
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[1]), mo, atoi(m[2])}})
		}
	} else if m := match(`M` + G + `(\d{4})` + G1 + `(\d{1,2})\.?`); m != nil {
		// The rest of "a day, a month name and a four-digit year in any
		// order" (docs/decisions.md, date): M Y D, Y D M, D Y M.
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[1]), mo, atoi(m[2])}})
		}
	} else if m := match(`(\d{4})` + G1 + `(\d{1,2})\.?` + G + `M`); m != nil {
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[1]), mo, atoi(m[2])}})
		}
	} else if m := match(`(\d{1,2})\.?` + G1 + `(\d{4})` + G + `M`); m != nil {
		for _, mo := range months {
			cands = append(cands, cand{d: Date{atoi(m[2]), mo, atoi(m[1])}})
		}
	} else if m := match(`(\d{1,2})\.?` + G + `M` + G + `(\d{2})`); m != nil {
		ambiguous = true
		for _, mo := range months {
			for _, c := range []int{2000, 1900} {
				cands = append(cands, cand{d: Date{c + atoi(m[2]), mo, atoi(m[1])}})
			}
		}
	} else if m := match(`M` + G + `(\d{1,2})` + G1 + `(\d{2})`); m != nil {
		ambiguous = true
		for _, mo := range months {
			for _, c := range []int{2000, 1900} {
				cands = append(cands, cand{d: Date{c + atoi(m[2]), mo, atoi(m[1])}})
			}
		}
	} else if m := match(`M` + G + `(\d{4})\.?`); m != nil {
		for _, mo := range months {
			period(atoi(m[1]), mo, mo)
		}
	} else if m := match(`(\d{4})` + G + `M\.?`); m != nil {
		for _, mo := range months {
			period(atoi(m[1]), mo, mo)
		}
	} else if m := match(`(\d{4})\.?`); m != nil {
		period(atoi(m[1]), 1, 12)
	} else if m := match(`(\d{4}) ?[-/.,] ?(\d{1,2})`); m != nil {
		period(atoi(m[1]), atoi(m[2]), atoi(m[2]))
	} else if m := match(`(\d{1,2}) ?[-/.,] ?(\d{4})`); m != nil {
		period(atoi(m[2]), atoi(m[1]), atoi(m[1]))
	} else if m := match(`Q([1-4])` + G1 + `(\d{4})`); m != nil {
		q := atoi(m[1])
		period(atoi(m[2]), 3*q-2, 3*q)
	} else if m := match(`(\d{4})` + G + `Q([1-4])`); m != nil {
		q := atoi(m[2])
		period(atoi(m[1]), 3*q-2, 3*q)
	} else {
		return invalid, true
	}

	// Keep the candidates that name a day; a declared order drops the
	// other order's.
	var keep []Date
	var keepLast []Date
	var orders []string
	for i, c := range cands {
		if whole {
			if c.d.Year == 0 || c.d.Month < 1 || c.d.Month > 12 {
				continue
			}
			keep, keepLast = append(keep, c.d), append(keepLast, last[i])
			orders = append(orders, "")
			continue
		}
		if !c.d.Valid() {
			continue
		}
		if j := slices.Index(keep, c.d); j < 0 {
			keep = append(keep, c.d)
			orders = append(orders, c.order)
		} else if orders[j] != c.order {
			orders[j] = "" // two orders read the day: no order drops it
		}
	}
	if opts.Order.declared() {
		drop := "m"
		if opts.Order.MonthFirst {
			drop = "d"
		}
		var chosen []Date
		for i, d := range keep {
			if orders[i] != drop {
				chosen = append(chosen, d)
			}
		}
		if len(chosen) > 0 {
			keep = chosen
		}
	}
	if len(keep) == 0 {
		return invalid, true
	}
	if len(months) > 1 {
		ambiguous = true
	}
	if hasWeekday && whole {
		return invalid, true
	}
	if whole {
		if opts.Bound == BoundNone {
			return invalid, true
		}
		if opts.Bound == BoundTo {
			keep = keepLast
		}
	}
	if len(keep) > 1 || ambiguous {
		// On a bound, readings that are all sentinels are absent.
		if opts.Bound != BoundNone && !slices.ContainsFunc(keep, func(d Date) bool { return d.Year >= 1000 && d.Year < 9000 }) {
			return refResult{status: agentinput.StatusAbsent}, true
		}
		return refAmbiguous(keep), true
	}
	d := keep[0]
	sentinel := func(d Date) bool { return opts.Bound != BoundNone && (d.Year < 1000 || d.Year >= 9000) }
	if sentinel(d) {
		return refResult{status: agentinput.StatusAbsent}, true
	}
	if hasWeekday && !slices.Contains(weekdays, d.Weekday()) {
		tt := time.Date(d.Year, time.Month(d.Month), d.Day, 12, 0, 0, 0, time.UTC)
		for k := 1; k <= 6; k++ { // beyond 3 only at the ends of the calendar
			for _, n := range []time.Time{tt.AddDate(0, 0, k), tt.AddDate(0, 0, -k)} {
				nd := Date{n.Year(), int(n.Month()), n.Day()}
				if int(n.Weekday()) == weekdays[0] && n.Year() >= 1 && n.Year() <= 9999 && !sentinel(nd) {
					return refAmbiguous([]Date{d, nd}), true
				}
			}
		}
	}
	return refResult{status: agentinput.StatusValue, value: d.String()}, true
}

var refWord = regexp.MustCompile(`[\p{L}°][\p{L}\p{Mn}°]*`)

func refRangeWord(t string) bool {
	for _, w := range refWord.FindAllString(t, -1) {
		for _, rw := range roleWords {
			if spelling.Fold(rw.word) == spelling.Fold(w) && rw.role&(roleRangeTo|roleRangeFrom) != 0 {
				return true
			}
		}
	}
	return false
}

func refAmbiguous(ds []Date) refResult {
	r := refResult{code: agentinput.AskAmbiguous}
	for _, d := range ds {
		r.readings = append(r.readings, d.String())
	}
	slices.Sort(r.readings)
	return r
}

// resultOf is what an outcome says, in the reference's terms.
func resultOf(o agentinput.Outcome[Date]) refResult {
	switch o.Status() {
	case agentinput.StatusValue:
		v, _ := o.Value()
		return refResult{status: agentinput.StatusValue, value: v.String()}
	case agentinput.StatusAbsent:
		return refResult{status: agentinput.StatusAbsent}
	}
	a, _ := o.Ask()
	r := refResult{code: a.Code}
	if a.Code == agentinput.AskAmbiguous {
		r.readings = readingValues(a)
		slices.Sort(r.readings)
	}
	return r
}

// The reader agrees with the reference on every spelling of every class,
// on days that exist and days that do not, with every bound, a declared
// order or none, and with Croatian enabled or not.
func TestReferenceAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.IntRange(1, 9999).Draw(t, "year")
		m := rapid.IntRange(1, 12).Draw(t, "month")
		d := Date{y, m, rapid.IntRange(1, 31).Draw(t, "day")} // may not exist
		var s string
		switch rapid.IntRange(0, 4).Draw(t, "source") {
		case 0:
			s = renderAny(t, fixYear(d)).s
		case 1:
			s = renderAny(t, d).s
		case 2:
			s, _, _ = periodSpelling(t)
		case 3: // two-digit years
			sep := rapid.SampledFrom([]string{"/", "-", "."}).Draw(t, "sep")
			s = num(t, d.Day, "a") + sep + num(t, d.Month, "b") + sep + pad2(d.Year%100)
		case 4: // a wrong or right weekday, in any enabled language
			l := rapid.SampledFrom(Languages()).Draw(t, "weekday language")
			s = rapid.SampledFrom(l.Weekdays[rapid.IntRange(0, 6).Draw(t, "weekday")]).Draw(t, "weekday name") + ", " + renderAny(t, d).s
		}
		s, _ = wrap(t, s)
		opts := Options{Bound: rapid.SampledFrom([]Bound{BoundNone, BoundFrom, BoundTo}).Draw(t, "bound")}
		if rapid.Bool().Draw(t, "order") {
			opts.Order = rapid.SampledFrom(orders).Draw(t, "declared order")
		}
		if rapid.Bool().Draw(t, "hr") {
			opts.Languages = append(DefaultLanguages(), "hr")
		}
		if _, ok := refRead(s, opts); !ok {
			t.Skip("outside the reference's domain")
		}
		o := Read(s, opts)
		if a, ok := o.Ask(); ok {
			checkAsk(nil, s, a, func(msg string) { t.Fatalf("%q: %s", s, msg) })
		}
		if msg := disagreement(s, opts, o); msg != "" {
			t.Fatal(msg)
		}
	})
}

// disagreement compares o, what Read(s, opts) returned, with the reference
// reader and says how they differ: "" when they agree or when s is outside
// the reference's domain. The property test and the fuzz target both call
// it.
func disagreement(s string, opts Options, o agentinput.Outcome[Date]) string {
	want, ok := refRead(s, opts)
	if !ok {
		return ""
	}
	got := resultOf(o)
	if got.status != want.status || got.value != want.value || got.code != want.code || !slices.Equal(got.readings, want.readings) {
		return fmt.Sprintf("%q %+v:\n\treader    %+v\n\treference %+v", s, opts, got, want)
	}
	return ""
}

// fixYear moves d into the years the renderings write with four digits.
func fixYear(d Date) Date {
	if d.Year < 1000 {
		d.Year += 1000
	}
	return d
}
