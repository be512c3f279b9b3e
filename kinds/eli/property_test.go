package eli

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// drawELI draws an act of either register.
func drawELI(t *rapid.T) ELI {
	if rapid.IntRange(0, 3).Draw(t, "czech") == 0 {
		e, err := NewCZ(rapid.IntRange(minYearCZ, maxYear).Draw(t, "year"), drawNumber(t))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	return drawEU(t, rapid.SampledFrom(ActTypes()).Draw(t, "type").Code)
}

func drawEU(t *rapid.T, code string) ELI {
	e, err := NewEU(code, rapid.IntRange(minYearEU, maxYear).Draw(t, "year"), drawNumber(t))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// drawNumber draws an act number, mostly small as real ones are.
func drawNumber(t *rapid.T) int {
	if rapid.Bool().Draw(t, "small") {
		return rapid.IntRange(1, 3000).Draw(t, "number")
	}
	return rapid.IntRange(1, maxNumber).Draw(t, "number")
}

// randomCase spells s in lower, upper, or a random case per letter
// (letterCase of spell.go).
func randomCase(t *rapid.T, s, label string) string { return letterCase(oracle.Draws(t), s, label) }

// wrap surrounds s with random whitespace and at most one pair of quotes
// (wrapped of spell.go).
func wrap(t *rapid.T, s string) string {
	w, _ := wrapped(oracle.Draws(t), s)
	return w
}

// renderURI spells e as a URI or a path in a random member of the class
// (uriPath of spell.go): scheme, case of scheme and host, the hosts that
// serve the same paths, no scheme, path only, path without eli/, case of
// the path's words, leading zeros, the number before the year, /oj or
// not, a trailing slash; a Czech path alone may ask.
func renderURI(t *rapid.T, e ELI) string {
	s, _ := uriPath(oracle.Draws(t), e, false)
	return s
}

// readsAs checks that s reads as e, with the notes the class needs: none
// for the canonical spelling; "trimmed" first if s is wrapped; and last
// the note of the class (uri_form or citation).
func readsAs(t *rapid.T, s, core string, e ELI, code agentinput.NoteCode) {
	o := Read(s, Options{})
	v, ok := o.Value()
	if !ok || v != e {
		got, _ := o.MarshalJSON()
		t.Fatalf("Read(%q) = %s, want %s", s, got, e)
	}
	var want []agentinput.NoteCode
	if s != core {
		want = append(want, agentinput.NoteTrimmed)
	}
	if core != e.String() {
		want = append(want, code)
	}
	var got []agentinput.NoteCode
	for _, n := range o.Notes() {
		got = append(got, n.Code)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Read(%q): notes %v, want %v", s, o.Notes(), want)
	}
}

// TestPropertyURI: every rendering of an ELI as a URI or a path reads back
// as the same ELI, but the Czech path alone that asks.
func TestPropertyURI(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		core := renderURI(t, e)
		// A Czech path alone whose number (without zeros) is a year too
		// is asked about with both orders (TestPropertyCzechPathBothOrders).
		if want, ok := bothOrdersOf(e); ok && !strings.Contains(strings.ToLower(core), "sbirka") &&
			strings.HasSuffix(strings.TrimSuffix(core, "/"), "/"+strconv.Itoa(e.Number())) {
			checkReadings(t, wrap(t, core), want)
			return
		}
		readsAs(t, wrap(t, core), core, e, agentinput.NoteURIForm)
	})
}

// TestPropertyFixedPoint: the canonical spelling reads as itself with no
// note; Parse is its inverse; the constructors agree with the accessors.
func TestPropertyFixedPoint(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		s := e.String()
		o := Read(s, Options{})
		if v, ok := o.Value(); !ok || v != e || o.NoteCount() != 0 {
			t.Fatalf("Read(%q): %v, %d notes", s, v, o.NoteCount())
		}
		if p, err := Parse(s); err != nil || p != e {
			t.Fatalf("Parse(%q) = %v, %v", s, p, err)
		}
		var again ELI
		var err error
		if e.Register() == CZ {
			again, err = NewCZ(e.Year(), e.Number())
		} else {
			again, err = NewEU(e.Type(), e.Year(), e.Number())
		}
		if err != nil || again != e {
			t.Fatalf("constructor of %s: %v, %v", s, again, err)
		}
		text, _ := json.Marshal(e)
		if string(text) != strconv.Quote(s) {
			t.Fatalf("JSON of %s is %s", s, text)
		}
	})
}

