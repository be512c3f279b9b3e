package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"time"
)

// Config is one run of the report.
type Config struct {
	Rounds int // rounds per row; each runs a batch of each side
	// ProcessRounds caps the rounds of a row whose sides are processes
	// (the read row: a second or more of CPU a side a round).
	ProcessRounds int
	Batch         time.Duration // the CPU time one batch of an in-process side is sized to
	Lines         int           // lines of the read row's input
	Rows          *regexp.Regexp
}

// Result is what one row measured: per round, the ratio ours/anchor of
// CPU time per operation, and each side's figures.
type Result struct {
	ID           string
	Ratios       []float64 // per round
	OursNs       []float64 // CPU ns per operation, per round
	AnchorNs     []float64
	OursAllocs   float64 // heap allocations per operation; -1 where not counted
	AnchorAllocs float64
	OursN        int // operations per batch
	AnchorN      int
	Err          string
	row          row
}

// job is what the parent hands a worker, in workerEnv.
type job struct {
	ID            string
	Rounds        int
	ProcessRounds int
	Batch         time.Duration
	Lines         int
	Dir           string
}

const workerEnv = "AGENTINPUT_REPORT_WORKER"

// IsWorker reports whether this process was started by the report as a
// worker: a program (or a TestMain) that calls Main for the report must
// call it for a worker too.
func IsWorker() bool { return os.Getenv(workerEnv) != "" }

// Main runs the report, or a worker when the environment says so, and
// returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if spec := os.Getenv(workerEnv); spec != "" {
		return worker(spec, stdout, stderr)
	}
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rounds := fs.Int("rounds", 30, "rounds per row (each runs a batch of ours and of the anchor, in alternating slices)")
	batch := fs.Duration("batch", 20*time.Millisecond, "CPU time of one side's batch in a round, for an in-process side")
	lines := fs.Int("lines", 1_000_000, "lines of the read row's input")
	procRounds := fs.Int("process-rounds", 10, "at most this many rounds for a row whose sides are processes (the read row)")
	filter := fs.String("rows", "", "run only the rows whose id matches this regular expression")
	quick := fs.Bool("quick", false, "a short run: 5 rounds, 2ms batches, 100,000 lines (flags given explicitly win)")
	list := fs.Bool("list", false, "list the rows and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *list {
		for _, r := range rows() {
			fmt.Fprintf(stdout, "%-28s %s vs %s: %s\n", r.id, r.ours, r.anchor, r.what)
		}
		return 0
	}
	cfg := Config{Rounds: *rounds, ProcessRounds: *procRounds, Batch: *batch, Lines: *lines}
	if *quick {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["rounds"] {
			cfg.Rounds = 5
		}
		if !set["batch"] {
			cfg.Batch = 2 * time.Millisecond
		}
		if !set["lines"] {
			cfg.Lines = 100_000
		}
	}
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fmt.Fprintf(stderr, "-rows: %v\n", err)
			return 2
		}
		cfg.Rows = re
	}
	if cfg.Rounds < 1 || cfg.ProcessRounds < 1 || cfg.Batch <= 0 || cfg.Lines < 1 {
		fmt.Fprintln(stderr, "-rounds, -process-rounds, -batch and -lines must be positive")
		return 2
	}
	before := Machine()
	start := time.Now()
	fmt.Fprintf(stdout, "agentinput side-by-side report, %s\n%s\nload average before: %s\n",
		start.UTC().Format("2006-01-02 15:04 MST"), before.String(), before.Load)
	fmt.Fprintf(stdout, "%d rounds a row (at most %d for the read row, on %d lines); in-process batches of %v CPU\n\n",
		cfg.Rounds, cfg.ProcessRounds, cfg.Lines, cfg.Batch)
	results, err := Run(cfg, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	Table(stdout, results)
	fmt.Fprintf(stdout, "\nload average after: %s; %v wall time\n", Machine().Load, time.Since(start).Round(time.Second))
	for _, r := range results {
		if r.Err != "" {
			return 1
		}
	}
	return 0
}

// IDs are the ids of the report's rows, in the table's order.
func IDs() []string {
	var ids []string
	for _, r := range rows() {
		ids = append(ids, r.id)
	}
	return ids
}

// Run measures every row cfg selects, each in a worker process of its own
// (this program again, or the row's worker program), one after another,
// and reports progress to progress.
func Run(cfg Config, progress io.Writer) ([]Result, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "agentinput-report-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	workers := map[string]string{}
	var results []Result
	for _, r := range rows() {
		if cfg.Rows != nil && !cfg.Rows.MatchString(r.id) {
			continue
		}
		bin := self
		if r.worker != "" {
			if workers[r.worker] == "" {
				b, err := build(dir, r.worker)
				if err != nil {
					return nil, err
				}
				workers[r.worker] = b
			}
			bin = workers[r.worker]
		}
		res := spawn(bin, job{ID: r.id, Rounds: cfg.Rounds, ProcessRounds: cfg.ProcessRounds, Batch: cfg.Batch, Lines: cfg.Lines, Dir: dir})
		res.row = r
		if res.Err != "" {
			fmt.Fprintf(progress, "%-28s error: %s\n", r.id, res.Err)
		} else {
			fmt.Fprintf(progress, "%-28s median %s\n", r.id, ratio(quantile(res.Ratios, 0.5)))
		}
		results = append(results, res)
	}
	if len(results) == 0 {
		return nil, errors.New("no row matches -rows")
	}
	return results, nil
}

