package date

import (
	"strings"
	"testing"

	"agentinput.dev/internal/spelling"
)

// Every language has twelve months and seven weekdays; every form of every
// month, in every case and without its diacritics, reads in that
// language's own index as that month and nothing else; no form of a
// language names two months or a month and a weekday.
func TestEveryMonthOfEveryLanguage(t *testing.T) {
	for _, l := range Languages() {
		r, err := New(Options{Languages: []string{l.Code}})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for m, month := range l.Months {
			if month.Nominative == "" {
				t.Errorf("%s: month %d has no nominative", l.Code, m+1)
			}
			if month.Genitive == month.Nominative {
				t.Errorf("%s: month %d writes a genitive equal to its nominative", l.Code, m+1)
			}
			for _, form := range month.Forms() {
				f := spelling.Fold(form)
				if prev, ok := seen[f]; ok && prev != m+1 {
					t.Errorf("%s: %q names months %d and %d", l.Code, form, prev, m+1)
				}
				seen[f] = m + 1
				for _, spelled := range []string{form, upper(form), f} {
					w := lookup(r.words, spelled)
					if w == nil || w.month != m+1 {
						t.Errorf("%s: %q does not read as month %d", l.Code, spelled, m+1)
						continue
					}
					if w.weekdays != 0 || w.role != 0 {
						t.Errorf("%s: %q is a month and something else", l.Code, spelled)
					}
				}
			}
		}
		for d, names := range l.Weekdays {
			if len(names) == 0 {
				t.Errorf("%s: weekday %d has no name", l.Code, d)
			}
			for _, name := range names {
				w := lookup(r.words, name)
				if w == nil || w.weekdays != 1<<d || w.month != 0 {
					t.Errorf("%s: %q does not read as weekday %d alone", l.Code, name, d)
				}
			}
		}
	}
}

// The default set has no word that names two months: every conflict is
// one an optional language brings (hr's listopad).
func TestDefaultSetHasNoConflict(t *testing.T) {
	for key, w := range defaultIndex() {
		if w.month < 0 {
			t.Errorf("%q names %d months in the default set", key, len(w.meanings))
		}
	}
	withHR, _ := New(Options{Languages: append(DefaultLanguages(), "hr")})
	if w := lookup(withHR.words, "listopad"); w == nil || w.month != -1 || len(w.meanings) != 2 {
		t.Errorf("listopad with hr enabled is not a conflict: %+v", w)
	}
}

func upper(s string) string { return strings.ToUpper(s) }

// In the default set, every weekday name, full or abbreviated, names one
// weekday and nothing else: no month, no second weekday in another
// language, no connecting, ordinal or range word. A name that would is
// left out of the table (doc.go lists them).
func TestDefaultWeekdaysNameOneThing(t *testing.T) {
	words := defaultIndex()
	for _, l := range Languages() {
		if !l.Default {
			continue
		}
		for d, names := range l.Weekdays {
			for _, name := range names {
				w := lookup(words, name)
				if w == nil || w.weekdays != 1<<d || w.month != 0 || w.role != 0 {
					t.Errorf("%s: %q is not weekday %d alone in the default set: %+v", l.Code, name, d, w)
				}
			}
		}
	}
}
