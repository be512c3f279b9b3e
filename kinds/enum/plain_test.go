package enum

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// plainAlphabet holds every byte class plainFold tells apart: lower and
// upper letters, digits, the separators, the quotes, other punctuation,
// the inverting marks, and bytes it refuses (a tab, DEL, a non-ASCII
// letter).
var plainAlphabet = []rune("aAbBnNoOtTzZ019 -_.\"'`/!~^()\t\u007fé")

// TestPlainFold: plainFold is fold for every plain spelling, and refuses
// every other one.
func TestPlainFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 1))
	inputs := []string{"", "a", "A", "aB", "AB", "ABc", "HTTPServer", "utf8Mode", "status0001Archived", "Status 0001 Archived",
		"__a__", "a . b", "-x", "x-", "\"x\"", "x'", "`x", "a\tb", " a", "a ", strings.Repeat("a", maxPlain), strings.Repeat("a", maxPlain+1)}
	for range 50000 {
		r := make([]rune, rng.IntN(12))
		for i := range r {
			r[i] = plainAlphabet[rng.IntN(len(plainAlphabet))]
		}
		inputs = append(inputs, string(r))
	}
	took := 0
	for _, s := range inputs {
		var buf [2 * maxPlain]byte
		got, ok := plainFold(buf[:0], s)
		if !ok {
			continue
		}
		if word, trimmed, problem := spelling.Word(s); word != s || trimmed || problem != "" || !isPrintableASCII(s) || len(s) > maxPlain {
			t.Fatalf("plainFold took %q, which spelling.Word reads as %q, %v, %q", s, word, trimmed, problem)
		}
		took++
		if want := fold(s); string(got) != want {
			t.Fatalf("plainFold(%q) = %q, fold says %q", s, got, want)
		}
		var cbuf [2 * maxPlain]byte
		if got, want := plainCompact(cbuf[:0], got), compact(fold(s)); string(got) != want {
			t.Fatalf("plainCompact(%q) = %q, compact says %q", fold(s), got, want)
		}
	}
	if took < len(inputs)/10 {
		t.Fatalf("plainFold took %d of %d spellings", took, len(inputs))
	}
	// The spellings it is for.
	for _, s := range []string{"Status 0001 Archived", "status0001Archived", "LIVE", "a-b_c.d", "HTTPServer", strings.Repeat("a", maxPlain)} {
		var buf [2 * maxPlain]byte
		if _, ok := plainFold(buf[:0], s); !ok {
			t.Errorf("plainFold(%q) refused it", s)
		}
	}
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// TestPlainPathAgrees: readString, which takes the plain path where it
// can, reads every spelling as the general path reads it — value, notes,
// ask and readings, byte for byte — over drawn enums and spellings: the
// renderings, typos, inflections and words of drawInput and drawPlain,
// and the same led by an inverting mark or word.
func TestPlainPathAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawSpec(t)
		e, err := New(spec)
		if err != nil {
			t.Skip(err)
		}
		ok := false
		var s string
		if rapid.Bool().Draw(t, "plain") {
			s = drawPlain(t, spec)
		} else if s, ok = drawInput(t, spec).(string); !ok {
			t.Skip("not a string")
		}
		if rapid.Bool().Draw(t, "negated") {
			s = negationPrefix(t) + s
		}
		if _, declared := e.exact[s]; declared {
			t.Skip("a declared spelling: Read does not reach readString")
		}
		got := e.readString(s, s, agentinput.Notes{})
		want := e.readGeneral(s, s, agentinput.Notes{})
		a, _ := got.MarshalJSON()
		b, _ := want.MarshalJSON()
		if !bytes.Equal(a, b) || !reflect.DeepEqual(got.Notes(), want.Notes()) {
			t.Fatalf("Read(%q) with %+v:\n plain   %s\n general %s", s, spec, a, b)
		}
	})
}

// drawPlain draws a spelling the plain path is for: a declared value's or
// synonym's words joined in a style a model uses (snake, kebab, dotted,
// spaced, joined, camelCase, PascalCase, upper case), sometimes with a
// typo (a letter dropped, doubled or swapped with the next).
func drawPlain(t *rapid.T, spec Options) string {
	from := slices.Clone(spec.Values)
	for syn := range spec.Synonyms {
		from = append(from, syn)
	}
	slices.Sort(from)
	words := strings.FieldsFunc(rapid.SampledFrom(from).Draw(t, "value"), func(r rune) bool { return strings.ContainsRune(" _-.", r) })
	var s string
	switch style := rapid.IntRange(0, 7).Draw(t, "style"); style {
	case 0, 1, 2, 3, 4:
		s = strings.Join(words, []string{"_", "-", ".", " ", ""}[style])
	case 5, 6:
		for i, w := range words {
			if i > 0 || style == 6 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			s += w
		}
	default:
		s = strings.ToUpper(strings.Join(words, "_"))
	}
	if rapid.Bool().Draw(t, "typo") && len(s) > 1 {
		at := rapid.IntRange(0, len(s)-2).Draw(t, "at")
		switch rapid.IntRange(0, 2).Draw(t, "edit") {
		case 0:
			s = s[:at] + s[at+1:]
		case 1:
			s = s[:at] + s[at:at+1] + s[at:]
		default:
			s = s[:at] + s[at+1:at+2] + s[at:at+1] + s[at+2:]
		}
	}
	return s
}

