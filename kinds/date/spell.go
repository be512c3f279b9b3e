package date

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// The spelling half of the kind: every class of spellings the package
// doc lists, drawn through an agentinput.Chooser, from the kind's own
// tables (languages.go, cjk.go, order.go). The property tests draw their
// spellings here too, so the classes live in one place.

var _ agentinput.Speller[Date] = (*Reader)(nil)

// Spell writes v in a spelling r reads back as v, drawn through c from
// every class r reads (choice 0 at every choice is the canonical
// "YYYY-MM-DD"):
//
//   - "canonical"; "year first" (dash, slash or dot, padded or not),
//     "basic ISO" ("20261001"), "time of day dropped"
//     ("2026-10-01T09:30+02:00", with any zone the date kind drops);
//   - "day first with dots" ("1. 10. 2026");
//   - "year last, day first" / "year last, month first" (slash or dash),
//     only in an order r reads as v: the declared order (note
//     convention, "year last, declared order (cs)"), or either order
//     when only one names a day or both name the same;
//   - "month name (cs)": a nominative, genitive or abbreviated month
//     name of an enabled language in one of the orders the languages
//     write ("1. října 2026", "October 1, 2026", "15 de marzo de 2026",
//     "the 1st of October 2026", "2026 Oct 1", "1-Oct-2026"), only a
//     form that names this month alone in r's languages, with
//     "+ case" and "+ no diacritics" where they change it;
//   - "Roman numeral month" ("1. X. 2026");
//   - "CJK markers (zh)", "(ja)", "(ko)" ("2026年10月1日", full-width
//     digits, a weekday in parentheses);
//   - on a bound, where v is a period's first (from) or last (to) day:
//     "period bound: month" ("2026-10", "October 2026", "10/2026"),
//     "period bound: quarter" ("Q4 2026"), "period bound: year" ("2026",
//     and the JSON number 2026, "+ JSON number");
//
// stacked with "+ weekday (fr)" (the right weekday before the date) and
// "+ outer whitespace", "+ quotes".
//
// A date before year 1000 is spelled year first only; on a bound, a
// date before year 1000 or from year 9000 is an open-bound sentinel that
// reads as absent, and Spell returns the canonical spelling, which r
// reads as absent too.
func (r *Reader) Spell(c agentinput.Chooser, v Date) agentinput.Spelled {
	if !v.Valid() || r.opts.Bound != BoundNone && sentinel(v) {
		return agentinput.Spelled{Value: v.String(), Class: "canonical"}
	}
	if r.opts.Bound != BoundNone && c.Choose("period", 2) == 1 {
		if s, class, ok := r.spellPeriod(c, v); ok {
			if class == "period bound: year" && c.Choose("year as a JSON number", 2) == 1 {
				return agentinput.Spelled{Value: json.Number(s), Class: class + " + JSON number"}
			}
			s, wrapped := wrapSpelling(c, s)
			return agentinput.Spelled{Value: s, Class: join(class, wrapped)}
		}
	}
	s, class := r.spellDay(c, v, true)
	s, wrapped := wrapSpelling(c, s)
	return agentinput.Spelled{Value: s, Class: join(class, wrapped)}
}

// SpellInside writes v as it stands inside a longer text that another
// kind reads through r (the timestamp kind's date before its time): the
// classes of Spell but a time of day, a period and the outer whitespace
// and quotes, which the longer text has or has not of its own.
func (r *Reader) SpellInside(c agentinput.Chooser, v Date) agentinput.Spelled {
	if !v.Valid() {
		return agentinput.Spelled{Value: v.String(), Class: "canonical"}
	}
	s, class := r.spellDay(c, v, false)
	return agentinput.Spelled{Value: s, Class: class}
}

