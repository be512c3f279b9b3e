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
