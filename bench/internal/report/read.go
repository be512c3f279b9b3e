package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The read row runs `agentinput read number` as a built binary, because
// the command is package main and has no entry point another module can
// call; the anchor is this program run again as the minimal loop
// (MinimalRead). Both read the same file of mixed lines from standard
// input and write to /dev/null, and each side's CPU time is the child's
// own (user + system, start-up included: a few milliseconds against a
// second of reading).

// minimalEnv, set in a child's environment, makes this program the
// minimal read loop instead of the report.
const minimalEnv = "AGENTINPUT_REPORT_MINIMAL_READ"

// mixedLines is the cycle the read rows' input repeats: six canonical JSON
// numbers, two strings that a strict parser also reads once unquoted, and
// two that only a lenient reader reads or asks about.
var mixedLines = []string{`4000`, `12.5`, `-3`, `"4000"`, `1e3`, `"4 000"`, `0.25`, `"12,5"`, `17`, `"abc"`}

// MinimalRead is the anchor of the read row: the least a program can do
// and still answer every line with a JSON line. It reads lines, unquotes a
// JSON string, parses it with strconv.ParseFloat and writes
// {"input":LINE,"value":V} or {"input":LINE,"error":"invalid"}; the line
// is copied as it is (the input is JSON already). It skips blank lines.
func MinimalRead(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	buf := make([]byte, 0, 256)
	for {
		line, err := r.ReadSlice('\n')
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 {
			text := string(line)
			if line[0] == '"' {
				if u, uerr := strconv.Unquote(text); uerr == nil {
					text = u
				}
			}
			buf = append(buf[:0], `{"input":`...)
			buf = append(buf, line...)
			if f, perr := strconv.ParseFloat(text, 64); perr == nil {
				buf = append(buf, `,"value":`...)
				buf = strconv.AppendFloat(buf, f, 'g', -1, 64)
			} else {
				buf = append(buf, `,"error":"invalid"`...)
			}
			buf = append(buf, "}\n"...)
			if _, werr := w.Write(buf); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
	}
}

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
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "agentinput.dev").Output()
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
		ours: "agentinput read number (built)", anchor: "minimal strconv + JSON lines loop",
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
			child := func(name string, args []string, extraEnv ...string) func() *exec.Cmd {
				return func() *exec.Cmd {
					c := exec.Command(name, args...)
					c.Env = append(os.Environ(), extraEnv...)
					c.Stderr = os.Stderr
					return c
				}
			}
			ours := proc{cmd: child(bin, []string{"read", "number"}), input: input, lines: e.lines}
			anchor := proc{cmd: child(e.self, nil, minimalEnv+"=1"), input: input, lines: e.lines}
			return ours, anchor, nil
		}}
}
