package stringlist

import (
	"strings"
	"testing"

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
