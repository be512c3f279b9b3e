package eli

import (
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// The peer's classes (issue 18): an ELI path without "eli/", a path with
// the number before the year where only that order is valid, a valid path
// under a host of no register, and a Czech path alone whose number is a
// year too.

// isCZYear reports whether n is a year of the Czech collection.
func isCZYear(n int) bool { return n >= minYearCZ && n <= maxYear }

// renderPath spells e as a path alone: with or without a leading "/",
// with "eli/" or without it, in any case, year and number in the order
// given, the number with leading zeros if zeros > 0.
func renderPath(t *rapid.T, e ELI, withELI, swap bool, zeros int) string {
	var b strings.Builder
	if rapid.Bool().Draw(t, "leading slash") {
		b.WriteString("/")
	}
	if withELI {
		b.WriteString(randomCase(t, "eli", "eli case") + "/")
	}
	if e.Register() == CZ {
		b.WriteString(randomCase(t, "cz/sb", "cz/sb case"))
	} else {
		b.WriteString(randomCase(t, e.Type(), "type case"))
	}
	year, number := strconv.Itoa(e.Year()), strings.Repeat("0", zeros)+strconv.Itoa(e.Number())
	if swap {
		year, number = number, year
	}
	b.WriteString("/" + year + "/" + number)
	if e.Register() == EU && rapid.Bool().Draw(t, "oj") {
		b.WriteString("/" + randomCase(t, "oj", "oj case"))
	}
	if rapid.Bool().Draw(t, "trailing slash") {
		b.WriteString("/")
	}
	return b.String()
}

// bothOrdersOf returns the two readings of a Czech path alone that names
// e with a number that is a year too, and false when e has one reading.
func bothOrdersOf(e ELI) ([]ELI, bool) {
	if e.Register() != CZ || !isCZYear(e.Number()) || e.Number() == e.Year() {
		return nil, false
	}
	other, err := NewCZ(e.Number(), e.Year())
	if err != nil {
		return nil, false
	}
	return []ELI{e, other}, true
}

// TestPropertyPathWithoutELI: every act's path without "eli/" reads as
// the act with the note uri_form, but a Czech path whose number is a year
// too, which asks with both readings.
func TestPropertyPathWithoutELI(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		core := renderPath(t, e, false, false, 0)
		s := wrap(t, core)
		if want, ok := bothOrdersOf(e); ok {
			checkReadings(t, s, want)
			return
		}
		readsAs(t, s, core, e, agentinput.NoteURIForm)
	})
}

// TestPropertySwappedOrder: every act whose number is no year of its
// register, spelled as a URI or a path with the number before the year,
// reads as the act with the note uri_form; one whose number is a year
// too is never read swapped.
func TestPropertySwappedOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		minYear := minYearEU
		if e.Register() == CZ {
			minYear = minYearCZ
		}
		zeros := rapid.IntRange(0, 1).Draw(t, "zeros")
		numberSeg := strings.Repeat("0", zeros) + strconv.Itoa(e.Number())
		var core string
		if rapid.Bool().Draw(t, "with host") {
			host := map[Register]string{EU: "http://data.europa.eu/eli/", CZ: "https://www.e-sbirka.cz/eli/"}[e.Register()]
			path := renderPath(t, e, false, true, zeros)
			core = host + strings.TrimPrefix(path, "/")
		} else {
			core = renderPath(t, e, rapid.Bool().Draw(t, "eli"), true, zeros)
		}
		if len(numberSeg) == 4 && e.Number() >= minYear && e.Number() <= maxYear {
			// Both segments are years: the path is read as written, a
			// different act (or asked about), never as e.
			if v, ok := Read(core, Options{}).Value(); ok && v == e && e.Number() != e.Year() {
				t.Fatalf("Read(%q) = %s, read swapped though both orders are valid", core, v)
			}
			return
		}
		readsAs(t, core, core, e, agentinput.NoteURIForm)
	})
}

// drawForeignHost draws a host of no register: DNS labels, a dot, and a
// port sometimes.
func drawForeignHost(t *rapid.T) string {
	label := rapid.StringMatching(`[a-zA-Z0-9]([a-zA-Z0-9-]{0,10}[a-zA-Z0-9])?`)
	host := label.Draw(t, "label") + "." + rapid.SampledFrom([]string{"com", "org", "example", "eu", "cz", "gov.uk"}).Draw(t, "tld")
	if rapid.IntRange(0, 3).Draw(t, "port") == 0 {
		host += ":" + strconv.Itoa(rapid.IntRange(1, 65535).Draw(t, "port number"))
	}
	return host
}

// TestPropertyForeignHost: every act's ELI path under a host of no
// register reads as the act, with one note uri_form that names the host;
// the path of a version or a format of the act under it is still asked
// about.
func TestPropertyForeignHost(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		host := drawForeignHost(t)
		if _, _, found := lookupHost(host); found {
			t.Skip("a register's host")
		}
		path := strings.TrimPrefix(e.String(), map[Register]string{EU: "http://data.europa.eu", CZ: "https://www.e-sbirka.cz"}[e.Register()])
		scheme := rapid.SampledFrom([]string{"http://", "https://", "HTTPS://", ""}).Draw(t, "scheme")
		core := scheme + host + path
		readsAs(t, core, core, e, agentinput.NoteURIForm)
		o := Read(core, Options{})
		if n := o.Notes(); !strings.Contains(n[len(n)-1].Message, strconv.Quote(host)) {
			t.Fatalf("Read(%q): note %q does not name the host", core, n[len(n)-1].Message)
		}
		if a, ok := Read(core+"/2020-01-01", Options{}).Ask(); !ok || a.Code != agentinput.AskInvalid {
			t.Fatalf("Read(%q): a version under a foreign host is not asked about", core+"/2020-01-01")
		}
	})
}

// TestPropertyCzechPathBothOrders: a Czech path alone whose two numbers
// are different years never yields a value: it asks naming both acts, the
// path's order first. With the register's host the URI reads as written.
func TestPropertyCzechPathBothOrders(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.IntRange(minYearCZ, maxYear).Draw(t, "year")
		n := rapid.IntRange(minYearCZ, maxYear).Filter(func(n int) bool { return n != y }).Draw(t, "number")
		e, err := NewCZ(y, n)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := bothOrdersOf(e)
		s := wrap(t, renderPath(t, e, rapid.Bool().Draw(t, "eli"), false, 0))
		if Read(s, Options{}).Status() == agentinput.StatusValue {
			t.Fatalf("Read(%q) yields a value for a path of two years", s)
		}
		checkReadings(t, s, want)
		if v, ok := Read(e.String(), Options{}).Value(); !ok || v != e {
			t.Fatalf("Read(%q) = %v, want itself", e.String(), v)
		}
	})
}
