#!/usr/bin/env bash
# Runs `agentinput lint` against a real third-party MCP server from the npm
# registry, @modelcontextprotocol/server-everything, over stdio: it must
# connect, list the tools, and report findings (exit status 1) in the JSON
# shape docs/census.md documents. Skipped, saying why, when node or npm is
# missing.
#
# The version is pinned: 2026.8.31 runs on Node 20 (the machines here have
# Node 20); a newer release may change its catalog and its findings.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	echo "SKIPPED: linting server-everything needs node and npm, which this machine lacks" >&2
	exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pkg=@modelcontextprotocol/server-everything@2026.8.31
npm install --silent --no-audit --no-fund --prefix "$scratch" "$pkg" >/dev/null 2>&1 || {
	echo "FAILED: npm could not install $pkg" >&2
	exit 1
}
go build -o "$scratch/agentinput" ./cmd/agentinput

status=0
timeout 120 "$scratch/agentinput" lint --json --timeout 60s -- \
	node "$scratch/node_modules/@modelcontextprotocol/server-everything/dist/index.js" stdio \
	>"$scratch/report.json" 2>"$scratch/stderr" || status=$?
if [ "$status" != 1 ]; then
	echo "FAILED: agentinput lint exited $status, want 1 (findings)" >&2
	cat "$scratch/stderr" "$scratch/report.json" >&2
	exit 1
fi
# The documented shape, checked with node (present, or this step skipped).
node - "$scratch/report.json" <<'JS'
const fs = require("fs");
const r = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const fail = (m) => { console.error("FAILED: " + m); process.exit(1); };
if (typeof r.server?.name !== "string" || r.server.name === "") fail("no server.name");
for (const k of ["tools", "pages", "bytes", "errors", "warnings"]) if (!Number.isInteger(r[k])) fail("no integer " + k);
if (r.tools < 1 || r.pages < 1) fail("listed no tools");
if (!/^sha256:[0-9a-f]{64}$/.test(r.digest)) fail("digest " + r.digest);
if (!Array.isArray(r.findings) || r.findings.length === 0 || r.errors < 1) fail("no findings");
let errors = 0;
for (const f of r.findings) {
	if (!/^([a-z]+(-[a-z]+)*|R[0-9]{3})$/.test(f.rule) || !["error", "warning"].includes(f.severity) || !f.message || !f.fix) fail("finding " + JSON.stringify(f));
	if (f.severity === "error") errors++;
}
if (errors !== r.errors || r.findings.length - errors !== r.warnings) fail("counts do not match the findings");
const rules = [...new Set(r.findings.map((f) => f.rule))].sort().join(", ");
console.log(`server-everything ${r.server.version}: ${r.tools} tools, ${r.errors} errors, ${r.warnings} warnings (${rules})`);
JS
