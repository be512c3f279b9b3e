package date

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// The day count, its inverse and the weekday agree with the time package
// on every day from 0001-01-01 to 9999-12-31.
func TestCalendarAgreesWithTime(t *testing.T) {
	start := Date{1, 1, 1}.days()
	tt := time.Date(1, 1, 1, 12, 0, 0, 0, time.UTC)
	for n := start; ; n++ {
		d := fromDays(n)
		want := Date{tt.Year(), int(tt.Month()), tt.Day()}
		if d != want || d.days() != n || !d.Valid() || d.Weekday() != int(tt.Weekday()) {
			t.Fatalf("day %d: fromDays %v (weekday %d), time says %v (%v)", n, d, d.Weekday(), want, tt.Weekday())
		}
		if d == (Date{9999, 12, 31}) {
			break
		}
		tt = tt.AddDate(0, 0, 1)
	}
}

func TestValid(t *testing.T) {
	for _, tt := range []struct {
		d    Date
		want bool
	}{
		{Date{2024, 2, 29}, true}, {Date{2023, 2, 29}, false}, {Date{1900, 2, 29}, false},
		{Date{2000, 2, 29}, true}, {Date{2026, 4, 31}, false}, {Date{2026, 12, 31}, true},
		{Date{0, 1, 1}, false}, {Date{10000, 1, 1}, false}, {Date{2026, 0, 1}, false},
		{Date{2026, 13, 1}, false}, {Date{2026, 1, 0}, false}, {Date{}, false},
	} {
		if got := tt.d.Valid(); got != tt.want {
			t.Errorf("%+v.Valid() = %v", tt.d, got)
		}
	}
}

func TestParseIsStrict(t *testing.T) {
	if d, err := Parse("2026-10-01"); err != nil || d != (Date{2026, 10, 1}) {
		t.Errorf("Parse(2026-10-01) = %v, %v", d, err)
	}
	for _, s := range []string{"", "2026-1-01", "2026-10-1", " 2026-10-01", "2026/10/01", "2026-02-30",
		"20261001", "2026-10-01T00:00:00Z", "0000-01-01", "２０２６-10-01", "2026-10-0a"} {
		_, err := Parse(s)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Value != s {
			t.Errorf("Parse(%q) error = %v", s, err)
		}
	}
}

func TestJSON(t *testing.T) {
	d := Date{987, 3, 4}
	b, err := json.Marshal(d)
	if err != nil || string(b) != `"0987-03-04"` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var back Date
	if err := json.Unmarshal(b, &back); err != nil || back != d {
		t.Errorf("Unmarshal = %v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`"1. 10. 2026"`), &back); err == nil {
		t.Error("Unmarshal reads only the canonical spelling")
	}
	if d.String() != "0987-03-04" || Format(d) != "0987-03-04" {
		t.Errorf("String = %s", d.String())
	}
}

func TestCompareAndAddDays(t *testing.T) {
	a, b := Date{2024, 2, 28}, Date{2024, 3, 1}
	if a.Compare(b) != -1 || b.Compare(a) != 1 || a.Compare(a) != 0 {
		t.Error("Compare")
	}
	if a.AddDays(2) != b || b.AddDays(-2) != a {
		t.Errorf("AddDays: %v %v", a.AddDays(2), b.AddDays(-2))
	}
}

func TestBoundAndOrders(t *testing.T) {
	for _, b := range []Bound{BoundNone, BoundFrom, BoundTo} {
		if back, ok := ParseBound(b.String()); !ok || back != b {
			t.Errorf("ParseBound(%s)", b)
		}
	}
	if _, ok := ParseBound("start"); ok {
		t.Error("ParseBound(start)")
	}
	for _, o := range Orders() {
		if got, ok := OrderFor(o.Name); !ok || got != o {
			t.Errorf("OrderFor(%s) = %v", o.Name, got)
		}
	}
	if o, ok := OrderFor("EN-gb"); !ok || o.MonthFirst {
		t.Errorf("OrderFor(EN-gb) = %v, %v", o, ok)
	}
	for _, name := range []string{"cs_CZ", "English", "ja", ""} {
		if _, ok := OrderFor(name); ok {
			t.Errorf("OrderFor(%q) found an order: locale spellings are the locale kind's", name)
		}
	}
}

func TestOptionsValidate(t *testing.T) {
	if err := (Options{Languages: []string{"cs", "hr"}}).Validate(); err != nil {
		t.Error(err)
	}
	if err := (Options{Languages: []string{"xx"}}).Validate(); err == nil {
		t.Error("unknown language validated")
	}
	if _, err := New(Options{Languages: []string{"xx"}}); err == nil {
		t.Error("New accepted an unknown language")
	}
	defer func() {
		if recover() == nil {
			t.Error("Read with an unknown language did not panic")
		}
	}()
	Read("1 October 2026", Options{Languages: []string{"xx"}})
}

// Expected names YYYY-MM-DD and Example is a canonical date that reads
// back as itself, for every bound.
func TestExpectedAndExample(t *testing.T) {
	for _, b := range []Bound{BoundNone, BoundFrom, BoundTo} {
		opts := Options{Bound: b}
		var s string
		if err := json.Unmarshal(Example(opts), &s); err != nil {
			t.Fatal(err)
		}
		if v, ok := Read(s, opts).Value(); !ok || v.String() != s {
			t.Errorf("bound %s: Example %s does not read back", b, s)
		}
		if e := Expected(opts); len(e) == 0 || !contains(e, "YYYY-MM-DD") {
			t.Errorf("bound %s: Expected %q", b, e)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
