package country

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// wrap puts s in random surrounding whitespace and at most one pair of
// quotes, and reports whether it added anything.
func wrap(t *rapid.T, s string) (string, bool) {
	out := s
	if rapid.IntRange(0, 3).Draw(t, "quote") == 0 {
		q := rapid.SampledFrom(quotePairs).Draw(t, "quotes")
		out = q[0] + rapid.SampledFrom(outerSpaces).Draw(t, "inner") + out + q[1]
	}
	out = rapid.SampledFrom(outerSpaces).Draw(t, "before") + out + rapid.SampledFrom(outerSpaces).Draw(t, "after")
	return out, out != s
}

// recase spells s in a random case per letter.
func recase(t *rapid.T, s string) string {
	var b strings.Builder
	for _, r := range s {
		switch rapid.IntRange(0, 2).Draw(t, "case") {
		case 0:
			r = unicode.ToUpper(r)
		case 1:
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// refName is one name of refSources, with its key made once.
type refName struct{ name, code, key string }

// refSources are every name the reference compares with: all of them, and
// the part of them whose words may match as a run (not the exonyms).
var refSources = sync.OnceValues(func() ([]refName, []refName) {
	type named struct{ name, code string }
	var all []named
	for _, c := range countries {
		for _, n := range []string{c.english, c.native} {
			if n == "" {
				continue
			}
			all = append(all, named{n, c.alpha2})
			if i := strings.Index(n, " - "); i >= 0 {
				all = append(all, named{n[:i], c.alpha2})
			}
			if i := strings.Index(n, " ("); i >= 0 {
				all = append(all, named{n[:i], c.alpha2}, named{strings.TrimSuffix(n[i+2:], ")"), c.alpha2})
			}
		}
	}
	for _, a := range aliases {
		for _, n := range a.names {
			all = append(all, named{n, a.code})
		}
	}
	for _, a := range statisticalNames {
		for _, n := range a.names {
			all = append(all, named{n, a.code})
		}
	}
	for _, f := range formerNames {
		for _, c := range f.now {
			all = append(all, named{f.name, c})
		}
	}
	// Exonyms are whole names only: never a partial match.
	wholes := len(all)
	for _, e := range exonyms {
		for _, n := range e.names {
			all = append(all, named{n, e.code})
		}
	}
	for _, e := range moreExonyms {
		for _, n := range e.names {
			all = append(all, named{n, e.code})
		}
	}
	for _, x := range all {
		if spaced := apostrophes.Replace(x.name); spaced != x.name {
			all = append(all, named{spaced, x.code})
		}
	}
	partials := all[:wholes:wholes]
	for _, x := range all[:wholes] {
		if spaced := apostrophes.Replace(x.name); spaced != x.name {
			partials = append(partials, named{spaced, x.code})
		}
	}
	withKeys := func(ns []named) []refName {
		out := make([]refName, len(ns))
		for i, n := range ns {
			out[i] = refName{n.name, n.code, key(n.name)}
		}
		return out
	}
	return withKeys(all), withKeys(partials)
})

// refNames is the slow, obviously-correct name lookup: compare the key of
// s with the key of every name of every source, one by one; when none is
// equal, the same with the, of and and left out between words on both
// sides; when none is, collect the countries one of whose names holds s's
// words as a run. It shares key with the index and nothing else.
func refNames(s string) (codes []string, partial bool) {
	codes, partial = refNamesOnly(s)
	if len(codes) == 0 || partial {
		return codes, partial
	}
	// Two or three single letters, separated, also spell a code.
	var letters strings.Builder
	words := strings.FieldsFunc(spelling.Fold(s), func(r rune) bool {
		return !strings.ContainsRune("'’ʼ‘`", r) && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r)
	})
	for _, w := range words {
		w = strings.NewReplacer("'", "", "’", "", "ʼ", "", "‘", "", "`", "").Replace(w)
		if len([]rune(w)) != 1 {
			return codes, partial
		}
		letters.WriteString(strings.ToUpper(w))
	}
	if c, ok := Code(letters.String()); ok && len(words) >= 2 && !slices.Contains(codes, c) {
		codes = append(codes, c)
		slices.Sort(codes)
	}
	return codes, partial
}

// refNamesOnly is refNames without the letters' codes.
func refNamesOnly(s string) (codes []string, partial bool) {
	k := key(s)
	if k == "" {
		return nil, false
	}
	all, partials := refSources()
	for _, n := range all {
		if n.key == k && !slices.Contains(codes, n.code) {
			codes = append(codes, n.code)
		}
	}
	if len(codes) > 0 {
		slices.Sort(codes)
		return codes, false
	}
	if short := stripOfficial(k); short != k {
		for _, n := range all {
			if n.key == short && !slices.Contains(codes, n.code) {
				codes = append(codes, n.code)
			}
		}
		if len(codes) > 0 {
			slices.Sort(codes)
			return codes, false
		}
	}
	// Loose: the, of and and between two other words left out on both
	// sides, and an official form that lost its of ("Republic Yemen").
	loose := func(k string) string {
		w := strings.Fields(k)
		if len(w) < 3 {
			return k
		}
		out := []string{w[0]}
		for _, x := range w[1 : len(w)-1] {
			if x != "the" && x != "of" && x != "and" {
				out = append(out, x)
			}
		}
		return strings.Join(append(out, w[len(w)-1]), " ")
	}
	candidates := []string{loose(k)}
	if short := stripOfficial(k); short != k {
		candidates = append(candidates, loose(short))
	}
	for _, f := range officialForms {
		if rest, ok := strings.CutPrefix(loose(k), loose(f)+" "); ok {
			candidates = append(candidates, rest)
		}
	}
	for _, c := range candidates {
		for _, n := range partials {
			if loose(n.key) == c && !slices.Contains(codes, n.code) {
				codes = append(codes, n.code)
			}
		}
		if len(codes) > 0 {
			slices.Sort(codes)
			return codes, false
		}
	}
	words := strings.Fields(k)
	ok := false
	for _, w := range words {
		ok = ok || (len([]rune(w)) >= 3 && !stopWord(w))
	}
	if !ok {
		return nil, false
	}
	for _, n := range partials {
		nw := strings.Fields(n.key)
		for i := 0; i+len(words) <= len(nw); i++ {
			if slices.Equal(nw[i:i+len(words)], words) && !slices.Contains(codes, n.code) {
				codes = append(codes, n.code)
			}
		}
	}
	if len(codes) > maxPartial {
		return nil, false
	}
	slices.Sort(codes)
	return codes, true
}

// drawSpelling draws a country and spells it in a random member of a
// random spelling class: the spelling, the country, and whether the
// spelling has one meaning.
func drawSpelling(t *rapid.T) (string, *countryRow, bool) {
	c := &countries[rapid.IntRange(0, len(countries)-1).Draw(t, "country")]
	switch rapid.IntRange(0, 4).Draw(t, "class") {
	case 0:
		s := recase(t, c.alpha2)
		return s, c, !codeWord(s) // a lower-case word: asked (TestPropertyCodeWords)
	case 1:
		s := recase(t, c.alpha3)
		return s, c, !codeWord(s)
	case 2:
		if c.numeric == 0 {
			return c.alpha2, c, true
		}
		s := strconv.Itoa(int(c.numeric))
		for len(s) < 3 && rapid.Bool().Draw(t, "pad") {
			s = "0" + s
		}
		return s, c, true
	default:
		name := c.english
		if c.native != "" && rapid.Bool().Draw(t, "native") {
			name = c.native
		}
		for _, a := range aliases {
			if a.code == c.alpha2 && rapid.IntRange(0, 2).Draw(t, "alias") == 0 {
				name = rapid.SampledFrom(a.names).Draw(t, "alias name")
			}
		}
		name = recase(t, name)
		if rapid.Bool().Draw(t, "strip marks") {
			name = stripMarks(name)
		}
		codes, partial := refNames(name)
		if codeWord(name) {
			// A short alias in lower case that is a word ("uk"): asked, as
			// a code that is a word is (TestPropertyCodeWords).
			return name, c, false
		}
		if _, isCode := Code(strings.ToUpper(name)); isCode && len(name) <= 3 {
			// A short alias that is a code without its marks ("ČR", "CR"
			// Costa Rica's): the code is an exact spelling.
			return name, c, false
		}
		return name, c, len(codes) == 1 && !partial && codes[0] == c.alpha2
	}
}

// TestPropertySpellings: every spelling of every country in every class,
// wrapped in whitespace and quotes, reads as that country (in the output
// form the options ask for), with a trimmed note first when wrapped.
func TestPropertySpellings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, c, single := drawSpelling(t)
		if !single {
			t.Skip("a name with several meanings: TestPropertyNoAmbiguousValue")
		}
		opts := Options{}
		want := c.alpha2
		if rapid.Bool().Draw(t, "alpha3") {
			opts.Output, want = Alpha3, c.alpha3
		}
		in, wrapped := wrap(t, s)
		o := Read(in, opts)
		got, ok := o.Value()
		if !ok || got != want {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want %s", in, j, want)
		}
		notes := o.Notes()
		if wrapped && (len(notes) == 0 || notes[0].Code != agentinput.NoteTrimmed) {
			t.Fatalf("Read(%q): notes %v, want trimmed first", in, notes)
		}
		if s != want && o.NoteCount() == 0 {
			t.Fatalf("Read(%q) = %s with no note", in, got)
		}
		if s == want && !wrapped && o.NoteCount() != 0 {
			t.Fatalf("the canonical %q has notes %v", s, notes)
		}
	})
}

