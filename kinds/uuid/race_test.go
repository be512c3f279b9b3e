//go:build race

package uuid

// raceEnabled: the race detector changes allocation counts, so tests that
// compare them skip.
const raceEnabled = true