// Ambiguous writes v in a spelling r asks about, one of whose readings is
// v, drawn through c from the classes v has under r's options (choice 0
// is the first of them):
//
//   - "day/month order": slash or dash with the year last ("01/02/2026"),
//     when no order is declared and both orders name different days;
//   - "two-digit year": "1.10.26" for the years 1900–2099, and the
//     year first, "26-10-01", for 2000–2099 (asked whatever the order);
//   - "wrong weekday": a weekday of an enabled language that is not v's
//     before it ("Friday, 2026-10-01"), for the years from 1000;
//   - "month name in two languages": a month name that names two months
//     in r's languages ("1 listopad 2026" with hr beside cs or pl), when
//     v's day is in both months.
//
// ok is false when v has none of these: an invalid date, an open-bound
// sentinel on a bound (it reads as absent), or a date before year 1000
// whose day and month cannot swap (its day is above 12 or equals its
// month, or r declares an order).
func (r *Reader) Ambiguous(c agentinput.Chooser, v Date) (agentinput.Spelled, bool) {
	s, class, ok := r.ambiguousText(c, v)
	if !ok {
		return agentinput.Spelled{}, false
	}
	s, wrapped := wrapSpelling(c, s)
	return agentinput.Spelled{Value: s, Class: join(class, wrapped)}, true
}

// AmbiguousInside is Ambiguous without the outer whitespace and quotes,
// for a date inside a longer text (see SpellInside).
func (r *Reader) AmbiguousInside(c agentinput.Chooser, v Date) (agentinput.Spelled, bool) {
	s, class, ok := r.ambiguousText(c, v)
	if !ok {
		return agentinput.Spelled{}, false
	}
	return agentinput.Spelled{Value: s, Class: class}, true
}

func (r *Reader) ambiguousText(c agentinput.Chooser, v Date) (string, string, bool) {
	if !v.Valid() || r.opts.Bound != BoundNone && sentinel(v) {
		return "", "", false
	}
	type class struct {
		name  string
		spell func() string
	}
	var classes []class
	if !r.opts.Order.declared() && v.Day <= 12 && v.Day != v.Month {
		classes = append(classes, class{"day/month order", func() string {
			a, b := v.Day, v.Month
			if c.Choose("month first", 2) == 1 {
				a, b = b, a
			}
			sep := pick(c, "separator", "/", "-")
			return digits(c, a, "first") + sep + digits(c, b, "second") + sep + year4(v.Year)
		}})
	}
	if v.Year >= 1900 && v.Year <= 2099 {
		classes = append(classes, class{"two-digit year", func() string {
			yy := pad2(v.Year % 100)
			if v.Year >= 2000 && c.Choose("year first", 2) == 1 {
				sep := pick(c, "separator", "-", "/")
				return yy + sep + digits(c, v.Month, "month") + sep + pad2(v.Day)
			}
			return digits(c, v.Day, "day") + "." + digits(c, v.Month, "month") + "." + yy
		}})
	}
	if v.Year >= 1000 {
		var wrong []int // the other weekdays r has a name for
		for k := 1; k < 7; k++ {
			if wd := (v.Weekday() + k) % 7; len(r.weekdayNames(wd)) > 0 {
				wrong = append(wrong, wd)
			}
		}
		if len(wrong) > 0 {
			classes = append(classes, class{"wrong weekday", func() string {
				wd := wrong[c.Choose("weekday off by", len(wrong))]
				return pick(c, "weekday name", r.weekdayNames(wd)...) + pick(c, "weekday separator", ", ", " ") + v.String()
			}})
		}
	}
	if v.Year >= 1000 {
		if forms := r.twoMonthForms(v); len(forms) > 0 {
			classes = append(classes, class{"month name in two languages", func() string {
				return strconv.Itoa(v.Day) + " " + recase(c, pick(c, "month form", forms...)) + " " + year4(v.Year)
			}})
		}
	}
	if len(classes) == 0 {
		return "", "", false
	}
	k := classes[c.Choose("ambiguous class", len(classes))]
	return k.spell(), k.name, true
}

// sentinel reports whether a bound reads d as an open-bound sentinel.
func sentinel(d Date) bool { return d.Year < 1000 || d.Year >= 9000 }

// The classes of spellDay, in the order Choose numbers them: 0, the
// canonical spelling, first.
const (
	classCanonical = iota
	classYearFirst
	classBasic
	classTime
	classDotted
	classSlash
	classNamed
	classRoman
	classCJK
	classCount
)

