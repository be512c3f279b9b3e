#!/usr/bin/env bash
# agentinput.dev/mcpgo, the mcp-go retrofit in its own module (so that the
# root module never requires mcp-go): vet, tests, tidy, staticcheck, then
# its example server driven over stdio by the MCP Inspector's CLI, a real
# client sending the strings a model sends. The Inspector part is skipped,
# saying why, when node or npm is missing (a failure under CI=true).
set -euo pipefail
cd "$(dirname "$0")/../mcpgo"
source ../.ci/npm.sh

go vet ./...
go test -count=1 ./...
go mod tidy -diff
if [ -n "${STATICCHECK:-}" ]; then
	"$STATICCHECK" ./...
fi
if go list -deps ./... | grep -q modelcontextprotocol/go-sdk; then
	echo "FAILED: agentinput.dev/mcpgo links go-sdk" >&2
	exit 1
fi

npm_install "the mcp-go retrofit's Inspector part" @modelcontextprotocol/inspector@2.12.0
go build -o "$scratch/findserver" ./cmd/findserver

# The Inspector converts a --tool-arg to the type the schema names before
# sending it (a number property gets no string through), so the strings
# checked here are those of string properties; mcpgo_test.go sends the
# numbers and booleans a model spells.
call=$(timeout 120 "$inspector" --cli "$scratch/findserver" --method tools/call --tool-name find_items \
	--tool-arg 'query=x' --tool-arg 'since=1. 10. 2026')
grep -q 'since=\\"2026-10-01\\"' <<<"$call" || { echo "FAILED: the handler did not get the date read:"; echo "$call"; exit 1; } >&2
grep -q 'Read \\"1. 10. 2026\\" as \\"2026-10-01\\"' <<<"$call" || { echo "FAILED: no note for the date:"; echo "$call"; exit 1; } >&2

ask=$(timeout 120 "$inspector" --cli "$scratch/findserver" --method tools/call --tool-name find_items \
	--tool-arg 'query=x' --tool-arg 'since=01/02/2026' || true)
grep -q '"isError": true' <<<"$ask" || { echo "FAILED: an ambiguous date was not an error result:"; echo "$ask"; exit 1; } >&2
grep -q '2026-01-02' <<<"$ask" && grep -q '2026-02-01' <<<"$ask" || { echo "FAILED: the ask does not name both readings:"; echo "$ask"; exit 1; } >&2
echo "mcpgo: tests pass; over stdio the MCP Inspector's call had a day-first date read with a note, and an ambiguous date was an ask with both readings"
