package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A read call through the proxy against the same call direct, over stdio,
// every side a real process (docs/performance.md, "The proxy"): the
// upstream is a go-sdk server (the test binary as childUpstreamSDK), the
// proxy the built command, the client go-sdk's. Each reports p50-ns (the
// median call, wall clock) and the CPU time per call of each process
// (user + system, from /proc/PID/stat: what getrusage reports, read while
// the process runs).

// childUpstreamSDK is benchUpstream served over go-sdk's stdio transport.
func childUpstreamSDK() int {
	if err := benchUpstream(nil).Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		return 1
	}
	return 0
}

// cpuOf is a process's CPU time so far, user and system, from
// /proc/PID/stat (in clock ticks of 10 ms: Linux's USER_HZ is 100).
func cpuOf(b *testing.B, pid int) time.Duration {
	b.Helper()
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		b.Skip("no /proc: the CPU per call is read from /proc/PID/stat")
	}
	// The fields after the command's name (in parentheses, which may hold
	// spaces): state is the 3rd field, utime the 14th and stime the 15th.
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, ok1 := wholeNumber(fields[11])
	stime, ok2 := wholeNumber(fields[12])
	if !ok1 || !ok2 {
		b.Fatalf("/proc/%d/stat: %s", pid, raw)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// childOf is the one child process of pid.
func childOf(b *testing.B, pid int) int {
	b.Helper()
	tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	for _, f := range tasks {
		raw, _ := os.ReadFile(f)
		if ids := strings.Fields(string(raw)); len(ids) > 0 {
			if child, ok := wholeNumber(ids[0]); ok {
				return int(child)
			}
		}
	}
	b.Fatalf("process %d has no child", pid)
	return 0
}

// benchStdio connects a go-sdk client to cmd and measures read calls; the
// CPU per call of each named process is reported.
func benchStdio(b *testing.B, cmd *exec.Cmd, procs func() map[string]int) {
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Second}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer cs.Close()
	args := map[string]any{"amount": 4000, "date_from": "2026-10-01", "limit": 20}
	call := func() {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_orders", Arguments: args})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
	for range 50 { // warm both processes up
		call()
	}
	pids := procs()
	before := map[string]time.Duration{}
	for name, pid := range pids {
		before[name] = cpuOf(b, pid)
	}
	var times []time.Duration
	n := 0
	for b.Loop() {
		start := time.Now()
		call()
		times = append(times, time.Since(start))
		n++
	}
	for name, pid := range pids {
		b.ReportMetric(float64((cpuOf(b, pid)-before[name]).Nanoseconds())/float64(n), name+"-cpu-ns/op")
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "p50-ns")
}

func BenchmarkReadCallStdioDirect(b *testing.B) {
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "AGENTINPUT_TEST_CHILD=upstream-sdk")
	benchStdio(b, cmd, func() map[string]int { return map[string]int{"upstream": cmd.Process.Pid} })
}

func BenchmarkReadCallStdioThroughProxy(b *testing.B) {
	if _, err := exec.LookPath("env"); err != nil {
		b.Skip("env is missing")
	}
	bin, err := buildOnce()
	if err != nil {
		b.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	bind := filepath.Join(b.TempDir(), "bind.json")
	if err := os.WriteFile(bind, []byte(`{"server_id": "upstream", "tools": [
		{"remote": "read_orders", "local": "read_orders", "policy": "read", "scope": "none", "concurrency": "parallel"}]}`), 0o600); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, "proxy", "--bind", bind, "--max-calls-per-session", "0", "--", "env", "AGENTINPUT_TEST_CHILD=upstream-sdk", self)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+b.TempDir())
	benchStdio(b, cmd, func() map[string]int {
		return map[string]int{"proxy": cmd.Process.Pid, "upstream": childOf(b, cmd.Process.Pid)}
	})
}
