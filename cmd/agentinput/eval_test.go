package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeCorpus(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "corpus.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEvalTables(t *testing.T) {
	p := writeCorpus(t,
		`{"tool":"read_decisions","arguments":{"limit":20},"intended":{"limit":20},"label":"exact"}`,
		`{"tool":"read_decisions","arguments":{"limit":"20"},"intended":{"limit":20},"label":"string"}`,
		`{"tool":"read_decisions","arguments":{"date_from":"01/02/2026"},"intended":{"date_from":"2026-02-01"},"label":"ambiguous"}`,
		`{"tool":"read_decisions","arguments":{"limit":"twenty-two"},"intended":{"limit":22},"label":"word"}`,
	)
	var out, errs bytes.Buffer
	if code := run([]string{"eval", p}, nil, &out, &errs); code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs.String())
	}
	for _, want := range []string{
		"**4 calls: 3 within two attempts (75.0%), 2 on the first (50.0%), 0 wrong.**",
		"| read_decisions | 4 | 1 | 1 | 1 | 1 | 0 | 2 (50%) | 3 (75%) |",
		"| ambiguous | 1 | 0 | 0 | 1 | 0 | 0 | 0 (0%) | 1 (100%) |",
		"Rejected payloads (2)",
		`{"limit":"twenty-two"}`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestEvalWrongExitsOne(t *testing.T) {
	p := writeCorpus(t, `{"tool":"read_decisions","arguments":{"limit":20},"intended":{"limit":21},"label":"mismatch"}`)
	var out, errs bytes.Buffer
	if code := run([]string{"eval", "--json", p}, nil, &out, &errs); code != exitFindings {
		t.Fatalf("exit %d, want %d", code, exitFindings)
	}
	var rep struct {
		Total struct {
			Counts map[string]int `json:"counts"`
		} `json:"total"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Total.Counts["wrong"] != 1 {
		t.Errorf("counts %v, want one wrong", rep.Total.Counts)
	}
}

func TestEvalUsage(t *testing.T) {
	bad := writeCorpus(t, `{"tool":"no_such_tool","arguments":{},"intended":{}}`)
	for _, args := range [][]string{{"eval"}, {"eval", "--nope", "x"}, {"eval", "/does/not/exist.jsonl"}, {"eval", bad}} {
		if code := run(args, nil, &bytes.Buffer{}, &bytes.Buffer{}); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// The shipped corpus over streamable HTTP against the demonstration
// server scores as it does in process.
func TestEvalOverHTTP(t *testing.T) {
	server, err := demoServer(true, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	url := httpServer(t, server)
	corpus := "../../eval/testdata/demo.jsonl"
	var local, remote, errs bytes.Buffer
	codeLocal := run([]string{"eval", corpus}, nil, &local, &errs)
	codeRemote := run([]string{"eval", corpus, "--url", url}, nil, &remote, &errs)
	if codeLocal != codeRemote {
		t.Fatalf("exit %d in process, %d over HTTP: %s", codeLocal, codeRemote, errs.String())
	}
	first := func(s string) string { line, _, _ := strings.Cut(s, "\n"); return line }
	if first(local.String()) != first(remote.String()) || !strings.HasPrefix(local.String(), "**") {
		t.Errorf("in process: %s\nover HTTP: %s", first(local.String()), first(remote.String()))
	}
}

func TestEvalNeedsEcho(t *testing.T) {
	server, err := demoServer(false, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	p := writeCorpus(t, `{"tool":"read_decisions","arguments":{"limit":20},"intended":{"limit":20}}`)
	var errs bytes.Buffer
	if code := run([]string{"eval", "--url=" + httpServer(t, server), p}, nil, &bytes.Buffer{}, &errs); code != exitUsage ||
		!strings.Contains(errs.String(), "--echo-arguments") {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}

func TestEvalServerUsage(t *testing.T) {
	p := writeCorpus(t, `{"tool":"read_decisions","arguments":{},"intended":{}}`)
	for _, args := range [][]string{{"eval", p, "--"}, {"eval", p, "--url"}, {"eval", p, "--url=x", "--", "y"}} {
		if code := run(args, nil, &bytes.Buffer{}, &bytes.Buffer{}); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