// spellDay spells v as one day, from every class but the periods and the
// wrapping: with a time of day when timed.
func (r *Reader) spellDay(c agentinput.Chooser, v Date, timed bool) (string, string) {
	k := c.Choose("class", classCount)
	if v.Year < 1000 && k > classTime {
		// The other classes read four-digit years from 1000.
		k = classYearFirst
	}
	if !timed && k == classTime {
		k = classYearFirst
	}
	var s, class string
	switch k {
	case classCanonical:
		s, class = v.String(), "canonical"
	case classYearFirst:
		s, class = spellYearFirst(c, v), "year first"
		if s == v.String() {
			class = "canonical"
		}
	case classBasic:
		s, class = year4(v.Year)+pad2(v.Month)+pad2(v.Day), "basic ISO"
	case classTime:
		s, class = spellYearFirst(c, v)+spellTime(c), "time of day dropped"
	case classDotted:
		s, class = spellDotted(c, v), "day first with dots"
	case classSlash:
		s, class = r.spellSlash(c, v)
	case classNamed:
		s, class = r.spellNamed(c, v)
	case classRoman:
		s, class = r.spellRoman(c, v)
	case classCJK:
		s, class = spellCJK(c, v), ""
		return s, cjkClass(s)
	}
	if k != classCJK && c.Choose("weekday", 4) == 1 {
		if w, wclass, ok := r.spellWeekday(c, v.Weekday()); ok {
			s = w + pick(c, "weekday separator", ", ", " ", ". ") + s
			if class == "canonical" {
				class = wclass
			} else {
				class += " + " + wclass
			}
		}
	}
	return s, class
}

// year4 writes a year with four digits.
func year4(y int) string {
	return string([]byte{byte('0' + y/1000%10), byte('0' + y/100%10), byte('0' + y/10%10), byte('0' + y%10)})
}

func pad2(n int) string { return string([]byte{byte('0' + n/10%10), byte('0' + n%10)}) }

// digits writes n (a day or a month) with or without a leading zero.
func digits(c agentinput.Chooser, n int, label string) string {
	if n < 10 && c.Choose(label+" zero-padded", 2) == 1 {
		return pad2(n)
	}
	return strconv.Itoa(n)
}

// pick returns one of xs, the first for choice 0.
func pick(c agentinput.Chooser, label string, xs ...string) string {
	return xs[c.Choose(label, len(xs))]
}

// spaceRunes are the whitespace a spelling may hold between its parts
// and around it.
var spaceRunes = []string{" ", "\u00a0", "\u202f", "\t"}

// gap draws a run of at least min (0 or 1) and at most 2 of one
// whitespace character: at choice 0, min spaces.
func gap(c agentinput.Chooser, label string, min int) string {
	n := min + c.Choose(label+" count", 3-min)
	if n == 0 {
		return ""
	}
	return strings.Repeat(pick(c, label, spaceRunes...), n)
}

// quotePairs are the quotes a spelling may be wrapped in, none first, then
// every pair spelling.Trim removes.
var quotePairs = append([][2]string{{"", ""}}, spelling.WrapQuotes...)

// wrap is the outer wrapping: whitespace around, at most one pair of
// quotes. It returns the class of what it added ("" for nothing).
func wrapSpelling(c agentinput.Chooser, s string) (string, string) {
	if c.Choose("wrap", 2) == 0 {
		return s, ""
	}
	q := quotePairs[c.Choose("quotes", len(quotePairs))]
	out := gap(c, "lead", 0) + q[0] + s + q[1] + gap(c, "trail", 0)
	switch {
	case out == s:
		return s, ""
	case q[0] == "":
		return out, "outer whitespace"
	case len(out) == len(s)+len(q[0])+len(q[1]):
		return out, "quotes"
	}
	return out, "quotes + outer whitespace"
}

// join appends the class of a wrapping to a spelling's class.
func join(class, wrapped string) string {
	if wrapped == "" {
		return class
	}
	if class == "canonical" {
		return wrapped
	}
	return class + " + " + wrapped
}

// spellYearFirst writes v year first, with dashes, slashes or dots, the
// month and day padded or not.
func spellYearFirst(c agentinput.Chooser, v Date) string {
	sep := pick(c, "year-first separator", "-", "/", ".")
	m, d := pad2(v.Month), pad2(v.Day)
	if c.Choose("unpadded", 2) == 1 {
		m, d = strconv.Itoa(v.Month), strconv.Itoa(v.Day)
	}
	return year4(v.Year) + sep + m + sep + d
}

