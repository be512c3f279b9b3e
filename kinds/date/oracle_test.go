package date

// Code here connects the kind to internal/oracle, the invariants every
// fuzz target checks (exactly one outcome, canonical values and readings,
// complete asks, absent without a value).

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func checkOracle(t *testing.T, s string, opts Options) {
	canon := func(d Date) any { return Format(d) }
	for _, v := range oracle.Inputs(s) {
		oracle.Check(t, func(x any) agentinput.Outcome[Date] { return Read(x, opts) }, canon, v)
	}
}

// seedOracle adds each row of testdata/cases.txt as JSON text and, when
// it is a string, as itself, for each bound.
func seedOracle(f *testing.F) {
	file, err := os.Open("testdata/cases.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == '@' {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		var v any
		if dec.Decode(&v) != nil {
			continue
		}
		for b := range uint8(3) {
			f.Add(strings.TrimSpace(line[:dec.InputOffset()]), b)
			if s, ok := v.(string); ok {
				f.Add(s, b)
			}
		}
	}
}