// The reference of the numbering rules, written out from the Publications
// Office's practice rather than from the table: a two-digit year is 19yy
// from 1952; directives are year first; regulations are number first up
// to 2014 and year first from 2015; decisions are year first, and number
// first up to 2014.

// refInt reads ASCII digits the slow, plain way (the census leaves
// number parsing to the number kind).
func refInt(s string) (int, error) {
	if s == "" || len(s) > 9 {
		return 0, strconv.ErrSyntax
	}
	n := 0
	for _, r := range s {
		if !strings.ContainsRune("0123456789", r) {
			return 0, strconv.ErrSyntax
		}
		n = n*10 + strings.IndexRune("0123456789", r)
	}
	return n, nil
}

func refYear(s string) (int, bool) {
	y, err := refInt(s)
	switch {
	case err != nil:
		return 0, false
	case len(s) == 2 && y >= 52:
		return 1900 + y, true
	case len(s) == 4 && y >= 1952 && y <= 2099:
		return y, true
	}
	return 0, false
}

func refNumber(s string) (int, bool) {
	n, err := refInt(s)
	return n, err == nil && len(s) <= 6 && n >= 1 && n <= 99999
}

// refReadings lists the acts "a/b" can be for each base type in bases
// (with form), and the Czech act when czech is set.
func refReadings(bases []string, form, a, b string, czech bool) []ELI {
	var out []ELI
	for _, base := range bases {
		code := base
		if form != "" {
			code += "_" + form
		}
		if y, ok := refYear(a); ok {
			if n, ok := refNumber(b); ok && (base != "reg" || y >= 2015) {
				e, _ := NewEU(code, y, n)
				out = append(out, e)
			}
		}
		if y, ok := refYear(b); ok && base != "dir" && y <= 2014 {
			if n, ok := refNumber(a); ok {
				if e, _ := NewEU(code, y, n); !slices.Contains(out, e) {
					out = append(out, e)
				}
			}
		}
	}
	if czech && len(b) == 4 {
		y, err := refInt(b)
		if n, ok := refNumber(a); ok && err == nil && y >= 1945 && y <= 2099 {
			e, _ := NewCZ(y, n)
			out = append(out, e)
		}
	}
	return out
}

// renderEUCitation spells e as a citation in English or Czech
// (euCitation of spell.go), in the order its type and year allow (drawn
// when both are allowed), with the markers, issuers and title the class
// has. It returns the citation and its two numbers.
func renderEUCitation(t *rapid.T, e ELI) (string, string, string) {
	s, a, b, _ := euCitation(oracle.Draws(t), e)
	return s, a, b
}

// TestPropertyEUCitation: every citation of an EU act reads back as that
// act, unless the other order of its two numbers also fits an act of its
// type, in which case it is an ask that names both (and never a value).
func TestPropertyEUCitation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := drawEU(t, rapid.SampledFrom(ActTypes()).Draw(t, "type").Code)
		core, a, b := renderEUCitation(t, e)
		s := wrap(t, core)
		at := actTypes[e.typ]
		want := refReadings([]string{at.Base}, at.Form, a, b, false)
		if !slices.Contains(want, e) {
			t.Fatalf("the reference does not read %q (%s/%s) as %s: %v", core, a, b, e, want)
		}
		if len(want) == 1 {
			readsAs(t, s, core, e, agentinput.NoteCitation)
			return
		}
		checkReadings(t, s, want)
	})
}

// checkReadings checks that s is an ask ambiguous naming exactly want.
func checkReadings(t *rapid.T, s string, want []ELI) {
	o := Read(s, Options{})
	a, ok := o.Ask()
	if !ok || a.Code != agentinput.AskAmbiguous {
		got, _ := o.MarshalJSON()
		t.Fatalf("Read(%q) = %s, want an ask naming %v", s, got, want)
	}
	var got []ELI
	for _, r := range a.Readings {
		var u string
		_ = json.Unmarshal(r.Value, &u)
		e, err := Parse(u)
		if err != nil {
			t.Fatalf("Read(%q): reading %s is not canonical", s, r.Value)
		}
		got = append(got, e)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Read(%q): readings %v, want %v", s, got, want)
	}
}

