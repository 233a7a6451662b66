#!/usr/bin/env bash
# Run every test of Dynamodel, installing whatever is missing first (see scripts/lib/tools.sh).
#
#   scripts/test.sh
#
# Stages, in order, stopping at the first failure (exit code 1):
#   native tests (engine, server) -> engine no_std build -> engine tests in headless Chromium (wasm)
#   -> app component tests in headless Chromium -> release build (Trunk + wasm-opt) -> bundle size
#   -> Playwright end-to-end tests against the release build, with scripts/serve.sh running beside them
#   -> SDK tests (tests/sdk/run.sh, if present)
# Each stage's full output is in target/test-logs/ (or $CARGO_TARGET_DIR/test-logs/).
#
# The bundle under test is built into target/test-dist/ (Trunk stages it in target/test-dist/.stage), never
# into dist/: dist/ belongs to a `scripts/serve.sh` that may be running in another terminal, whose
# `trunk serve` writes its live-reload script there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/tools.sh
source "$ROOT/scripts/lib/tools.sh"
# shellcheck source=lib/stage.sh
source "$ROOT/scripts/lib/stage.sh"

# Gzipped size of what a first visit loads: a guard against accidents, not a target. What a visitor waits
# for is measured by tests/bench/load.mjs.
BUNDLE_TARGET_GZIP_BYTES=$((1000 * 1024))
BUNDLE_LIMIT_GZIP_BYTES=$((1000 * 1024))
BUNDLE_WARNING=""

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
LOG_DIR="$TARGET_DIR/test-logs"
mkdir -p "$LOG_DIR"
# The release bundle under test: a directory of its own, never dist/ (see the header).
DIST="$TARGET_DIR/test-dist"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

# Chromium, started by chromedriver for each wasm test binary, leaves a ~100 MB profile directory in
# $TMPDIR that nobody removes (six per run filled a disk here). Keep them inside the build tree and
# delete them when the run ends, however it ends.
BROWSER_TMP="$TARGET_DIR/browser-tmp"
rm -rf "$BROWSER_TMP" && mkdir -p "$BROWSER_TMP"
export TMPDIR="$BROWSER_TMP"
trap 'rm -rf "$BROWSER_TMP"' EXIT

started=$(date +%s)
printf '▶ tools (install what is missing) ...\n'
tools_start=$(date +%s)
ensure_test_tools
tools_elapsed=$(( $(date +%s) - tools_start ))
tools_detail="trunk $TRUNK_VERSION, wasm-bindgen $(locked_wasm_bindgen_version), wasm-opt ${BINARYEN_VERSION%%.*}, $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
printf '  ok (%ss) — %s\n' "$tools_elapsed" "$tools_detail"
SUMMARY+=("$(printf '  %-34s ok   %5ss  %s' "tools" "$tools_elapsed" "$tools_detail")")

# --- Rust ------------------------------------------------------------------------------------------------
# The workspace's default members, then the app's one native test target (its reactive graph); the app's
# other tests need a browser (stage 4).
native_tests() {
    cargo test --quiet && cargo test --quiet -p dynamodel-app --test reactive_graph
}
stage "native tests" cargo_counts native_tests
stage "engine no_std build (wasm32)" no_counts \
    cargo build --quiet -p dynamodel-engine --target wasm32-unknown-unknown --no-default-features
stage "engine tests in Chromium (wasm)" wasm_counts \
    cargo test -p dynamodel-engine --target wasm32-unknown-unknown --tests
stage "app component tests in Chromium" wasm_counts \
    cargo test -p dynamodel-app --target wasm32-unknown-unknown --tests

# --- Release bundle --------------------------------------------------------------------------------------
stage "release build (trunk + wasm-opt)" no_counts \
    trunk build --release --dist "$DIST"

