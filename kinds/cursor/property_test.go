package cursor

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

func drawPosition(t *rapid.T) Position {
	return Position{
		Offset:   rapid.Int64Range(0, math.MaxInt64).Draw(t, "offset"),
		PageSize: rapid.IntRange(0, math.MaxInt32).Draw(t, "page size"),
		Session:  rapid.String().Draw(t, "session"),
		Filters:  rapid.String().Draw(t, "filters"),
	}
}

// Every token the encoder emits is inside the class, made of the prefix
// and the URL-safe alphabet, and decodes to what was encoded.
func TestPropertyRoundTrip(t *testing.T) {
	clk := &clock{t0}
	c := newReader(t, clk, key1, key2)
	rapid.Check(t, func(t *rapid.T) {
		clk.now = t0.Add(time.Duration(rapid.Int64Range(0, 1<<40).Draw(t, "seconds")) * time.Second)
		p := drawPosition(t)
		token := c.Encode(p)
		if !InClass(token) || !strings.HasPrefix(token, Prefix) {
			t.Fatalf("%q is not in the class", token)
		}
		for i := len(Prefix); i < len(token); i++ {
			if !isAlphabet(token[i]) {
				t.Fatalf("%q: byte %d outside the alphabet", token, i)
			}
		}
		p.Issued = clk.now.Truncate(time.Second).UTC()
		got, err := c.Decode(token, p.Session, p.Filters)
		if err != nil || got != p {
			t.Fatalf("Decode = %+v, %v; want %+v", got, err, p)
		}
		if v, ok := c.Read(token, p.Session, p.Filters).Value(); !ok || v != p {
			t.Fatalf("Read of %q is not its position", token)
		}
	})
}

// Every bit flip and every truncation of a real token (that keeps the
// prefix) is invalid_cursor, and never absent or a value.
func TestPropertyDamage(t *testing.T) {
	clk := &clock{t0}
	c := newReader(t, clk, key1)
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		token := c.Encode(p)
		var damaged string
		if rapid.Bool().Draw(t, "flip") {
			b := []byte(token)
			i := rapid.IntRange(0, len(b)-1).Draw(t, "byte")
			b[i] ^= 1 << rapid.IntRange(0, 7).Draw(t, "bit")
			damaged = string(b)
		} else {
			damaged = token[:rapid.IntRange(len(Prefix), len(token)-1).Draw(t, "length")]
		}
		o := c.Read(damaged, p.Session, p.Filters)
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskInvalidCursor {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q (from %q): %s, want invalid_cursor", damaged, token, b)
		}
	})
}

// Every string outside the class is no cursor, a placeholder with a note,
// when it is of the first-call class; the ask invalid_cursor with
// HintLaterPage when it names a later page or is neither.
func TestPropertyOutside(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringN(0, 40, 200).Draw(t, "s")
		trimmed, _ := spelling.Trim(s)
		if InClass(trimmed) || containsPrefix(s) {
			t.Skip("inside the class")
		}
		o := c.Read(s, "", "")
		if laterPage(trimmed) {
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != HintLaterPage {
				b, _ := o.MarshalJSON()
				t.Fatalf("%q: %s, want the later-page ask", s, b)
			}
			return
		}
		if !firstCall(trimmed) {
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalidCursor || a.Reason != reasonNotIssued {
				b, _ := o.MarshalJSON()
				t.Fatalf("%q: %s, want the ask about a cursor never issued", s, b)
			}
			return
		}
		if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() || o.NoteCount() != 1 {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}

// Tokens this server never issued (issue 33): base64 of a JSON page or of
// a number, as another server's cursor is often made, a token of another
// version or scheme, true. Never no cursor: the ask invalid_cursor about
// a cursor never issued (or a later page, when the text names one).
func TestPropertyNotIssued(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		var v any
		switch rapid.IntRange(0, 4).Draw(t, "class") {
		case 0:
			page := rapid.IntRange(0, 1000).Draw(t, "page")
			js := rapid.SampledFrom([]string{`{"page":%d}`, `{"offset":%d}`, `{"p":%d,"s":20}`, `[%d]`, `%d`}).Draw(t, "json")
			enc := rapid.SampledFrom([]*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding, base64.URLEncoding}).Draw(t, "encoding")
			v = enc.EncodeToString([]byte(fmt.Sprintf(js, page)))
		case 1:
			v = rapid.SampledFrom([]string{"v2", "c2", "c0", "cursor_v9", "next", "tok"}).Draw(t, "prefix") +
				rapid.SampledFrom([]string{":", "_", "."}).Draw(t, "separator") +
				rapid.StringMatching(`[A-Za-z0-9]{1,12}`).Draw(t, "body")
		case 2:
			v = true
		case 3:
			v = rapid.StringMatching(`[A-Za-z0-9+/]{3,12}==?`).Draw(t, "base64-ish")
		default:
			v = json.Number(strconv.Itoa(-rapid.IntRange(1, 100).Draw(t, "negative")))
		}
		o := c.Read(v, "s", "f")
		if o.Status() == agentinput.StatusAbsent {
			b, _ := o.MarshalJSON()
			t.Fatalf("%#v: %s: a cursor never issued restarts at page one", v, b)
		}
		if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalidCursor {
			b, _ := o.MarshalJSON()
			t.Fatalf("%#v: %s, want invalid_cursor", v, b)
		}
	})
}