// TestPropertyCzechCitation: every citation of a Czech act reads back as
// that act.
func TestPropertyCzechCitation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e, err := NewCZ(rapid.IntRange(minYearCZ, maxYear).Draw(t, "year"), drawNumber(t))
		if err != nil {
			t.Fatal(err)
		}
		core, _ := czCitation(oracle.Draws(t), e)
		readsAs(t, wrap(t, core), core, e, agentinput.NoteCitation)
	})
}

// TestPropertyNoAmbiguousValue: a citation that does not say which type of
// act it is, or whose numbers fit its type in both orders, never yields a
// value: it is an ask that names every reading the reference finds, or
// invalid when the reference finds none.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := strconv.Itoa(rapid.IntRange(1, 2100).Draw(t, "a"))
		b := strconv.Itoa(rapid.IntRange(1, 2100).Draw(t, "b"))
		if rapid.Bool().Draw(t, "two digits") {
			a = strconv.Itoa(rapid.IntRange(10, 99).Draw(t, "a2"))
		}
		form := rapid.SampledFrom([]string{"", "impl", "del"}).Draw(t, "form")
		prefix := rapid.SampledFrom([]string{"", "(EU) ", "No ", "č. ", "Commission ", "Council "}).Draw(t, "prefix")
		suffix := rapid.SampledFrom([]string{"", "/EC", "/EU"}).Draw(t, "suffix")
		base := rapid.SampledFrom([]string{"", "reg", "dir", "dec"}).Draw(t, "base")
		words := prefix
		if form != "" {
			words += formNamesEN[form] + " "
		}
		if base != "" {
			words += baseWords[base][0] + " "
		}
		s := words + a + "/" + b + suffix
		bs := bases[:]
		if base != "" {
			bs = []string{base}
		}
		czech := base == "" && form == "" && suffix == "" && !strings.Contains(prefix, "EU")
		want := refReadings(bs, form, a, b, czech)
		o := Read(s, Options{})
		untyped := base == "" && form == ""
		switch {
		case len(want) == 0:
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalid {
				got, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want invalid", s, got)
			}
		case len(want) == 1 && !untyped:
			if v, ok := o.Value(); !ok || v != want[0] {
				got, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want %s", s, got, want[0])
			}
		default:
			checkReadings(t, s, want)
		}
		if base == "" && form == "" && o.Status() == agentinput.StatusValue {
			t.Fatalf("Read(%q) yields a value without a type of act", s)
		}
	})
}

// TestPropertyPure: reading the same input twice gives the same JSON.
func TestPropertyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s string
		switch rapid.IntRange(0, 2).Draw(t, "class") {
		case 0:
			s = renderURI(t, drawELI(t))
		case 1:
			s, _, _ = renderEUCitation(t, drawEU(t, rapid.SampledFrom(ActTypes()).Draw(t, "type").Code))
		default:
			s = rapid.String().Draw(t, "any")
		}
		first, err1 := Read(s, Options{}).MarshalJSON()
		second, err2 := Read(s, Options{}).MarshalJSON()
		if err1 != nil || err2 != nil || string(first) != string(second) {
			t.Fatalf("Read(%q): %s then %s (%v, %v)", s, first, second, err1, err2)
		}
	})
}

// TestPropertyAnyString: any string reads to a valid outcome (a canonical
// value, an ask with its parts), never a panic.
func TestPropertyAnyString(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(),
			rapid.StringMatching(`[ (]*[A-Za-zčě ]{0,12}[ (]*[0-9]{1,5}/[0-9]{1,5}(/[A-Za-z]{1,4})?[ ,.]*(Sb\.?)?[ a-z,]{0,10}`),
			rapid.StringMatching(`((([hH][tT][tT][pP][sS]?:)?//)?(data\.europa\.eu|[A-Za-z.-]{0,16}))?/?[eE][lL][iI]/(cz/sb|[a-zA-Z_]{1,9})/[0-9]{1,6}/[0-9]{1,6}(/[a-zA-Z0-9-]{1,10}){0,3}/?`),
		).Draw(t, "s")
		checkOutcome(t, s, Read(s, Options{}), func(msg string) { t.Fatalf("Read(%q): %s", s, msg) })
	})
}

// FuzzRead checks the invariants of checkOutcome on any string, seeded
// from the table.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, s)
		checkOutcome(t, s, Read(s, Options{}), func(msg string) { t.Fatalf("Read(%q): %s", s, msg) })
	})
}
