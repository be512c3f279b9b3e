//go:build !race

package eli

const raceEnabled = false