// A model's inventions for a first call: words, the page numbers 0 and 1,
// JSON-ish text, in any case and wrapping.
func TestPropertyInventions(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom([]string{"start", "first", "begin", "initial", "reset", "page", "null", "none",
			"cursor", "token", "offset", "0", "1", "__start__", "first_page", "top", "head", "beginning"}).Draw(t, "word")
		n := rapid.SampledFrom([]string{"", "1", "0", "_1", "=1", ":0", "_0", " 1", "-1"}).Draw(t, "number")
		wrap := rapid.SampledFrom([][2]string{{"", ""}, {" ", " "}, {`"`, `"`}, {"<", ">"}, {"{", "}"}, {"[", "]"}}).Draw(t, "wrap")
		if strings.HasSuffix(w, "_") && n == "-1" {
			n = "_1" // after a separator, "-1" is the number -1, no first page
		}
		if (w == "0" || w == "1") && n != "" && n[0] >= '0' && n[0] <= '9' {
			n = "_" + n // "1" then "1" would be 11, a later page
		}
		s := wrap[0] + w + n + wrap[1]
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		o := c.Read(s, "", "")
		if o.Status() != agentinput.StatusAbsent {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}

// tableWords returns the words of one field of every language of the
// table, as the table writes them.
func tableWords(field func(pageLanguage) string) []string {
	var out []string
	for _, l := range pageLanguages {
		out = append(out, strings.Fields(field(l))...)
	}
	return out
}

// drawPageSpelling builds a page spelling as a model writes one: a page or
// offset word of the table in one of three letter cases, an optional
// separator and the number, in either order, in optional wrapping.
func drawPageSpelling(t *rapid.T, number string) string {
	words := tableWords(func(l pageLanguage) string { return l.page + " " + l.offset })
	w := rapid.SampledFrom(words).Draw(t, "word")
	switch rapid.IntRange(0, 2).Draw(t, "case") {
	case 1:
		w = strings.ToUpper(w)
	case 2:
		r, size := utf8.DecodeRuneInString(w)
		w = string(unicode.ToUpper(r)) + w[size:]
	}
	sep := rapid.SampledFrom([]string{"", " ", "=", ":", ": ", " = ", ".", ". ", "#", " #", "_", "-", "/", "  "}).Draw(t, "separator")
	s := w + sep + number
	if rapid.Bool().Draw(t, "number first") {
		s = number + sep + w
	}
	wrap := rapid.SampledFrom([][2]string{{"", ""}, {" ", " "}, {`"`, `"`}, {"'", "'"}, {"\t", "\n"}}).Draw(t, "wrap")
	return wrap[0] + s + wrap[1]
}

// A page or offset word with a number of at least 2, before or after it,
// with or without a separator, names a later page: the ask invalid_cursor
// with HintLaterPage, never a value and never no cursor. The same with 0
// or 1 is no cursor.
func TestPropertyLaterPageNumbers(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		number := strconv.FormatInt(rapid.Int64Range(2, math.MaxInt64).Draw(t, "n"), 10)
		number = rapid.SampledFrom([]string{"", "0", "00"}).Draw(t, "leading zeros") + number
		if rapid.Bool().Draw(t, "decimal zeros") {
			number += ".0"
		}
		s := drawPageSpelling(t, number)
		o := c.Read(s, "s", "f")
		if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != HintLaterPage || a.Expected != Expected {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want the later-page ask", s, b)
		}
	})
}

