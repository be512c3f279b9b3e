package stringlist

import (
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// allocated returns the bytes f allocates, averaged over runs.
func allocated(runs int, f func()) uint64 {
	_, bytes := oracle.Cost(runs, f)
	return bytes
}

// TestLinearRepeatedItems: a long list of repeats, each dropped with a
// note, allocates bytes linear in its items. Adding the notes one by one
// copied the notes so far each time (items × repeats: 800 repeats took
// 53 MB). For n and 16n items the bytes may grow at most 24 times; a
// quadratic step would grow them about 256 times. Counts, not time.
func TestLinearRepeatedItems(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	enums := enumList([]string{"tax", "tort"}, true, true)
	text := textList(true)
	locales, countries := localeList(true, true), countryList(true, true)
	for _, tt := range []struct {
		name string
		read func(n int) func()
	}{
		{"separated string", func(n int) func() {
			s := strings.Repeat("tax; ", n)
			return func() { enums.Read(s) }
		}},
		{"array, folded case", func(n int) func() {
			v := make([]any, n)
			for i := range v {
				v[i] = "TAX"
			}
			return func() { enums.Read(v) }
		}},
		{"array in a string", func(n int) func() {
			s := "[" + strings.TrimSuffix(strings.Repeat(`"tort",`, n), ",") + "]"
			return func() { enums.Read(s) }
		}},
		{"separated locales, read whole too", func(n int) func() {
			s := strings.Repeat("English, ", n)
			return func() { locales.Read(s) }
		}},
		{"separated countries, read whole too", func(n int) func() {
			s := strings.Repeat("Korea, Republic of; ", n)
			return func() { countries.Read(s) }
		}},
		{"free text", func(n int) func() {
			v := make([]any, n)
			for i := range v {
				v[i] = "the same words"
			}
			return func() { text.Read(v) }
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const n = 50
			b1, b16 := allocated(10, tt.read(n)), allocated(10, tt.read(16*n))
			t.Logf("n=%d: %d B; 16n: %d B", n, b1, b16)
			if b16 > 24*max(b1, 1) {
				t.Errorf("not linear: %d items allocate %d B, %d items %d B", n, b1, 16*n, b16)
			}
		})
	}
}

// items returns the class of arrays of unit, as many as fit in n bytes
// (each item counted as its bytes and one).
func items(unit string) func(n int) any {
	return func(n int) any {
		var out []any
		for size := 0; size+len(unit)+1 <= n; size += len(unit) + 1 {
			out = append(out, unit)
		}
		return out
	}
}

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads") by allocations and CPU time, for each way a list is read: an
// array of many items (up to MaxArrayItems), a string split at many
// separators, and free text looked at for the shapes of a list written as
// text (separators, a CSV line, a literal, quotes, brackets), up to
// 64 KiB. Split reads the whole string too, and SplitAsks weighs it
// against its split items.
func TestLinear(t *testing.T) {
	enums := enumList([]string{"draft", "in_review", "published"}, true, true)
	text := textList(true)
	asks, err := New(Options[string]{Item: Text, SplitAsks: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("split", func(t *testing.T) {
		oracle.Linear(t, 250, func(v any) { _ = enums.Read(v) },
			oracle.Class{Name: "items", Build: items("dra")},
			oracle.Class{Name: "items_unread", Build: items("xyz")},
			oracle.Repeat("separated", "", "draft, ", ""),
			oracle.Repeat("separated_unread", "", "dr, ", ""),
			oracle.Repeat("separators", "", ",;", ""),
			oracle.Repeat("words", "", "lorem ipsum ", ""),
		)
	})
	t.Run("text", func(t *testing.T) {
		oracle.Linear(t, 250, func(v any) { _ = text.Read(v) },
			oracle.Class{Name: "items", Build: items("abc")},
			oracle.Repeat("separated", "", "abc, ", ""),
			oracle.Repeat("separators", "", ",;", ""),
			oracle.Repeat("lines", "", "a\n", ""),
		)
		oracle.Linear(t, agentinput.MaxStringBytes/oracle.GrowthFactor, func(v any) { _ = text.Read(v) },
			oracle.Repeat("long_text", "", "lorem ipsum dolor sit amet ", ""),
			oracle.Repeat("csv", "", `"a",`, `"b"`),
			oracle.Repeat("literal", "['", "a', '", "b']"),
			oracle.Repeat("literal_open", "[\"", "a\", \"", "b\""),
			oracle.Repeat("quotes", "", `"`, ""),
			oracle.Repeat("brackets", "", "[(", ""),
		)
	})
	t.Run("split_asks", func(t *testing.T) {
		oracle.Linear(t, 250, func(v any) { _ = asks.Read(v) },
			oracle.Repeat("separated", "", "draft, ", ""),
			oracle.Repeat("numbers", "", "1,5;", ""),
		)
	})
}