// TestPropertyNumbers: a numeric code as a JSON number reads as its
// country; any other number is an ask.
func TestPropertyNumbers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(-5, 1100).Draw(t, "n")
		var want string
		for _, c := range countries {
			if int(c.numeric) == n && n != 0 {
				want = c.alpha2
			}
		}
		var v any = json.Number(strconv.Itoa(n))
		if rapid.Bool().Draw(t, "float") {
			v = float64(n)
		}
		got, ok := Read(v, Options{}).Value()
		if ok != (want != "") || got != want {
			t.Fatalf("Read(%v) = %q %v, want %q", v, got, ok, want)
		}
	})
}

// TestPropertyNoAmbiguousValue: no name that names several countries, and
// no part of a name, ever reads as a value, in any rendering; the ask
// names exactly the countries the reference finds.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	ix := names()
	var ambiguous []string
	for k, codes := range ix.names {
		if len(codes) > 1 {
			ambiguous = append(ambiguous, k)
		}
	}
	slices.Sort(ambiguous)
	if len(ambiguous) < 3 {
		t.Fatalf("only %d ambiguous names: the index lost them", len(ambiguous))
	}
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "exact") {
			s = rapid.SampledFrom(ambiguous).Draw(t, "ambiguous name")
		} else {
			// A run of words of a random name.
			n := ix.all[rapid.IntRange(0, len(ix.all)-1).Draw(t, "name")]
			words := strings.Fields(n.key)
			i := rapid.IntRange(0, len(words)-1).Draw(t, "from")
			j := rapid.IntRange(i+1, len(words)).Draw(t, "to")
			s = strings.Join(words[i:j], " ")
		}
		want, partial := refNames(s)
		if len(want) <= 1 && !partial {
			t.Skip("one meaning")
		}
		if _, ok := Code(strings.ToUpper(s)); ok {
			// A word of a name that is also a code ("nam" of "Viet Nam",
			// NAM for Namibia): the code is an exact spelling, one meaning.
			t.Skip("a code")
		}
		in, _ := wrap(t, recase(t, s))
		o := Read(in, Options{})
		if _, ok := o.Value(); ok {
			t.Fatalf("the ambiguous %q (as %q) read as a value", s, in)
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous {
			t.Fatalf("Read(%q): ask %s, want ambiguous", in, a.Code)
		}
		var got []string
		for _, r := range a.Readings {
			var code string
			json.Unmarshal(r.Value, &code)
			got = append(got, code)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("Read(%q): readings %v, want %v", in, got, want)
		}
	})
}

