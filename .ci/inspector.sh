#!/usr/bin/env bash
# Drives `agentinput serve` with a real third-party MCP client, the MCP
# Inspector from the npm registry, in its CLI mode: list the tools, call one
# with lenient arguments, and check what comes back. Skipped, saying why,
# when node or npm is missing.
#
# The Inspector declares node >=22.19 but its CLI mode runs on Node 20 (the
# postinstall step that builds its web clients is not needed for --cli).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "SKIPPED: the MCP Inspector step needs node and npm, which this machine lacks" >&2
	exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
npm install --silent --no-audit --no-fund --prefix "$scratch" @modelcontextprotocol/inspector@2.12.0 >/dev/null 2>&1 || {
	echo "FAILED: npm could not install @modelcontextprotocol/inspector@2.12.0" >&2
	exit 1
}
inspector="$scratch/node_modules/.bin/mcp-inspector"
go build -o "$scratch/agentinput" ./cmd/agentinput

list=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/list)
for tool in read_decisions read_decision can_do do_tag_decision; do
	grep -q "\"name\": \"$tool\"" <<<"$list" || { echo "FAILED: tools/list lacks $tool" >&2; exit 1; }
done

call=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/call --tool-name read_decisions \
	--tool-arg 'court=nejvyssi soud' --tool-arg 'date_from=1. 1. 2020' --tool-arg 'limit=2')
grep -q 'Read \\"nejvyssi soud\\" as \\"NS\\"' <<<"$call" || { echo "FAILED: no note for the court:"; echo "$call"; exit 1; } >&2
grep -q 'Read \\"1. 1. 2020\\" as \\"2020-01-01\\"' <<<"$call" || { echo "FAILED: no note for the date:"; echo "$call"; exit 1; } >&2

ask=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/call --tool-name read_decisions \
	--tool-arg 'date_from=01/02/2026' || true)
grep -q '"isError": true' <<<"$ask" || { echo "FAILED: an ambiguous date was not an error result:"; echo "$ask"; exit 1; } >&2
grep -q '2026-01-02' <<<"$ask" && grep -q '2026-02-01' <<<"$ask" || { echo "FAILED: the ask does not name both readings:"; echo "$ask"; exit 1; } >&2
echo "MCP Inspector: tools/list, a lenient call and an ambiguous date all as expected"
