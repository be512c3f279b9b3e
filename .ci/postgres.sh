#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server, with
# AGENTINPUT_TEST_POSTGRES naming it, so that the receipt/postgres and
# approval/postgres tests run against a real server:
#
#	bash .ci/postgres.sh go test ./receipt/postgres/ -v
#
# The server is a fresh cluster in a temporary directory, owned by an
# unprivileged user (initdb refuses root), listening on 127.0.0.1 at a free
# port and on a socket in that directory; no system cluster is touched. It
# is stopped and its directory removed when the command ends, however it
# ends. The exit status is the command's.
#
# The server binaries come from /usr/lib/postgresql/*/bin (the newest);
# when there are none and this runs as root with apt (CI: Debian 12), the
# Debian postgresql package is installed first.
set -euo pipefail

if [ $# -eq 0 ]; then
	echo "usage: bash .ci/postgres.sh COMMAND [ARGS...]" >&2
	exit 2
fi

# bindir prints the newest /usr/lib/postgresql/*/bin that has initdb, or
# nothing (and succeeds: a missing server is not an error yet).
bindir() {
	local dir found=()
	for dir in /usr/lib/postgresql/*/bin; do
		if [ -x "$dir/initdb" ]; then
			found+=("$dir")
		fi
	done
	if [ ${#found[@]} -gt 0 ]; then
		printf '%s\n' "${found[@]}" | sort -V | tail -n 1
	fi
}

bin=$(bindir)
if [ -z "$bin" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "postgres.sh: no PostgreSQL server binaries; installing Debian's postgresql package" >&2
		apt-get update
		DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
		bin=$(bindir)
	fi
	if [ -z "$bin" ]; then
		echo "postgres.sh: no PostgreSQL server in /usr/lib/postgresql/*/bin: install the postgresql package (apt-get install postgresql), or run as root to have it installed" >&2
		exit 1
	fi
fi

# The user that owns the cluster: ourselves, or, as root, the postgres
# system user the package creates (made here if missing).
as=()
if [ "$(id -u)" = 0 ]; then
	owner=postgres
	if ! id -u "$owner" >/dev/null 2>&1; then
		useradd --system --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin "$owner"
	fi
	as=(runuser -u "$owner" --)
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/agentinput-postgres.XXXXXX")
# stop stops the server if it runs (its postmaster.pid says so, even when
# a signal came while it started) and removes the directory.
stop() {
	status=$?
	if [ -f "$dir/data/postmaster.pid" ]; then
		(cd "$dir" && "${as[@]}" "$bin/pg_ctl" stop -D "$dir/data" -m fast -w -t 60 >/dev/null) ||
			echo "postgres.sh: stopping the server in $dir failed" >&2
	fi
	rm -rf "$dir"
	exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [ ${#as[@]} -gt 0 ]; then
	chown "$owner" "$dir"
fi
chmod 700 "$dir"

# A password, so that the loopback port admits only the test.
password=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$password" >"$dir/pwfile"
if [ ${#as[@]} -gt 0 ]; then
	chown "$owner" "$dir/pwfile"
fi
(cd "$dir" && "${as[@]}" "$bin/initdb" -D "$dir/data" -U agentinput --pwfile="$dir/pwfile" \
	--auth=scram-sha-256 -E UTF8 --locale=C >"$dir/initdb.log" 2>&1) || {
	echo "postgres.sh: initdb failed:" >&2
	cat "$dir/initdb.log" >&2
	exit 1
}
rm -f "$dir/pwfile"

# A free port: one nothing answers on, and that the server then binds (a
# race lost to another process is a failed start, and the next port).
port=
for _ in $(seq 1 20); do
	candidate=$((20000 + RANDOM % 40000))
	if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
		continue
	fi
	if (cd "$dir" && "${as[@]}" "$bin/pg_ctl" start -D "$dir/data" -l "$dir/log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -p $candidate -k $dir" >/dev/null); then
		port=$candidate
		break
	fi
	# A server that did not come up within the timeout may still be
	# starting: make sure it is gone before trying another port.
	if [ -f "$dir/data/postmaster.pid" ]; then
		(cd "$dir" && "${as[@]}" "$bin/pg_ctl" stop -D "$dir/data" -m immediate -w -t 60 >/dev/null 2>&1) || true
	fi
done
if [ -z "$port" ]; then
	echo "postgres.sh: the server did not start; its log:" >&2
	tail -n 30 "$dir/log" >&2 || true
	exit 1
fi

export PGPASSWORD="$password"
"$bin/createdb" -h 127.0.0.1 -p "$port" -U agentinput agentinput_test
unset PGPASSWORD
export AGENTINPUT_TEST_POSTGRES="postgres://agentinput:$password@127.0.0.1:$port/agentinput_test?sslmode=disable"
echo "postgres.sh: PostgreSQL $("$bin/postgres" -V | awk '{print $3}') on 127.0.0.1:$port (database agentinput_test), in $dir" >&2

# The command runs in the background, its standard input kept, so that a
# signal to this script reaches it at once (a foreground command would
# hold the trap until it ended), and the server is stopped after it.
set +e
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' INT TERM
wait "$child"
status=$?
while kill -0 "$child" 2>/dev/null; do # the wait was cut short by a signal
	wait "$child"
	status=$?
done
exit "$status"
