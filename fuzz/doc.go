// Package fuzz holds the cross-kind fuzz targets: random JSON arguments
// into the demonstration registry (internal/demo), checked against the
// factory's invariants. It has no library code; see factory_test.go and
// docs/robustness.md.
package fuzz
