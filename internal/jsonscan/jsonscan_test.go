package jsonscan

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"agentinput.dev/internal/jsonscan/jsonscantest"
)

// TestScanStringAgrees: ScanString finds a bad spot exactly when
// encoding/json's decoding of the string holds more U+FFFD than the
// string spells (as itself or as \ufffd), for every string of up to three
// pieces.
func TestScanStringAgrees(t *testing.T) {
	pieces := []string{`\ud800`, `\udbff`, `\udc00`, `\ude00`, `\ud83d`, `\ufffd`, `\\`, `\u0041`, `\n`, "a", "é", "\uFFFD", "\xff", "\xed\xa0\x80", "\xf0\x9f", `\u`}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		checkScanString(t, s)
		if n == 0 {
			return
		}
		for _, p := range pieces {
			walk(s+p, n-1)
		}
	}
	walk("", 3)
}

func FuzzScanString(f *testing.F) {
	for _, s := range []string{`\ud800`, `\ud83d\ude00`, "a\xffb", `\\ud800`, "\uFFFD", `\ud800\ud800\udc00`} {
		f.Add(s)
	}
	f.Fuzz(checkScanString)
}

// checkScanString checks ScanString on the JSON string "s" against
// encoding/json, when it is one.
func checkScanString(t *testing.T, s string) {
	text := []byte(`"` + s + `"`)
	var decoded string
	if json.Unmarshal(text, &decoded) != nil {
		return
	}
	str := ScanString(text, 0)
	end, at, what := str.End, str.Replaced, str.What
	if end != len(text) {
		t.Fatalf("%q: the string ends at %d, not %d", text, end, len(text))
	}
	changed := strings.Count(decoded, "\uFFFD") > spelledFFFD(s)
	if changed != (at >= 0) || (at >= 0) != (what != "") {
		t.Fatalf("%q: encoding/json changes it: %v; ScanString: %d %q", text, changed, at, what)
	}
}

// spelledFFFD counts the U+FFFD that s, the inside of a JSON string,
// spells: as the character or as the escape \ufffd.
func spelledFFFD(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == '\\' {
			if i+6 <= len(s) && s[i+1] == 'u' && strings.EqualFold(s[i+2:i+6], "fffd") {
				n++
				i += 6
				continue
			}
			i += 2
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 3 {
			n++
		}
		i += size
	}
	return n
}

// TestAgree: on every string the suite's texts hold or its generator
// draws, ScanString agrees with encoding/json: the grammar takes the
// string exactly when encoding/json does, and a plain string's bytes are
// its value.
func TestAgree(t *testing.T) {
	for _, s := range jsonscantest.Texts {
		checkStrings(t, []byte(s))
	}
	rapid.Check(t, func(t *rapid.T) {
		checkStrings(t, jsonscantest.Text().Draw(t, "text"))
	})
}

// checkStrings checks ScanString at each quote of text that starts a
// string, as a reader that went through the text before it finds it.
func checkStrings(t interface{ Fatalf(string, ...any) }, text []byte) {
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		s := ScanString(text, i)
		one := text[i:s.End]
		valid := json.Valid(one)
		if g := s.Grammar(text); (g == s.End && s.Closed) != valid {
			t.Fatalf("%q at %d: Grammar %d (end %d, closed %v), encoding/json valid %v", text, i, g, s.End, s.Closed, valid)
		}
		if s.Plain && s.Closed {
			var v string
			if err := json.Unmarshal(one, &v); err != nil || v != string(one[1:len(one)-1]) {
				t.Fatalf("%q: plain, but encoding/json reads %q (%v)", one, v, err)
			}
		}
		i = s.End - 1
	}
}

func TestNumber(t *testing.T) {
	for _, s := range jsonscantest.Texts {
		if s == "" || !(s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
			continue
		}
		end := Number([]byte(s), 0)
		if got, want := end == len(s), json.Valid([]byte(s)); got != want {
			t.Errorf("%q: Number ends at %d, encoding/json valid %v", s, end, want)
		}
	}
}

// TestDuplicatesAgree: Duplicates finds, over the suite's texts and
// generated ones that are JSON, exactly the names written twice that
// encoding/json's tokens show, at the same paths, with the values' spans.
func TestDuplicatesAgree(t *testing.T) {
	found := 0
	check := func(t interface{ Fatalf(string, ...any) }, text []byte) {
		if !json.Valid(text) {
			return
		}
		var got []string
		Duplicates(text, func(d Dup) bool {
			first, second := text[d.First[0]:d.First[1]], text[d.Second[0]:d.Second[1]]
			if !json.Valid(first) || !json.Valid(second) {
				t.Fatalf("%q: the spans of %s are not values: %q, %q", text, d.Name, first, second)
			}
			got = append(got, strings.Join(append(d.Path, d.Name), "/"))
			return true
		})
		want := referenceDuplicates(text)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("%q: Duplicates %q, encoding/json %q", text, got, want)
		}
		found += len(got)
	}
	for _, s := range jsonscantest.Texts {
		check(t, []byte(s))
	}
	for _, s := range []string{`{"a":1,"b":2,"a":3}`, `{"x":{"a":[{"b":1,"b":{"c":1,"c":2}}]},"x":0}`, `[{"a":1},{"a":1}]`,
		`{"\u0061":1,"a":2}`, `{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1,"r":1,"a":2,"q":3}`} {
		check(t, []byte(s))
	}
	rapid.Check(t, func(t *rapid.T) {
		check(t, jsonscantest.Value().Draw(t, "value"))
	})
	if found == 0 {
		t.Fatal("no duplicate found at all")
	}
}

// referenceDuplicates walks text's tokens with encoding/json and lists,
// in the order their second name's value ends, the names written twice in
// an object, each as its path and name.
func referenceDuplicates(text []byte) []string {
	dec := json.NewDecoder(strings.NewReader(string(text)))
	dec.UseNumber()
	type frame struct {
		object bool
		names  map[string]bool
		index  int
		key    string
		want   bool // the next string token is a name
	}
	var stack []*frame
	var out []string
	path := func() []string {
		var p []string
		for _, f := range stack[:len(stack)-1] {
			if f.object {
				p = append(p, f.key)
			} else {
				p = append(p, strconv.Itoa(f.index))
			}
		}
		return p
	}
	var pending []string // a duplicate reported once its value ends
	valueEnded := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			if len(pending) > 0 && pending[len(pending)-1] != "" {
				out = append(out, pending[len(pending)-1])
			}
			pending = pending[:len(pending)-1]
			f.want = true
		} else {
			f.index++
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				stack = append(stack, &frame{object: v == '{', names: map[string]bool{}, want: v == '{'})
				continue
			}
			stack = stack[:len(stack)-1]
			valueEnded()
			continue
		case string:
			if top != nil && top.object && top.want {
				top.want, top.key = false, v
				entry := ""
				if top.names[v] {
					entry = strings.Join(append(path(), v), "/")
				}
				top.names[v] = true
				pending = append(pending, entry)
				continue
			}
		}
		valueEnded()
	}
}
