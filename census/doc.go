// Package census keeps the one-owner rule true as code grows: every kind of
// value has one owner package, and no other code parses that kind itself.
//
// Ownership is the table of kinds, their owner packages and the parsing
// primitives only those may use; docs/census.md shows the same table.
// Analyzer (built by package census/ownership from that table) reports every
// use of a guarded primitive outside its owner. It runs three ways:
//
//	go vet -vettool=$(go env GOPATH)/bin/census ./...   # after go install agentinput.dev/census/cmd/census
//	agentinput census [--all] ./...                     # exit status 1 on findings
//	census.Check(".", "./...")                          # from a test of your own module
//
// Check (and agentinput census) check the packages that declare tools and
// what they import (DeclaresTools); CheckAll (--all) checks every package
// with its tests. This module runs CheckAll over itself in its own tests,
// so `go test ./...` fails when a package reads another kind's spellings.
//
// Two subpackages check what a server advertises rather than its code:
// census/registry checks a set of factory tools (ids read as uuid, every
// property described, the name rules kept), and census/lint is the contract
// linter behind `agentinput lint`, over a factory registry or a live MCP
// server.
package census
