#!/usr/bin/env bash
# Drives `agentinput proxy` with a real third-party MCP client, the MCP
# Inspector CLI (as .ci/inspector.sh runs it), in front of two upstream
# servers: a server in JavaScript (cmd/agentinput/testdata/invoices.mjs, no
# SDK) and agentinput's own demo server. It lists the tools, calls a read
# with lenient arguments, and checks that a write answers
# requires_human_approval and reaches nothing. Then three npm servers
# whose schemas are draft-07 and open (server-everything, -filesystem,
# -memory): discover writes a suggested declared schema for their tools,
# and the proxy binds the checked-in binding files
# (cmd/agentinput/testdata/bind), reads leniently against the declared
# schemas, and holds server-memory's write for approval.
#
# Without node and npm it skips, saying how to run it; under CI=true it
# fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/npm.sh
npm_install "the proxy step" @modelcontextprotocol/inspector@2.12.0 @modelcontextprotocol/server-everything@2026.8.31 \
	@modelcontextprotocol/server-filesystem@2026.8.31 @modelcontextprotocol/server-memory@2026.8.31
go build -o "$scratch/agentinput" ./cmd/agentinput
fail() { echo "FAILED: $1" >&2; shift; printf '%s\n' "$@" >&2; exit 1; }

# 1. A server in JavaScript.
cat >"$scratch/invoices.json" <<'JSON'
{"server_id": "invoices", "tools": [
 {"remote": "quote_invoice", "policy": "read", "scope": "none", "concurrency": "parallel"},
 {"remote": "book_payment", "policy": "confirm", "effect": "write", "concurrency": "serial",
  "binding_id": "invoices-book", "binding_revision": "1", "scope": {"id": "ledger", "revision": "1"}}]}
JSON
export INVOICES_LEDGER="$scratch/ledger.jsonl"
proxy=("$scratch/agentinput" proxy --bind "$scratch/invoices.json" --store "sqlite:$scratch/approvals.db" -- node cmd/agentinput/testdata/invoices.mjs)
list=$(timeout 120 "$inspector" --cli "${proxy[@]}" --method tools/list)
for tool in quote_invoice book_payment dispatch_approved_write; do
	grep -q "\"name\": \"$tool\"" <<<"$list" || fail "tools/list lacks $tool" "$list"
done
# The Inspector converts an argument to the type the schema advertises
# before it sends it (Number("4 000") is NaN, sent as null), so the grouped
# number is left to the go-sdk tests (cmd/agentinput/proxy_test.go); the
# date reaches the proxy as written.
call=$(timeout 120 "$inspector" --cli "${proxy[@]}" --method tools/call --tool-name quote_invoice \
	--tool-arg 'amount=4000' --tool-arg 'issued_on=1. 10. 2026')
grep -q 'quote: {\\"amount\\":4000,\\"issued_on\\":\\"2026-10-01\\"}' <<<"$call" || fail "the JavaScript server did not get the canonical arguments" "$call"
grep -q 'Read \\"1. 10. 2026\\" as \\"2026-10-01\\"' <<<"$call" || fail "no note for the date" "$call"
write=$(timeout 120 "$inspector" --cli "${proxy[@]}" --method tools/call --tool-name book_payment \
	--tool-arg 'amount=4000' --tool-arg 'issued_on=1. 10. 2026' || true)
grep -q 'requires_human_approval' <<<"$write" || fail "a write was not held for approval" "$write"
[ ! -s "$INVOICES_LEDGER" ] || fail "the JavaScript server was written to without an approval" "$(cat "$INVOICES_LEDGER")"

# 2. agentinput's own demo server.
cat >"$scratch/demo.json" <<'JSON'
{"server_id": "demo", "tools": [
 {"remote": "read_decisions", "policy": "read", "scope": "none", "concurrency": "parallel"}]}
JSON
demo=("$scratch/agentinput" proxy --bind "$scratch/demo.json" -- "$scratch/agentinput" serve --store memory)
list=$(timeout 120 "$inspector" --cli "${demo[@]}" --method tools/list)
grep -q '"name": "read_decisions"' <<<"$list" || fail "tools/list lacks read_decisions" "$list"
! grep -q '"name": "do_tag_decision"' <<<"$list" || fail "an unbound tool is listed" "$list"
call=$(timeout 120 "$inspector" --cli "${demo[@]}" --method tools/call --tool-name read_decisions \
	--tool-arg 'date_from=1. 1. 2020' --tool-arg 'limit=2')