// spellTime writes a time of day, and a zone, after a date: what the
// date kind drops (parseDateTime and the scan read the same forms).
func spellTime(c agentinput.Chooser) string {
	s := pick(c, "time mark", "T", " ", "t") +
		pad2(c.Choose("hour", 24)) + ":" + pad2(c.Choose("minute", 60))
	if c.Choose("seconds", 2) == 1 {
		s += ":" + pad2(c.Choose("second", 60))
	}
	return s + pick(c, "zone", "", "Z", "z", "+02:00", "-05:00", "+0530", " UTC", "\u221203:00")
}

// spellDotted writes v day first with dots, the dots followed by
// whitespace or not, a final dot at random.
func spellDotted(c agentinput.Chooser, v Date) string {
	s := digits(c, v.Day, "day") + "." + gap(c, "gap 1", 0) + digits(c, v.Month, "month") + "." + gap(c, "gap 2", 0) + year4(v.Year)
	if c.Choose("final dot", 2) == 1 {
		s += "."
	}
	return s
}

// spellSlash writes v with slashes or dashes and the year last, in an
// order r reads as v alone: the declared one, or either when the other
// names no day or the same day.
func (r *Reader) spellSlash(c agentinput.Chooser, v Date) (string, string) {
	o := r.opts.Order
	var firsts []bool // month first?
	switch {
	case o.declared():
		firsts = append(firsts, o.MonthFirst)
		if v.Day > 12 || v.Day == v.Month {
			// The other order names no day, or the same one.
			firsts = append(firsts, !o.MonthFirst)
		}
	case v.Day > 12 || v.Day == v.Month:
		firsts = []bool{false, true}
	default:
		return spellDotted(c, v), "day first with dots"
	}
	monthFirst := firsts[c.Choose("order", len(firsts))]
	a, b := v.Day, v.Month
	class := "year last, day first"
	if monthFirst {
		a, b = b, a
		class = "year last, month first"
	}
	if o.declared() && monthFirst == o.MonthFirst && v.Day <= 12 && v.Day != v.Month {
		class = "year last, declared order (" + o.Name + ")"
	}
	sep := pick(c, "separator", "/", "-")
	return digits(c, a, "first") + sep + digits(c, b, "second") + sep + year4(v.Year), class
}

// monthForms returns the forms of month m (1–12) in r's languages that
// name m alone there, with the language of each.
func (r *Reader) monthForms(m int) (forms, langs []string) {
	for _, code := range r.codes {
		i, _ := languageIndex(code)
		for _, f := range languages[i].Months[m-1].Forms() {
			if w := lookup(r.words, f); w != nil && w.month == m && w.weekdays == 0 && w.role == 0 {
				forms, langs = append(forms, f), append(langs, code)
			}
		}
	}
	return forms, langs
}

// isAbbreviation reports whether f is an abbreviation of month m in the
// language code.
func isAbbreviation(code string, m int, f string) bool {
	i, _ := languageIndex(code)
	for _, a := range languages[i].Months[m-1].Abbreviations {
		if a == f {
			return true
		}
	}
	return false
}

// spellMonthName draws a form of month m in r's languages, its case and
// its diacritics: the name, its language, whether it is an abbreviation,
// and the classes of case and diacritics it took.
func (r *Reader) spellMonthName(c agentinput.Chooser, m int) (name, lang string, abbr bool, extra string, ok bool) {
	forms, langs := r.monthForms(m)
	if len(forms) == 0 {
		return "", "", false, "", false
	}
	k := c.Choose("month form", len(forms))
	name, lang = forms[k], langs[k]
	abbr = isAbbreviation(lang, m, name)
	name, extra = r.vary(c, name, func(w *word) bool { return w.month == m && w.weekdays == 0 && w.role == 0 })
	return name, lang, abbr, extra, true
}

// vary draws the case of a name and whether its diacritics are dropped,
// keeping only a variant that ok accepts of its entry in r's index. It
// returns the classes it added (" + case", " + no diacritics").
func (r *Reader) vary(c agentinput.Chooser, name string, ok func(*word) bool) (string, string) {
	extra := ""
	if c.Choose("drop diacritics", 2) == 1 {
		if bare := dropMarks(name); bare != name {
			if w := lookup(r.words, bare); w != nil && ok(w) {
				name, extra = bare, " + no diacritics"
			}
		}
	}
	if cased := recase(c, name); cased != name {
		if w := lookup(r.words, cased); w != nil && ok(w) {
			name, extra = cased, extra+" + case"
		}
	}
	return name, extra
}