// TestPropertyReference: every string reads as the reference name lookup
// says, whenever it is no code: a value exactly when one country has that
// name.
func TestPropertyReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(
			rapid.StringOf(rapid.RuneFrom([]rune("aeiouknrstlgc -'.&"))),
			rapid.String(),
		).Draw(t, "string")
		k, _ := spelling.Trim(s) // whitespace and one pair of quotes, as Read trims
		if len(k) <= 3 {
			t.Skip("a code")
		}
		if strings.ContainsFunc(k, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) {
			t.Skip("bad characters")
		}
		o := Read(s, Options{})
		codes, partial := refNames(k)
		if rest, ok := spelling.Negation(k); ok {
			// "-uae", "not Germany": a mark that inverts a name is never
			// folded away into it, so the spelling asks.
			if restCodes, _ := refNames(rest); len(restCodes) > 0 && (len(codes) == 0 || slices.Equal(codes, restCodes)) {
				codes = nil
			}
		}
		if _, ok := o.Value(); ok != (len(codes) == 1 && !partial) && key(s) != "" {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s; the reference says %v (partial %v)", s, j, codes, partial)
		}
	})
}

// TestPropertyCanonical: every country's canonical code is a fixed point
// with no note, in both output forms; Parse and Format are inverse.
func TestPropertyCanonical(t *testing.T) {
	for _, c := range countries {
		for _, tc := range []struct {
			opts Options
			code string
		}{{Options{}, c.alpha2}, {Options{Output: Alpha3}, c.alpha3}} {
			o := Read(tc.code, tc.opts)
			if v, ok := o.Value(); !ok || v != tc.code || o.NoteCount() != 0 {
				t.Errorf("Read(%q) is not a fixed point", tc.code)
			}
		}
		if p, err := Parse(Format(c.alpha2)); err != nil || p != c.alpha2 {
			t.Errorf("Parse(Format(%q)) = %q, %v", c.alpha2, p, err)
		}
		if a3, ok := Alpha3Of(c.alpha2); !ok || a3 != c.alpha3 {
			t.Errorf("Alpha3Of(%q) = %q", c.alpha2, a3)
		}
	}
	if len(countries) != 250 {
		t.Errorf("%d countries, want the 249 of ISO 3166-1 and XK", len(countries))
	}
}

