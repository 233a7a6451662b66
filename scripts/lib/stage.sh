# shellcheck shell=bash
# Run the test pipeline as named stages, several side by side: each stage's output goes to its own log,
# the console shows one line when a stage starts and one when it ends (result, counts, duration), and a
# failing stage stops the run: the stages still running are stopped, the end of the failing stage's log
# is printed with the summary, and the exit code is 1. Keeps CI output short without hiding why
# something failed.
#
# Stages run in lanes. A lane is a shell function started in the background by `lane FUNCTION`; it runs
# its stages one after another and may wait for a stage of another lane with `await_stage NAME`.
# `wait_lanes` waits for every lane started so far. Each lane is a process group of its own, so stopping
# it also stops its cargo, browsers and servers.
#
# Expects LOG_DIR to be set.

STATUS_DIR="$LOG_DIR/status"
rm -rf "$STATUS_DIR" && mkdir -p "$STATUS_DIR"
STAGE_DETAIL=""
LANE_PIDS=()
RUN_STARTED=$(date +%s)

stage_slug() { printf '%s' "$1" | tr -cs 'a-zA-Z0-9' '-' | sed 's/-$//'; }

# One console line, written at once so that lines of lanes running side by side never interleave.
say() { printf '%s\n' "$*"; }

# CHILDREN_CPU: CPU seconds (user + system) of this shell's finished children. `times` must run in this
# very shell (a command substitution is a subshell, with children of its own), so it writes to a file.
children_cpu() {
    local file="$STATUS_DIR/times.$BASHPID"
    times >"$file"
    read -r CHILDREN_CPU < <(awk 'NR == 2 { split($0, t, /[ms ]+/); printf "%.0f\n", t[1] * 60 + t[2] + t[3] * 60 + t[4] }' "$file")
}

# stage NAME COUNTER CMD...   COUNTER is a function given the log path; it sets STAGE_DETAIL and returns
# non-zero if the counts are unacceptable (for example, a test stage that ran nothing). On failure the
# lane ends (exit 1). The CPU time shown is that of the processes the stage ran and saw end, plus
# STAGE_EXTRA_CPU, which CMD may set for a process it leaves running.
stage() {
    local name="$1" counter="$2"; shift 2
    local slug log start elapsed cpu
    slug="$(stage_slug "$name")"
    log="$LOG_DIR/$slug.log"
    start=$(date +%s)
    children_cpu
    cpu=$CHILDREN_CPU
    STAGE_EXTRA_CPU=0
    STAGE_DETAIL=""
    say "▶ $name (started at +$((start - RUN_STARTED))s)"
    # Status files: result, seconds, CPU seconds, name, details (tab-separated; the details may be empty).
    printf 'running\t0\t0\t%s\t\n' "$name" >"$STATUS_DIR/$slug"
    if "$@" >"$log" 2>&1 && "$counter" "$log"; then
        elapsed=$(( $(date +%s) - start ))
        children_cpu
        cpu=$((CHILDREN_CPU - cpu + STAGE_EXTRA_CPU))
        printf 'ok\t%s\t%s\t%s\t%s\n' "$elapsed" "$cpu" "$name" "$STAGE_DETAIL" >"$STATUS_DIR/$slug"
        say "$(printf '✓ %s — ok (%ss, %s CPU-s)%s' "$name" "$elapsed" "$cpu" "${STAGE_DETAIL:+ — $STAGE_DETAIL}")"
    else
        elapsed=$(( $(date +%s) - start ))
        children_cpu
        cpu=$((CHILDREN_CPU - cpu + STAGE_EXTRA_CPU))
        printf 'FAILED\t%s\t%s\t%s\t%s\n' "$elapsed" "$cpu" "$name" "$STAGE_DETAIL" >"$STATUS_DIR/$slug"
        say "$(printf '✗ %s — FAILED (%ss)%s' "$name" "$elapsed" "${STAGE_DETAIL:+ — $STAGE_DETAIL}")"
        exit 1
    fi
}

