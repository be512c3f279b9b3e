package oracle

import (
	"syscall"
	"time"
)

const cpuMeasured = true

// rusageThread is RUSAGE_THREAD: the calling thread's usage, not the
// process's, so that the GC's workers and other tests' goroutines on other
// threads do not count.
const rusageThread = 1

// threadCPU returns the CPU time (user and system) of the calling thread.
func threadCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(rusageThread, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
