// Package longtest gates the tests whose cost is a machine's, not the
// code's: `go test ./...` skips them, so that the README's test command
// stays under a minute on a quiet 2-core machine, and CI (.ci/run) runs
// them with
//
//	AGENTINPUT_LONG_TESTS=1 go test ./...
//
// A test is long when it
//   - starts a process: the command or a test server as a child, the test
//     binary re-executed, go build, go list, go vet, npm or node;
//   - puts HTTP load on a server (many clients, many calls);
//   - loads and type-checks packages from source (the whole module, or the
//     standard library under analysistest).
//
// Each calls Skip first, saying which, so that `go test -v` lists what the
// default run left out.
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
