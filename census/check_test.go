package census

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModule writes a small module into a temporary directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if files["go.mod"] == "" {
		files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCheck runs CheckAll as a user's test would, over a module of its
// own: a second reader in a package and in a test file, an allowed use, and
// a clean package.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := writeModule(t, map[string]string{
		"handler/handler.go": `package handler

import "strconv"

func Limit(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func Flag(s string) bool {
	//agentinput:allow boolean the legacy config file spells its flags as Go booleans
	b, _ := strconv.ParseBool(s)
	return b
}
`,
		"handler/handler_test.go": `package handler_test

import (
	"strconv"
	"testing"
)

func TestX(t *testing.T) { strconv.ParseBool("true") }
`,
		"clean/clean.go": "package clean\n\nfunc F() int { return 1 }\n",
	})
	findings, err := CheckAll(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"handler/handler.go:6:10: strconv.Atoi parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"handler/handler_test.go:8:28: strconv.ParseBool parses a boolean: only agentinput.dev/kinds/boolean may; call boolean.Read or boolean.Parse",
	}
	var got []string
	for _, f := range findings {
		rel, _ := filepath.Rel(dir, f.Pos.Filename)
		f.Pos.Filename = filepath.ToSlash(rel)
		if f.Category != "use" {
			t.Errorf("%s: category %q, want use", f, f.Category)
		}
		got = append(got, f.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	clean, err := CheckAll(dir, "./clean")
	if err != nil || len(clean) != 0 {
		t.Errorf("Check(./clean) = %v, %v; want nothing", clean, err)
	}
}

// TestCheckLoadErrors: a census that cannot check everything it was asked
// to check fails instead of passing.
func TestCheckLoadErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := writeModule(t, map[string]string{
		"ok/ok.go":       "package ok\n",
		"broken/b.go":    "package broken\n\nfunc F() int { return \"x\" }\n",
		"syntax/s.go":    "package syntax\n\nfunc F( {\n",
		"imports/imp.go": "package imports\n\nimport _ \"example.com/m/missing\"\n",
	})
	for _, pattern := range []string{"./broken", "./syntax", "./imports", "./nothing/...", "./..."} {
		findings, err := Check(dir, pattern)
		if err == nil {
			t.Errorf("Check(%s) = %v, nil; want an error", pattern, findings)
		} else if !strings.HasPrefix(err.Error(), "census: ") {
			t.Errorf("Check(%s) error %q does not say it is the census's", pattern, err)
		}
	}
	if f, err := CheckAll(dir, "./ok"); err != nil || len(f) != 0 {
		t.Errorf("Check(./ok) = %v, %v", f, err)
	}
}

