# Sourced by the CI steps that drive npm packages (the MCP Inspector,
# server-everything). npm_install STEP PACKAGE... installs the packages
# into $scratch (removed when the step exits) and sets $inspector to the
# Inspector's binary there. Without node or npm the step is skipped,
# saying so, or fails under CI=true, where they are installed.
npm_install() {
	local step=$1
	shift
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
		if [ "${CI:-}" = true ]; then
			echo "FAILED: $step needs node and npm (Node.js 20 or newer), and CI=true" >&2
			exit 1
		fi
		echo "SKIPPED: $step needs node and npm; install Node.js 20 or newer" >&2
		exit 0
	fi
	scratch=$(mktemp -d)
	trap 'rm -rf "$scratch"' EXIT
	npm install --silent --no-audit --no-fund --prefix "$scratch" "$@" >/dev/null 2>&1 || {
		echo "FAILED: npm could not install $*" >&2
		exit 1
	}
	inspector="$scratch/node_modules/.bin/mcp-inspector"
}
