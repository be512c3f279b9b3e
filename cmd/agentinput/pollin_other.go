//go:build !unix

package main

import "io"

// pollableInput returns r as it is: only on Unix is standard input made a
// file Go's poller waits on (pollin_unix.go).
func pollableInput(r io.Reader) (_ io.Reader, restore func()) { return r, func() {} }