// TestPropertyAdmit: with an admitted set, a country is a value exactly
// when it is admitted; otherwise an ask whose expected text lists every
// admitted code.
func TestPropertyAdmit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		admit := rapid.SliceOfNDistinct(rapid.SampledFrom(Codes()), 1, 6, rapid.ID[string]).Draw(t, "admit")
		opts := Options{Admit: admit}
		s, c, single := drawSpelling(t)
		if !single {
			t.Skip("ambiguous")
		}
		o := Read(s, opts)
		if _, ok := o.Value(); ok != slices.Contains(admit, c.alpha2) {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) with %v = %s", s, admit, j)
		}
		if a, ok := o.Ask(); ok {
			if a.Code != agentinput.AskOutOfRange {
				t.Fatalf("Read(%q): code %s", s, a.Code)
			}
			for _, code := range admit {
				if !strings.Contains(a.Expected, `"`+code+`"`) {
					t.Fatalf("expected %q does not list %s", a.Expected, code)
				}
			}
		}
	})
}

// TestPropertyPure: the same input twice gives the same outcome, and
// Read with options is New's Reader.
func TestPropertyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var v any
		switch rapid.IntRange(0, 3).Draw(t, "kind") {
		case 0:
			s, _, _ := drawSpelling(t)
			v = s
		case 1:
			v = rapid.String().Draw(t, "string")
		case 2:
			v = json.Number(strconv.Itoa(rapid.IntRange(-10, 1200).Draw(t, "n")))
		default:
			v = rapid.SampledFrom([]any{nil, true, []any{"CZ"}, map[string]any{}}).Draw(t, "other")
		}
		opts := Options{}
		if rapid.Bool().Draw(t, "alpha3") {
			opts.Output = Alpha3
		}
		first, _ := Read(v, opts).MarshalJSON()
		second, _ := Read(v, opts).MarshalJSON()
		r, _ := New(opts)
		third, _ := r.Read(v).MarshalJSON()
		if !bytes.Equal(first, second) || !bytes.Equal(first, third) {
			t.Fatalf("%#v read three ways:\n%s\n%s\n%s", v, first, second, third)
		}
	})
}

// TestPropertyFlags: a flag emoji reads as the code its letters spell,
// by the code's rules (issue 33): a country's code as that country with a
// note form, any other pair of letters as the pair would (an ask when it
// is no country's code), never another country.
func TestPropertyFlags(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		letters := rapid.StringMatching(`[A-Z]{2}`).Draw(t, "letters")
		if rapid.Bool().Draw(t, "a country") {
			letters = rapid.SampledFrom(Codes()).Draw(t, "code")
		}
		flag := flagOf(letters)
		if rapid.Bool().Draw(t, "emoji style") {
			flag += "\uFE0F"
		}
		in, _ := wrap(t, flag)
		o := Read(in, Options{})
		want := Read(letters, Options{})
		if w, ok := want.Value(); ok {
			got, ok := o.Value()
			notes := o.Notes()
			if !ok || got != w || len(notes) == 0 || notes[len(notes)-1].Code != agentinput.NoteForm {
				j, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want %s with a note form", in, j, w)
			}
			return
		}
		if _, ok := o.Value(); ok {
			t.Fatalf("Read(%q) is a value, but %s is not a country's code", in, letters)
		}
	})
}

