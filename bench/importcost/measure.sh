#!/usr/bin/env bash
# Measures what importing the module costs a fresh process: the init clock
# time and the heap allocated by init, per package and summed by group
# (runtime and standard library, third-party dependencies, this module),
# as the median over RUNS fresh processes. See docs/performance.md.
#
#   bash bench/importcost/measure.sh [RUNS] [PACKAGE]
#
# PACKAGE (default ./importcost, in the bench module) is the program
# measured: any main package of the bench module that imports what is to
# be measured and does nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
pkg=${2:-./importcost}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/initcost" "$pkg"

# One line per package per run: "package clock_ms heap_bytes".
for _ in $(seq "$runs"); do
	GODEBUG=inittrace=1 "$dir/initcost" 2>&1 >/dev/null | awk '$1 == "init" { print $2, $5, $8 }'
	echo "-- end of run"
done >"$dir/trace"

awk -v runs="$runs" '
	function group(p) { return p ~ /^agentinput\.dev\// ? "module" : p ~ /^[^\/]*\./ ? "deps" : "std" }
	function median(list,   n, a, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
		return a[int((n + 1) / 2)]
	}
	$1 == "--" { for (g in sum) { gms[g] = gms[g] " " sum[g] }; delete sum; next }
	{ ms[$1] = ms[$1] " " $2; heap[$1] = $3; sum[group($1)] += $2; sum["all"] += $2; gheap[group($1)] += $3; gheap["all"] += $3 }
	END {
		printf "median of %d fresh processes: init clock time, heap allocated by init\n", runs
		split("all std deps module", order, " ")
		for (i = 1; i <= 4; i++) if (order[i] in gms) printf "  %-7s %7.3f ms %8d B\n", order[i], median(gms[order[i]]), gheap[order[i]] / runs
		print "per package (median ms, B):"
		for (p in ms) printf "  %7.3f ms %8d B  %s\n", median(ms[p]), heap[p], p | "sort -rn"
	}' "$dir/trace"
