#!/usr/bin/env bash
# Drives `agentinput proxy` with a real third-party MCP client, the MCP
# Inspector CLI (as .ci/inspector.sh runs it), in front of two upstream
# servers: a server in JavaScript (cmd/agentinput/testdata/invoices.mjs, no
# SDK) and agentinput's own demo server. It lists the tools, calls a read
# with lenient arguments, and checks that a write answers
# requires_human_approval and reaches nothing. Then it checks that the
# proxy refuses server-everything (npm), whose schemas are draft-07 and
# open: outside the host's profile.
#
# Without node and npm it skips, saying how to run it; under CI=true it
# fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/npm.sh
npm_install "the proxy step" @modelcontextprotocol/inspector@2.12.0 @modelcontextprotocol/server-everything@2026.8.31
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

# 3. server-everything: every tool outside the profile, so nothing binds.
everything="$scratch/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
"$scratch/agentinput" discover -- node "$everything" stdio >"$scratch/everything.json"
grep -q '"tools": null' "$scratch/everything.json" || fail "discover bound a server-everything tool" "$(head -40 "$scratch/everything.json")"
cat >"$scratch/sum.json" <<'JSON'
{"server_id": "everything", "tools": [{"remote": "get-sum", "policy": "read", "scope": "none", "concurrency": "parallel"}]}
JSON
status=0
"$scratch/agentinput" proxy --bind "$scratch/sum.json" -- node "$everything" stdio </dev/null >/dev/null 2>"$scratch/stderr" || status=$?
[ "$status" = 2 ] && grep -q mcp_schema_unsupported "$scratch/stderr" || fail "the proxy did not refuse get-sum (exit $status)" "$(cat "$scratch/stderr")"
echo "MCP Inspector: the proxy in front of a JavaScript server and the demo server read leniently and hold writes for approval; server-everything's draft-07 schemas are refused"