grep -q 'Read \\"1. 1. 2020\\" as \\"2020-01-01\\"' <<<"$call" || fail "no note for the date" "$call"

# 3. The npm servers, bound through declared schemas. discover writes a
# suggested strict schema, with the reason, for each tool whose own does
# not fit the profile.
modules="$scratch/node_modules/@modelcontextprotocol"
root="$scratch/files"
mkdir -p "$root" && printf 'first line\nsecond line\n' >"$root/notes.txt"
export MEMORY_FILE_PATH="$scratch/memory.jsonl"
everything=(node "$modules/server-everything/dist/index.js" stdio)
filesystem=(node "$modules/server-filesystem/dist/index.js" "$root")
memory=(node "$modules/server-memory/dist/index.js")
for server in everything filesystem memory; do
	declare -n upstream=$server
	"$scratch/agentinput" discover -- "${upstream[@]}" >"$scratch/$server-discovered.json"
	suggested=$(grep -c '"declared_because": "mcp_schema_unsupported: the input schema does not fit the profile: \$schema is \\"http://json-schema.org/draft-07/schema#\\"' "$scratch/$server-discovered.json" || true)
	[ "$suggested" -ge 9 ] || fail "discover suggested $suggested declared schemas for $server" "$(head -60 "$scratch/$server-discovered.json")"
	unset -n upstream
done
# The proxy binds each checked-in file and serves its tools. The Inspector
# converts an argument to the type the schema advertises before it sends
# it, so the lenient arguments here are string-typed: an enum in another
# case or with spaces, a lone string for a list.
bind=cmd/agentinput/testdata/bind
list=$(timeout 120 "$inspector" --cli "$scratch/agentinput" proxy --bind "$bind/everything.json" -- "${everything[@]}" --method tools/list)
grep -q '"name": "get-structured-content"' <<<"$list" || fail "tools/list lacks get-structured-content" "$list"
! grep -q '"name": "get-env"' <<<"$list" || fail "an unbound tool is listed" "$list"
call=$(timeout 120 "$inspector" --cli "$scratch/agentinput" proxy --bind "$bind/everything.json" -- "${everything[@]}" \
	--method tools/call --tool-name get-structured-content --tool-arg 'location=new york')
grep -q 'Read \\"new york\\" as \\"New York\\"' <<<"$call" && grep -q '"temperature"' <<<"$call" || fail "server-everything: no lenient read" "$call"
call=$(timeout 120 "$inspector" --cli "$scratch/agentinput" proxy --bind "$bind/filesystem.json" -- "${filesystem[@]}" \
	--method tools/call --tool-name list_directory_with_sizes --tool-arg "path=$root" --tool-arg 'sortBy= Size ')
grep -q 'Read \\"Size\\" as \\"size\\"' <<<"$call" && grep -q 'notes.txt' <<<"$call" || fail "server-filesystem: no lenient read" "$call"
call=$(timeout 120 "$inspector" --cli "$scratch/agentinput" proxy --bind "$bind/memory.json" --store "sqlite:$scratch/approvals.db" -- "${memory[@]}" \
	--method tools/call --tool-name open_nodes --tool-arg 'names=Alice')
grep -q 'Read \\"Alice\\" as \[\\"Alice\\"\]' <<<"$call" && grep -q '"entities"' <<<"$call" || fail "server-memory: no lenient read" "$call"
write=$(timeout 120 "$inspector" --cli "$scratch/agentinput" proxy --bind "$bind/memory.json" --store "sqlite:$scratch/approvals.db" -- "${memory[@]}" \
	--method tools/call --tool-name create_entities --tool-arg 'entities=[{"name":"Alice","entityType":"person","observations":["likes tea"]}]' || true)
grep -q 'requires_human_approval' <<<"$write" || fail "server-memory: a write was not held for approval" "$write"
[ ! -e "$MEMORY_FILE_PATH" ] || fail "server-memory was written to without an approval" "$(cat "$MEMORY_FILE_PATH")"
echo "MCP Inspector: the proxy in front of a JavaScript server and the demo server reads leniently and holds writes for approval; server-everything, -filesystem and -memory bind through declared schemas"
