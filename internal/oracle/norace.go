//go:build !race

package oracle

// raceEnabled: see race.go.
const raceEnabled = false
