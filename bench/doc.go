// Package bench compares agentinput's kinds with peer libraries, side by
// side, in a module of its own so that the library's go.mod never requires
// a peer. Run it from this folder:
//
//	go mod tidy && go test -bench . -benchmem -count 5
//
// The side-by-side report, every row of docs/performance.md's table, is
// its own command (internal/report holds the rows):
//
//	go run ./cmd/report
//
// docs/performance.md records the figures and what each peer returned.
package bench
