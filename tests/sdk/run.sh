#!/usr/bin/env bash
# Drive dynamodel-server with real DynamoDB clients: boto3 + the AWS CLI (pytest, its tests spread over
# pytest-xdist workers, each with servers of its own) and the AWS SDK for JavaScript v3 (node --test), each
# against the server in memory and against the server with `--state` on a fresh file. Installs what it
# needs idempotently, builds the server, runs the suites side by side, prints the counts.
#
#   tests/sdk/run.sh [PYTEST ARGS...]      e.g. -k items
#
# DYNAMODEL_SDK_MODES=memory (or state) runs one mode only; DYNAMODEL_SDK_WORKERS sets the number of
# pytest workers (default: one per core, at least 2). Exit status: non-zero if anything failed.
#
# The server is the release build users run (`cargo run --release -p dynamodel-server`); the example
# programs the tests run (the code generator's cases, the AWS exporter) are the debug builds `cargo test`
# makes, so after scripts/test.sh's native stage there is nothing more to build for them.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SDK="$ROOT/tests/sdk"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
# shellcheck source=../../scripts/lib/tools.sh
source "$ROOT/scripts/lib/tools.sh"
ensure_cargo_bin_on_path
ensure_chromium
ensure_sdk_test_packages
VENV="$TOOLS_DIR/venv"

MODES="${DYNAMODEL_SDK_MODES:-memory,state}"
case ",$MODES," in *,memory,*|*,state,*) ;; *) die "DYNAMODEL_SDK_MODES: expected memory, state or both, got '$MODES'" ;; esac
WORKERS="${DYNAMODEL_SDK_WORKERS:-$(( $(nproc) > 2 ? $(nproc) : 2 ))}"

# scripts/test.sh builds all three in stages of its own and says so (DYNAMODEL_SDK_BUILT=1): a cargo here
# would wait for the debug build lock while its next stages compile.
if [ -z "${DYNAMODEL_SDK_BUILT:-}" ]; then
  echo "== building dynamodel-server (release) and the examples (debug, as cargo test builds them)"
  cargo build --quiet --release -p dynamodel-server --bin dynamodel-server
  cargo build --quiet --bins --examples
fi
BIN="$CARGO_TARGET_DIR/release/dynamodel-server"
export DYNAMODEL_SERVER_BIN="$BIN"
export DYNAMODEL_CODEGEN_CASES_BIN="$CARGO_TARGET_DIR/debug/examples/sdk_cases"
export DYNAMODEL_EXPORT_AWS_BIN="$CARGO_TARGET_DIR/debug/examples/export_aws"
for f in "$BIN" "$DYNAMODEL_CODEGEN_CASES_BIN" "$DYNAMODEL_EXPORT_AWS_BIN"; do
  [ -x "$f" ] || die "$f was not built"
done

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
# The suites' own temporary files (state files, exports, pytest's tmp_path) go with it.
export TMPDIR="$WORK"
export AWS_ACCESS_KEY_ID=dynamodel AWS_SECRET_ACCESS_KEY=dynamodel AWS_DEFAULT_REGION=us-east-1
export AWS_EC2_METADATA_DISABLED=true AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
export PATH="$VENV/bin:$PATH"

# The JavaScript suite's servers, one per mode, started here so that cleanup stops them.
declare -A JS_ENDPOINT=()
start_js_server() {
  local mode="$1" pid i; shift
  "$BIN" --port 0 "$@" >"$WORK/js-$mode.out" 2>"$WORK/js-$mode.err" &
  pid=$!
  PIDS+=("$pid")
  for i in $(seq 1 400); do
    grep -q '^listening on ' "$WORK/js-$mode.out" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "dynamodel-server ($mode) exited at start:" >&2; cat "$WORK/js-$mode.err" >&2; exit 1; }
    sleep 0.05
  done
  JS_ENDPOINT[$mode]=$(sed -n 's/^listening on //p' "$WORK/js-$mode.out" | head -n1)
  [ -n "${JS_ENDPOINT[$mode]}" ] || { echo "dynamodel-server ($mode) did not start listening" >&2; exit 1; }
}
JS_MODES=()
for mode in memory state; do
  case ",$MODES," in *",$mode,"*) JS_MODES+=("$mode") ;; esac
done
for mode in "${JS_MODES[@]}"; do
  if [ "$mode" = state ]; then
    mkdir -p "$WORK/js-state"
    start_js_server state --state "$WORK/js-state/dynamodel.state"
  else
    start_js_server memory
  fi
done

# The JavaScript suite, once per mode, one mode after the other (node runs its test files side by side).
run_js() {
  local mode status=0
  for mode in "${JS_MODES[@]}"; do
    echo "== AWS SDK for JavaScript v3 (node --test), server $mode at ${JS_ENDPOINT[$mode]}"
    (cd "$SDK" && DYNAMODEL_ENDPOINT="${JS_ENDPOINT[$mode]}" DYNAMODEL_SDK_MODE="$mode" NODE_NO_WARNINGS=1 \
      node --test --test-reporter=spec js/) >"$WORK/js-$mode.log" 2>&1 || status=1
    cat "$WORK/js-$mode.log"
  done
  return "$status"
}

echo "== boto3 + AWS CLI (pytest, $WORKERS workers; modes: $MODES) and the JavaScript SDK (node), side by side"
started=$(date +%s)
(cd "$SDK/python" && DYNAMODEL_SDK_MODES="$MODES" "$VENV/bin/python" -m pytest -q --tb=short -p no:cacheprovider \
  -n "$WORKERS" "$@") >"$WORK/py.log" 2>&1 &
py_pid=$!
PIDS+=("$py_pid")
run_js >"$WORK/js.log" 2>&1 &
js_pid=$!
PIDS+=("$js_pid")
py_status=0; wait "$py_pid" || py_status=$?
py_elapsed=$(( $(date +%s) - started ))
js_status=0; wait "$js_pid" || js_status=$?
js_elapsed=$(( $(date +%s) - started ))

echo "== pytest (${py_elapsed}s)"
cat "$WORK/py.log"
echo "== node --test (${js_elapsed}s)"
cat "$WORK/js.log"

py_summary=$(grep -E '^[0-9]+ (passed|failed)|(passed|failed|error).* in [0-9.]+s' "$WORK/py.log" | tail -n1 || true)
js_counts() {
  local pass fail
  pass=$(sed -n 's/^ℹ pass //p' "$WORK/js-$1.log" 2>/dev/null | tail -n1)
  fail=$(sed -n 's/^ℹ fail //p' "$WORK/js-$1.log" 2>/dev/null | tail -n1)
  printf '%s: %s passed, %s failed' "$1" "${pass:-0}" "${fail:-?}"
}
js_summary=""
for mode in "${JS_MODES[@]}"; do js_summary+="${js_summary:+, }$(js_counts "$mode")"; done
echo
echo "SDK tests: python ($MODES, $WORKERS workers): ${py_summary:-no summary}; node: $js_summary"
status=0
[ "$py_status" -eq 0 ] || status=1
[ "$js_status" -eq 0 ] || status=1
if [ "$js_status" -ne 0 ]; then
  for mode in "${JS_MODES[@]}"; do
    echo "$mode server stderr (last 40 lines):"
    tail -n 40 "$WORK/js-$mode.err"
  done
fi
exit "$status"