func TestPropertyFirstPageNumbers(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		number := rapid.SampledFrom([]string{"0", "1", "00", "01", "1.0", "0.0", "1.00"}).Draw(t, "n")
		s := drawPageSpelling(t, number)
		o := c.Read(s, "s", "f")
		if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() || o.NoteCount() != 1 {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}

// A number word of 2 to 10 with a page word, and a move word alone or
// with a page word, name a later page; a number word of 1 with a page word
// does not.
func TestPropertyLaterPageWords(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	pages := tableWords(func(l pageLanguage) string { return l.page })
	moves := tableWords(func(l pageLanguage) string { return l.move })
	rapid.Check(t, func(t *rapid.T) {
		l := pageLanguages[rapid.IntRange(0, len(pageLanguages)-1).Draw(t, "language")]
		n := rapid.IntRange(1, 10).Draw(t, "n")
		word := rapid.SampledFrom(strings.Fields(l.numbers[n])).Draw(t, "number word")
		if rapid.Bool().Draw(t, "move") {
			n, word = 0, rapid.SampledFrom(moves).Draw(t, "move word")
		}
		page := rapid.SampledFrom(append([]string{""}, pages...)).Draw(t, "page word")
		s := word + " " + page
		if rapid.Bool().Draw(t, "page first") {
			s = page + " " + word
		}
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		o := c.Read(s, "s", "f")
		a, ok := o.Ask()
		if n == 1 {
			if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() {
				b, _ := o.MarshalJSON()
				t.Fatalf("%q: %s, want no cursor", s, b)
			}
		} else if !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != HintLaterPage {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want the later-page ask", s, b)
		}
	})
}

// A JSON number is a later page exactly when it is whole and at least 2,
// whatever its spelling: 2, 2.0, 20e-1, 0.2e1; a first call when it is 0
// or 1; otherwise a cursor never issued.
func TestPropertyLaterPageJSONNumbers(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.Int64Range(-5, 1<<40).Draw(t, "n")
		shift := rapid.IntRange(0, 6).Draw(t, "shift")
		// n written with shift more fraction digits and an exponent that
		// brings them back, or as n/10^shift with no exponent.
		scaled := strconv.FormatInt(n, 10) + strings.Repeat("0", shift)
		spell := scaled + "e-" + strconv.Itoa(shift)
		value := new(big.Rat).SetInt64(n)
		if rapid.Bool().Draw(t, "fraction") {
			spell = strconv.FormatInt(n, 10) + "e-" + strconv.Itoa(shift)
			value.Quo(value, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(shift)), nil)))
		}
		want := value.IsInt() && value.Cmp(big.NewRat(2, 1)) >= 0
		first := value.IsInt() && value.Sign() >= 0 && value.Cmp(big.NewRat(1, 1)) <= 0
		o := c.Read(json.Number(spell), "s", "f")
		a, isAsk := o.Ask()
		if got := isAsk && a.Reason == reasonLaterPage; got != want {
			b, _ := o.MarshalJSON()
			t.Fatalf("%s (%s): %s, want later page %v", spell, value.RatString(), b, want)
		}
		if first && (o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder()) {
			b, _ := o.MarshalJSON()
			t.Fatalf("%s: %s, want no cursor", spell, b)
		}
		if !want && !first && (!isAsk || a.Reason != reasonNotIssued) {
			b, _ := o.MarshalJSON()
			t.Fatalf("%s: %s, want a cursor never issued: neither page 1 nor a later page", spell, b)
		}
	})
}

// The word table: every word folds to an index entry with its role; no
// word names two numbers; a number word is no move word, and the other way
// round (a spelling with both would be read by one of them only).
func TestPageWordsTable(t *testing.T) {
	index := pageIndex()
	for _, l := range pageLanguages {
		for _, f := range []struct {
			words string
			r     role
			n     int
		}{{l.page, rolePage, 0}, {l.offset, roleOffset, 0}, {l.filler, roleFiller, 0}, {l.move, roleMove, 0}, {l.ordinal, roleOrdinal, 0}} {
			for _, w := range strings.Fields(f.words) {
				if e := index[spelling.Fold(w)]; e.roles&f.r == 0 {
					t.Errorf("%s: %q is not in the index with its role", l.code, w)
				}
			}
		}
		for n, words := range l.numbers {
			if n == 0 && words != "" || n > 0 && words == "" {
				t.Errorf("%s: numbers[%d] = %q", l.code, n, words)
			}
			for _, w := range strings.Fields(words) {
				if e := index[spelling.Fold(w)]; e.roles&roleNumber == 0 || e.n != n {
					t.Errorf("%s: %q reads as %+v, want the number %d", l.code, w, e, n)
				}
			}
		}
	}
	for w, e := range index {
		if e.roles&roleNumber != 0 && e.roles&(roleMove|rolePage|roleOffset) != 0 {
			t.Errorf("%q is a number and a %b", w, e.roles)
		}
		if strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
			t.Errorf("%q is not one word of letters", w)
		}
	}
	// The first-call words stay outside the table.
	for _, w := range []string{"start", "first", "begin", "top", "initial", "reset", "null", "none"} {
		if e := index[w]; e.roles&roleMove != 0 || e.roles&roleNumber != 0 && e.n != 1 {
			t.Errorf("first-call word %q names a later page", w)
		}
	}
}

