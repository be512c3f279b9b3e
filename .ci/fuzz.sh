#!/usr/bin/env bash
# Runs every native fuzz target (func FuzzX in a _test.go file) for a
# bounded time each: FUZZTIME per target (5s by default; the whole step
# stays under 5 minutes on a CI machine). A target that finds a failing
# input fails the step and leaves the input in the package's
# testdata/fuzz/FuzzX/; the fix adds it as a row of the kind's cases.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime=${FUZZTIME:-5s}
# The default minimization of each new interesting input (60s) would
# spend a short run's whole time minimizing: keep it short.
minimize=${FUZZMINIMIZETIME:-2s}
targets=$(grep -rlE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . |
	while read -r file; do
		dir=$(dirname "$file")
		grep -oE '^func Fuzz[A-Za-z0-9_]*' "$file" | sed "s|^func |$dir |"
	done | sort)
[ -n "$targets" ] || { echo "no fuzz targets found" >&2; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
while read -r dir name; do
	echo "-- $name in $dir ($fuzztime)"
	if go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" -timeout 5m "$dir" >"$log" 2>&1; then
		tail -n 2 "$log"
	elif grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
		# The fuzzing engine sometimes reports its own deadline as a
		# failure when -fuzztime ends while a worker is busy; no input
		# failed, and none was written. Not a finding.
		echo "   (the engine reported its own deadline, with no failing input: not a finding)"
	else
		cat "$log" >&2
		echo "fuzz target $name in $dir failed: the input is in $dir/testdata/fuzz/$name/" >&2
		exit 1
	fi
done <<<"$targets"
