//go:build !linux

package oracle

import "time"

// cpuMeasured is false where this package has no per-thread CPU clock:
// the allocation measures still run.
const cpuMeasured = false

func threadCPU() time.Duration { return 0 }
