#!/usr/bin/env bash
# An outside module built against this checkout, as the README says to do
# before the first release: a new module in a temporary directory, which
# requires agentinput.dev at v0.0.0 and replaces it with the checkout
# (go mod edit), then go mod tidy, go build and a run of the program, which
# reads one value with a kind and one call with the factory. It needs the
# Go module proxy (or a module cache) for the dependencies.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export GOWORK=off GOFLAGS=-mod=mod
go mod init example.com/outside >/dev/null 2>&1
go mod edit -require=agentinput.dev@v0.0.0 -replace=agentinput.dev="$checkout"
cat > main.go <<'GO'
package main

import (
	"context"
	"encoding/json"
	"fmt"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/number"
)

type in struct {
	Limit int `json:"limit" desc:"How many results to return."`
}

func main() {
	v, _ := number.Read("4 000", number.Options{}).Value()
	fmt.Println("number:", v)
	tool := factory.Must(factory.Spec{Name: "search_notes", Title: "Search notes",
		Description: "Searches the notes by the words in their text. Use when the user asks what was written about a topic.",
		Intent:      factory.IntentRead},
		func(_ context.Context, in in, _ *factory.Call) (string, error) { return fmt.Sprint(in.Limit), nil })
	res := tool.Call(context.Background(), json.RawMessage(`{"limit":"1 000"}`))
	fmt.Println("limit:", res.Output)
}
GO
go mod tidy
go build -o outside .
got=$(./outside)
want=$'number: 4000\nlimit: 100'
if [ "$got" != "$want" ]; then
	echo "outside module: got" >&2
	echo "$got" >&2
	echo "want" >&2
	echo "$want" >&2
	exit 1
fi
echo "an outside module built against $checkout with a replace: ok"