// dropMarks removes the diacritics a model may leave out ("rijna",
// "pazdziernika").
func dropMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		switch r {
		case 'ł':
			r = 'l'
		case 'Ł':
			r = 'L'
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// recase draws a letter case: as written, upper, lower, or each letter
// at random.
func recase(c agentinput.Chooser, s string) string {
	switch c.Choose("case", 4) {
	case 1:
		return strings.ToUpper(s)
	case 2:
		return strings.ToLower(s)
	case 3:
		var b strings.Builder
		for i, r := range []rune(s) {
			if c.Choose("upper "+strconv.Itoa(i), 2) == 1 {
				r = unicode.ToUpper(r)
			} else {
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	return s
}

// ordinals are the suffixes the languages write after a day before a
// month name.
var ordinals = []string{"st", "nd", "rd", "th", "er", "º"}

// spellNamed writes v with a month name of r's languages, in one of the
// orders the languages write.
func (r *Reader) spellNamed(c agentinput.Chooser, v Date) (string, string) {
	name, lang, abbr, extra, ok := r.spellMonthName(c, v.Month)
	if !ok {
		return spellDotted(c, v), "day first with dots"
	}
	if abbr && c.Choose("abbreviation dot", 2) == 1 {
		name += "."
	}
	day, year := digits(c, v.Day, "day"), year4(v.Year)
	sp := func(l string) string { return gap(c, l, 1) }
	var s string
	switch c.Choose("pattern", 8) {
	case 0:
		s = day + sp("a") + name + sp("b") + year
	case 1:
		s = day + "." + sp("a") + name + sp("b") + year
	case 2:
		s = name + sp("a") + day + "," + sp("b") + year
	case 3:
		s = name + sp("a") + day + sp("b") + year
	case 4:
		s = day + "-" + strings.TrimSuffix(name, ".") + "-" + year
	case 5:
		s = day + " de " + name + " de " + year
	case 6:
		s = year + sp("a") + name + sp("b") + day
	case 7:
		s = "the " + day + pick(c, "ordinal", ordinals...) + " of " + name + sp("b") + year
	}
	return s, "month name (" + lang + ")" + extra
}

// spellRoman writes v day first with the month as a Roman numeral.
func (r *Reader) spellRoman(c agentinput.Chooser, v Date) (string, string) {
	m := strings.ToUpper(romanMonths[v.Month-1])
	if c.Choose("lower-case numeral", 2) == 1 {
		m = romanMonths[v.Month-1]
	}
	if w := lookup(r.words, m); w == nil || w.month != v.Month {
		return spellDotted(c, v), "day first with dots"
	}
	return digits(c, v.Day, "day") + "." + gap(c, "gap 1", 0) + m + "." + gap(c, "gap 2", 0) + year4(v.Year), "Roman numeral month"
}

// cjkMarkers are the year, month and day markers of Chinese (two sets)
// and Korean; Japanese writes Chinese's first.
var cjkMarkers = [3][3]string{{"年", "月", "日"}, {"年", "月", "号"}, {"년", "월", "일"}}

// spellCJK writes v with the markers of Chinese, Japanese or Korean, with
// or without spaces, in ASCII or full-width digits, with or without the
// weekday in parentheses.
func spellCJK(c agentinput.Chooser, v Date) string {
	s, _ := spellCJKWeekday(c, v, false)
	return s
}

// spellCJKWeekday is spellCJK with the weekday, when it draws one, wrong
// if wrong (TestPropertyCJKMarkers draws both): it reports whether it
// wrote a weekday.
func spellCJKWeekday(c agentinput.Chooser, v Date, wrong bool) (string, bool) {
	lang := c.Choose("markers", 3)
	marks := cjkMarkers[lang]
	sp := ""
	if lang == 2 || c.Choose("spaced", 2) == 1 {
		sp = " "
	}
	width := func(s string) string { return s }
	if lang < 2 && c.Choose("full-width", 2) == 1 {
		width = func(s string) string {
			return strings.Map(func(r rune) rune { return r - '0' + '０' }, s)
		}
	}
	s := width(year4(v.Year)) + marks[0] + sp + width(digits(c, v.Month, "month")) + marks[1] + sp +
		width(digits(c, v.Day, "day")) + marks[2]
	if lang == 1 || c.Choose("weekday in parentheses", 2) == 0 {
		return s, false
	}
	wd := v.Weekday()
	if wrong {
		wd = (wd + 1 + c.Choose("off by", 6)) % 7
	}
	return s + pick(c, "before weekday", "", " ") + "(" + string(cjkWeekdays[lang/2][wd]) + ")", true
}

// cjkClass names the markers of a spelling spellCJK wrote.
func cjkClass(s string) string {
	switch {
	case strings.Contains(s, "년"):
		return "CJK markers (ko)"
	case strings.Contains(s, "号"):
		return "CJK markers (zh)"
	case strings.Contains(s, "("):
		return "CJK markers (ja)"
	}
	return "CJK markers (zh, ja)"
}

// weekdayNames returns the names of weekday wd (0 Sunday) in r's
// languages that name it alone there.
func (r *Reader) weekdayNames(wd int) []string {
	var out []string
	for _, code := range r.codes {
		i, _ := languageIndex(code)
		for _, n := range languages[i].Weekdays[wd] {
			if w := lookup(r.words, n); w != nil && w.weekdays == 1<<wd && w.month == 0 && w.role == 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// spellWeekday draws a name of weekday wd in r's languages, its case and
// diacritics, and its class ("weekday (fr)").
func (r *Reader) spellWeekday(c agentinput.Chooser, wd int) (string, string, bool) {
	var names, langs []string
	for _, code := range r.codes {
		i, _ := languageIndex(code)
		for _, n := range languages[i].Weekdays[wd] {
			if w := lookup(r.words, n); w != nil && w.weekdays == 1<<wd && w.month == 0 && w.role == 0 {
				names, langs = append(names, n), append(langs, code)
			}
		}
	}
	if len(names) == 0 {
		return "", "", false
	}
	k := c.Choose("weekday name", len(names))
	name, extra := r.vary(c, names[k], func(w *word) bool { return w.weekdays == 1<<wd && w.month == 0 && w.role == 0 })
	return name, "weekday (" + langs[k] + ")" + extra, true
}

// twoMonthForms returns the forms of v's month in r's languages that name
// another month too in r's languages, where v's day is a day of each.
func (r *Reader) twoMonthForms(v Date) []string {
	var out []string
	for _, code := range r.codes {
		i, _ := languageIndex(code)
		for _, f := range languages[i].Months[v.Month-1].Forms() {
			w := lookup(r.words, f)
			if w == nil || w.month != -1 || w.weekdays != 0 || w.role != 0 {
				continue
			}
			fits := true
			for _, m := range w.meanings {
				fits = fits && v.Day <= DaysIn(v.Year, m.month)
			}
			if fits {
				out = append(out, f)
			}
		}
	}
	return out
}

// spellPeriod writes the year, quarter or month v is the first day of (on
// a from bound) or the last (on a to bound), when it is one.
func (r *Reader) spellPeriod(c agentinput.Chooser, v Date) (string, string, bool) {
	edge := v.Day == 1
	if r.opts.Bound == BoundTo {
		edge = v.Day == DaysIn(v.Year, v.Month)
	}
	if !edge {
		return "", "", false
	}
	kinds := []string{"month"}
	first := r.opts.Bound == BoundFrom
	if first && v.Month%3 == 1 || !first && v.Month%3 == 0 {
		kinds = append(kinds, "quarter")
	}
	if first && v.Month == 1 || !first && v.Month == 12 {
		kinds = append(kinds, "year")
	}
	kind := kinds[c.Choose("period kind", len(kinds))]
	return r.spellPeriodOf(c, kind, v.Year, v.Month), "period bound: " + kind, true
}

// spellPeriodOf writes a period: the year y, the quarter of month m, or
// the month m of y.
func (r *Reader) spellPeriodOf(c agentinput.Chooser, kind string, y, m int) string {
	year := year4(y)
	switch kind {
	case "year":
		return year
	case "quarter":
		q := pick(c, "q", "Q", "q") + strconv.Itoa((m+2)/3)
		if c.Choose("year first", 2) == 1 {
			return year + "-" + q
		}
		return q + " " + year
	}
	switch c.Choose("month form", 3) {
	case 1:
		return digits(c, m, "month") + pick(c, "separator", "/", "-", ".") + year
	case 2:
		if name, _, _, _, ok := r.spellMonthName(c, m); ok {
			return name + " " + year
		}
	}
	return year + pick(c, "separator", "-", "/", ".") + digits(c, m, "month")
}
