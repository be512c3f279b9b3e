//go:build !race

package number

const raceEnabled = false
