#!/usr/bin/env bash
# The retrofit on real public servers, each pinned in a module of its own
# under examples/retrofit (so that no server's dependencies reach the
# root module): vet, the before/after test, tidy. The modules come from
# the Go proxy; no test reaches an outside service (each stubs the
# server's backend over loopback).
set -euo pipefail
cd "$(dirname "$0")/../examples/retrofit"
for dir in */; do
	echo "-- examples/retrofit/$dir"
	(cd "$dir" && go vet ./... && go test -count=1 -v ./... | grep -E '^(---|ok|FAIL|PASS)|alone:' && go mod tidy -diff)
done

# The ecosystem census (docs/census.md, "Compare your server"): agentinput
# census over mcp-grafana's source, as the Go proxy serves it, and
# agentinput lint over the running server (it lists its tools and reads its
# resource; GRAFANA_URL names a closed loopback port, so no Grafana is
# reached). Each finding class is counted and the counts compared with
# grafana/findings.txt, which docs/census.md's table is written from: a
# change of either tool's rules that moves a count changes that file in
# the same commit.
echo "-- census and lint over mcp-grafana (examples/retrofit/grafana/findings.txt)"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd ../.. && go build -o "$bin/agentinput" ./cmd/agentinput)
(cd grafana && go build -o "$bin/mcp-grafana" github.com/grafana/mcp-grafana/cmd/mcp-grafana)
src=$(cd grafana && go list -m -f '{{.Dir}}' github.com/grafana/mcp-grafana)
status=0
(cd "$src" && "$bin/agentinput" census ./...) >"$bin/census.txt" 2>&1 || status=$?
[ "$status" = 1 ] || { echo "FAILED: agentinput census over mcp-grafana exited $status" >&2; cat "$bin/census.txt" >&2; exit 1; }
status=0
GRAFANA_URL=http://127.0.0.1:9 timeout 120 "$bin/agentinput" lint -- "$bin/mcp-grafana" >"$bin/lint.txt" 2>"$bin/lint.err" || status=$?
[ "$status" = 1 ] || { echo "FAILED: agentinput lint over mcp-grafana exited $status" >&2; cat "$bin/lint.txt" "$bin/lint.err" >&2; exit 1; }
{
	head -1 "$bin/lint.txt"
	# census: "DIR/FILE:LINE:COL: CALL parses a KIND: …" counted by directory and kind
	sed -nE 's/^((.*)\/)?[^/:]*:[0-9]+:[0-9]+: [^ ]+ parses (an? [a-z ]+):.*/census \2 \3/p' "$bin/census.txt" |
		sed -E 's/^census  /census (root) /' | sort | uniq -c | awk '{c=$1; $1=""; print substr($0, 2) ": " c}'
	# lint: "error|warning RULE …" counted by severity and rule
	awk '$1 == "error" || $1 == "warning" {sub(":$", "", $2); print "lint " $1 " " $2}' "$bin/lint.txt" | sort | uniq -c |
		awk '{c=$1; $1=""; print substr($0, 2) ": " c}'
} >"$bin/findings.txt"
diff -u grafana/findings.txt "$bin/findings.txt" || { echo "FAILED: the findings over mcp-grafana moved: update grafana/findings.txt and docs/census.md if the change is meant" >&2; exit 1; }
cat grafana/findings.txt
