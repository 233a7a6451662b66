#!/usr/bin/env bash
# Server benchmarks, in one sitting, with wrk (Debian) at 8 connections:
#   ceiling        bench/mixed.lua against a hyper server that returns a fixed reply (this machine + transport)
#   mixed          bench/mixed.lua (40% PutItem, 40% GetItem, 20% Query of 20 items), in memory
#   mixed-state    the same with --state on a new file (every write durable before its reply)
#   put-10k        bench/put.lua: PutItem only, random keys, --state holding 10,000 items
#   put-1m         the same with 1,000,000 items in the state file (BIG=0 skips it)
#   put-10k-shm    put-10k with the file on /dev/shm, where an fsync costs nothing: NOT durable, it shows
#                  what the storage path itself sustains when the disk is not the limit
#   startup-1m     bench/startup.py: from exec to the first answer, opening the 1,000,000-item file
#   fsync-1        one 4 KiB write + fdatasync on the state directory's disk: what a group commit costs
#                  (one record appended to the write-ahead log, written in advance, and one fdatasync)
#   fsync-12       twelve 4 KiB writes at random places + fdatasync: what a redb commit of a few PutItems
#                  would cost (its B-tree pages are copied on write to free pages anywhere in the file),
#                  which the log keeps out of the reply's path
# A durable write is answered only after its commit's fsync, so 8 connections make at most
# 8 / (commit time) durable writes per second however they share commits. The figures also give the
# load average during the runs: on a shared machine, the wait for a CPU is part of every commit.
# Each figure is measured ROUNDS times (default 3), the servers taking turns, and the median printed.
#
#   usage: [ROUNDS=3] [BIG=1] [BINARIES="label=path[,snapshot] ..."] server/bench/bench.sh [SECONDS]
# BINARIES compares builds in the same sitting (default: this tree's release build as `this`); `,snapshot`
# marks a build whose --state reads the snapshot format of earlier servers, so its state files are
# seeded in that format.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
DURATION="${1:-10}"
ROUNDS="${ROUNDS:-3}"
BIG="${BIG:-1}"
CONNECTIONS=8
THREADS=2

if ! command -v wrk >/dev/null || ! command -v curl >/dev/null; then
  (apt-get install -y wrk curl || { apt-get update && apt-get install -y wrk curl; }) >/dev/null
fi
cargo build --release -p dynamodel-server --quiet --bin dynamodel-server --example fixed_reply --example seed_state
BIN="$CARGO_TARGET_DIR/release"
BINARIES="${BINARIES:-this=$BIN/dynamodel-server}"

WORK=$(mktemp -d "${BENCH_DIR:-$ROOT/target}/bench.XXXXXX")
PIDS=()
SHM=""
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK" ${SHM:+"$SHM"}; }
trap cleanup EXIT

start() { # start BINARY ARGS... -> sets URL
  : >"$WORK/out"  # before the start: the last server's line must not be read as this one's
  "$@" >"$WORK/out" 2>"$WORK/err" &
  PIDS+=($!)
  for _ in $(seq 1 3000); do grep -q '^listening on ' "$WORK/out" && break; sleep 0.02; done
  URL=$(sed -n 's/^listening on //p' "$WORK/out" | head -n1)
  [ -n "$URL" ] || { cat "$WORK/err" >&2; exit 1; }
}

stop() { # SIGTERM, then wait: a --state server closes its file cleanly
  kill "${PIDS[-1]}" 2>/dev/null || true
  wait "${PIDS[-1]}" 2>/dev/null || true
  unset 'PIDS[-1]'
}

ddb() { # ddb ACTION JSON
  curl -sS -f -o /dev/null "$URL/" -H 'Content-Type: application/x-amz-json-1.0' -H "X-Amz-Target: DynamoDB_20120810.$1" \
    -H 'X-Amz-Date: 20240101T000000Z' \
    -H 'Authorization: AWS4-HMAC-SHA256 Credential=bench/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' \
    --data-binary "$2"
}

create_and_fill() { # the mixed workload's table and its 20-item hot partition
  ddb CreateTable '{"TableName":"bench","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}'
  for i in $(seq 1 20); do
    ddb PutItem "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"hot\"},\"sk\":{\"N\":\"$i\"},\"payload\":{\"S\":\"$(printf 'x%.0s' $(seq 1 64))\"}}}"
  done
}

load() { # load SCRIPT [ARGS...] -> requests/s (fails on any error reply)
  local script=$1; shift
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "server/bench/$script" "$URL/" ${1:+-- "$@"} >"$WORK/wrk.txt"
  if grep -q 'Non-2xx' "$WORK/wrk.txt"; then
    echo "error replies during $script:" >&2; cat "$WORK/wrk.txt" >&2; exit 1
  fi
  sed -n 's/^Requests\/sec: *//p' "$WORK/wrk.txt"
}