# await_stage NAME: wait until stage NAME (of another lane) has ended; fails if it failed.
await_stage() {
    local file
    file="$STATUS_DIR/$(stage_slug "$1")"
    until [ -s "$file" ] && [ "$(cut -f1 "$file")" != running ]; do sleep 0.5; done
    [ "$(cut -f1 "$file")" = ok ]
}

# lane FUNCTION [ARGS...]: run FUNCTION in the background as a process group of its own.
lane() {
    set -m
    ( trap - INT TERM EXIT; "$@" ) &
    set +m
    LANE_PIDS+=("$!")
}

# Stop every lane still running (each with its whole process group) and whatever they registered with
# `register_pgid` (servers started in a process group of their own).
stop_lanes() {
    local pid pgid
    for pid in "${LANE_PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
    if [ -f "$STATUS_DIR/pgids" ]; then
        while read -r pgid; do kill -TERM -- "-$pgid" 2>/dev/null || true; done <"$STATUS_DIR/pgids"
    fi
    for pid in "${LANE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    LANE_PIDS=()
}

# register_pgid PID: a process group that stop_lanes must stop too.
register_pgid() { printf '%s\n' "$1" >>"$STATUS_DIR/pgids"; }

# Wait for every lane; on the first failure stop the others, print the failing stage's log and exit 1.
wait_lanes() {
    local done_pid rc failed file
    while [ "${#LANE_PIDS[@]}" -gt 0 ]; do
        rc=0
        wait -n -p done_pid "${LANE_PIDS[@]}" || rc=$?
        local rest=()
        for pid in "${LANE_PIDS[@]}"; do [ "$pid" = "$done_pid" ] || rest+=("$pid"); done
        LANE_PIDS=("${rest[@]}")
        if [ "$rc" -ne 0 ]; then
            stop_lanes
            failed=""
            for file in "$STATUS_DIR"/*; do
                [ "$(cut -f1 "$file" 2>/dev/null)" = FAILED ] && { failed="$file"; break; }
            done
            if [ -n "$failed" ]; then
                local log
                log="$LOG_DIR/$(basename "$failed").log"
                printf -- '----- last 150 lines of %s -----\n' "$log"
                tail -n 150 "$log"
                printf -- '----- end of log -----\n'
            fi
            print_summary
            printf '\nFAILED at stage: %s\n' "${failed:+$(cut -f4 "$failed")}"
            exit 1
        fi
    done
}

# The summary lists the stages in the order given (STAGE_NAMES), with those stopped or not run.
print_summary() {
    local name file status elapsed cpu detail
    printf '\nSummary (wall clock %ss; stages overlap, so their times add up to more)\n' "$(( $(date +%s) - RUN_STARTED ))"
    printf '  %-42s %-7s %6s %6s\n' "stage" "result" "wall" "CPU"
    for name in "${STAGE_NAMES[@]}"; do
        file="$STATUS_DIR/$(stage_slug "$name")"
        status="" elapsed="" cpu="" detail=""
        [ -s "$file" ] && IFS=$'\t' read -r status elapsed cpu _ detail <"$file"
        case "$status" in
            ok | FAILED) printf '  %-42s %-7s %5ss %5ss  %s\n' "$name" "$status" "$elapsed" "$cpu" "$detail" ;;
            running) printf '  %-42s %-7s\n' "$name" "stopped" ;;
            *) printf '  %-42s %-7s\n' "$name" "not run" ;;
        esac
    done
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
    STAGE_DETAIL="$passed passed, $failed failed, $ignored ignored (test targets with tests: $bins)"
    [ "$failed" -eq 0 ] && [ "$ignored" -eq 0 ]
}

# Browser (wasm-bindgen-test) stages must actually run something: "no tests to run!" everywhere would
# otherwise pass silently.
wasm_counts() {
    local passed failed ignored bins
    read -r passed failed ignored bins < <(sum_test_results "$1")
    STAGE_DETAIL="$passed passed, $failed failed in headless Chromium (test targets with browser tests: $bins)"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}
