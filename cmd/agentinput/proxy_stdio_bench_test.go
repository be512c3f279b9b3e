package main

import (
	"context"
	"io"
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

// childForward relays bytes between its standard input and output and a
// child upstream (childUpstreamSDK), reading nothing: what any proxy that
// is a process of its own costs at the least (two more pipes, two more
// processes to wake), the floor the proxy is measured against.
func childForward() int {
	self, err := os.Executable()
	if err != nil {
		return 1
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "AGENTINPUT_TEST_CHILD=upstream-sdk")
	in, err := cmd.StdinPipe()
	if err != nil {
		return 1
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 1
	}
	if err := cmd.Start(); err != nil {
		return 1
	}
	go func() {
		io.Copy(in, os.Stdin) //nolint:errcheck // the relay ends with its input
		in.Close()
	}()
	io.Copy(os.Stdout, out) //nolint:errcheck // or with the upstream's output
	cmd.Wait()              //nolint:errcheck
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

// stdioSide is a go-sdk client connected to a command over stdio, and the
// processes whose CPU time per call is reported.
type stdioSide struct {
	name  string
	cs    *sdk.ClientSession
	procs map[string]int // by the name of its metric
	cpu   map[string]time.Duration
	times []time.Duration
}

// connectStdio connects a go-sdk client to cmd and warms both sides up;
// procs names the processes to measure once cmd runs.
func connectStdio(b *testing.B, name string, cmd *exec.Cmd, procs func() map[string]int) *stdioSide {
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "v0"}, nil).
		Connect(context.Background(), &sdk.CommandTransport{Command: cmd, TerminateDuration: 5 * time.Second}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	s := &stdioSide{name: name, cs: cs}
	for range 50 { // warm both processes up
		s.call(b)
	}
	s.times = nil
	s.procs = procs()
	return s
}

var benchArgs = map[string]any{"amount": 4000, "date_from": "2026-10-01", "limit": 20}

// call makes one read call and notes how long it took.
func (s *stdioSide) call(b *testing.B) {
	start := time.Now()
	res, err := s.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_orders", Arguments: benchArgs})
	s.times = append(s.times, time.Since(start))
	if err != nil || res.IsError {
		b.Fatal(err, res)
	}
}

func (s *stdioSide) startCPU(b *testing.B) {
	s.cpu = map[string]time.Duration{}
	for name, pid := range s.procs {
		s.cpu[name] = cpuOf(b, pid)
	}
}

// report reports the median call (prefix-p50-ns) and each process's CPU
// time per call (prefix-NAME-cpu-ns/op) since startCPU.
func (s *stdioSide) report(b *testing.B, prefix string) time.Duration {
	for name, pid := range s.procs {
		b.ReportMetric(float64((cpuOf(b, pid)-s.cpu[name]).Nanoseconds())/float64(len(s.times)), prefix+name+"-cpu-ns/op")
	}
	slices.Sort(s.times)
	p50 := s.times[len(s.times)/2]
	b.ReportMetric(float64(p50.Nanoseconds()), prefix+"p50-ns")
	return p50
}

// benchStdio measures read calls of one side.
func benchStdio(b *testing.B, s *stdioSide) {
	s.startCPU(b)
	for b.Loop() {
		s.call(b)
	}
	s.report(b, "")
}

// testChild is the test binary as a child process in the role child
// (TestMain's AGENTINPUT_TEST_CHILD).
func testChild(tb testing.TB, child string) *exec.Cmd {
	self, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "AGENTINPUT_TEST_CHILD="+child)
	return cmd
}

// readOrdersBinding writes a binding file of the upstream's read_orders,
// as is, and returns its path.
func readOrdersBinding(tb testing.TB) string {
	bind := filepath.Join(tb.TempDir(), "bind.json")
	if err := os.WriteFile(bind, []byte(`{"server_id": "upstream", "tools": [
		{"remote": "read_orders", "local": "read_orders", "policy": "read", "scope": "none", "concurrency": "parallel"}]}`), 0o600); err != nil {
		tb.Fatal(err)
	}
	return bind
}

// directUpstream is the upstream as a child of the test.
func directUpstream(b *testing.B) *stdioSide {
	cmd := testChild(b, "upstream-sdk")
	return connectStdio(b, "direct", cmd, func() map[string]int { return map[string]int{"upstream": cmd.Process.Pid} })
}

// proxiedUpstream is the upstream as a child of the built proxy.
func proxiedUpstream(b *testing.B) *stdioSide {
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
	cmd := exec.Command(bin, "proxy", "--bind", readOrdersBinding(b), "--max-calls-per-session", "0", "--", "env", "AGENTINPUT_TEST_CHILD=upstream-sdk", self)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+b.TempDir())
	return connectStdio(b, "proxied", cmd, func() map[string]int {
		return map[string]int{"proxy": cmd.Process.Pid, "upstream": childOf(b, cmd.Process.Pid)}
	})
}

// forwardedUpstream is the upstream behind childForward.
func forwardedUpstream(b *testing.B) *stdioSide {
	cmd := testChild(b, "forward")
	return connectStdio(b, "forwarded", cmd, func() map[string]int {
		return map[string]int{"proxy": cmd.Process.Pid, "upstream": childOf(b, cmd.Process.Pid)}
	})
}

func BenchmarkReadCallStdioDirect(b *testing.B) {
	benchStdio(b, directUpstream(b))
}

func BenchmarkReadCallStdioThroughProxy(b *testing.B) {
	benchStdio(b, proxiedUpstream(b))
}

// BenchmarkReadCallStdioPaired makes the direct and the proxied call in
// turns (which goes first alternates), so that both meet the same load on
// a shared machine: ratio is the proxied median over the direct one.
func BenchmarkReadCallStdioPaired(b *testing.B) {
	benchPaired(b, proxiedUpstream(b))
}

// BenchmarkReadCallStdioPairedForwarder is BenchmarkReadCallStdioPaired
// with a relay that reads nothing (childForward) in place of the proxy:
// the ratio any proxy in a process of its own starts from.
func BenchmarkReadCallStdioPairedForwarder(b *testing.B) {
	benchPaired(b, forwardedUpstream(b))
}

func benchPaired(b *testing.B, proxied *stdioSide) {
	direct := directUpstream(b)
	direct.startCPU(b)
	proxied.startCPU(b)
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			direct.call(b)
			proxied.call(b)
		} else {
			proxied.call(b)
			direct.call(b)
		}
		i++
	}
	d, p := direct.report(b, "direct-"), proxied.report(b, "proxied-")
	b.ReportMetric(float64(p)/float64(d), "ratio")
}