seed() { # seed N FORMAT -> path of a pristine seeded file (made once)
  local file="$WORK/seed-$1-$2.db"
  if [ ! -f "$file" ]; then
    if [ "$2" = snapshot ]; then "$BIN/examples/seed_state" "$file" "$1" --snapshot; else "$BIN/examples/seed_state" "$file" "$1"; fi
  fi
  echo "$file"
}

fsync_ms() { # -> "ONE SCATTERED": ms per fdatasync after one 4 KiB write, and after 12 scattered ones
  python3 - "$WORK" <<'EOF'
import os, random, sys, time
path = os.path.join(sys.argv[1], "fsync.probe")
fd = os.open(path, os.O_CREAT | os.O_WRONLY)
os.pwrite(fd, b"x" * (64 << 20), 0); os.fsync(fd)
def probe(pages, n=100):
    t = time.perf_counter()
    for _ in range(n):
        for _ in range(pages):
            os.pwrite(fd, b"y" * 4096, random.randrange(16384) * 4096)
        os.fdatasync(fd)
    return (time.perf_counter() - t) / n * 1000
print(f"{probe(1):.2f} {probe(12):.2f}")
os.close(fd); os.remove(path)
EOF
}

declare -A RESULTS
note() { RESULTS["$1|$2"]="${RESULTS["$1|$2"]:-} $3"; }

measures="ceiling mixed mixed-state put-10k"
[ -w /dev/shm ] && measures="$measures put-10k-shm"
[ "$BIG" = 1 ] && measures="$measures put-1m startup-1m"
for round in $(seq 1 "$ROUNDS"); do
  read -r one scattered <<<"$(fsync_ms)"
  note fsync-1 disk "$one"
  note fsync-12 disk "$scattered"
  note load machine "$(cut -d' ' -f1 /proc/loadavg)"
  start "$BIN/examples/fixed_reply"
  note ceiling "fixed-reply" "$(load mixed.lua)"
  stop
  for entry in $BINARIES; do
    label=${entry%%=*}; rest=${entry#*=}; binary=${rest%%,*}; format=native
    [ "$rest" != "$binary" ] && format=${rest#*,}
    echo "round $round: $label" >&2
    start "$binary" --port 0
    create_and_fill
    note mixed "$label" "$(load mixed.lua)"
    stop
    rm -f "$WORK/mixed.db"*
    start "$binary" --port 0 --state "$WORK/mixed.db"
    create_and_fill
    note mixed-state "$label" "$(load mixed.lua)"
    stop
    for size in 10000 1000000; do
      name=put-10k; [ "$size" = 1000000 ] && name=put-1m
      [[ " $measures " == *" $name "* ]] || continue
      cp "$(seed "$size" "$format")" "$WORK/put.db"
      start "$binary" --port 0 --state "$WORK/put.db"
      note "$name" "$label" "$(load put.lua "$size")"
      stop
    done
    if [[ " $measures " == *" put-10k-shm "* ]]; then
      SHM=$(mktemp -d /dev/shm/dynamodel-bench.XXXXXX)
      cp "$(seed 10000 "$format")" "$SHM/put.db"
      start "$binary" --port 0 --state "$SHM/put.db"
      note put-10k-shm "$label" "$(load put.lua 10000)"
      stop
      rm -rf "$SHM"; SHM=""
    fi
    if [[ " $measures " == *" startup-1m "* ]]; then
      cp "$(seed 1000000 "$format")" "$WORK/start.db"
      ms=$(STARTUP_TIMEOUT=600 python3 server/bench/startup.py "$binary" 3 -- --state "$WORK/start.db" | sed -n 's/^median \([0-9.]*\) ms.*/\1/p')
      note startup-1m "$label" "$ms"
    fi
    rm -f "$WORK/put.db" "$WORK/start.db"
  done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }
echo
echo "median of $ROUNDS rounds, ${DURATION}s each, $CONNECTIONS connections ($(nproc) cores); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %-14s %12s   %s\n' measure server median "all rounds"
for key in $(printf '%s\n' "${!RESULTS[@]}" | sort); do
  m=${key%%|*}; who=${key#*|}
  unit="requests/s"; [ "$m" = startup-1m ] && unit="ms"; [[ "$m" == fsync-* ]] && unit="ms"; [ "$m" = load ] && unit="1-minute load average"
  printf '%-12s %-14s %12s   %s (%s)\n' "$m" "$who" "$(echo "${RESULTS[$key]}" | median)" "${RESULTS[$key]# }" "$unit"
done
