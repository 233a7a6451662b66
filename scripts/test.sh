#!/usr/bin/env bash
# Run every test of Dynamodel, installing whatever is missing first (see scripts/lib/tools.sh).
#
#   scripts/test.sh
#
# After the tools stage, three lanes run side by side, each stage after the one before it in its lane:
#
#   release:  release build (scripts/serve.sh) -> bundle size -> Playwright e2e
#   cargo:    native build -> native tests -> engine no_std build (wasm32) -> engine tests in Chromium ->
#             app component tests
#   SDK:      server release build -> (once the native build has built the examples it runs) SDK tests
#
# The cargo lane compiles, and runs at a lower CPU priority, so the browser and SDK tests beside it get a
# core when they need one. The first failing stage stops the run (exit code 1). Each stage's full output
# is in target/test-logs/ (or $CARGO_TARGET_DIR/test-logs/).
#
# The release bundle is built once, by the README's serve command: `scripts/serve.sh --no-autoreload`
# builds it into target/test-dist/ (never dist/, which belongs to a scripts/serve.sh the developer may be
# running in another terminal) and serves it on a spare port; the end-to-end tests run against that serve,
# so the two quick-start commands are proven to work side by side. Trunk's serve and build write the
# same bytes for the same sources once the live-reload script is left out. A run whose bundle inputs are
# those of the bundle already in target/test-dist/, or of the dist/ a developer's scripts/serve.sh built
# (see bundle_sources and take_serve_bundle), serves that bundle as it is instead of building it again.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/tools.sh
source "$ROOT/scripts/lib/tools.sh"

# Gzipped size of what a first visit loads: a guard against accidents (a dependency pulled in by mistake, a
# debug build), not a target. What a visitor waits for is measured by tests/bench/load.mjs. The first visit
# is about 1,575 KB today (both languages' words and course, vector and multi-attribute key indexes
# included), so the guard stands 25 KB above it; bringing it down takes splitting the wasm so that a
# first visit loads only what its first screen runs (see docs/benchmarks.md, "Bundle").
BUNDLE_LIMIT_GZIP_BYTES=$((1600 * 1024))

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
LOG_DIR="$TARGET_DIR/test-logs"
mkdir -p "$LOG_DIR"
# shellcheck source=lib/stage.sh
source "$ROOT/scripts/lib/stage.sh"
# The release bundle under test: a directory of its own, never dist/ (see the header).
DIST="$TARGET_DIR/test-dist"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# wasm-bindgen-test-runner gives a test binary 20 s in the browser by default; the lanes share the cores.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-300}"

STAGE_NAMES=(
    "tools"
    "release build (scripts/serve.sh)"
    "bundle size"
    "Playwright e2e"
    "native build (test binaries, examples)"
    "native tests"
    "engine no_std build (wasm32)"
    "engine tests in Chromium (wasm)"
    "app component tests in Chromium"
    "server release build (for the SDK tests)"
    "SDK tests (boto3, CLI, JS SDK)"
)

# Chromium, started by chromedriver for each wasm test binary, leaves a ~100 MB profile directory in
# $TMPDIR that nobody removes (six per run filled a disk here). Keep them inside the build tree and
# delete them when the run ends, however it ends.
BROWSER_TMP="$TARGET_DIR/browser-tmp"

tools_detail() {
    STAGE_DETAIL="trunk $TRUNK_VERSION, wasm-bindgen $(locked_wasm_bindgen_version), wasm-opt ${BINARYEN_VERSION%%.*}, $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
}
tools_lane() { stage "tools" tools_detail ensure_test_tools; }

# --- Release lane: one release build, its size, and the end-to-end tests against it ----------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

SERVE_PID=""
SERVE_PORT=""
SERVE_LOG="$LOG_DIR/serve.log"
stop_serve() {
    if [ -n "$SERVE_PID" ]; then
        # The serve runs in its own process group: this stops trunk and any cargo/wasm-opt child.
        kill -TERM -- "-$SERVE_PID" 2>/dev/null || true
        wait "$SERVE_PID" 2>/dev/null || true
        SERVE_PID=""
    fi
}

