package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// cliLine is one decoded output line of `agentinput read`.
type cliLine struct {
	Status string          `json:"status"`
	Value  json.RawMessage `json:"value"`
	Notes  []struct {
		Code string `json:"code"`
	} `json:"notes"`
	Ask *struct {
		Code     string `json:"code"`
		Message  string `json:"message"`
		Readings []struct {
			Value json.RawMessage `json:"value"`
		} `json:"readings"`
	} `json:"ask"`
}

// summary is a line in one short string: "value V notes…", "absent
// notes…" or "ask CODE readings…".
func (l cliLine) summary() string {
	var parts []string
	switch l.Status {
	case "value":
		parts = append(parts, "value", string(l.Value))
	case "absent":
		parts = append(parts, "absent")
	case "ask":
		parts = append(parts, "ask", l.Ask.Code)
		for _, r := range l.Ask.Readings {
			parts = append(parts, string(r.Value))
		}
		return strings.Join(parts, " ")
	}
	for _, n := range l.Notes {
		parts = append(parts, n.Code)
	}
	return strings.Join(parts, " ")
}

func readLines(t *testing.T, args ...string) []string {
	t.Helper()
	stdout, stderr, code := cli(append([]string{"read"}, args...), "")
	if code != 0 || stderr != "" {
		t.Fatalf("%q: exit %d, stderr %q", args, code, stderr)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var l cliLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%q: line %q: %v", args, line, err)
		}
		out = append(out, l.summary())
	}
	return out
}

func TestReadUUIDEnumStringlist(t *testing.T) {
	id := "4e6a3fac-9262-4826-91f0-e77195e54c58"
	other := "0b3f9c1e-7d2a-4e8b-9a61-5c4d3e2f1a0b"
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"uuid", other, strings.ToUpper(other), "{" + other + "}", "nope", "00000000-0000-0000-0000-000000000000", "<uuid>", "4000"},
			[]string{`value "` + other + `"`, `value "` + other + `" form`, `value "` + other + `" form`, "ask invalid",
				"absent placeholder", "absent placeholder", "ask wrong_type"}},
		// The kind's own example, which a tool's guidance advertises, is a
		// placeholder as on a tool (it was a value here, as no tool reads it).
		{[]string{"uuid", id}, []string{"absent placeholder"}},
		// On a tool that writes, a placeholder id is asked about.
		{[]string{"uuid", "--mode", "write", "00000000-0000-0000-0000-000000000000", "3fa85f64-5717-4562-b3fc-2c963f66afa6", "uuid", other},
			[]string{"ask placeholder_on_write", "ask placeholder_on_write", "ask placeholder_on_write", `value "` + other + `"`}},
		{[]string{"uuid", "--required", "<uuid>"}, []string{"ask missing_required"}},
		{[]string{"enum", "--values", "draft,published_at", "--synonym", "live=published_at", "draft", "Published At", "publishedAt", "LIVE", "drfat", "deleted"},
			[]string{`value "draft"`, `value "published_at" folded`, `value "published_at" folded`, `value "published_at" synonym`,
				`ask ambiguous "draft"`, "ask invalid"}},
		{[]string{"stringlist", "Smith, John", "Smith John", `["a","b"]`, `["a","N/A"]`, "5"},
			[]string{`ask ambiguous ["Smith, John"] ["Smith","John"]`, `value ["Smith John"] one_item`, `value ["a","b"]`, "ask invalid", `value ["5"] one_item scalar_as_text`}},
		// A free-text item with a bidirectional override or a control
		// character is an ask, here as on a tool's []string.
		{[]string{"stringlist", `["a","\u202eb"]`, `["\u0007"]`}, []string{"ask invalid", "ask invalid"}},
		{[]string{"stringlist", "--item", "uuid", id + ", " + strings.ToUpper(id), `["` + id + `", "00000000-0000-0000-0000-000000000000"]`},
			[]string{`value ["` + id + `","` + id + `"] split form`, "ask invalid"}},
		{[]string{"stringlist", "--item", "uuid", "--unique", id + ", " + strings.ToUpper(id)},
			[]string{`value ["` + id + `"] split duplicate`}},
		{[]string{"stringlist", "--item", "enum", "--values", "draft,published", "--unique", "draft; Published", `["draft","pubished"]`},
			[]string{`value ["draft","published"] split folded`, `ask ambiguous ["draft","published"]`}},
		// "1,5" is 1.5, which whole numbers refuse, or [1,5]: asked, with the
		// list as its reading (issue 32).
		{[]string{"stringlist", "--item", "number", "--integer", `[1, "2 000"]`, "1,5"},
			[]string{`value [1,2000] grouping`, "ask ambiguous [1,5]"}},
		// The list itself is absent when null or a placeholder; [] is a list.
		{[]string{"stringlist", "null", "N/A", "[]"}, []string{"absent", "absent placeholder", "value []"}},
	}
	for _, tt := range tests {
		got := readLines(t, tt.args...)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("read %q\n\tgot  %q\n\twant %q", tt.args, got, tt.want)
		}
	}
}

func TestStringlistUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"read", "stringlist", "--item", "uuid", "--values", "a", "x"}, "flag --values does not apply to item kind uuid"},
		{[]string{"read", "stringlist", "--item", "stringlist", "x"}, "--item stringlist: not a kind a list item can be"},
		{[]string{"read", "stringlist", "--item", "nope", "x"}, "--item nope: not a kind a list item can be"},
		{[]string{"read", "stringlist", "--integer", "x"}, "flag --integer does not apply to free-text items"},
		{[]string{"read", "stringlist", "--item", "enum", "x"}, "kind enum needs --values"},
		{[]string{"read", "enum", "x"}, "kind enum needs --values"},
		{[]string{"read", "enum", "--values", "Draft,draft", "x"}, `folds like`},
		{[]string{"read", "enum", "--values", "a", "--synonym", "b=c", "x"}, `which is not a declared value`},
		{[]string{"read", "enum", "--values", "a", "--synonym", "b", "x"}, `want alias=value`},
	} {
		stdout, stderr, code := cli(tt.args, "")
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || stdout != "" || !strings.Contains(first, tt.msg) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.args, code, stdout, first, tt.msg)
		}
	}
}
