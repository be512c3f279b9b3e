package oracle

import "runtime"

// Cost returns the allocations and the bytes allocated by one run of f,
// averaged over runs (after one warm-up run): what the linearity tests
// compare at n and 16n. Counts, not time, so that no test asserts on
// timing.
func Cost(runs int, f func()) (allocs, bytes uint64) {
	f()
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&b)
	return (b.Mallocs - a.Mallocs) / uint64(runs), (b.TotalAlloc - a.TotalAlloc) / uint64(runs)
}
