//go:build unix

package main

import (
	"io"
	"os"
	"syscall"
)

// pollableInput returns the proxy's standard input as a file Go's poller
// waits on, when it is a pipe or a socket (what an MCP client gives a
// server it starts): a read waiting for the next call then parks its
// goroutine instead of holding a thread, and a processor, in a system
// call (docs/performance.md, "The proxy"). The descriptor is duplicated
// (close-on-exec: the upstream child does not inherit it) and set
// non-blocking, which holds for the pipe's open file and so for standard
// input too; restore sets it blocking again, for whoever reads that
// pipe after the proxy. Anything else (a terminal, a file) is returned as
// it is.
func pollableInput(r io.Reader) (_ io.Reader, restore func()) {
	f, ok := r.(*os.File)
	if !ok {
		return r, func() {}
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return r, func() {}
	}
	syscall.ForkLock.RLock()
	fd, err := syscall.Dup(int(f.Fd()))
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return r, func() {}
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return r, func() {}
	}
	return os.NewFile(uintptr(fd), f.Name()), func() { syscall.SetNonblock(fd, false) } //nolint:errcheck // best effort, on the way out
}
