package oracle

// Linear holds the contract's rule 4, that every read is linear in its
// input's length (docs/performance.md, "Linear reads"): a kind's test
// reads a member of each of its worst classes of input at a size n and at
// GrowthFactor·n, and fails when the larger costs more than MaxGrowth
// times the smaller (MaxCPUGrowth in CPU time).
//
// The cost is measured three ways, none of them wall-clock time:
//
//   - the allocations of one read and the bytes they take (Cost);
//   - the CPU time of this thread (getrusage), the least of a few rounds;
//     a read that allocates nothing still spends its steps here. The GC
//     stays on: with it off, each read of fresh memory pays the page
//     faults of a heap that only grows, more for a larger input.
//
// The first is deterministic. The second is a proxy a busy machine can
// disturb, so a ratio over the bound is measured twice more before it
// fails;
// a quadratic read, 256 times the cost at 16n, fails every time. Under the
// race detector CPU time is not checked (race.go): its instrumentation
// costs more per byte as a read touches more memory (a linear CSV read
// measured 91× at 16n in CI's race run).

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// GrowthFactor is how much larger the large input is than the small one.
const GrowthFactor = 16

// MaxGrowth is the most the read of the large input may cost, as a
// multiple of the small one's: linear is GrowthFactor, and the rest is
// headroom for what a measure adds (a buffer that doubles, a cache line).
const MaxGrowth = 24

// MaxCPUGrowth is MaxGrowth for CPU time, which needs more headroom: a
// linear read of 64 KiB leaves the first caches and costs a little more
// per byte than one of 4 KiB (up to 22–24 times as much for 16 times the
// input, measured on the kinds), and the clock of a read of a few
// microseconds is disturbed by whatever else the machine runs (CI's
// parallel test packages put a linear locale sentence at 32.8×, once).
// Four times linear still sets a quadratic read, 256 times, apart.
const MaxCPUGrowth = 64

// BytesPerByte is the allocation of a read of the small input that the
// large one is measured against at least, per byte of the small input: a
// read that keeps its first words or tokens in a buffer on the stack
// allocates nothing for a short input and a linear amount for a long one
// (a token of 24 bytes for a word of two, in a slice that doubles), and
// that is no growth. A quadratic read of 16 times the input allocates
// 256 times as much, far over MaxGrowth times this floor.
const BytesPerByte = 32

// A Class is one worst class of input: Build returns a member of about n
// bytes (Linear verifies that the large member is about GrowthFactor
// times the small one, so that a class cannot quietly stop growing).
type Class struct {
	Name  string
	Build func(n int) any
}

// cost is what one read costs.
type cost struct {
	Allocs float64       // allocations
	Bytes  float64       // bytes allocated
	CPU    time.Duration // CPU time of the reading thread
}

// Linear reads each class at n and at GrowthFactor·n with read and fails t
// for each measure whose ratio is over MaxGrowth (MaxCPUGrowth for CPU
// time).
func Linear(t *testing.T, n int, read func(v any), classes ...Class) {
	t.Helper()
	for _, c := range classes {
		t.Run(c.Name, func(t *testing.T) {
			small, large := c.Build(n), c.Build(GrowthFactor*n)
			ls, ll := Size(small), Size(large)
			if ls == 0 || ll < (GrowthFactor-2)*ls || ll > (GrowthFactor+2)*ls {
				t.Fatalf("the class builds %d bytes at n=%d and %d at n=%d: not %d× apart", ls, n, ll, GrowthFactor*n, GrowthFactor)
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
func compare(read func(v any), small, large any) (s, l cost, msg string) {
	read(small) // the first read may build an index once
	read(large)
	s, l = measure(read, small), measure(read, large)
	over := func(what string, a, b, floor float64) {
		if b > MaxGrowth*max(a, floor) {
			msg += fmt.Sprintf("%s grows %.1f× (%.0f → %.0f, at most %d× of %.0f); ", what, b/max(a, 1), a, b, MaxGrowth, max(a, floor))
		}
	}
	over("allocations", s.Allocs, l.Allocs, 1)
	over("bytes allocated", s.Bytes, l.Bytes, float64(BytesPerByte*Size(small)))
	if msg != "" || !cpuMeasured || raceEnabled {
		return s, l, strings.TrimSuffix(msg, "; ")
	}
	// CPU time: measured twice more before it fails, keeping the least
	// of each, since a busy machine can only add to it.
	for try := 0; ; try++ {
		ratio := float64(l.CPU) / float64(max(s.CPU, time.Nanosecond))
		if ratio <= MaxCPUGrowth {
			return s, l, ""
		}
		if try == 2 {
			return s, l, fmt.Sprintf("CPU time grows %.1f× (%v → %v, at most %d×)", ratio, s.CPU, l.CPU, MaxCPUGrowth)
		}
		s.CPU, l.CPU = min(s.CPU, cpuPerRead(read, small)), min(l.CPU, cpuPerRead(read, large))
	}
}

// measure returns the cost of one read of v.
func measure(read func(v any), v any) cost {
	allocs, bytes := Cost(runsFor(v), func() { read(v) })
	return cost{Allocs: float64(allocs), Bytes: float64(bytes), CPU: cpuPerRead(read, v)}
}

// runsFor is how many reads of v one allocation measure averages: more
// for a small input, about the same bytes read in all (16 KiB: 256 reads
// of the small inputs, whose averages are whole allocations; Cost keeps
// the least of three rounds).
func runsFor(v any) int {
	return max(1, 16*1024/max(Size(v), 1))
}

// cpuPerRead returns the least CPU time of one read of v over a few
// rounds, each long enough for the clock's resolution.
func cpuPerRead(read func(v any), v any) time.Duration {
	if !cpuMeasured {
		return 0
	}
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

// Fill returns prefix, then unit repeated character by character, then
// tail: n bytes in all, or up to a character less (never a cut
// character).
func Fill(n int, prefix, unit, tail string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for b.Len()+len(tail) < n {
		for _, r := range unit {
			if b.Len()+len(tail)+utf8.RuneLen(r) > n {
				return b.String() + tail
			}
			b.WriteRune(r)
		}
	}
	return b.String() + tail
}

// Repeat is the class of strings that are prefix, unit repeated, and
// tail ("a run of marks before a name": "Blah ", ", ", "English").
func Repeat(name, prefix, unit, tail string) Class {
	return Class{Name: name, Build: func(n int) any { return Fill(n, prefix, unit, tail) }}
}
