package eval

import (
	"flag"
	"os"
	"strings"
	"testing"

	"agentinput.dev/kinds/number"
)

var printReport = flag.Bool("report", false, "print the Markdown report of the shipped corpus")

// TestDemoCorpus runs the shipped corpus against the demonstration tools:
// no call may be wrong, and the share that succeeds within two attempts
// may not drop below testdata/baseline.txt.
func TestDemoCorpus(t *testing.T) {
	f, err := os.Open("testdata/demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 300 {
		t.Fatalf("the corpus has %d calls, want at least 300", len(cases))
	}
	rep, err := RunDemo(cases)
	if err != nil {
		t.Fatal(err)
	}
	if *printReport {
		rep.WriteMarkdown(os.Stdout)
	}
	for _, c := range rep.Wrong() {
		t.Errorf("line %d %s [%s]: WRONG: sent %s; %s", c.Line, c.Tool, c.Label, c.First.Arguments, c.Why)
	}
	raw, err := os.ReadFile("testdata/baseline.txt")
	if err != nil {
		t.Fatal(err)
	}
	base := 0.0
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "within_two_attempts_percent:"); ok {
			d, err := number.Parse(strings.TrimSpace(v))
			if err != nil {
				t.Fatal(err)
			}
			base, _ = d.Float64()
		}
	}
	if base == 0 {
		t.Fatal("testdata/baseline.txt records no within_two_attempts_percent")
	}
	if got := rep.WithinTwoRate(); got+1e-9 < base {
		t.Errorf("within two attempts: %.1f%%, below the recorded %.1f%%", got, base)
	}
}

// BenchmarkDemoCorpus is one run of the shipped corpus in process (fresh
// tools each time), per call of the corpus.
func BenchmarkDemoCorpus(b *testing.B) {
	raw, err := os.ReadFile("testdata/demo.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	cases, err := Load(strings.NewReader(string(raw)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunDemo(cases); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cases)), "ns/call")
}
