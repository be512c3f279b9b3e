package report

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"syscall"
	"time"
)

// A side is one half of a row: the operation measured, run as a batch.
// run performs the operation n times (n is chosen by calibration for an
// in-process side; a process side ignores it and runs its whole input
// once) and returns what the batch cost.
type side interface {
	run(n int) (batch, error)
	// inProcess sides are calibrated to a batch size; process sides run
	// their input once a round.
	inProcess() bool
}

// processCPU is the CPU time, user and system, the whole process has used:
// every thread, so the garbage collector's background workers and any
// goroutine a side starts (the MCP transports) count against the side that
// made the work. The report runs nothing else while a side runs, so the
// difference across a batch is that batch's cost. RUSAGE_THREAD with the
// goroutine locked to its thread would leave the collector's workers out,
// and with them most of what an allocating side costs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(fmt.Sprintf("getrusage: %v", err)) // cannot happen on a Unix
	}
	return tv(ru.Utime) + tv(ru.Stime)
}

// batch is what one batch of a side cost.
type batch struct {
	cpu    time.Duration
	ops    int
	allocs uint64 // heap allocations; only in-process sides count them
}

func (b *batch) add(c batch) {
	b.cpu += c.cpu
	b.ops += c.ops
	b.allocs += c.allocs
}

func tv(t syscall.Timeval) time.Duration {
	return time.Duration(t.Sec)*time.Second + time.Duration(t.Usec)*time.Microsecond
}

// Loop is an in-process side: f is called n times.
type Loop func(n int) error

func (l Loop) inProcess() bool { return true }

func (l Loop) run(n int) (batch, error) {
	var before, after runtime.MemStats
	runtime.GC() // the other side's garbage is not this side's to collect
	runtime.ReadMemStats(&before)
	start := processCPU()
	err := l(n)
	cpu := processCPU() - start
	runtime.ReadMemStats(&after)
	return batch{cpu: cpu, ops: n, allocs: after.Mallocs - before.Mallocs}, err
}

// proc is a side run as a child process: its CPU time is the child's own
// (os.ProcessState's rusage), start-up included, and ops is the number of
// input lines it reads.
type proc struct {
	cmd   func() *exec.Cmd
	input string // the file the child reads on standard input
	lines int    // how many lines it holds
}

func (p proc) inProcess() bool { return false }

func (p proc) run(int) (batch, error) {
	in, err := os.Open(p.input)
	if err != nil {
		return batch{}, err
	}
	defer in.Close()
	out, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return batch{}, err
	}
	defer out.Close()
	c := p.cmd()
	c.Stdin, c.Stdout = in, out // files: the child reads and writes them itself
	if err := c.Run(); err != nil {
		return batch{}, fmt.Errorf("%s: %w", c.Path, err)
	}
	return batch{cpu: c.ProcessState.UserTime() + c.ProcessState.SystemTime(), ops: p.lines}, nil
}

// calibrate finds the batch size whose CPU time is about budget. After one
// call that warms the side up (tables built on first use, caches), it
// doubles n from 1 until a batch takes a quarter of the budget, then
// scales n to the budget and measures again until a batch lands within a
// factor of two of it: a small batch's CPU time is mostly the noise of the
// measurement itself (tens of microseconds of other runtime threads), so
// one small measurement may not be trusted.
func calibrate(s side, budget time.Duration) (int, error) {
	if !s.inProcess() {
		return 1, nil
	}
	if _, err := s.run(1); err != nil {
		return 0, err
	}
	const most = 1 << 30
	n := 1
	for tries := 0; ; tries++ {
		b, err := s.run(n)
		if err != nil {
			return 0, err
		}
		switch {
		case b.cpu >= budget/2 && b.cpu <= 2*budget, n >= most, tries >= 40:
			return n, nil
		case b.cpu < budget/4:
			n = min(2*n, most)
		default:
			scaled := float64(n) * float64(budget) / float64(b.cpu)
			n = max(1, int(math.Min(scaled, most)))
		}
	}
}

// quantile returns the q-quantile of xs (0 ≤ q ≤ 1) by linear
// interpolation between the closest ranks; xs is not modified.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	return s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
}
