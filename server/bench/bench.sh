#!/usr/bin/env bash
# Load benchmark: wrk (Debian) with bench/mixed.lua — 40% PutItem, 40% GetItem, 20% Query of 20 items,
# 8 connections — against dynamodel-server, then the same script against a trivial hyper server that
# returns a fixed reply (the ceiling of this machine + transport). Prints requests/second for both.
#   usage: [SERVER_ARGS="--threads 1"] server/bench/bench.sh [DURATION_SECONDS]   (default 10)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
DURATION="${1:-10}"
CONNECTIONS=8
THREADS=2

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is missing: apt-get install -y curl" >&2; exit 1; }
cargo build --release -p dynamodel-server --quiet --bin dynamodel-server --example fixed_reply

WORK=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

start() { # start BINARY ARGS... -> sets URL
  "$@" >"$WORK/out" 2>"$WORK/err" &
  PIDS+=($!)
  for _ in $(seq 1 200); do grep -q '^listening on ' "$WORK/out" && break; sleep 0.02; done
  URL=$(sed -n 's/^listening on //p' "$WORK/out" | head -n1)
  [ -n "$URL" ] || { cat "$WORK/err" >&2; exit 1; }
}

ddb() { # ddb ACTION JSON
  curl -sS -f -o /dev/null "$URL/" -H 'Content-Type: application/x-amz-json-1.0' -H "X-Amz-Target: DynamoDB_20120810.$1" \
    -H 'X-Amz-Date: 20240101T000000Z' \
    -H 'Authorization: AWS4-HMAC-SHA256 Credential=bench/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' \
    --data-binary "$2"
}

rps() { sed -n 's/^Requests\/sec: *//p' "$1"; }

# shellcheck disable=SC2086 # SERVER_ARGS is a list of flags, e.g. "--threads 1"
start "$CARGO_TARGET_DIR/release/dynamodel-server" --port 0 ${SERVER_ARGS:-}
ddb CreateTable '{"TableName":"bench","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}'
for i in $(seq 1 20); do
  ddb PutItem "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"hot\"},\"sk\":{\"N\":\"$i\"},\"payload\":{\"S\":\"$(printf 'x%.0s' $(seq 1 64))\"}}}"
done
echo "== dynamodel-server: mixed workload, $CONNECTIONS connections, ${DURATION}s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s server/bench/mixed.lua "$URL/" | tee "$WORK/server.txt"
kill "${PIDS[-1]}"

start "$CARGO_TARGET_DIR/release/examples/fixed_reply"
echo "== ceiling: fixed-reply hyper server, same script"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s server/bench/mixed.lua "$URL/" | tee "$WORK/ceiling.txt"

echo
echo "dynamodel-server: $(rps "$WORK/server.txt") requests/s (mixed 40% PutItem / 40% GetItem / 20% Query of 20 items, $CONNECTIONS connections)"
echo "fixed-reply ceiling: $(rps "$WORK/ceiling.txt") requests/s"
if grep -q 'Non-2xx' "$WORK/server.txt"; then
  echo "WARNING: dynamodel-server answered some requests with errors:" >&2
  grep 'Non-2xx' "$WORK/server.txt" >&2
  exit 1
fi
