//go:build race

package number

// raceEnabled: the race detector changes allocation counts, so tests that
// compare them skip.
const raceEnabled = true
