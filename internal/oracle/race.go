//go:build race

package oracle

// raceEnabled: the race detector instruments every memory access, and its
// cost per byte grows with the memory a read touches (its shadow memory
// leaves the caches first), so CPU time is no measure of a read's
// complexity under it: Linear checks allocations only.
const raceEnabled = true
