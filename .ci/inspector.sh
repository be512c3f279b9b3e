#!/usr/bin/env bash
# Drives `agentinput serve` with a real third-party MCP client, the MCP
# Inspector from the npm registry, in its CLI mode: list the tools, call one
# with lenient arguments, and check what comes back. Skipped, saying why,
# when node or npm is missing (a failure under CI=true, .ci/npm.sh).
#
# The Inspector declares node >=22.19 but its CLI mode runs on Node 20 (the
# postinstall step that builds its web clients is not needed for --cli).
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/npm.sh
npm_install "the MCP Inspector step" @modelcontextprotocol/inspector@2.12.0
go build -o "$scratch/agentinput" ./cmd/agentinput

list=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/list)
for tool in read_decisions read_decision can_do do_tag_decision; do
	grep -q "\"name\": \"$tool\"" <<<"$list" || { echo "FAILED: tools/list lacks $tool" >&2; exit 1; }
done

# Every do tool declares the idempotency key a model would need to retry
# safely (docs/writes.md), as the Inspector lists it.
node -e '
const list = JSON.parse(require("fs").readFileSync(0, "utf8"));
const doTools = list.tools.filter(t => t.name.startsWith("do_"));
const lacking = doTools.filter(t => {
	const key = (t.inputSchema.properties || {}).idempotency_key;
	return !key || key.type !== "string" || !/new action needs a new key/.test(key.description || "");
});
if (doTools.length === 0 || lacking.length > 0) {
	console.error("FAILED: do tools without idempotency_key in their input schema:", lacking.map(t => t.name));
	process.exit(1);
}' <<<"$list"

key=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --store memory --method tools/call --tool-name do_tag_decision \
	--tool-arg 'decision_id=x' --tool-arg 'tags=tax' --tool-arg 'idempotency_key={{idempotency_key}}' || true)
grep -q '"isError": true' <<<"$key" && grep -q 'placeholder_on_write' <<<"$key" || { echo "FAILED: a template key was not an ask:"; echo "$key"; exit 1; } >&2

call=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/call --tool-name read_decisions \
	--tool-arg 'court=nejvyssi soud' --tool-arg 'date_from=1. 1. 2020' --tool-arg 'limit=2')
grep -q 'Read \\"nejvyssi soud\\" as \\"NS\\"' <<<"$call" || { echo "FAILED: no note for the court:"; echo "$call"; exit 1; } >&2
grep -q 'Read \\"1. 1. 2020\\" as \\"2020-01-01\\"' <<<"$call" || { echo "FAILED: no note for the date:"; echo "$call"; exit 1; } >&2

ask=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method tools/call --tool-name read_decisions \
	--tool-arg 'date_from=01/02/2026' || true)
grep -q '"isError": true' <<<"$ask" || { echo "FAILED: an ambiguous date was not an error result:"; echo "$ask"; exit 1; } >&2
grep -q '2026-01-02' <<<"$ask" && grep -q '2026-02-01' <<<"$ask" || { echo "FAILED: the ask does not name both readings:"; echo "$ask"; exit 1; } >&2
# Resources and prompts (issue 39): the template listed with its
# annotations; a braced upper-case id read by the uuid kind and served
# under the canonical URI, with its Shape A _meta; the workflow prompt's
# arguments read by their kinds (a court in the genitive, a dotted date),
# said in a preface, with the decisions embedded; an ambiguous date asked
# about in the error's message, naming both readings.
templates=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method resources/templates/list)
grep -q '"uriTemplate": "decision://{id}"' <<<"$templates" && grep -q '"priority": 0.8' <<<"$templates" || { echo "FAILED: resources/templates/list:"; echo "$templates"; exit 1; } >&2
id=$(grep -o '\\"id\\": *\\"[0-9a-f-]\{36\}' <<<"$call" | head -1 | grep -o '[0-9a-f-]\{36\}')
[ -n "$id" ] || { echo "FAILED: no decision id in read_decisions' answer:"; echo "$call"; exit 1; } >&2
read=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method resources/read --uri "decision://%7B$(tr a-f A-F <<<"$id")%7D")
grep -q "\"uri\": \"decision://$id\"" <<<"$read" && grep -q '"sha256": "[0-9a-f]\{64\}"' <<<"$read" && grep -q 'canonical_uri' <<<"$read" ||
	{ echo "FAILED: a braced upper-case id was not served under its canonical URI with _meta:"; echo "$read"; exit 1; } >&2
prompt=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method prompts/get --prompt-name brief-on-decisions \
	--prompt-args 'court=Nejvyššího soudu' 'since=1. 1. 2020' 'count=2')
grep -q 'Arguments read: Read \\"Nejvyššího soudu\\" as \\"NS\\"' <<<"$prompt" && grep -q '"type": "resource"' <<<"$prompt" ||
	{ echo "FAILED: the prompt's arguments were not read, or nothing was embedded:"; echo "$prompt"; exit 1; } >&2
askp=$(timeout 120 "$inspector" --cli "$scratch/agentinput" serve --method prompts/get --prompt-name brief-on-decisions \
	--prompt-args 'court=NS' 'since=01/02/2026' 2>&1 || true)
grep -q '2026-01-02' <<<"$askp" && grep -q '2026-02-01' <<<"$askp" || { echo "FAILED: the prompt's ambiguous date was not asked about:"; echo "$askp"; exit 1; } >&2
echo "MCP Inspector: tools/list (with every do tool's idempotency_key), a template key, a lenient call, an ambiguous date, the decision://{id} template, a read of a braced id and the workflow prompt (read, and asked) all as expected"
