package vocabulary

import (
	"runtime"
	"strconv"
	"testing"

	"agentinput.dev/agentinput"
)

var sinkOutcome agentinput.Outcome[string]

// word spells i in letters: a word that only entry i carries.
func word(i int) string {
	b := []byte("w")
	for {
		b = append(b, byte('a'+i%26))
		i /= 26
		if i == 0 {
			return string(b)
		}
	}
}

// synthetic returns n entries that share most of their words, as a
// register of district courts does.
func synthetic(n int) []Entry {
	entries := make([]Entry, n)
	for i := range entries {
		w := word(i)
		entries[i] = Entry{
			ID:            "D" + strconv.Itoa(i),
			Names:         []string{"Okresní soud " + w},
			Abbreviations: []string{"OS " + w},
			English:       []string{"District Court " + w},
		}
	}
	return entries
}

var sizes = []int{100, 10_000, 100_000}

// BenchmarkLookup reads a folded name (not the id's fast path), an
// abbreviation with dots, and a miss that goes to the nearest-entries
// search, at 100, 10,000 and 100,000 entries: the cost must not grow with
// the size.
func BenchmarkLookup(b *testing.B) {
	for _, n := range sizes {
		v, err := New(Options{Entries: synthetic(n)})
		if err != nil {
			b.Fatal(err)
		}
		w := word(n / 2)
		for _, bm := range []struct{ name, s string }{
			{"name", "okresni soud " + w},
			{"abbreviation", "O.S. " + w},
			{"id", "D" + strconv.Itoa(n/2)},
			{"miss", "okresni soud " + w + "x"},
		} {
			b.Run(bm.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sinkOutcome = v.Read(bm.s)
				}
			})
		}
	}
}

// BenchmarkNew builds the index; ns/entry is the figure to compare, and
// retained-B/entry what a built Reader keeps on the heap per entry (its
// indexes and its copy of the entries).
func BenchmarkNew(b *testing.B) {
	for _, n := range []int{1000, 100_000} {
		entries := synthetic(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			var v *Reader
			for b.Loop() {
				var err error
				if v, err = New(Options{Entries: entries}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entry")
			b.ReportMetric(float64(retained(func() any {
				v, _ := New(Options{Entries: entries})
				return v
			}))/float64(n), "retained-B/entry")
			sinkReader = v
		})
	}
}

// BenchmarkNewInflected is BenchmarkNew with the entries' names declared
// Czech (Entry.Language "cs"): New also generates and indexes the
// inflected forms of every name (nine a name here: "Okresního soudu w…",
// "Okresním soudem w…" …). Compare its ns/entry and retained-B/entry with
// BenchmarkNew's: the cost of the forms.
func BenchmarkNewInflected(b *testing.B) {
	for _, n := range []int{1000, 100_000} {
		entries := synthetic(n)
		for i := range entries {
			entries[i].Language = "cs"
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			var v *Reader
			for b.Loop() {
				var err error
				if v, err = New(Options{Entries: entries}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entry")
			b.ReportMetric(float64(retained(func() any {
				v, _ := New(Options{Entries: entries})
				return v
			}))/float64(n), "retained-B/entry")
			sinkReader = v
		})
	}
}

var sinkReader *Reader

// retained is the heap that what build returns keeps alive, in bytes.
func retained(build func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(x)
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkNearMiss reads spellings that name no entry and go to the
// nearest-entries search, at 100, 10,000 and 100,000 entries: a typo in
// the one word that tells the entries apart (words and trigrams), an id
// with a letter too many (the prefix search), and words no entry carries.
// The cost must not grow with the size (issue 23: 100,000 entries within
// 1.2× of 100).
func BenchmarkNearMiss(b *testing.B) {
	for _, n := range sizes {
		v, err := New(Options{Entries: synthetic(n)})
		if err != nil {
			b.Fatal(err)
		}
		w := word(n / 2)
		for _, bm := range []struct{ name, s string }{
			{"typo", "okresni soud " + w + "x"},
			{"prefix", "D" + strconv.Itoa(n/2) + "x"},
			{"unknown", "zqzq xjxj"},
		} {
			if _, ok := v.Read(bm.s).Ask(); !ok {
				b.Fatalf("%q is not a miss", bm.s)
			}
			b.Run(bm.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sinkOutcome = v.Read(bm.s)
				}
			})
		}
	}
}