// build builds the package pkg of the bench module into dir.
func build(dir, pkg string) (string, error) {
	bin := filepath.Join(dir, filepath.Base(pkg))
	c := exec.Command("go", "build", "-o", bin, pkg)
	c.Dir = benchDir()
	if out, err := c.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}

// benchDir is the bench module's folder, where the go commands the report
// runs must run whatever the folder it was started in: the folder this
// file was compiled from, two levels up, when it is still there (not with
// -trimpath or a binary moved to another machine); otherwise the current
// folder.
func benchDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	dir := filepath.Join(filepath.Dir(file), "..", "..")
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return ""
	}
	return dir
}

// spawn runs one worker and decodes its result.
func spawn(bin string, j job) Result {
	spec, _ := json.Marshal(j)
	c := exec.Command(bin)
	c.Env = append(os.Environ(), workerEnv+"="+string(spec))
	var out, errOut bytes.Buffer
	c.Stdout, c.Stderr = &out, &errOut
	err := c.Run()
	var res Result
	if derr := json.Unmarshal(out.Bytes(), &res); derr != nil {
		msg := fmt.Sprintf("worker: %v; %v; %s", err, derr, bytes.TrimSpace(errOut.Bytes()))
		return Result{ID: j.ID, Err: msg}
	}
	return res
}

// worker measures the row spec names and prints its Result as JSON.
func worker(spec string, stdout, stderr io.Writer) int {
	var j job
	if err := json.Unmarshal([]byte(spec), &j); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	res := Result{ID: j.ID, Err: "no such row"}
	for _, r := range rows() {
		if r.id == j.ID {
			res = measure(r, j)
		}
	}
	b, err := json.Marshal(res)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}

// measure builds the row's sides, sizes their batches, and runs the
// rounds. A round runs each side's batch in slices (sliceCount),
// alternating the sides slice by slice, and its ratio is the ratio of the
// sums: on a shared machine a side's cost per operation moves by 2× from
// one 20 ms stretch to the next, and the sides compare best when they see
// the same stretches.
func measure(r row, j job) Result {
	res := Result{ID: r.id, OursAllocs: -1, AnchorAllocs: -1}
	fail := func(err error) Result {
		res.Err = err.Error()
		return res
	}
	ours, anchor, err := r.build(&env{lines: j.Lines, dir: j.Dir})
	if err != nil {
		return fail(err)
	}
	if res.OursN, err = calibrate(ours, j.Batch); err != nil {
		return fail(fmt.Errorf("ours: %w", err))
	}
	if res.AnchorN, err = calibrate(anchor, j.Batch); err != nil {
		return fail(fmt.Errorf("anchor: %w", err))
	}
	rounds := j.Rounds
	if !ours.inProcess() || !anchor.inProcess() {
		rounds = min(rounds, max(1, j.ProcessRounds))
	}
	var oursAllocs, anchorAllocs, oursOps, anchorOps uint64
	slices := sliceCount(ours, anchor)
	for round := range rounds {
		var o, a batch
		for k := range slices {
			// A B B A A B …: ours first in even rounds, and the order
			// flips every slice, so that neither side always runs after
			// the other (a warm cache, the other's garbage).
			first, second := &o, &a
			fs, ss, fn, sn := ours, anchor, res.OursN/slices, res.AnchorN/slices
			if (round+k)%2 == 1 {
				first, second = second, first
				fs, ss, fn, sn = ss, fs, sn, fn
			}
			b1, err := fs.run(max(1, fn))
			if err != nil {
				return fail(fmt.Errorf("%s: %w", which(fs, ours), err))
			}
			b2, err := ss.run(max(1, sn))
			if err != nil {
				return fail(fmt.Errorf("%s: %w", which(ss, ours), err))
			}
			first.add(b1)
			second.add(b2)
		}
		if o.cpu <= 0 || a.cpu <= 0 {
			return fail(errors.New("a batch took no measurable CPU time; raise -batch"))
		}
		ons := float64(o.cpu.Nanoseconds()) / float64(o.ops)
		ans := float64(a.cpu.Nanoseconds()) / float64(a.ops)
		res.OursNs = append(res.OursNs, ons)
		res.AnchorNs = append(res.AnchorNs, ans)
		res.Ratios = append(res.Ratios, ons/ans)
		oursAllocs, oursOps = oursAllocs+o.allocs, oursOps+uint64(o.ops)
		anchorAllocs, anchorOps = anchorAllocs+a.allocs, anchorOps+uint64(a.ops)
	}
	runtime.KeepAlive([]any{sinkAny, sinkUUID, sinkTag, sinkFloat, sinkBool, sinkInt, sinkTime})
	if ours.inProcess() {
		res.OursAllocs = float64(oursAllocs) / float64(oursOps)
	}
	if anchor.inProcess() {
		res.AnchorAllocs = float64(anchorAllocs) / float64(anchorOps)
	}
	return res
}

// which names side s of a row whose ours is ours.
func which(s, ours side) string {
	if s == ours {
		return "ours"
	}
	return "anchor"
}

// slicesPerRound is how many slices a round cuts each side's batch into.
const slicesPerRound = 10

// sliceCount is how many slices a round runs of each side: slicesPerRound
// for in-process sides, unless a forced collection (which each slice
// starts with, outside the measurement) takes long enough to make the
// run slow (a large live heap: the 100,000-entry vocabulary); one for
// process sides, which run their whole input once.
func sliceCount(ours, anchor side) int {
	if !ours.inProcess() || !anchor.inProcess() {
		return 1
	}
	start := time.Now()
	runtime.GC()
	if time.Since(start) > 5*time.Millisecond {
		return 1
	}
	return slicesPerRound
}