bundle_size() {
    local raw=0 gz=0 f r g report=""
    shopt -s nullglob
    for f in "$DIST"/*.wasm "$DIST"/*.js; do
        r=$(wc -c <"$f")
        g=$(gzip -9 -c "$f" | wc -c)
        raw=$((raw + r)); gz=$((gz + g))
        report+="$(printf '    %-44s %8d B raw %8d B gzipped' "$(basename "$f")" "$r" "$g")"$'\n'
    done
    shopt -u nullglob
    [ "$raw" -gt 0 ] || { STAGE_DETAIL="no .wasm/.js in $DIST"; return 1; }
    printf '%s' "$report" >"$LOG_DIR/bundle-size.txt"
    kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
    STAGE_DETAIL="wasm+js $(kb "$raw") KB raw, $(kb "$gz") KB gzipped (target $(kb "$BUNDLE_TARGET_GZIP_BYTES") KB, limit $(kb "$BUNDLE_LIMIT_GZIP_BYTES") KB)"
    if [ "$gz" -gt "$BUNDLE_TARGET_GZIP_BYTES" ]; then
        BUNDLE_WARNING="WARNING: the release bundle is $(kb "$gz") KB gzipped, $(kb $((gz - BUNDLE_TARGET_GZIP_BYTES))) KB over the $(kb "$BUNDLE_TARGET_GZIP_BYTES") KB target"
    fi
    [ "$gz" -le "$BUNDLE_LIMIT_GZIP_BYTES" ]
}
stage "bundle size" bundle_size true
sed 's/^/  /' "$LOG_DIR/bundle-size.txt"
if [ -n "$BUNDLE_WARNING" ]; then printf '  %s\n' "$BUNDLE_WARNING"; fi

# --- Browser end-to-end ----------------------------------------------------------------------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

playwright_counts() {
    local results="$ROOT/tests/test-results/results.json"
    [ -f "$results" ] || { STAGE_DETAIL="no results file"; return 1; }
    STAGE_DETAIL="$(node -e '
        const s = require(process.argv[1]).stats;
        const files = new Set();
        const walk = (suite) => { if (suite.file) files.add(suite.file); (suite.suites || []).forEach(walk); };
        require(process.argv[1]).suites.forEach(walk);
        console.log(`${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped in ${files.size} spec files`);
        process.exit(s.unexpected === 0 && s.flaky === 0 && s.skipped === 0 && s.expected > 0 ? 0 : 1);
    ' "$results")"
}

run_playwright() {
    rm -f "$ROOT/tests/test-results/results.json"
    (cd "$ROOT/tests" && DYNAMODEL_E2E_PORT="$(free_port)" DYNAMODEL_DIST="$DIST" npx --no-install playwright test)
}

# The README's two quick-start commands side by side: `scripts/serve.sh` (trunk serve with its live-reload
# script) runs on a spare port for the whole e2e stage. It shares the cargo target dir, so after the
# release build above cargo has nothing to do and Trunk only re-runs wasm-bindgen and wasm-opt. It writes
# a dist of its own (target/serve-dist/), so that a serve.sh the developer runs at the same time keeps
# dist/ to itself. The e2e fixtures fail a test on any console error, so a page under test that picked up
# the live-reload script (`ws://{{__TRUNK_ADDRESS__}}` failing) fails the stage; the stage also checks
# that the serve was live the whole time and that the bundle under test holds no live-reload script.
SERVE_PID=""
SERVE_LOG="$LOG_DIR/serve-side-by-side.log"
SERVE_DIST="$TARGET_DIR/serve-dist"
stop_serve() {
    if [ -n "$SERVE_PID" ]; then
        # The serve runs in its own process group: this stops trunk and any cargo/wasm-opt child.
        kill -TERM -- "-$SERVE_PID" 2>/dev/null || true
        wait "$SERVE_PID" 2>/dev/null || true
        SERVE_PID=""
    fi
}
trap 'stop_serve; rm -rf "$BROWSER_TMP"' EXIT

# Trunk's served page carries its live-reload client (it connects to /.well-known/trunk/ws). The page is
# read whole before it is searched: `curl | grep -q` fails under pipefail when grep stops reading early.
serve_answers() {
    local page
    page="$(curl -fs "http://127.0.0.1:$1/" 2>/dev/null)" || return 1
    [[ "$page" == *well-known/trunk/ws* ]]
}

start_serve() {
    local port="$1" i
    set -m
    "$ROOT/scripts/serve.sh" --port "$port" --dist "$SERVE_DIST" >"$SERVE_LOG" 2>&1 &
    SERVE_PID=$!
    set +m
    for i in $(seq 1 600); do
        if serve_answers "$port"; then
            return 0
        fi
        kill -0 "$SERVE_PID" 2>/dev/null || { echo "scripts/serve.sh exited early:"; tail -n 40 "$SERVE_LOG"; return 1; }
        sleep 0.5
    done
    echo "scripts/serve.sh did not serve on port $port within 300 s:"; tail -n 40 "$SERVE_LOG"; return 1
}

run_playwright_beside_serve() {
    local port started
    port="$(free_port)"
    started=$(date +%s)
    echo "starting scripts/serve.sh --port $port --dist $SERVE_DIST"
    start_serve "$port" || return 1
    echo "scripts/serve.sh serving after $(( $(date +%s) - started )) s; running the e2e tests against $DIST"
    run_playwright || { stop_serve; return 1; }
    kill -0 "$SERVE_PID" 2>/dev/null || { echo "scripts/serve.sh died during the e2e tests:"; tail -n 40 "$SERVE_LOG"; return 1; }
    serve_answers "$port" || { echo "scripts/serve.sh stopped answering during the e2e tests"; return 1; }
    stop_serve
    if grep -q 'TRUNK_ADDRESS\|well-known/trunk' "$DIST"/*.html; then
        echo "the bundle under test ($DIST) contains trunk serve's live-reload script"; return 1
    fi
}
playwright_beside_serve_counts() {
    playwright_counts "$@" || return 1
    STAGE_DETAIL="$STAGE_DETAIL; scripts/serve.sh served beside them"
}
stage "Playwright e2e (release build)" playwright_beside_serve_counts run_playwright_beside_serve

# --- SDK tests against the server (owned by tests/sdk/) --------------------------------------------------
# tests/sdk/run.sh ends with one "SDK tests: ..." line of counts.
sdk_counts() {
    STAGE_DETAIL="$(sed -n 's/^SDK tests: //p' "$1" | tail -n 1)"
    [ -n "$STAGE_DETAIL" ] || { STAGE_DETAIL="no counts printed"; return 1; }
}
if [ -f "$ROOT/tests/sdk/run.sh" ]; then
    stage "SDK tests (boto3, JS SDK)" sdk_counts bash "$ROOT/tests/sdk/run.sh"
else
    SUMMARY+=("$(printf '  %-34s --   %5s   %s' "SDK tests" "" "tests/sdk/run.sh not present")")
fi

print_summary
if [ -n "$BUNDLE_WARNING" ]; then printf '\n%s\n' "$BUNDLE_WARNING"; fi
printf '\nAll tests passed in %ss. Logs: %s\n' "$(( $(date +%s) - started ))" "$LOG_DIR"
