package vocabulary

import (
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// maxGrowth is the most a read of 16n bytes may cost over a read of n
// bytes of the same class (issue 23): linear is 16×, and the slack covers
// the fixed cost of an outcome shrinking in the ratio.
const maxGrowth = 24

// cost is what one call of f allocates, on average: allocations and bytes,
// a proxy for its work that does not depend on the machine's load.
func cost(f func()) (allocs, bytes float64) {
	const runs = 20
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f() // the pools and the lazily built tables of a first call
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / runs, float64(after.TotalAlloc-before.TotalAlloc) / runs
}

// repeatTo repeats unit until the result is at least n bytes long, whole
// units only.
func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, (n+len(unit)-1)/len(unit))
}

// Reading costs at most maxGrowth times more for an input sixteen times
// longer, in every class of spelling that reaches the vocabulary's folding
// and searches: many words, many separators, letters spelt out with dots,
// a leading article or negation before them, names of entries repeated, in
// a vocabulary whose posting lists are full.
// The same with every entry of a country, so that every split of the
// spelling is tried as a country qualifier too.
func TestLinear(t *testing.T) {
	plain := synthetic(1000)
	bound := synthetic(1000)
	for i := range bound {
		bound[i].Country = "CZ"
	}
	for _, entries := range [][]Entry{plain, bound} {
		v, err := New(Options{Entries: entries})
		if err != nil {
			t.Fatal(err)
		}
		checkLinear(t, v)
	}
}

func checkLinear(t *testing.T, v *Reader) {
	const n = agentinput.MaxScalarBytes / 16
	for _, c := range []struct{ class, lead, unit string }{
		{"words of the entries", "", "okresni soud waa "},
		{"many separators", "", "soud, - ;/ okresní .. "},
		{"letters with dots", "", "o.s.w.a.b."},
		{"after an article", "the ", "okresní soud "},
		{"after a negation", "not ", "district court "},
		{"names repeated", "", "Okresní soud wab, District Court wab; "},
		{"unknown words", "", "zq xj kv "},
		{"one long word", "", "okresnisoud"},
		{"diacritics", "", "Žluťoučký kůň úpěl "},
		{"names and countries", "", "Okresní soud wab ČR, "},
		{"parenthesized countries", "", "soud (Czech Republic) "},
		{"a name, then country words", "Okresní soud wab ", "Czech Republic, "},
	} {
		s := c.lead + repeatTo(c.unit, n-len(c.lead))
		l := c.lead + repeatTo(c.unit, 16*n-len(c.lead))
		for len(l) > agentinput.MaxScalarBytes || !utf8.ValidString(l) {
			l = l[:len(l)-1] // within the budget, cut at a character
		}
		if o := v.Read(l); o.Status() == agentinput.StatusAsk {
			if a, _ := o.Ask(); a.Code == agentinput.AskTooLarge {
				t.Fatalf("%s: the long input is over the budget", c.class)
			}
		}
		shortAllocs, shortBytes := cost(func() { sinkOutcome = v.Read(s) })
		longAllocs, longBytes := cost(func() { sinkOutcome = v.Read(l) })
		t.Logf("%s: %d bytes %.0f allocs %.0f B; %d bytes %.0f allocs %.0f B", c.class, len(s), shortAllocs, shortBytes, len(l), longAllocs, longBytes)
		if longAllocs > maxGrowth*max(shortAllocs, 1) || longBytes > maxGrowth*max(shortBytes, 1) {
			t.Errorf("%s: %d bytes cost %.0f allocations and %.0f bytes, %d bytes %.0f and %.0f: more than %d× for 16× the input",
				c.class, len(s), shortAllocs, shortBytes, len(l), longAllocs, longBytes, maxGrowth)
		}
	}
}
