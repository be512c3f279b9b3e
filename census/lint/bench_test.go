package lint_test

import (
	"context"
	"testing"

	"agentinput.dev/census/lint"
	"agentinput.dev/census/lint/linttest"
	"agentinput.dev/internal/demo"
)

func benchTools(b *testing.B) []lint.Tool {
	tools, err := demo.Tools(demo.NewStore(), make([]byte, 32), quiet{})
	if err != nil {
		b.Fatal(err)
	}
	return lint.From(tools)
}

// BenchmarkLintDemo lints the demonstration catalog (4 tools, clean).
func BenchmarkLintDemo(b *testing.B) {
	tools := benchTools(b)
	for b.Loop() {
		lint.Lint(tools, lint.Options{ProMCP: true})
	}
}

// BenchmarkLintBad lints a catalog of 10 tools that breaks every rule.
func BenchmarkLintBad(b *testing.B) {
	tools := linttest.Tools()
	for b.Loop() {
		lint.Lint(tools, lint.Options{ProMCP: true})
	}
}

// BenchmarkDigestDemo digests the demonstration catalog.
func BenchmarkDigestDemo(b *testing.B) {
	tools := benchTools(b)
	for b.Loop() {
		lint.Digest(tools)
	}
}

// BenchmarkListInMemory lists 8 tools, 3 to a page, over an in-memory
// session.
func BenchmarkListInMemory(b *testing.B) {
	cs := session(b, 8, 3, nil)
	for b.Loop() {
		if _, err := lint.List(context.Background(), cs, lint.Budget{}); err != nil {
			b.Fatal(err)
		}
	}
}
