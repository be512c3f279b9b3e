package frame

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/jsonscan/jsonscantest"
)

// TestScanLineAgrees: over the agreement suite of the module's JSON
// readers (jsonscantest), ScanLine agrees with encoding/json on what is
// one JSON value.
func TestScanLineAgrees(t *testing.T) {
	for _, s := range jsonscantest.Texts {
		checkScanLine(t, []byte(s))
	}
	rapid.Check(t, func(t *rapid.T) {
		checkScanLine(t, jsonscantest.Text().Draw(t, "text"))
	})
}

// checkScanLine checks ScanLine on line, trimmed of JSON's whitespace
// as the screen trims it.
func checkScanLine(t interface{ Fatalf(string, ...any) }, line []byte) {
	line = bytes.Trim(line, " \t\r\n")
	if len(line) == 0 {
		return
	}
	sc := ScanLine(line)
	if got, want := sc.Bad < 0, json.Valid(line); got != want {
		t.Fatalf("%q: ScanLine says valid=%v (bad at %d), encoding/json %v", line, got, sc.Bad, want)
	}
}

// A line over the budget is read to its end but only the budget is kept;
// the next line is read whole. Exactly at the budget is not over it.
func TestReadLineBudget(t *testing.T) {
	limit := agentinput.MaxFrameBytes
	at := strings.Repeat("a", limit)
	input := at + "\n" + at + "\r\n" + at + "b\n" + strings.Repeat("c", 3*limit) + "\nnext\n" + "last"
	br := bufio.NewReaderSize(strings.NewReader(input), 64<<10)
	type got struct {
		n    int
		over bool
		err  error
	}
	want := []got{{limit, false, nil}, {limit, false, nil}, {limit, true, nil}, {limit, true, nil}, {4, false, nil}, {4, false, io.EOF}}
	var buf []byte
	for i, w := range want {
		line, over, err := ReadLine(br, buf[:0], limit)
		buf = line
		if len(line) != w.n || over != w.over || err != w.err {
			t.Fatalf("line %d: %d bytes, over %v, err %v; want %+v", i, len(line), over, err, w)
		}
		if cap(line) > 2*limit {
			t.Fatalf("line %d: kept %d bytes", i, cap(line))
		}
	}
}