# How many builds Trunk has finished, and whether one failed.
serve_builds() { grep -c 'success' "$SERVE_LOG" 2>/dev/null || true; }
serve_failed() { grep -q 'ERROR' "$SERVE_LOG" 2>/dev/null; }
serve_answers() { curl -fsS -o /dev/null "http://127.0.0.1:$SERVE_PORT/index.html" 2>/dev/null; }

# CPU seconds of a running process and its finished children (serve.sh execs trunk, which runs cargo,
# wasm-bindgen and wasm-opt).
process_cpu() {
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.0f\n", ($12 + $13 + $14 + $15) / hz }' "/proc/$1/stat"
}

# What the release bundle is built from, as a digest: `bundle_sources` (scripts/lib/bundle-sources.sh).
# shellcheck source=lib/bundle-sources.sh
source "$ROOT/scripts/lib/bundle-sources.sh"
BUNDLE_STAMP="$TARGET_DIR/test-dist.sources"
# Where the README's serve command writes its bundle (Trunk.toml's dist).
SERVE_DIST="$ROOT/dist"

# The bundle in $DIST can be tested again as it is: it was built (without live reload) from the sources
# there are now.
bundle_is_current() {
    local now
    now="$(bundle_sources)"
    [ -n "$now" ] && [ -f "$BUNDLE_STAMP" ] && [ "$(cat "$BUNDLE_STAMP")" = "$now" ] && [ -f "$DIST/index.html" ]
}

# The bundle the README's serve command built (dist/) can be tested as it is: a release build, stamped by
# its pre-build hook with the digest of the sources there are now. `trunk serve` adds its live-reload
# script to index.html; without it the page is byte for byte what a build without live reload writes.
serve_bundle_is_current() {
    local now
    [ -f "$SERVE_DIST/.bundle-sources" ] && [ -f "$SERVE_DIST/index.html" ] || return 1
    now="$(bundle_sources)"
    [ -n "$now" ] && [ "$(cat "$SERVE_DIST/.bundle-sources")" = "$now" ]
}

# Copies dist/ into $DIST without the live-reload script and serves it statically; builds instead when the
# copy is not whole (a serve rebuilding at that moment) or the sources changed while it was copied.
take_serve_bundle() {
    local copy="$DIST.from-serve" stamp
    stamp="$(cat "$SERVE_DIST/.bundle-sources")"
    rm -rf "$copy"
    if cp -r "$SERVE_DIST" "$copy" && python3 - "$copy" <<'EOF' && [ "$(bundle_sources)" = "$stamp" ]
import os, re, sys
dist = sys.argv[1]
page = os.path.join(dist, "index.html")
html = open(page, encoding="utf-8").read()
# Trunk's live-reload client: an inline script that begins with the serve's address placeholder.
html, n = re.subn(r'<script>"use strict";\s*\(function \(\) \{\s*const address = \'\{\{__TRUNK_ADDRESS__\}\}\';.*?</script>', "", html, flags=re.S)
if n > 1 or "__TRUNK_ADDRESS__" in html or "well-known/trunk" in html:
    sys.exit(f"{page}: the live-reload script could not be taken out")
missing = [ref for ref in re.findall(r'\s(?:href|src)="/([^"/?#]+)"', html) if not os.path.isfile(os.path.join(dist, ref))]
if missing:
    sys.exit(f"{page} names files the copy does not have: {', '.join(missing)}")
open(page, "w", encoding="utf-8").write(html)
EOF
    then
        rm -rf "$DIST" && mv "$copy" "$DIST"
        printf '%s\n' "$stamp" >"$BUNDLE_STAMP"
        SERVE_ORIGIN="taken from scripts/serve.sh's $SERVE_DIST, built from these very sources"
        serve_current_bundle
    else
        rm -rf "$copy"
        echo "scripts/serve.sh's $SERVE_DIST could not be taken as it is: building the bundle"
        release_build
    fi
}

