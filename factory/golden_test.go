package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
)

// TestEnvelopesGolden pins the whole answer to a set of calls: the
// envelope (code, message, hint, every issue) or the notes and warnings
// beside a result. Rewrite with -update after a deliberate change.
func TestEnvelopesGolden(t *testing.T) {
	read, _ := newSearch(t, IntentRead)
	do, _ := newSearch(t, IntentDo)
	calls := []struct {
		tool *Tool
		args string
	}{
		{read, `{"query":"x","limit":"4 000","include_archived":"ano","min_score":"0,75"}`},
		{read, `{"query":"x","limit":"1,5","include_archived":"maybe","min_score":"1,234"}`},
		{read, `{"limt":5,"query":"x"}`},
		{read, `{"query":"x","min_score":"N/A","court":"Supreme Court"}`},
		{do, `{"query":"x","min_score":"N/A"}`},
		{read, `{"query":7}`},
		{read, `"search"`},
		{read, `{"query":`},
	}
	var b bytes.Buffer
	for _, c := range calls {
		res := c.tool.Call(context.Background(), json.RawMessage(c.args))
		out, err := json.MarshalIndent(struct {
			Tool     string              `json:"tool"`
			Args     string              `json:"arguments"`
			Output   any                 `json:"output,omitempty"`
			Notes    []agentinput.Remark `json:"notes"`
			Warnings []agentinput.Remark `json:"warnings"`
			Envelope *Envelope           `json:"envelope,omitempty"`
		}{c.tool.Name() + " (" + string(c.tool.Spec().Intent) + ")", c.args, res.Output, res.Notes, res.Warnings, res.Envelope}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b.Write(out)
		b.WriteString("\n")
	}
	path := filepath.Join("testdata", "envelopes.golden")
	if casefile.Updating() { // the test binary's one -update flag
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("envelopes differ from %s (run with -update after a deliberate change):\n%s", path, b.String())
	}
}
