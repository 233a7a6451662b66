# shellcheck shell=bash
# Run the test pipeline as named stages: each stage's output goes to its own log, the console shows one
# line per stage (result, counts, duration), and a failing stage prints the end of its log and stops the
# run with a non-zero exit. Keeps CI output short without hiding why something failed.
#
# Expects LOG_DIR to be set.

SUMMARY=()
STAGE_DETAIL=""

# stage NAME COUNTER CMD...   COUNTER is a function given the log path; it sets STAGE_DETAIL and returns
# non-zero if the counts are unacceptable (for example, a test stage that ran nothing).
stage() {
    local name="$1" counter="$2"; shift 2
    local slug log start elapsed
    slug="$(printf '%s' "$name" | tr -cs 'a-zA-Z0-9' '-' | sed 's/-$//')"
    log="$LOG_DIR/$slug.log"
    printf '▶ %s ... ' "$name"
    start=$(date +%s)
    STAGE_DETAIL=""
    if "$@" >"$log" 2>&1 && "$counter" "$log"; then
        elapsed=$(( $(date +%s) - start ))
        printf 'ok (%ss)%s\n' "$elapsed" "${STAGE_DETAIL:+ — $STAGE_DETAIL}"
        SUMMARY+=("$(printf '  %-34s ok   %5ss  %s' "$name" "$elapsed" "$STAGE_DETAIL")")
    else
        elapsed=$(( $(date +%s) - start ))
        printf 'FAILED (%ss)%s\n' "$elapsed" "${STAGE_DETAIL:+ — $STAGE_DETAIL}"
        printf -- '----- last 150 lines of %s -----\n' "$log"
        tail -n 150 "$log"
        printf -- '----- end of log -----\n'
        print_summary
        printf '\nFAILED at stage: %s\n' "$name"
        exit 1
    fi
}

print_summary() {
    printf '\nSummary\n'
    local line
    for line in "${SUMMARY[@]}"; do printf '%s\n' "$line"; done
}

# Counters -----------------------------------------------------------------------------------------------

no_counts() { return 0; }

# Sum the `test result:` lines of cargo's test harness and of wasm-bindgen-test-runner.
sum_test_results() {
    awk '
        /^test result: / {
            for (i = 1; i <= NF; i++) {
                if ($(i) ~ /^passed;?$/)  { passed += $(i-1); if ($(i-1) > 0) bins++ }
                if ($(i) ~ /^failed;?$/)  failed  += $(i-1)
                if ($(i) ~ /^ignored;?$/) ignored += $(i-1)
            }
        }
        END { printf "%d %d %d %d\n", passed, failed, ignored, bins }
    ' "$1"
}

# Native cargo tests: report counts; zero tests is acceptable only if there is nothing to test yet.
cargo_counts() {
    local passed failed ignored bins
    read -r passed failed ignored bins < <(sum_test_results "$1")
    STAGE_DETAIL="$passed passed, $failed failed, $ignored ignored ($bins test targets with tests)"
    [ "$failed" -eq 0 ] && [ "$ignored" -eq 0 ]
}

# Browser (wasm-bindgen-test) stages must actually run something: "no tests to run!" everywhere would
# otherwise pass silently.
wasm_counts() {
    local passed failed ignored bins
    read -r passed failed ignored bins < <(sum_test_results "$1")
    STAGE_DETAIL="$passed passed, $failed failed in headless Chromium ($bins test targets with browser tests)"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}