# Serves the bundle already in $DIST as a static host would (Python's http.server sends .wasm as
# application/wasm, which streaming instantiation needs).
SERVE_KIND=""
# How the reused bundle came to be, for the stage line.
SERVE_ORIGIN=""
serve_current_bundle() {
    local i
    SERVE_KIND=static
    SERVE_PORT="$(free_port)"
    echo "reusing $DIST: built from the same sources ($(cat "$BUNDLE_STAMP"))"
    echo "python3 -m http.server $SERVE_PORT --directory $DIST (log: $SERVE_LOG)"
    set -m
    python3 -m http.server "$SERVE_PORT" --bind 127.0.0.1 --directory "$DIST" >"$SERVE_LOG" 2>&1 &
    SERVE_PID=$!
    set +m
    register_pgid "$SERVE_PID"
    for i in $(seq 1 200); do
        serve_answers && return 0
        kill -0 "$SERVE_PID" 2>/dev/null || { echo "the static server exited:"; tail -n 20 "$SERVE_LOG"; return 1; }
        sleep 0.1
    done
    echo "the static server did not answer within 20 s"; return 1
}

# scripts/serve.sh builds the release bundle into $DIST and serves it; the stage ends once it serves.
# The sources' digest is taken before and after the build: only a bundle built from sources that did not
# change meanwhile is marked as theirs.
release_build() {
    local i before after
    SERVE_KIND=trunk
    rm -f "$BUNDLE_STAMP"
    before="$(bundle_sources)"
    SERVE_PORT="$(free_port)"
    echo "scripts/serve.sh --port $SERVE_PORT --dist $DIST --no-autoreload (log: $SERVE_LOG)"
    set -m
    "$ROOT/scripts/serve.sh" --port "$SERVE_PORT" --dist "$DIST" --no-autoreload >"$SERVE_LOG" 2>&1 &
    SERVE_PID=$!
    set +m
    register_pgid "$SERVE_PID"
    for i in $(seq 1 7200); do
        if serve_failed; then echo "the release build failed:"; tail -n 60 "$SERVE_LOG"; return 1; fi
        if [ "$(serve_builds)" -ge 1 ] && serve_answers; then
            cat "$SERVE_LOG"
            STAGE_EXTRA_CPU="$(process_cpu "$SERVE_PID")"
            after="$(bundle_sources)"
            if [ -n "$before" ] && [ "$before" = "$after" ]; then printf '%s\n' "$after" >"$BUNDLE_STAMP"; fi
            return 0
        fi
        kill -0 "$SERVE_PID" 2>/dev/null || { echo "scripts/serve.sh exited early:"; tail -n 60 "$SERVE_LOG"; return 1; }
        sleep 0.5
    done
    echo "scripts/serve.sh did not serve within an hour:"; tail -n 60 "$SERVE_LOG"; return 1
}
release_counts() {
    local wasm
    wasm="$(find "$DIST" -maxdepth 1 -name '*.wasm' | head -n1)"
    [ -n "$wasm" ] || { STAGE_DETAIL="no .wasm in $DIST"; return 1; }
    if [ "$SERVE_KIND" = static ]; then
        STAGE_DETAIL="reused $DIST (${SERVE_ORIGIN:-built from these very sources}), served on 127.0.0.1:$SERVE_PORT"
    else
        STAGE_DETAIL="$DIST, served on 127.0.0.1:$SERVE_PORT"
    fi
}

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }

# What a first visit loads: index.html, and every file of the bundle named by a file it loads (the CSS,
# the favicon, the JS glue, the wasm it instantiates, sw.js which the page registers, and whatever those
# name in turn). Files named by none are listed apart and not counted.
first_visit_files() {
    local -A loaded=([index.html]=1)
    local files f l changed=1
    mapfile -t files < <(cd "$DIST" && find . -type f ! -path './.stage/*' | sed 's|^\./||' | sort)
    while [ "$changed" = 1 ]; do
        changed=0
        for f in "${files[@]}"; do
            [ -z "${loaded[$f]:-}" ] || continue
            for l in "${!loaded[@]}"; do
                case "$l" in *.html | *.js | *.mjs | *.css | *.json | *.webmanifest | *.svg) ;; *) continue ;; esac
                if grep -qF "$(basename "$f")" "$DIST/$l"; then loaded[$f]=1; changed=1; break; fi
            done
        done
    done
    for f in "${files[@]}"; do printf '%s\t%s\n' "$([ -n "${loaded[$f]:-}" ] && echo first || echo later)" "$f"; done
}