// TestNearIndexLists: the near index lists, for every deletion of every
// key, the keys it comes from in key order, each once — as a map of
// deletions to lists built one deletion at a time lists them.
func TestNearIndexLists(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e, err := New(drawSpec(t))
		if err != nil {
			t.Skip(err)
		}
		want := map[string][]int32{}
		for i, key := range e.near.keys {
			deletions(string(key), depth(len(key)), func(d []byte) {
				if list := want[string(d)]; len(list) == 0 || list[len(list)-1] != int32(i) {
					want[string(d)] = append(list, int32(i))
				}
			})
		}
		if len(e.near.deleted) != len(want) {
			t.Fatalf("%d deletions indexed, want %d", len(e.near.deleted), len(want))
		}
		for d, list := range want {
			if got := e.near.comesFrom([]byte(d)); !slices.Equal(got, list) {
				t.Fatalf("deletion %q comes from %v, want %v", d, got, list)
			}
		}
	})
}

// TestReadingsAreTheCallers: the JSON text of a reading is the caller's:
// writing into it, or appending to it, changes neither the other readings
// nor a later read.
func TestReadingsAreTheCallers(t *testing.T) {
	for _, c := range []struct {
		values []string
		s      string
	}{
		{[]string{"publish", "publix", "publik"}, "publis"}, // near misses
		{[]string{"publish", "publix", "publik"}, "pubilx"},
		{[]string{"re-set", "reset"}, "r-eset"}, // two values compact alike
		{[]string{"10", "10.0"}, "1e1"},         // two values are the number
	} {
		e, err := New(Options{Values: c.values})
		if err != nil {
			t.Fatal(err)
		}
		s := c.s
		a, _ := e.Read(s).Ask()
		if len(a.Readings) < 2 {
			t.Fatalf("Read(%q) offers %d readings; the test wants two or more", s, len(a.Readings))
		}
		want, _ := e.Read(s).MarshalJSON()
		second := string(a.Readings[1].Value)
		_ = append(a.Readings[0].Value, "xx"...)
		if string(a.Readings[1].Value) != second {
			t.Fatalf("Read(%q): appending to the first reading changed the second to %s", s, a.Readings[1].Value)
		}
		for i := range a.Readings[0].Value {
			a.Readings[0].Value[i] = 'x'
		}
		if got, _ := e.Read(s).MarshalJSON(); !bytes.Equal(got, want) {
			t.Fatalf("Read(%q) after writing into a reading:\n%s\nwant\n%s", s, got, want)
		}
	}
}

// TestDeletions: deletions makes every string that deleting up to depth
// characters makes, and none twice when only runs of equal characters
// made them alike ("0001", "ll").
func TestDeletions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.RuneFrom([]rune("ab0é")), 0, 9, -1).Draw(t, "s")
		depth := rapid.IntRange(0, 2).Draw(t, "depth")
		r := []rune(s)
		want := map[string]bool{s: true}
		for i := range r {
			if depth >= 1 {
				want[string(slices.Delete(slices.Clone(r), i, i+1))] = true
			}
			for j := i + 1; depth >= 2 && j < len(r); j++ {
				d := slices.Delete(slices.Clone(r), j, j+1)
				want[string(slices.Delete(d, i, i+1))] = true
			}
		}
		got := map[string]int{}
		deletions(s, depth, func(d []byte) { got[string(d)]++ })
		for w := range want {
			if got[w] == 0 {
				t.Fatalf("deletions(%q, %d) never made %q", s, depth, w)
			}
		}
		for g := range got {
			if !want[g] {
				t.Fatalf("deletions(%q, %d) made %q", s, depth, g)
			}
		}
		// A run of equal characters among distinct ones: each string once.
		run := "ab" + strings.Repeat("0", 1+len(r)%4) + "cd"
		made := map[string]int{}
		deletions(run, depth, func(d []byte) { made[string(d)]++ })
		for d, n := range made {
			if n > 1 {
				t.Fatalf("deletions(%q, %d) made %q %d times", run, depth, d, n)
			}
		}
	})
}
