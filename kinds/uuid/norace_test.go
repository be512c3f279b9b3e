//go:build !race

package uuid

const raceEnabled = false
