package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
)

// Host describes the machine a report ran on.
type Host struct {
	OS, Arch, CPU, Go string
	CPUs, Procs       int
	Load              string // the 1, 5 and 15 minute load averages
}

// Machine describes this machine now.
func Machine() Host {
	h := Host{OS: runtime.GOOS, Arch: runtime.GOARCH, CPU: "unknown", Go: runtime.Version(),
		CPUs: runtime.NumCPU(), Procs: runtime.GOMAXPROCS(0), Load: "unknown"}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		s := bufio.NewScanner(f)
		for s.Scan() {
			if k, v, ok := strings.Cut(s.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				h.CPU = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			h.Load = strings.Join(f[:3], " ")
		}
	}
	return h
}

func (h Host) String() string {
	return fmt.Sprintf("%s/%s, %s, %d CPUs (GOMAXPROCS %d), %s", h.OS, h.Arch, h.CPU, h.CPUs, h.Procs, h.Go)
}

// Table prints the results as a Markdown table, the form
// docs/performance.md shows.
func Table(w io.Writer, results []Result) {
	fmt.Fprintln(w, "| row | input | ours | anchor | median ratio | p25–p75 | ours CPU/op | anchor CPU/op | allocs/op ours, anchor | target | |")
	fmt.Fprintln(w, "|---|---|---|---|---:|---|---:|---:|---|---|---|")
	for _, r := range results {
		target, verdict := "—", ""
		if r.row.target > 0 {
			target = "≤ " + ratio(r.row.target) + " (" + r.row.source + ")"
		}
		if r.Err != "" {
			fmt.Fprintf(w, "| %s | %s | %s | %s | error: %s | | | | | %s | |\n", r.ID, r.row.what, r.row.ours, r.row.anchor,
				strings.ReplaceAll(r.Err, "|", "/"), target)
			continue
		}
		med := quantile(r.Ratios, 0.5)
		if r.row.target > 0 {
			verdict = "met"
			if med > r.row.target {
				verdict = "**missed**"
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s–%s | %s | %s | %s, %s | %s | %s |\n",
			r.ID, r.row.what, r.row.ours, r.row.anchor, ratio(med),
			ratio(quantile(r.Ratios, 0.25)), ratio(quantile(r.Ratios, 0.75)),
			duration(quantile(r.OursNs, 0.5)), duration(quantile(r.AnchorNs, 0.5)),
			allocs(r.OursAllocs), allocs(r.AnchorAllocs), target, verdict)
	}
}

// ratio formats a ratio with three significant digits.
func ratio(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return fmt.Sprint(x)
	case x >= 100:
		return fmt.Sprintf("%.0f×", x)
	case x >= 10:
		return fmt.Sprintf("%.1f×", x)
	case x >= 0.1:
		return fmt.Sprintf("%.2f×", x)
	}
	return fmt.Sprintf("%.2g×", x)
}

// duration formats nanoseconds.
func duration(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	case ns >= 100:
		return fmt.Sprintf("%.0f ns", ns)
	}
	return fmt.Sprintf("%.1f ns", ns)
}

func allocs(a float64) string {
	switch {
	case a < 0:
		return "—"
	case a >= 10 || math.Abs(a-math.Round(a)) < 0.005:
		return fmt.Sprintf("%.0f", a)
	}
	return fmt.Sprintf("%.2f", a)
}