// scopeModule is a module that serves tools: a factory server, a go-sdk
// server (mcp.AddTool), a server by method ((*mcp.Server).AddTool), an
// mcp-go server ((*server.MCPServer).AddTool, and AddSessionTool), a
// package that only defines mcp-go tools (mcp.NewTool) for another to
// register, what
// they call, and packages that serve no tool (a go-sdk client, protocol
// code no server imports, a test). The factory, the SDKs and google's
// uuid are stubs (directory replacements): the census knows them by
// package path, and a stub needs no download.
func scopeModule(t *testing.T) string {
	t.Helper()
	return writeModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n\n" +
			"require (\n\tagentinput.dev v0.0.0\n\tgithub.com/google/uuid v0.0.0\n\tgithub.com/mark3labs/mcp-go v0.0.0\n\tgithub.com/modelcontextprotocol/go-sdk v0.0.0\n)\n\n" +
			"replace agentinput.dev => ./stub/ai\n\nreplace github.com/google/uuid => ./stub/uuid\n\nreplace github.com/mark3labs/mcp-go => ./stub/mark3labs\n\nreplace github.com/modelcontextprotocol/go-sdk => ./stub/sdk\n",
		"stub/ai/go.mod":                  "module agentinput.dev\n\ngo 1.26\n",
		"stub/ai/factory/factory.go":      "package factory\n\ntype Tool struct{}\n\nfunc New(name string) *Tool { return &Tool{} }\n",
		"stub/sdk/go.mod":                 "module github.com/modelcontextprotocol/go-sdk\n\ngo 1.26\n",
		"stub/sdk/mcp/mcp.go":             "package mcp\n\ntype Server struct{}\n\nfunc (*Server) AddTool(name string) {}\n\nfunc AddTool[In any](s *Server, name string, h func(In)) {}\n\ntype Client struct{}\n\nfunc NewClient() *Client { return &Client{} }\n",
		"stub/mark3labs/go.mod":           "module github.com/mark3labs/mcp-go\n\ngo 1.26\n",
		"stub/mark3labs/server/server.go": "package server\n\ntype MCPServer struct{}\n\nfunc (*MCPServer) AddTool(name string) {}\n\nfunc (*MCPServer) AddSessionTool(session, name string) {}\n",
		"stub/mark3labs/mcp/mcp.go":       "package mcp\n\ntype Tool struct{}\n\ntype ToolOption func(*Tool)\n\nfunc NewTool(name string, opts ...ToolOption) Tool { return Tool{} }\n\nfunc WithDescription(d string) ToolOption { return nil }\n",
		"mark3tools/t.go":                 "package mark3tools\n\nimport (\n\t\"strconv\"\n\n\t\"github.com/mark3labs/mcp-go/mcp\"\n)\n\nvar Search = mcp.NewTool(\"search\", mcp.WithDescription(\"d\"))\n\nfunc Limit(s string) int { n, _ := strconv.Atoi(s); return n }\n",
		"mark3session/m.go":               "package mark3session\n\nimport (\n\t\"strconv\"\n\n\t\"github.com/mark3labs/mcp-go/server\"\n)\n\nfunc Register(s *server.MCPServer) { s.AddSessionTool(\"s1\", \"read_v\"); strconv.ParseFloat(\"1\", 64) }\n",
		"mark3/m.go":                      "package mark3\n\nimport (\n\t\"strconv\"\n\n\t\"github.com/mark3labs/mcp-go/server\"\n)\n\nfunc Register(s *server.MCPServer) { s.AddTool(\"read_w\"); strconv.ParseInt(\"1\", 10, 64) }\n",
		"stub/uuid/go.mod":                "module github.com/google/uuid\n\ngo 1.26\n",
		"stub/uuid/uuid.go":               "package uuid\n\ntype UUID [16]byte\n\nfunc Parse(s string) (UUID, error) { return UUID{}, nil }\n",
		"server/server.go": `package server

import (
	"strconv"

	"agentinput.dev/factory"
	"example.com/m/helper"
)

var Tool = factory.New("read_x")

func Limit(s string) int {
	n, _ := strconv.Atoi(s)
	return n + helper.N
}
`,
		"server/server_test.go": "package server\n\nimport (\n\t\"strconv\"\n\t\"testing\"\n)\n\nfunc TestX(t *testing.T) { strconv.Atoi(\"1\") }\n",
		"helper/helper.go":      "package helper\n\nimport (\n\t\"strconv\"\n\n\t\"example.com/m/deep\"\n)\n\nvar N = deep.N\n\nfunc Flag(s string) bool { b, _ := strconv.ParseBool(s); return b }\n",
		"deep/deep.go":          "package deep\n\nimport \"time\"\n\nvar N = 1\n\nfunc Day(s string) { time.Parse(time.DateOnly, s) }\n",
		"sdkserver/s.go": `package sdkserver

import (
	"strconv"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) {
	mcp.AddTool(s, "read_y", func(in string) { strconv.ParseFloat(in, 64) })
	uuid.Parse("x")
}
`,
		"method/m.go":   "package method\n\nimport (\n\t\"strconv\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\nfunc Register(s *mcp.Server) { s.AddTool(\"read_z\"); strconv.ParseUint(\"1\", 10, 64) }\n",
		"client/c.go":   "package client\n\nimport (\n\t\"strconv\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\nvar C = mcp.NewClient()\n\nfunc F(s string) { strconv.Atoi(s) }\n",
		"protocol/p.go": "package protocol\n\nimport \"strconv\"\n\nfunc F(s string) { strconv.Atoi(s) }\n",
	})
}

// TestCheckScope: Check reports the packages that declare tools and what
// they call, and nothing else; CheckAll reports every package with its
// tests; a set without a tool package is an error, never a clean pass.
// The message names which uuid.Parse is which.
func TestCheckScope(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := scopeModule(t)
	rel := func(fs []Finding) []string {
		var out []string
		for _, f := range fs {
			r, _ := filepath.Rel(dir, f.Pos.Filename)
			out = append(out, filepath.ToSlash(r)+": "+f.Message)
		}
		return out
	}
	scoped := []string{
		"deep/deep.go: time.Parse parses a date or a timestamp: only agentinput.dev/kinds/date or agentinput.dev/kinds/timestamp may; call date.Read or date.Parse, or timestamp.New or timestamp.Parse",
		"helper/helper.go: strconv.ParseBool parses a boolean: only agentinput.dev/kinds/boolean may; call boolean.Read or boolean.Parse",
		"mark3/m.go: strconv.ParseInt parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"mark3session/m.go: strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"mark3tools/t.go: strconv.Atoi parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"method/m.go: strconv.ParseUint parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"sdkserver/s.go: strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"sdkserver/s.go: github.com/google/uuid.Parse parses a uuid: only agentinput.dev/kinds/uuid may; call agentinput.dev/kinds/uuid.Read or agentinput.dev/kinds/uuid.Parse",
		"server/server.go: strconv.Atoi parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
	}
	findings, err := Check(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if got := rel(findings); strings.Join(got, "\n") != strings.Join(scoped, "\n") {
		t.Errorf("Check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(scoped, "\n"))
	}

	all, err := CheckAll(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(rel(all), "\n")
	for _, want := range append(scoped,
		"client/c.go: strconv.Atoi parses a number",
		"protocol/p.go: strconv.Atoi parses a number",
		"server/server_test.go: strconv.Atoi parses a number") {
		if !strings.Contains(got, want) {
			t.Errorf("CheckAll did not report %q; it found\n%s", want, got)
		}
	}

	for _, pattern := range []string{"./protocol", "./client"} {
		if f, err := Check(dir, pattern); err == nil || !strings.Contains(err.Error(), "declares tools") {
			t.Errorf("Check(%s) = %v, %v; want an error saying no package declares tools", pattern, f, err)
		}
	}
}
