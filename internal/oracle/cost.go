package oracle

import "runtime"

// Cost returns the allocations and the bytes allocated by one run of f,
// averaged over runs (after one warm-up run): what the linearity tests
// compare at n and 16n. Counts, not time, so that no test asserts on
// timing.
//
// The counters are the process's, so anything else that allocates
// meanwhile (a runtime or testing goroutine) can only add to them: Cost
// measures three rounds and keeps the smallest, the one least disturbed.
func Cost(runs int, f func()) (allocs, bytes uint64) {
	f()
	allocs, bytes = ^uint64(0), ^uint64(0)
	for range 3 {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		for range runs {
			f()
		}
		runtime.ReadMemStats(&b)
		allocs = min(allocs, (b.Mallocs-a.Mallocs)/uint64(runs))
		bytes = min(bytes, (b.TotalAlloc-a.TotalAlloc)/uint64(runs))
	}
	return allocs, bytes
}
