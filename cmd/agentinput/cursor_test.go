package main

import (
	"strings"
	"testing"
)

const testKey = "0123456789abcdef-test"

func TestReadCursorWithoutKey(t *testing.T) {
	t.Setenv(cursorKeyEnv, "")
	checkLines(t, []string{"read", "cursor", "start", "0", "1", "page1", "__start__", " ", "null", "c1_AAAA", "C1_whatever"}, []want{
		{"absent", ""}, {"absent", ""}, {"absent", ""}, {"absent", ""}, {"absent", ""}, {"absent", ""}, {"absent", ""},
		{"ask", "invalid_cursor"}, {"ask", "invalid_cursor"},
	})
}

func TestCursorEncodeDecode(t *testing.T) {
	t.Setenv(cursorKeyEnv, "")
	stdout, stderr, code := cli([]string{"cursor", "encode", "--key", testKey, "--offset", "40", "--page-size", "20", "--session", "s", "--filters", "f"}, "")
	token := strings.TrimSpace(stdout)
	if code != 0 || stderr != "" || !strings.HasPrefix(token, "c1_") {
		t.Fatalf("encode: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	checkLines(t, []string{"cursor", "decode", "--key", testKey, "--session", "s", "--filters", "f", token, token + "x", "start"}, []want{
		{"value", ""}, {"ask", "invalid_cursor"}, {"absent", ""},
	})
	// The key from the environment; another session's token.
	t.Setenv(cursorKeyEnv, testKey)
	checkLines(t, []string{"cursor", "decode", "--session", "other", "--filters", "f", token}, []want{{"ask", "invalid_cursor"}})
	checkLines(t, []string{"read", "cursor", "--session", "s", "--filters", "f", token}, []want{{"value", ""}})
	stdout, _, _ = cli([]string{"cursor", "decode", "--session", "s", "--filters", "f"}, `"`+token+`"`+"\n")
	if !strings.Contains(stdout, `"offset":40,"page_size":20`) {
		t.Errorf("decode from standard input: %s", stdout)
	}
}

func TestCursorUsage(t *testing.T) {
	t.Setenv(cursorKeyEnv, "")
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"cursor"}, "Usage: agentinput cursor"},
		{[]string{"cursor", "frob"}, `unknown subcommand "frob"`},
		{[]string{"cursor", "encode", "--offset", "1"}, "no key"},
		{[]string{"cursor", "encode", "--key", "short"}, "at least 16"},
		{[]string{"cursor", "encode", "--key", testKey, "--offset", "-1"}, "--offset"},
		{[]string{"cursor", "decode", "x"}, "no key"},
		{[]string{"read", "cursor", "--key", "short", "x"}, "at least 16"},
	} {
		stdout, stderr, code := cli(tt.args, "")
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || stdout != "" || !strings.Contains(first, tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tt.args, code, first, tt.msg)
		}
	}
}