// abbreviateStatistical writes a name as statistical tables do: the words
// they abbreviate (Democratic, Republic, Federated States) abbreviated.
func abbreviateStatistical(name string) string {
	r := strings.NewReplacer("Democratic", "Dem.", "Republic", "Rep.", "Federated States", "Fed. Sts.")
	return r.Replace(name)
}

// TestPropertyStatisticalNames: an official name "QUALIFIER of (the) NAME"
// written as statistical tables write it — turned around after a comma,
// its of and the dropped, its qualifier abbreviated ("Congo, Dem. Rep.",
// "Korea, Rep.", "Micronesia, Fed. Sts.") or in parentheses ("Bolivia
// (Plurinational State of)") — reads as the official name does; and a
// name with "and the" for "&" ("St. Vincent and the Grenadines") as the
// name with "&" (issue 33).
func TestPropertyStatisticalNames(t *testing.T) {
	type official struct{ qualifier, name, code string }
	var officials []official
	for _, a := range aliases {
		for _, n := range a.names {
			if q, rest, ok := strings.Cut(n, " of "); ok && !strings.ContainsAny(n, ",()") {
				officials = append(officials, official{q, strings.TrimPrefix(rest, "the "), a.code})
			}
		}
	}
	var ampersands []string
	for _, c := range countries {
		if strings.Contains(c.english, " & ") {
			ampersands = append(ampersands, c.english)
		}
	}
	if len(officials) < 40 || len(ampersands) < 5 {
		t.Fatalf("only %d official names and %d names with &", len(officials), len(ampersands))
	}
	rapid.Check(t, func(t *rapid.T) {
		var in, want string
		if rapid.IntRange(0, 3).Draw(t, "class") == 0 {
			n := rapid.SampledFrom(ampersands).Draw(t, "name")
			want = n
			in = strings.Replace(n, " & ", rapid.SampledFrom([]string{" and the ", " and ", " & the "}).Draw(t, "and"), 1)
		} else {
			o := rapid.SampledFrom(officials).Draw(t, "official")
			want = o.qualifier + " of " + o.name
			q := o.qualifier
			if rapid.Bool().Draw(t, "abbreviated") {
				q = abbreviateStatistical(q)
			}
			if rapid.Bool().Draw(t, "parentheses") {
				in = o.name + " (" + q + " of)"
			} else {
				in = o.name + ", " + q
			}
		}
		w := Read(want, Options{})
		got := Read(in, Options{})
		if v, ok := w.Value(); ok {
			if g, ok := got.Value(); !ok || g != v {
				j, _ := got.MarshalJSON()
				t.Fatalf("Read(%q) = %s, but %q is %s", in, j, want, v)
			}
			return
		}
		if g, ok := got.Value(); ok {
			t.Fatalf("Read(%q) = %s, but %q asks", in, g, want)
		}
	})
}

// TestPropertyMoreLanguages: every name in the further languages
// (moreExonyms, "Norge", "Österrike", "Германия") reads as its country,
// or asks with its country among the readings when it names several;
// never as another country alone (issue 33).
func TestPropertyMoreLanguages(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := moreExonyms[rapid.IntRange(0, len(moreExonyms)-1).Draw(t, "country")]
		name := rapid.SampledFrom(e.names).Draw(t, "name")
		in, _ := wrap(t, name)
		o := Read(in, Options{})
		if v, ok := o.Value(); ok {
			if v != e.code {
				t.Fatalf("Read(%q) = %s, a name of %s", in, v, e.code)
			}
			return
		}
		a, _ := o.Ask()
		if a.Code != agentinput.AskAmbiguous || !slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool { return string(r.Value) == strconv.Quote(e.code) }) {
			t.Fatalf("Read(%q): %s, want %s or an ask naming it", in, a.Message(), e.code)
		}
	})
}
