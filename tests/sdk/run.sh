#!/usr/bin/env bash
# Drive dynamodel-server with real DynamoDB clients: boto3 + AWS CLI (pytest) and the AWS SDK for
# JavaScript v3 (node --test). Builds the server (release), installs what it needs idempotently, starts
# the server on a free port, runs both suites, prints the counts, stops the server.
# Exit status: non-zero if anything failed. Extra arguments go to pytest (e.g. -k items).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SDK="$ROOT/tests/sdk"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
# The project's idempotent installers (node, python3, chromium from Debian).
# shellcheck source=../../scripts/lib/tools.sh
source "$ROOT/scripts/lib/tools.sh"
ensure_node
ensure_python
ensure_chromium

echo "== building dynamodel-server (release)"
cargo build --release -p dynamodel-server --quiet
BIN="$CARGO_TARGET_DIR/release/dynamodel-server"
# The playground's code generator with the engine's answers, for test_codegen.py.
cargo build --release -p dynamodel-codegen --example sdk_cases --quiet
export DYNAMODEL_CODEGEN_CASES_BIN="$CARGO_TARGET_DIR/release/examples/sdk_cases"

VENV="$ROOT/.tools/venv"
if ! "$VENV/bin/python" -c 'import boto3, pytest, awscli' 2>/dev/null; then
  echo "== installing boto3, awscli, pytest into $VENV"
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$VENV"; }
  "$VENV/bin/pip" install --quiet --disable-pip-version-check boto3 awscli pytest
fi
# A stamp of package.json skips npm when nothing changed.
NPM_STAMP="$SDK/node_modules/.dynamodel-sdk-stamp"
NPM_WANT=$(sha256sum "$SDK/package.json" | cut -d' ' -f1)
if [ "$(cat "$NPM_STAMP" 2>/dev/null)" != "$NPM_WANT" ]; then
  echo "== installing the AWS SDK for JavaScript v3 and playwright-core into $SDK/node_modules"
  (cd "$SDK" && npm install --no-audit --no-fund --no-package-lock --silent)
  printf '%s\n' "$NPM_WANT" >"$NPM_STAMP"
fi

WORK=$(mktemp -d)
"$BIN" --port 0 >"$WORK/out" 2>"$WORK/err" &
PID=$!
cleanup() {
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for _ in $(seq 1 200); do
  grep -q '^listening on ' "$WORK/out" 2>/dev/null && break
  if ! kill -0 "$PID" 2>/dev/null; then
    echo "dynamodel-server exited at start:" >&2
    cat "$WORK/err" >&2
    exit 1
  fi
  sleep 0.05
done
ENDPOINT=$(sed -n 's/^listening on //p' "$WORK/out" | head -n1)
if [ -z "$ENDPOINT" ]; then
  echo "dynamodel-server did not start listening" >&2
  cat "$WORK/err" >&2
  exit 1
fi
echo "== server at $ENDPOINT"
export DYNAMODEL_ENDPOINT="$ENDPOINT" DYNAMODEL_SERVER_BIN="$BIN"
export AWS_ACCESS_KEY_ID=dynamodel AWS_SECRET_ACCESS_KEY=dynamodel AWS_DEFAULT_REGION=us-east-1
export AWS_EC2_METADATA_DISABLED=true AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
export PATH="$VENV/bin:$PATH"

status=0
echo "== boto3 + AWS CLI (pytest)"
set +e
(cd "$SDK/python" && "$VENV/bin/python" -m pytest -q --tb=short -p no:cacheprovider "$@") | tee "$WORK/py.log"
py_status=${PIPESTATUS[0]}
echo "== AWS SDK for JavaScript v3 (node --test)"
(cd "$SDK" && NODE_NO_WARNINGS=1 node --test --test-reporter=spec js/) | tee "$WORK/js.log"
js_status=${PIPESTATUS[0]}
set -e

py_summary=$(grep -E '^[0-9]+ (passed|failed)|(passed|failed|error).* in [0-9.]+s' "$WORK/py.log" | tail -n1 || true)
js_pass=$(sed -n 's/^ℹ pass //p' "$WORK/js.log" | tail -n1)
js_fail=$(sed -n 's/^ℹ fail //p' "$WORK/js.log" | tail -n1)
echo
echo "SDK tests: python: ${py_summary:-no summary}; node: ${js_pass:-0} passed, ${js_fail:-?} failed"
[ "$py_status" -eq 0 ] || status=1
[ "$js_status" -eq 0 ] || status=1
if [ "$status" -ne 0 ]; then
  echo "server stderr (last 40 lines):"
  tail -n 40 "$WORK/err"
fi
exit "$status"