bundle_size() {
    local raw=0 gz=0 n=0 when f r g table="" later=""
    [ -f "$DIST/index.html" ] || { STAGE_DETAIL="no index.html in $DIST"; return 1; }
    while IFS=$'\t' read -r when f; do
        r=$(wc -c <"$DIST/$f")
        g=$(gzip -9 -c "$DIST/$f" | wc -c)
        if [ "$when" = first ]; then
            raw=$((raw + r)); gz=$((gz + g)); n=$((n + 1))
            table+="$(printf '%s\t%s\t%s' "$g" "$r" "$f")"$'\n'
        else
            later+="$(printf '    %-48s %10s raw %10s gzipped' "$f" "$(kb "$r")" "$(kb "$g")")"$'\n'
        fi
    done < <(first_visit_files)
    {
        printf '    %-48s %10s     %10s\n' "loaded by a first visit" "raw" "gzipped"
        sort -rn <<<"${table%$'\n'}" | while IFS=$'\t' read -r g r f; do
            printf '    %-48s %10s     %10s\n' "$f" "$(kb "$r")" "$(kb "$g")"
        done
        printf '    %-48s %10s     %10s  (fails above %s)\n' "total ($n files)" "$(kb "$raw")" "$(kb "$gz")" "$(kb "$BUNDLE_LIMIT_GZIP_BYTES")"
        if [ -n "$later" ]; then printf '    not loaded by a first visit (not counted):\n%s' "$later"; fi
    } >"$LOG_DIR/bundle-size.txt"
    STAGE_DETAIL="first visit $(kb "$gz") gzipped ($(kb "$raw") raw, $n files); fails above $(kb "$BUNDLE_LIMIT_GZIP_BYTES")"
    [ "$gz" -le "$BUNDLE_LIMIT_GZIP_BYTES" ]
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
    ' "$results")" || return 1
    if [ "$SERVE_KIND" = static ]; then STAGE_DETAIL="$STAGE_DETAIL, against the reused bundle"
    else STAGE_DETAIL="$STAGE_DETAIL, against scripts/serve.sh"; fi
}

