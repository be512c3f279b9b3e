// Package longtest gates the tests that cost seconds of wall time each on
// a small machine (loading the standard library from source, building and
// running go vet): `go test ./...` skips them, so that the README's test
// command stays quick, and CI (.ci/run) runs them with
//
//	AGENTINPUT_LONG_TESTS=1 go test ./...
//
// An environment variable rather than a test flag: `go test ./... -long`
// fails in every package that does not declare the flag.
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on when it is
// set to anything but "" or "0".
const Env = "AGENTINPUT_LONG_TESTS"

// On reports whether the long tests run.
func On() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the long tests run; why says what makes t long.
func Skip(t testing.TB, why string) {
	t.Helper()
	if !On() {
		t.Skip("a long test (" + why + "); run it with " + Env + "=1")
	}
}
