// Package growth holds the test of the contract's rule 4, that every read
// is linear in its input's length (docs/performance.md, "Linear reads"):
// a kind's test reads a member of each of its worst classes of input at a
// size n and at 16n, and fails when the larger costs more than MaxRatio
// times the smaller.
//
// The cost is measured three ways, none of them wall-clock time:
//
//   - the allocations of one read (a count, as testing.AllocsPerRun does);
//   - the bytes those allocations take;
//   - the CPU time of this thread (getrusage), GC off, the least of a few
//     rounds; a read that allocates nothing still spends its steps here.
//
// The first two are deterministic. The third is a proxy a busy machine
// can disturb, so a ratio over the bound is measured again before it
// fails; a quadratic read, 256 times the cost at 16n, fails every time.
package growth

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// Factor is how much larger the large input is than the small one.
const Factor = 16

// MaxRatio is the most the read of the large input may cost, as a multiple
// of the small one's: linear is Factor, and the rest is headroom for what
// a measure adds (a buffer that doubles, a cache line).
const MaxRatio = 24

// A Class is one worst class of input: Build returns a member of about n
// bytes (Check verifies that the large member is about Factor times the
// small one, so that a class cannot quietly stop growing).
type Class struct {
	Name  string
	Build func(n int) any
}

// Cost is what one read costs.
type Cost struct {
	Allocs float64       // allocations
	Bytes  float64       // bytes allocated
	CPU    time.Duration // CPU time of the reading thread
}

// Check reads each class at n and at Factor·n with read and fails t for
// each measure whose ratio is over MaxRatio.
func Check(t *testing.T, n int, read func(v any), classes ...Class) {
	t.Helper()
	for _, c := range classes {
		t.Run(c.Name, func(t *testing.T) {
			small, large := c.Build(n), c.Build(Factor*n)
			ls, ll := Size(small), Size(large)
			if ls == 0 || ll < (Factor-2)*ls || ll > (Factor+2)*ls {
				t.Fatalf("the class builds %d bytes at n=%d and %d at n=%d: not %d× apart", ls, n, ll, Factor*n, Factor)
			}
			s, l, msg := compare(read, small, large)
			t.Logf("allocations %.1f×, bytes allocated %.1f×, CPU time %.1f× (%v → %v), reading %d bytes, then %d",
				l.Allocs/max(s.Allocs, 1), l.Bytes/max(s.Bytes, 1), float64(l.CPU)/float64(max(s.CPU, 1)), s.CPU, l.CPU, ls, ll)
			if msg != "" {
				t.Errorf("%s, reading %d bytes, then %d", msg, ls, ll)
			}
		})
	}
}

// compare returns the costs of reading small and large, and what grows
// faster than linearly, or "".
func compare(read func(v any), small, large any) (s, l Cost, msg string) {
	read(small) // the first read may build an index once
	read(large)
	s, l = Measure(read, small), Measure(read, large)
	over := func(what string, a, b float64) {
		if b > MaxRatio*max(a, 1) {
			msg += fmt.Sprintf("%s grows %.1f× (%.0f → %.0f, at most %d×); ", what, b/max(a, 1), a, b, MaxRatio)
		}
	}
	over("allocations", s.Allocs, l.Allocs)
	over("bytes allocated", s.Bytes, l.Bytes)
	if msg != "" || !cpuMeasured {
		return s, l, strings.TrimSuffix(msg, "; ")
	}
	// CPU time: measured again before it fails, since a busy machine can
	// disturb it.
	for try := 0; ; try++ {
		ratio := float64(l.CPU) / float64(max(s.CPU, time.Nanosecond))
		if ratio <= MaxRatio {
			return s, l, ""
		}
		if try == 1 {
			return s, l, fmt.Sprintf("CPU time grows %.1f× (%v → %v, at most %d×)", ratio, s.CPU, l.CPU, MaxRatio)
		}
		s.CPU, l.CPU = cpuPerRead(read, small), cpuPerRead(read, large)
	}
}

// Measure returns the cost of one read of v.
func Measure(read func(v any), v any) Cost {
	runs := runsFor(v)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		read(v)
	}
	runtime.ReadMemStats(&after)
	return Cost{
		Allocs: float64(after.Mallocs-before.Mallocs) / float64(runs),
		Bytes:  float64(after.TotalAlloc-before.TotalAlloc) / float64(runs),
		CPU:    cpuPerRead(read, v),
	}
}

// runsFor is how many reads of v one allocation measure averages: more
// for a small input, about the same bytes read in all.
func runsFor(v any) int {
	return max(1, 64*1024/max(Size(v), 1))
}

// cpuPerRead returns the least CPU time of one read of v over a few
// rounds, each long enough for the clock's resolution.
func cpuPerRead(read func(v any), v any) time.Duration {
	if !cpuMeasured {
		return 0
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Duration(-1)
	runs := 1
	for round := 0; round < 3; {
		start := threadCPU()
		for range runs {
			read(v)
		}
		d := threadCPU() - start
		if d < 2*time.Millisecond {
			runs *= 2 // too short to measure: longer rounds
			continue
		}
		if per := d / time.Duration(runs); best < 0 || per < best {
			best = per
		}
		round++
	}
	return best
}

// Size is the bytes of v as a read sees them: a string's, the sum of an
// array's items' (and one per item), a byte slice's.
func Size(v any) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []byte:
		return len(x)
	case []any:
		n := 0
		for _, item := range x {
			n += 1 + Size(item)
		}
		return n
	case []string:
		n := 0
		for _, item := range x {
			n += 1 + len(item)
		}
		return n
	case map[string]any:
		n := 0
		for k, item := range x {
			n += 1 + len(k) + Size(item)
		}
		return n
	default:
		return len(fmt.Sprint(v))
	}
}
