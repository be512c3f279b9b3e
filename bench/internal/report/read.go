package report

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The read row runs `agentinput read number` as a built binary, because
// the command is package main and has no entry point another module can
// call; the anchor is internal/minread, a program that imports nothing but
// the standard library (so that its start-up is a Go program's, not this
// report's). Both read the same file of mixed lines from standard input
// and write to /dev/null, and each side's CPU time is the child's own
// (user + system, start-up included: a few milliseconds against a second
// of reading).

// minread is the read row's anchor program, in its default mode: strconv
// parses, and each line is appended by hand (the loop issue 23 names).
const minread = "agentinput.dev/bench/internal/minread"

// mixedLines is the cycle the read rows' input repeats: six canonical JSON
// numbers, two strings that a strict parser also reads once unquoted, and
// two that only a lenient reader reads or asks about.
var mixedLines = []string{`4000`, `12.5`, `-3`, `"4000"`, `1e3`, `"4 000"`, `0.25`, `"12,5"`, `17`, `"abc"`}

// readInput writes the read rows' input: lines lines of mixedLines.
func readInput(dir string, lines int) (string, error) {
	path := filepath.Join(dir, "mixed.jsonl")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	for i := range lines {
		w.WriteString(mixedLines[i%len(mixedLines)])
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}

// buildAgentinput builds the command in the module this report is built
// against (bench/go.mod replaces agentinput.dev with the folder above),
// with that module's own go.mod, as a user builds it: the row measures the
// working tree's command.
func buildAgentinput(dir string) (string, error) {
	list := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "agentinput.dev")
	list.Dir = benchDir()
	root, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("go list -m agentinput.dev: %v", err)
	}
	bin := filepath.Join(dir, "agentinput")
	c := exec.Command("go", "build", "-o", bin, "./cmd/agentinput")
	c.Dir = strings.TrimSpace(string(root))
	if out, err := c.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/agentinput in %s: %v\n%s", c.Dir, err, out)
	}
	return bin, nil
}

func readRow() row {
	return row{id: "read/mixed", what: "lines of mixed numbers (6 canonical, 2 quoted, 2 lenient or asks in 10)",
		ours: "agentinput read number (built)", anchor: "minimal loop: strconv, lines appended by hand",
		target: 3, source: "issue 23 item 3",
		build: func(e *env) (side, side, error) {
			input, err := readInput(e.dir, e.lines)
			if err != nil {
				return nil, nil, err
			}
			bin, err := buildAgentinput(e.dir)
			if err != nil {
				return nil, nil, err
			}
			child := func(name string, args []string) func() *exec.Cmd {
				return func() *exec.Cmd {
					c := exec.Command(name, args...)
					c.Stderr = os.Stderr
					return c
				}
			}
			ours := proc{cmd: child(bin, []string{"read", "number"}), input: input, lines: e.lines}
			minimal, err := build(e.dir, minread)
			if err != nil {
				return nil, nil, err
			}
			anchor := proc{cmd: child(minimal, nil), input: input, lines: e.lines}
			return ours, anchor, nil
		}}
}
