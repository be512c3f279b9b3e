package mcp

import (
	"context"
	"testing"
	"time"
)

// The limiter's queue: a request past the bound waits for a slot, at
// most QueueWait; one more than the queue holds is refused at once; one
// whose client leaves gives its place up.
func TestLimiterQueue(t *testing.T) {
	l := newLimiter(HTTPOptions{MaxConcurrent: 1, QueueLength: 1, QueueWait: time.Hour}.withDefaults())
	ctx := context.Background()
	if !l.acquire(ctx) {
		t.Fatal("the free slot was refused")
	}
	got := make(chan bool)
	go func() { got <- l.acquire(ctx) }()
	waitQueued(t, l)
	if l.acquire(ctx) {
		t.Fatal("a request past the bound and the full queue was served")
	}
	l.release()
	if !<-got {
		t.Fatal("the queued request was refused when the slot freed")
	}
	// A client that leaves the queue.
	leaving, cancel := context.WithCancel(ctx)
	go func() { got <- l.acquire(leaving) }()
	waitQueued(t, l)
	cancel()
	if <-got {
		t.Fatal("a request whose client left was served")
	}
	if len(l.queue) != 0 {
		t.Fatal("the request that left still holds its place in the queue")
	}
	// The wait is bounded.
	short := newLimiter(HTTPOptions{MaxConcurrent: 1, QueueLength: 1, QueueWait: time.Millisecond}.withDefaults())
	short.acquire(ctx)
	if short.acquire(ctx) {
		t.Fatal("a request past the bound was served with the slot still taken")
	}
	l.release()
}

// Bodies are counted by address: one address past its bound is refused,
// another is not, and a finished body frees its place.
func TestLimiterBodiesPerClient(t *testing.T) {
	l := newLimiter(HTTPOptions{MaxBodiesPerClient: 2}.withDefaults())
	for range 2 {
		if !l.startBody("10.0.0.1") {
			t.Fatal("a body within the bound was refused")
		}
	}
	if l.startBody("10.0.0.1") {
		t.Fatal("a third body of one address was taken")
	}
	if !l.startBody("10.0.0.2") {
		t.Fatal("another address was refused")
	}
	l.endBody("10.0.0.1")
	if !l.startBody("10.0.0.1") {
		t.Fatal("a finished body did not free its place")
	}
}

// waitQueued waits until a request waits in l's queue, for at most 10 s.
func waitQueued(t *testing.T, l *limiter) {
	t.Helper()
	for start := time.Now(); len(l.queue) == 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("no request entered the queue")
		}
	}
}
