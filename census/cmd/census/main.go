// Command census runs the census's ownership analyzer: it reports every use
// of a kind's parsing primitive (strconv.ParseFloat, time.Parse, uuid.Parse
// …) outside the package that owns the kind. Install it and run it under
// go vet:
//
//	go install agentinput.dev/census/cmd/census
//	go vet -vettool=$(go env GOPATH)/bin/census ./...
//
// or on its own over package patterns (census ./...). The ownership table,
// the allow comment and what is not guarded are described in docs/census.md.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"agentinput.dev/census"
)

func main() { singlechecker.Main(census.Analyzer) }
