package main

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// nonblocking reports whether the open file behind fd is non-blocking.
func nonblocking(t *testing.T, fd int) bool {
	t.Helper()
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 {
		t.Fatalf("fcntl: %v", errno)
	}
	return flags&syscall.O_NONBLOCK != 0
}

// The stdio proxy waits for its input in Go's poller: a pipe on its
// standard input is non-blocking while it serves, and blocking again once
// it has ended (pollableInput), for whoever reads that pipe next.
func TestProxyStdinPollableThenRestored(t *testing.T) {
	if _, err := exec.LookPath("env"); err != nil {
		t.Skip("env is missing")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Raw descriptors, blocking as a client's pipe is: os.Pipe's would be
	// made blocking again by reading their Fd.
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil { // not inherited by children but as their standard input
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(p[0]), "in"), os.NewFile(uintptr(p[1]), "in-w")
	defer r.Close()
	bin, env := commandBinary(t)
	cmd := exec.Command(bin, "proxy", "--bind", readOrdersBinding(t), "--", "env", "AGENTINPUT_TEST_CHILD=upstream-sdk", self)
	cmd.Env = append(env, "XDG_STATE_HOME="+t.TempDir())
	cmd.Stdin = r
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if nonblocking(t, p[0]) {
		t.Fatal("the pipe is non-blocking before the proxy serves")
	}
	deadline := time.Now().Add(30 * time.Second)
	for !nonblocking(t, p[0]) {
		if time.Now().After(deadline) {
			w.Close()
			cmd.Wait() //nolint:errcheck
			t.Fatal("the proxy did not make its standard input non-blocking")
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.Close() // the input ends: the proxy stops
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the proxy: %v", err)
	}
	if nonblocking(t, p[0]) {
		t.Error("the proxy left its standard input non-blocking")
	}
}