# The e2e tests run against the serve; afterwards the serve must still be up and answering, must not
# have rebuilt (nothing the tests write may trigger its watcher), and the bundle must hold no live-reload
# script. The fixtures fail a test on any console error.
run_e2e() {
    rm -f "$ROOT/tests/test-results/results.json"
    # Recording a trace of every test costs about a quarter of the lane's time, so the tests run without;
    # when some fail, only those run again with tracing on, to leave a trace of each failure (the stage has
    # failed already, whatever the second run gives).
    if ! (cd "$ROOT/tests" && DYNAMODEL_E2E_URL="http://127.0.0.1:$SERVE_PORT" DYNAMODEL_DIST="$DIST" \
        npx --no-install playwright test --trace off); then
        playwright_counts || true
        local counts="$STAGE_DETAIL"
        echo "--- the failed tests again, with tracing on (traces in tests/test-results/artifacts/) ---"
        (cd "$ROOT/tests" && DYNAMODEL_E2E_URL="http://127.0.0.1:$SERVE_PORT" DYNAMODEL_DIST="$DIST" \
            npx --no-install playwright test --last-failed --trace retain-on-failure --reporter list) || true
        STAGE_DETAIL="$counts"
        return 1
    fi
    kill -0 "$SERVE_PID" 2>/dev/null || { echo "the bundle's server ($SERVE_KIND) died during the e2e tests:"; tail -n 40 "$SERVE_LOG"; return 1; }
    serve_answers || { echo "the bundle's server ($SERVE_KIND) stopped answering during the e2e tests"; return 1; }
    if [ "$SERVE_KIND" = trunk ] && [ "$(serve_builds)" -ne 1 ]; then
        echo "scripts/serve.sh rebuilt during the e2e tests (a watched file changed):"; tail -n 40 "$SERVE_LOG"; return 1
    fi
    if grep -q 'TRUNK_ADDRESS\|well-known/trunk' "$DIST"/*.html; then
        echo "the bundle under test ($DIST) contains trunk serve's live-reload script"; return 1
    fi
}

release_lane() {
    trap stop_serve EXIT
    trap 'exit 143' TERM
    if bundle_is_current; then
        stage "release build (scripts/serve.sh)" release_counts serve_current_bundle
    elif serve_bundle_is_current; then
        stage "release build (scripts/serve.sh)" release_counts take_serve_bundle
    else
        stage "release build (scripts/serve.sh)" release_counts release_build
    fi
    stage "bundle size" bundle_size true
    say "$(cat "$LOG_DIR/bundle-size.txt")"
    stage "Playwright e2e" playwright_counts run_e2e
}

# --- Cargo lane ------------------------------------------------------------------------------------------
# The workspace's default members (every crate but the app, which is built for wasm32 and tested in
# Chromium below) are built first, with the examples the SDK tests run: the SDK tests start once they are
# built (at once in a warm run) rather than after the native tests have run, and the SDK lane's cargo stays
# off the debug build lock.
native_build() {
    cargo test --quiet --no-run && cargo build --quiet --bins --examples
}
native_tests() {
    cargo test --quiet
}

cargo_lane() {
    renice -n 10 -p "$BASHPID" >/dev/null
    stage "native build (test binaries, examples)" no_counts native_build
    stage "native tests" cargo_counts native_tests
    stage "engine no_std build (wasm32)" no_counts \
        cargo build --quiet -p dynamodel-engine --target wasm32-unknown-unknown --no-default-features
    stage "engine tests in Chromium (wasm)" wasm_counts \
        cargo test -p dynamodel-engine --target wasm32-unknown-unknown --tests
    stage "app component tests in Chromium" wasm_counts \
        cargo test -p dynamodel-app --target wasm32-unknown-unknown --tests
}

# --- SDK lane --------------------------------------------------------------------------------------------
# The server under test is the release build users run; the example programs the SDK tests run are the
# debug builds of the native stage (tests/sdk/run.sh). The release build takes its own build lock, so it
# runs beside the cargo lane. The whole lane runs at the cargo lane's low priority.
server_release_build() {
    cargo build --quiet --release -p dynamodel-server --bin dynamodel-server
}

# tests/sdk/run.sh ends with one "SDK tests: ..." line of counts.
sdk_counts() {
    STAGE_DETAIL="$(sed -n 's/^SDK tests: //p' "$1" | tail -n 1)"
    [ -n "$STAGE_DETAIL" ] || { STAGE_DETAIL="no counts printed"; return 1; }
}

sdk_lane() {
    # Below the browsers, as the cargo lane is: the end-to-end lane is the longest in a warm run, and the
    # SDK tests finish well before it even when they wait for a core.
    renice -n 10 -p "$BASHPID" >/dev/null
    stage "server release build (for the SDK tests)" no_counts server_release_build
    await_stage "native build (test binaries, examples)" || exit 0
    export DYNAMODEL_SDK_BUILT=1
    stage "SDK tests (boto3, CLI, JS SDK)" sdk_counts bash "$ROOT/tests/sdk/run.sh"
}

# The whole run is one function, read in full before it starts: a checkout that changes this file during
# a run cannot change what the run does.
main() {
    rm -rf "$BROWSER_TMP" && mkdir -p "$BROWSER_TMP"
    export TMPDIR="$BROWSER_TMP"
    trap 'stop_lanes; rm -rf "$BROWSER_TMP"' EXIT
    trap 'exit 130' INT TERM

    lane tools_lane
    wait_lanes
    # The installers put cargo's tools and wasm-opt on PATH in their lane; the lanes below need them too.
    ensure_cargo_bin_on_path
    export PATH="$TOOLS_DIR/binaryen/node_modules/.bin:$PATH"

    lane release_lane
    lane cargo_lane
    lane sdk_lane
    wait_lanes

    print_summary
    printf '\nAll tests passed in %ss. Logs: %s\n' "$(( $(date +%s) - RUN_STARTED ))" "$LOG_DIR"
}

main "$@"; exit
