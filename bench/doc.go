// Package bench compares agentinput's kinds with peer libraries, side by
// side, in a module of its own so that the library's go.mod never requires
// a peer. Run it from this folder:
//
//	go mod tidy && go test -bench . -benchmem -count 5
//
// docs/performance.md records the figures and what each peer returned.
package bench
