#!/usr/bin/env bash
# Build the playground and serve it on http://127.0.0.1:8080, installing whatever is missing first
# (see scripts/lib/tools.sh). Rebuilds and reloads on source changes.
#
#   scripts/serve.sh            release build (what the tests check; wasm-opt -Oz)
#   scripts/serve.sh --dev      debug build, faster to rebuild while iterating
# Extra arguments go to `trunk serve` (e.g. --port 9000).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/tools.sh
source "$ROOT/scripts/lib/tools.sh"

profile=(--release)
if [ "${1:-}" = "--dev" ]; then profile=(); shift; fi

log "Checking tools ..."
ensure_build_tools
log "Building and serving on http://127.0.0.1:8080 (Ctrl-C to stop) ..."
exec trunk serve "${profile[@]}" "$@"