// drawQuery builds a URL-query-like spelling: the pair key=value (the key
// in one of three forms: plain, camelCase or bracketed) among harmless
// pairs, joined by & ; or ",", after an optional ? or &. It is a query:
// a leading mark, more than one pair, or a bracketed key.
func drawQuery(t *rapid.T, key, value string) string {
	pair := key + rapid.SampledFrom([]string{"=", ":", ": ", " = "}).Draw(t, "equals") + value
	if rapid.Bool().Draw(t, "bracketed") {
		pair = "page[" + key + "]=" + value
	}
	pairs := []string{pair}
	for _, k := range rapid.SliceOfN(rapid.SampledFrom(strings.Fields(harmlessKeys+" pageSize perPage")), 0, 3).Draw(t, "harmless") {
		pairs = append(pairs, k+"="+strconv.Itoa(rapid.IntRange(0, 100).Draw(t, "harmless value")))
	}
	at := rapid.IntRange(0, len(pairs)-1).Draw(t, "at")
	pairs[0], pairs[at] = pairs[at], pairs[0]
	join := rapid.SampledFrom([]string{"&", ";", ",", ", "}).Draw(t, "join")
	lead := rapid.SampledFrom([]string{"?", "&", ""}).Draw(t, "lead")
	if lead == "" && len(pairs) == 1 && pair[0] != 'p' {
		lead = "?"
	}
	return lead + strings.Join(pairs, join)
}

// Key=value spellings read pair by pair: beside harmless keys, a page key
// names a later page exactly from 2, an offset key from 1, and a keyset
// key with any value; a key the table does not know, or a negative
// number, makes it a cursor never issued.
func TestPropertyLaterPageQuery(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	rapid.Check(t, func(t *rapid.T) {
		kind := rapid.SampledFrom([]string{"page", "offset", "keyset", "unknown"}).Draw(t, "kind")
		n := rapid.Int64Range(-3, 1<<40).Draw(t, "n")
		value := strconv.FormatInt(n, 10)
		var key string
		var later bool
		switch kind {
		case "page":
			key = rapid.SampledFrom([]string{"page", "p", "pageNumber", "page_number", "number", "pg", "PAGE"}).Draw(t, "key")
			later = n >= 2
		case "offset":
			key = rapid.SampledFrom([]string{"offset", "skip", "start", "from", "Offset"}).Draw(t, "key")
			later = n >= 1
		case "keyset":
			key = rapid.SampledFrom(append(strings.Fields(keysetKeys), "startAfter", "sinceId", "LAST_ID")).Draw(t, "key")
			value = rapid.StringMatching(`[0-9a-f]{1,12}`).Draw(t, "id")
			later = true
			if key == "after" && !strings.ContainsAny(value, "abcdef") {
				// "after" is an offset word too: "?after=0" is the first page.
				later = strings.Trim(value, "0") != ""
			}
		default:
			key = rapid.SampledFrom([]string{"q", "filter", "id", "status", "pages2", "sort_by"}).Draw(t, "key")
		}
		s := drawQuery(t, key, value)
		o := c.Read(s, "s", "f")
		if a, isAsk := o.Ask(); later != (isAsk && a.Code == agentinput.AskInvalidCursor && a.Reason == reasonLaterPage) {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want later page %v", s, b, later)
		}
		notIssued := !later && (kind == "unknown" || kind != "keyset" && n < 0)
		if a, isAsk := o.Ask(); notIssued != (isAsk && a.Reason == reasonNotIssued) {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want a cursor never issued %v", s, b, notIssued)
		}
		if !later && !notIssued && (o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder()) {
			b, _ := o.MarshalJSON()
			t.Fatalf("%q: %s, want no cursor", s, b)
		}
	})
}

// TestPropertyClassifyAgrees: classify, the one scan of Read, sorts every
// string as laterPage and firstCall do.
func TestPropertyClassifyAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringOf(rapid.RuneFrom([]rune("pageoffsetnxrt 0123=-_<>[]?&,.first"))),
			rapid.SampledFrom([]string{"start", "page 2", "<start>", "NA==", "?page=1", "page 1/10", "next", "the"})).Draw(t, "s")
		t2, _ := spelling.Trim(s)
		later, first := classify(t2)
		wantLater := laterPage(t2)
		wantFirst := !wantLater && firstCall(t2)
		if later != wantLater || first != wantFirst {
			t.Fatalf("classify(%q) = %v, %v; laterPage, firstCall say %v, %v", t2, later, first, wantLater, wantFirst)
		}
	})
}
